"""Completing what a player is typing: the legal actions that fit, including the last part of
a whole turn typed as `a; b; c` (the parts before it are tried, never stored)."""

from __future__ import annotations

from engine.core import normalize

from .base import ServiceBase
from .errors import RulesError
from .model import Channel, User


class CompletionService(ServiceBase):
    async def turn_completions(self, channel: Channel, user: User, typed: str) -> list[str]:
        """Whole texts the user could submit now that continue `typed`, best first.

        Without `;` these are the user's legal actions matching `typed` (as `legal_actions`).
        With `;` the parts before the last `;` are applied to a copy of the position and the
        last part is completed with what may follow them in the same turn
        (`Game.legal_after`); if nothing may, the typed turn itself is the only completion.
        Empty when nothing fits, the turn so far is illegal, or it is not the user's turn.
        Raises like `legal_actions` for onlookers and tables not running.
        """
        ctx = await self._context(channel)
        seat = self._playing_seat(ctx, user)
        if seat not in ctx.table.to_act or len(typed) > ctx.game.max_turn_length():
            return []
        done, separator, last = typed.rpartition(";")
        done = " ".join(done.split())
        if not separator or not done:
            actions = await self._engine(ctx.game.legal_actions, self._state(ctx), seat)
            return best_matches(actions, last)
        try:
            continuations = await self._engine(ctx.game.legal_after, self._state(ctx), seat, done)
        except RulesError:
            return []
        if continuations is None:
            return [done]
        return [f"{done}; {action}" for action in best_matches(continuations, last)]


def best_matches(actions: list[str], typed: str) -> list[str]:
    """Actions starting with `typed` first, then those merely containing it (case and spacing
    ignored); all of them for an empty `typed`."""
    wanted = normalize(typed)
    if not wanted:
        return list(actions)
    normalised = [(normalize(action), action) for action in actions]
    starting = [action for norm, action in normalised if norm.startswith(wanted)]
    containing = [
        action for norm, action in normalised if wanted in norm and not norm.startswith(wanted)
    ]
    return starting + containing
