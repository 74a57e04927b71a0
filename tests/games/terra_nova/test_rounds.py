"""Passing, the end of a round, the five rounds and the final scoring."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.core.playout import random_playout, replay_log
from engine.games.terra_nova import rules
from engine.games.terra_nova.turn import network_points

from .helpers import BOARD, GAME, NAMES, finish_round_end, first_game, play, position, texts


def test_first_to_pass_takes_the_start_marker_and_swaps_bonus_tiles() -> None:
    state = first_game(4)
    coins = state.offer["bonus5"]
    state, events = play(state, 0, "pass bonus5")
    fairies = state.seats[0]
    assert fairies.passed and fairies.bonus == "bonus5"
    assert fairies.money == 17 + coins
    assert state.offer["bonus7"] == 0 and "bonus5" not in state.offer
    assert "takes the start marker" in " ".join(texts(events))
    assert state.current == 1


def test_passed_seats_are_skipped_and_the_round_ends_after_the_last_pass() -> None:
    state = first_game(4)
    state, _ = play(state, 0, "pass bonus5")
    state, _ = play(state, 1, "sail")
    state, _ = play(state, 2, "pass bonus3")
    state, _ = play(state, 3, "pass bonus4")
    assert state.current == 1
    state, _ = play(state, 1, "pass bonus7")
    state, events = finish_round_end(state)
    assert state.round == 2 and state.order == [0, 1, 2, 3]
    assert state.offer == {"bonus6": 1, "bonus1": 1, "bonus2": 1}
    assert all(not p.passed for p in state.seats)
    assert any("round 2 begins" in text for text in texts(events))


def test_the_first_to_pass_starts_the_next_round() -> None:
    state = first_game(4)
    state, _ = play(state, 0, "sail")
    state, _ = play(state, 1, "pass bonus3")
    state, _ = play(state, 2, "pass bonus4")
    state, _ = play(state, 3, "pass bonus5")
    state, _ = play(state, 0, "pass bonus2")
    state, _ = finish_round_end(state)
    assert state.order == [1, 2, 3, 0] and state.current == 1


def test_pass_scoring_book_example_two_trading_posts_score_four() -> None:
    state = position(first_game(4), buildings={"F5": (0, "t"), "B5": (0, "t")})
    state.seats[0].bonus = "bonus6"
    state.offer["bonus8"] = 0
    state, _ = play(state, 0, "pass bonus8")
    assert state.seats[0].score == 4


def test_golems_score_their_trading_posts_on_passing() -> None:
    state = position(first_game(4), current=2, buildings={"F7": (2, "t"), "B11": (2, "t")})
    state, _ = play(state, 2, "pass bonus3")
    assert state.seats[2].score == 2 + 2 * 2  # ability 2 for two posts; bonus6 2 per post


def test_pass_must_name_a_tile_on_offer() -> None:
    state = first_game(4)
    with pytest.raises(IllegalAction, match="name the bonus tile"):
        GAME.apply(state, 0, "pass")
    with pytest.raises(IllegalAction, match="bonus7 is not on offer"):
        GAME.apply(state, 0, "pass bonus7")


def test_round_five_passing_still_takes_a_new_bonus_tile_with_its_coins() -> None:
    """The book's pass steps have no exception for the last round: only phase III is skipped."""
    state = first_game(4).model_copy(update={"round": 5})
    state.offer["bonus3"] = 4
    legal = GAME.legal_actions(state, 0)
    assert [a for a in legal if a.startswith("pass")] == [f"pass {k}" for k in sorted(state.offer)]
    with pytest.raises(IllegalAction, match="name the bonus tile"):
        GAME.apply(state, 0, "pass")
    money = state.seats[0].money
    state, events = play(state, 0, "pass bonus3")
    fairies = state.seats[0]
    assert fairies.bonus == "bonus3" and fairies.money == money + 4
    assert state.offer["bonus7"] == 0 and "bonus3" not in state.offer
    assert "takes bonus3" in " ".join(texts(events))


