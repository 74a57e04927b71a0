"""A table's record: /export (a moves file `python -m engine play` replays as it is) and
/replay (the game as an animated image, drawn from the public view after every action).

While a game runs, a player's export shows the others' secret actions as everybody reads them
(and is marked so: it replays only up to the first of them); once it is over, everything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Message, msg, plural_msg, term
from engine.core.record import RESIGN, SKIP, header_lines, safe_names

from ..allocator import release_freed_memory
from ..store import ActionRecord
from .base import ServiceBase, TableContext
from .errors import BadRequest, WrongStage
from .model import Attachment, Channel, Reply, User
from .positions import play_again
from .speech import say
from .texts import scores_line

#: Seconds a move is shown in a replay (render/animation.py's MOVE_MS), for the reply's words.
MOVE_SECONDS = 0.4


@dataclass(frozen=True, slots=True)
class ReplayJob:
    """A replay checked and ready to draw: `notice` says it is coming (drawing a long game
    takes a while), `draw_replay` draws it."""

    ctx: TableContext
    first: int
    last: int
    notice: Reply


class RecordService(ServiceBase):
    async def _record_table(
        self, channel: Channel, table_id: int | None, doing: Message
    ) -> TableContext:
        """The table asked for — `table_id` of this server, or this channel's latest — once
        it has started."""
        if table_id is None:
            ctx = await self._context(channel, finished_too=True)
        else:
            table = await self.store.tables.table(table_id)
            if table is None or table.guild_id != channel.guild_id:
                raise BadRequest(
                    msg(
                        "There is no table #{number} on this server; /games lists the open ones.",
                        number=str(table_id),
                    )
                )
            ctx = await self._context_of(table)
        if ctx.table.state_json is None:
            raise WrongStage(
                msg(
                    "{table} has not started yet, so there is nothing to {doing}.",
                    table=ctx.title,
                    doing=doing,
                )
            )
        return ctx

    # -- /export ----------------------------------------------------------------------------

    async def export(self, channel: Channel, user: User, table_id: int | None = None) -> Reply:
        """The table's record as a text file, for the asking user (private)."""
        ctx = await self._record_table(channel, table_id, msg("export"))
        actions = await self.store.actions.actions_from(ctx.table.id, 1)
        seat = ctx.seat_of(user.id)
        viewer = None if seat is None else seat.seat
        text, hidden = await self._engine(_record_text, ctx, actions, viewer)
        note: Message | str = ""
        if ctx.table.status == "active" and hidden:
            note = plural_msg(
                " While the game runs, {count} secret action of others is shown as everybody "
                "reads it (marked 'secret'); after the end the record holds everything.",
                " While the game runs, {count} secret actions of others are shown as everybody "
                "reads them (marked 'secret'); after the end the record holds everything.",
                count=hidden,
            )
        record = plural_msg(
            "The record of {table}, {count} action: replay it with `python -m engine play "
            "--moves table-{number}.txt` (docs/cli.md).{note}",
            "The record of {table}, {count} actions: replay it with `python -m engine play "
            "--moves table-{number}.txt` (docs/cli.md).{note}",
            count=len(actions),
            table=ctx.label,
            number=str(ctx.table.id),
            note=note,
        )
        return Reply(
            say(record),
            attachment=Attachment(f"table-{ctx.table.id}.txt", text.encode("utf-8")),
            private=True,
            table_id=ctx.table.id,
        )

    # -- /replay ----------------------------------------------------------------------------

    async def prepare_replay(
        self,
        channel: Channel,
        user: User,
        first: int | None = None,
        last: int | None = None,
        table_id: int | None = None,
    ) -> ReplayJob:
        """Check a replay of actions `first` to `last` (default: all) and say it is coming."""
        ctx = await self._record_table(channel, table_id, msg("replay"))
        played = ctx.table.move_count
        if played == 0:
            raise WrongStage(
                msg(
                    "Nothing has been played at {table} yet, so there is no replay.",
                    table=ctx.label,
                )
            )
        start, end = first or 1, last or played
        if not 1 <= start <= end <= played:
            raise BadRequest(
                msg(
                    "{table} has actions 1 to {played}: from: and to: must lie between them, "
                    "from: not after to: (you gave from:{start} to:{end}).",
                    table=ctx.title,
                    played=played,
                    start=start,
                    end=end,
                )
            )
        count = end - start + 1
        drawing = plural_msg(
            "Drawing the replay of {table}, actions {start}–{end} ({count} position); it comes "
            "in a moment.",
            "Drawing the replay of {table}, actions {start}–{end} ({count} positions); it comes "
            "in a moment.",
            count=count + 1,
            table=ctx.label,
            start=start,
            end=end,
        )
        notice = Reply(say(drawing), private=True, table_id=ctx.table.id)
        return ReplayJob(ctx, start, end, notice)

    async def draw_replay(self, job: ReplayJob) -> Reply:
        """The replay as an animated GIF, drawn off the event loop (public)."""
        ctx, start, end = job.ctx, job.first, job.last
        table = ctx.table
        actions = (await self.store.actions.actions_from(table.id, 1))[:end]
        if len(actions) != end:
            raise BadRequest(
                msg("{table} changed while the replay was asked for; try again.", table=ctx.title)
            )
        with self._public(table):
            first = (
                msg("{table}: the start", table=ctx.title)
                if start == 1
                else msg("Before action #{number}", number=str(start))
            )
            captions = [say(first), *(ctx.describe(action) for action in actions[start - 1 :])]
        gif, step = await self._engine(self._animate, ctx, actions, start, captions)
        shown = (
            msg(
                "every {step}th action shown (a whole game must fit Discord's upload limit)",
                step=step,
            )
            if step > 1
            else msg("{seconds} s per action", seconds=f"{MOVE_SECONDS:g}")
        )
        replay = msg(
            "Replay of {table}, actions {start}–{end}: {shown}, the last position held.",
            table=ctx.label,
            start=start,
            end=end,
            shown=shown,
        )
        return Reply(
            self._told(table, replay),
            attachment=Attachment(f"table-{table.id}-replay-{start}-{end}.gif", gif),
            table_id=table.id,
        )

    def _animate(
        self, ctx: TableContext, actions: list[ActionRecord], start: int, captions: list[str]
    ) -> tuple[bytes, int]:
        """The public board before action `start` and after each later one of `actions`, then
        the animation (CPU work, in a worker thread)."""
        game, key = ctx.game, ctx.game.info.key
        states = _positions(ctx, actions)[start - 1 :]
        pngs = [self.renderer(key, game.view(state, None)) for state in states]
        try:
            return self.animator(pngs, captions)
        finally:
            release_freed_memory()  # the frames' buffers go back to the system


