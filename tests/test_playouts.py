"""Seeded random playouts of every registered game, with its default and other options.

For each game, at least 300 games with default options spread over its player counts, and
40 for each other option set of tests/support/option_sets.py, are played with random legal
actions (kind first, then text: see engine.core.playout). Each must end within the action cap
without raising, and replaying its (seat, text) log from the same players, seed and options
must reach an equal state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import pytest

import engine
from engine.core.game import Game, OptionValue
from engine.core.playout import Playout, random_playout, replay_log
from tests.support.option_sets import NAMES, OPTION_SETS, OptionSet

GAMES_PER_KEY = 300
GAMES_PER_OPTION_SET = 40
MAX_ACTIONS = 5_000


@dataclass
class Record:
    players: list[str]
    seed: int
    options: dict[str, OptionValue]
    playout: Playout


def player_counts(game: Game[Any]) -> list[int]:
    return list(range(game.info.min_players, game.info.max_players + 1))


class Played(NamedTuple):
    game: Game[Any]
    counts: list[int]
    games: int
    records: list[Record]


def play_many(game: Game[Any], option_set: OptionSet | None) -> Played:
    """300 games with default options over every player count, or 40 with `option_set`."""
    counts = player_counts(game) if option_set is None else list(option_set.counts)
    options = {} if option_set is None else option_set.options
    games = GAMES_PER_KEY if option_set is None else GAMES_PER_OPTION_SET
    records = []
    for seed in range(games):
        players = NAMES[: counts[seed % len(counts)]]
        playout = random_playout(game, players, seed, options, MAX_ACTIONS)
        records.append(Record(players, seed, options, playout))
    return Played(game, counts, games, records)


PLAYED: list[tuple[str, OptionSet | None]] = [
    (game.info.key, option_set)
    for game in engine.all_games()
    for option_set in [
        None,
        *(s for s in OPTION_SETS.get(game.info.key, ()) if s.label != "default"),
    ]
]


@pytest.fixture(
    scope="module",
    params=PLAYED,
    ids=[f"{key}-{'default' if s is None else s.label}" for key, s in PLAYED],
)
def played(request: pytest.FixtureRequest) -> Played:
    key, option_set = request.param
    return play_many(engine.get(key), option_set)


def test_random_games_finish_within_the_cap(played: Played) -> None:
    game, counts, games, records = played
    assert len(records) == games >= GAMES_PER_OPTION_SET
    assert {len(r.players) for r in records} == set(counts)
    unfinished = [r.seed for r in records if not r.playout.finished]
    assert unfinished == []
    assert all(game.is_over(r.playout.state) for r in records)


def test_replaying_the_log_reaches_an_equal_state(played: Played) -> None:
    game, _, _, records = played
    for record in records:
        replayed = replay_log(game, record.players, record.seed, record.options, record.playout.log)
        assert replayed.model_dump() == record.playout.state.model_dump(), record.seed


def test_final_scores_and_ranking_cover_every_seat(played: Played) -> None:
    game, _, _, records = played
    for record in records:
        state = record.playout.state
        assert len(game.scores(state)) == len(record.players)
        ranked = sorted(seat for group in game.ranking(state) for seat in group)
        assert ranked == list(range(len(record.players)))
        assert game.to_act(state) == frozenset()
