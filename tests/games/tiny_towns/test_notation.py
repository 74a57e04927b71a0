"""The notation: lenient reading, canonical writing, and errors that help."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, ParseError
from engine.core.playout import random_playout, replay_log
from engine.games.tiny_towns.board import square
from engine.games.tiny_towns.notation import canonical, parse_action

from .helpers import GAME, legal, play, position, town


def parse(text: str) -> str:
    """The canonical text of `text`, read as the game reads it (German names are aliases)."""
    return canonical(parse_action(GAME.canonical_words(text), list))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("place wood B2", "place wood B2"),
        ("Place Wood at b2", "place wood B2"),
        ("place holz b 2", "place wood B2"),
        ("build cottage at B2 using A1 A2 B2", "build cottage at B2 using A1 A2 B2"),
        ("Build Cottage on b2 using b2, a2, a1", "build cottage at B2 using A1 A2 B2"),
        ("build Feast Hall at A1 using A1 B1 C1", "build feast-hall at A1 using A1 B1 C1"),
        (
            "build Opaleye's Watch at A2 using A1 A2 B2 C2 D2 A3",
            "build opaleyes-watch at A2 using A1 A2 A3 B2 C2 D2",
        ),
        ("keep Statue of the Bondmaker", "keep statue"),
        ("keep the starloom", "keep starloom"),
        ("keep Opalagues Wacht", "keep opaleyes-watch"),
        ("build Schenke at A1 using A1 B1 C1", "build tavern at A1 using A1 B1 C1"),
        ("keep festung-eisenwurzel", "keep fort-ironweed"),
        (
            "build Großes  Mausoleum der Rodina at A1 using A1 B1 A2 B2",
            "build mausoleum at A1 using A1 A2 B1 B2",
        ),
        ("swap Ziegel for GLAS on C3", "swap brick for glass on C3"),
        ("watch Landhaus Brunnen Springbrunnen", "watch cottage well fountain"),
        ("store wood on c3", "store wood on C3"),
        ("swap wood for brick on C3", "swap wood for brick on C3"),
        ("aside stone", "aside stone"),
        ("put glass on A2", "put glass on A2"),
        ("watch Feast Hall, tavern well", "watch feast-hall tavern well"),
        ("replace B2 with trading post", "replace B2 with trading-post"),
        ("add tavern at D4", "add tavern at D4"),
        ("name wheat", "name wheat"),
        ("choose glass", "choose glass"),
        ("PASS", "pass"),
        ("  done ", "done"),
    ],
)
def test_lenient_forms_read_as_the_canonical_text(text: str, expected: str) -> None:
    assert parse(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "actions look like"),
        ("jump A1", "'jump' is not an action"),
        ("place wood E5", "'E5' is not a square of a town"),
        ("place gold A1", "'gold' is not a resource"),
        ("place wood", "'place' takes two more words"),
        ("build castle-of-dreams at A1 using A1 B1", "is not the name of a building card"),
        ("build cottage using A1", "a build names the building"),
        ("build well at A1 using A1 A1", "a square is named twice"),
        ("done now", "'done' takes nothing more"),
        ("watch cottage wizard", "'wizard' does not begin the name"),
    ],
)
def test_unreadable_texts_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse(text)


def test_squares_are_column_letter_then_row_digit() -> None:
    assert square("A1") == 0 and square("D1") == 3 and square("A2") == 4 and square("d4") == 15
    assert square("E1") is None and square("A5") is None


def test_errors_suggest_the_nearest_legal_actions() -> None:
    state = position(town("W S . . . . . . . . . . . . . .", step="place"))
    with pytest.raises(IllegalAction) as caught:
        play(state, 0, "place wood A1")
    assert caught.value.suggestions and set(caught.value.suggestions) <= set(legal(state))
    with pytest.raises(ParseError) as parsed:
        play(state, 0, "plaec wood C1")
    assert "place wood C1" in parsed.value.suggestions


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"monuments": False, "more-storage": True},
        {"prospectors": True, "buildings": "first-game"},
        {"black": "warehouse", "gray": "shed"},
        {"black": "factory", "red": "greenhouse"},
        {"black": "trading-post"},
    ],
)
def test_every_legal_action_reads_back_as_itself_and_applies(options: dict[str, object]) -> None:
    """Along random games, every listed action is canonical, applies, and changes no input."""
    players = ["alice", "bob", "carol"]
    for seed in range(3):
        log = random_playout(GAME, players, seed, options).log  # type: ignore[arg-type]
        for cut in range(0, len(log), 7):
            state = replay_log(GAME, players, seed, options, log[:cut])  # type: ignore[arg-type]
            before = state.model_dump()
            for seat in GAME.to_act(state):
                for action in GAME.legal_actions(state, seat):
                    assert parse(action) == action
                    GAME.apply(state, seat, action)
            assert state.model_dump() == before


def test_a_whole_round_can_be_sent_at_once() -> None:
    state = position(
        town("W . . . . . . . . . . . . . . .", step="place"), town(step="place"), resource="stone"
    )
    state, events = play(state, 0, "place stone B1; build well at A1 using A1 B1; done")
    assert [e.text for e in events][-1] == "alice is done with round 1"
    assert state.towns[0].cells[0] == "well" and state.towns[0].step == "done"
    with pytest.raises(IllegalAction, match="Part 2 of 2"):
        play(state, 1, "place stone A1; build well at A1 using A1 B1")


def test_a_notation_error_lists_only_the_forms_of_this_game() -> None:
    """The offer has a Warehouse but no Factory or Bank; no monuments, no variant."""
    plain = position(town(step="place"), town(step="place"), options={"monuments": False})
    with pytest.raises(ParseError) as caught:
        play(plain, 0, "frob")
    message = str(caught.value)
    for form in ("'place wood B2'", "'build cottage at B2 using A1 A2 B2'", "'done'", "'store"):
        assert form in message
    for form in ("'aside", "'keep", "'name", "'choose", "'put", "'watch", "'replace", "'pass'"):
        assert form not in message, form
    storage = position(town(step="place"), options={"more-storage": True, "monuments": False})
    with pytest.raises(ParseError, match="'aside wood'"):
        play(storage, 0, "place wood")  # `'place' takes two more words. actions look like …`


def test_a_failed_build_suggests_builds_and_never_done() -> None:
    state = position(town(". H . . B G . . . . . . . . . .", step="build"))
    assert "done" in legal(state) and legal(state, kind="build")
    for wrong in ("build well at A1 using A1 B1", "build cottage at B2", "build cottage"):
        with pytest.raises((IllegalAction, ParseError)) as caught:
            play(state, 0, wrong)
        assert caught.value.suggestions, wrong
        assert all(text.startswith("build cottage") for text in caught.value.suggestions)
    empty = position(town(step="build"))
    with pytest.raises(IllegalAction) as nothing:
        play(empty, 0, "build well at A1 using A1 B1")
    assert nothing.value.suggestions == [] and "Did you mean" not in str(nothing.value)
