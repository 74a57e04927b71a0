"""Simultaneous rounds: who acts, the resource deck, choice rounds, finishing and the end."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import IllegalAction, NotYourTurn

from .helpers import GAME, legal, play, position, texts, town

PLAIN = {"monuments": False}


def test_without_monuments_round_1_begins_at_once_for_everybody() -> None:
    state = GAME.new_game(["alice", "bob", "carol"], seed=3, options=PLAIN)
    assert state.phase == "play" and state.round == 1 and state.source == "card"
    assert GAME.to_act(state) == {0, 1, 2}
    assert state.resource is not None
    assert all(a.startswith(f"place {state.resource} ") for a in legal(state, 1))
    assert len(legal(state, 1)) == 16


def test_the_deck_has_15_cards_with_5_buried_at_the_start() -> None:
    state = GAME.new_game(["alice", "bob"], seed=5, options=PLAIN)
    assert len(state.deck) == 9 and len(state.discard) == 5
    assert Counter([*state.deck, *state.discard, state.resource]) == {
        res: 3 for res in ("wood", "wheat", "brick", "glass", "stone")
    }


def test_everyone_acts_at_once_and_the_round_ends_when_the_last_is_done() -> None:
    state = GAME.new_game(["alice", "bob", "carol"], seed=3, options=PLAIN)
    resource = state.resource
    state, events = play(state, 1, f"place {resource} A1")
    assert texts(events) == [f"bob places {resource} on A1"]
    assert GAME.to_act(state) == {0, 1, 2}
    assert legal(state, 1) == ["done"]
    state, events = play(state, 1, "done")
    assert texts(events) == ["bob is done with round 1"]
    assert GAME.to_act(state) == {0, 2}
    state, _ = play(state, 0, f"place {resource} A1; done")
    assert state.round == 1
    state, events = play(state, 2, f"place {resource} D4; done")
    assert state.round == 2
    assert GAME.to_act(state) == {0, 1, 2}
    assert events[-1].reveals and events[-1].text.startswith("round 2: the resource card shows")


def test_a_player_who_can_build_says_done_to_end_their_part() -> None:
    state = position(
        town("W . . .  . . . .  . . . .  . . . .", step="place"),
        town(step="done"),
        resource="stone",
    )
    state, _ = play(state, 0, "place stone B1")
    assert GAME.to_act(state) == {0}
    assert "done" in legal(state) and legal(state, 0, "build well")
    state, events = play(state, 0, "done")
    assert "alice is done with round 1" in texts(events)
    assert state.round == 2


def test_the_resource_must_be_placed_before_anything_else() -> None:
    state = position(town("W S . .  . . . .  . . . .  . . . .", step="place"))
    with pytest.raises(IllegalAction, match="first take this round's resource"):
        play(state, 0, "done")
    with pytest.raises(IllegalAction, match="first take this round's resource"):
        play(state, 0, "build well at A1 using A1 B1")
    with pytest.raises(IllegalAction, match="this round's resource is wood, not stone"):
        play(state, 0, "place stone C1")
    with pytest.raises(IllegalAction, match="A1 is not empty"):
        play(state, 0, "place wood A1")


def test_actions_of_another_moment_or_variant_say_so_rather_than_place_first() -> None:
    state = position(town(step="place"), town(step="place"))
    with pytest.raises(IllegalAction, match="monument cards are kept at the start of the game"):
        play(state, 0, "keep statue")
    with pytest.raises(IllegalAction, match="belongs to the Prospectors variant"):
        play(state, 0, "name wood")
    with pytest.raises(IllegalAction, match="belongs to the solo game"):
        play(state, 0, "choose wood")
    choice = position(town(step="place"), town(step="place"), source="choice", resource=None)
    with pytest.raises(IllegalAction, match="first choose a resource and place it"):
        play(choice, 0, "done")
    with pytest.raises(IllegalAction, match="here choose by placing: 'place glass B2'"):
        play(choice, 0, "choose glass")
    with pytest.raises(IllegalAction, match="only right after building the Architect's Guild"):
        play(state, 0, "replace A1 with farm")
    with pytest.raises(IllegalAction, match="only on a Factory or Bank you have just built"):
        play(state, 0, "put wood on A1")
    with pytest.raises(IllegalAction, match="free buildings come from Grove University"):
        play(state, 0, "add farm at A1")


def test_a_player_who_is_done_is_not_asked_again_in_that_round() -> None:
    state = position(town(step="place"), town(step="place"))
    state, _ = play(state, 0, "place wood A1", "done")
    with pytest.raises(NotYourTurn, match="waiting for bob"):
        play(state, 0, "place wood B1")


@pytest.mark.parametrize("number", [3, 6, 9, 12])
def test_in_every_third_round_each_player_chooses_a_resource(number: int) -> None:
    state = position(town(step="done"), town(step="build"), round_number=number - 1)
    state.towns[1].cells[0] = "wood"
    state.towns[1].cells[1] = "stone"
    state, events = play(state, 1, "done")
    assert state.round == number and state.source == "choice" and state.resource is None
    assert f"round {number}: everyone chooses their own resource" in texts(events)
    assert not any(event.reveals for event in events)
    choices = {a.split()[1] for a in legal(state, 0, "place")}
    assert choices == {"wood", "wheat", "brick", "glass", "stone"}
    state, _ = play(state, 0, "place glass A1")
    state, _ = play(state, 1, "place brick C1")
    assert state.towns[0].cells[0] == "glass" and state.towns[1].cells[2] == "brick"


def test_only_rounds_3_6_9_let_everyone_choose_the_others_turn_up_a_card() -> None:
    state = GAME.new_game(["alice", "bob"], seed=7, options=PLAIN)
    kinds = []
    for _ in range(10):
        kinds.append(state.source)
        for seat in sorted(GAME.to_act(state)):
            state, _ = play(state, seat, legal(state, seat, "place")[0], "done")
    assert kinds == ["card", "card", "choice"] * 3 + ["card"]


def test_an_empty_deck_is_reshuffled_and_5_cards_are_buried_again() -> None:
    discard = ["wood", "wheat", "brick", "glass", "stone"] * 3
    state = position(town(step="build"), town(step="done"), deck=[], resource="stone")
    state = state.model_copy(update={"discard": discard[:14]})  # the stone on the table: 15th
    state.towns[0].cells[0] = "wood"
    state.towns[0].cells[1] = "stone"
    state, events = play(state, 0, "done")
    assert "the resource deck is reshuffled and 5 cards are buried face down" in texts(events)
    assert len(state.discard) == 5 and len(state.deck) == 9
    assert Counter([*state.deck, *state.discard, state.resource]) == Counter(discard)


def test_a_full_town_at_the_end_of_the_round_is_finished() -> None:
    full_but_one = "W W W W  W W W W  W W W W  W W W ."
    state = position(town(full_but_one, step="place"), town(step="place"))
    state, _ = play(state, 0, "place wood D4; done")
    state, events = play(state, 1, "place wood A1; done")
    assert "alice's town is finished" in texts(events)
    assert state.towns[0].step == "finished" and state.towns[0].finished_round == 1
    assert GAME.to_act(state) == {1}
    assert legal(state, 0) == []


def test_a_full_town_that_could_build_is_finished_when_its_player_will_not() -> None:
    full_but_one = "W S B G  S W H B  G S W H  B G S ."
    state = position(town(full_but_one, step="place"), town(step="place"))
    state, _ = play(state, 0, "place wood D4")
    assert legal(state, 0, "build")
    state, _ = play(state, 1, "place wood A1; done")
    will_not, _ = play(state, 0, "done")
    assert will_not.towns[0].step == "finished"
    builds, _ = play(state, 0, "build well at A1 using A1 B1; done")
    assert builds.towns[0].cells.count("") == 1
    assert builds.towns[0].step == "place" and builds.round == 2


def test_the_game_ends_when_every_town_is_finished() -> None:
    full_but_one = "W W W W  W W W W  W W W W  W W W ."
    state = position(town(full_but_one, step="place"), town(full_but_one, step="place"))
    state, _ = play(state, 0, "place wood D4; done")
    state, events = play(state, 1, "place wood D4; done")
    assert GAME.is_over(state)
    assert GAME.to_act(state) == frozenset()
    assert texts(events)[-2:] == [
        "the game ends: every town is finished",
        "alice and bob share the win with -16 points each",
    ]


def test_ties_fewer_empty_squares_then_more_cottages_then_shared() -> None:
    # all score 4 (Cathedral 2, two Sheds; Factories and unfed cottages score nothing)
    more_empty = "cathedral shed shed cottage  . . . .  . . . .  . . . ."  # 12 empty, 1 cottage
    no_cottage = "cathedral shed shed factory  factory . . .  . . . .  . . . ."  # 11 empty
    two_cottages = "cathedral shed shed cottage  cottage . . .  . . . .  . . . ."  # 11 empty, 2
    state = position(town(more_empty), town(no_cottage), town(two_cottages), town(two_cottages))
    assert GAME.scores(state) == [4, 4, 4, 4]
    # fewer empty squares beat more cottages; then more cottages; then the place is shared
    assert GAME.ranking(state) == [[2, 3], [1], [0]]


def test_starloom_counts_towns_finished_in_earlier_rounds_only() -> None:
    starloom = "starloom . . . . . . . . . . . . . . ."
    state = position(
        town(starloom, step="finished", finished_round=4),
        town(step="finished", finished_round=4),
        town(step="finished", finished_round=3),
        town(starloom, step="finished", finished_round=5),
    )
    lines = [GAME.view(state, None)["players"][s]["score_lines"] for s in (0, 3)]
    assert [line["points"] for line in lines[0] if line["what"] == "starloom"] == [3]
    assert [line["points"] for line in lines[1] if line["what"] == "starloom"] == [0]


def test_feast_hall_compares_with_the_player_on_the_right_the_previous_seat() -> None:
    def halls(count: int) -> str:
        return " ".join(["feast-hall"] * count + ["."] * (16 - count))

    # alice 2 (right: carol 3, left: bob 0), bob 0, carol 3 (right: bob 0, left: alice 2)
    state = position(town(halls(2)), town(halls(0)), town(halls(3)))
    lines = GAME.view(state, None)["players"]
    feast = [
        sum(line["points"] for line in p["score_lines"] if line["what"] == "feast-hall")
        for p in lines
    ]
    assert feast == [4, 0, 9]
