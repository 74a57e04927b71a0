"""The view: everything a renderer needs, JSON-ready, and nothing secret."""

from __future__ import annotations

import json

from .helpers import GAME, play, position, town

RONJA = """
    cottage   well    cottage tavern
    cottage   cottage well    tavern
    farm      bakery  chapel  tavern
    warehouse W       .       cottage
"""


def test_the_view_is_json_ready_and_describes_every_square() -> None:
    state = position(town(RONJA, held={"A4": ["wood", "brick", "stone"]}), town(step="place"))
    view = GAME.view(state, None)
    assert json.loads(json.dumps(view)) == view
    assert view["game"] == "tiny-towns" and view["round"] == 1 and view["resource"] == "wood"
    assert view["to_act"] == [0, 1] and view["waiting_for"] == ["alice", "bob"]
    alice = view["players"][0]
    assert alice["score"] == 28 and alice["empty_squares"] == 2 and alice["cottages"] == 5
    squares = {sq["square"]: sq for sq in alice["town"]}
    assert len(squares) == 16
    assert squares["A4"] == {
        "square": "A4",
        "column": 0,
        "row": 3,
        "resource": None,
        "building": "warehouse",
        "name": "Warehouse",
        "colour": "black",
        "fed": None,
        "holds": ["wood", "brick", "stone"],
    }
    assert squares["B4"]["resource"] == "wood" and squares["B4"]["building"] is None
    assert squares["C4"]["resource"] is None and squares["C4"]["building"] is None
    fed = sorted(name for name, sq in squares.items() if sq["fed"])
    unfed = sorted(name for name, sq in squares.items() if sq["fed"] is False)
    assert len(fed) == 4 and len(unfed) == 1
    assert [card["key"] for card in view["cards"]] == state.buildings
    assert view["cards"][0]["shape"] == [[None, "wheat"], ["brick", "glass"]]


def test_status_follows_each_players_progress() -> None:
    state = position(
        town(step="place"), town(step="place"), town(step="finished", finished_round=1)
    )
    state, _ = play(state, 0, "place wood A1")
    statuses = [p["status"] for p in GAME.view(state, None)["players"]]
    assert statuses == ["build", "place", "finished"]
    state, _ = play(state, 0, "done")
    assert GAME.view(state, 2)["players"][0]["status"] == "done"


def test_a_pending_decision_is_described_in_words() -> None:
    factory = town("factory . . . . . . . . . . . . . . .", pending=["put:0"])
    view = GAME.view(position(factory), 0)
    assert view["players"][0]["owes"] == ["put a resource on the Factory on A1"]
