"""What every part of the service shares: loading a channel's table, permission checks,
running the engine and the renderer off the event loop, and describing a position."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, AbstractContextManager, asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, ParamSpec, TypeVar

from engine.core import EngineError, Game, Message, msg, option_key, plural_msg
from engine.core.i18n import FALLBACK

from ..allocator import release_freed_memory
from ..store import ActionRecord, SeatRecord, Store, TableRecord
from .bot_policy import ROBOT, drawable_marks
from .catalog import Animator, GameCatalog, Renderer, default_animator, default_renderer
from .errors import BadRequest, NoOpenTable, NotAllowed, RulesError, TableChanged, WrongStage
from .model import BoardImage, Channel, Drawing, Mention, User
from .progress import RoundProgress
from .speech import say, speaking
from .texts import as_sentence, clip, hours_message, ranking_line, scores_line, who

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class TableContext:
    """A channel's open table as just read: its record, its seats and its game."""

    table: TableRecord
    seats: list[SeatRecord]
    game: Game[Any]

    @property
    def label(self) -> Message:
        return msg("table #{number} ({game})", number=str(self.table.id), game=self.game.info.name)

    @property
    def title(self) -> Message:
        """The label at the start of a sentence."""
        return msg("Table #{number} ({game})", number=str(self.table.id), game=self.game.info.name)

    @property
    def names(self) -> list[str]:
        """Display names in seat order once started (joining order in the lobby)."""
        return [seat.display_name for seat in self.seats]

    def seat_of(self, user_id: str) -> SeatRecord | None:
        return next((seat for seat in self.seats if seat.user_id == user_id), None)

    def name_of(self, user_id: str) -> str:
        seat = self.seat_of(user_id)
        return seat.display_name if seat else user_id

    def by_seat(self, seat: int) -> SeatRecord:
        return next(record for record in self.seats if record.seat == seat)

    def names_of(self, seats: Iterable[int]) -> list[str]:
        return [self.by_seat(seat).display_name for seat in sorted(seats)]

    def mentions(self, seats: Iterable[int]) -> tuple[Mention, ...]:
        """Whom to ping of `seats`: never a seat a bot plays (nobody would read it)."""
        people = [self.by_seat(s) for s in sorted(seats)]
        return tuple(
            Mention(seat.user_id, seat.display_name)
            for seat in people
            if seat.played_by_bot is None
        )

    def describe(self, action: ActionRecord, viewer: int | None = None) -> str:
        """`#12 alice: move E5 E8` as `viewer` may read it: the public text unless the viewer
        made the action (a skip names its target in its text: `#13 skip bob`), `(played for
        them)` after an action the service played for its player; a very long whole turn is
        cut after MAX_LINE characters."""
        return clip(say(self.describe_message(action, viewer)))

    def describe_message(self, action: ActionRecord, viewer: int | None = None) -> Message:
        """`describe` as a message (to be stored, and worded in any language later)."""
        text: Message | str = action.text_for(viewer)
        if action.automatic:
            text = msg("{action} (played for them)", action=text)
        if action.kind == "skip":
            return msg("#{number} {action}", number=str(action.number), action=text)
        player = self.by_seat(action.seat)
        name: Message | str = player.display_name
        if action.bot_level is not None and not player.is_bot:
            name = played_by_bot(player.display_name, action.bot_level)
        return msg(
            "#{number} {player}: {action}", number=str(action.number), player=name, action=text
        )

    def creator_name(self) -> Message | str:
        creator = self.seat_of(self.table.creator_id)
        return creator.display_name if creator else msg("its creator")


def played_by_bot(player: str, level: str) -> Message:
    """`alice (🤖 bot, normal)`: a person's seat whose move a bot chose."""
    return msg("{player} ({robot} bot, {level})", player=player, robot=ROBOT, level=level)


