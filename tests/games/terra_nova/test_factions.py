"""Every faction's ability and palaces, one by one.

Positions start from the 4-player first game with the board cleared; seat 0 takes the faction
under test; round 1 scores houses (2 points each).
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from engine.core import IllegalAction
from engine.games.terra_nova.state import TerraNovaState

from .helpers import GAME, at, first_game, play, position, texts

TOWN_CORE = {"F5": (0, "t"), "G6": (0, "p"), "G7": (0, "h")}


def seat0(
    faction: str,
    buildings: Mapping[str, tuple[int, str]],
    palaces: tuple[str, ...] = (),
    money: int = 40,
    bowls: list[int] | None = None,
    round_tile: str | None = None,
) -> TerraNovaState:
    state = position(
        first_game(4),
        clear=True,
        current=0,
        factions={0: faction},
        buildings=buildings,
        money={0: money},
        bowls={0: bowls or [2, 2, 4]},
        round_tile=round_tile,
    )
    state.seats[0].palaces = list(palaces)  # type: ignore[arg-type]
    return state


def test_water_sprites_score_four_more_per_town() -> None:
    state = seat0("water-sprites", TOWN_CORE)
    state, _ = play(state, 0, "build F6; town 9vp")
    assert state.seats[0].score == 2 + 4 + 9


def test_water_sprites_left_palace_builds_a_free_house_on_any_lake() -> None:
    state = seat0("water-sprites", {"B5": (0, "p")}, palaces=("left",))
    with pytest.raises(IllegalAction, match="not an empty lake"):
        GAME.apply(state, 0, "special lake G12")
    state, _ = play(state, 0, "special lake G13")
    assert state.owner[at("G13")] == 0 and state.seats[0].money == 40
    with pytest.raises(IllegalAction, match="used this round"):
        GAME.apply(position(state, current=0), 0, "special lake F1")


RIVER_BANKS = {"E4": (0, "t"), "E3": (0, "h"), "C4": (0, "p")}  # C4 lies across D3 and D4


@pytest.mark.parametrize(("faction", "offered"), [("sea-dogs", True), ("water-sprites", False)])
def test_a_town_across_one_river_hex_is_the_sea_dogs_choice(faction: str, offered: bool) -> None:
    state = seat0(faction, RIVER_BANKS)
    state, _ = play(state, 0, "transform F3 build")
    assert state.towns == []  # never founded by itself
    state = position(state, current=0)
    towns = [text for text in GAME.legal_actions(state, 0) if text.startswith("town ")]
    assert towns == (["town across D3", "town across D4"] if offered else [])


def test_the_sea_dogs_found_a_river_town_when_they_like_its_tile_on_the_river() -> None:
    state = seat0("sea-dogs", {**RIVER_BANKS, "F3": (0, "h")})
    state, events = play(state, 0, "town across D4; town 9vp; transform G3 build")
    (town,) = state.towns
    assert town.river == at("D4") and town.tile == "9vp"
    assert sorted(town.hexes) == sorted(at(h) for h in ("C4", "E3", "E4", "F3", "G3"))
    assert "founds a town across the river at D4: C4, E3, E4, F3" in texts(events)[0]
    assert state.seats[0].score == 9 + 2  # the tile, then the house (round 1 scores houses)
    view = GAME.view(state, None)
    assert view["towns"][0]["river"] == "D4"


def test_the_sea_dogs_may_found_a_river_town_after_their_action_in_the_same_turn() -> None:
    state = seat0("sea-dogs", RIVER_BANKS)
    state, _ = play(state, 0, "transform F3 build; town across D3; town 6money")
    assert state.towns[0].river == at("D3") and state.current == 1
    assert state.seats[0].money == 40 - 2 * 6 - 4 + 6  # F3 is wasteland: 2 shovels


def test_a_building_across_the_river_is_not_swallowed_by_a_town_on_land() -> None:
    """The palace on C4 stays out of the town the Sea Dogs found on their own bank."""
    state = seat0("sea-dogs", {"E4": (0, "t"), "E3": (0, "t"), "F3": (0, "t"), "C4": (0, "p")})
    state, events = play(state, 0, "transform G3 build; town 8power")
    (town,) = state.towns
    assert sorted(town.hexes) == sorted(at(h) for h in ("E3", "E4", "F3", "G3"))
    assert town.river is None and "founds a town: E3, E4, F3, G3" in " ".join(texts(events))


@pytest.mark.parametrize(
    ("faction", "buildings", "text", "why"),
    [
        ("water-sprites", RIVER_BANKS, "town across D4", "only the Sea Dogs"),
        ("sea-dogs", RIVER_BANKS, "town across E3", "E3 is land"),
        ("sea-dogs", RIVER_BANKS, "town across C3", "no buildings outside towns on two banks"),
        ("sea-dogs", RIVER_BANKS, "town across D4", "worth 6; a town needs 4 buildings worth 7"),
    ],
)
def test_a_river_town_is_refused_when_it_is_not_possible(
    faction: str, buildings: Mapping[str, tuple[int, str]], text: str, why: str
) -> None:
    state = seat0(faction, {**buildings, "F5": (0, "h")})
    with pytest.raises(IllegalAction, match=why):
        GAME.apply(state, 0, text)


def test_a_river_town_waits_while_a_town_tile_is_to_be_chosen() -> None:
    state = seat0("sea-dogs", {**RIVER_BANKS, "F3": (0, "h")})
    state.seats[0].towns_to_choose = 1
    with pytest.raises(IllegalAction, match="first choose its tile"):
        GAME.apply(state, 0, "town across D4")


def test_sea_dogs_palaces_free_sailing_and_free_trading_post() -> None:
    state = seat0("sea-dogs", {"E4": (0, "t"), "E3": (0, "h")})
    state, _ = play(state, 0, "upgrade E4 palace left")
    assert state.seats[0].sailing == 1 and state.seats[0].score == 2
    state = seat0("sea-dogs", {"E4": (0, "p"), "E3": (0, "h")}, palaces=("right",))
    state, _ = play(state, 0, "special tp E3")
    assert state.building[at("E3")] == "t" and state.seats[0].money == 40
    assert "special tp" in state.seats[0].used


def test_golems_left_palace_turns_two_shovels_into_one() -> None:
    state = seat0("golems", {"E2": (0, "p")}, palaces=("left",))
    state, _ = play(state, 0, "transform F1")  # lake is 2 steps from wasteland
    assert state.seats[0].money == 40 - 6


def test_leprechauns_gain_two_power_per_shovel() -> None:
    state = seat0("leprechauns", {"E2": (0, "h")}, bowls=[4, 4, 0])
    state, _ = play(state, 0, "transform F1")  # lake is 1 step from swamp
    assert state.seats[0].bowls == [2, 6, 0]


def test_inventors_gain_power_whenever_another_faction_builds_a_house() -> None:
    state = seat0("fairies", {"G7": (0, "h")})
    state = position(state, factions={2: "inventors"}, bowls={2: [2, 2, 4]})
    state, events = play(state, 0, "transform F6 build")
    assert state.seats[2].bowls == [1, 3, 4]
    assert any("Inventors) gains 1 power" in text for text in texts(events))


def test_inventors_palaces_trading_post_action_and_house_points() -> None:
    state = seat0("inventors", {"E3": (0, "p")}, palaces=("left", "right"), bowls=[0, 0, 8])
    state, _ = play(state, 0, "power tp F3")
    assert state.building[at("F3")] == "t" and state.terrain[at("F3")] == "S"
    assert state.seats[0].bowls == [6, 0, 2]
    state = position(state, current=0)
    state, _ = play(state, 0, "transform E4 build")
    assert state.seats[0].score == 2 + 2  # round scoring and the right palace


def test_fairies_left_palace_power_action_with_a_free_shovel() -> None:
    state = seat0("fairies", {"G7": (0, "p")}, palaces=("left",), bowls=[0, 0, 8])
    state, _ = play(state, 0, "power fairy F6 build")
    assert state.owner[at("F6")] == 0
    assert state.seats[0].money == 36 and state.seats[0].bowls == [2, 0, 6]
    with pytest.raises(IllegalAction, match="used this round"):
        GAME.apply(position(state, current=0), 0, "power fairy G6")


def test_druids_exchange_three_power_for_two_points() -> None:
    state = seat0("druids", {"G7": (0, "h")}, bowls=[0, 2, 6])
    assert {"exchange 3 vp", "exchange 6 vp"} <= set(GAME.legal_actions(state, 0))
    state, _ = play(state, 0, "exchange 6 vp; pass bonus3")
    assert state.seats[0].score == 4 and state.seats[0].bowls == [6, 2, 0]
    with pytest.raises(IllegalAction, match="in threes"):
        GAME.apply(seat0("druids", {}, bowls=[0, 2, 6]), 0, "exchange 4 vp")
    with pytest.raises(IllegalAction, match="only the Druids"):
        GAME.apply(seat0("fairies", {}, bowls=[0, 2, 6]), 0, "exchange 3 vp")


def test_druids_palaces_power_per_settlement_and_points_per_trading_post() -> None:
    buildings = {"G7": (0, "p"), "F6": (0, "h"), "B5": (0, "h"), "G13": (0, "h")}
    state = seat0("druids", buildings, palaces=("left", "right"), bowls=[6, 2, 0])
    state, _ = play(state, 0, "upgrade B5 tp")
    assert state.seats[0].score == 3
    state = position(state, current=0)
    state, _ = play(state, 0, "pass bonus3")
    assert state.seats[0].bowls == [0, 8, 0]  # 3 settlements: 6 power


def test_sun_worshippers_make_a_neighbouring_hex_habitable_for_free() -> None:
    state = seat0("sun-worshippers", {"F5": (0, "p")}, palaces=("left",))
    with pytest.raises(IllegalAction, match="not next to your buildings"):
        GAME.apply(state, 0, "special continent E3")
    state, _ = play(state, 0, "special continent F6 build")
    assert state.terrain[at("F6")] == "D" and state.owner[at("F6")] == 0
    assert state.seats[0].money == 36


def test_sand_cats_earn_from_upgrades_and_build_cheaper_trading_posts() -> None:
    state = seat0("fairies", {"G7": (0, "h")})
    state = position(state, factions={3: "sand-cats"}, money={3: 0})
    state, _ = play(state, 0, "upgrade G7 tp")
    assert state.seats[3].money == 1
    cats = seat0("sand-cats", {"G7": (0, "h"), "G9": (0, "p"), "G8": (1, "h")}, palaces=("left",))
    cats, _ = play(cats, 0, "upgrade G7 tp")
    assert cats.seats[0].money == 35


def test_sand_cats_right_palace_scores_buildings_away_from_the_river() -> None:
    state = seat0("sand-cats", {"G7": (0, "p"), "A1": (0, "h"), "E4": (0, "h")}, palaces=("right",))
    state, _ = play(state, 0, "pass bonus3")
    # G7 and A1 have no river neighbour, E4 has; bonus7 (held in the first game) adds 4
    assert state.seats[0].score == 2 + 4


def test_fire_sprites_left_palace_builds_a_free_house_on_an_edge_hex() -> None:
    state = seat0("fire-sprites", {"F7": (0, "t")})
    assert "upgrade F7 palace left A1" in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="name the free edge hex"):
        GAME.apply(state, 0, "upgrade F7 palace left")
    state, _ = play(state, 0, "upgrade F7 palace left A1")
    assert state.owner[at("A1")] == 0 and state.terrain[at("A1")] == "W"
    assert state.seats[0].money == 40 - 14
    assert state.seats[0].score == 2  # the free house counts as a house built


def test_fire_sprites_right_palace_scores_settlements_on_the_edge() -> None:
    buildings = {"F7": (0, "p"), "A1": (0, "h"), "A2": (0, "h"), "G13": (0, "h")}
    state = seat0("fire-sprites", buildings, palaces=("right",))
    state, _ = play(state, 0, "pass bonus3")
    # {A1, A2} and {G13} touch the edge, {F7} does not; bonus7 adds 4 for the palace
    assert state.seats[0].score == 2 + 4


def test_the_right_palace_of_the_a_side_founds_towns_at_value_six_at_once() -> None:
    buildings = {"F5": (0, "h"), "G6": (0, "t"), "G7": (0, "h"), "F6": (0, "h")}
    state = seat0("golems", buildings)
    state, events = play(state, 0, "upgrade G6 palace right")
    assert "founds a town" in " ".join(texts(events))
    assert state.seats[0].towns_to_choose == 1 and state.current == 0
