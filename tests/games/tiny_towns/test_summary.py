"""What Tiny Towns says in words: the round's resource and who named it, your own town (your
monument only to you), and the end with the tie-break that decided (engine/core's hooks)."""

from __future__ import annotations

from engine.games.tiny_towns.cards import CARDS
from tests.support.words import english

from .helpers import GAME, play, position, town


def test_the_round_says_its_resource_and_who_named_it() -> None:
    named = position(town(), town(), source="named", hammer=1, round_number=4)
    drawn = position(town(), town(), round_number=2)
    chosen = position(town(), town(), source="choice", resource=None, round_number=3)
    waiting = named.model_copy(update={"phase": "name", "resource": None})

    assert english(GAME.summary(named, None)) == ["Round 4: the resource is wood, named by bob."]
    assert english(GAME.summary(drawn, None)) == [
        "Round 2: the resource is wood, from the resource card."
    ]
    assert english(GAME.summary(chosen, None)) == ["Round 3: everyone chooses their own resource."]
    assert english(GAME.summary(waiting, None)) == ["Round 4: bob names the resource."]


def test_your_town_in_words_with_your_monument_for_you_alone() -> None:
    mine = town("cottage well . . . . . . . . . . . . . .", monument="obelisk")
    theirs = town(monument="mandras-palace")
    state = position(mine, theirs)

    own = english(GAME.summary(state, 0))
    public = english(GAME.summary(state, None)) + english(GAME.summary(state, 1))

    assert own[1:] == [
        "Your town: -13 points so far, 14 empty squares.",
        f"Your monument: {CARDS['obelisk'].name} (secret until you build it).",
    ]
    assert not any(CARDS["obelisk"].name in line for line in public)
    assert f"Your monument: {CARDS['mandras-palace'].name}" in english(GAME.summary(state, 1))[2]


def test_what_you_still_owe_is_said() -> None:
    placed, _ = play(
        position(town("W W B . . . . . . . . . . . . .", step="place")), 0, "place wood D1"
    )
    assert (
        english(GAME.summary(placed, 0))[1] == "Your town: -16 points so far, 16 empty squares."
    )  # resources count as empty

    factory = position(town("factory . . . . . . . . . . . . . . .", pending=["put:0"]), town())
    assert "Still to do: put a resource on the Factory on A1." in english(GAME.summary(factory, 0))


def test_the_end_names_the_winner_and_the_tie_breaks_that_decided() -> None:
    state = position(
        town("tavern . . . . . . . . . . . . . . .", step="finished"),
        town("cottage well . . . . . . . . . . . . . .", step="finished"),
        town("well . . . . . . . . . . . . . . .", step="finished"),
        town("cottage . . . . . . . . . . . . . . .", step="finished"),
    )
    assert GAME.scores(state) == [-13, -13, -15, -15]

    assert english(GAME.outcome(state)) == [
        "bob wins with -13 points.",
        "bob ranks ahead of alice at -13 points each: fewer empty squares, 14 against 15.",
        "dave ranks ahead of carol at -15 points each: more cottages, 1 against 0.",
    ]


def test_no_board_news_until_something_changes_in_a_town_or_the_round() -> None:
    state = position(town(step="place"), town(step="place"))
    placed, _ = play(state, 0, "place wood A1")
    done, _ = play(placed, 0, "done")
    assert GAME.board_news(state, placed)
    assert not GAME.board_news(placed, done)
    assert GAME.forced(placed, 0) is None  # a lone `done` stays the player's
