"""The view's `last_turn`: whose turn it was and what it changed on the map, so the board can
mark the latest move. Seats of the 4-player first game: 0 Fairies (forest), 1 Water Sprites
(lake), 2 Golems (wasteland), 3 Leprechauns (swamp)."""

from __future__ import annotations

import json

from engine.games.terra_nova.state import TerraNovaState

from .helpers import GAME, first_game, play, position


def last_turn(state: TerraNovaState) -> dict[str, object] | None:
    view = GAME.view(state, None)
    json.dumps(view)
    return view["last_turn"]


def test_a_fresh_game_has_no_last_turn() -> None:
    assert last_turn(first_game(4)) is None


def test_transform_and_build_marks_the_hex_and_the_seat() -> None:
    state = position(first_game(4), current=1, money={1: 20})
    state, _ = play(state, 1, "transform F3 build")
    assert last_turn(state) == {"seat": 1, "hexes": ["F3"], "bridges": [], "open": False}


def test_the_next_turn_replaces_the_last_one() -> None:
    state = position(first_game(4), current=1, money={1: 20, 2: 20})
    state, _ = play(state, 1, "transform F3 build")
    state, _ = play(state, 2, "sail")
    assert last_turn(state) == {"seat": 2, "hexes": [], "bridges": [], "open": False}


def test_a_bridge_is_part_of_the_last_turn() -> None:
    state = position(first_game(4), current=1, money={1: 20})
    state, _ = play(state, 1, "bridge E4 C5")
    assert last_turn(state) == {
        "seat": 1,
        "hexes": [],
        "bridges": [{"from": "C5", "to": "E4"}],
        "open": False,
    }


def test_a_turn_sent_in_parts_keeps_its_earlier_changes() -> None:
    """The founding build leaves the turn open for the town tile; the tile choice adds
    nothing to the map, so the built hex stays marked."""
    state = position(
        first_game(4),
        clear=True,
        current=0,
        money={0: 20},
        buildings={"F5": (0, "t"), "G6": (0, "p"), "G7": (0, "h")},
        round_tile="town",
    )
    state, _ = play(state, 0, "transform F6 build")
    assert last_turn(state) == {"seat": 0, "hexes": ["F6"], "bridges": [], "open": True}
    state, _ = play(state, 0, "town 6money")
    assert last_turn(state) == {"seat": 0, "hexes": ["F6"], "bridges": [], "open": False}


def test_an_exchange_sent_alone_keeps_the_turn_open() -> None:
    state = position(first_game(4), current=1, money={1: 20}, bowls={1: [0, 0, 5]})
    state, _ = play(state, 1, "exchange 1")
    assert last_turn(state) == {"seat": 1, "hexes": [], "bridges": [], "open": True}
    state, _ = play(state, 1, "transform F3 build")
    assert last_turn(state) == {"seat": 1, "hexes": ["F3"], "bridges": [], "open": False}


def test_a_seat_that_acts_again_starts_a_new_turn() -> None:
    """After a finished turn, the same seat's next turn (everyone else passed) starts afresh."""
    state = position(first_game(4), current=1, money={1: 40})
    state, _ = play(state, 1, "transform F3 build")
    again = state.model_copy(update={"current": 1})
    again, _ = play(again, 1, "transform E3 build")
    assert last_turn(again) == {"seat": 1, "hexes": ["E3"], "bridges": [], "open": False}


def test_set_up_turns_are_recorded_one_by_one() -> None:
    """Starting houses: the last seat in order sets two in a row; each is its own turn."""
    state = GAME.new_game(["a", "b"], seed=3)
    while state.phase == "factions":
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    names = []
    while state.phase == "houses":
        seat = min(GAME.to_act(state))
        text = GAME.legal_actions(state, seat)[0]
        state, _ = GAME.apply(state, seat, text)
        names.append(text.split()[1])
        assert last_turn(state) == {
            "seat": seat,
            "hexes": [names[-1]],
            "bridges": [],
            "open": False,
        }


def test_states_stored_before_the_last_turn_existed_still_load() -> None:
    state = position(first_game(4), current=1, money={1: 20})
    state, _ = play(state, 1, "transform F3 build")
    stored = state.model_dump(mode="json")
    del stored["last_turn"]
    loaded = TerraNovaState.model_validate(stored)
    assert loaded.last_turn is None
    assert last_turn(loaded) is None
    seat = min(GAME.to_act(loaded))
    after, _ = play(loaded, seat, "sail")
    assert last_turn(after) == {"seat": seat, "hexes": [], "bridges": [], "open": False}
