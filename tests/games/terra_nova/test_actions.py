"""The actions of a round, with the book's numbers where it gives some.

Seats of the 4-player first game: 0 Fairies (forest), 1 Water Sprites (lake), 2 Golems
(wasteland), 3 Leprechauns (swamp). Round 1 scores houses.
"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.terra_nova import rules

from .helpers import GAME, at, first_game, play, position, texts


def test_transform_by_the_terrain_circle_and_build_book_example() -> None:
    # Water Sprites turn wasteland (2 shovels from lake) into lake: 12 money, then a house for 4.
    state = position(first_game(4), current=1, money={1: 20})
    assert state.seats[1].money == 20
    state, events = play(state, 1, "transform F3 build")
    assert state.terrain[at("F3")] == "L"
    assert state.owner[at("F3")] == 1 and state.building[at("F3")] == "h"
    assert state.seats[1].money == 20 - 12 - 4
    assert state.seats[1].score == 2  # round scoring: house 2
    assert "makes F3 lake with 2 shovels" in " ".join(texts(events))


def test_one_shovel_neighbour_terrain_and_transform_without_building() -> None:
    state = position(first_game(4), current=1, money={1: 6})
    state, _ = play(state, 1, "transform E3")  # swamp is next to lake on the circle
    assert state.terrain[at("E3")] == "L" and state.owner[at("E3")] == -1
    assert state.seats[1].money == 0


def test_shovel_round_scores_two_per_shovel() -> None:
    state = position(first_game(4), current=1, money={1: 16}, round_tile="shovel")
    state, _ = play(state, 1, "transform F3 build")
    assert state.seats[1].score == 4


def test_build_needs_reach_money_and_the_home_terrain() -> None:
    state = position(first_game(4), current=1, money={1: 3})
    with pytest.raises(IllegalAction, match="not in reach"):
        GAME.apply(state, 1, "transform A1")
    with pytest.raises(IllegalAction, match="not lake; make it habitable"):
        GAME.apply(state, 1, "build E3")
    with pytest.raises(IllegalAction, match="costs 6 money and you have 3"):
        GAME.apply(state, 1, "transform E3")


def test_trading_post_costs_10_alone_and_7_next_to_another_faction() -> None:
    state = position(first_game(4), current=1, money={1: 30})
    assert "upgrade E4 tp" in GAME.legal_actions(state, 1)
    alone, _ = play(state, 1, "upgrade E4 tp")
    assert alone.seats[1].money == 20
    neighboured = position(state, buildings={"F3": (2, "p")})
    after, events = play(neighboured, 1, "upgrade E4 tp")
    assert after.seats[1].money == 23
    assert after.building[at("E4")] == "t"
    assert "Golems) gains 1 power" in " ".join(texts(events))


def test_trading_post_upgrade_changes_income_book_example() -> None:
    # The book: upgrading a lake house next to other factions costs 7; the house's 3-money
    # scroll is covered again and the trading post uncovers 3 money and 1 power.
    state = position(
        first_game(4),
        current=1,
        money={1: 30},
        buildings={"E3": (1, "h"), "C4": (1, "h"), "E2": (1, "h"), "F3": (2, "h")},
    )
    before = rules.income(state, 1)
    after, _ = play(state, 1, "upgrade E4 tp")
    assert after.seats[1].money == 30 - 7
    now = rules.income(after, 1)
    assert (now.money, now.power) == (before.money - 3 + 3, before.power + 1)


def test_neighbours_gain_one_power_per_adjacent_building_book_example() -> None:
    # Blue upgrades on the lake: seat 3 has 2 buildings next to it and gains 2; seat 2's
    # house on C5 counts only once a bridge joins C5 and E4.
    state = position(
        first_game(4),
        current=1,
        money={1: 30},
        buildings={"E3": (3, "h"), "F3": (3, "t"), "D2": (2, "h")},
        bowls={2: [2, 2, 4], 3: [2, 2, 4]},
    )
    state = position(state, buildings={"C4": (1, "h")})
    after, _ = play(state, 1, "upgrade E4 tp")
    assert after.seats[3].bowls == [0, 4, 4]
    assert after.seats[2].bowls == [2, 2, 4]
    bridged = state.model_copy(update={"bridges": [(at("C5"), at("E4"), 1)]})
    bridged = position(bridged, buildings={"C5": (2, "h")})
    after, _ = play(bridged, 1, "upgrade E4 tp")
    assert after.seats[2].bowls == [1, 3, 4]
    assert after.seats[1].score == 0


def test_palace_costs_14_and_gives_its_ability() -> None:
    state = position(first_game(4), current=3, money={3: 14}, buildings={"E7": (3, "t")})
    state, events = play(state, 3, "upgrade E7 palace left")
    leprechauns = state.seats[3]
    assert leprechauns.money == 0 and leprechauns.palaces == ["left"]
    assert "gains 6 power for their palace" in " ".join(texts(events))
    assert GAME.legal_actions(state, 3) == []  # not their turn any more


def test_sailing_costs_8_scores_the_track_and_extends_reach() -> None:
    state = position(first_game(4), current=1, money={1: 30})
    with pytest.raises(IllegalAction, match="not in reach"):
        GAME.apply(state, 1, "transform C4")
    state, _ = play(state, 1, "sail")
    assert state.seats[1].sailing == 1 and state.seats[1].money == 22
    assert state.seats[1].score == 2
    state = position(state, current=1)
    state, _ = play(state, 1, "sail")
    assert state.seats[1].score == 2 + 3  # step 2 scores 3
    state = position(state, current=1, money={1: 30})
    assert "transform C4" in GAME.legal_actions(state, 1)


def test_bridge_costs_10_needs_a_spot_and_an_own_building() -> None:
    state = position(first_game(4), current=1, money={1: 30})
    with pytest.raises(IllegalAction, match="not a bridge spot"):
        GAME.apply(state, 1, "bridge E4 E3")
    with pytest.raises(IllegalAction, match="must touch a hex with one of your buildings"):
        GAME.apply(state, 1, "bridge A6 A8")
    state, _ = play(state, 1, "bridge E4 C5")
    assert state.bridges == [(at("C5"), at("E4"), 1)]
    assert state.seats[1].money == 20
    state = position(state, current=1, money={1: 30})
    assert "transform C5 build" in GAME.legal_actions(state, 1)
    with pytest.raises(IllegalAction, match="already stands"):
        GAME.apply(state, 1, "bridge C5 E4")


def test_town_needs_four_buildings_of_value_seven_and_a_tile_choice() -> None:
    state = position(
        first_game(4),
        clear=True,
        current=0,
        money={0: 20},
        buildings={"F5": (0, "t"), "G6": (0, "p"), "G7": (0, "h")},
        round_tile="town",
    )
    state, events = play(state, 0, "transform F6 build")
    assert "founds a town" in " ".join(texts(events))
    assert state.current == 0 and GAME.legal_actions(state, 0)[:4] == [
        "town 6money",
        "town 8power",
        "town sail",
        "town 9vp",
    ]
    with pytest.raises(IllegalAction, match="first choose its tile"):
        GAME.apply(state, 0, "sail")
    state, _ = play(state, 0, "town 6money")
    assert state.seats[0].money == 20 - 10 + 6
    assert state.seats[0].score == 5 + 5  # round scoring town 5 + the tile's 5
    assert state.towns[0].tile == "6money" and len(state.towns[0].hexes) == 4
    assert state.current == 1


def test_value_six_is_no_town_without_the_right_palace() -> None:
    buildings = {"F5": (0, "t"), "G6": (0, "t"), "G7": (0, "h")}
    state = position(first_game(4), clear=True, current=0, money={0: 20}, buildings=buildings)
    state, _ = play(state, 0, "transform F6 build")
    assert not state.towns
    state = position(first_game(4), clear=True, current=0, money={0: 20}, buildings=buildings)
    state.seats[0].palaces = ["right"]
    state, _ = play(state, 0, "transform F6 build; town 9vp")
    assert state.towns[0].tile == "9vp" and state.seats[0].score == 2 + 9


def test_a_building_next_to_a_town_joins_it() -> None:
    state = position(
        first_game(4),
        clear=True,
        current=0,
        money={0: 40},
        buildings={"F5": (0, "t"), "G6": (0, "p"), "G7": (0, "h")},
    )
    state, _ = play(state, 0, "transform F6 build; town 9vp")
    state = position(state, current=0, money={0: 40})
    state, _ = play(state, 0, "transform F7 build")
    assert len(state.towns) == 1 and at("F7") in state.towns[0].hexes


def test_a_bridge_founds_a_town_book_example() -> None:
    state = position(
        first_game(4),
        clear=True,
        current=0,
        money={0: 40},
        buildings={"C5": (0, "t"), "B5": (0, "h"), "E4": (0, "h"), "E3": (0, "p")},
    )
    assert not state.towns
    state, events = play(state, 0, "bridge C5 E4; town 6money")
    assert "founds a town" in " ".join(texts(events))
    assert state.seats[0].money == 40 - 10 + 6 and state.seats[0].score == 5
    assert sorted(state.towns[0].hexes) == sorted(at(h) for h in ("C5", "B5", "E4", "E3"))
