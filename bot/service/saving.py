"""Taking an engine step on a table's snapshot and storing it: the action in the log, the new
position on the table row — in one transaction, or not at all when the table moved on
meanwhile (then the caller decides whether to try again on the new position)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import Event, Message, Result, join_turn, msg, plural_msg

from ..store import NewAction, StaleVersion, TableUpdate, UndoFate
from ..store.records import ActionKind
from .base import TableContext, played_by_bot
from .errors import UndoRefused
from .keeping import touches
from .model import User
from .positions import Logged, PositionService
from .progress import RoundProgress, next_round
from .results import ResultService
from .speech import say


def more_events(count: int) -> str:
    """The line in place of events that do not fit in one message."""
    return say(
        plural_msg(
            "• … and {count} more event (/board and /status show the outcome).",
            "• … and {count} more events (/board and /status show the outcome).",
            count=count,
        )
    )


@dataclass(frozen=True, slots=True)
class Played:
    """An engine step's outcome, ready to be stored."""

    before: Any
    state: Any
    events: list[Event]
    reveals: bool
    state_json: str
    to_act: list[int]
    over: bool
    #: The action's text in canonical form (what the log keeps and its player reads back).
    text: str
    #: What everybody but the player reads of it.
    public_text: str

    @property
    def event_messages(self) -> list[Message]:
        return [event.message for event in self.events]


@dataclass(frozen=True, slots=True)
class Step:
    """An action as stored, with what the replies about it need."""

    number: int
    #: The seat it was played for (the skipped seat for a skip).
    seat: int
    kind: ActionKind
    #: Its first line: `alice: move E5 E8`, `bob used /resign.`, …
    header: Message
    played: Played
    #: The table's round after it, and its version.
    progress: RoundProgress
    version: int
    #: Who acted (a moderator for a skip; for an automatic action, its seat's player).
    user: User
    #: Why it was played for its player (forced, or a standing answer); None if chosen.
    automatic: Message | str | None = None
    #: That it made the open undo request lapse, and why; None if it did not.
    lapsed: Message | None = None
    #: The level of the bot that chose it (for its seat, or a person's it covers); None if
    #: its player chose it.
    bot_level: str | None = None
    #: A line the reply opens with (why a bot played for a person); empty: none.
    note: Message | str = ""


class SavingService(PositionService, ResultService):
    def _play(
        self,
        ctx: TableContext,
        step: Callable[[Any], Result[Any]],
        seat: int | None = None,
        text: str = "",
    ) -> Played:
        """Load the snapshot, take the engine step and serialise the outcome (all CPU work,
        run in a worker thread). With a `seat`, the step plays `text` for it, and the game
        writes that text canonically and as others may read it — from what it means, never
        from how it was spelt."""
        game = ctx.game
        before = self._state(ctx)
        result = step(before)
        over = game.is_over(result.state)
        described = [] if seat is None else game.describe_turn(before, seat, text)
        return Played(
            before=before,
            text=join_turn(part.canonical for part in described) or text,
            public_text=join_turn(part.public for part in described) or text,
            state=result.state,
            events=list(result.events),
            reveals=result.reveals,
            state_json=game.dump_state(result.state),
            to_act=[] if over else self._to_act(ctx, result.state),
            over=over,
        )

    def _play_text(self, ctx: TableContext, seat: int, text: str) -> Played:
        """`_play` of the turn `text` for `seat` (engine work, run in a worker thread)."""
        return self._play(ctx, lambda state: ctx.game.apply(state, seat, text), seat, text)

    async def _save(
        self,
        ctx: TableContext,
        user: User,
        seat: int,
        kind: ActionKind,
        text: str,
        played: Played,
        automatic: Message | str | None = None,
        *,
        bot_level: str | None = None,
        note: Message | str = "",
    ) -> Step | None:
        """Store the action and the new position; None (nothing stored) if the table changed
        since `ctx` was read. `user` is who acted (a moderator for a skip); an automatic
        action is logged as its seat's. `bot_level`: a bot of that level chose the move (a
        chosen action, not an automatic one); `note`: a line the reply opens with."""
        table = ctx.table
        now = self.clock()
        progress = next_round(table, played.to_act, now)
        action = NewAction(
            seat=seat,
            user_id=ctx.by_seat(seat).user_id if automatic else user.id,
            kind=kind,
            text=text,
            events=played.event_messages,
            reveals=played.reveals,
            public_text=played.public_text if kind == "move" else text,
            automatic=None if automatic is None else str(automatic),
            bot_level=bot_level,
        )
        waiting_since = None if played.over else progress.waiting_since
        update = TableUpdate(
            played.state_json, played.to_act, waiting_since, played.over, progress.round_seats
        )
        fate, lapsed = await self._undo_fate(ctx, Logged(seat, kind, text), played)
        try:
            number = await self.store.actions.commit_action(table, action, update, now, fate)
        except StaleVersion:
            return None
        if played.over:
            await self._record_ended(table.id)
        player: Message | str = ctx.by_seat(seat).display_name
        if bot_level is not None and not ctx.by_seat(seat).is_bot:
            player = played_by_bot(ctx.by_seat(seat).display_name, bot_level)
        header = {
            "move": msg("{player}: {action}", player=player, action=action.public_text or text),
            "resign": msg("{player} used /resign.", player=player),
            "skip": msg("{user} used /skip on {player}.", user=user.name, player=player),
        }[kind]
        if automatic:
            header = msg("{header} — played for them: {why}.", header=header, why=automatic)
        version = table.version + 1
        return Step(
            number,
            seat,
            kind,
            header,
            played,
            progress,
            version,
            user,
            automatic,
            lapsed,
            bot_level,
            note,
        )

    async def _undo_fate(
        self, ctx: TableContext, new: Logged, played: Played
    ) -> tuple[UndoFate, Message | None]:
        """What storing `new` does to the table's open undo request (keeping.py): it stays
        open while `new` leaves what it would take back untouched; else it lapses, and the
        second value says so, and why, for the channel."""
        table = ctx.table
        request = await self.store.undo.open_undo_request(table.id)
        if request is None:
            return UndoFate(), None
        if request.expires_at <= self.clock() or request.table_version != table.version:
            return UndoFate(), None
        last = table.move_count if request.last_number is None else request.last_number
        try:
            start = await self._state_before(ctx, request.from_number)
        except UndoRefused:  # the game moved on meanwhile: storing `new` will find that too
            return UndoFate(), None
        undone = await self.store.actions.actions_between(table.id, request.from_number, last)
        kept = await self.store.actions.actions_from(table.id, last + 1)
        how = await asyncio.to_thread(
            touches, ctx.game, start, undone, kept, new, played.events, played.state_json
        )
        if how is None:
            return UndoFate(keep=request.id), None
        player = ctx.by_seat(new.seat).display_name
        reason = {
            "move": msg("{player}'s move {how}", player=player, how=how),
            "resign": msg("{player}'s resignation {how}", player=player, how=how),
            "skip": msg("{player}'s skip {how}", player=player, how=how),
        }[new.kind]
        requester = ctx.name_of(request.requester_id)
        lapsed = msg(
            "{player}'s undo request has lapsed: {reason}.", player=requester, reason=reason
        )
        return UndoFate(reason=reason), lapsed
