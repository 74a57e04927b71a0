"""The six board power actions (once a round for the table) and the special actions.

Base position: the 4-player first game, round 1 (house scoring); seat 1 is the Water Sprites
with houses on E4 and B8.
"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction

from .helpers import GAME, at, finish_round_end, first_game, play, position, texts


def test_seven_money_is_once_a_round_for_the_whole_table() -> None:
    state = position(first_game(4), current=1, bowls={1: [0, 4, 4], 2: [0, 0, 8]})
    state, _ = play(state, 1, "power 7money")
    assert state.seats[1].money == 22 + 7 and state.seats[1].bowls == [4, 4, 0]
    assert "power 7money" not in GAME.legal_actions(state, 2)
    shown = {a["key"]: a["used"] for a in GAME.view(state, None)["power_actions"]}
    assert shown == {k: k == "7money" for k in shown} and len(shown) == 6
    with pytest.raises(IllegalAction, match="used this round"):
        GAME.apply(state, 2, "power 7money")
    for seat, tile in ((2, "bonus3"), (3, "bonus4"), (0, "bonus5"), (1, "bonus7")):
        state, _ = play(state, seat, f"pass {tile}")
    state, _ = finish_round_end(state)
    assert state.round == 2 and state.power_used == []


def test_free_shovel_book_example_second_shovel_bought_scores_four_on_the_shovel_round() -> None:
    state = position(
        first_game(4), current=1, round_tile="shovel", money={1: 10}, bowls={1: [0, 4, 4]}
    )
    # C4 is desert, 2 shovels from lake; it lies across one river hex, so sail first in reach:
    state.seats[1].sailing = 1
    state, events = play(state, 1, "power shovel C4 build")
    assert state.terrain[at("C4")] == "L" and state.owner[at("C4")] == 1
    assert state.seats[1].money == 10 - 6 - 4
    assert state.seats[1].score == 4
    assert "1 of them free" in " ".join(texts(events))


def test_two_free_shovels_on_two_hexes_building_on_one() -> None:
    state = position(first_game(4), current=1, money={1: 4}, bowls={1: [0, 2, 6]})
    state, _ = play(state, 1, "power 2shovels E3 build A8")
    assert state.terrain[at("E3")] == "L" and state.terrain[at("A8")] == "L"
    assert state.owner[at("A8")] == -1 and state.owner[at("E3")] == 1
    assert state.seats[1].money == 0 and state.seats[1].bowls == [6, 2, 0]


def test_two_free_shovels_on_two_hexes_need_one_shovel_each() -> None:
    # F3 is wasteland: 2 shovels from lake, so it cannot be one of two hexes.
    state = position(first_game(4), current=1, bowls={1: [0, 2, 6]}, buildings={"F5": (1, "h")})
    with pytest.raises(IllegalAction, match="needs 2 shovels"):
        GAME.apply(state, 1, "power 2shovels E3 F3")
    state, _ = play(state, 1, "power 2shovels F3 build")
    assert state.terrain[at("F3")] == "L" and state.owner[at("F3")] == 1


def test_power_bridge_and_power_sail() -> None:
    state = position(first_game(4), current=1, bowls={1: [0, 0, 8]})
    state, _ = play(state, 1, "power bridge3 C5 E4")
    assert state.bridges == [(at("C5"), at("E4"), 1)]
    assert state.seats[1].money == 22 and state.seats[1].bowls == [3, 0, 5]
    state = position(state, current=1)
    state, _ = play(state, 1, "power sail")
    assert state.seats[1].sailing == 1 and state.seats[1].score == 2


def test_fire_sprites_pay_one_power_less_for_power_actions() -> None:
    state = position(first_game(4), current=1, factions={1: "fire-sprites"}, bowls={1: [0, 5, 3]})
    state, _ = play(state, 1, "power 7money")
    assert state.seats[1].bowls == [3, 5, 0]


def test_bonus_tile_special_shovel_once_a_round() -> None:
    state = position(first_game(4), current=1, money={1: 20})
    state.seats[1].bonus = "bonus4"
    state, _ = play(state, 1, "special shovel E3 build")
    assert state.owner[at("E3")] == 1 and state.seats[1].money == 16
    assert "special shovel" in state.seats[1].used
    state = position(state, current=1)
    with pytest.raises(IllegalAction, match="used this round"):
        GAME.apply(state, 1, "special shovel F3")