def test_skip_in_round_five_passes_with_the_first_tile_on_offer() -> None:
    state = first_game(3).model_copy(update={"round": 5})
    first = sorted(state.offer)[0]
    skipped, _ = GAME.skip(state, 0)
    assert skipped.seats[0].passed and skipped.seats[0].bonus == first


def test_network_scoring_shares_tied_places_book_example() -> None:
    assert network_points([10, 10, 5]) == [10, 10, 4]
    assert network_points([3, 9, 1, 1]) == [8, 12, 2, 2]
    assert network_points([4, 4, 4, 4]) == [6, 6, 6, 6]


def test_final_scoring_power_to_money_three_money_a_point_and_networks() -> None:
    state = position(
        first_game(3),
        clear=True,
        buildings={
            "F5": (0, "h"),
            "F6": (0, "h"),
            "B5": (1, "h"),
            "B6": (1, "h"),
            "G12": (2, "h"),
        },
        money={0: 10, 1: 3, 2: 0},
        bowls={0: [0, 3, 5], 1: [8, 0, 0], 2: [0, 0, 8]},
    )
    state = state.model_copy(update={"round": 5})
    before = [p.score for p in state.seats]
    state, events = play(state, 0, "pass bonus2")
    state, _ = play(state, 1, "pass bonus5")
    state, events = play(state, 2, "pass bonus6")
    assert GAME.is_over(state) and state.phase == "over"
    gained = [p.score - b for p, b in zip(state.seats, before, strict=True)]
    # money with the new tile's coin and bowl III: seat 0: 10 + 1 + 5 = 16 -> 5;
    # seat 1: 3 + 1 -> 1; seat 2: 0 + 1 + 8 = 9 -> 3; networks 2, 2, 1 -> 10, 10, 4
    assert gained == [5 + 10, 1 + 10, 3 + 4]
    assert "final scoring" in " ".join(texts(events))
    assert GAME.legal_actions(state, 0) == [] and GAME.to_act(state) == frozenset()


def test_sailing_joins_networks_but_the_bonus_tile_does_not() -> None:
    state = position(
        first_game(2), clear=True, buildings={"E4": (0, "h"), "C4": (0, "h"), "F3": (0, "h")}
    )
    assert rules.largest_network(BOARD, state, 0) == 2
    state.seats[0].bonus = "bonus3"
    assert rules.largest_network(BOARD, state, 0) == 2
    state.seats[0].sailing = 1
    assert rules.largest_network(BOARD, state, 0) == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish_and_replay_exactly(players: int) -> None:
    for seed in range(3):
        result = random_playout(GAME, list(NAMES[:players]), seed)
        assert result.finished and GAME.is_over(result.state)
        replayed = replay_log(GAME, list(NAMES[:players]), seed, None, result.log)
        assert GAME.dump_state(replayed) == GAME.dump_state(result.state)


def test_every_listed_action_is_accepted_along_random_games() -> None:
    for players, seed in ((2, 7), (3, 8), (4, 9)):
        result = random_playout(GAME, list(NAMES[:players]), seed)
        state = GAME.new_game(list(NAMES[:players]), seed)
        for index, (seat, text) in enumerate(result.log):
            if index % 7 == 0:
                for legal in GAME.legal_actions(state, seat):
                    GAME.apply(state, seat, legal)
            state, _ = GAME.apply(state, seat, text)


def test_skip_passes_for_an_absent_seat_and_resign_keeps_passing() -> None:
    state = first_game(3)
    skipped, _ = GAME.skip(state, 0)
    assert skipped.seats[0].passed and skipped.current == 1
    resigned, events = GAME.resign(state, 1)
    assert resigned.seats[1].resigned and resigned.seats[1].passed
    assert "resigns" in " ".join(texts(events))
    state, _ = play(resigned, 0, "pass bonus2")
    state, _ = play(state, 2, "pass bonus5")
    assert 1 not in GAME.to_act(state)
    state, _ = finish_round_end(state)
    assert state.round == 2 and state.seats[1].passed and not state.seats[0].passed
    assert GAME.ranking(state)[-1] == [1]
    with pytest.raises(IllegalAction, match="already resigned"):
        GAME.resign(state, 1)