class ServiceBase:
    def __init__(
        self,
        store: Store,
        *,
        games: GameCatalog | None = None,
        renderer: Renderer = default_renderer,
        animator: Animator = default_animator,
        clock: Callable[[], datetime] = utc_now,
        undo_ttl: timedelta = timedelta(days=1),
        confirm_ttl: timedelta = timedelta(minutes=10),
        default_language: str = FALLBACK,
    ) -> None:
        self.store = store
        self.catalog = games or GameCatalog()
        self.renderer = renderer
        self.animator = animator
        self.clock = clock
        self.undo_ttl = undo_ttl
        #: How long a /resign, /abandon or /skip waits for its Confirm.
        self.confirm_ttl = confirm_ttl
        #: One bot decision at a time (bots/bots.py): bots use one core at most, so a busy
        #: bot table slows no other.
        self.bot_decisions = asyncio.Lock()
        #: The language of tables nobody chose one for (the setting DEFAULT_LANGUAGE).
        self.default_language = default_language
        #: The language last remembered for each user (languages.py), to skip needless writes.
        self._remembered: dict[str, str] = {}
        #: The actions of one channel, one at a time from reading the table to the reply's
        #: text, so that replies come out in the order the actions were stored (`in_turn`).
        self._channel_turns = KeyedLocks()

    def _in_turn(self, channel_id: str) -> AbstractAsyncContextManager[None]:
        """Hold the channel's turn: an action that changes its table holds it from reading
        the table until its reply's text is made (the board is drawn after), so two quick
        actions in a channel reply in the order they were stored — and their transports,
        posting in that order, show each board under its own move (Discord: `ordering.py`)."""
        return self._channel_turns.hold(channel_id)

    # -- languages ------------------------------------------------------------------------

    def table_language(self, table: TableRecord) -> str:
        """The language of what the table's channel reads."""
        return table.language or self.default_language

    def _public(self, table: TableRecord) -> AbstractContextManager[None]:
        """Word what the table's channel reads (inside the block) in the table's language."""
        return speaking(self.table_language(table))

    def _told(self, table: TableRecord, message: Message) -> str:
        """`message` as the table's channel reads it (in the table's language)."""
        with self._public(table):
            return say(message)

    async def _server_language(self, guild_id: str | None) -> str:
        """The language of the tables opened from now on in the server `guild_id`."""
        chosen = None if guild_id is None else await self.store.languages.server_language(guild_id)
        return chosen or self.default_language

    async def _channel_language(self, channel: Channel) -> str:
        """What a channel reads: its open table's language, else its server's."""
        table = await self.store.tables.open_table(channel.id)
        if table is not None:
            return self.table_language(table)
        return await self._server_language(channel.guild_id)

    # -- loading and checks ---------------------------------------------------------------

    async def _context(self, channel: Channel, *, finished_too: bool = False) -> TableContext:
        """The channel's open table (or, with `finished_too`, its latest table of any status)."""
        table = await self.store.tables.open_table(channel.id)
        latest = table or await self.store.tables.latest_table(channel.id)
        if table is None and finished_too:
            table = latest
        if table is None:
            keys = ", ".join(game.info.key for game in self.catalog.all())
            raise NoOpenTable(
                msg(
                    "There is no open table in this channel.{ended} Open one with /newgame "
                    "game:<game> (games: {games}).",
                    ended=self._ended_note(latest),
                    games=keys,
                )
            )
        return await self._context_of(table)

    async def _context_of(self, table: TableRecord) -> TableContext:
        seats = await self.store.tables.seats(table.id)
        return TableContext(table, seats, self.catalog.get(table.game_key))

    async def open_table_id(self, channel: Channel) -> int | None:
        """The id of the channel's open table, if any (for log lines)."""
        table = await self.store.tables.open_table(channel.id)
        return None if table is None else table.id

    async def require_open_table(self, channel: Channel, table_id: int) -> None:
        """Refuse a button of table `table_id` unless it is still the channel's open table: an
        old lobby's Join must never seat someone at the next table of the channel."""
        if await self.open_table_id(channel) != table_id:
            raise WrongStage(
                msg(
                    "Table #{number} is no longer open here, so this button does nothing any "
                    "more. /games lists the open tables.",
                    number=str(table_id),
                )
            )

    def _ended_note(self, latest: TableRecord | None) -> Message | str:
        """` Table #3 (Terra Nova (2006)), the last one here, is over; …` for a channel whose
        latest table has ended, so that a late move is not met by a bare "no table"."""
        if latest is None:
            return ""
        name = self.catalog.name_of(latest.game_key)
        if latest.status == "abandoned":
            return msg(
                " Table #{number} ({game}), the last one here, has been abandoned; /board "
                "shows it.",
                number=latest.id,
                game=name,
            )
        return msg(
            " Table #{number} ({game}), the last one here, is over; /board shows it.",
            number=latest.id,
            game=name,
        )

    @staticmethod
    def _seated(ctx: TableContext, user: User) -> SeatRecord:
        seat = ctx.seat_of(user.id)
        if seat is None:
            hint = msg(" Type /join to take a seat.") if ctx.table.status == "lobby" else ""
            raise NotAllowed(
                msg(
                    "You are not playing at {table} (players: {players}).{hint}",
                    table=ctx.label,
                    players=who(ctx.names),
                    hint=hint,
                )
            )
        return seat

    @staticmethod
    def _require_active(ctx: TableContext) -> None:
        if ctx.table.status != "active":
            raise WrongStage(
                msg(
                    "{table} has not started yet: players type /join, then {creator} types /start.",
                    table=ctx.title,
                    creator=ctx.creator_name(),
                )
            )

    @staticmethod
    def _require_lobby(ctx: TableContext, doing: Message) -> None:
        if ctx.table.status != "lobby":
            raise WrongStage(
                msg(
                    "{table} has already started, so you cannot {doing}.",
                    table=ctx.title,
                    doing=doing,
                )
            )

    @staticmethod
    def _require_room(ctx: TableContext) -> None:
        """Refuse another seat at a full table."""
        info = ctx.game.info
        if len(ctx.seats) >= info.max_players:
            raise BadRequest(
                msg(
                    "{table} is full: {game} is for at most {count} players.",
                    table=ctx.title,
                    game=info.name,
                    count=info.max_players,
                )
            )

    @staticmethod
    def _require_in_charge(ctx: TableContext, user: User, doing: Message) -> None:
        if user.id != ctx.table.creator_id and not user.moderator:
            raise NotAllowed(
                msg(
                    "Only {creator}, who opened {table}, or a moderator can {doing}.",
                    creator=ctx.creator_name(),
                    table=ctx.label,
                    doing=doing,
                )
            )

    def _playing_seat(self, ctx: TableContext, user: User) -> int:
        """The user's seat at a running table; refuses onlookers and lobbies."""
        self._require_active(ctx)
        seat = self._seated(ctx, user).seat
        assert seat is not None, "seats are numbered when the table starts"
        return seat

    async def _undo_voters(
        self, ctx: TableContext, requester_id: str, undone: Sequence[ActionRecord]
    ) -> list[SeatRecord]:
        """Whose approval an undo of `undone` needs: every other seated player except those
        who resigned before it — they have left the game — and those whose seat a bot plays
        (bots do not vote; a player who handed their seat to the bot left its decisions to it
        until they return). An undo that takes back a resignation asks the player who
        resigned too."""
        resigning = {action.seat for action in undone if action.kind == "resign"}
        voters: list[SeatRecord] = []
        for seat in ctx.seats:
            if seat.user_id == requester_id or seat.seat is None or seat.played_by_bot:
                continue
            if seat.seat not in resigning and await self.store.actions.has_action(
                ctx.table.id, seat.seat, "resign"
            ):
                continue
            voters.append(seat)
        return voters

    # -- engine and renderer --------------------------------------------------------------

    @staticmethod
    async def _engine(call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run engine work in a worker thread; its refusals become RulesError."""
        try:
            return await asyncio.to_thread(call, *args, **kwargs)
        except EngineError as error:
            raise RulesError(error) from error

    @staticmethod
    def _state(ctx: TableContext) -> Any:
        assert ctx.table.state_json is not None, "a started table has a state"
        return ctx.game.load_state(ctx.table.state_json)

    async def _image(
        self, ctx: TableContext, state: Any, viewer: int | None, move: int, tag: str = ""
    ) -> BoardImage | None:
        """The board as `viewer` sees it (None: the public), or None if drawing failed — a
        failed picture must never undo or hide a committed move."""
        key = ctx.game.info.key

        bots = any(seat.is_bot for seat in ctx.seats)

        def draw() -> bytes:
            view = ctx.game.view(state, viewer)
            try:
                return self.renderer(key, drawable_marks(view) if bots else view)
            finally:
                release_freed_memory()  # the drawing's buffers go back to the system

        try:
            png = await asyncio.to_thread(draw)
        except Exception:
            log.exception("could not render %s table %s at move %s", key, ctx.table.id, move)
            return None
        return BoardImage(image_name(ctx, viewer, move, tag), png)

    def _drawing(self, ctx: TableContext, state: Any, viewer: int | None, move: int) -> Drawing:
        """`_image`, started now in a worker thread and not waited for: a move's reply goes
        out with its text while its board is drawn."""
        task = asyncio.ensure_future(self._image(ctx, state, viewer, move))
        failed = msg("(The board picture could not be drawn this time; /board shows the position.)")
        return Drawing(task, image_name(ctx, viewer, move), say(failed))

    # -- describing a position ------------------------------------------------------------

    @staticmethod
    def _to_act(ctx: TableContext, state: Any) -> list[int]:
        return sorted(ctx.game.to_act(state))

    async def _final_text(self, ctx: TableContext, state: Any) -> str:
        """Who won with how many points and the tie-breaks that decided (the game's
        `outcome`), the final scores and ranking, and who resigned (which explains a low
        place)."""
        game = ctx.game
        scores = game.scores(state)
        names = list(state.players)
        resigned = [
            names[seat]
            for seat in range(len(names))
            if await self.store.actions.has_action(ctx.table.id, seat, "resign")
        ]
        winners, *tie_breaks = game.outcome(state)
        gave_up = [msg("Resigned: {players}.", players=resigned)] if resigned else []
        lines: list[Message | str] = [
            msg("Game over at {table}: {outcome}", table=ctx.label, outcome=winners),
            *tie_breaks,
            msg("Final scores: {scores}.", scores=scores_line(names, scores)),
            msg("Ranking: {ranking}", ranking=ranking_line(names, scores, game.ranking(state))),
            *gave_up,
        ]
        return "\n".join(say(line) for line in lines)

    async def _next_text(
        self, ctx: TableContext, state: Any, progress: RoundProgress
    ) -> tuple[str, tuple[Mention, ...]]:
        """`Waiting for bob and carol — alice is done.` with whom to ping (the seats newly
        owed an action), or the final result once it is over."""
        if ctx.game.is_over(state):
            return await self._final_text(ctx, state), ()
        return waiting_text(ctx, progress) + ".", ctx.mentions(progress.newly_owed)

    @staticmethod
    def _event_lines(ctx: TableContext, events: Iterable[Message | str]) -> list[str]:
        return [f"• {as_sentence(say(event), ctx.names)}" for event in events]


def image_name(ctx: TableContext, viewer: int | None, move: int, tag: str = "") -> str:
    """`12-34.png`: table 12's public board after action 34 (`-seat2` a seat's own, `-<tag>`
    a preview's)."""
    suffix = ("" if viewer is None else f"-seat{viewer + 1}") + (f"-{tag}" if tag else "")
    return f"{ctx.table.id}-{move}{suffix}.png"


class KeyedLocks:
    """An asyncio lock per key, kept only while somebody holds or awaits it."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)


def waiting_text(ctx: TableContext, progress: RoundProgress, when: Message | str = "") -> str:
    """`Waiting for bob and carol{when} — alice is done` (who is done only when someone is)."""
    names = [ctx.by_seat(seat).display_name for seat in progress.to_act]
    waiting = msg("Waiting for {players}{when}", players=who(names), when=when)
    done = [ctx.by_seat(seat).display_name for seat in progress.done]
    if not done:
        return say(waiting)
    return say(
        plural_msg(
            "{waiting} — {players} is done",
            "{waiting} — {players} are done",
            count=len(done),
            waiting=waiting,
            players=done,
        )
    )


def others(mentions: Iterable[Mention], user: User) -> tuple[Mention, ...]:
    """Whom to ping but `user`: nobody is pinged by their own command (the solo player who
    starts, the player who takes back their own move)."""
    return tuple(mention for mention in mentions if mention.user_id != user.id)


def changed_at_once() -> TableChanged:
    """The refusal when a lobby or moderation write lost a race (StaleVersion)."""
    return TableChanged(
        msg(
            "Someone else changed this table at the same moment, so your request was not "
            "applied. Please try again."
        )
    )


def require_version(ctx: TableContext, expected: int | None, doing: str) -> None:
    """Refuse (TableChanged) to carry out a confirmed `doing` (`resign`, say) on another
    position than the one it was asked on; `expected` None: no confirmation, no check."""
    if expected is not None and ctx.table.version != expected:
        raise TableChanged(
            msg(
                "{table} changed since you asked (something was played or changed there), so "
                "nothing was done. Look at /board, and use /{command} again if you still want "
                "to.",
                table=ctx.title,
                command=doing,
            )
        )


def unique_name(wanted: str, taken: Iterable[str]) -> str:
    """`wanted`, or `wanted 2`, `wanted 3`, … if someone at the table already has the name."""
    used = {name.casefold() for name in taken}
    name, number = wanted, 1
    while name.casefold() in used:
        number += 1
        name = f"{wanted} {number}"
    return name


def table_terms(
    game: Game[Any],
    options: Mapping[str, Any],
    skip_after: timedelta,
    clock: timedelta | None = None,
) -> str:
    """`options: monuments off, more-storage on; skip after 24 h` — only the options that
    differ from the game's defaults, in words (`default options` if none do), the skip
    time, and the move clock if the table has one. Options stored with an older spelling of
    their keys read as today's."""
    current = {option_key(key): value for key, value in options.items()}
    changed = game.info.changed_options(current)
    words = [
        f"{key} {say(msg('on') if value else msg('off')) if isinstance(value, bool) else value}"
        for key, value in changed.items()
    ]
    chosen = (
        msg("options: {options}", options=", ".join(words)) if words else msg("default options")
    )
    terms = msg("{options}; skip after {hours}", options=chosen, hours=hours_message(skip_after))
    if clock is not None:
        terms = msg("{terms}; move clock {hours}", terms=terms, hours=hours_message(clock))
    return say(terms)
