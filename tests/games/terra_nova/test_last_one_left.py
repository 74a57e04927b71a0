"""The last seat still in a round: what `legal_actions` and `legal_after` (the /move
completion of `a; b`) offer it, at every such moment of seeded random games.

Once all others have passed, the turn comes back to the same seat, so a listing could reach
into its next turn, which one whole turn may not hold: a turn is one action, with power
exchanges around it and the tiles of the towns it founds.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core.playout import random_playout
from engine.games.terra_nova.state import TerraNovaState

from .helpers import GAME, NAMES, first_game, play

#: After a turn's action only these may follow in the same turn.
AFTER_THE_ACTION = ("exchange", "town")


def last_ones_left(players: int, seed: int) -> Iterator[tuple[TerraNovaState, int]]:
    """Each position of a seeded random game where one seat acts and all others have passed."""
    log = random_playout(GAME, list(NAMES[:players]), seed).log
    state = GAME.new_game(list(NAMES[:players]), seed)
    for seat, text in log:
        if state.phase == "actions":
            others = [p for at, p in enumerate(state.seats) if at != state.current]
            if all(p.passed for p in others):
                yield state, state.current
        state, _ = GAME.apply(state, seat, text)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 8)])
def test_the_last_seat_is_offered_only_what_its_turn_can_hold(players: int, seed: int) -> None:
    moments = 0
    for state, seat in last_ones_left(players, seed):
        moments += 1
        for action in GAME.legal_actions(state, seat):
            GAME.apply(state, seat, action)  # raises if refused
            acts = action.split()[0] not in AFTER_THE_ACTION  # (not an exchange, a town)
            for then in GAME.legal_after(state, seat, action) or []:
                assert not acts or then.split()[0] in AFTER_THE_ACTION, (action, then)
                GAME.apply(state, seat, f"{action}; {then}")
    assert moments >= 5


def test_after_the_last_action_only_exchanges_follow_and_the_next_turn_waits() -> None:
    state = first_game(2)
    state, _ = play(state, 0, f"pass {sorted(state.offer)[0]}")
    state.seats[1].bowls = [0, 0, 8]
    assert "sail" in GAME.legal_actions(state, 1)
    after = GAME.legal_after(state, 1, "sail")
    assert after == [f"exchange {n}" for n in range(1, 9)]
    state.seats[1].bowls = [8, 0, 0]
    assert GAME.legal_after(state, 1, "sail") is None
    # The turn passed back to the same seat: its next turn is a turn of its own.
    state, _ = play(state, 1, "sail")
    assert state.current == 1 and "sail" in GAME.legal_actions(state, 1)
