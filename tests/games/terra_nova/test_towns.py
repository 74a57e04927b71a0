"""Towns founded by every way a group of one's buildings can grow or merge, how towns grow,
and the town tiles' supply (book p. 7 "Stadtgründung", p. 11 "Stadtplättchen").

Seats of the 4-player first game with the board cleared: 0 Fairies (forest) unless a test
gives seat 0 another faction, 1 Water Sprites (lake).
"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.terra_nova import rules
from engine.games.terra_nova.factions import HOUSES, TOWN_BUILDINGS_NEEDED, TRADING_POSTS
from engine.games.terra_nova.state import TerraNovaState, Town
from engine.games.terra_nova.tiles import TOWN_TILES

from .helpers import BOARD, GAME, at, first_game, play, position, texts

Buildings = dict[str, tuple[int, str]]
#: A town of seat 0 (value 2 + 1 + 1 + 3 = 7) on the west bank of the river hex D4.
WEST_TOWN = {"C5": (0, "t"), "B5": (0, "h"), "B4": (0, "h"), "C4": (0, "p")}
#: A town of seat 0 (value 2 + 3 + 1 + 1 = 7) in the middle of the board.
MIDDLE_TOWN = {"F5": (0, "t"), "G6": (0, "p"), "G7": (0, "h"), "F6": (0, "h")}


def with_town(town: Buildings, more: Buildings) -> TerraNovaState:
    """Seat 0 to act with 60 money, the buildings `town` founded as a town (tile 9vp) and
    the buildings `more`."""
    state = position(
        first_game(4), clear=True, current=0, money={0: 60}, buildings={**town, **more}
    )
    state.towns = [Town(seat=0, tile="9vp", hexes=sorted(at(h) for h in town))]
    state.seats[0].towns_left.remove("9vp")
    return state


def names(hexes: list[int]) -> list[str]:
    return sorted(BOARD.names[h] for h in hexes)


def test_a_bridge_to_a_town_moves_no_building_into_it() -> None:
    # E4, E3, F3 (value 3 + 2 + 1) lie across the river from the town; the bridge C5–E4
    # joins them to it on the map, but only a building built next to a town joins it.
    state = with_town(WEST_TOWN, {"E4": (0, "p"), "E3": (0, "t"), "F3": (0, "h")})
    state, _ = play(state, 0, "bridge C5 E4")
    assert names(state.towns[0].hexes) == ["B4", "B5", "C4", "C5"]
    # So those three still make a town of their own with a fourth building.
    state = position(state, current=0, money={0: 60})
    state, events = play(state, 0, "transform F2 build; town 6money")
    assert "alice (Fairies) founds a town: E3, E4, F2, F3" in texts(events)
    assert [names(town.hexes) for town in state.towns][1] == ["E3", "E4", "F2", "F3"]
    assert state.towns[1].tile == "6money"


def test_an_upgrade_next_to_a_town_does_not_move_the_building_into_it() -> None:
    state = with_town(MIDDLE_TOWN, {"G9": (0, "h")})
    state, _ = play(state, 0, "transform G8 build")  # built next to the town: joins it
    assert names(state.towns[0].hexes) == ["F5", "F6", "G6", "G7", "G8"]
    state = position(state, current=0, money={0: 60})
    state, _ = play(state, 0, "upgrade G9 tp")  # G9 was not built next to the town
    assert names(state.towns[0].hexes) == ["F5", "F6", "G6", "G7", "G8"]
    assert rules.outside_towns(state, 0) == {at("G9")}


def test_an_upgrade_founds_a_town() -> None:
    # Value 2 + 1 + 1 + 1 = 5, then 6, then 7 with a second trading post.
    buildings = {"F5": (0, "t"), "G6": (0, "h"), "G7": (0, "h"), "F6": (0, "h")}
    state = position(first_game(4), clear=True, current=0, money={0: 60}, buildings=buildings)
    state, _ = play(state, 0, "upgrade G6 tp")
    assert not state.towns
    state = position(state, current=0, money={0: 60})
    state, events = play(state, 0, "upgrade G7 tp; town 8power")
    assert "alice (Fairies) founds a town: F5, F6, G6, G7" in texts(events)
    assert state.towns[0].tile == "8power" and state.current == 1


def test_a_palace_that_lowers_the_town_value_founds_every_town_it_makes() -> None:
    # The Golems' right palace (towns at value 6) is built far from two groups of value 6,
    # 4 buildings each: both become towns at once, and a tile is chosen for each.
    buildings = {
        **{"F5": (0, "t"), "G6": (0, "t"), "G7": (0, "h"), "F6": (0, "h")},
        **{"C5": (0, "t"), "B5": (0, "h"), "B4": (0, "h"), "C4": (0, "t")},
        "A12": (0, "t"),
    }
    state = position(first_game(4), clear=True, current=0, money={0: 60}, buildings=buildings)
    state.seats[0].faction = "golems"
    state, events = play(state, 0, "upgrade A12 palace right")
    assert sum("founds a town" in text for text in texts(events)) == 2
    assert state.seats[0].towns_to_choose == 2 and state.current == 0
    state, _ = play(state, 0, "town 9vp")
    assert GAME.legal_actions(state, 0)[:3] == ["town 6money", "town 8power", "town sail"]
    with pytest.raises(IllegalAction, match="town tile 9vp is not yours to take"):
        GAME.apply(state, 0, "town 9vp")
    state, _ = play(state, 0, "town sail")
    assert sorted(town.tile for town in state.towns) == ["9vp", "sail"]
    assert state.seats[0].towns_left == ["6money", "8power"] and state.current == 1


def test_a_trading_post_put_on_an_empty_hex_next_to_a_town_joins_it() -> None:
    # The Inventors' power action builds a trading post on an empty hex: a new building.
    state = with_town(MIDDLE_TOWN, {})
    state.seats[0].faction = "inventors"
    state.seats[0].palaces = ["left"]
    state.seats[0].bowls = [0, 0, 8]
    state, _ = play(state, 0, "power tp F7")
    assert at("F7") in state.towns[0].hexes and len(state.towns) == 1


def test_other_factions_buildings_never_join_ones_groups() -> None:
    # Seat 0's F5, G6 (value 5) and F7, E7 (value 2) are two groups; Water Sprites build on
    # F6 between them: no town for anybody (it takes the player's own adjacent buildings).
    buildings = {"F5": (0, "t"), "G6": (0, "p"), "F7": (0, "h"), "E7": (0, "h"), "G7": (1, "h")}
    state = position(first_game(4), clear=True, current=1, money={1: 60}, buildings=buildings)
    state, events = play(state, 1, "build F6")
    assert not state.towns and not any("town" in text for text in texts(events))
    assert len(rules.groups(BOARD, state, rules.outside_towns(state, 0))) == 2


def test_a_player_never_runs_out_of_town_tiles() -> None:
    # One tile of each kind per player, each used once; a town takes 4 of a player's at most
    # 8 + 4 + 2 buildings, so the fourth tile is the most a player can ever need.
    assert len({tile.key for tile in TOWN_TILES}) == len(TOWN_TILES) == 4
    most_towns = (HOUSES + TRADING_POSTS + 2) // TOWN_BUILDINGS_NEEDED
    assert most_towns < len(TOWN_TILES)
