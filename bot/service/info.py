"""Looking at a table without changing anything: the board, status, history, legal actions.
(Listings of tables: `listings.py`.)"""

from __future__ import annotations

import re

from engine.core import Message, msg, normalize, plural_msg, shorten

from .base import ServiceBase, TableContext, table_terms, waiting_text
from .bots import bots_line, clock_terms
from .errors import BadRequest
from .model import Channel, Reply, User
from .progress import RoundProgress, current_round
from .skipping import skip_rule
from .speech import say
from .texts import (
    MAX_REPLY,
    clock,
    fit_lines,
    fitting,
    join_fitting,
    scores_line,
    since,
    who,
)

MAX_HISTORY = 50
MAX_LISTED_ACTIONS = 60
SINCE_WINDOW = 20

#: A table's status as /status names it.
_STATUS = {
    "lobby": msg("in the lobby"),
    "active": msg("active"),
    "finished": msg("finished"),
    "abandoned": msg("abandoned"),
}


def _earlier(count: int) -> Message:
    return plural_msg("{count} earlier action", "{count} earlier actions", count=count)


class InfoService(ServiceBase):
    async def board(self, channel: Channel, user: User) -> Reply:
        """The public board of the channel's table (the latest one, once it has ended)."""
        ctx = await self._context(channel, finished_too=True)
        if ctx.table.state_json is None:
            return await self.status(channel, user)
        state = self._state(ctx)
        moves = ctx.table.move_count
        with self._public(ctx.table):
            next_text, _ = await self._next_text(ctx, state, current_round(ctx.table))
            after = msg("{table} after action {number}.", table=ctx.title, number=moves)
            abandoned = plural_msg(
                "{table} was abandoned after {count} action.",
                "{table} was abandoned after {count} actions.",
                count=moves,
                table=ctx.title,
            )
            text = {
                "active": f"{say(after)} {next_text}",
                "finished": next_text,
                "abandoned": say(abandoned),
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
            lobby = msg(
                "{table} is in the lobby. Seated ({count}/{most}): {players}. It needs "
                "{least}–{most} players; {creator} starts it with /start. Its terms: {terms}.",
                table=ctx.title,
                count=len(ctx.seats),
                most=info.max_players,
                players=who(ctx.names),
                least=info.min_players,
                creator=ctx.creator_name(),
                terms=table_terms(ctx.game, table.options, table.skip_after, table.clock),
            )
            return Reply(say(lobby) + bots_line(ctx), private=True, table_id=table.id)
        state = self._state(ctx)
        played = plural_msg(
            "{table}: {status}, {count} action played.",
            "{table}: {status}, {count} actions played.",
            count=table.move_count,
            table=ctx.title,
            status=_STATUS[table.status],
        )
        lines = [say(played)]
        progress = current_round(table)
        seat = ctx.seat_of(user.id)
        viewer = seat.seat if seat else None
        if table.status == "active":
            when = f" {since(table.waiting_since, self.clock())}" if table.waiting_since else ""
            lines.append(waiting_text(ctx, progress, when) + ".")
            scores = scores_line(state.players, ctx.game.scores(state))
            lines.append(say(msg("Scores so far: {scores}.", scores=scores)))
            lines += [say(line) for line in ctx.game.summary(state, viewer)]
            lines.append(say(msg("Skipping: {rule}.", rule=skip_rule(table.skip_after))))
            bots = bots_line(ctx)
            if table.clock is not None or bots:  # nothing to say of bots at a table of people
                lines.append(say(msg("Bots: {clock}.", clock=clock_terms(table.clock))) + bots)
        elif table.status == "finished":
            lines.append(await self._final_text(ctx, state))
        else:
            lines.append(say(msg("This table was abandoned.")))
        undo = await self._undo_line(ctx)
        if seat is not None and viewer is not None:
            resigned = await self.store.actions.has_action(table.id, viewer, "resign")
            you = msg(
                "You play as {player}, seat {seat} of {count}.",
                player=seat.display_name,
                seat=viewer + 1,
                count=len(ctx.seats),
            )
            part = (
                msg(" You have resigned.")
                if resigned
                else _your_part(table.status, progress, viewer)
            )
            lines.append(say(you) + say(part))
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
            return [
                say(msg("Your standing answers (/standing changes them): {answers}.", answers=mine))
            ]
        keys = [answer.key for answer in offered]
        return [say(msg("Standing answers you may set with /standing: {answers}.", answers=keys))]

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
        words = say(msg("Since your last action: {actions}.", actions=""))
        described = join_fitting(
            [ctx.describe(action, seat) for action in newer],
            "; ",
            room - len(words),
            lambda count: say(msg("… {earlier}", earlier=_earlier(count))),
            latest=True,
        )
        return [say(msg("Since your last action: {actions}.", actions=described))]

    async def _undo_line(self, ctx: TableContext) -> list[str]:
        if ctx.table.status != "active":
            return []
        request = await self.store.undo.open_undo_request(ctx.table.id)
        if request is None or request.table_version != ctx.table.version:
            return []
        undone = await self.store.actions.actions_from(ctx.table.id, request.from_number)
        voters = await self._undo_voters(ctx, request.requester_id, undone)
        undecided = [seat.display_name for seat in voters if not request.votes.get(seat.user_id)]
        line = msg(
            "Open undo request by {player} (from action #{number}), waiting for {voters} to "
            "/approve or /decline.",
            player=ctx.name_of(request.requester_id),
            number=request.from_number,
            voters=who(undecided),
        )
        return [say(line)]

    async def history(self, channel: Channel, user: User, count: int = 10) -> Reply:
        """The last `count` actions: number, time, who and what."""
        if not 1 <= count <= MAX_HISTORY:
            raise BadRequest(
                msg("count must be from 1 to {most}, not {count}.", most=MAX_HISTORY, count=count)
            )
        ctx = await self._context(channel, finished_too=True)
        actions = await self.store.actions.recent_actions(ctx.table.id, count)
        if not actions:
            return Reply(
                say(msg("Nothing has been played at {table} yet.", table=ctx.label)), private=True
            )
        seat = ctx.seat_of(user.id)
        viewer = seat.seat if seat else None
        last = plural_msg(
            "The last action at {table}:",
            "The last {count} actions at {table}:",
            count=len(actions),
            table=ctx.label,
        )
        lines = [f"{ctx.describe(a, viewer)}  ({clock(a.created_at)})" for a in actions]
        text = fit_lines(
            [say(last)],
            lines,
            [],
            lambda count: say(
                msg(
                    "(… {earlier} not shown: more would not fit in one message)",
                    earlier=_earlier(count),
                )
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
            waiting = who(ctx.names_of(ctx.table.to_act))
            if await self.store.actions.has_action(ctx.table.id, seat, "resign"):
                why = msg(
                    "You have resigned from {table}, so you have no actions; it waits for "
                    "{waiting}.",
                    table=ctx.label,
                    waiting=waiting,
                )
            elif seat in current_round(ctx.table).done:
                why = msg(
                    "You have done your part for now; {table} waits for {waiting}.",
                    table=ctx.label,
                    waiting=waiting,
                )
            else:
                why = msg(
                    "It is not your turn; {table} waits for {waiting}.",
                    table=ctx.label,
                    waiting=waiting,
                )
            return Reply(say(why), private=True)
        actions = await self._legal(ctx, seat, typed)
        if not actions:
            none = msg(
                "None of your legal actions contains '{text}' (the filter matches whole words "
                "and cells: G1 finds G1, not G10). /legal alone lists them all.",
                text=shorten(typed),
            )
            return Reply(say(none), private=True)
        head = say(msg("Your legal actions ({count}): ", count=len(actions)))

        def tail(more: int) -> str:
            return say(
                msg("\n… and {count} more: add filter:<text> to narrow them down.", count=more)
            )

        room = MAX_REPLY - len(head) - len(tail(len(actions)))
        shown = fitting(actions[:MAX_LISTED_ACTIONS], room, " | ")
        more = len(actions) - len(shown)
        return Reply(
            head + " | ".join(shown) + (tail(more) if more else ""),
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


def _your_part(status: str, progress: RoundProgress, seat: int) -> Message | str:
    """` You are to act (/legal lists your actions).` or that the seat has done its part."""
    if status != "active":
        return ""
    if seat in progress.to_act:
        return msg(" You are to act (/legal lists your actions).")
    if seat in progress.done:
        return msg(" You have done your part; the others are still to act.")
    return ""
