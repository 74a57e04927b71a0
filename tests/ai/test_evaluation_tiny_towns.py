"""Tiny Towns' `strong` looks one placement further than `normal`: a town is worth what the
next resource adds at its best square, so a town that keeps room for what comes is worth more
than one that will have to put it where it blocks a building."""

from __future__ import annotations

import pytest

import engine
from engine.ai.heuristics import heuristics_for
from engine.ai.heuristics.tiny_towns import (
    LookaheadHeuristics,
    TinyTownsHeuristics,
    placement_gain,
    town_value,
)
from engine.core.rng import Rng
from engine.games.tiny_towns import TinyTownsState
from engine.games.tiny_towns.state import Source, Step
from tests.games.tiny_towns import helpers as tt

#: One empty square left, A1, beside a stone: wood there makes a Well (W S, worth 2 here and
#: credited 2 × 0.7 while it misses the wood); anything else fills the square the Well needs.
#: Two cottages stand beside it, so that to `strong`, which counts what a Well scores where
#: it stands (`SiteWorths`), it is worth 2.5: a point per cottage beside it and a half for
#: the hope of more.
LAST_SQUARE = ". S cottage chapel cottage" + " chapel" * 11
WELL_HERE = 2.5
HEURISTICS = heuristics_for(tt.GAME)


def last_square(
    step: Step, deck: list[str], round_number: int = 1, source: Source = "card"
) -> TinyTownsState:
    town = tt.town(LAST_SQUARE, step=step)
    rival = tt.town(step=step)
    return tt.position(town, rival, deck=deck, round_number=round_number, source=source)


def evaluate(level: str, state: TinyTownsState) -> float:
    return HEURISTICS.for_level(level).evaluate(tt.GAME, state, 0)[0]


def test_the_next_card_decides_what_the_town_is_worth_to_strong() -> None:
    """Done with round 1, round 2's card comes next: wood completes the Well, stone buries it."""
    wood, stone = last_square("done", ["wood"]), last_square("done", ["stone"])
    assert town_value(wood, 0) == town_value(stone, 0)
    assert placement_gain(wood, 0) == pytest.approx(2.0 - 1.4)
    assert placement_gain(stone, 0) == pytest.approx(-1.4)
    assert evaluate("normal", wood) == evaluate("normal", stone)
    assert evaluate("strong", wood) - evaluate("strong", stone) == pytest.approx(WELL_HERE)


def test_before_a_choice_round_strong_counts_the_best_resource() -> None:
    """Round 3 is a choice round: whatever the deck holds, the town will take wood."""
    state = last_square("done", ["stone"], round_number=2)
    assert placement_gain(state, 0) == pytest.approx(0.6)


def test_while_still_to_place_the_rounds_own_resource_counts() -> None:
    state = last_square("place", ["wood"])  # this round's resource is tt.position's wood
    assert placement_gain(state, 0) == pytest.approx(0.6)
    stone_now = state.model_copy(update={"resource": "stone"})
    assert placement_gain(stone_now, 0) == pytest.approx(-1.4)


def test_a_full_or_finished_town_has_nothing_to_place() -> None:
    full = tt.town("cottage" + " chapel" * 15, step="done")
    state = tt.position(full, tt.town(step="done"), deck=["wood"])
    assert placement_gain(state, 0) == 0.0
    finished = last_square("done", ["wood"])
    towns = [finished.towns[0].model_copy(update={"step": "finished"}), finished.towns[1]]
    assert placement_gain(finished.model_copy(update={"towns": towns}), 0) == 0.0


def test_tiny_towns_strong_decides_with_its_own_heuristics() -> None:
    """(Terramara's `strong` has its own too: test_evaluation_terramara.py.)"""
    for level in ("random", "easy", "normal"):
        assert HEURISTICS.for_level(level) is HEURISTICS
    assert isinstance(HEURISTICS, TinyTownsHeuristics) and not HEURISTICS.lookahead
    assert isinstance(HEURISTICS.for_level("strong"), LookaheadHeuristics)
    for key in ("terra-nova", "terra-nova-2006"):
        others = heuristics_for(engine.get(key))
        assert all(others.for_level(level) is others for level in ("normal", "strong"))


def test_strong_expects_a_prospector_to_name_what_their_own_town_needs() -> None:
    """Bob holds the hammer and his town waits for wood: `strong`'s search lets him name
    wood, where `normal`'s lets him name anything (the random policy of the others)."""
    bob = tt.town(LAST_SQUARE, step="place")
    state = tt.position(tt.town(step="place"), bob, options={"prospectors": True}, hammer=1)
    state = state.model_copy(update={"phase": "name", "source": "named", "resource": None})
    names = tt.GAME.legal_actions(state, 1)
    assert len(names) == 5
    strong, normal = HEURISTICS.for_level("strong"), HEURISTICS.for_level("normal")
    rngs = [Rng(seed=seed) for seed in range(12)]
    strongs = {strong.opponent_action(tt.GAME, state, 1, names, rng) for rng in rngs}
    normals = {normal.opponent_action(tt.GAME, state, 1, names, rng) for rng in rngs}
    assert strongs == {"name wood"}
    assert len(normals) > 1
