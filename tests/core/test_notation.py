"""Splitting turns, normalising texts and suggesting the nearest legal actions."""

from __future__ import annotations

import difflib
from typing import Any

import pytest

from engine.core.notation import nearest, normalize, split_turn


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("move E5 E8", ["move E5 E8"]),
        ("move E5 E8; stone F6; stone F7", ["move E5 E8", "stone F6", "stone F7"]),
        ("  a ;b;  c  ", ["a", "b", "c"]),
        (";; a ;; ; b;", ["a", "b"]),
        ("", []),
        (" ; ;  ", []),
    ],
)
def test_split_turn(text: str, parts: list[str]) -> None:
    assert split_turn(text) == parts


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("Move E5 E8", "move e5 e8"),
        ("  move\tE5   e8 \n", "move e5 e8"),
        ("PASS", "pass"),
        ("", ""),
        ("   ", ""),
    ],
)
def test_normalize(text: str, form: str) -> None:
    assert normalize(text) == form


CANDIDATES = [
    "move E6 E8",
    "stone E5",
    "move E5 E8",
    "place E5",
    "move E5 E9",
    "move A1 A2",
    "pass",
]


def test_candidates_sharing_the_typed_words_come_first() -> None:
    best = nearest("move e5", CANDIDATES)
    assert set(best[:2]) == {"move E5 E8", "move E5 E9"}


def test_nearest_ignores_case_and_spacing() -> None:
    assert nearest("MOVE   E5", CANDIDATES) == nearest("move e5", CANDIDATES)


def test_a_typo_finds_the_intended_action() -> None:
    assert nearest("stnoe e5", CANDIDATES)[0] == "stone E5"
    assert nearest("pas", CANDIDATES)[0] == "pass"


def test_an_exact_match_ranks_first() -> None:
    assert nearest("place e5", CANDIDATES)[0] == "place E5"


def test_suggestions_are_the_candidates_themselves() -> None:
    assert set(nearest("anything at all", CANDIDATES)) <= set(CANDIDATES)


@pytest.mark.parametrize(("limit", "count"), [(1, 1), (3, 3), (5, 5), (50, len(CANDIDATES))])
def test_limit(limit: int, count: int) -> None:
    found = nearest("move", CANDIDATES, limit=limit)
    assert len(found) == count
    assert len(set(found)) == count


def test_at_most_five_by_default() -> None:
    assert len(nearest("move", [f"move {n}" for n in range(40)])) == 5


def test_no_candidates_no_suggestions() -> None:
    assert nearest("move e5", []) == []


def test_only_the_beginning_of_a_long_text_is_compared() -> None:
    """The search reads at most twice the longest candidate, so its cost does not grow
    with the input: words far out in an absurd text change nothing."""
    reach = 2 * max(len(candidate) for candidate in CANDIDATES)
    junk = "q" * reach
    assert nearest(junk + " move E5 E9", CANDIDATES) == nearest(junk, CANDIDATES)
    assert nearest("stone e5" + " x" * 3000, CANDIDATES)[0] == "stone E5"


def test_the_similarity_is_measured_on_bounded_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    for name in ("set_seq1", "set_seq2"):
        original = getattr(difflib.SequenceMatcher, name)

        def recording(self: object, seq: str, original: Any = original) -> None:
            seen.append(len(seq))
            original(self, seq)

        monkeypatch.setattr(difflib.SequenceMatcher, name, recording)
    nearest("move " * 5000, CANDIDATES)
    assert seen and max(seen) <= 2 * max(len(candidate) for candidate in CANDIDATES)
