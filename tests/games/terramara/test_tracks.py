"""The road (reach, detours, bonus tiles, outposts, the end), the river and the military track."""

from __future__ import annotations

from engine.games.terramara.board import power_level
from engine.games.terramara.scoring import final_scores, military_ranking

from .helpers import legal, new, play, play_events, seat_with, task, with_fields

BONUS = ["BT1a", "BT1b", "BT2a", "BT2f", "BT3a", "BT3d"]


def reach(state, seat: int, amount: int):  # type: ignore[no-untyped-def]
    """The seat (to act) has `amount` reach to spend now."""
    tasks = [*state.tasks, task(seat, "road", n=amount, source="test")]
    return with_fields(state, tasks=tasks, road_bonus=list(BONUS))


# -- the road ------------------------------------------------------------------------------------


def test_each_step_goes_to_the_next_crossroad_or_onto_a_detour() -> None:
    state = reach(new(4), 0, 2)
    assert legal(state, 0) == ["road S B1", "road S C1", "stop"]
    state = play(state, 0, "road S B1")
    assert state.seats[0].culture == 2  # BT1a: 1 cul
    assert legal(state, 0) == ["road B1 C1", "road S B1", "road S C1", "stop"]
    state = play(state, 0, "road B1 C1")
    assert state.seats[0].carts == ["C1", "S"] and not state.tasks


def test_a_bonus_tile_stays_for_the_second_cart_and_for_others() -> None:
    state = play(reach(new(4), 0, 2), 0, "road S B1", "road S B1")
    assert state.seats[0].culture == 3
    state = play(reach(play(state, 0, "place scout hut", "stop", "done"), 1, 1), 1, "road S B1")
    assert state.seats[1].culture == 2


def test_outposts_open_when_their_row_is_turned_and_take_one_banner_each() -> None:
    state = reach(new(4), 0, 1)
    assert "road S O1" not in legal(state, 0)
    state = reach(with_fields(new(4), round=2), 0, 4)
    assert "road S O1" in legal(state, 0)
    state = play(state, 0, "road S O1", "road S O1")
    assert state.seats[0].banners == ["OP-A"]
    state = play(state, 0, "road O1 C1", "road C1 C2")
    assert "road C2 O2" not in legal(reach(state, 0, 1), 0)  # row 2 is not turned yet


def test_a_cart_past_an_outpost_can_never_visit_it() -> None:
    state = seat_with(with_fields(new(4), round=3), 0, carts=["C1", "C2"])
    moves = legal(reach(state, 0, 1), 0)
    assert "road C1 O2" in moves and not any(m.endswith(" O1") for m in moves)


def test_the_road_end_pays_8_5_3_per_cart_in_order_of_arrival() -> None:
    state = reach(seat_with(new(4), 0, carts=["C6", "C6"]), 0, 2)
    state = play(state, 0, "road C6 E", "road C6 E")
    state = play(state, 0, "place scout hut", "stop", "done")
    state = play(reach(seat_with(state, 1, carts=["C6", "S"]), 1, 1), 1, "road C6 E")
    state = play(state, 1, "place scout hut", "stop", "done")
    state = play(reach(seat_with(state, 2, carts=["C6", "S"]), 2, 1), 2, "road C6 E")
    assert state.seats[0].end_vp == [8, 5] and state.seats[1].end_vp == [3]
    assert state.seats[2].end_vp == [3]  # 3 VP for every later cart
    assert final_scores(state)[0].road == 13


def test_reach_is_lost_when_both_carts_are_at_the_end() -> None:
    state = seat_with(new(4), 0, carts=["E", "E"])
    state, events = play_events(state, 0, "place scout home travel")
    assert "lost: both carts are at the end of the road" in events[1].text
    assert state.tasks == []


def test_the_wayfinder_adds_one_reach_per_gain_and_scores_crossroads_when_experienced() -> None:
    state = play(seat_with(new(4), 0, person="P1"), 0, "place scout home travel")
    assert state.tasks[-1].n == 3
    state = seat_with(new(4), 0, person="P1", experienced=True)
    state = play(state, 0, "place scout home travel", "road S C1", "road C1 C2")
    assert state.seats[0].vp == 4


