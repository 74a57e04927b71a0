"""Resign and skip (house ruling H26)."""

from __future__ import annotations

import pytest

from engine.core import GameOver, IllegalAction, NotYourTurn

from .helpers import GAME, NAMES, legal, new, play, seat_with, turn_of


def test_resigning_in_ones_turn_passes_it_and_the_seat_is_never_asked_again() -> None:
    state = GAME.resign(new(4), 0).state
    assert state.seats[0].resigned and state.current == 1
    for _ in range(3):
        seat = state.current
        state = play(state, seat, "place scout hut", "stop", "done")
    assert state.current == 1
    assert GAME.ranking(state)[-1] == [0]
    with pytest.raises(IllegalAction, match="already resigned"):
        GAME.resign(state, 0)


def test_a_resigned_player_is_not_raided_and_a_pending_hand_over_is_dropped() -> None:
    state = seat_with(new(4), 1, raw=[5, 5, 0, 0], military=0)
    state = play(state, 0, "place scout home raid")
    assert GAME.to_act(state) == {1}
    state = GAME.resign(state, 1).state
    assert GAME.to_act(state) == {0} and state.seats[1].raw == [5, 5, 0, 0]
    state = seat_with(new(4), 1, resigned=True, raw=[9, 0, 0, 0])
    state = play(state, 0, "place scout home raid")
    assert state.seats[1].raw == [9, 0, 0, 0]


def test_a_resigned_player_gets_nothing_from_the_start_player_space() -> None:
    state = GAME.resign(turn_of(new(4), 2), 1).state  # bob resigns; cat to place
    state = play(state, 2, "place scout home start")  # new order: cat, dan, ann, bob
    assert state.seats[0].culture == 2 and state.seats[1].military == 2  # ann 1 cul, bob none


def test_the_game_ends_when_one_player_is_left() -> None:
    state = GAME.resign(new(2), 1).state
    assert GAME.is_over(state)
    with pytest.raises(GameOver):
        GAME.resign(state, 0)


def test_skip_places_a_member_in_the_hut_and_ends_the_turn() -> None:
    state = GAME.skip(new(4), 0).state
    assert state.seats[0].hut == ["scout"] and state.current == 1
    state = play(new(4), 0, "place scout LT1-1 a")
    assert GAME.skip(state, 0).state.current == 1
    with pytest.raises(NotYourTurn):
        GAME.skip(new(4), 2)


def test_skip_hands_over_the_first_resources_for_a_raided_player() -> None:
    state = seat_with(new(4), 1, raw=[5, 5, 0, 0], military=0)
    state = play(state, 0, "place scout home raid")
    state = GAME.skip(state, 1).state
    assert state.seats[1].raw == [3, 5, 0, 0] and GAME.to_act(state) == {0}  # 10 // 5 = 2


def test_a_skipped_raided_player_hands_over_raw_tiles_before_processed_ones() -> None:
    state = seat_with(new(4), 1, raw=[0, 3, 0, 0], processed=[0, 0, 0, 2], military=0)
    state = play(state, 0, "place scout home raid")  # bob: 5 tiles at ann's level: 1 owed
    state = GAME.skip(state, 1).state
    assert state.seats[1].raw == [0, 2, 0, 0] and state.seats[1].processed == [0, 0, 0, 2]


def test_skip_in_the_set_up() -> None:
    state = GAME.new_game(list(NAMES[:3]), 4, {})
    first = legal(state, 0)[0]
    state = GAME.skip(state, 0).state
    assert state.spaces[first.split(" ", 1)[1]] == ["n0"] and GAME.to_act(state) == {1}
    while state.phase == "neutral":
        state = GAME.skip(state, min(GAME.to_act(state))).state
    seat = min(GAME.to_act(state))
    key = legal(state, seat)[0].split()[1]
    state = GAME.skip(state, seat).state
    assert key not in [*state.draft_persons, *state.draft_cards]
