"""Bot players at the table (issue 13): `/addbot` and `/removebot` in the lobby, `/replace`
(a person's seat handed to the bot), `/return`, `/away`, and the bot's turns themselves.

A bot's turn goes the same way as a person's move: the position is read, the engine applies
the bot's whole turn (`_play_text`), `_save` logs it — a chosen action, with the bot's level,
so the history says who chose it — and what is automatic after it (forced actions, standing
answers) is played and announced with it in one message (`_announce_after`), pinging no bot.
It is undone by the same rules as any move. The
decision runs in a worker thread, one at a time per process, bounded in time
(`DECISION_SECONDS` per part of a turn), so it never blocks other tables.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from engine.ai import decide
from engine.core import EngineError, Game, join_turn, printable, shorten

from ..store import StaleVersion
from .base import TableContext, changed_at_once
from .bot_policy import (
    BOT_DELAY,
    BOT_LEVELS,
    CLOCK_LEVEL,
    DEFAULT_LEVEL,
    MAX_CLOCK,
    MIN_CLOCK,
    ROBOT,
    BotTurn,
    bot_name,
    bot_seed,
    bot_turns,
    parse_duration,
)
from .errors import BadRequest, NotAllowed
from .model import Channel, Reply, User
from .play import PlayService
from .texts import clock, hours, names_list

log = logging.getLogger(__name__)

#: The most one part of a bot's turn may think (wall clock); the levels' budgets stay far
#: below it (docs/bots.md), so it only bounds a search on an overloaded machine.
DECISION_SECONDS = 10.0
#: The longest absence `/away` takes.
MAX_AWAY = timedelta(days=90)

_DATE = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?\s*$")


@dataclass(frozen=True, slots=True)
class BotMove:
    """A bot's turn played at a table: where to post it, and the reply."""

    channel_id: str
    reply: Reply


def level_of(text: str | None) -> str:
    """The bot level named by `text` (the default level for None); BadRequest otherwise."""
    if text is None:
        return DEFAULT_LEVEL
    name = text.strip().lower()
    if name not in BOT_LEVELS:
        raise BadRequest(
            f"There is no bot level '{shorten(printable(text))}'. Levels: "
            f"{', '.join(BOT_LEVELS)} (the default is {DEFAULT_LEVEL})."
        )
    return name


def parse_clock(text: str | None) -> timedelta | None:
    """`/newgame clock:` — `off` (or nothing) or a duration such as `48h` or `2d`."""
    if text is None or text.strip().lower() in ("", "off", "none", "no"):
        return None
    duration = parse_duration(text)
    if duration is None or not MIN_CLOCK <= duration <= MAX_CLOCK:
        raise BadRequest(
            f"The move clock '{shorten(printable(text))}' is not one I can use: give hours or "
            f"days from {hours(MIN_CLOCK)} to {MAX_CLOCK.days} days, e.g. clock:48h or "
            "clock:3d — or clock:off (the default)."
        )
    return duration


def parse_until(text: str, now: datetime) -> datetime:
    """`/away until:` — a date (`2026-12-24`, back at its start, UTC), a date and time
    (`2026-12-24 18:00`, UTC) or a duration (`3d`, `36h`) from now."""
    duration = parse_duration(text)
    if duration is not None:
        until = now + duration
    else:
        match = _DATE.match(text)
        try:
            if match is None:
                raise ValueError(text)
            year, month, day, hour, minute = (int(part or 0) for part in match.groups())
            until = datetime(year, month, day, hour, minute, tzinfo=UTC)
        except ValueError:
            raise BadRequest(
                f"'{shorten(printable(text))}' is not a date I can read: write "
                "until:2026-12-24, until:2026-12-24 18:00 (UTC) or until:5d."
            ) from None
    if until <= now:
        raise BadRequest(f"{clock(until)} has passed already; give a later date.")
    if until > now + MAX_AWAY:
        raise BadRequest(
            f"An absence may last at most {MAX_AWAY.days} days; for longer, ask for your seat "
            "to be handed to the bot (/replace) or resign."
        )
    return until


def clock_terms(clock_duration: timedelta | None) -> str:
    """`move clock 48 h (then the bot plays the turn)` or `no move clock`."""
    if clock_duration is None:
        return "no move clock"
    return f"move clock {hours(clock_duration)} (then the bot plays the turn, at {CLOCK_LEVEL})"


