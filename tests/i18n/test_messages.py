"""Messages: keys with parameters, worded in English by themselves and in German from the
catalogues; stored and read back unchanged."""

from __future__ import annotations

import pytest

from bot.service.speech import say_decimal, speaking
from bot.service.texts import scores_line
from engine.core import (
    IllegalAction,
    Message,
    NotYourTurn,
    msg,
    plural_msg,
    term,
    winner_text,
)
from engine.core.i18n import decimal, join, language_of, missing, number, word


def test_english_fills_the_template_and_words_nested_messages_and_lists() -> None:
    said = msg(
        "{player} pays {goods} for {what}",
        player="alice",
        goods=[term("wood", "resource"), "2 coins"],
        what=msg("a {building}", building=term("Cottage", "building")),
    )
    assert said.english() == str(said) == "alice pays wood and 2 coins for a Cottage"


def test_a_plural_message_chooses_its_form_by_count() -> None:
    assert plural_msg("{count} point", "{count} points", count=1).english() == "1 point"
    assert plural_msg("{count} point", "{count} points", count=3).english() == "3 points"


def test_a_message_survives_its_stored_form() -> None:
    said = msg("{a} and {b}", a=term("stone", "resource"), b=["x", msg("y {n}", n=2)])
    assert Message.from_data(said.to_data()) == said
    assert Message.from_data("an old plain text") == Message("an old plain text")


def test_german_words_the_core_errors_and_english_stays_the_fallback() -> None:
    error = IllegalAction("build A1", msg("a made-up reason"), ["build A2"])
    assert word(error.message, "en") == str(error)
    german = word(error.message, "de")
    assert german.startswith("„build A1“ ist nicht erlaubt: a made-up reason. Meintest du:")
    assert missing(error.message, "de") == ["a made-up reason"]
    assert missing(NotYourTurn("pass", "bob", []).message, "de") == []


def test_lists_are_joined_as_the_reader_joins_them() -> None:
    assert join(["a", "b", "c"], "en") == "a, b and c"
    assert join(["a", "b", "c"], "de") == "a, b und c"
    assert word(msg("{x}", x=["a", "b"]), "de") == "a und b"


@pytest.mark.parametrize(
    ("locale", "language"),
    [("de", "de"), ("de-AT", "de"), ("en-US", "en"), ("en_GB", "en"), ("fr", None), (None, None)],
)
def test_a_locale_names_one_of_our_languages_or_none(
    locale: str | None, language: str | None
) -> None:
    assert language_of(locale) == language


def test_numbers_are_written_as_the_reader_writes_them() -> None:
    """A number parameter is a quantity, written per locale (Babel): German groups thousands
    with a dot; English as Python always wrote it with grouping. An identifier (a table's
    number, a seed) is given as text and stays as it is."""
    won = winner_text(["alice"], [0], 12345)
    assert (word(won, "en"), word(won, "de")) == (
        "alice wins with 12,345 points",
        "alice gewinnt mit 12.345 Punkten",
    )
    assert word(msg("{count} VP", count=-1234), "de") == "-1.234 SP"
    table = msg("table #{number} ({game})", number="1234", game="Tiny Towns")
    assert word(table, "de") == "Tisch #1234 (Tiny Towns)"
    assert (number(1234567, "de"), number(1234567)) == ("1.234.567", "1,234,567")
    assert (decimal(25.25, "de"), decimal(25.25), decimal(1234.5, "de")) == (
        "25,2",
        "25.2",
        "1.234,5",
    )


def test_scores_and_ratings_are_written_in_the_language_being_spoken() -> None:
    with speaking("de"):
        assert scores_line(["alice", "bob"], [1234, -5]) == "alice 1.234, bob -5"
        assert say_decimal(28.25) == "28,2"
    assert scores_line(["alice", "bob"], [1234, -5]) == "alice 1,234, bob -5"
