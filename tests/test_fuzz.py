"""Hypothesis fuzzing of every parser: random text raises only our errors and changes nothing.

For every registered game, action texts are thrown at a few reachable states (fresh, early,
mid-turn, late, over); the CLI's move-line parser, option coercion and cell names get the same
treatment. Parsers may refuse input only with the engine's own errors, never with a crash.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.core import shorten
from engine.core.errors import ActionError, BadOptions
from engine.core.game import Game, OptionSpec
from engine.core.hexgrid import Hex, HexGrid
from engine.core.playout import random_playout, replay_log
from engine.core.replay import parse_move_line
from tests.support.pile_game import PileGame

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES: list[Game[Any]] = [*engine.all_games(), PileGame()]
NAMES = ["alice", "bob", "carol", "dave"]
SEED = 2006
SEPARATORS = ["", " ", "  ", "\t", ";", "; ", " ; ", "-", "->", "→", ",", " to ", ":"]


def players_for(game: Game[Any]) -> list[str]:
    return NAMES[: max(game.info.min_players, min(3, game.info.max_players))]


@cache
def reachable_states(key: str) -> tuple[tuple[str, Any], ...]:
    """(label, state) pairs along one seeded random game of `key`."""
    game = next(g for g in GAMES if g.info.key == key)
    players = players_for(game)
    log = random_playout(game, players, SEED).log
    cut = {"fresh": 0, "early": min(4, len(log)), "late": max(len(log) - 2, 0), "over": len(log)}
    mid_turn = [i for i in range(len(log) // 3, len(log)) if log[i][0] == log[i - 1][0]]
    if mid_turn:  # the seat that acted last acts again: a turn of several actions is under way
        cut["mid-turn"] = mid_turn[0]
    return tuple(
        (label, replay_log(game, players, SEED, None, log[:count])) for label, count in cut.items()
    )


@cache
def own_words(key: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The words of the game's legal actions (keywords, cell names) and the actions themselves."""
    game = next(g for g in GAMES if g.info.key == key)
    actions = sorted(
        {
            action
            for _, state in reachable_states(key)
            for seat in game.to_act(state)
            for action in game.legal_actions(state, seat)
        }
    )
    words = sorted({word for action in actions for word in action.split()})
    return tuple(words), tuple(actions)


def mutate(text: str, data: st.DataObject) -> str:
    """A few random edits: insert, delete, replace or change the case of characters."""
    chars = list(text)
    for _ in range(data.draw(st.integers(0, 3), label="edits")):
        at = data.draw(st.integers(0, len(chars)), label="at")
        edit = data.draw(st.sampled_from(["insert", "delete", "replace", "case"]), label="edit")
        char = data.draw(st.characters(codec="utf-8"), label="char")
        if edit == "insert":
            chars.insert(at, char)
        elif at < len(chars):
            chars[at] = {"delete": "", "replace": char, "case": chars[at].swapcase()}[edit]
    return "".join(chars)


def game_text(key: str, data: st.DataObject) -> str:
    """Text built from the game's own words and actions, then mutated."""
    words, actions = own_words(key)
    piece = st.one_of(
        st.sampled_from(words),
        st.sampled_from(actions),
        st.sampled_from(words).map(str.upper),
        st.text(max_size=4),
        st.integers(-5, 200).map(str),
    )
    pieces = data.draw(st.lists(piece, max_size=7), label="pieces")
    glue = data.draw(st.lists(st.sampled_from(SEPARATORS), min_size=len(pieces)), label="glue")
    joined = "".join(p + g for p, g in zip(pieces, glue, strict=False))
    return mutate(joined, data)


def check_apply(game: Game[Any], state: Any, seat: int, text: str) -> None:
    """`apply` either succeeds or raises an ActionError naming the input (as messages echo
    it: printable and short); never mutates."""
    before = state.model_dump()
    try:
        result = game.apply(state, seat, text)
    except ActionError as error:
        message = str(error)
        assert shorten(error.text) in message
        suggestions = getattr(error, "suggestions", [])
        assert len(suggestions) <= 5
        if ";" not in text:
            assert not message.startswith("Part ")
            assert set(suggestions) <= set(game.legal_actions(state, seat)), suggestions
    else:
        assert isinstance(result.state, type(state))
        assert all(event.text for event in result.events)
        assert game.load_state(game.dump_state(result.state)) == result.state
    assert state.model_dump() == before


def keys() -> list[str]:
    return [game.info.key for game in GAMES]


@pytest.mark.parametrize("key", keys())
@FUZZ
@given(data=st.data(), text=st.text())
def test_arbitrary_text_raises_only_action_errors(key: str, data: st.DataObject, text: str) -> None:
    game = next(g for g in GAMES if g.info.key == key)
    _, state = data.draw(st.sampled_from(reachable_states(key)), label="state")
    seat = data.draw(st.integers(0, len(state.players) - 1), label="seat")
    check_apply(game, state, seat, text)