def _positions(ctx: TableContext, actions: list[ActionRecord]) -> list[Any]:
    """The game's start and the position after each of `actions` (the log from action 1):
    the game replayed through the engine from its players, seed and options — the store
    keeps no position per action."""
    table, game = ctx.table, ctx.game
    players = list(game.load_state(table.state_json or "").players)
    state = game.new_game(players, table.seed, table.options)
    states = [state]
    for action in actions:
        state = play_again(game, state, action).state
        states.append(state)
    return states


def _logged_action(action: ActionRecord) -> str:
    """What a logged action was, as a move line's action (a resignation or skip by its name)."""
    return {"resign": RESIGN, "skip": SKIP}.get(action.kind, action.text)


def _record_text(
    ctx: TableContext, actions: list[ActionRecord], viewer: int | None
) -> tuple[str, int]:
    """The record's lines, and how many secret actions are shown in their public form."""
    table, game = ctx.table, ctx.game
    state: Any = ctx.game.load_state(table.state_json or "")
    names = safe_names(list(state.players))
    over = table.status != "active"
    status = {
        "active": term("running", "table status"),
        "finished": term("finished", "table status"),
        "abandoned": term("abandoned", "table status"),
    }[table.status]
    scores = game.scores(state)
    heading = plural_msg(
        "Meeple Post — table #{number}, {game}, {status} after {count} action",
        "Meeple Post — table #{number}, {game}, {status} after {count} actions",
        number=str(table.id),
        game=game.info.name,
        status=status,
        count=len(actions),
    )
    replay = msg(
        "Replay: python -m engine play --moves {file} (see docs/cli.md)",
        file=f"table-{table.id}.txt",
    )
    line = scores_line(names, scores)
    totals = (
        msg("Final scores: {scores}", scores=line)
        if over
        else msg("Scores so far: {scores}", scores=line)
    )
    lines = [
        f"# {say(heading)}",
        f"# {say(replay)}",
        *header_lines(game.info.key, names, table.seed, table.options),
        f"# {say(totals)}",
    ]
    if names != list(state.players):
        changed = msg(
            "Names holding ':', '#' or ',' were changed: a move line could not name them."
        )
        lines.append(f"# {say(changed)}")
    secret = say(term("secret", "export"))
    hidden = 0
    for action in actions:
        name = names[action.seat]
        if action.kind != "move" or over or action.text_for(viewer) == action.text:
            lines.append(f"{name}: {_logged_action(action)}")
        else:
            hidden += 1
            lines.append(f"{name}: {action.public_text}  # {secret}")
    return "\n".join(lines) + "\n", hidden
