"""Whole turns are atomic, inputs are never mutated, and the view keeps its contract."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalAction

from .helpers import GAME, boundary, play, position

OPEN = {"H3": 0, "J2": 0, "M9": 1, "C10": 1}


def test_a_failing_part_of_a_turn_changes_nothing_and_is_named() -> None:
    state = position(figures=OPEN)
    before = state.model_dump()
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 0, "move H3 H5; stone H6; stone A1")
    assert "Part 3 of 3 ('stone A1')" in str(error.value)
    assert state.model_dump() == before


def test_apply_never_mutates_its_input_even_when_areas_score() -> None:
    ring = [name for name in boundary(["A1", "A2", "A3"]) if name != "A4"]
    state = position(figures={"A2": 0, "A6": 0, "H7": 1}, stones=ring)
    state, _ = play(state, 0, "move A6 A5")
    before = state.model_dump()
    after, _ = GAME.apply(state, 0, "stone A4")
    assert after.scores == [9, 0]
    assert state.model_dump() == before
    resigned, _ = GAME.resign(state, 0)
    skipped, _ = GAME.skip(state, 0)
    assert state.model_dump() == before
    assert resigned.resigned[0] and skipped.current == 1


def test_states_survive_a_round_trip_through_json() -> None:
    state = position(figures=OPEN)
    state, _ = play(state, 0, "move H3 H5", "stone H6")
    again = GAME.load_state(GAME.dump_state(state))
    assert again.model_dump() == state.model_dump()
    assert GAME.legal_actions(again, 0) == GAME.legal_actions(state, 0)


def test_view_fields_follow_the_contract() -> None:
    ring = [name for name in boundary(["A1", "A2", "A3"]) if name != "A4"]
    state = position(figures={"A2": 0, "A6": 0, "H7": 1}, stones=ring)
    state, _ = play(state, 0, "move A6 A5", "stone A4")
    view = GAME.view(state, None)
    json.dumps(view)
    assert set(view) == {
        "game", "phase", "turn", "to_act", "actions_left", "stones_left", "players", "cells",
        "figures", "stones", "areas", "last_turn", "winner_text",
    }  # fmt: skip
    assert view["game"] == "terra-nova-2006" and view["phase"] == "play"
    assert view["to_act"] == [0] and view["actions_left"] == 1 and view["turn"] == 30
    assert view["stones_left"] == 69
    assert view["players"][0] == {
        "seat": 0, "name": "alice", "colour": "yellow", "score": 9, "figures_on_board": 1,
        "figures_to_place": 0, "figures_out": 1, "resigned": False,
    }  # fmt: skip
    assert len(view["cells"]) == 168
    assert view["cells"][0] == {"name": "A1", "q": 4, "r": 0, "landscape": "grassland"}
    assert view["figures"] == [{"cell": "A5", "seat": 0}, {"cell": "H7", "seat": 1}]
    assert view["stones"] == ["A4", "B1", "B2", "B3", "B4"]
    assert view["last_turn"] == {
        "seat": 0, "moves": [{"from": "A6", "to": "A5"}], "stones": ["A4"], "placed": None,
        "passed": False, "areas": [0],
    }  # fmt: skip
    assert view["winner_text"] is None
    assert GAME.view(state, 1) == view  # nothing is hidden


def test_last_turn_shows_the_previous_turn_until_the_next_one_acts() -> None:
    state = position(figures=OPEN)
    state, _ = GAME.apply(state, 0, "move H3 H5; stone H6; stone H4")
    last = GAME.view(state, None)["last_turn"]
    assert last["seat"] == 0 and last["stones"] == ["H6", "H4"]
    state, _ = play(state, 1, "move M9 M7")
    assert GAME.view(state, None)["last_turn"]["moves"] == [{"from": "M9", "to": "M7"}]
