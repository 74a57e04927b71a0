"""What every game owes the engine core, checked along seeded random playouts of each game
(and the pile test game) with several option sets:

- actions are values: every legal text reads back as an action that writes the same text,
  and what the others see (`public_text`) is what that action says they see;
- a game on the phase table lists exactly the actions its checker allows (`why` is None);
- `determinize` keeps everything the viewer sees and, for a game with secrets, redraws them;
- what a game says at the table holds: an action it calls forced is the seat's only legal
  one, a standing answer plays a legal action, a summary tells nobody what they may not see
  (it is the same on every determinized state), and rank keys carry the named tie-breaks.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

import engine
from engine.core import Game, Rng
from engine.core.i18n import missing
from engine.core.playout import random_playout
from tests.support.option_sets import OPTION_SETS, players
from tests.support.pile_game import PileGame

GAMES: dict[str, Game[Any]] = {game.info.key: game for game in [*engine.all_games(), PileGame()]}
SEEDS = (3, 4)


def cases() -> list[tuple[str, str, tuple[int, ...], dict[str, Any]]]:
    found = [("pile", "default", (1, 3), {})]
    for key, sets in OPTION_SETS.items():
        found += [(key, s.label, s.counts, s.options) for s in sets]
    return found


CASES = cases()
each_case = pytest.mark.parametrize(
    ("key", "label", "counts", "options"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES]
)


@cache
def states(key: str, counts: tuple[int, ...], options_json: str) -> list[Any]:
    """Every state along a few random games (the player counts taking turns)."""
    options = json.loads(options_json)
    game, found = GAMES[key], []
    for index, seed in enumerate(SEEDS):
        names = players(counts[index % len(counts)])
        state = game.new_game(names, seed, options)
        found.append(state)
        for seat, text in random_playout(game, names, seed, options).log:
            state, _ = game.apply(state, seat, text)
            found.append(state)
    return found


def along(key: str, counts: tuple[int, ...], options: dict[str, Any]) -> list[Any]:
    return states(key, counts, json.dumps(options, sort_keys=True))


@each_case
def test_every_legal_text_reads_back_as_an_action_that_writes_it(
    key: str, label: str, counts: tuple[int, ...], options: dict[str, Any]
) -> None:
    game = GAMES[key]
    for state in along(key, counts, options):
        for seat in game.to_act(state):
            for text in game.legal_actions(state, seat):
                action = game.parse(state, text)
                assert action.text() == text
                assert action.kind == text.split()[0]
                assert game.public_text(state, seat, text) == action.public_text()


@each_case
def test_a_phase_table_game_lists_exactly_what_its_checker_allows(
    key: str, label: str, counts: tuple[int, ...], options: dict[str, Any]
) -> None:
    game = GAMES[key]
    for state in along(key, counts, options):
        for seat in game.to_act(state):
            legal = game.legal(state, seat)
            assert [action.text() for action in legal] == game.legal_actions(state, seat)
            assert len(set(legal)) == len(legal)
            assert all(game.why(state, seat, action) is None for action in legal)


@each_case
def test_determinize_keeps_what_the_viewer_sees(
    key: str, label: str, counts: tuple[int, ...], options: dict[str, Any]
) -> None:
    game = GAMES[key]
    for number, state in enumerate(along(key, counts, options)[::7]):
        for viewer in [None, *range(len(state.players))]:
            guess = game.determinize(state, viewer, Rng(seed=number))
            assert game.view(guess, viewer) == game.view(state, viewer)
            if viewer is not None:
                assert game.legal_actions(guess, viewer) == game.legal_actions(state, viewer)
                assert game.to_act(guess) == game.to_act(state)


@pytest.mark.parametrize("key", ["terra-nova-2006", "terra-nova"])
def test_determinize_is_the_identity_for_a_game_without_secrets(key: str) -> None:
    game = GAMES[key]
    for state in along(key, (2,), {})[::11]:
        assert game.determinize(state, 0, Rng(seed=1)) is state


#: A summary line is read on a phone: short.
LONGEST_SUMMARY_LINE = 240


@each_case
def test_a_forced_action_is_the_only_legal_one_and_a_standing_answer_a_legal_one(
    key: str, label: str, counts: tuple[int, ...], options: dict[str, Any]
) -> None:
    game = GAMES[key]
    answers = [answer.key for answer in game.info.standing_answers]
    for state in along(key, counts, options):
        for seat in game.to_act(state):
            forced = game.forced(state, seat)
            if forced is not None:
                assert game.legal_actions(state, seat) == [forced.text]
            for answer in answers:
                played = game.standing_answer(state, seat, answer)
                assert played is None or played.text in game.legal_actions(state, seat)


@each_case
def test_a_summary_says_only_what_its_reader_may_see(
    key: str, label: str, counts: tuple[int, ...], options: dict[str, Any]
) -> None:
    game = GAMES[key]
    for number, state in enumerate(along(key, counts, options)[::5]):
        for viewer in [None, *range(len(state.players))]:
            said = game.summary(state, viewer)
            assert all(0 < len(str(line)) <= LONGEST_SUMMARY_LINE for line in said)
            assert not [key for line in said for key in missing(line, "de")]
            guess = game.determinize(state, viewer, Rng(seed=number))
            assert game.summary(guess, viewer) == said


@each_case
def test_rank_keys_are_the_score_and_then_the_named_tie_breaks(
    key: str, label: str, counts: tuple[int, ...], options: dict[str, Any]
) -> None:
    game = GAMES[key]
    ties = len(game.tie_breaks())
    for state in along(key, counts, options)[::9]:
        keys, scores = game.rank_keys(state), game.scores(state)
        if ties:
            assert [len(k) for k in keys] == [1 + ties] * len(scores)
            assert [k[0] for k in keys] == scores
        else:
            assert list(keys) == scores
