"""What a player cannot see, redrawn by `determinize` (engine/games/tiny_towns/hidden.py)."""

from __future__ import annotations

from collections import Counter

from engine.core import Rng
from engine.games.tiny_towns import TinyTownsState
from engine.games.tiny_towns.board import NAMES
from engine.games.tiny_towns.cards import MONUMENTS, SOLO_REMOVED
from engine.games.tiny_towns.state import BURIED

from .helpers import GAME

PLAYERS = ["alice", "bob", "carol"]


def guesses(state: TinyTownsState, viewer: int | None, count: int = 25) -> list[TinyTownsState]:
    return [GAME.determinize(state, viewer, Rng(seed=seed)) for seed in range(count)]


def test_the_deck_order_and_the_buried_cards_are_redrawn_from_the_same_cards() -> None:
    state = GAME.new_game(PLAYERS, seed=4)
    hidden = Counter(state.deck + state.discard[:BURIED])
    found = guesses(state, 0)
    for guess in found:
        assert Counter(guess.deck + guess.discard[:BURIED]) == hidden
        assert len(guess.deck) == len(state.deck)
        assert guess.discard[BURIED:] == state.discard[BURIED:]
    assert len({tuple(guess.deck) for guess in found}) > 20


def test_own_monument_cards_stay_and_the_others_are_redrawn_from_the_rest() -> None:
    state = GAME.new_game(PLAYERS, seed=4)
    state, _ = GAME.apply(state, 1, f"keep {state.towns[1].dealt[1]}")
    found = guesses(state, 0)
    mine = set(state.towns[0].dealt)
    for guess in found:
        assert guess.towns[0] == state.towns[0]
        others = guess.towns[1].dealt + guess.towns[2].dealt
        assert len(set(others)) == 4 and not mine & set(others)
        assert guess.towns[1].monument in guess.towns[1].dealt
        assert guess.towns[2].monument is None
    assert len({tuple(guess.towns[1].dealt) for guess in found}) > 10


def test_a_built_monument_is_public() -> None:
    state = GAME.new_game(PLAYERS, seed=4)
    built = state.towns[1].dealt[0]
    town = state.towns[1].model_copy(update={"monument": built, "cells": [built] + [""] * 15})
    state = state.model_copy(update={"towns": [state.towns[0], town, state.towns[2]]})
    for guess in guesses(state, None):
        assert guess.towns[1].monument == built
        assert built in guess.towns[1].dealt
        assert built not in guess.towns[0].dealt + guess.towns[2].dealt


def test_solo_the_cards_put_under_the_deck_stay_at_its_bottom() -> None:
    state = GAME.new_game(["alice"], seed=2, options={"monuments": False})
    for _ in range(3):
        card = state.face_up[0]
        state, _ = GAME.apply(state, 0, f"choose {card}; place {card} {_empty(state)}; done")
    assert state.round == 4
    for guess in guesses(state, 0):
        assert guess.deck[-3:] == state.deck[-3:]
        assert Counter(guess.deck) == Counter(state.deck)
        assert guess.face_up == state.face_up


def test_solo_monuments_come_from_the_solo_set() -> None:
    state = GAME.new_game(["alice"], seed=2)
    allowed = set(MONUMENTS) - SOLO_REMOVED
    for guess in guesses(state, None):
        assert set(guess.towns[0].dealt) <= allowed


def _empty(state: TinyTownsState) -> str:
    return NAMES[state.towns[0].cells.index("")]
