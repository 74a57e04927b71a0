"""Playing what nobody has to wait for: after every change of position the service plays, for
the seats the table waits for, the actions their game calls forced and the answers their
players set in advance (engine/core/automatic.py), one stored action at a time, until none
applies. Each is logged as its seat's action with why it was played for them; an undo takes
it back together with the chosen action that led to it.

A player may set a standing answer while the table is being changed: whoever writes last
also reads the other's change (the answers are read after the position is stored, and a new
answer is followed by a look at the position), so neither is missed; should both try to play
the answer, the table's version lets one of them store it.
"""

from __future__ import annotations

from typing import Any

from engine.core import Automatic, Game

from .base import TableContext
from .model import User
from .saving import Played, SavingService, Step

#: The most actions played automatically after one change (far more than any game needs:
#: a guard against a game that would keep forcing actions).
MAX_AUTOMATIC = 50
#: How often a lost race is looked at again before giving up (others are moving meanwhile,
#: and each of them plays what is automatic after their own change).
MAX_RACES = 12


class AutomaticService(SavingService):
    async def _play_automatic(self, ctx: TableContext, after: Step | None = None) -> list[Step]:
        """Play every forced action and standing answer that applies now at the table of
        `ctx`, in turn; returns the steps stored (empty when nothing applied). `after`: the
        step just stored, whose position is looked at first without reading the table."""
        table_id = ctx.table.id
        steps: list[Step] = []
        races = 0
        while len(steps) < MAX_AUTOMATIC and races <= MAX_RACES:
            answers = await self.store.answers.answers(table_id)
            if after is not None:
                state = after.played.state
                if not await self._engine(_first_automatic, ctx.game, state, answers):
                    break
                after = None
            table = await self.store.tables.table(table_id)
            if table is None or table.status != "active" or not table.to_act:
                break
            now = TableContext(table, ctx.seats, ctx.game)
            found = await self._engine(self._next_automatic, now, answers)
            if found is None:
                break
            seat, automatic, played = found
            player = User(now.by_seat(seat).user_id, now.by_seat(seat).display_name)
            step = await self._save(now, player, seat, "move", played.text, played, automatic.why)
            if step is None:
                races += 1
                continue
            steps.append(step)
        return steps

    def _next_automatic(
        self, ctx: TableContext, answers: dict[int, list[str]]
    ) -> tuple[int, Automatic, Played] | None:
        """The first seat the table waits for with a forced action or an applying standing
        answer, that action, and its outcome (engine work, run in a worker thread)."""
        found = _first_automatic(ctx.game, self._state(ctx), answers)
        if found is None:
            return None
        seat, automatic = found
        return seat, automatic, self._play_text(ctx, seat, automatic.text)


def _first_automatic(
    game: Game[Any], state: Any, answers: dict[int, list[str]]
) -> tuple[int, Automatic] | None:
    """The first seat to act with a forced action or an applying standing answer, and that
    action (engine work)."""
    if game.is_over(state):
        return None
    for seat in sorted(game.to_act(state)):
        automatic = game.forced(state, seat)
        for answer in answers.get(seat, []):
            automatic = automatic or game.standing_answer(state, seat, answer)
        if automatic is not None:
            return seat, automatic
    return None
