"""The typed per-viewer view: everything the renderer draws, and never the deck order."""

from __future__ import annotations

import json

from engine.games.terramara import TerramaraView

from .helpers import GAME, new, occupy, play, seat_with, with_fields


def test_the_view_is_typed_json_and_the_same_for_every_viewer() -> None:
    state = new(3)
    view = GAME.view_of(state, 0)
    assert isinstance(view, TerramaraView)
    data = GAME.view(state, 0)
    assert TerramaraView.model_validate(data) == view
    json.dumps(data)
    public = GAME.view(state, None)
    assert {**public, "viewer": 0} == data


def test_the_deck_order_never_leaves_the_engine() -> None:
    state = new(4)
    text = json.dumps(GAME.view(state, None))
    assert not any(f'"{key}"' in text for key in state.deck)
    view = GAME.view_of(state, None)
    assert sum(view.river.deck.values()) == len(state.deck)


def test_board_rows_home_road_river_and_tracks() -> None:
    state = occupy(with_fields(new(2), round=2, blockades=["X-1"]), {"LT1-3 a": ["s0", "s1"]})
    state = seat_with(state, 0, carts=["B1", "C1"])
    view = GAME.view_of(state, None)
    assert [row.row for row in view.rows] == [1, 2, 3, 4, 5, 6]
    first = view.rows[0]
    assert first.left.turned and first.left.spaces == [] and first.crossroad is not None
    assert first.crossroad.blockade and first.crossroad.capacity == 1
    assert first.outpost is not None and first.outpost.id == "OP-A"
    second = view.rows[1]
    space = next(s for s in second.left.spaces if s.id == "LT1-3 a")
    assert [(m.kind, m.seat) for m in space.members] == [("scout", 0), ("scout", 1)]
    assert any(s.fire for row in view.rows[1:] for t in (row.left, row.right) for s in t.spaces)
    assert view.rows[4].special is not None and view.rows[4].special.condition
    assert sorted(s.name for s in view.home) == [
        "home improve/travel",
        "home raid/start",
        "home recruit",
    ]
    nodes = {node.id: node for node in view.road}
    assert nodes["B1"].carts == [0] and nodes["B1"].bonus is not None
    assert nodes["O1"].revealed and not nodes["O2"].revealed
    assert len(view.river.slots) == 8 and view.river.slots[0].card is not None
    assert view.river.slots[0].card.cost and view.river.reach == [3, 3]
    assert len(view.military.neutrals) == 2 and view.military.zones == [0, 5, 10, 15]
    assert view.round_track.round == 2


def test_player_panels_last_placement_and_decisions() -> None:
    state = seat_with(new(4), 1, raw=[3, 2, 0, 0], military=0, artifacts=["T1c"], person="P2")
    state = play(state, 0, "place scout home raid")
    view = GAME.view_of(state, 1)
    assert view.last is not None and (view.last.seat, view.last.space) == (0, "home raid")
    assert view.last.space_id == "raid"
    bob = view.players[1]
    assert bob.raw["st"] == 3 and bob.person is not None and bob.person.name == "Singer"
    assert bob.artifacts[0].card.name == "Bone Awl" and not bob.artifacts[0].rotated
    assert bob.workers[0].level == 1 and bob.to_act
    decision = view.decisions[0]
    assert (decision.seat, decision.kind, decision.remaining) == (1, "give", 1)
    assert decision.options == ["give st", "give wd"]
    assert bob.score.total == GAME.scores(state)[1]


def test_the_last_placement_names_the_space_it_took() -> None:
    """With 3 players `home travel` is the shared improve/travel space; the hut has no space."""
    state = play(new(3), 0, "place scout home travel")
    view = GAME.view_of(state, None)
    assert view.last is not None and view.last.space_id == "improve-travel"
    assert "improve-travel" in {space.id for space in view.home}
