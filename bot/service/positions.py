"""Earlier positions of a table. The store keeps no state per action, only a few positions
(bot/store/checkpoints.py); any other is the nearest kept one before it with the logged
actions after that played again — a game is exactly replayable, its randomness living in
the state. Undo restores positions this way."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from engine.core import Game, Result

from ..store import ActionRecord
from .base import ServiceBase, TableContext
from .errors import RulesError, UndoRefused

log = logging.getLogger(__name__)


def play_again(game: Game[Any], state: Any, action: ActionRecord) -> Result[Any]:
    """Play a logged action again on `state` (the position it was first played on)."""
    if action.kind == "resign":
        return game.resign(state, action.seat)
    if action.kind == "skip":
        return game.skip(state, action.seat)
    return game.apply(state, action.seat, action.text)


def replay_actions(game: Game[Any], state_json: str, actions: Sequence[ActionRecord]) -> Any:
    """The state after playing `actions` again from `state_json` (engine work, no I/O)."""
    state = game.load_state(state_json)
    for action in actions:
        state = play_again(game, state, action).state
    return state


class PositionService(ServiceBase):
    async def _state_before(self, ctx: TableContext, number: int) -> Any:
        """The state the table was in before its action `number` (after `number - 1`).

        UndoRefused when it cannot be had: the game moved on at the same moment (the actions
        read do not fill the gap), or the log no longer plays again (a bug, logged)."""
        table = ctx.table
        kept = await self.store.actions.checkpoint_before(table.id, number)
        if kept is None:
            raise UndoRefused(_LOST.format(number=number))
        actions = await self.store.actions.actions_between(table.id, kept.number + 1, number - 1)
        if len(actions) != number - 1 - kept.number:
            raise UndoRefused(MOVED_ON_MEANWHILE)
        try:
            return await self._engine(replay_actions, ctx.game, kept.state_json, actions)
        except RulesError:
            log.exception(
                "table %s: actions %s–%s do not play again from position %s",
                table.id,
                kept.number + 1,
                number - 1,
                kept.number,
            )
            raise UndoRefused(_LOST.format(number=number)) from None


MOVED_ON_MEANWHILE = (
    "The game moved on at the same moment, so nothing was taken back; look at /board and ask "
    "again if it is still wanted."
)
_LOST = (
    "The position before action #{number} could not be restored, so nothing was taken back "
    "(the bot's log says why)."
)
