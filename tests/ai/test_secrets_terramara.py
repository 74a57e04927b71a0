"""A Terramara bot decides only from what its seat can see.

Terramara hides the order of the artifact deck within each level (and the random stream of
later draws). Reordering those, keeping the river and the levels' counts, must leave the
determinised states and the bot's decisions unchanged.
"""

from __future__ import annotations

import pytest

import engine
from engine.ai import decide
from engine.ai.sampling import determinize
from engine.core.rng import Rng
from engine.games.terramara.content import ARTIFACTS
from engine.games.terramara.state import TerramaraState

from .helpers import midgame

GAME = engine.get("terramara")


def with_deck_reordered(state: TerramaraState, seed: int) -> TerramaraState:
    """The same game as every seat sees it: the deck's order within each level changed."""
    rng = Rng(seed=seed)
    deck: list[str] = []
    for level in (1, 2, 3):
        cards = [key for key in state.deck if ARTIFACTS[key].level == level]
        rng.shuffle(cards)
        deck.extend(cards)
    changed = state.model_copy(update={"deck": deck, "rng": Rng(seed=seed + 1000, draws=3)})
    assert changed.deck != state.deck
    return changed


@pytest.fixture(scope="module")
def position() -> tuple[TerramaraState, int]:
    """A first-round position of a two-player game with a real choice, and who is to act."""
    state = midgame("terramara", 4, 30)
    seat = min(GAME.to_act(state))
    assert state.phase == "play" and len(GAME.legal_actions(state, seat)) > 1
    return state, seat


def test_determinisation_forgets_the_deck_order(position: tuple[TerramaraState, int]) -> None:
    state, seat = position
    for variant in range(4):
        other = with_deck_reordered(state, variant)
        for seed in range(3):
            mine = determinize(GAME, state, seat, Rng(seed=seed))
            theirs = determinize(GAME, other, seat, Rng(seed=seed))
            assert mine.model_dump() == theirs.model_dump()


def test_determinisation_keeps_what_the_seat_sees(position: tuple[TerramaraState, int]) -> None:
    state, seat = position
    sampled = determinize(GAME, state, seat, Rng(seed=1))
    assert GAME.view(sampled, seat) == GAME.view(state, seat)
    assert sampled.river == state.river and sorted(sampled.deck) == sorted(state.deck)
    levels = [ARTIFACTS[key].level for key in sampled.deck]
    assert levels == sorted(levels)


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_decisions_do_not_depend_on_the_deck_order(
    position: tuple[TerramaraState, int], level: str
) -> None:
    state, seat = position
    for seed in range(3):
        mine = decide(GAME, state, seat, level, seed)
        for variant in range(2):
            assert decide(GAME, with_deck_reordered(state, variant), seat, level, seed) == mine
