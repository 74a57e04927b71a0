"""Texts made to fit: cut short with an ellipsis, wrapped into a limited number of lines."""

from __future__ import annotations

from render.common import ELLIPSIS, cut, fit_text, font, wrap

TEXT = "Bartholomew the Magnificent and Anastasia Wilhelmina share the win"


def test_a_text_too_wide_is_cut_short_with_an_ellipsis() -> None:
    face = font(30)
    short = cut(TEXT, face, 200)
    assert short.endswith(ELLIPSIS) and TEXT.startswith(short[:-1])
    assert face.getlength(short) <= 200 < face.getlength(TEXT)
    assert cut("Bob", face, 200) == "Bob"


def test_fit_text_cuts_rather_than_going_below_its_minimum() -> None:
    text, chosen = fit_text(TEXT, 30, 200, minimum=30)
    assert chosen.size == 30 and text.endswith(ELLIPSIS)
    text, chosen = fit_text("Anastasia", 30, 100, minimum=12)
    assert chosen.size < 30 and text == "Anastasia"


def test_wrap_keeps_to_at_most_so_many_lines_the_last_cut_short() -> None:
    face = font(30)
    lines = wrap(TEXT, face, 300)
    assert len(lines) > 3 and " ".join(lines) == TEXT
    kept = wrap(TEXT, face, 300, most=3)
    assert kept[:2] == lines[:2] and len(kept) == 3
    assert kept[2].endswith(ELLIPSIS) and face.getlength(kept[2]) <= 300
    assert wrap(TEXT, face, 300, most=len(lines)) == lines
