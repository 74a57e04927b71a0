"""Crafting and reserving after an action: river reach, paying, discounts, slide and refill."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.terramara.crafting import payments

from .helpers import GAME, legal, new, play, play_events, seat_with, with_fields

RIVER = ["T1a", "W1a", "P1a", "C1a", "T1c", "W1b", "P1c", "C1b"]


def position(**seat_fields):  # type: ignore[no-untyped-def]
    """ann to act after placing in her hut (the hut stopped), with a known river."""
    state = with_fields(new(4), river=list(RIVER), deck=["T1d", "W1c", "P1d"])
    state = seat_with(state, 0, **seat_fields)
    return play(state, 0, "place scout hut", "stop")


def crafts(state):  # type: ignore[no-untyped-def]
    return [t for t in legal(state, 0) if t.startswith(("craft", "reserve"))]


def test_book_example_river_reach_by_culture() -> None:
    rich = {"processed": [5, 5, 5, 5]}
    assert crafts(position(culture=0, **rich)) == ["craft 1", "craft 2"]
    assert crafts(position(culture=3, **rich)) == ["craft 1", "craft 2", "craft 3", "craft 4"]
    green = crafts(position(culture=5, **rich))
    assert green == [*(f"craft {n}" for n in range(1, 6)), *(f"reserve {n}" for n in range(1, 6))]
    assert len(crafts(position(culture=11, **rich))) == 16


def test_crafting_pays_processed_tiles_and_the_river_slides_and_refills() -> None:
    state = position(processed=[0, 1, 0, 0])
    state, events = play_events(state, 0, "craft 1")
    assert state.seats[0].artifacts == ["T1a"] and state.seats[0].processed == [0, 0, 0, 0]
    assert state.river == [*RIVER[1:], "T1d"] and state.deck == ["W1c", "P1d"]
    assert "crafts Stone Adze (T1a)" in events[0].text
    assert events[1].reveals and "Digging Stick" in events[1].text
    assert legal(state, 0)[:2] == ["take st", "take wd"]  # its effect: 2 raw?


def test_raw_tiles_do_not_pay_for_processed_ones() -> None:
    state = position(processed=[0, 0, 0, 0], raw=[0, 3, 0, 0])
    assert crafts(state) == []
    with pytest.raises(IllegalAction, match="cannot pay TIM for Stone Adze"):
        GAME.apply(state, 0, "craft 1")


def test_one_craft_or_reserve_per_turn() -> None:
    state = play(position(processed=[2, 2, 2, 2], culture=5), 0, "craft 2")
    assert crafts(state) == []
    with pytest.raises(IllegalAction, match="once this turn"):
        GAME.apply(state, 0, "reserve 1")
    state = play(position(processed=[2, 2, 2, 2], culture=5), 0, "reserve 2")
    assert crafts(state) == []
    with pytest.raises(IllegalAction, match="once this turn"):
        GAME.apply(state, 0, "craft 1")


def test_craft_only_after_placing() -> None:
    state = seat_with(new(4), 0, processed=[2, 2, 2, 2])
    with pytest.raises(IllegalAction, match="before you have placed"):
        GAME.apply(state, 0, "craft 1")


def test_reserving_needs_river_space_four_and_holds_one_card() -> None:
    with pytest.raises(IllegalAction, match="river space 4"):
        GAME.apply(position(culture=3), 0, "reserve 1")
    state = play(position(culture=4), 0, "reserve 4")
    assert state.seats[0].reserved == "C1a" and state.river[3] == "T1c"
    assert state.river[-1] == "T1d" and state.deck == ["W1c", "P1d"]  # refilled from the deck
    with pytest.raises(IllegalAction, match="already hold a reserved"):
        GAME.apply(with_fields(state, crafted=False), 0, "reserve 1")


def test_reserving_does_not_start_effects_crafting_the_reserved_card_does() -> None:
    state = position(culture=4, reserved="C1a", processed=[0, 0, 0, 1])
    assert "craft reserved" in crafts(state)
    state = play(state, 0, "craft reserved")
    assert state.seats[0].reserved is None and state.seats[0].artifacts == ["C1a"]
    assert state.tasks[-1].kind == "road"  # Leather Sandals: 1 rch


def test_river_space_twelve_makes_the_reserved_card_one_tile_cheaper() -> None:
    state = position(culture=12, reserved="W2a", processed=[0, 0, 2, 1])
    state = play(state, 0, "craft reserved")
    assert legal(state, 0) == ["pay MET MET", "pay MET LEA"]
    state = play(state, 0, "pay MET MET")
    assert state.seats[0].processed == [0, 0, 0, 1] and state.seats[0].artifacts == ["W2a"]


def test_without_the_river_twelve_discount_the_reserved_card_is_out_of_reach() -> None:
    state = position(culture=12, reserved="W2a", processed=[0, 0, 1, 1])  # 2MET LEA − 1 MET
    assert "craft reserved" in crafts(state)
    assert play(state, 0, "craft reserved").seats[0].artifacts == ["W2a"]
    state = position(culture=11, reserved="W2a", processed=[0, 0, 1, 1])
    assert "craft reserved" not in crafts(state)
    with pytest.raises(IllegalAction, match="cannot pay for Bronze Sword"):
        GAME.apply(state, 0, "craft reserved")


def test_the_artisan_pays_up_to_two_matching_raw_tiles() -> None:
    seat = (
        new(4)
        .seats[0]
        .model_copy(update={"person": "P4", "raw": [0, 3, 0, 0], "processed": [0, 1, 0, 0]})
    )
    ways = payments(seat, "T3b", reserved=False)  # 3TIM
    assert ways == [((0, 1, 0, 0), (0, 2, 0, 0))]
    other_kind = seat.model_copy(update={"raw": [3, 0, 0, 0]})  # stone does not stand in for TIM
    assert payments(other_kind, "T3b", reserved=False) == []
    state = position(person="P4", raw=[1, 1, 0, 0], processed=[1, 1, 0, 0])
    state = play(state, 0, "craft 1")
    assert legal(state, 0) == ["pay TIM", "pay wd"]


def test_a_category_discount_helps_its_category_and_printed_vp_counts_the_printed_cost() -> None:
    state = position(artifacts=["T2b", "T2c"], processed=[0, 2, 0, 0])
    state, events = play_events(state, 0, "craft 1")  # Stone Adze: TIM − 1 = free
    assert state.seats[0].processed == [0, 2, 0, 0]
    assert "gains 1 VP for it" in events[0].text  # Bow Drill: +1 VP per printed TIM
    state = position(artifacts=["T2b"], processed=[1, 0, 0, 0], culture=3)  # tools only
    # Stone Adze (TIM − 1) and Clay Cup (ASH); not Bronze Dagger (MET) or Leather Sandals (LEA)
    assert crafts(state) == ["craft 1", "craft 3"]
    state = position(artifacts=["T2c"], processed=[0, 3, 0, 0])
    state = with_fields(state, river=["T3b", *RIVER[1:]])
    state, events = play_events(state, 0, "craft 1")  # Toolchest: 3TIM printed
    assert "gains 3 VP for it" in events[0].text


def test_the_artisans_experienced_side_scores_each_craft() -> None:
    state = position(person="P4", experienced=True, processed=[0, 1, 0, 0])
    state = play(state, 0, "craft 1")
    assert state.seats[0].vp == 2
    state = position(person="P4", experienced=True, processed=[0, 3, 0, 0], reserved="T3b")
    assert play(state, 0, "craft reserved").seats[0].vp == 3


def test_the_workbench_crafts_again_paying_one_less_of_each_kind() -> None:
    state = with_fields(new(4), river=["T2d", "W2a", *RIVER[2:]], deck=["T1d"])
    state = seat_with(state, 0, processed=[0, 3, 2, 0])
    state = play(state, 0, "place scout hut", "stop", "craft 1")
    # Bronze Sword 2MET LEA → MET; Clay Cup and Leather Sandals cost nothing now
    assert legal(state, 0) == ["craft 1", "craft 2", "craft 3", "stop"]
    state = play(state, 0, "craft 1")
    assert state.seats[0].artifacts == ["T2d", "W2a"] and state.seats[0].processed == [0, 0, 1, 0]


def test_the_idol_and_the_level_two_bonus_craft_with_raw_tiles() -> None:
    state = position(raw=[0, 1, 0, 0])
    state = state.model_copy(update={"tasks": [*state.tasks, _task(0, "craft", spec="craft raw")]})
    assert legal(state, 0) == ["craft 1", "stop"]
    state = play(state, 0, "craft 1")
    assert state.seats[0].artifacts == ["T1a"] and state.seats[0].raw == [0, 0, 0, 0]


def _task(seat, kind, **fields):  # type: ignore[no-untyped-def]
    from .helpers import task

    return task(seat, kind, **fields)


def test_an_empty_deck_leaves_gaps() -> None:
    state = with_fields(position(processed=[0, 1, 0, 0]), deck=[])
    state = play(state, 0, "craft 1")
    assert state.river[-1] == "" and len(state.river) == 8
    state = seat_with(with_fields(state, crafted=False, tasks=[]), 0, culture=11)
    assert "craft 8" not in legal(state, 0)
    with pytest.raises(IllegalAction, match="river slot 8 is empty"):
        GAME.apply(state, 0, "craft 8")
