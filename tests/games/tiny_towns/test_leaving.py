"""Resigning and skipping in a simultaneous game."""

from __future__ import annotations

import pytest

from engine.core import GameOver, IllegalAction, NotYourTurn

from .helpers import GAME, at, offer_with, play, position, texts, town

FULL_BUT_ONE = "W W W W  W W W W  W W W W  W W W ."


def test_a_resigned_player_is_finished_at_once_and_ranks_last() -> None:
    rich = "tavern tavern tavern tavern  tavern . . .  . . . .  . . . ."
    state = position(town(rich, step="place"), town(step="place"), town(step="place"))
    state, events = play(state, 1, "place wood A1")
    state, events = GAME.resign(state, 0)
    assert texts(events)[0] == "alice resigns: their town is scored as it stands and ranks last"
    assert state.towns[0].step == "finished" and state.towns[0].resigned
    assert GAME.to_act(state) == {1, 2}
    assert GAME.scores(state)[0] == 9
    assert GAME.ranking(state)[-1] == [0]
    state, _ = play(state, 1, "done")
    state, _ = play(state, 2, "place wood A1; done")
    assert state.round == 2 and GAME.to_act(state) == {1, 2}
    assert GAME.view(state, None)["players"][0]["status"] == "resigned"
    with pytest.raises(IllegalAction, match="has already resigned"):
        GAME.resign(state, 0)


def test_the_game_ends_when_all_but_one_player_have_resigned() -> None:
    state = position(town(step="place"), town(step="place"), town(step="place"))
    state, _ = GAME.resign(state, 0)
    state, events = GAME.resign(state, 2)
    assert GAME.is_over(state)
    assert "the game ends: every other player has resigned" in texts(events)
    assert GAME.ranking(state)[0] == [1]
    with pytest.raises(GameOver):
        GAME.resign(state, 1)


def test_resigning_alone_ends_a_solo_game() -> None:
    state = position(town(step="place"), source="solo")
    state, events = GAME.resign(state, 0)
    assert GAME.is_over(state)
    assert texts(events)[-1] == "alice scores -16 points: Hobby Builder"


def test_a_resigning_hammer_holder_hands_the_naming_on() -> None:
    state = GAME.new_game(
        ["alice", "bob", "carol"], seed=2, options={"prospectors": True, "monuments": False}
    )
    holder = state.hammer
    assert holder is not None
    state, _ = GAME.resign(state, holder)
    assert state.phase == "name" and state.hammer == (holder + 1) % 3


def test_skipping_places_the_resource_on_the_first_empty_square_and_ends_the_round_part() -> None:
    state = position(town("W S . . . . . . . . . . . . . .", step="place"), town(step="place"))
    state, events = GAME.skip(state, 0)
    assert texts(events)[0] == "alice is skipped: the rest of their round is played for them"
    assert state.towns[0].cells[at("C1")] == "wood"
    assert state.towns[0].cells.count("well") == 0  # nothing is built for them
    assert state.towns[0].step == "done"
    assert GAME.to_act(state) == {1}


def test_skipping_settles_what_is_owed_with_the_plainest_choice() -> None:
    factory = town("factory . . . . . . . . . . . . . . .", pending=["put:0"])
    state = position(factory, town(step="place"), offer=offer_with("factory"))
    state, _ = GAME.skip(state, 0)
    assert state.towns[0].held == {0: ["wood"]} and state.towns[0].step == "done"


def test_skipping_the_keep_phase_keeps_the_first_card() -> None:
    state = GAME.new_game(["alice", "bob"], seed=3)
    first = state.towns[1].dealt[0]
    state, _ = GAME.skip(state, 1)
    assert state.towns[1].monument == first
    assert GAME.to_act(state) == {0}


def test_skipping_a_solo_player_takes_the_first_face_up_card() -> None:
    state = GAME.new_game(["alice"], seed=3, options={"monuments": False})
    first = state.face_up[0]
    state, _ = GAME.skip(state, 0)
    assert first in state.towns[0].cells
    assert state.round == 2


def test_skipping_the_hammer_holder_passes_the_hammer_for_this_round() -> None:
    state = GAME.new_game(
        ["alice", "bob", "carol"], seed=2, options={"prospectors": True, "monuments": False}
    )
    holder = state.hammer
    assert holder is not None
    state, events = GAME.skip(state, holder)
    assert state.hammer == (holder + 1) % 3 and state.phase == "name"
    assert "the hammer passes on for this round" in texts(events)[0]


def test_only_a_seat_that_is_to_act_can_be_skipped() -> None:
    state = position(town(step="done"), town(step="place"))
    with pytest.raises(NotYourTurn, match="waiting for bob"):
        GAME.skip(state, 0)


def test_a_skipped_town_fills_up_and_finishes() -> None:
    state = position(town(FULL_BUT_ONE, step="place"), town(step="place"))
    state, _ = GAME.skip(state, 0)
    state, _ = play(state, 1, "place wood A1; done")
    assert state.towns[0].step == "finished"


def test_resigning_while_monuments_are_kept_lets_the_others_begin() -> None:
    state = GAME.new_game(["alice", "bob", "carol"], seed=3)
    state, _ = play(state, 0, f"keep {state.towns[0].dealt[0]}")
    state, _ = play(state, 1, f"keep {state.towns[1].dealt[1]}")
    state, _ = GAME.resign(state, 2)
    assert state.phase == "play" and state.round == 1 and GAME.to_act(state) == {0, 1}
