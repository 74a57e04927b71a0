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
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from engine.ai import decide
from engine.core import EngineError, Game, Message, join_turn, msg, printable, shorten

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
from .speech import say
from .texts import clock, hours_message, who

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
            msg(
                "There is no bot level '{text}'. Levels: {levels} (the default is {default}).",
                text=shorten(printable(text)),
                levels=", ".join(BOT_LEVELS),
                default=DEFAULT_LEVEL,
            )
        )
    return name


def parse_clock(text: str | None) -> timedelta | None:
    """`/newgame clock:` — `off` (or nothing) or a duration such as `48h` or `2d`."""
    if text is None or text.strip().lower() in ("", "off", "none", "no"):
        return None
    duration = parse_duration(text)
    if duration is None or not MIN_CLOCK <= duration <= MAX_CLOCK:
        raise BadRequest(
            msg(
                "The move clock '{text}' is not one I can use: give hours or days from {least} "
                "to {most} days, e.g. clock:48h or clock:3d — or clock:off (the default).",
                text=shorten(printable(text)),
                least=hours_message(MIN_CLOCK),
                most=MAX_CLOCK.days,
            )
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
                msg(
                    "'{text}' is not a date I can read: write until:2026-12-24, "
                    "until:2026-12-24 18:00 (UTC) or until:5d.",
                    text=shorten(printable(text)),
                )
            ) from None
    if until <= now:
        raise BadRequest(
            msg("{moment} has passed already; give a later date.", moment=clock(until))
        )
    if until > now + MAX_AWAY:
        raise BadRequest(
            msg(
                "An absence may last at most {days} days; for longer, ask for your seat to be "
                "handed to the bot (/replace) or resign.",
                days=MAX_AWAY.days,
            )
        )
    return until


def clock_terms(clock_duration: timedelta | None) -> Message:
    """`move clock 48 h (then the bot plays the turn)` or `no move clock`."""
    if clock_duration is None:
        return msg("no move clock")
    return msg(
        "move clock {hours} (then the bot plays the turn, at {level})",
        hours=hours_message(clock_duration),
        level=CLOCK_LEVEL,
    )


def bots_line(ctx: TableContext) -> str:
    """` Bots: 🤖 Ada (normal). The bot plays for bob (easy).` — empty without bots (in the
    language being spoken)."""
    bots = [f"{seat.display_name} ({seat.bot_level})" for seat in ctx.seats if seat.is_bot]
    covered = [
        f"{seat.display_name} ({seat.covered_level})"
        for seat in ctx.seats
        if seat.covered_level is not None
    ]
    words = ""
    if bots:
        words += say(msg(" Bot players: {bots}.", bots=bots))
    if covered:
        words += say(msg(" The bot plays for {players} until they /return.", players=covered))
    return words


