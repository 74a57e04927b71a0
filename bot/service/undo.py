"""Undo by consent: a player asks to take back the last action(s); it happens only when every
other seated player approves, never past an action that revealed hidden information or
randomness, and never if the game moved on since the request. The snapshot stored with the
first action taken back is restored as it was — nothing is replayed.

No consent is needed to take back only your own actions when nobody else is affected: they are
the last ones at the table, revealed nothing, and the table waits for the same other players
before and after them (in a simultaneous game: you correct your own part of the round; in a
turn-based one: you are still in the middle of your turn). Alone at a table, every undo is
yours."""

from __future__ import annotations

from collections.abc import Sequence

from ..store import (
    ActionRecord,
    SeatRecord,
    StaleVersion,
    TableUpdate,
    UndoAlreadyOpen,
    UndoRequestRecord,
    UndoStatus,
)
from .base import ServiceBase, TableContext, changed_at_once, others
from .errors import BadRequest, NotAllowed, UndoRefused
from .model import Channel, Mention, Reply, User
from .progress import next_round
from .texts import clock, join_fitting, names_list, plural

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


class UndoService(ServiceBase):
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
        if table.move_count == 0:
            raise BadRequest(f"Nothing has been played at {ctx.label} yet, so nothing to undo.")
        if table.move_count == 1 and count > 1:
            raise BadRequest(
                f"Only 1 action has been played at {ctx.label}, so count:1 is the most, "
                f"not {count}."
            )
        if count > table.move_count:
            raise BadRequest(
                f"You can take back 1 to {table.move_count} actions at {ctx.label}, not {count}."
            )
        from_number = table.move_count - count + 1
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
            f"/decline (open until {clock(expires)}, or until the next action).",
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
        actions = await self.store.actions.actions_from(ctx.table.id, request.from_number)
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
            actions = await self.store.actions.actions_from(ctx.table.id, request.from_number)
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
            raise UndoRefused(_CLOSED[request.status])
        now = self.clock()
        if request.expires_at <= now or request.table_version != ctx.table.version:
            await self.store.undo.close_undo_request(request.id, "lapsed", now)
            raise UndoRefused(_CLOSED["lapsed"])
        return ctx, request

    async def _affects_only(
        self, ctx: TableContext, seat: int, from_number: int, actions: Sequence[ActionRecord]
    ) -> bool:
        """Whether taking back `actions` concerns `seat` alone: all are its own moves, and the
        other seats the table waits for are the same before them as now."""
        if any(action.seat != seat or action.kind != "move" for action in actions):
            return False
        before_json = await self.store.actions.state_before(ctx.table.id, from_number)
        assert before_json is not None, "every logged action keeps the state before it"
        before = await self._engine(ctx.game.load_state, before_json)
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
        """Restore the position before action `from_number`; `by` made it happen (their own
        undo, or the last approval) and is not pinged for it."""
        table = ctx.table
        state_json = await self.store.actions.state_before(table.id, from_number)
        assert state_json is not None, "every logged action keeps the state before it"
        state = ctx.game.load_state(state_json)
        now = self.clock()
        progress = next_round(table, self._to_act(ctx, state), now)
        restored = TableUpdate(
            state_json,
            progress.to_act,
            progress.waiting_since,
            finished=False,
            round_seats=progress.round_seats,
        )
        undone = [ctx.describe(action) for action in actions]
        listed = listed_actions(undone)
        try:
            await self.store.undo.take_back(table, request_id, from_number, restored, undone, now)
        except StaleVersion:
            if request_id is not None:
                latest = await self.store.undo.last_undo_request(table.id, request_id)
                if latest is not None and latest.status == "done":
                    raise UndoRefused(_CLOSED["done"]) from None
            raise UndoRefused(
                "The game moved on at the same moment, so nothing was taken back; look at "
                "/board and ask again if it is still wanted."
            ) from None
        next_text, mentions = await self._next_text(ctx, state, progress)
        return Reply(
            f"{preface}Taken back: {listed}.\n{next_text}",
            image=await self._image(ctx, state, None, from_number - 1),
            mentions=others(mentions, by),
            table_id=table.id,
        )
