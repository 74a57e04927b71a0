"""Home spaces per player count: recruit, improve, travel, raid, start player, merged spaces."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.terramara.board import RAID_DIVISORS, raid_divisor

from .helpers import GAME, legal, new, play, play_events, seat_with, turn_of, with_fields


def home_actions(state, seat):  # type: ignore[no-untyped-def]
    return sorted(t.split()[3] for t in legal(state, seat) if t.startswith("place scout home"))


def test_home_spaces_per_player_count() -> None:
    assert home_actions(new(4), 0) == ["improve", "raid", "recruit", "start", "travel"]
    assert home_actions(new(3), 0) == ["improve", "raid", "recruit", "start", "travel"]
    assert home_actions(new(2), 0) == ["improve", "raid", "recruit", "start", "travel"]
    assert sorted(s.id for s in _home(new(4))) == ["improve", "raid", "recruit", "start", "travel"]
    assert sorted(s.id for s in _home(new(3))) == ["improve-travel", "raid", "recruit", "start"]
    assert sorted(s.id for s in _home(new(2))) == ["improve-travel", "raid-start", "recruit"]


def _home(state):  # type: ignore[no-untyped-def]
    from engine.games.terramara.rules import board

    return [s for s in board(state).spaces.values() if s.kind == "home"]


@pytest.mark.parametrize(("number", "level"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_recruit_takes_a_worker_of_the_rounds_level(number: int, level: int) -> None:
    state = with_fields(new(4), round=number)
    state = play(state, 0, "place scout home recruit")
    assert state.seats[0].workers == sorted([1, level])
    assert state.round_workers[number - 1] == 1


def test_a_new_worker_may_work_in_the_same_turn() -> None:
    state = play(new(4), 0, "worker 1", "cvt st", "place scout home recruit")
    assert "worker 1" in legal(state, 0)


def test_improve_and_travel() -> None:
    state = play(new(4), 0, "place scout home improve")
    assert (state.seats[0].military, state.seats[0].culture) == (2, 2)
    state = play(new(4), 0, "place scout home travel", "road S C1", "road C1 C2")
    assert state.seats[0].carts == ["C2", "S"]


def test_three_players_share_one_improve_or_travel_space() -> None:
    state = play(new(3), 0, "place scout home improve", "done")
    state = seat_with(state, 1, military=5)
    state = play(state, 1, "place scout home travel", "stop", "done")
    assert state.spaces["improve-travel"] == ["s0", "s1"]
    assert "place scout home improve" not in legal(state, 2)


@pytest.mark.parametrize(("d", "divisor"), sorted(RAID_DIVISORS.items()))
def test_raid_divisors_by_level_difference(d: int, divisor: int) -> None:
    raider = 2
    victim = max(1, min(4, raider + d))
    if victim - raider == d:
        assert raid_divisor(victim, raider) == divisor
    assert raid_divisor(4, 1) == 8 and raid_divisor(1, 4) == 2


def test_raid_book_example_same_level_gives_one_per_five_weaker_one_per_four() -> None:
    # ann raids at power level 2 (military 6, paying 1 → 5); bob on level 2 with 10 tiles,
    # cat on level 1 with 9 tiles, dan on level 3 with 6 tiles.
    state = seat_with(new(4), 0, military=6, raw=[0, 0, 0, 0])
    state = seat_with(state, 1, military=7, raw=[5, 5, 0, 0])
    state = seat_with(state, 2, military=2, raw=[9, 0, 0, 0])
    state = seat_with(state, 3, military=12, raw=[3, 3, 0, 0])
    state, events = play_events(state, 0, "place scout home raid")
    assert state.seats[0].military == 5
    assert "raids at power level 2" in events[1].text
    assert "bob owes 2, cat owes 2, dan owes 1" in events[1].text
    # cat hands over automatically (only stone); bob and dan choose, in any order
    assert state.seats[2].raw == [7, 0, 0, 0]
    assert GAME.to_act(state) == frozenset({1, 3})
    assert legal(state, 1) == ["give st", "give wd"]
    state = play(state, 3, "give wd")
    state = play(state, 1, "give st", "give wd")
    assert state.seats[0].raw == [3, 2, 0, 0]
    assert GAME.to_act(state) == frozenset({0})


def test_the_raider_pays_before_the_power_levels_are_compared() -> None:
    # ann at military 5 (level 2) pays 1 and raids from level 1: bob (level 1) gives 1 per 5
    state = seat_with(new(4), 0, military=5)
    state = seat_with(state, 1, military=0, raw=[8, 0, 0, 0])
    state, events = play_events(state, 0, "place scout home raid")
    assert "raids at power level 1" in events[1].text and "bob owes 1" in events[1].text


def test_raid_costs_one_military_to_enter() -> None:
    state = seat_with(new(4), 0, military=0)
    with pytest.raises(IllegalAction, match="costs 1 military"):
        GAME.apply(state, 0, "place scout home raid")
    state = seat_with(state, 0, person="P3")
    state = play(state, 0, "place scout home raid")
    assert state.seats[0].military == 0  # the Shield-bearer loses nothing


def test_the_raid_space_is_single_and_once_per_round() -> None:
    state = play(new(4), 0, "place scout home raid")
    while state.tasks:
        seat = min(GAME.to_act(state))
        state = play(state, seat, legal(state, seat)[0])
    state = play(state, 0, "done")
    assert "place chief home raid" not in legal(state, 1)


def test_start_player_four_players() -> None:
    state = turn_of(new(4), 3)
    state, events = play_events(state, 3, "place scout home start")
    assert state.start_player == 3
    texts = [e.text for e in events]
    assert "bob gains 1 culture (start-player card)" in texts
    assert "cat gains 2 military (start-player card)" in texts
    assert state.seats[1].culture == 2 and state.seats[2].military == 5  # 1+1, 3+2
    assert state.seats[0].culture == 1  # the second player gets nothing
    state = play(state, 3, "stop", "done")
    assert state.tasks == []


def test_start_player_leads_the_next_round() -> None:
    state = turn_of(new(4), 2)
    state = play(state, 2, "place scout home start", "stop", "done")
    for seat in range(4):
        state = seat_with(state, seat, chief_home=False, home_scouts=0)
    state = turn_of(state, 3, "after")
    state = play(state, 3, "done")
    assert state.round == 2 and state.current == 2


def test_start_player_with_three_and_two_players() -> None:
    state = play(turn_of(new(3), 1), 1, "place scout home start")
    assert state.seats[0].culture == 2  # third in the new order (bob, cat, ann)
    assert [s.military for s in state.seats] == [1, 2, 3]  # no fourth player: no 2 military
    state = play(new(2), 0, "place scout home start", "stop")
    assert [s.culture for s in state.seats] == [1, 1]
    assert [s.military for s in state.seats] == [1, 2]


def test_start_player_round_five_offers_two_of_a_track() -> None:
    state = with_fields(new(4), round=5)
    state = play(state, 0, "place scout home start")
    assert legal(state, 0) == ["take rch", "take mil", "take cul"]
    state = play(state, 0, "take cul")
    assert state.seats[0].culture == 3 and state.start_player == 0
    assert [s.culture for s in state.seats[1:]] == [1, 1, 1]


def test_two_players_raid_and_start_in_either_order() -> None:
    state = seat_with(new(2), 1, raw=[5, 0, 0, 0])
    state = play(state, 0, "place scout home raid")
    assert legal(state, 0) == ["start", "stop"]
    state = play(state, 0, "start")
    assert state.start_player == 0 and state.seats[0].military == 0
    state = play(new(2), 0, "place scout home start", "stop")
    assert legal(state, 0) == ["raid", "stop"]
    state = play(state, 0, "raid")
    assert state.seats[0].military == 0
    state = seat_with(turn_of(new(2), 1), 0, raw=[5, 0, 0, 0])
    state = play(state, 1, "place scout home raid", "start")  # ann hands over her only kind
    assert state.start_player == 1 and state.seats[1].military == 1


def test_two_players_start_first_then_raid_needs_military() -> None:
    state = seat_with(new(2), 0, military=0)
    state = play(state, 0, "place scout home start", "stop")
    assert "raid" not in legal(state, 0) and "done" in legal(state, 0)
