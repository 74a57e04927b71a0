"""The seven persons: what they give on taking, both sides, and turning them."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.terramara.content import TERRITORIES
from engine.games.terramara.scoring import final_scores

from .helpers import GAME, NAMES, legal, new, occupy, play, seat_with, task, with_fields


def drafted(person: str, seed: int = 3):  # type: ignore[no-untyped-def]
    """A 4-player advanced game in which dan (who picks first) took `person`."""
    for attempt in range(200):
        state = GAME.new_game(list(NAMES), seed + attempt, {})
        if person in state.draft_persons:
            return play(state, 3, f"pick {person}")
    raise AssertionError(person)


def test_on_taking_gains_do_not_trigger_the_persons_own_bonus() -> None:
    state = drafted("P1")
    assert state.tasks[-1].kind == "road" and state.tasks[-1].n == 1
    state = drafted("P2")
    assert state.seats[3].culture == 1


def test_a_start_card_picked_after_a_person_sets_off_none_of_its_abilities() -> None:
    for attempt in range(200):  # dan picks the Singer first and S09 (3 culture) second
        state = GAME.new_game(list(NAMES), attempt, {})
        if "P2" in state.draft_persons and "S09" in state.draft_cards:
            break
    state = play(state, 3, "pick P2")
    for seat in (2, 1, 0, 0, 1, 2):
        others = [o for o in legal(state, seat) if o not in ("pick P2", "pick S09")]
        state = play(state, seat, others[-1])
        while state.tasks:
            waiting = min(GAME.to_act(state))
            state = play(state, waiting, legal(state, waiting)[-1])
    state = play(state, 3, "pick S09")
    assert state.seats[3].culture == 1 + 3  # the Singer's 1, then S09's 3 without the Singer's +1


def test_turning_is_once_and_only_before_the_first_placement_of_a_round() -> None:
    state = seat_with(new(4), 0, person="P2")
    assert "turn" in legal(state, 0)
    state = play(state, 0, "turn")
    assert state.seats[0].experienced and "turn" not in legal(state, 0)
    state = seat_with(new(4), 0, person="P2")
    state = play(state, 0, "place scout hut", "stop", "done")
    state = with_fields(state, current=0, step="before")
    with pytest.raises(IllegalAction, match="before your first placement"):
        GAME.apply(state, 0, "turn")


def test_the_shield_bearer_pays_no_military_but_still_pays_exchanges() -> None:
    state = seat_with(new(4), 0, person="P3", artifacts=["W3c"], military=2)
    state = play(state, 0, "use W3c")
    assert state.seats[0].military == 0 and state.tasks[-1].kind == "road"
    young = seat_with(new(4), 0, person="P3", military=10)
    assert "use P3" not in legal(young, 0)
    with pytest.raises(IllegalAction, match="no effect to use on this side"):
        GAME.apply(young, 0, "use P3")
    state = seat_with(new(4), 0, person="P3", experienced=True, military=10)
    state = play(state, 0, "use P3")
    assert state.seats[0].vp == 3 and "use P3" not in legal(state, 0)


def test_the_keeper_takes_the_spare_tiles_uses_one_per_round_by_level() -> None:
    state = drafted("P5")
    assert len(state.seats[3].bonus_tiles) == 8 and state.spare_bonus == []
    state = seat_with(new(4), 0, person="P5", bonus_tiles=["BT1a", "BT2a", "BT3a"])
    assert [t for t in legal(state, 0) if t.startswith("use")] == ["use BT1a"]
    state = play(state, 0, "use BT1a")
    assert state.seats[0].culture == 2 and state.seats[0].bonus_tiles == ["BT2a", "BT3a"]
    assert not [t for t in legal(state, 0) if t.startswith("use")]
    state = with_fields(seat_with(state, 0, rotated=[]), round=3)
    assert [t for t in legal(state, 0) if t.startswith("use")] == ["use BT2a", "use BT3a"]
    once = play(state, 0, "use BT3a")  # ASH, 1 cul: one personal tile a round
    with pytest.raises(IllegalAction, match="used a personal bonus tile this round"):
        GAME.apply(once, 0, "use BT2a")
    state = play(state, 0, "turn")
    assert state.seats[0].bonus_tiles == []


def test_the_keeper_experienced_scores_four_per_banner() -> None:
    state = seat_with(with_fields(new(4), round=2), 0, person="P5", experienced=True)
    state = with_fields(state, tasks=[task(0, "road", n=1)])
    state = play(state, 0, "road S O1")
    assert state.seats[0].vp == 4 and state.seats[0].banners == ["OP-A"]


def test_the_tracker_sixth_scout_is_given_back_when_turning() -> None:
    state = drafted("P6")
    assert state.seats[3].scouts == 5 == state.seats[3].home_scouts
    state = seat_with(new(4), 0, person="P6", scouts=5, home_scouts=5)
    state = play(state, 0, "turn")
    assert state.seats[0].scouts == 4 == state.seats[0].home_scouts
    state = seat_with(new(4), 0, person="P6", scouts=5, home_scouts=0)
    with pytest.raises(IllegalAction, match="sixth scout must be at home"):
        GAME.apply(state, 0, "turn")


def test_the_tracker_experienced_scores_the_chief_joining_or_opening_a_space() -> None:
    state = seat_with(occupy(new(4), {"LT1-1 a": ["s1"]}), 0, person="P6", experienced=True)
    assert play(state, 0, "place chief LT1-1 a").seats[0].vp == 3
    assert play(state, 0, "place chief LT1-1 b").seats[0].vp == 5
    assert play(state, 0, "place chief hut").seats[0].vp == 0  # the hut is no action space
    state = seat_with(state, 0, warriors=1)
    assert play(state, 0, "place warrior LT1-1 b").seats[0].vp == 0


def test_the_surveyor_chooses_leftover_tiles_and_uses_its_own_crossroad() -> None:
    state = drafted("P7")
    assert state.tasks[-1].spec == "survey-crossroad"
    level_1 = ("RT1-1", "RT1-2", "RT1-3", "RT1-4")
    left_over = [TERRITORIES[t].back for t in level_1 if t not in state.right_tiles]
    assert legal(state, 3) == [f"take {back}" for back in left_over] and len(left_over) == 2
    crossroad = legal(state, 3)[0].split()[1]
    state = play(state, 3, legal(state, 3)[0])
    outpost = legal(state, 3)[0].split()[1]
    state = play(state, 3, legal(state, 3)[0])
    assert (state.seats[3].own_crossroad, state.seats[3].own_outpost) == (crossroad, outpost)
    own = seat_with(new(4), 0, person="P7", own_crossroad="X-2", own_outpost="OP-B")
    assert "place chief X-2" in legal(own, 0)  # round 1, carts at the start
    state = play(own, 0, "place chief X-2")
    assert state.seats[0].culture == 2 and state.seats[0].military == 2  # X-2 gains
    done = seat_with(own, 0, artifacts=["C1a", "C1b", "C2a"])
    assert final_scores(done)[0].outposts == 5  # the own outpost: 3 clothing


def test_the_surveyor_experienced_loses_the_crossroad_and_scores_crossroad_placements() -> None:
    state = seat_with(new(4), 0, person="P7", own_crossroad="X-2", own_outpost="OP-B")
    state = play(state, 0, "turn")
    assert state.seats[0].own_crossroad is None and "place chief X-2" not in legal(state, 0)
    state = with_fields(seat_with(state, 0, carts=["C1", "C1"]), round=2)
    assert play(state, 0, "place scout X-1").seats[0].vp == 2
    warrior = seat_with(state, 0, warriors=1)
    assert play(warrior, 0, "place warrior X-1").seats[0].vp == 0  # scouts and the chief only
    assert final_scores(seat_with(state, 0, artifacts=["C1a", "C1b"]))[0].outposts == 2


def test_the_tracker_counts_a_neutral_scout_as_another_players() -> None:
    state = new(3)
    key = next(
        k
        for k, tokens in state.spaces.items()
        if tokens == ["n0"] and k[:5] in (state.left_tiles[0], state.right_tiles[0])
    )
    state = seat_with(state, 0, person="P6", experienced=True)
    assert play(state, 0, f"place chief {key}").seats[0].vp == 3  # H25


def test_a_start_card_pays_out_at_once_without_abilities() -> None:
    for attempt in range(200):
        state = GAME.new_game(list(NAMES), attempt, {})
        if "S05" in state.draft_cards:
            break
    state = play(state, 3, "pick S05")
    dan = state.seats[3]
    assert (dan.workers, dan.raw, dan.processed, dan.military, dan.vp) == (
        [1],
        [1, 0, 0, 2],
        [0, 0, 0, 1],
        1,
        1,
    )
    assert state.worker_supply[0] == 4 and state.tasks[-1].kind == "road"
