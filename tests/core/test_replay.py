"""Replaying a move list (the CLI's `player: action` lines) with the pile game."""

from __future__ import annotations

import pytest

from engine.core.replay import ReplayError, parse_move_line, replay
from tests.support.pile_game import PileGame

GAME = PileGame()
PLAYERS = ["alice", "bob"]


@pytest.mark.parametrize(
    ("line", "parsed"),
    [
        ("alice: take 2", ("alice", "take 2")),
        ("  alice :   take 2  ", ("alice", "take 2")),
        ("alice: take 1; take 2", ("alice", "take 1; take 2")),
        ("alice: take 2  # the greedy choice", ("alice", "take 2")),
        ("alice: move E5: E8", ("alice", "move E5: E8")),
        ("", None),
        ("   \t", None),
        ("# a comment", None),
        ("   # an indented comment: with a colon", None),
    ],
)
def test_parse_move_line(line: str, parsed: tuple[str, str] | None) -> None:
    assert parse_move_line(line) == parsed


@pytest.mark.parametrize(
    "line", ["take 2", "alice take 2", ": take 2", "alice:", "alice:   ", "alice: # take 2"]
)
def test_unparseable_move_lines(line: str) -> None:
    with pytest.raises(ValueError, match="player: action"):
        parse_move_line(line)


def test_replay_applies_every_move_line_and_skips_the_rest() -> None:
    lines = ["# opening", "alice: take 3", "", "bob: take 1  # careful", "alice: roll"]
    played = replay(GAME, PLAYERS, 4, {"size": "12"}, lines)
    expected = GAME.new_game(PLAYERS, 4, {"size": 12})
    for seat, text in [(0, "take 3"), (1, "take 1"), (0, "roll")]:
        expected, _ = GAME.apply(expected, seat, text)
    assert played.state == expected
    assert played.moves == 3
    assert [event.text for event in played.events][:2] == ["alice takes 3", "bob takes 1"]


def test_summary_has_exactly_the_contract_keys() -> None:
    played = replay(GAME, PLAYERS, 1, None, ["alice: take 3", "bob: take 3"])
    assert played.summary() == {
        "game": "pile",
        "over": False,
        "to_act": ["alice"],
        "scores": {"alice": 3, "bob": 3},
        "ranking": [["alice", "bob"]],
        "moves": 2,
    }


def test_summary_of_a_finished_game() -> None:
    played = replay(GAME, PLAYERS, 1, {"size": "3"}, ["alice: take 1", "bob: take 2"])
    summary = played.summary()
    assert (summary["over"], summary["to_act"]) == (True, [])
    assert summary["ranking"] == [["bob"], ["alice"]]


@pytest.mark.parametrize(
    ("lines", "number", "named"),
    [
        (["alice: take 1", "bob take 1"], 2, "player: action"),
        (["alice: take 1", "", "# x", "bob: take 9"], 4, "'take 9' is not allowed"),
        (["alice: grab 1"], 1, "'grab 1' is not understood"),
        (["bob: take 1"], 1, "not bob's turn"),
        (["alice: take 1", "carol: take 1"], 2, "'carol' is not one of alice, bob"),
        (["alice: take 1; take 1"], 1, "Part 2 of 2"),
    ],
)
def test_a_bad_line_names_its_number_and_the_engine_message(
    lines: list[str], number: int, named: str
) -> None:
    with pytest.raises(ReplayError) as caught:
        replay(GAME, PLAYERS, 1, None, lines)
    assert caught.value.line_number == number
    assert str(caught.value).startswith(f"line {number}: ")
    assert repr(lines[number - 1].strip()) in str(caught.value)
    assert named in str(caught.value)
