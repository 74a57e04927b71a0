"""Undo by consent: a player asks to take back the last action(s); it happens only when every
other seated player approves, and never past an action that revealed hidden information or
randomness. The position before the first action taken back is restored: the store keeps a
few positions, and the actions logged after the nearest one are played again (positions.py).
`count` counts the actions players chose: an action the service played for a player (forced,
or their standing answer) is taken back with the chosen action before it.

While the request waits for approval, others may play on: it stays open as long as their
actions leave what it would take back untouched, and taking it back then plays those actions
again on the restored position (keeping.py); an action that touches it makes it lapse, and
the channel is told why.

No consent is needed to take back only your own actions when nobody else is affected: they are
the last ones at the table, revealed nothing, and the table waits for the same other players
before and after them (in a simultaneous game: you correct your own part of the round; in a
turn-based one: you are still in the middle of your turn). Alone at a table, every undo is
yours."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

from ..store import (
    ActionRecord,
    SeatRecord,
    StaleVersion,
    TableUpdate,
    UndoAlreadyOpen,
    UndoRequestRecord,
    UndoStatus,
)
from .automatic import AutomaticService
from .base import TableContext, changed_at_once, others
from .errors import BadRequest, NotAllowed, RulesError, UndoRefused
from .keeping import replay_kept
from .model import Channel, Mention, Reply, User
from .positions import MOVED_ON_MEANWHILE
from .progress import next_round
from .texts import clock, join_fitting, names_list, plural


def closed_text(request: UndoRequestRecord) -> str:
    """Why a closed request does nothing: done, declined, or lapsed (saying why, if known)."""
    if request.status == "lapsed" and request.lapse_reason:
        return (
            f"That undo request has lapsed: {request.lapse_reason}. Ask again with /undo if it "
            "is still wanted."
        )
    return _CLOSED[request.status]


log = logging.getLogger(__name__)

_CLOSED: dict[UndoStatus, str] = {
    "done": "That undo has already been carried out.",
    "declined": "That undo request was declined (or withdrawn); nothing was taken back.",
    "lapsed": (
        "That undo request has lapsed: the game moved on (or a day passed) since it was made. "
        "Ask again with /undo if it is still wanted."
    ),
}


#: Room for the list of actions an undo takes back; the rest of its message is short.
UNDO_LIST_ROOM = 1200


def listed_actions(described: list[str]) -> str:
    """`#12 alice: …, #13 bob: …` in one message's room: the first ones, and how many more."""
    return join_fitting(
        described, ", ", UNDO_LIST_ROOM, lambda count: f"and {plural(count, 'more action')}"
    )


