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

from engine.core import Message, msg, plural_msg

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
from .speech import say
from .texts import clock, join_fitting, who


def closed_text(request: UndoRequestRecord) -> Message:
    """Why a closed request does nothing: done, declined, or lapsed (saying why, if known)."""
    if request.status == "lapsed" and request.lapse_reason:
        return msg(
            "That undo request has lapsed: {reason}. Ask again with /undo if it is still wanted.",
            reason=request.lapse_reason,
        )
    return _CLOSED[request.status]


log = logging.getLogger(__name__)

_CLOSED: dict[UndoStatus, Message] = {
    "done": msg("That undo has already been carried out."),
    "declined": msg("That undo request was declined (or withdrawn); nothing was taken back."),
    "lapsed": msg(
        "That undo request has lapsed: the game moved on (or a day passed) since it was made. "
        "Ask again with /undo if it is still wanted."
    ),
}


#: Room for the list of actions an undo takes back; the rest of its message is short.
UNDO_LIST_ROOM = 1200


def listed_actions(described: list[str]) -> str:
    """`#12 alice: …, #13 bob: …` in one message's room: the first ones, and how many more."""
    return join_fitting(
        described,
        ", ",
        UNDO_LIST_ROOM,
        lambda count: say(
            plural_msg("and {count} more action", "and {count} more actions", count=count)
        ),
    )


