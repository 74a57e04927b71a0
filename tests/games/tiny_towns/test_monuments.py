"""Monument cards: the secret deal, keeping one, and who may see what in the views."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalAction, ParseError
from engine.games.tiny_towns.cards import MONUMENTS, SOLO_REMOVED

from .helpers import GAME, legal, play, position, town

PLAYERS = ["alice", "bob", "carol"]


def test_each_player_is_dealt_two_different_monuments_secretly() -> None:
    state = GAME.new_game([*PLAYERS, "dave", "erin", "frank"], seed=4)
    dealt = [card for town in state.towns for card in town.dealt]
    assert len(dealt) == 12 and len(set(dealt)) == 12 and set(dealt) <= set(MONUMENTS)
    assert state.phase == "keep" and GAME.to_act(state) == set(range(6))
    assert legal(state, 2) == [f"keep {card}" for card in state.towns[2].dealt]


def test_keeping_is_simultaneous_secret_and_starts_round_one() -> None:
    state = GAME.new_game(PLAYERS, seed=11)
    kept = [town.dealt[1] for town in state.towns]
    state, events = play(state, 1, f"keep {kept[1]}")
    assert [e.text for e in events] == ["bob keeps one of their two monument cards"]
    assert GAME.to_act(state) == {0, 2}
    state, _ = play(state, 0, f"keep {kept[0]}")
    state, events = play(state, 2, f"keep {kept[2]}")
    assert state.round == 1 and GAME.to_act(state) == {0, 1, 2}
    assert "every monument is chosen; the game begins" in [e.text for e in events]
    assert events[-1].reveals
    assert [town.monument for town in state.towns] == kept


def test_only_a_dealt_monument_may_be_kept() -> None:
    state = GAME.new_game(PLAYERS, seed=11)
    other = next(card for card in MONUMENTS if card not in state.towns[0].dealt)
    with pytest.raises(IllegalAction, match="is not one of your monument cards"):
        play(state, 0, f"keep {other}")
    with pytest.raises(ParseError, match="is a building, not a monument"):
        play(state, 0, "keep cottage")
    with pytest.raises(IllegalAction, match="first keep one of your two monument cards"):
        play(state, 0, "place wood A1")


def test_the_public_view_and_other_players_never_see_an_unbuilt_monument() -> None:
    state = GAME.new_game(PLAYERS, seed=11)
    for seat, town_ in enumerate(state.towns):
        state, _ = play(state, seat, f"keep {town_.dealt[0]}")
    secrets = {town_.dealt[0] for town_ in state.towns} | {town_.dealt[1] for town_ in state.towns}
    public = json.dumps(GAME.view(state, None))
    assert not any(card in public for card in secrets)
    bobs = GAME.view(state, 1)
    assert not any(card in json.dumps(bobs["players"][0]) for card in secrets)
    assert not any(card in json.dumps(bobs["players"][2]) for card in secrets)
    assert bobs["players"][1]["kept_monument"] == state.towns[1].monument
    assert [c["key"] for c in bobs["players"][1]["monument_cards"]] == [state.towns[1].monument]
    assert all(p["has_kept_monument"] for p in bobs["players"])


def test_before_keeping_a_player_sees_both_dealt_cards_in_their_own_view() -> None:
    state = GAME.new_game(PLAYERS, seed=11)
    mine = GAME.view(state, 0)["players"][0]
    assert [card["key"] for card in mine["monument_cards"]] == state.towns[0].dealt
    assert all(card["shape"] for card in mine["monument_cards"])
    assert mine["kept_monument"] is None


def test_a_built_monument_is_public() -> None:
    cathedral = "S G . .  . H . .  . . . .  W S . ."
    state = position(town(cathedral, monument="cathedral"), town(monument="statue"))
    state, events = play(state, 0, "build cathedral at A1 using A1 B1 B2")
    assert (
        events[0].text == "alice builds their monument, Cathedral of Caterina, on A1 "
        "(using A1 B1 B2)"
    )
    public = GAME.view(state, None)
    assert public["players"][0]["monument"]["key"] == "cathedral"
    assert public["players"][1]["monument"] is None
    assert "statue" not in json.dumps(public)


def test_the_view_hides_the_deck_order() -> None:
    state = GAME.new_game(PLAYERS, seed=11, options={"monuments": False})
    view = GAME.view(state, 0)
    assert view["deck"] == {"draw_pile": 9, "discard_pile": 5, "face_up": []}
    assert "wood" not in json.dumps(view["deck"])


def test_the_solo_deal_leaves_out_the_monuments_the_solo_rules_remove() -> None:
    for seed in range(40):
        state = GAME.new_game(["alice"], seed=seed)
        assert not set(state.towns[0].dealt) & SOLO_REMOVED
