"""Placing members: capacities, closing spaces, joining, future rows, fire, crossroads, specials."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction

from .helpers import GAME, legal, new, occupy, play, seat_with, turn_of, with_fields

# The first-game layout: rows 1–6 left LT1-1 LT1-3 LT2-2 LT2-4 LT3-1 LT3-4,
# right RT1-1 RT1-3 RT2-1 RT2-4 RT3-1 RT3-4.


def refused(state, seat, text, fragment):  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, text)
    assert fragment in str(info.value), str(info.value)


def test_a_turn_places_one_member_then_ends_with_done() -> None:
    state = new(4)
    state = play(state, 0, "place scout LT1-1 a")
    assert state.seats[0].home_scouts == 3 and state.seats[0].raw == [1, 1, 1, 3]
    assert state.seats[0].military == 2 and state.step == "after"
    assert "place scout LT1-3 a" not in legal(state, 0)
    assert "done" in legal(state, 0)
    state = play(state, 0, "done")
    assert state.current == 1 and state.step == "before"


def test_a_space_holds_two_members_of_different_colours() -> None:
    state = occupy(new(4), {"LT1-1 a": ["s1", "s2"]})
    refused(state, 0, "place chief LT1-1 a", "is full")
    # the book's example 4: a space holding one of your scouts is closed to your other members
    state = seat_with(occupy(new(4), {"LT1-1 a": ["s0"]}), 0, military=9)
    refused(state, 0, "place chief LT1-1 a", "one per colour")
    refused(state, 0, "place scout LT1-1 a", "one per colour")


def test_a_chief_or_warrior_closes_its_space() -> None:
    for token in ("c1", "w1"):
        state = seat_with(occupy(new(4), {"LT1-1 a": [token]}), 0, warriors=1)
        refused(state, 0, "place scout LT1-1 a", "lets nobody else in")
        refused(state, 0, "place warrior LT1-1 a", "lets nobody else in")


def test_a_chief_joins_a_foreign_scout_for_free() -> None:
    state = occupy(new(4), {"LT1-1 a": ["s3"]})  # dan has military 4, ann 1
    state = play(state, 0, "place chief LT1-1 a")
    assert state.spaces["LT1-1 a"] == ["s3", "c0"]
    assert state.seats[0].military == 2  # 1 + the space's 1 mil, nothing paid


def test_a_scout_joins_only_with_higher_military_and_pays_one() -> None:
    state = occupy(turn_of(new(4), 1), {"LT1-1 a": ["s0"]})  # bob 2 > ann 1
    state = play(state, 1, "place scout LT1-1 a")
    assert state.seats[1].military == 2 - 1 + 1
    state = occupy(turn_of(new(4), 0), {"LT1-1 a": ["s1"]})  # ann 1 < bob 2
    refused(state, 0, "place scout LT1-1 a", "only with higher military (1 against 2)")
    state = seat_with(occupy(new(4), {"LT1-1 a": ["s1"]}), 0, military=2)
    refused(state, 0, "place scout LT1-1 a", "only with higher military (2 against 2)")


def test_the_sling_lets_a_scout_join_equal_military_for_free() -> None:
    state = seat_with(occupy(new(4), {"LT1-1 a": ["s1"]}), 0, military=2, artifacts=["W1c"])
    state = play(state, 0, "place scout LT1-1 a")
    assert state.seats[0].military == 3  # nothing paid, +1 from the space
    state = seat_with(occupy(new(4), {"LT1-1 a": ["s1"]}), 0, military=3, artifacts=["W1c"])
    assert play(state, 0, "place scout LT1-1 a").seats[0].military == 3  # higher: pays 1


def test_the_shield_bearer_joins_without_paying() -> None:
    state = seat_with(occupy(new(4), {"LT1-1 a": ["s1"]}), 0, military=3, person="P3")
    assert play(state, 0, "place scout LT1-1 a").seats[0].military == 4


def test_joining_a_neutral_scout_compares_with_the_neutral_military() -> None:
    state = new(3)
    key = next(
        k
        for k, tokens in state.spaces.items()
        if tokens == ["n0"] and k.startswith(("LT1-1", "RT1-1"))
    )
    state = with_fields(turn_of(state, 0), neutral_military=[5])
    state = seat_with(state, 0, military=5)
    refused(state, 0, f"place scout {key}", "neutral A")
    state = seat_with(state, 0, military=6)
    assert play(state, 0, f"place scout {key}").spaces[key] == ["n0", "s0"]


def test_a_warrior_may_join_an_own_scout_but_not_a_chief() -> None:
    state = seat_with(occupy(new(4), {"LT1-1 a": ["s0"]}), 0, warriors=2)
    assert "place warrior LT1-1 a" in legal(state, 0)
    assert "place chief LT1-1 a" not in legal(state, 0)
    state = play(state, 0, "place warrior LT1-1 a")
    assert state.spaces["LT1-1 a"] == ["s0", "w0"]


def test_scouts_only_go_to_future_rows() -> None:
    state = new(4)
    assert "place scout LT2-2 a" in legal(state, 0)
    refused(state, 0, "place chief LT2-2 a", "only scouts may go to future spaces")
    refused(state, 0, "place chief LT1-3 a", "lies in a row of round 2")  # next round's row
    state = seat_with(state, 0, warriors=1)
    refused(state, 0, "place warrior RT3-1 c", "only scouts")


WARRIOR_RIGHT = ["RT1-1", "RT1-3", "RT2-3", "RT2-4", "RT3-1", "RT3-3"]


def test_single_spaces_take_one_member() -> None:
    state = with_fields(new(4), right_tiles=WARRIOR_RIGHT)
    state = seat_with(occupy(state, {"RT2-3 c": ["s3"]}), 0, military=9)
    refused(state, 0, "place scout RT2-3 c", "is full")
    state = occupy(new(4), {"start": ["s3"]})
    refused(state, 0, "place chief home start", "start is full")
    state = with_fields(new(4), used_spaces=["start"])  # emptied by Runner's Sandals (H13)
    refused(state, 0, "place chief home start", "once per round")


def test_warriors_are_taken_placed_this_round_and_returned() -> None:
    state = with_fields(new(4), right_tiles=WARRIOR_RIGHT, round=3)
    state = play(state, 0, "place chief RT2-3 c", "done")
    assert state.seats[0].warriors == 2
    assert state.seats[0].members_left == 6
    state = play(turn_of(state, 0), 0, "place warrior LT2-2 a")
    assert state.spaces["LT2-2 a"] == ["w0"]
    state = _end_round(state)
    assert state.seats[0].warriors == 0 and "LT2-2 a" not in state.spaces


def test_fire_closes_a_space() -> None:
    state = new(3)
    fire = next(
        key
        for key in state.fire
        if key.startswith(state.left_tiles[0]) or key.startswith(state.right_tiles[0])
    )
    refused(state, 0, f"place scout {fire}", "on fire")


def test_turned_rows_are_gone_and_their_crossroad_needs_both_carts() -> None:
    state = with_fields(new(4), round=2)
    refused(state, 0, "place scout LT1-1 a", "was turned over at the end of round 1")
    refused(state, 0, "place scout X-1", "both your carts must have reached crossroad C1")
    state = seat_with(state, 0, carts=["C1", "B1"])
    refused(state, 0, "place scout X-1", "both your carts")
    state = seat_with(state, 0, carts=["C1", "C2"])
    state = play(state, 0, "place scout X-1")
    assert state.tasks[-1].kind == "pick"  # 2 PRC?, 1 cul


def test_a_crossroad_space_is_not_there_before_its_row_turns() -> None:
    state = seat_with(new(4), 0, carts=["C2", "C2"])
    refused(state, 0, "place scout X-1", "appears when row 1 is turned over")


def test_a_blockaded_crossroad_takes_one_member() -> None:
    state = with_fields(new(2), round=2, blockades=["X-1"])
    state = seat_with(occupy(state, {"X-1": ["s1"]}), 0, carts=["C1", "C1"], military=9)
    refused(state, 0, "place scout X-1", "is full")


def test_special_spaces_open_in_round_five_for_those_who_qualify() -> None:
    state = new(4)
    refused(state, 0, "place scout SA-W", "special action spaces open in round 5")
    qualified = seat_with(with_fields(state, round=4), 0, workers=[2, 3])
    refused(qualified, 0, "place scout SA-W", "special action spaces open in round 5")
    state = with_fields(state, round=5)
    refused(state, 0, "place chief SA-W", "workers' levels add up to at least 5")
    refused(seat_with(state, 0, workers=[1, 3]), 0, "place chief SA-W", "at least 5")
    state = seat_with(state, 0, workers=[2, 3])
    assert "place chief SA-W" in legal(state, 0)
    refused(state, 0, "place chief SA-R", "both your carts are at or past crossroad C4")


def test_the_hut_takes_any_number_including_the_chief() -> None:
    state = play(new(4), 0, "place chief hut", "cvt st", "done")
    state = play(turn_of(state, 0), 0, "place scout hut", "swap wd ca", "done")
    assert state.seats[0].hut == ["chief", "scout"]
    assert state.seats[0].raw == [0, 0, 1, 2] and state.seats[0].processed == [1, 0, 0, 0]


def test_the_hut_swaps_a_raw_tile_for_another_kind_left_in_the_supply() -> None:
    state = seat_with(new(4), 1, raw=[0, 0, 0, 13])  # all 16 cattle are held
    state = play(state, 0, "place scout hut")
    swaps = [o for o in legal(state, 0) if o.startswith("swap")]
    assert len(swaps) == 4 * 3 - 3 and not any(o.endswith("ca") for o in swaps)
    swaps = [o for o in legal(seat_with(state, 1, raw=[0, 0, 0, 0]), 0) if o.startswith("swap")]
    assert len(swaps) == 4 * 3 and "swap st ca" in swaps and "swap st st" not in swaps


def test_recruit_needs_a_worker_left_on_the_round_space() -> None:
    state = with_fields(new(4), round_workers=[0, 2, 2, 2, 2])
    refused(state, 0, "place scout home recruit", "no worker is left")


def test_future_scouts_stay_until_their_row_turns_and_round_five_scouts_never_return() -> None:
    state = occupy(new(4), {"LT1-3 a": ["s0"], "LT3-1 a": ["s0"], "LT1-1 a": ["s0"]})
    state = seat_with(state, 0, home_scouts=1)
    for number in (1, 2):
        state = _end_round(state)
        assert "LT1-1 a" not in state.spaces
        assert state.spaces["LT3-1 a"] == ["s0"]
        if number == 1:
            assert state.spaces["LT1-3 a"] == ["s0"]
            assert state.seats[0].home_scouts == 2
    assert "LT1-3 a" not in state.spaces  # its row turned at the end of round 2
    assert state.seats[0].home_scouts == 3


def _end_round(state):  # type: ignore[no-untyped-def]
    from engine.games.terramara.builder import Builder
    from engine.games.terramara.flow import end_round

    b = Builder(state)
    end_round(b)
    return b.state
