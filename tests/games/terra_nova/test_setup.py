"""Set-up: round tiles, bonus offer, faction choice, starting houses, first bonus tiles."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalAction, ParseError
from engine.games.terra_nova.tiles import ROUND_TILES

from .helpers import GAME, NAMES, at, first_game, play, texts


def test_set_up_draws_five_round_tiles_and_three_plus_players_bonus_tiles() -> None:
    for players in (2, 3, 4):
        state = GAME.new_game(NAMES[:players], seed=players)
        assert len(state.round_tiles) == 5
        assert all(tile in ROUND_TILES for tile in state.round_tiles)
        assert len(state.offer) == players + 3
        assert set(state.offer.values()) == {0}
        assert state.phase == "factions" and state.current == 0


def test_factions_are_chosen_in_turn_order_one_per_colour() -> None:
    state = GAME.new_game(NAMES[:3], seed=1)
    state, _ = play(state, 0, "choose fairies")
    assert state.current == 1
    assert "choose druids" not in GAME.legal_actions(state, 1)
    with pytest.raises(IllegalAction, match="green faction is already chosen"):
        GAME.apply(state, 1, "choose druids")
    state, _ = play(state, 1, "choose sun worshippers")
    assert state.seats[1].faction == "sun-worshippers" and state.seats[1].money == 12
    state, _ = play(state, 2, "choose inventors")
    assert state.phase == "houses"


def test_houses_go_first_in_order_then_reverse_then_the_sun_worshippers_third() -> None:
    state = GAME.new_game(NAMES[:3], seed=1)
    state, _ = play(state, 0, "choose fairies")
    state, _ = play(state, 1, "choose sun worshippers")
    state, _ = play(state, 2, "choose golems")
    assert state.queue == [0, 1, 2, 2, 1, 0, 1]
    with pytest.raises(IllegalAction, match="not forest"):
        GAME.apply(state, 0, "build E4")
    for seat, hex_name in [
        (0, "F5"),
        (1, "E8"),
        (2, "F7"),
        (2, "B11"),
        (1, "C4"),
        (0, "B5"),
        (1, "G12"),
    ]:
        assert state.current == seat
        state, _ = play(state, seat, f"build {hex_name}")
        assert state.owner[at(hex_name)] == seat
    assert state.phase == "bonus" and state.queue == [2, 1, 0]


def test_bonus_tiles_are_taken_in_reverse_order_and_the_rest_gain_a_coin() -> None:
    state = first_game(2)
    # The first game skips the choices; build the same through the actions instead.
    fresh = GAME.new_game(NAMES[:2], seed=5)
    fresh, _ = play(fresh, 0, "choose fairies")
    fresh, _ = play(fresh, 1, "choose leprechauns")
    for seat, name in [(0, "F5"), (1, "E7"), (1, "B4"), (0, "B3")]:
        fresh, _ = play(fresh, seat, f"build {name}")
    assert fresh.phase == "bonus" and fresh.current == 1
    first, second = sorted(fresh.offer)[:2]
    fresh, _ = play(fresh, 1, f"take {first}")
    fresh, events = play(fresh, 0, f"take {second}")
    assert fresh.phase == "actions" and fresh.round == 1 and fresh.current == 0
    assert set(fresh.offer.values()) == {1} and len(fresh.offer) == 3
    assert any("round 1 begins" in text for text in texts(events))
    assert state.round == 1


def test_first_game_set_up_for_four() -> None:
    state = first_game(4)
    assert [p.faction for p in state.seats] == [
        "fairies",
        "water-sprites",
        "golems",
        "leprechauns",
    ]
    assert [p.bonus for p in state.seats] == ["bonus7", "bonus2", "bonus6", "bonus1"]
    assert sorted(state.offer) == ["bonus3", "bonus4", "bonus5"]
    assert state.round_tiles == ["house", "shovel", "trading-post", "town", "palace"]
    assert state.owner[at("F5")] == 0 and state.owner[at("B9")] == 3
    # income: two houses (2 + 2 money) plus the bonus tile; Fairies +2 power, bonus7 +4 power
    assert state.seats[0].money == 13 + 4
    assert state.seats[0].bowls == [0, 0, 8]  # 6 power: 2 from bowl I to II, then 4 to III
    assert state.seats[3].money == 15 + 4 + 6


def test_notation_errors_are_friendly() -> None:
    state = first_game(4)
    with pytest.raises(ParseError, match="Z9 is not a hex"):
        GAME.apply(state, 0, "build Z9")
    with pytest.raises(ParseError, match="actions look like"):
        GAME.apply(state, 0, "dance")
    with pytest.raises(ParseError, match="write upgrade"):
        GAME.apply(state, 0, "upgrade")
    for count in ("²", "0", "x"):  # '²' passes str.isdigit but is no number int() reads
        with pytest.raises(ParseError, match="write exchange"):
            GAME.apply(state, 0, f"exchange {count}")
    with pytest.raises(IllegalAction, match="bonus8 is not on offer"):
        GAME.apply(state, 0, "pass bonus8")


def test_view_is_json_ready_and_complete() -> None:
    state = first_game(3)
    view = GAME.view(state, None)
    json.dumps(view)
    assert view["round_tiles"][0]["current"] is True
    assert len(view["hexes"]) == 88
    assert {p["faction"] for p in view["players"]} == {"water-sprites", "golems", "sun-worshippers"}
    assert [(o["tile"], o["money"]) for o in view["bonus_offer"]] == [
        ("bonus2", 1),
        ("bonus5", 1),
        ("bonus6", 1),
    ]
