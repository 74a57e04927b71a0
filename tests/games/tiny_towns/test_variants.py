"""The variants: more storage, Prospectors and the solo game; and the set-up options."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import BadOptions, IllegalAction, NotYourTurn
from engine.games.tiny_towns import TinyTownsState
from engine.games.tiny_towns.cards import BY_COLOUR, FIRST_GAME, SOLO_REMOVED
from engine.games.tiny_towns.view import solo_rank

from .helpers import GAME, legal, play, position, texts, town

PLAYERS = ["alice", "bob", "carol"]

# -- set-up options ------------------------------------------------------------------------------


def test_random_buildings_are_the_cottage_and_one_card_of_each_colour() -> None:
    sets = set()
    for seed in range(30):
        state = GAME.new_game(PLAYERS, seed=seed, options={"monuments": False})
        assert state.buildings[0] == "cottage"
        for colour, card in zip(
            ("red", "gray", "orange", "green", "yellow", "black"), state.buildings[1:], strict=True
        ):
            assert card in BY_COLOUR[colour]
        sets.add(tuple(state.buildings))
    assert len(sets) > 20


def test_the_first_game_set_and_explicit_cards() -> None:
    state = GAME.new_game(PLAYERS, seed=1, options={"buildings": "first-game"})
    assert state.buildings == ["cottage", *FIRST_GAME.values()]
    state = GAME.new_game(PLAYERS, seed=1, options={"buildings": "first-game", "black": "bank"})
    assert state.buildings[-1] == "bank" and state.buildings[1] == "farm"
    explicit = {
        "red": "orchard",
        "gray": "shed",
        "orange": "temple",
        "green": "inn",
        "yellow": "market",
        "black": "warehouse",
    }
    state = GAME.new_game(PLAYERS, seed=9, options=explicit)
    assert state.buildings == ["cottage", *explicit.values()]
    with pytest.raises(BadOptions, match="red takes one of"):
        GAME.new_game(PLAYERS, seed=1, options={"red": "well"})


def test_player_counts_one_to_six() -> None:
    for count in range(1, 7):
        GAME.new_game([f"p{i}" for i in range(count)], seed=1)
    with pytest.raises(BadOptions):
        GAME.new_game([f"p{i}" for i in range(7)], seed=1)


# -- more storage --------------------------------------------------------------------------------


def test_more_storage_sets_up_to_two_resources_aside_over_the_game() -> None:
    options = {"more-storage": True}
    state = position(town(step="place", aside=["glass"]), town(step="place"), options=options)
    assert legal(state, 0, "aside") == ["aside wood"]
    state, events = play(state, 0, "aside wood")
    assert state.towns[0].aside == ["glass", "wood"] and "" in state.towns[0].cells
    assert texts(events)[0] == "alice sets wood aside beside their town (0 more allowed)"
    state = position(town(step="place", aside=["glass", "wood"]), options=options)
    with pytest.raises(IllegalAction, match="already set aside 2 resources"):
        play(state, 0, "aside wood")
    plain = position(town(step="place"))
    with pytest.raises(IllegalAction, match="'more storage' variant"):
        play(plain, 0, "aside wood")


# -- Prospectors ---------------------------------------------------------------------------------


def prospectors(seed: int = 2) -> TinyTownsState:
    return GAME.new_game(PLAYERS, seed=seed, options={"prospectors": True, "monuments": False})


def test_the_hammer_holder_names_the_resource_for_everybody() -> None:
    state = prospectors()
    holder = state.hammer
    assert holder is not None
    assert state.phase == "name" and GAME.to_act(state) == {holder}
    assert legal(state, holder) == [
        f"name {r}" for r in ("wood", "wheat", "brick", "glass", "stone")
    ]
    other = (holder + 1) % 3
    with pytest.raises(NotYourTurn):
        play(state, other, "place wood A1")
    state, events = play(state, holder, "name glass")
    assert texts(events)[0] == f"{PLAYERS[holder]} names glass for round 1"
    assert GAME.to_act(state) == {0, 1, 2}
    assert {a.split()[1] for a in legal(state, other, "place")} == {"glass"}


def test_the_hammer_passes_left_and_every_round_is_named() -> None:
    state = prospectors()
    holders: list[int] = []
    for _ in range(4):
        assert state.hammer is not None
        holders.append(state.hammer)
        state, _ = play(state, state.hammer, "name wood")
        for seat in sorted(GAME.to_act(state)):
            state, _ = play(state, seat, legal(state, seat, "place")[0], "done")
    assert holders == [(holders[0] + i) % 3 for i in range(4)]
    assert state.round == 5


def test_fort_ironweed_never_takes_the_hammer_while_others_build() -> None:
    fort = town("fort-ironweed . . . . . . . . . . . . . . .", step="done")
    state = position(
        town(step="done"),
        town("W S . . . . . . . . . . . . . ."),
        fort,
        options={"prospectors": True},
        hammer=1,
        source="named",
    )
    state, _ = play(state, 1, "done")
    assert state.hammer == 0  # carol (seat 2) is passed over
    alone = position(
        town(step="finished", finished_round=1),
        town("W S . . . . . . . . . . . . . ."),
        fort,
        options={"prospectors": True},
        hammer=1,
        source="named",
    )
    alone, _ = play(alone, 1, "done")
    assert alone.hammer == 1  # bob is passed over; carol is not the only one left


def test_a_banked_resource_may_not_be_named_by_the_bank_owner() -> None:
    bank = town("bank . . . . . . . . . . . . . . .", held={"A1": ["stone"]})
    state = position(
        bank, town(), options={"prospectors": True}, hammer=0, resource=None, source="named"
    ).model_copy(update={"phase": "name"})
    assert "name stone" not in legal(state, 0)
    with pytest.raises(IllegalAction, match="stone lies on one of your Banks"):
        play(state, 0, "name stone")


def test_factory_and_statue_work_only_on_a_resource_someone_else_named() -> None:
    layout = "factory statue cottage . . . . . . . . . . . . ."
    mine = town(layout, step="place", held={"A1": ["wood"]})
    named_by_me = position(
        mine, town(step="place"), options={"prospectors": True}, hammer=0, source="named"
    )
    assert {a.split()[1] for a in legal(named_by_me, 0, "place")} == {"wood"}
    assert not any(a.endswith(" C1") for a in legal(named_by_me, 0, "place"))
    named_by_bob = named_by_me.model_copy(update={"hammer": 1})
    assert len({a.split()[1] for a in legal(named_by_bob, 0, "place")}) == 5
    assert "place wood C1" in legal(named_by_bob, 0, "place")


def test_prospectors_needs_two_players() -> None:
    with pytest.raises(BadOptions, match="Prospectors needs at least 2 players"):
        GAME.new_game(["alice"], seed=1, options={"prospectors": True})


# -- solo ----------------------------------------------------------------------------------------


def solo(seed: int = 3) -> TinyTownsState:
    return GAME.new_game(["alice"], seed=seed, options={"monuments": False})


def test_solo_turns_three_cards_face_up_and_buries_none() -> None:
    state = solo()
    assert len(state.face_up) == 3 and len(state.deck) == 12 and state.discard == []
    assert GAME.to_act(state) == {0}
    assert legal(state) == [f"choose {r}" for r in dict.fromkeys(state.face_up)]


def test_the_chosen_card_goes_under_the_deck_and_a_new_one_is_turned_up() -> None:
    state = solo()
    face_up, deck = list(state.face_up), list(state.deck)
    chosen = face_up[2]
    slot = face_up.index(chosen)  # the first card of that resource
    state, events = play(state, 0, f"choose {chosen}")
    assert events[0].reveals
    assert state.deck == [*deck[1:], chosen]
    face_up[slot] = deck[0]
    assert state.face_up == face_up
    assert {a.split()[1] for a in legal(state, 0, "place")} == {chosen}


def test_solo_has_no_free_choice_rounds() -> None:
    state = solo()
    for _ in range(3):
        assert state.source == "solo"
        state, _ = play(state, 0, legal(state)[0])
        state, _ = play(state, 0, legal(state, 0, "place")[0])
        if state.towns[0].step != "choose":
            state, _ = play(state, 0, "done")
    assert state.round == 4


def test_solo_leaves_five_cards_in_the_box() -> None:
    offered: Counter[str] = Counter()
    for seed in range(60):
        offered.update(solo(seed).buildings)
    assert not set(offered) & SOLO_REMOVED
    with pytest.raises(BadOptions, match="leaves the feast-hall card in the box"):
        GAME.new_game(["alice"], seed=1, options={"green": "feast-hall"})


@pytest.mark.parametrize(
    ("points", "rank"),
    [
        (38, "Master Architect"),
        (37, "Town Planner"),
        (32, "Town Planner"),
        (31, "Engineer"),
        (25, "Engineer"),
        (24, "Craftsperson"),
        (18, "Craftsperson"),
        (17, "Apprentice"),
        (10, "Apprentice"),
        (9, "Hobby Builder"),
        (-5, "Hobby Builder"),
    ],
)
def test_the_solo_rank_table(points: int, rank: str) -> None:
    assert solo_rank(points) == rank


def test_a_finished_solo_game_reports_score_and_rank() -> None:
    full_but_one = "W W W W  W W W W  W W W W  W W W ."
    state = position(town(full_but_one, step="place"), resource="wood", source="solo")
    state, events = play(state, 0, "place wood D4; done")
    assert GAME.is_over(state)
    assert texts(events)[-1] == "alice scores -16 points: Hobby Builder"
    assert GAME.view(state, 0)["solo_rank"] == "Hobby Builder"


def test_when_nobody_can_name_a_resource_the_last_towns_finish() -> None:
    five_banks = town(
        "bank bank bank bank  bank W S . . . . . . . . .",
        held={"A1": ["wood"], "B1": ["wheat"], "C1": ["brick"], "D1": ["glass"], "A2": ["stone"]},
    )
    done = town(step="finished", finished_round=1)
    state = position(five_banks, done, options={"prospectors": True}, hammer=0, source="named")
    state, events = play(state, 0, "done")
    assert state.hammer is None and state.source == "none" and state.round == 2
    assert "round 2: nobody can name a resource" in texts(events)[-2]
    assert "alice has nothing to do this round" not in texts(events)
    state, events = play(state, 0, "build well at B2 using B2 C2; done")
    assert GAME.is_over(state) and state.towns[0].finished_round == 2
