"""The heuristics and the search see what any player would: take the points on offer, build
what is ready, do not give points away."""

from __future__ import annotations

import pytest

import engine
from engine.ai import choose_action
from tests.games.terra_nova_2006 import helpers as tn06
from tests.games.tiny_towns import helpers as tt

SEARCHING = ["normal", "strong"]


def closing_a1_a3(owner: int) -> tuple[object, str]:
    """Alice has moved next to A4, the last open cell around the area A1–A3 (9 points),
    in which `owner` has a figure."""
    ring = [name for name in tn06.boundary(["A1", "A2", "A3"]) if name != "A4"]
    state = tn06.position(figures={"A2": owner, "A6": 0, "H7": 1, "J9": 1}, stones=ring)
    state, _ = tn06.play(state, 0, "move A6 A5")
    return state, "stone A4"


@pytest.mark.parametrize("level", SEARCHING)
def test_a_bot_closes_an_area_it_wins(level: str) -> None:
    state, closing = closing_a1_a3(owner=0)
    assert closing in tn06.GAME.legal_actions(state, 0)
    assert choose_action(tn06.GAME, state, 0, level, seed=1) == closing


@pytest.mark.parametrize("level", SEARCHING)
def test_a_bot_does_not_close_an_area_for_its_rival(level: str) -> None:
    state, closing = closing_a1_a3(owner=1)
    assert choose_action(tn06.GAME, state, 0, level, seed=1) != closing


@pytest.mark.parametrize("level", SEARCHING)
def test_a_bot_builds_a_cottage_its_farm_feeds(level: str) -> None:
    town = tt.town("farm . . . . H . . B G . . . . . .", step="build")
    rival = tt.town(". . . . . . . . . . . . . . . .", step="done")
    state = tt.position(town, rival)
    action = choose_action(tt.GAME, state, 0, level, seed=1)
    assert action.startswith("build cottage"), action


@pytest.mark.parametrize("level", SEARCHING)
def test_a_bot_with_money_builds_rather_than_pass_in_the_first_round(level: str) -> None:
    game = engine.get("terra-nova")
    state = game.new_game(["alice", "bob"], 3, {"first-game": True})
    seat = min(game.to_act(state))
    assert state.round == 1 and state.seats[seat].money >= 4
    assert not choose_action(game, state, seat, level, seed=1).startswith("pass")
