"""Building: shapes turned and mirrored, where the building goes, what it uses up."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.tiny_towns.board import PLACEMENTS, SQUARES
from engine.games.tiny_towns.cards import CARDS

from .helpers import at, cells, legal, offer_with, play, position, town

# The Chapel (. . G / S G S) in the eight ways it may lie, each in the top left corner.
CHAPELS = [
    ". . G .  S G S .  . . . .  . . . .",
    "G . . .  S G S .  . . . .  . . . .",
    "S G S .  . . G .  . . . .  . . . .",
    "S G S .  G . . .  . . . .  . . . .",
    "S . . .  G . . .  S G . .  . . . .",
    ". S . .  . G . .  G S . .  . . . .",
    "S G . .  G . . .  S . . .  . . . .",
    "G S . .  . G . .  . S . .  . . . .",
]


def test_every_card_fits_its_shape_in_all_distinct_orientations() -> None:
    cottage = PLACEMENTS["cottage"]
    assert len({p.resources for p in cottage if p.squares == (0, 1, 4)}) == 2
    assert len(cottage) == 8 * 9  # 8 orientations of an L in 9 positions of a 2×2 box
    assert len(PLACEMENTS["well"]) == 4 * 12  # W S: 2 directions × 2 ends × 12 positions
    assert len(PLACEMENTS["opaleyes-watch"]) == 16  # a 4×3 shape: 8 orientations × 2 positions
    for card, placements in PLACEMENTS.items():
        size = sum(1 for row in CARDS[card].shape for cell in row if cell)
        assert placements and all(len(p.squares) == size for p in placements), card
        assert all(0 <= sq < SQUARES for p in placements for sq in p.squares)


@pytest.mark.parametrize("layout", CHAPELS)
def test_a_shape_may_be_turned_and_mirrored(layout: str) -> None:
    state = position(town(layout))
    builds = legal(state, 0, "build chapel")
    assert len(builds) == 4  # on any of the 4 squares used


def test_a_wrong_arrangement_is_refused_rulebook_example() -> None:
    state = position(town("G . . .  S S G .  . . . .  . . . ."))
    assert not legal(state, 0, "build chapel")
    with pytest.raises(IllegalAction, match="do not match a Chapel"):
        play(state, 0, "build chapel at A1 using A1 A2 B2 C2")
    with pytest.raises(IllegalAction, match="outline of a Chapel"):
        play(state, 0, "build chapel at A1 using A1 A2 B2 D2")


def test_building_removes_the_resources_and_stands_on_one_used_square() -> None:
    state = position(town(". H W .  B G . .  . . . .  . . . ."))
    state, events = play(state, 0, "build cottage at A2 using B1 A2 B2")
    assert state.towns[0].cells[:8] == cells(". . W .  cottage . . .  . . . .  . . . .")[:8]
    assert "alice builds a Cottage on A2 (using A2 B1 B2)" in events[0].text


def test_a_building_may_not_stand_on_a_square_it_did_not_use() -> None:
    state = position(town(". H . .  B G . .  . . . .  . . . ."))
    with pytest.raises(IllegalAction, match="must go on one of the squares"):
        play(state, 0, "build cottage at C1 using B1 A2 B2")


def test_several_buildings_in_one_round() -> None:
    state = position(town(". H W S  B G . .  . . . .  . . . ."))
    state, _ = play(state, 0, "build cottage at B2 using B1 A2 B2", "build well at C1 using C1 D1")
    assert state.towns[0].cells.count("cottage") == 1
    assert state.towns[0].cells.count("well") == 1


def test_resources_lying_on_buildings_never_count() -> None:
    layout = ". H . .  B warehouse . .  . . . .  . . . ."
    state = position(town(layout, held={"B2": ["glass"]}), offer=offer_with("warehouse"))
    assert not legal(state, 0, "build cottage")


def test_the_trading_post_counts_as_any_resource_and_stays() -> None:
    offer = offer_with("trading-post")
    state = position(town(". H . .  B trading-post . .  . . . .  . . . ."), offer=offer)
    builds = sorted(legal(state, 0, "build cottage"))
    assert builds == ["build cottage at A2 using A2 B1 B2", "build cottage at B1 using A2 B1 B2"]
    with pytest.raises(IllegalAction, match="Trading Post stays"):
        play(state, 0, "build cottage at B2 using A2 B1 B2")
    state, _ = play(state, 0, builds[0])
    assert state.towns[0].cells[at("B2")] == "trading-post"


def test_a_shape_needs_at_least_one_real_resource() -> None:
    offer = offer_with("trading-post")
    layout = "trading-post trading-post . .  . . . .  . . . .  . . . ."
    state = position(town(layout), offer=offer)
    assert not legal(state, 0, "build well")
    # a Shed could stand on any empty square, so only this rule stops two posts making one
    sheds = position(town(layout), offer=offer_with("trading-post", "shed"))
    assert not legal(sheds, 0, "build shed")
    with pytest.raises(IllegalAction, match="at least one real resource"):
        play(sheds, 0, "build shed at D4 using A1 B1")


def test_a_shed_may_go_on_any_empty_square_including_the_freed_ones() -> None:
    state = position(town("W S H .  . . . .  . . . .  . . . ."), offer=offer_with("shed"))
    sheds = {a.split()[3] for a in legal(state, 0, "build shed")}
    assert "C1" not in sheds and {"A1", "B1", "D1", "D4"} <= sheds
    assert len(sheds) == 15


def test_after_the_obelisk_every_building_may_go_on_any_empty_square() -> None:
    layout = "obelisk . . .  . H . .  B G . .  . . . W"
    state = position(town(layout, monument="obelisk"))
    sites = {a.split()[3] for a in legal(state, 0, "build cottage")}
    assert sites == {
        "B1",
        "C1",
        "D1",
        "A2",
        "C2",
        "D2",
        "C3",
        "D3",
        "A4",
        "B4",
        "C4",
        "B2",
        "A3",
        "B3",
    }


def test_only_your_own_monument_and_only_once() -> None:
    cathedral = "S G . .  . H . .  . . S G  W S . H"  # two Cathedrals' worth, and a Well
    mine = position(
        town(cathedral, monument="cathedral"), town(cathedral, monument="fort-ironweed")
    )
    assert legal(mine, 0, "build cathedral")
    with pytest.raises(IllegalAction, match="not your monument"):
        play(mine, 1, "build cathedral at A1 using A1 B1 B2")
    state, events = play(mine, 0, "build cathedral at A1 using A1 B1 B2")
    assert events[0].reveals
    with pytest.raises(IllegalAction, match="only once"):
        play(state, 0, "build cathedral at C3 using C3 D3 D4")


def test_legal_actions_list_every_possible_build() -> None:
    state = position(town("W S W .  S . . .  . . . .  . . . ."))
    wells = sorted(legal(state, 0, "build"))
    assert wells == [
        "build well at A1 using A1 A2",
        "build well at A1 using A1 B1",
        "build well at A2 using A1 A2",
        "build well at B1 using A1 B1",
        "build well at B1 using B1 C1",
        "build well at C1 using B1 C1",
    ]
