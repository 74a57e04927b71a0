"""A bot decides only from what its seat can see.

Tiny Towns hides the deck order, the buried cards, the random stream and each player's
monument cards. Changing any of these for the others (keeping what the bot's seat sees) must
leave the determinised states and the bot's decisions unchanged.
"""

from __future__ import annotations

import pytest

import engine
from engine.ai import decide
from engine.ai.sampling import determinize
from engine.core.rng import Rng
from engine.games.tiny_towns.cards import MONUMENTS
from engine.games.tiny_towns.state import BURIED, TinyTownsState

from .helpers import midgame

GAME = engine.get("tiny-towns")
BOT = 0


def with_other_secrets(state: TinyTownsState, seed: int) -> TinyTownsState:
    """The same game as seat BOT sees it, with every secret of the others changed."""
    rng = Rng(seed=seed)
    pool = state.deck + state.discard[:BURIED]
    rng.shuffle(pool)
    discard = pool[:BURIED] + state.discard[BURIED:]
    towns = list(state.towns)
    unseen = [
        key
        for key in MONUMENTS
        if key not in towns[BOT].dealt and not any(key in t.cells for t in towns)
    ]
    rng.shuffle(unseen)
    for seat, town in enumerate(towns):
        if seat == BOT or not town.dealt or (town.monument and town.monument in town.cells):
            continue
        dealt = [unseen.pop(), unseen.pop()]
        monument = dealt[1] if town.monument is not None else None
        towns[seat] = town.model_copy(update={"dealt": dealt, "monument": monument})
    changed = state.model_copy(
        update={
            "deck": pool[BURIED:],
            "discard": discard,
            "towns": towns,
            "rng": Rng(seed=seed + 1000, draws=7),
        }
    )
    assert changed != state
    return changed


@pytest.fixture(scope="module")
def position() -> TinyTownsState:
    """Round 4 or so of a three-player game with monuments, the bot's seat to act."""
    actions = 12
    while BOT not in GAME.to_act(state := midgame("tiny-towns", 5, actions, players=3)):
        actions += 1
    assert BOT in GAME.to_act(state) and state.phase == "play"
    assert all(town.monument for town in state.towns)
    return state


def test_determinisation_forgets_the_others_secrets(position: TinyTownsState) -> None:
    for variant in range(5):
        other = with_other_secrets(position, variant)
        for seed in range(3):
            mine = determinize(GAME, position, BOT, Rng(seed=seed))
            theirs = determinize(GAME, other, BOT, Rng(seed=seed))
            assert mine.model_dump() == theirs.model_dump()


def test_determinisation_keeps_what_the_seat_sees(position: TinyTownsState) -> None:
    sampled = determinize(GAME, position, BOT, Rng(seed=1))
    assert GAME.view(sampled, BOT) == GAME.view(position, BOT)
    assert sampled.towns[BOT] == position.towns[BOT]
    assert sampled.discard[BURIED:] == position.discard[BURIED:]
    assert sorted(sampled.deck + sampled.discard[:BURIED]) == sorted(
        position.deck + position.discard[:BURIED]
    )
    for seat in (1, 2):
        town = sampled.towns[seat]
        assert town.monument in town.dealt
        assert not set(town.dealt) & set(position.towns[BOT].dealt)


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_decisions_do_not_depend_on_the_others_secrets(
    position: TinyTownsState, level: str
) -> None:
    for seed in range(4):
        mine = decide(GAME, position, BOT, level, seed)
        for variant in range(3):
            assert decide(GAME, with_other_secrets(position, variant), BOT, level, seed) == mine


def test_alone_the_cards_put_under_the_deck_stay_known() -> None:
    state: TinyTownsState = midgame("tiny-towns", seed=2, actions=9, players=1)
    chosen = state.round - (1 if state.towns[0].step == "choose" else 0)
    assert 0 < chosen < len(state.deck)
    sampled = determinize(GAME, state, 0, Rng(seed=3))
    assert sampled.deck[-chosen:] == state.deck[-chosen:]
    assert sorted(sampled.deck) == sorted(state.deck)