def bots_line(ctx: TableContext) -> str:
    """` Bots: 🤖 Ada (normal). The bot plays for bob (easy).` — empty without bots."""
    bots = [f"{seat.display_name} ({seat.bot_level})" for seat in ctx.seats if seat.is_bot]
    covered = [
        f"{seat.display_name} ({seat.covered_level})"
        for seat in ctx.seats
        if seat.covered_level is not None
    ]
    words = ""
    if bots:
        words += f" Bot players: {names_list(bots)}."
    if covered:
        words += f" The bot plays for {names_list(covered)} until they /return."
    return words


class BotService(PlayService):
    # -- the lobby ------------------------------------------------------------------------

    async def add_bot(self, channel: Channel, user: User, level: str | None = None) -> Reply:
        """Seat a bot of `level` (default normal) at the table in the lobby (its creator)."""
        chosen = level_of(level)
        ctx = await self._context(channel)
        self._require_lobby(ctx, "add a bot")
        self._require_creator(ctx, user, "add a bot")
        info = ctx.game.info
        self._require_room(ctx)
        name = bot_name(ctx.names)
        try:
            await self.store.tables.add_bot_seat(ctx.table, name, chosen, self.clock())
        except StaleVersion:
            raise changed_at_once() from None
        seated = [*ctx.names, name]
        return Reply(
            f"{user.name} adds a bot: {name} ({chosen}) joins {ctx.label}. Seated "
            f"({len(seated)}/{info.max_players}): {names_list(seated)}.",
            table_id=ctx.table.id,
        )

    async def remove_bot(self, channel: Channel, user: User) -> Reply:
        """Take the last bot added off the table in the lobby (its creator)."""
        ctx = await self._context(channel)
        self._require_lobby(ctx, "remove a bot")
        self._require_creator(ctx, user, "remove a bot")
        bots = [seat for seat in ctx.seats if seat.is_bot]
        if not bots:
            raise BadRequest(f"No bot sits at {ctx.label}; /addbot seats one.")
        leaving = bots[-1]
        try:
            await self.store.tables.remove_seat(ctx.table, leaving.user_id, self.clock())
        except StaleVersion:
            raise changed_at_once() from None
        left = [name for name in ctx.names if name != leaving.display_name]
        return Reply(
            f"{user.name} removes {leaving.display_name} from {ctx.label}. Seated: "
            f"{names_list(left)}.",
            table_id=ctx.table.id,
        )

    @staticmethod
    def _require_creator(ctx: TableContext, user: User, doing: str) -> None:
        if user.id != ctx.table.creator_id:
            raise NotAllowed(f"Only {ctx.creator_name()}, who opened {ctx.label}, can {doing}.")

    # -- someone drops out ------------------------------------------------------------------

    async def replace(
        self,
        channel: Channel,
        user: User,
        player: str,
        with_: str = "bot",
        level: str | None = None,
    ) -> Reply:
        """Hand `player`'s seat to the bot (the table's creator, a moderator, or the player
        themself): it plays their turns until they move again or use /return."""
        if with_.strip().lower() != "bot":
            raise BadRequest(
                f"A seat can be handed to the bot only: /replace player:@x with:bot, not with "
                f"'{shorten(printable(with_))}'."
            )
        chosen = level_of(level)
        ctx = await self._context(channel)
        self._require_active(ctx)
        target = self._find_player(ctx, player)
        if target.user_id != user.id:
            self._require_in_charge(ctx, user, "hand another player's seat to the bot")
        if target.is_bot:
            raise BadRequest(f"{target.display_name} is a bot already.")
        if target.covered_level is not None:
            raise BadRequest(
                f"The bot plays for {target.display_name} already (at {target.covered_level})."
            )
        try:
            await self.store.tables.cover_seat(ctx.table, target.user_id, chosen, self.clock())
        except StaleVersion:
            raise changed_at_once() from None
        name = target.display_name
        return Reply(
            f"{user.name} hands {name}'s seat at {ctx.label} to the bot ({ROBOT} {chosen}): it "
            f"plays {name}'s turns from now on. {name} takes the seat back by moving again or "
            "with /return.",
            table_id=ctx.table.id,
        )

    async def return_seat(self, channel: Channel, user: User) -> Reply:
        """Take one's seat back from the bot and end one's announced absence."""
        was_away = await self.store.absences.clear(user.id)
        table = await self.store.tables.open_table(channel.id)
        ctx = None if table is None else await self._context_of(table)
        seat = None if ctx is None else ctx.seat_of(user.id)
        covered = ctx is not None and seat is not None and seat.covered_level is not None
        if covered:
            assert ctx is not None
            try:
                await self.store.tables.cover_seat(ctx.table, user.id, None, self.clock())
            except StaleVersion:
                raise changed_at_once() from None
        if not covered and not was_away:
            raise BadRequest(
                "There is nothing to return from: the bot does not play your seat here, and "
                "you have not announced an absence (/away)."
            )
        parts = []
        if covered and ctx is not None:
            parts.append(f"{user.name} takes their seat at {ctx.label} back from the bot.")
        if was_away:
            parts.append(f"{user.name} is back: turn reminders reach them again.")
        return Reply(" ".join(parts), table_id=None if ctx is None else ctx.table.id)

    async def away(self, user: User, until: str) -> Reply:
        """Announce an absence: no turn reminders until `until`, at any table. The tables'
        move clocks decide whether the bot covers the turns meanwhile."""
        now = self.clock()
        back = parse_until(until, now)
        await self.store.absences.set_away(user.id, back, now)
        return Reply(
            f"Noted: you are away until {clock(back)} and get no turn reminders until then. At "
            "a table with a move clock the bot plays a turn you have not played in time; "
            "/return ends your absence early.",
            private=True,
        )

    # -- the bot's turns ----------------------------------------------------------------------

    async def bot_turns_due(
        self, now: datetime, delay: timedelta = BOT_DELAY
    ) -> tuple[list[BotTurn], datetime | None]:
        """The bot turns due at `now`, and when the next one not yet due will be (None: none
        as the tables stand)."""
        due: list[BotTurn] = []
        later: list[datetime] = []
        for listed in await self.store.tables.played_by_bots():
            for turn in bot_turns(listed.table, listed.seats, delay):
                if turn.due <= now:
                    due.append(turn)
                else:
                    later.append(turn.due)
        return due, min(later, default=None)

    async def play_bot_turn(self, turn: BotTurn) -> BotMove | None:
        """Play `turn` if it is still due: the bot chooses the seat's whole turn and it is
        saved as a move. None if the table moved on meanwhile (nothing stored)."""
        table = await self.store.tables.table(turn.table_id)
        if table is None:
            return None
        ctx = await self._context_of(table)
        current = {t.seat: t for t in bot_turns(table, ctx.seats, timedelta(0))}
        if current.get(turn.seat) is None or current[turn.seat].reason != turn.reason:
            return None
        seat, level = turn.seat, turn.level
        game, state = ctx.game, self._state(ctx)
        async with self.bot_decisions:
            text = await self._engine(
                choose_turn, game, state, seat, level, table.seed, table.move_count
            )
        async with self._in_turn(table.channel_id):
            return await self._play_bot_text(ctx, turn, text)

    async def _play_bot_text(self, ctx: TableContext, turn: BotTurn, text: str) -> BotMove | None:
        """Store and announce the bot's chosen `text` for `turn` (None: the table moved on)."""
        table, seat, level = ctx.table, turn.seat, turn.level
        played = await self._engine(self._play_text, ctx, seat, text)
        record = ctx.by_seat(seat)
        note = ""
        if turn.reason == "clock" and table.clock is not None:
            note = (
                f"⌛ {ctx.title} has waited {hours(table.clock)} (its move clock) for "
                f"{record.display_name}, so the bot plays this turn for them. "
                f"{record.display_name} plays on as usual by moving next time."
            )
        bot_user = User(record.user_id, record.display_name)
        step = await self._save(
            ctx, bot_user, seat, "move", played.text, played, bot_level=level, note=note
        )
        if step is None:
            return None
        return BotMove(table.channel_id, await self._announce_after(ctx, step))


def choose_turn(
    game: Game[Any], state: Any, seat: int, level: str, table_seed: int, move_number: int
) -> str:
    """The bot's whole turn for `seat`, part by part, as one text `a; b; c`: it goes on while
    the seat is still to act, no new round has begun (a new round is the table's news, with
    its own message) and the parts still make one turn the game accepts as a whole (after
    the others passed, a player may be to act again at once, in a turn of its own) — at most
    as many parts as a turn may hold."""
    parts: list[str] = []
    current, owed = state, set(game.to_act(state))
    while len(parts) < game.max_turn_parts():
        seed = bot_seed(table_seed, move_number, seat, len(parts))
        action = decide(game, current, seat, level, seed, max_seconds=DECISION_SECONDS).action
        if parts:
            try:  # still one turn? (the first part is legal: the bot chose it)
                game.apply(state, seat, join_turn([*parts, action]))
            except EngineError:
                break
        parts.append(action)
        current = game.apply(current, seat, action).state
        now = set(game.to_act(current))
        if game.is_over(current) or seat not in now or now - owed:
            break
        owed = now
    return join_turn(parts)
