"""Looking at a table without changing anything: the board, status, history, legal actions.
(Listings of tables: `listings.py`.)"""

from __future__ import annotations

import re

from engine.core import normalize, shorten

from .base import ServiceBase, TableContext, table_terms, waiting_text
from .bots import bots_line, clock_terms
from .errors import BadRequest
from .model import Channel, Reply, User
from .progress import RoundProgress, current_round
from .skipping import skip_rule
from .texts import (
    MAX_REPLY,
    clock,
    fit_lines,
    fitting,
    join_fitting,
    names_list,
    plural,
    scores_line,
    since,
)

MAX_HISTORY = 50
MAX_LISTED_ACTIONS = 60
SINCE_WINDOW = 20


class InfoService(ServiceBase):
    async def board(self, channel: Channel, user: User) -> Reply:
        """The public board of the channel's table (the latest one, once it has ended)."""
        ctx = await self._context(channel, finished_too=True)
        if ctx.table.state_json is None:
            return await self.status(channel, user)
        state = self._state(ctx)
        moves = ctx.table.move_count
        next_text, _ = await self._next_text(ctx, state, current_round(ctx.table))
        text = {
            "active": f"{ctx.title} after action {moves}. {next_text}",
            "finished": next_text,
            "abandoned": f"{ctx.title} was abandoned after {plural(moves, 'action')}.",
        }[ctx.table.status]
        return Reply(
            text,
            image=await self._image(ctx, state, None, moves),
            table_id=ctx.table.id,
            table_version=ctx.table.version,
        )

    async def status(self, channel: Channel, user: User) -> Reply:
        """Whose turn and since when, scores, the game's summary in words for you, what
        happened since your last action, and your own view of the board (with your hidden
        information). Private."""
        ctx = await self._context(channel, finished_too=True)
        table = ctx.table
        if table.status == "lobby":
            info = ctx.game.info
            return Reply(
                f"{ctx.title} is in the lobby. Seated ({len(ctx.seats)}/{info.max_players}): "
                f"{names_list(ctx.names)}. It needs {info.min_players}–{info.max_players} "
                f"players; {ctx.creator_name()} starts it with /start. "
                f"Its terms: {table_terms(ctx.game, table.options, table.skip_after, table.clock)}."
                + bots_line(ctx),
                private=True,
                table_id=table.id,
            )
        state = self._state(ctx)
        lines = [f"{ctx.title}: {table.status}, {plural(table.move_count, 'action')} played."]
        progress = current_round(table)
        seat = ctx.seat_of(user.id)
        viewer = seat.seat if seat else None
        if table.status == "active":
            when = f" {since(table.waiting_since, self.clock())}" if table.waiting_since else ""
            lines.append(waiting_text(ctx, progress, when) + ".")
            lines.append(f"Scores so far: {scores_line(state.players, ctx.game.scores(state))}.")
            lines += [str(line) for line in ctx.game.summary(state, viewer)]
            lines.append(f"Skipping: {skip_rule(table.skip_after)}.")
            bots = bots_line(ctx)
            if table.clock is not None or bots:  # nothing to say of bots at a table of people
                lines.append(f"Bots: {clock_terms(table.clock)}.{bots}")
        elif table.status == "finished":
            lines.append(await self._final_text(ctx, state))
        else:
            lines.append("This table was abandoned.")
        undo = await self._undo_line(ctx)
        if seat is not None and viewer is not None:
            resigned = await self.store.actions.has_action(table.id, viewer, "resign")
            lines.append(
                f"You play as {seat.display_name}, seat {viewer + 1} of {len(ctx.seats)}."
                + (
                    " You have resigned."
                    if resigned
                    else _your_part(table.status, progress, viewer)
                )
            )
            if table.status == "active":
                lines += await self._standing_line(ctx, viewer)
            room = MAX_REPLY - len("\n".join([*lines, *undo])) - 1
            lines += await self._since_last_action(ctx, viewer, room)
        return Reply(
            "\n".join([*lines, *undo]),
            image=await self._image(ctx, state, viewer, table.move_count),
            private=True,
            table_id=table.id,
        )

    async def _standing_line(self, ctx: TableContext, seat: int) -> list[str]:
        """The seat's standing answers, or which it may set (games that offer some)."""
        offered = ctx.game.info.standing_answers
        if not offered:
            return []
        mine = (await self.store.answers.answers(ctx.table.id)).get(seat, [])
        if mine:
            return [f"Your standing answers (/standing changes them): {names_list(mine)}."]
        keys = names_list([answer.key for answer in offered])
        return [f"Standing answers you may set with /standing: {keys}."]

    async def _since_last_action(self, ctx: TableContext, seat: int, room: int) -> list[str]:
        """`Since your last action: …` in at most `room` characters (the latest ones)."""
        recent = await self.store.actions.recent_actions(ctx.table.id, SINCE_WINDOW)
        # Being skipped is nothing the player did: what came before it is news to them too.
        mine = [
            index
            for index, action in enumerate(recent)
            if action.seat == seat and action.kind != "skip"
        ]
        newer = recent[mine[-1] + 1 :] if mine else recent
        if not newer:
            return []
        words = "Since your last action: ."
        described = join_fitting(
            [ctx.describe(action, seat) for action in newer],
            "; ",
            room - len(words),
            lambda count: f"… {plural(count, 'earlier action')}",
            latest=True,
        )
        return [f"{words[:-1]}{described}."]

    async def _undo_line(self, ctx: TableContext) -> list[str]:
        if ctx.table.status != "active":
            return []
        request = await self.store.undo.open_undo_request(ctx.table.id)
        if request is None or request.table_version != ctx.table.version:
            return []
        undone = await self.store.actions.actions_from(ctx.table.id, request.from_number)
        voters = await self._undo_voters(ctx, request.requester_id, undone)
        undecided = [seat.display_name for seat in voters if not request.votes.get(seat.user_id)]
        return [
            f"Open undo request by {ctx.name_of(request.requester_id)} (from action "
            f"#{request.from_number}), waiting for {names_list(undecided)} to /approve or "
            "/decline."
        ]

    async def history(self, channel: Channel, user: User, count: int = 10) -> Reply:
        """The last `count` actions: number, time, who and what."""
        if not 1 <= count <= MAX_HISTORY:
            raise BadRequest(f"count must be from 1 to {MAX_HISTORY}, not {count}.")
        ctx = await self._context(channel, finished_too=True)
        actions = await self.store.actions.recent_actions(ctx.table.id, count)
        if not actions:
            return Reply(f"Nothing has been played at {ctx.label} yet.", private=True)
        seat = ctx.seat_of(user.id)
        viewer = seat.seat if seat else None
        last = "The last action" if len(actions) == 1 else f"The last {len(actions)} actions"
        lines = [f"{ctx.describe(a, viewer)}  ({clock(a.created_at)})" for a in actions]
        text = fit_lines(
            [f"{last} at {ctx.label}:"],
            lines,
            [],
            lambda count: (
                f"(… {plural(count, 'earlier action')} not shown: more would not "
                "fit in one message)"
            ),
            latest=True,
        )
        return Reply(text, private=True, table_id=ctx.table.id)

    async def legal_actions(self, channel: Channel, user: User, typed: str = "") -> list[str]:
        """The user's legal action texts now that contain `typed` as whole words (`with_words`),
        those starting with it first. Empty when it is not their turn."""
        ctx = await self._context(channel)
        return await self._legal(ctx, self._playing_seat(ctx, user), typed)

    async def _legal(self, ctx: TableContext, seat: int, typed: str) -> list[str]:
        if seat not in ctx.table.to_act:
            return []
        if len(typed) > ctx.game.max_turn_length():
            return []  # longer than anything worth comparing: no action contains it
        actions: list[str] = await self._engine(ctx.game.legal_actions, self._state(ctx), seat)
        return with_words(actions, typed)

    async def legal(self, channel: Channel, user: User, typed: str = "") -> Reply:
        """/legal: the user's legal actions as a private reply (at most 60 listed)."""
        ctx = await self._context(channel)
        seat = self._playing_seat(ctx, user)
        if seat not in ctx.table.to_act:
            waiting = names_list(ctx.names_of(ctx.table.to_act))
            if await self.store.actions.has_action(ctx.table.id, seat, "resign"):
                return Reply(
                    f"You have resigned from {ctx.label}, so you have no actions; it waits "
                    f"for {waiting}.",
                    private=True,
                )
            if seat in current_round(ctx.table).done:
                return Reply(
                    f"You have done your part for now; {ctx.label} waits for {waiting}.",
                    private=True,
                )
            return Reply(f"It is not your turn; {ctx.label} waits for {waiting}.", private=True)
        actions = await self._legal(ctx, seat, typed)
        if not actions:
            return Reply(
                f"None of your legal actions contains '{shorten(typed)}' (the filter matches "
                "whole words and cells: G1 finds G1, not G10). /legal alone lists them all.",
                private=True,
            )
        head = f"Your legal actions ({len(actions)}): "
        tail = "\n… and {} more: add filter:<text> to narrow them down."
        room = MAX_REPLY - len(head) - len(tail.format(len(actions)))
        shown = fitting(actions[:MAX_LISTED_ACTIONS], room, " | ")
        more = len(actions) - len(shown)
        return Reply(
            head + " | ".join(shown) + (tail.format(more) if more else ""),
            private=True,
            table_id=ctx.table.id,
        )


def with_words(actions: list[str], typed: str) -> list[str]:
    """The actions containing `typed` as whole words (case and spacing ignored; a cell is a
    word, so `G1` finds `build G1` but not `build G10`): those starting with it first. All
    of them for an empty `typed`."""
    wanted = normalize(typed)
    if not wanted:
        return actions
    words = re.compile(rf"(?<!\w){re.escape(wanted)}(?!\w)")
    normalised = [(normalize(action), action) for action in actions]
    starting = [action for norm, action in normalised if words.match(norm)]
    containing = [
        action for norm, action in normalised if words.search(norm) and not words.match(norm)
    ]
    return starting + containing


def _your_part(status: str, progress: RoundProgress, seat: int) -> str:
    """` You are to act (/legal lists your actions).` or that the seat has done its part."""
    if status != "active":
        return ""
    if seat in progress.to_act:
        return " You are to act (/legal lists your actions)."
    if seat in progress.done:
        return " You have done your part; the others are still to act."
    return ""
