"""Variants: drop-out turn order, and the 2-player Planner and Lucky Digger variants."""

from __future__ import annotations

import pytest

from engine.core import BadOptions, IllegalAction
from engine.games.terra_nova.board import board
from engine.games.terra_nova.factions import FACTIONS_BY_KEY
from engine.games.terra_nova.state import NEUTRAL_BASE, TerraNovaState
from engine.games.terra_nova.terrain import TERRAINS

from .helpers import GAME, NAMES, finish_round_end, play

DUO = board("duo")


def test_variants_are_for_two_players_on_the_duo_side() -> None:
    with pytest.raises(BadOptions, match="for 2 players"):
        GAME.new_game(NAMES[:3], seed=1, options={"variant": "planner"})
    with pytest.raises(BadOptions, match="first-game"):
        GAME.new_game(NAMES[:2], seed=1, options={"variant": "planner", "first-game": True})
    state = GAME.new_game(NAMES[:2], seed=1, options={"variant": "lucky-digger"})
    assert state.side == "duo" and len(state.terrain) == len(DUO)


def set_up(state: TerraNovaState) -> TerraNovaState:
    """Play through faction choice, starting houses and bonus tiles with the first choices."""
    while state.phase in ("factions", "houses", "bonus"):
        state, _ = play(state, state.current, GAME.legal_actions(state, state.current)[0])
    return state


def test_planner_neutral_colour_houses_and_the_third_round() -> None:
    state = GAME.new_game(NAMES[:2], seed=4, options={"variant": "planner"})
    assert state.phase == "neutral" and state.planner in TERRAINS
    marked = [h for h in DUO.marked if DUO.terrain[h] == state.planner]
    legal = GAME.legal_actions(state, 0)
    assert legal == [f"neutral {DUO.names[h]}" for h in sorted(marked)]
    state, _ = play(state, 0, legal[0])
    state, _ = play(state, 1, GAME.legal_actions(state, 1)[0])
    assert state.phase == "factions"
    neutral_code = NEUTRAL_BASE + TERRAINS.index(state.planner)
    assert state.owner.count(neutral_code) == 2
    homes = {FACTIONS_BY_KEY[text.split()[1]].home for text in GAME.legal_actions(state, 0)}
    assert state.planner not in homes and len(homes) == 4
    state = set_up(state)
    while state.round < 4:
        seat = state.current
        pass_text = next(t for t in GAME.legal_actions(state, seat) if t.startswith("pass"))
        state, _ = play(state, seat, pass_text)
        state, _ = finish_round_end(state)
    assert state.owner.count(neutral_code) == 4


def test_lucky_digger_sets_drawn_neutral_houses_before_every_income() -> None:
    state = GAME.new_game(NAMES[:2], seed=2, options={"variant": "lucky-digger"})
    state = set_up(state)
    assert state.phase == "neutral" and state.round == 0
    chosen = {p.faction for p in state.seats}
    assert all(t not in chosen for t in state.neutral)
    with pytest.raises(IllegalAction, match="not a marked"):
        GAME.apply(state, state.current, "neutral B3")
    while state.phase == "neutral":
        state, _ = play(state, state.current, GAME.legal_actions(state, state.current)[0])
    assert state.phase == "actions" and state.round == 1
    assert sum(1 for owner in state.owner if owner >= NEUTRAL_BASE) == 2


def test_drop_out_turn_order_follows_the_order_of_passing() -> None:
    def round_one(options: dict[str, str]) -> list[int]:
        state = GAME.new_game(NAMES[:3], seed=1, options={"first-game": True, **options})
        state, _ = play(state, 0, "sail")
        state, _ = play(state, 1, "pass bonus2")
        state, _ = play(state, 2, "sail")
        state, _ = play(state, 0, "pass bonus5")
        state, _ = play(state, 2, "pass bonus6")
        state, _ = finish_round_end(state)
        assert state.round == 2
        return state.order

    assert round_one({"turn-order": "drop-out"}) == [1, 0, 2]
    assert round_one({}) == [1, 2, 0]
