"""The shared game protocol (engine.core.game), exercised through the tiny pile game."""

from __future__ import annotations

import contextlib

import pytest

from engine.core.errors import (
    BadOptions,
    EngineError,
    GameOver,
    IllegalAction,
    NotYourTurn,
    ParseError,
)
from engine.core.game import GameInfo, OptionSpec, OptionValue, Result
from tests.support.pile_game import PileGame, PileState

GAME = PileGame()


def fresh(players: int = 2, size: int = 10, seed: int = 1) -> PileState:
    names = ["alice", "bob", "carol", "dave"][:players]
    return GAME.new_game(names, seed, {"size": size})


# -- options ----------------------------------------------------------------------------------


def test_options_default() -> None:
    state = GAME.new_game(["alice", "bob"], 1)
    assert state.options == {"size": 10}
    assert state.pile == 10


@pytest.mark.parametrize(("raw", "value"), [("7", 7), (" 12 ", 12), (7, 7), ("+5", 5)])
def test_int_options_are_coerced(raw: OptionValue, value: int) -> None:
    state = GAME.new_game(["alice"], 1, {"size": raw})
    assert state.options["size"] == value
    assert isinstance(state.options["size"], int)


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ({"size": "lots"}, ["size", "whole number", "'lots'"]),
        ({"size": "2.5"}, ["size", "'2.5'"]),
        ({"size": "0"}, ["size", "between 1 and 99", "0"]),
        ({"size": "100"}, ["size", "between 1 and 99", "100"]),
        ({"colour": "red"}, ["'colour'", "size"]),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(
    given: dict[str, OptionValue], named: list[str]
) -> None:
    with pytest.raises(BadOptions) as caught:
        GAME.new_game(["alice", "bob"], 1, given)
    for word in named:
        assert word in str(caught.value)


BOOL = OptionSpec(key="fast", description="quick game", kind="bool", default=False)
CHOICE = OptionSpec(
    key="board", description="map", kind="choice", default="north", choices=["north", "south"]
)


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        *[("true", True), ("Yes", True), (" on ", True), ("1", True), (True, True)],
        *[("false", False), ("NO", False), ("off", False), ("0", False), (False, False)],
    ],
)
def test_bool_options(raw: OptionValue, value: bool) -> None:
    assert BOOL.coerce(raw) is value


@pytest.mark.parametrize("raw", ["maybe", "", "2", "truee"])
def test_bad_bool_options(raw: str) -> None:
    with pytest.raises(BadOptions, match="fast"):
        BOOL.coerce(raw)


def test_choice_options() -> None:
    assert CHOICE.coerce(" South ") == "south"
    with pytest.raises(BadOptions) as caught:
        CHOICE.coerce("east")
    assert "north, south" in str(caught.value)
    assert "'east'" in str(caught.value)


def test_a_game_without_options_says_so() -> None:
    bare = GameInfo(key="bare", name="Bare", min_players=1, max_players=2, summary="-")
    assert bare.resolve_options(None) == {}
    with pytest.raises(BadOptions, match="none"):
        bare.resolve_options({"size": "3"})


# -- players ------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 5])
def test_player_count_is_checked(count: int) -> None:
    with pytest.raises(BadOptions) as caught:
        GAME.new_game([f"p{n}" for n in range(count)], 1)
    assert "1–4" in str(caught.value)
    assert str(count) in str(caught.value)


def test_players_need_different_names() -> None:
    with pytest.raises(BadOptions, match="different"):
        GAME.new_game(["alice", "bob", "alice"], 1)


def test_seat_zero_acts_first() -> None:
    state = fresh(3)
    assert state.players == ["alice", "bob", "carol"]
    assert GAME.to_act(state) == {0}


# -- applying actions ---------------------------------------------------------------------------


def test_apply_returns_a_new_state_and_events_in_words() -> None:
    state = fresh()
    new, events = GAME.apply(state, 0, "take 3")
    assert (new.pile, new.held) == (7, [3, 0])
    assert [event.text for event in events] == ["alice takes 3"]
    assert GAME.to_act(new) == {1}


@pytest.mark.parametrize("text", ["take 2", "roll", "take 9", "nonsense", "take 1; take 1"])
def test_apply_never_mutates_its_input(text: str) -> None:
    state = fresh()
    before = state.model_dump()
    with contextlib.suppress(EngineError):
        GAME.apply(state, 0, text)
    assert state.model_dump() == before