@pytest.mark.parametrize("key", keys())
@FUZZ
@given(data=st.data())
def test_texts_from_the_games_own_words_raise_only_action_errors(
    key: str, data: st.DataObject
) -> None:
    game = next(g for g in GAMES if g.info.key == key)
    _, state = data.draw(st.sampled_from(reachable_states(key)), label="state")
    to_act = sorted(game.to_act(state)) or [0]
    seat = data.draw(st.sampled_from(to_act) | st.integers(0, len(state.players) - 1))
    check_apply(game, state, seat, game_text(key, data))


@pytest.mark.parametrize("key", keys())
@FUZZ
@given(data=st.data())
def test_mutated_legal_actions_raise_only_action_errors(key: str, data: st.DataObject) -> None:
    game = next(g for g in GAMES if g.info.key == key)
    playable = [(label, s) for label, s in reachable_states(key) if not game.is_over(s)]
    _, state = data.draw(st.sampled_from(playable), label="state")
    seat = data.draw(st.sampled_from(sorted(game.to_act(state))), label="seat")
    action = data.draw(st.sampled_from(game.legal_actions(state, seat)), label="action")
    check_apply(game, state, seat, mutate(action, data))


@pytest.mark.parametrize("key", keys())
def test_the_sample_states_cover_the_game(key: str) -> None:
    """Guards the fuzzing itself: the states above really are fresh, under way and over."""
    game = next(g for g in GAMES if g.info.key == key)
    labels = {label: state for label, state in reachable_states(key)}
    assert game.is_over(labels["over"])
    assert not game.is_over(labels["fresh"])
    assert game.legal_actions(labels["early"], min(game.to_act(labels["early"])))


# -- the CLI's move lines ------------------------------------------------------------------------


@FUZZ
@given(st.text())
def test_move_lines_parse_to_a_pair_or_raise_value_error(line: str) -> None:
    try:
        parsed = parse_move_line(line)
    except ValueError as error:
        assert "player: action" in str(error)
        return
    if parsed is None:
        assert line.split("#", 1)[0].strip() == ""
        return
    player, action = parsed
    assert player and action
    assert player == player.strip() and action == action.strip()
    assert ":" not in player
    assert "#" not in player + action


name_text = st.text(min_size=1).map(str.strip).filter(lambda s: s and ":" not in s and "#" not in s)


@FUZZ
@given(
    player=name_text, action=st.text(min_size=1).map(str.strip).filter(lambda s: s and "#" not in s)
)
def test_move_lines_round_trip(player: str, action: str) -> None:
    assert parse_move_line(f"{player}: {action}  # said {player}") == (player, action)


# -- options and players -------------------------------------------------------------------------


SPECS = [
    *(spec for game in GAMES for spec in game.info.options),
    OptionSpec(key="fast", description="quick", kind="bool", default=False),
    OptionSpec(key="count", description="n", kind="int", default=3, minimum=-2, maximum=40),
    OptionSpec(key="free", description="n", kind="int", default=3),
    OptionSpec(key="map", description="m", kind="choice", default="a", choices=["a", "b c"]),
]
raw_values = st.one_of(st.text(), st.integers(), st.booleans(), st.from_regex(r"\s*[+-]?\d+\s*"))


@FUZZ
@given(spec=st.sampled_from(SPECS), raw=raw_values)
def test_option_coercion_raises_only_bad_options(spec: OptionSpec, raw: int | bool | str) -> None:
    try:
        value = spec.coerce(raw)
    except BadOptions as error:
        assert spec.key in str(error)
        return
    expected_type = {"bool": bool, "int": int, "choice": str}[spec.kind]
    assert type(value) is expected_type
    assert spec.coerce(value) == value
    if spec.kind == "choice":
        assert value in spec.choices


@pytest.mark.parametrize("key", keys())
@FUZZ
@given(
    options=st.dictionaries(st.text(max_size=8), raw_values, max_size=3),
    players=st.lists(st.text(max_size=6), max_size=6),
    seed=st.integers(),
)
def test_new_game_raises_only_bad_options(
    key: str, options: dict[str, Any], players: list[str], seed: int
) -> None:
    game = next(g for g in GAMES if g.info.key == key)
    try:
        state = game.new_game(players, seed, options)
    except BadOptions:
        return
    assert state.players == players
    assert set(state.options) == {spec.key for spec in game.info.options}


# -- cell names ----------------------------------------------------------------------------------


GRID = HexGrid(Hex(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3)


@FUZZ
@given(st.one_of(st.text(max_size=6), st.from_regex(r"\s*[A-Za-z]\s*\d{1,3}\s*")))
def test_cell_names_parse_to_a_cell_or_none(text: str) -> None:
    cell = GRID.parse(text)
    if cell is not None:
        compact = "".join(text.split()).upper()
        assert GRID.name(cell) == compact[0] + str(int(compact[1:]))
