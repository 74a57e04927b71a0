"""A German reader meets no English along whole games: every event, every refusal of a sample
of illegal actions, every summary line, forced action and the outcome of seeded random playouts
of each game (and each option set worth playing) are translated (`engine.core.i18n.missing`)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any

import pytest

import engine
from engine.core import EngineError, Message, about
from engine.core.i18n import missing, word
from engine.core.playout import random_playout
from tests.support.option_sets import OPTION_SETS, players

#: Every how many steps the playout's position is questioned (refusals, summaries).
SAMPLE_EVERY = 7
#: How many refused candidates and stale texts are asked about per sampled position.
REFUSALS_PER_POSITION = 12
NOT_AN_ACTION = ["", "frobnicate 7", "place", "Q99 Q98", "build nothing nowhere"]

CASES = [
    pytest.param(key, option_set.options, option_set.counts[-1], id=f"{key}-{option_set.label}")
    for key in sorted(OPTION_SETS)
    for option_set in OPTION_SETS[key]
]


class German:
    """Collects the keys a German reader would read in English, with where they came from."""

    def __init__(self) -> None:
        self.lacking: dict[str, str] = {}
        self.checked = 0

    def read(self, message: Message, where: str) -> None:
        self.checked += 1
        word(message, "de")  # wording never fails (every field filled)
        for key in missing(message, "de"):
            self.lacking.setdefault(key, where)


def refusals(game: Any, state: Any, seat: int, stale: list[str]) -> Iterator[Message]:
    """Why candidates of the seat's phase are refused, and the errors of texts that were
    legal earlier, of texts that are no action, and of a seat that may not act."""
    phase = game.phase(state, seat)
    refused = (game.check(state, seat, action) for action in phase.candidates(state, seat))
    yield from islice((why for why in refused if why is not None), REFUSALS_PER_POSITION)
    for text in [*stale[-REFUSALS_PER_POSITION:], *NOT_AN_ACTION]:
        try:
            game.apply(state, seat, text)
        except EngineError as error:
            yield error.message
    for other in range(len(state.players)):
        if other not in game.to_act(state):
            try:
                game.apply(state, other, "pass")
            except EngineError as error:
                yield error.message
            break


@pytest.mark.parametrize(("key", "options", "count"), CASES)
def test_a_german_reader_meets_no_english_along_a_random_game(
    key: str, options: dict[str, Any], count: int
) -> None:
    game = engine.get(key)
    names = players(count)
    playout = random_playout(game, names, seed=16, options=options)
    german = German()
    state = game.new_game(names, 16, options)
    stale: list[str] = []
    for step, (seat, text) in enumerate(playout.log):
        if step % SAMPLE_EVERY == 0:
            for viewer in [None, *range(count)]:
                for line in game.summary(state, viewer):
                    german.read(line, f"summary at step {step}")
            for waiting in sorted(game.to_act(state)):
                forced = game.forced(state, waiting)
                if forced is not None:
                    german.read(forced.why, f"forced at step {step}")
                for refusal in refusals(game, state, waiting, stale):
                    german.read(refusal, f"refusal at step {step}")
        state, events = game.apply(state, seat, text)
        stale.append(text)
        for event in events:
            german.read(event.message, f"event at step {step}: {event.text}")
    assert game.is_over(state)
    for line in game.outcome(state):
        german.read(line, "outcome")
    assert german.checked > 100
    assert not german.lacking, "\n".join(
        f"{key!r} ({where})" for key, where in german.lacking.items()
    )


@pytest.mark.parametrize("key", [game.info.key for game in engine.all_games()])
def test_what_a_game_is_and_its_options_read_in_german(key: str) -> None:
    """A game's summary, option and standing-answer descriptions stay English text in its
    `GameInfo` (the guides and Discord read them so); `about` words them, from the catalogue."""
    info = engine.get(key).info
    texts = [
        info.summary,
        *(spec.description for spec in info.options),
        *(answer.description for answer in info.standing_answers),
    ]
    lacking = [text for text in texts if missing(about(text), "de")]
    assert not lacking
    assert word(about(info.summary), "de") != info.summary