def test_a_whole_turn_applies_every_part() -> None:
    state = fresh(players=1)
    new, events = GAME.apply(state, 0, "take 1; take 2 ;take 3")
    assert new.pile == 4
    assert [event.text for event in events] == ["alice takes 1", "alice takes 2", "alice takes 3"]


def test_a_turn_with_an_illegal_part_changes_nothing() -> None:
    state = fresh(players=1)
    before = state.model_dump()
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, 0, "take 2; take 9")
    assert str(caught.value).startswith("Part 2 of 2 ('take 9'): ")
    assert "you may take 1 to 3" in str(caught.value)
    assert state.model_dump() == before


def test_a_turn_with_an_unparseable_part_names_it() -> None:
    state = fresh(players=1)
    with pytest.raises(ParseError, match=r"^Part 3 of 3 \('grab 1'\)"):
        GAME.apply(state, 0, "take 1; take 1; grab 1")


def test_a_part_after_the_turn_passed_is_not_your_turn() -> None:
    state = fresh(players=2)
    before = state.model_dump()
    with pytest.raises(NotYourTurn, match=r"^Part 2 of 2 \('take 1'\).*waiting for bob"):
        GAME.apply(state, 0, "take 1; take 1")
    assert state.model_dump() == before


def test_a_whole_turn_out_of_turn_is_refused_as_a_whole() -> None:
    state = fresh()
    with pytest.raises(NotYourTurn) as caught:
        GAME.apply(state, 1, "take 1; take 2")
    assert not str(caught.value).startswith("Part")
    assert "'take 1; take 2'" in str(caught.value)


def test_a_single_failing_action_has_no_part_prefix() -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(fresh(), 0, "take 9")
    assert not str(caught.value).startswith("Part")
    assert "'take 9'" in str(caught.value)


@pytest.mark.parametrize("text", ["", "   ", ";", " ; ;"])
def test_an_empty_turn_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError, match="empty"):
        GAME.apply(fresh(), 0, text)


def test_illegal_actions_offer_at_most_five_legal_suggestions() -> None:
    state = fresh()
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, 0, "take 4")
    assert 0 < len(caught.value.suggestions) <= 5
    assert set(caught.value.suggestions) <= set(GAME.legal_actions(state, 0))


def test_not_your_turn() -> None:
    state = fresh(players=3)
    with pytest.raises(NotYourTurn) as caught:
        GAME.apply(state, 2, "take 1")
    assert "carol" in str(caught.value)
    assert caught.value.waiting_for == ["alice"]


def test_game_over() -> None:
    state, _ = GAME.apply(fresh(size=2), 0, "take 2")
    assert GAME.is_over(state)
    assert GAME.to_act(state) == frozenset()
    for seat in (0, 1):
        with pytest.raises(GameOver, match="'take 1'"):
            GAME.apply(state, seat, "take 1")


def test_the_game_ending_mid_turn_refuses_the_rest() -> None:
    state = fresh(players=1, size=2)
    with pytest.raises(GameOver, match=r"^Part 2 of 2"):
        GAME.apply(state, 0, "take 2; take 1")
    assert state.pile == 2


# -- randomness, reveals and replay ------------------------------------------------------------


def test_result_reveals_when_randomness_was_used() -> None:
    state = fresh()
    assert GAME.apply(state, 0, "roll").reveals
    assert not GAME.apply(state, 0, "take 1").reveals
    assert GAME.apply(fresh(players=1), 0, "take 1; roll").reveals
    assert not Result(state, []).reveals


def test_the_same_seed_and_log_replay_to_the_same_state() -> None:
    log = [(0, "roll"), (1, "take 2; "), (0, "roll"), (1, "roll"), (0, "take 3")]

    def play(seed: int) -> PileState:
        state = GAME.new_game(["alice", "bob"], seed)
        for seat, text in log:
            state, _ = GAME.apply(state, seat, text)
        return state

    assert play(5) == play(5)
    piles = {play(seed).pile for seed in range(30)}
    assert len(piles) > 1  # rolls depend on the seed


def test_state_round_trips_through_json() -> None:
    state, _ = GAME.apply(fresh(), 0, "roll")
    text = GAME.dump_state(state)
    assert GAME.load_state(text) == state
    assert GAME.load_state(state.model_dump()) == state
    loaded = GAME.load_state(text)
    assert GAME.apply(loaded, 1, "roll") == GAME.apply(state, 1, "roll")
