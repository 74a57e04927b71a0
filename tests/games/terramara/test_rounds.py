"""Set-up per player count and mode, round start and end, neutral players, the end of the game."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import IllegalAction
from engine.games.terramara.builder import Builder
from engine.games.terramara.content import ARTIFACTS, BONUS_TILES, TERRITORIES
from engine.games.terramara.flow import end_round, start_round

from .helpers import GAME, NAMES, legal, new, occupy, play, seat_with, with_fields


def run(state, step, *args):  # type: ignore[no-untyped-def]
    b = Builder(state)
    step(b, *args)
    return b.state, b.events


# -- set-up --------------------------------------------------------------------------------------


def test_advanced_setup_four_players() -> None:
    state = GAME.new_game(list(NAMES), 7, {})
    assert state.phase == "draft" and GAME.to_act(state) == {3}
    levels = [TERRITORIES[t].level for t in state.left_tiles]
    assert levels == [1, 1, 2, 2, 3, 3] == [TERRITORIES[t].level for t in state.right_tiles]
    assert all(TERRITORIES[t].column == "left" for t in state.left_tiles)
    assert all(TERRITORIES[t].column == "right" for t in state.right_tiles)
    assert [BONUS_TILES[t].level for t in state.road_bonus] == [1, 1, 2, 2, 3, 3]
    assert [BONUS_TILES[t].level for t in state.river_bonus] == [1, 2, 2, 3]
    assert Counter(BONUS_TILES[t].level for t in state.spare_bonus) == {1: 3, 2: 2, 3: 3}
    assert [ARTIFACTS[c].level for c in state.river] == [1] * 8
    deck_levels = [ARTIFACTS[c].level for c in state.deck]
    assert deck_levels == sorted(deck_levels) and Counter(deck_levels) == {1: 8, 2: 16, 3: 20}
    assert state.round_workers == [2, 2, 2, 2, 2] and state.worker_supply == [5, 1, 1]
    for seat in state.seats:
        assert (seat.military, seat.culture, seat.carts, seat.workers) == (0, 0, ["S", "S"], [])
        assert (seat.scouts, seat.home_scouts, seat.chief_home) == (4, 4, True)
    assert len(state.draft_persons) == 5 and len(state.draft_cards) == 5
    assert state.fire == [] and state.neutral_military == []


def test_first_game_setup() -> None:
    state = new(4)
    assert state.left_tiles == ["LT1-1", "LT1-3", "LT2-2", "LT2-4", "LT3-1", "LT3-4"]
    assert state.right_tiles == ["RT1-1", "RT1-3", "RT2-1", "RT2-4", "RT3-1", "RT3-4"]
    assert [s.military for s in state.seats] == [1, 2, 3, 4]
    for seat in state.seats:
        assert (seat.raw, seat.workers, seat.culture, seat.person) == ([1, 1, 1, 1], [1], 1, None)
    assert state.worker_supply == [1, 1, 1]
    assert state.round == 1 and state.current == 0
    shuffled = GAME.new_game(list(NAMES), 7, {"first-game": True, "random-territories": True})
    assert shuffled.left_tiles != state.left_tiles or shuffled.right_tiles != state.right_tiles


def test_two_and_three_players_fire_and_neutral_scouts() -> None:
    for count, neutrals, scouts in ((3, 1, 6), (2, 2, 12)):
        state = GAME.new_game(list(NAMES[:count]), 5, {"first-game": True})
        assert state.phase == "neutral" and len(state.neutral_military) == neutrals
        assert len(state.fire) == 6
        numbers = [_fire_number(state, key) for key in state.fire]
        assert sorted(numbers[:4]) == [1, 2, 3, 4]
        assert len(state.neutral_queue) == scouts
        assert [p.seat for p in state.neutral_queue] == [i % count for i in range(scouts)]
        assert [p.row for p in state.neutral_queue] == [1, 2, 3, 4, 5, 6] * neutrals
        options = legal(state, 0)
        assert options and all(
            o.split()[1].startswith((state.left_tiles[0], state.right_tiles[0])) for o in options
        )
        assert not any(o.endswith(key) for o in options for key in state.fire)
        assert len(options) == 5


def test_a_neutral_scout_goes_only_on_a_free_space() -> None:
    state = GAME.new_game(list(NAMES[:2]), 5, {"first-game": True})
    for _ in range(6):  # the first pass: neutral A's scouts on rows 1-6
        seat = min(GAME.to_act(state))
        state = play(state, seat, legal(state, seat)[0])
    taken = next(key for key in state.spaces if key.startswith(state.left_tiles[0]))
    options = legal(state, 0)
    assert f"neutral {taken}" not in options and len(options) == 4  # 6 − fire − neutral A
    with pytest.raises(IllegalAction, match="free territory space of row 1"):
        GAME.apply(state, 0, f"neutral {taken}")


def _fire_number(state, key):  # type: ignore[no-untyped-def]
    from engine.games.terramara.rules import board

    return board(state).spaces[key].fire_number


def test_the_draft_goes_backwards_then_forwards_with_the_other_kind() -> None:
    state = GAME.new_game(list(NAMES[:4]), 11, {})
    assert state.draft_order == [3, 2, 1, 0, 0, 1, 2, 3]
    person = state.draft_persons[0]
    state = play(state, 3, f"pick {person}")
    while state.tasks:
        state = play(state, 3, legal(state, 3)[-1])
    assert GAME.to_act(state) == {2} and len(legal(state, 2)) == 5 + 4
    state = play(state, 2, f"pick {state.draft_cards[0]}")
    while state.draft_order[0] != 3 or state.tasks:
        seat = min(GAME.to_act(state))
        state = play(state, seat, legal(state, seat)[0])
    assert all(o.startswith("pick S") for o in legal(state, 3))
    assert state.seats[3].person == person


def test_the_second_pick_is_always_of_the_other_kind() -> None:
    state = GAME.new_game(list(NAMES[:4]), 11, {})
    state = play(state, 3, f"pick {state.draft_persons[0]}")  # dan: a person
    state = _settled(state)
    for seat in (2, 1, 0):  # the others: a start card
        state = _settled(play(state, seat, f"pick {state.draft_cards[0]}"))
    for seat in (0, 1, 2):  # back from the start player: persons only
        assert all(o.startswith("pick P") for o in legal(state, seat))
        state = _settled(play(state, seat, legal(state, seat)[0]))
    assert state.draft_persons  # one person is left, yet dan may take only a start card
    assert legal(state, 3) and all(o.startswith("pick S") for o in legal(state, 3))


def _settled(state):  # type: ignore[no-untyped-def]
    """The state once the decisions a pick set off (reach, the Surveyor's tiles) are answered."""
    while state.tasks:
        seat = min(GAME.to_act(state))
        state = play(state, seat, legal(state, seat)[0])
    return state


# -- round start and end -------------------------------------------------------------------------


def test_round_two_and_four_clear_the_deck_three_and_five_the_river() -> None:
    state = with_fields(new(4), river=["T1a", "T2a", "W1a", "T3a", "P1a", "P2a", "C1a", "C2a"])
    level_2 = ["W2b", "P2b", "C2b", "W2c", "T2c"]
    state = with_fields(state, deck=["W1b", *level_2, "T3b", "P3b", "C3b", "W3b", "C3c", "T3c"])
    state, _ = run(state, start_round, 2)
    assert state.deck[0] == "W2b"
    state, events = run(state, start_round, 3)
    assert state.river == ["T2a", "T3a", "P2a", "C2a", "W2b", "P2b", "C2b", "W2c"]
    assert any(e.reveals for e in events)
    assert state.deck[0] == "T2c"
    state, _ = run(state, start_round, 4)
    assert state.deck == ["T3b", "P3b", "C3b", "W3b", "C3c", "T3c"]
    state, _ = run(state, start_round, 5)
    assert state.river == ["T3a", "T3b", "P3b", "C3b", "W3b", "C3c", "T3c", ""]


def test_round_end_returns_members_turns_the_row_and_resets_workers_and_cards() -> None:
    state = occupy(new(4), {"LT1-1 a": ["s0", "c1"], "recruit": ["s2"], "LT2-2 a": ["s3"]})
    state = seat_with(state, 0, home_scouts=3, used=[1], rotated=["T1c"], artifacts=["T1c"])
    state = seat_with(state, 0, placed_round=True, left=["travel"])
    state = with_fields(state, used_spaces=["raid", "start"])
    state = seat_with(state, 1, chief_home=False)
    state = seat_with(state, 2, home_scouts=2, hut=["chief", "scout"], chief_home=False)
    state = seat_with(state, 3, home_scouts=3)
    state, events = run(state, end_round)
    assert state.round == 2 and state.spaces == {"LT2-2 a": ["s3"]}
    assert [s.home_scouts for s in state.seats] == [4, 4, 4, 3]
    assert all(s.chief_home and s.hut == [] for s in state.seats)
    assert state.seats[0].used == [] and state.seats[0].rotated == []
    assert state.used_spaces == [] and "place scout home raid" in legal(state, 0)
    assert state.seats[0].left == [] and "place scout home travel" in legal(state, 0)
    assert not state.seats[0].placed_round  # a person may be turned again before placing
    assert state.round_workers[0] == 0
    assert any("crossroad space X-1 and outpost OP-A" in e.text for e in events)
    assert "place scout X-1" not in legal(state, 0) and "place scout LT1-1 a" not in legal(state, 0)


def test_neutral_scouts_leave_when_their_row_is_turned() -> None:
    state = new(3)  # neutral A's scouts on LT1-1 a (row 1), LT1-3 a (row 2), …
    state, _ = run(state, end_round)
    assert "LT1-1 a" not in state.spaces and state.spaces["LT1-3 a"] == ["n0"]


def test_two_player_round_end_puts_a_blockade_on_the_new_crossroad() -> None:
    state, _ = run(new(2), end_round)
    assert state.blockades == ["X-1"]
    state, _ = run(new(3), end_round)
    assert state.blockades == []


def test_neutral_military_each_round_weaker_neutral_first_card_four_left_out_in_a_first_game() -> (
    None
):
    state = with_fields(new(2), neutral_military=[6, 2])
    state, events = run(state, start_round, 2)
    assert events[-1].reveals and "neutral A" in events[-1].text  # B (weaker) drew first
    assert set(state.neutral_draw) <= {1, 2, 3} and len(set(state.neutral_draw)) == 2
    assert state.neutral_military == [6 + state.neutral_draw[0], 2 + state.neutral_draw[1]]
    draws = set()
    for seed in range(30):
        advanced = GAME.new_game(list(NAMES[:3]), seed, {})
        while advanced.phase != "play" or advanced.round != 1:
            seat = min(GAME.to_act(advanced))
            advanced = play(advanced, seat, legal(advanced, seat)[0])
        draws.add(advanced.neutral_draw[0])
    assert draws == {1, 2, 3, 4}


def test_players_without_members_are_passed_over() -> None:
    state = seat_with(new(4), 1, chief_home=False, home_scouts=0)
    state = play(state, 0, "place scout hut", "stop", "done")
    assert state.current == 2


def test_the_game_ends_after_round_five() -> None:
    state = with_fields(new(4), round=5)
    for seat in range(4):
        state = seat_with(state, seat, home_scouts=0, chief_home=seat == 0)
    state = play(state, 0, "place chief hut", "stop", "done")
    assert GAME.is_over(state) and GAME.to_act(state) == frozenset()


def test_neutral_draws_go_through_chance_and_are_told() -> None:
    from engine.core import forced

    state = with_fields(new(2), neutral_military=[6, 2])
    with forced([3, 1, 2]):
        state, events = run(state, start_round, 2)
    assert state.neutral_military == [6 + 1, 2 + 3]  # the weaker neutral B draws first
    assert state.neutral_draw == [1, 3]
    told = [e for e in events if e.draws]
    assert told and told[0].draws[0].what == "the neutral military cards"


def test_fire_follows_the_neutral_cards_row_by_row() -> None:
    from engine.core import forced

    order = [[2, 4, 1, 3], [4, 3, 1, 2]]
    with forced(*_setup_draws(), *order):
        state = GAME.new_game(list(NAMES[:3]), 1, {"first-game": True})
    numbers = [_fire_number(state, key) for key in state.fire]
    assert numbers == [2, 4, 1, 3, 4, 3]


def _setup_draws():  # type: ignore[no-untyped-def]
    """The first game's draws before the fire: bonus tiles by level, then artifacts."""
    from engine.games.terramara.content import ARTIFACTS, BONUS_TILES

    bonus = [sorted(k for k, t in BONUS_TILES.items() if t.level == lv) for lv in (1, 2, 3)]
    cards = [[k for k, c in ARTIFACTS.items() if c.level == lv] for lv in (1, 2, 3)]
    return [*bonus, *cards]