def test_belt_pouch_and_travel_cloak_fire_at_crossroads() -> None:
    state = seat_with(new(4), 0, artifacts=["C1c", "C1d"], carts=["C1", "S"])
    state = play(state, 0, "place scout home travel", "road S C1")
    assert legal(state, 0)[0] == "cvt st" and state.seats[0].vp == 1  # second cart at C1
    state = play(state, 0, "cvt st", "road C1 C2")
    assert state.seats[0].vp == 1 and state.seats[0].processed == [1, 0, 0, 0]


# -- the river -----------------------------------------------------------------------------------


def test_river_milestones_bonus_tiles_scout_and_points_beyond_fourteen() -> None:
    state = with_fields(new(4), river_bonus=["BT1b", "BT2a", "BT2f", "BT3b"])
    state = seat_with(state, 0, culture=5)
    state = play(state, 0, "place scout home improve")  # culture 6: BT1b (or, ca)
    assert state.seats[0].raw == [1, 1, 2, 2]
    state = seat_with(with_fields(state, step="before", spaces={}), 0, culture=7, chief_home=True)
    state = play(state, 0, "place chief home improve")
    assert state.seats[0].scouts == 5 and state.seats[0].home_scouts == 4
    state = seat_with(with_fields(state, step="before", spaces={}), 0, culture=9, chief_home=True)
    state = play(state, 0, "place chief home improve")  # 10: BT2a 2 mil, 1 cul → 11
    assert state.seats[0].culture == 11
    state = seat_with(with_fields(state, step="before", spaces={}), 0, culture=13, chief_home=True)
    state = play(state, 0, "place chief home improve")  # 14: BT2f (2 PRC?) and BT3b
    assert legal(state, 0)[0] == "take ASH"
    state = play(state, 0, "take ASH", "take ASH")
    assert state.seats[0].processed[0] == 2 and state.seats[0].processed[2] == 1
    vp = state.seats[0].vp
    state = seat_with(with_fields(state, step="before", spaces={}), 0, chief_home=True)
    state = play(state, 0, "place chief home improve")
    assert state.seats[0].culture == 14 and state.seats[0].vp == vp + 1


def test_culture_triggers_singer_and_painted_bowl_even_beyond_the_river_end() -> None:
    state = seat_with(new(4), 0, person="P2", artifacts=["P1c"])
    state = play(state, 0, "place scout home improve")
    assert state.seats[0].culture == 3 and state.seats[0].vp == 1
    state = seat_with(new(4), 0, person="P2", experienced=True, culture=14)
    state = play(state, 0, "place scout home improve")
    assert state.seats[0].vp == 1 + 2


# -- military ------------------------------------------------------------------------------------


def test_power_levels_and_points_beyond_twenty() -> None:
    assert [power_level(m) for m in (0, 4, 5, 9, 10, 14, 15, 20)] == [1, 1, 2, 2, 3, 3, 4, 4]
    state = seat_with(new(4), 0, military=20)
    state = play(state, 0, "place scout home improve")
    assert state.seats[0].military == 20 and state.seats[0].vp == 1


def test_military_ranking_book_example_one() -> None:
    # blue and yellow tie first: 8 each, no 5; red third: 2; green nothing
    assert military_ranking([12, 12, 7, 3]) == [8, 8, 2, 0]


def test_military_ranking_book_example_two() -> None:
    assert military_ranking([12, 12, 12, 3]) == [8, 8, 8, 0]
    assert military_ranking([9, 5, 5, 1]) == [8, 5, 5, 0]


def test_neutral_markers_take_part_in_the_final_military_ranking() -> None:
    state = with_fields(new(3), neutral_military=[15])
    state = seat_with(seat_with(seat_with(state, 0, military=14), 1, military=3), 2, military=3)
    # neutral A first (8), ann second (5), bob and cat share the third place (2 each)
    assert [s.military for s in final_scores(state)] == [5, 2, 2]


def test_a_milestone_is_told_after_the_gain_that_reached_it() -> None:
    state = seat_with(new(4), 0, culture=7)
    state, events = play_events(state, 0, "place scout home improve")
    texts = [e.text for e in events]
    assert texts[1].startswith("ann gains 1 military, 1 culture")
    assert "river space 8: a new scout" in texts[2]