class UndoService(AutomaticService):
    async def request_undo(self, channel: Channel, user: User, count: int = 1) -> Reply:
        """Ask to take back the last `count` actions; the other players must all approve."""
        ctx = await self._context(channel)
        seat = self._playing_seat(ctx, user)
        table = ctx.table
        if count < 1:
            raise BadRequest(
                msg(
                    "count:{count} takes back nothing: the count is how many of the last "
                    "actions to take back, at least 1 (the default).",
                    count=count,
                )
            )
        # Actions played for a player (forced, or their standing answer) go with the action
        # before them: `count` counts the actions players chose.
        chosen = await self.store.actions.chosen_numbers(table.id, count)
        if not chosen:
            raise BadRequest(
                msg("Nothing has been played at {table} yet, so nothing to undo.", table=ctx.label)
            )
        if len(chosen) == 1 and count > 1:
            raise BadRequest(
                msg(
                    "Only 1 action has been played at {table}, so count:1 is the most, not "
                    "{count}.",
                    table=ctx.label,
                    count=count,
                )
            )
        if count > len(chosen):
            raise BadRequest(
                msg(
                    "You can take back 1 to {most} actions at {table}, not {count}.",
                    most=len(chosen),
                    table=ctx.label,
                    count=count,
                )
            )
        from_number = chosen[count - 1]
        actions = await self.store.actions.actions_from(table.id, from_number)
        self._refuse_revealing(ctx, actions)
        now = self.clock()
        pending = await self.store.undo.open_undo_request(table.id)
        if pending is not None:
            if pending.expires_at > now and pending.table_version == table.version:
                raise BadRequest(
                    msg(
                        "{player} already asked for an undo; the others answer it with /approve "
                        "or /decline first.",
                        player=ctx.name_of(pending.requester_id),
                    )
                )
            await self.store.undo.close_undo_request(pending.id, "lapsed", now)
        requester_name = self._seated(ctx, user).display_name
        others = await self._undo_voters(ctx, user.id, actions)
        if not others:
            return await self._take_back(ctx, None, from_number, actions, "", by=user)
        if await self._affects_only(ctx, seat, from_number, actions):
            preface = plural_msg(
                "{player} takes back their own action; nobody else was affected, so no approval "
                "is needed.\n",
                "{player} takes back their own {count} actions; nobody else was affected, so no "
                "approval is needed.\n",
                count=count,
                player=requester_name,
            )
            return await self._take_back(ctx, None, from_number, actions, preface, by=user)
        expires = now + self.undo_ttl
        try:
            request_id = await self.store.undo.create_undo_request(
                table, user.id, from_number, now, expires
            )
        except UndoAlreadyOpen:
            raise changed_at_once() from None
        with self._public(table):
            taken = listed_actions([ctx.describe(action) for action in actions])
            asks = plural_msg(
                "{player} asks to take back {count} action: {actions}.\nIt happens only if "
                "everyone else agrees: {voters} — answer /approve or /decline (open until "
                "{moment}, or until an action changes what it would take back).",
                "{player} asks to take back {count} actions: {actions}.\nIt happens only if "
                "everyone else agrees: {voters} — answer /approve or /decline (open until "
                "{moment}, or until an action changes what it would take back).",
                count=count,
                player=requester_name,
                actions=taken,
                voters=who([seat.display_name for seat in others]),
                moment=clock(expires),
            )
            text = say(asks)
        return Reply(
            text,
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
                msg(
                    "You asked for this undo yourself; it waits for {voters}.",
                    voters=who(undecided),
                )
            )
        self._require_voter(ctx, user, voters)
        now = self.clock()
        await self.store.undo.vote(request.id, user.id, True, now)
        # Read the votes again: another player may have approved at the same moment.
        current = await self.store.undo.open_undo_request(ctx.table.id)
        if current is None or current.id != request.id:
            raise await self._closed_meanwhile(ctx, request.id)
        waiting = self._undecided(voters, current)
        if waiting:
            approves = msg(
                "{player} approves the undo. Still waiting for {voters}.",
                player=name,
                voters=who([seat.display_name for seat in waiting]),
            )
            return Reply(
                self._told(ctx.table, approves),
                mentions=tuple(Mention(seat.user_id, seat.display_name) for seat in waiting),
                table_id=ctx.table.id,
                undo_request_id=request.id,
            )
        self._refuse_revealing(ctx, actions)
        preface = msg(
            "Everyone agreed to {player}'s undo.\n", player=ctx.name_of(request.requester_id)
        )
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
            raise await self._closed_meanwhile(ctx, request.id)
        if user.id == request.requester_id:
            said = msg("{player} withdrew the undo request; nothing is taken back.", player=name)
        else:
            said = msg("{player} declined the undo; nothing is taken back.", player=name)
        return Reply(self._told(ctx.table, said), table_id=ctx.table.id)

    async def _closed_meanwhile(self, ctx: TableContext, request_id: int) -> UndoRefused:
        """The refusal for a request another player's answer closed a moment ago, saying how
        it ended (carried out, declined, lapsed), read again now that it has."""
        record = await self.store.undo.last_undo_request(ctx.table.id, request_id)
        if record is None or record.status == "open":
            return UndoRefused(msg("This undo request was closed meanwhile; see /status."))
        return UndoRefused(closed_text(record))

    async def _open_request(
        self, channel: Channel, user: User, request_id: int | None
    ) -> tuple[TableContext, UndoRequestRecord]:
        """The table and its open, still current undo request; lapses a stale one."""
        ctx = await self._context(channel)
        self._playing_seat(ctx, user)
        request = await self.store.undo.last_undo_request(ctx.table.id, request_id)
        if request is None:
            raise BadRequest(
                msg("There is no undo request at {table}; /undo asks for one.", table=ctx.label)
            )
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
                msg(
                    "You resigned from {table}, so the players still in the game decide on this "
                    "undo.",
                    table=ctx.label,
                )
            )

    @staticmethod
    def _refuse_revealing(ctx: TableContext, actions: Sequence[ActionRecord]) -> None:
        revealing = [action for action in actions if action.reveals]
        if not revealing:
            return
        last = revealing[-1]
        after = ctx.table.move_count - last.number
        hint: Message | str = ""
        if after:
            hint = plural_msg(
                " You can still take back the {count} action after it (/undo count:{count}).",
                " You can still take back the {count} actions after it (/undo count:{count}).",
                count=after,
            )
        raise UndoRefused(
            msg(
                "{action} revealed hidden information or randomness, so it cannot be taken "
                "back.{hint}",
                action=ctx.describe_message(last),
                hint=hint,
            )
        )

    async def _take_back(
        self,
        ctx: TableContext,
        request_id: int | None,
        from_number: int,
        actions: Sequence[ActionRecord],
        preface: Message | str,
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
                msg(
                    "The actions played since could not be played again without those to take "
                    "back, so nothing was taken back."
                )
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
        undone = [ctx.describe_message(action) for action in actions]
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
        steps = await self._play_automatic(ctx)
        final, last = (steps[-1].played.state, steps[-1].progress) if steps else (state, progress)
        with self._public(table):
            listed = listed_actions([say(line) for line in undone])
            lines = [say(preface) + say(msg("Taken back: {actions}.", actions=listed))]
            if kept:
                again = [
                    replace(entry.action, number=number)
                    for number, entry in enumerate(kept, start=from_number)
                ]
                lines.append(
                    say(
                        msg(
                            "Kept, as they were played since without touching it: {actions}.",
                            actions=listed_actions([ctx.describe(action) for action in again]),
                        )
                    )
                )
            lines += [say(step.header) for step in steps]
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
