"""The notation: typed actions, canonical texts, lenient parsing, friendly errors, whole turns."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, ParseError
from engine.games.terramara.actions import Action

from .helpers import GAME, new, play


@pytest.mark.parametrize(
    "text",
    [
        "place chief RT2-1 b",
        "place scout home raid",
        "place warrior X-5",
        "place scout SA-W",
        "place scout hut",
        "neutral LT1-1 a",
        "pick P3",
        "pick S05",
        "turn",
        "worker 2",
        "use T1c",
        "use BT2c",
        "use P3",
        "craft 3",
        "craft reserved",
        "reserve 5",
        "done",
        "take MET",
        "take st",
        "take rch",
        "take X-2",
        "take OP-B",
        "cvt st",
        "swap st wd",
        "trade st",
        "trade st wd",
        "trade ca for mil",
        "trade ASH",
        "pay TIM TIM st",
        "pay nothing",
        "give LEA",
        "road C1 B2",
        "road S O1",
        "raid",
        "start",
        "stop",
    ],
)
def test_canonical_texts_parse_back_to_themselves(text: str) -> None:
    assert Action.parse(text).text() == text


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("PLACE Chief rt2-1 B", "place chief RT2-1 b"),
        ("place chief rt2-1b", "place chief RT2-1 b"),
        ("place scout raid", "place scout home raid"),
        ("place scout on the hut", "place scout hut"),
        ("place  scout  x-5", "place scout X-5"),
        ("pick wayfinder", "pick P1"),
        ("take met", "take MET"),
        ("pay st, TIM, tim", "pay TIM TIM st"),
        ("trade wd st", "trade st wd"),
        ("road c1 b2", "road C1 B2"),
        ("use t1c", "use T1c"),
    ],
)
def test_lenient_forms(typed: str, canonical: str) -> None:
    assert Action.parse(typed).text() == canonical


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("dance", "'dance' is not an action"),
        ("place king hut", "say which member"),
        ("place scout RT9-9 a", "is not a space"),
        ("worker 4", "worker level: 1, 2 or 3"),
        ("craft 9", "not a river slot"),
        ("craft ²", "not a river slot"),
        ("reserve ١", "not a river slot"),
        ("cvt ASH", "raw code"),
        ("road C1 Z9", "not a road node"),
        ("trade st for gold", "not a track"),
        ("done now", "takes nothing more"),
        ("use", "an id"),
    ],
)
def test_malformed_texts_say_what_is_wrong(text: str, fragment: str) -> None:
    with pytest.raises(ParseError, match=fragment):
        Action.parse(text)


def test_parse_errors_suggest_legal_actions() -> None:
    with pytest.raises(ParseError) as info:
        GAME.apply(new(4), 0, "plase scout hut")
    assert "place scout hut" in info.value.suggestions


def test_illegal_actions_explain_why_and_suggest() -> None:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(new(4), 0, "place chief LT2-2 a")
    assert "only scouts may go to future spaces" in str(info.value.why)
    assert info.value.suggestions


def test_a_whole_turn_is_typed_with_semicolons_and_is_atomic() -> None:
    state = play(new(4), 0, "place scout LT1-1 b; cvt ca; done")
    assert state.current == 1 and state.seats[0].processed == [0, 0, 0, 1]
    before = new(4)
    with pytest.raises(IllegalAction, match="Part 2 of 2"):
        GAME.apply(before, 0, "place scout LT1-1 b; craft 8")
    assert before.seats[0].home_scouts == 4 and before.step == "before"


def test_nothing_is_secret_in_action_texts() -> None:
    state = new(4)
    assert GAME.public_text(state, 0, "place scout hut; stop") == "place scout hut; stop"
