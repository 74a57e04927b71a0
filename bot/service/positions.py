"""Earlier positions of a table. The store keeps no state per action, only a few positions
(bot/store/checkpoints.py); any other is the nearest kept one before it with the logged
actions after that played again — a game is exactly replayable, its randomness living in
the state. Undo restores positions this way."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Game, Message, Result, msg

from ..store import ActionRecord
from ..store.records import ActionKind
from .base import ServiceBase, TableContext
from .errors import RulesError, UndoRefused

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Logged:
    """An action as the log has it: whose, what kind, its text."""

    seat: int
    kind: ActionKind
    text: str


def play_again(game: Game[Any], state: Any, action: Logged | ActionRecord) -> Result[Any]:
    """Play a logged action again on `state`. Automatic actions are logged as their seat's
    moves and play again as such."""
    if action.kind == "resign":
        return game.resign(state, action.seat)
    if action.kind == "skip":
        return game.skip(state, action.seat)
    return game.apply(state, action.seat, action.text)


def replay_actions(game: Game[Any], state: Any, actions: Sequence[ActionRecord]) -> Any:
    """The state after playing `actions` again from `state` (engine work, no I/O)."""
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
            raise UndoRefused(_lost(number))
        actions = await self.store.actions.actions_between(table.id, kept.number + 1, number - 1)
        if len(actions) != number - 1 - kept.number:
            raise UndoRefused(MOVED_ON_MEANWHILE)
        try:
            return await self._engine(
                lambda: replay_actions(ctx.game, ctx.game.load_state(kept.state_json), actions)
            )
        except RulesError:
            log.exception(
                "table %s: actions %s–%s do not play again from position %s",
                table.id,
                kept.number + 1,
                number - 1,
                kept.number,
            )
            raise UndoRefused(_lost(number)) from None


MOVED_ON_MEANWHILE = msg(
    "The game moved on at the same moment, so nothing was taken back; look at /board and ask "
    "again if it is still wanted."
)


def _lost(number: int) -> Message:
    return msg(
        "The position before action #{number} could not be restored, so nothing was taken back "
        "(the bot's log says why).",
        number=number,
    )
