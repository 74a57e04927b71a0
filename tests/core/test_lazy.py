"""Attributes computed once (engine.core.lazy)."""

from __future__ import annotations

from engine.core import once


class Question:
    def __init__(self) -> None:
        self.asked = 0

    @once
    def answer(self) -> int:
        self.asked += 1
        return 42


def test_an_attribute_is_computed_on_first_use_only_and_per_object() -> None:
    first, second = Question(), Question()
    assert first.asked == 0
    assert (first.answer, first.answer) == (42, 42)
    assert first.asked == 1 and second.asked == 0
    assert isinstance(Question.answer, once)
