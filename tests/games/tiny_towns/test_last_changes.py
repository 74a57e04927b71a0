"""The view's `last_changes` per town: the squares that town's own actions changed in the
current round, or else in the round before, so the board can mark each town's latest move
even while the others still play their part of a round."""

from __future__ import annotations

from typing import Any

from engine.games.tiny_towns import TinyTownsState

from .helpers import GAME, offer_with, play, position, town


def changes(state: TinyTownsState, seat: int) -> Any:
    return GAME.view(state, None)["players"][seat]["last_changes"]


def test_nothing_is_marked_before_anyone_acts() -> None:
    state = position(town(step="place"), town(step="place"))
    assert [changes(state, seat) for seat in (0, 1)] == [None, None]


def test_a_placed_resource_marks_its_square_in_that_town_only() -> None:
    state = position(town(step="place"), town(step="place"), round_number=4)
    state, _ = play(state, 0, "place wood C3")
    assert changes(state, 0) == {"round": 4, "squares": ["C3"]}
    assert changes(state, 1) is None


def test_a_building_marks_its_square_and_the_squares_it_emptied() -> None:
    state = position(town(". H W .  B G . .  . . . .  . . . ."), round_number=2)
    state, _ = play(state, 0, "build cottage at A2 using B1 A2 B2")
    assert changes(state, 0) == {"round": 2, "squares": ["B1", "A2", "B2"]}


def test_a_whole_round_adds_up_and_the_next_round_starts_afresh() -> None:
    state = position(town(". H . .  B G . .  . . . .  . . . .", step="place"), town(step="place"))
    state, _ = play(state, 0, "place wood D4", "build cottage at A2 using B1 A2 B2")
    assert changes(state, 0) == {"round": 1, "squares": ["B1", "A2", "B2", "D4"]}
    state, _ = play(state, 0, "done")
    state, _ = play(state, 1, "place wood A1; done")
    assert state.round == 2
    # round 2 has begun: each town still shows what it did in round 1 …
    assert changes(state, 0) == {"round": 1, "squares": ["B1", "A2", "B2", "D4"]}
    assert changes(state, 1) == {"round": 1, "squares": ["A1"]}
    resource = state.resource
    state, _ = play(state, 1, f"place {resource} B1")
    # … until it acts in round 2; the other town keeps its round-1 marks meanwhile
    assert changes(state, 1) == {"round": 2, "squares": ["B1"]}
    assert changes(state, 0) == {"round": 1, "squares": ["B1", "A2", "B2", "D4"]}


def test_marks_older_than_the_round_before_are_not_shown() -> None:
    old = town(step="place", changed=[0], changed_round=2)
    assert changes(position(old, town(step="place"), round_number=3), 0) == {
        "round": 2,
        "squares": ["A1"],
    }
    assert changes(position(old, town(step="place"), round_number=4), 0) is None


def test_storing_on_a_warehouse_marks_the_warehouse() -> None:
    warehouse = town("warehouse . . . . . . . . . . . . . . .", step="place")
    state = position(warehouse, town(step="place"), offer=offer_with("warehouse"))
    state, _ = play(state, 0, "store wood on A1")
    assert changes(state, 0) == {"round": 1, "squares": ["A1"]}


def test_states_stored_before_the_marks_existed_still_load() -> None:
    state = position(town(step="place"), town(step="place"))
    stored = state.model_dump(mode="json")
    for entry in stored["towns"]:
        del entry["changed"], entry["changed_round"]
    loaded = TinyTownsState.model_validate(stored)
    assert changes(loaded, 0) is None
    loaded, _ = play(loaded, 0, "place wood A1")
    assert changes(loaded, 0) == {"round": 1, "squares": ["A1"]}