class UndoService(AutomaticService):
    async def request_undo(self, channel: Channel, user: User, count: int = 1) -> Reply:
        """Ask to take back the last `count` actions; the other players must all approve."""
        ctx = await self._context(channel)
        seat = self._playing_seat(ctx, user)
        table = ctx.table
        if count < 1:
            raise BadRequest(
                f"count:{count} takes back nothing: the count is how many of the last actions "
                "to take back, at least 1 (the default)."
            )
        # Actions played for a player (forced, or their standing answer) go with the action
        # before them: `count` counts the actions players chose.
        chosen = await self.store.actions.chosen_numbers(table.id, count)
        if not chosen:
            raise BadRequest(f"Nothing has been played at {ctx.label} yet, so nothing to undo.")
        if len(chosen) == 1 and count > 1:
            raise BadRequest(
                f"Only 1 action has been played at {ctx.label}, so count:1 is the most, "
                f"not {count}."
            )
        if count > len(chosen):
            raise BadRequest(
                f"You can take back 1 to {len(chosen)} actions at {ctx.label}, not {count}."
            )
        from_number = chosen[count - 1]
        actions = await self.store.actions.actions_from(table.id, from_number)
        self._refuse_revealing(ctx, actions)
        now = self.clock()
        pending = await self.store.undo.open_undo_request(table.id)
        if pending is not None:
            if pending.expires_at > now and pending.table_version == table.version:
                raise BadRequest(
                    f"{ctx.name_of(pending.requester_id)} already asked for an undo; the others "
                    "answer it with /approve or /decline first."
                )
            await self.store.undo.close_undo_request(pending.id, "lapsed", now)
        requester_name = self._seated(ctx, user).display_name
        taken = listed_actions([ctx.describe(action) for action in actions])
        others = await self._undo_voters(ctx, user.id, actions)
        if not others:
            return await self._take_back(ctx, None, from_number, actions, "", by=user)
        if await self._affects_only(ctx, seat, from_number, actions):
            own = "action" if count == 1 else f"{count} actions"
            preface = (
                f"{requester_name} takes back their own {own}; nobody else was affected, so "
                "no approval is needed.\n"
            )
            return await self._take_back(ctx, None, from_number, actions, preface, by=user)
        expires = now + self.undo_ttl
        try:
            request_id = await self.store.undo.create_undo_request(
                table, user.id, from_number, now, expires
            )
        except UndoAlreadyOpen:
            raise changed_at_once() from None
        return Reply(
            f"{requester_name} asks to take back {plural(count, 'action')}: {taken}.\n"
            f"It happens only if everyone else agrees: "
            f"{names_list([seat.display_name for seat in others])} — answer /approve or "
            f"/decline (open until {clock(expires)}, or until an action changes what it "
            "would take back).",
            mentions=tuple(Mention(seat.user_id, seat.display_name) for seat in others),
            table_id=table.id,
            undo_request_id=request_id,
        )

    async def approve_undo(
        self, channel: Channel, user: User, request_id: int | None = None
    ) -> Reply:
        """Agree to the open undo request; the last approval carries it out."""
        ctx, request = await self._open_request(channel, user, request_id)
        name = self._seated(ctx, user).display_name
        actions = await self._undone(ctx, request)
        voters = await self._undo_voters(ctx, request.requester_id, actions)
        if user.id == request.requester_id:
            undecided = [seat.display_name for seat in self._undecided(voters, request)]
            raise BadRequest(
                f"You asked for this undo yourself; it waits for {names_list(undecided)}."
            )
        self._require_voter(ctx, user, voters)
        now = self.clock()
        await self.store.undo.vote(request.id, user.id, True, now)
        # Read the votes again: another player may have approved at the same moment.
        current = await self.store.undo.open_undo_request(ctx.table.id)
        if current is None or current.id != request.id:
            raise UndoRefused("This undo request was closed meanwhile; see /status.")
        waiting = self._undecided(voters, current)
        if waiting:
            return Reply(
                f"{name} approves the undo. Still waiting for "
                f"{names_list([seat.display_name for seat in waiting])}.",
                mentions=tuple(Mention(seat.user_id, seat.display_name) for seat in waiting),
                table_id=ctx.table.id,
                undo_request_id=request.id,
            )
        self._refuse_revealing(ctx, actions)
        preface = f"Everyone agreed to {ctx.name_of(request.requester_id)}'s undo.\n"
        return await self._take_back(
            ctx, request.id, request.from_number, actions, preface, by=user
        )

    async def decline_undo(
        self, channel: Channel, user: User, request_id: int | None = None
    ) -> Reply:
        """Refuse the open undo request (its requester withdraws it the same way)."""
        ctx, request = await self._open_request(channel, user, request_id)
        name = self._seated(ctx, user).display_name
        if user.id != request.requester_id:
            actions = await self._undone(ctx, request)
            voters = await self._undo_voters(ctx, request.requester_id, actions)
            self._require_voter(ctx, user, voters)
        now = self.clock()
        if user.id != request.requester_id:
            await self.store.undo.vote(request.id, user.id, False, now)
        if not await self.store.undo.close_undo_request(request.id, "declined", now):
            raise UndoRefused("This undo request was closed meanwhile; see /status.")
        if user.id == request.requester_id:
            text = f"{name} withdrew the undo request; nothing is taken back."
        else:
            text = f"{name} declined the undo; nothing is taken back."
        return Reply(text, table_id=ctx.table.id)

    async def _open_request(
        self, channel: Channel, user: User, request_id: int | None
    ) -> tuple[TableContext, UndoRequestRecord]:
        """The table and its open, still current undo request; lapses a stale one."""
        ctx = await self._context(channel)
        self._playing_seat(ctx, user)
        request = await self.store.undo.last_undo_request(ctx.table.id, request_id)
        if request is None:
            raise BadRequest(f"There is no undo request at {ctx.label}; /undo asks for one.")
        if request.status != "open":
            raise UndoRefused(closed_text(request))
        now = self.clock()
        if request.expires_at <= now or request.table_version != ctx.table.version:
            await self.store.undo.close_undo_request(request.id, "lapsed", now)
            raise UndoRefused(_CLOSED["lapsed"])
        return ctx, request

    async def _undone(self, ctx: TableContext, request: UndoRequestRecord) -> list[ActionRecord]:
        """The actions the request takes back (those played after them it keeps)."""
        last = ctx.table.move_count if request.last_number is None else request.last_number
        return await self.store.actions.actions_between(ctx.table.id, request.from_number, last)

    async def _affects_only(
        self, ctx: TableContext, seat: int, from_number: int, actions: Sequence[ActionRecord]
    ) -> bool:
        """Whether taking back `actions` concerns `seat` alone: all are its own moves, and the
        other seats the table waits for are the same before them as now."""
        if any(action.seat != seat or action.kind != "move" for action in actions):
            return False
        before = await self._state_before(ctx, from_number)
        others_before = set(ctx.game.to_act(before)) - {seat}
        return others_before == set(ctx.table.to_act) - {seat}

    @staticmethod
    def _undecided(voters: Sequence[SeatRecord], request: UndoRequestRecord) -> list[SeatRecord]:
        """The players whose approval is needed and not given yet."""
        return [seat for seat in voters if not request.votes.get(seat.user_id)]

    @staticmethod
    def _require_voter(ctx: TableContext, user: User, voters: Sequence[SeatRecord]) -> None:
        if all(seat.user_id != user.id for seat in voters):
            raise NotAllowed(
                f"You resigned from {ctx.label}, so the players still in the game decide "
                "on this undo."
            )

    @staticmethod
    def _refuse_revealing(ctx: TableContext, actions: Sequence[ActionRecord]) -> None:
        revealing = [action for action in actions if action.reveals]
        if not revealing:
            return
        last = revealing[-1]
        after = ctx.table.move_count - last.number
        hint = ""
        if after:
            hint = (
                f" You can still take back the {plural(after, 'action')} after it "
                f"(/undo count:{after})."
            )
        raise UndoRefused(
            f"{ctx.describe(last)} revealed hidden information or randomness, so it cannot be "
            f"taken back.{hint}"
        )

    async def _take_back(
        self,
        ctx: TableContext,
        request_id: int | None,
        from_number: int,
        actions: Sequence[ActionRecord],
        preface: str,
        *,
        by: User,
    ) -> Reply:
        """Take `actions` back: restore the position before them, play the actions after them
        again on it (those a request kept; keeping.py), then what is automatic there. `by`
        made it happen (their own undo, or the last approval) and is not pinged for it."""
        table = ctx.table
        start = await self._state_before(ctx, from_number)
        later = await self.store.actions.actions_from(table.id, actions[-1].number + 1)
        try:
            state, kept = await self._engine(replay_kept, ctx.game, start, later)
        except RulesError:  # kept actions were checked as they were stored: a bug if it fails
            log.exception("table %s: the actions after an undo could not be replayed", table.id)
            raise UndoRefused(
                "The actions played since could not be played again without those to take "
                "back, so nothing was taken back."
            ) from None
        now = self.clock()
        progress = next_round(table, self._to_act(ctx, state), now)
        restored = TableUpdate(
            ctx.game.dump_state(state),
            progress.to_act,
            progress.waiting_since,
            finished=False,
            round_seats=progress.round_seats,
        )
        undone = [ctx.describe(action) for action in actions]
        listed = listed_actions(undone)
        try:
            await self.store.undo.take_back(
                table, request_id, from_number, restored, undone, now, kept
            )
        except StaleVersion:
            if request_id is not None:
                latest = await self.store.undo.last_undo_request(table.id, request_id)
                if latest is not None and latest.status == "done":
                    raise UndoRefused(closed_text(latest)) from None
            raise UndoRefused(MOVED_ON_MEANWHILE) from None
        lines = [f"{preface}Taken back: {listed}."]
        if kept:
            again = [
                replace(entry.action, number=number)
                for number, entry in enumerate(kept, start=from_number)
            ]
            lines.append(
                "Kept, as they were played since without touching it: "
                f"{listed_actions([ctx.describe(action) for action in again])}."
            )
        steps = await self._play_automatic(ctx)
        lines += [step.header for step in steps]
        final, last = (steps[-1].played.state, steps[-1].progress) if steps else (state, progress)
        next_text, _ = await self._next_text(ctx, final, last)
        owed = {
            seat for p in (progress, *(step.progress for step in steps)) for seat in p.newly_owed
        }
        return Reply(
            "\n".join([*lines, next_text]),
            image=await self._image(ctx, final, None, from_number - 1 + len(kept) + len(steps)),
            mentions=others(ctx.mentions(owed & set(self._to_act(ctx, final))), by),
            table_id=table.id,
        )