class BotService(PlayService):
    # -- the lobby ------------------------------------------------------------------------

    async def add_bot(self, channel: Channel, user: User, level: str | None = None) -> Reply:
        """Seat a bot of `level` (default normal) at the table in the lobby (its creator)."""
        chosen = level_of(level)
        ctx = await self._context(channel)
        self._require_lobby(ctx, msg("add a bot"))
        self._require_creator(ctx, user, msg("add a bot"))
        info = ctx.game.info
        self._require_room(ctx)
        name = bot_name(ctx.names)
        try:
            await self.store.tables.add_bot_seat(ctx.table, name, chosen, self.clock())
        except StaleVersion:
            raise changed_at_once() from None
        seated = [*ctx.names, name]
        adds = msg(
            "{player} adds a bot: {bot} ({level}) joins {table}. Seated ({count}/{most}): "
            "{players}.",
            player=user.name,
            bot=name,
            level=chosen,
            table=ctx.label,
            count=len(seated),
            most=info.max_players,
            players=seated,
        )
        return Reply(self._told(ctx.table, adds), table_id=ctx.table.id)

    async def remove_bot(self, channel: Channel, user: User) -> Reply:
        """Take the last bot added off the table in the lobby (its creator)."""
        ctx = await self._context(channel)
        self._require_lobby(ctx, msg("remove a bot"))
        self._require_creator(ctx, user, msg("remove a bot"))
        bots = [seat for seat in ctx.seats if seat.is_bot]
        if not bots:
            raise BadRequest(msg("No bot sits at {table}; /addbot seats one.", table=ctx.label))
        leaving = bots[-1]
        try:
            await self.store.tables.remove_seat(ctx.table, leaving.user_id, self.clock())
        except StaleVersion:
            raise changed_at_once() from None
        left = [name for name in ctx.names if name != leaving.display_name]
        removes = msg(
            "{player} removes {bot} from {table}. Seated: {players}.",
            player=user.name,
            bot=leaving.display_name,
            table=ctx.label,
            players=who(left),
        )
        return Reply(self._told(ctx.table, removes), table_id=ctx.table.id)

    @staticmethod
    def _require_creator(ctx: TableContext, user: User, doing: Message) -> None:
        if user.id != ctx.table.creator_id:
            raise NotAllowed(
                msg(
                    "Only {creator}, who opened {table}, can {doing}.",
                    creator=ctx.creator_name(),
                    table=ctx.label,
                    doing=doing,
                )
            )

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
                msg(
                    "A seat can be handed to the bot only: /replace player:@x with:bot, not "
                    "with '{text}'.",
                    text=shorten(printable(with_)),
                )
            )
        chosen = level_of(level)
        ctx = await self._context(channel)
        self._require_active(ctx)
        target = self._find_player(ctx, player)
        if target.user_id != user.id:
            self._require_in_charge(ctx, user, msg("hand another player's seat to the bot"))
        if target.is_bot:
            raise BadRequest(msg("{player} is a bot already.", player=target.display_name))
        if target.covered_level is not None:
            raise BadRequest(
                msg(
                    "The bot plays for {player} already (at {level}).",
                    player=target.display_name,
                    level=target.covered_level,
                )
            )
        try:
            await self.store.tables.cover_seat(ctx.table, target.user_id, chosen, self.clock())
        except StaleVersion:
            raise changed_at_once() from None
        hands = msg(
            "{user} hands {player}'s seat at {table} to the bot ({robot} {level}): it plays "
            "{player}'s turns from now on. {player} takes the seat back by moving again or with "
            "/return.",
            user=user.name,
            player=target.display_name,
            table=ctx.label,
            robot=ROBOT,
            level=chosen,
        )
        return Reply(self._told(ctx.table, hands), table_id=ctx.table.id)

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
                msg(
                    "There is nothing to return from: the bot does not play your seat here, "
                    "and you have not announced an absence (/away)."
                )
            )
        parts = []
        if covered and ctx is not None:
            parts.append(
                msg(
                    "{player} takes their seat at {table} back from the bot.",
                    player=user.name,
                    table=ctx.label,
                )
            )
        if was_away:
            parts.append(
                msg("{player} is back: turn reminders reach them again.", player=user.name)
            )
        with nullcontext() if ctx is None else self._public(ctx.table):
            text = " ".join(say(part) for part in parts)
        return Reply(text, table_id=None if ctx is None else ctx.table.id)

    async def away(self, user: User, until: str) -> Reply:
        """Announce an absence: no turn reminders until `until`, at any table. The tables'
        move clocks decide whether the bot covers the turns meanwhile."""
        now = self.clock()
        back = parse_until(until, now)
        await self.store.absences.set_away(user.id, back, now)
        noted = msg(
            "Noted: you are away until {moment} and get no turn reminders until then. At a "
            "table with a move clock the bot plays a turn you have not played in time; /return "
            "ends your absence early.",
            moment=clock(back),
        )
        return Reply(say(noted), private=True)

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
        note: Message | str = ""
        if turn.reason == "clock" and table.clock is not None:
            note = msg(
                "⌛ {table} has waited {hours} (its move clock) for {player}, so the bot plays "
                "this turn for them. {player} plays on as usual by moving next time.",
                table=ctx.title,
                hours=hours_message(table.clock),
                player=record.display_name,
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
