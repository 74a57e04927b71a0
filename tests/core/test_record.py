"""A record's header (the CLI's arguments as comment lines) and the `/resign` and `/skip`
move lines (docs/cli.md, "Records")."""

from __future__ import annotations

import pytest

from engine.core.record import HeaderError, RecordHeader, header_lines, read_header, safe_names
from engine.core.replay import ReplayError, replay
from tests.support.pile_game import PileGame

GAME = PileGame()


def test_a_written_header_reads_back() -> None:
    lines = [
        "# Meeple Post — table #4: free text, with a colon",
        *header_lines("pile", ["ann", "Bo Li"], 42, {"size": 9, "fast": True}),
        "# Final scores: ann 3, Bo Li 0",
        "ann: take 1",
        "# game: not-read (after the first move)",
    ]
    assert lines[1:6] == [
        "# game: pile",
        "# players: ann, Bo Li",
        "# seed: 42",
        "# option: fast=true",
        "# option: size=9",
    ]
    assert read_header(lines) == RecordHeader(
        "pile", ["ann", "Bo Li"], 42, {"fast": "true", "size": "9"}
    )


def test_a_header_needs_the_game_and_the_players() -> None:
    assert read_header(["# game: pile", "ann: take 1"]) is None
    assert read_header(["# players: ann, bob"]) is None
    assert read_header(["ann: take 1", "# game: pile", "# players: ann, bob"]) is None
    assert read_header(["# game: pile", "# players: ann, bob"]) == RecordHeader(
        "pile", ["ann", "bob"]
    )


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("# seed: seven", "whole number"),
        ("# option: size", "KEY=VALUE"),
        ("# option: =3", "KEY=VALUE"),
    ],
)
def test_an_unreadable_header_field_is_named(line: str, words: str) -> None:
    with pytest.raises(HeaderError, match=words):
        read_header(["# game: pile", "# players: ann, bob", line])


def test_names_a_moves_file_cannot_hold_are_changed_apart() -> None:
    assert safe_names(["ann", "bo: b", "c#d", "e,f", "bo_ b"]) == [
        "ann",
        "bo_ b",
        "c_d",
        "e_f",
        "bo_ b 2",
    ]
    assert safe_names(["ann", "ANN", ":"]) == ["ann", "ANN 2", "_"]


def test_resign_and_skip_lines_resign_and_skip_their_player() -> None:
    played = replay(
        GAME, ["ann", "bob", "cat"], 1, None, ["ann: take 1", "bob: /skip", "cat: /resign"]
    )
    assert played.moves == 3
    assert played.state.resigned == [False, False, True]
    assert GAME.to_act(played.state) == {0}
    assert [event.text for event in played.events][-2:] == ["bob is skipped", "cat resigns"]


def test_resign_and_skip_are_refused_like_at_the_table() -> None:
    with pytest.raises(ReplayError, match=r"line 2: 'cat: /skip': .*not cat's turn"):
        replay(GAME, ["ann", "bob", "cat"], 1, None, ["ann: take 1", "cat: /skip"])
    with pytest.raises(ReplayError, match=r"line 2: 'bob: /resign': .*over"):
        replay(GAME, ["ann", "bob"], 1, None, ["ann: /resign", "bob: /resign"])
