"""Seeded random playouts of every registered game.

For each game, at least 300 games spread over its player counts are played with random legal
actions (kind first, then text: see engine.core.playout). Each must end within the action cap
without raising, and replaying its (seat, text) log from the same players, seed and options
must reach an equal state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import engine
from engine.core.game import Game
from engine.core.playout import Playout, random_playout, replay_log

GAMES_PER_KEY = 300
MAX_ACTIONS = 5_000
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]


@dataclass
class Record:
    players: list[str]
    seed: int
    playout: Playout


def player_counts(game: Game[Any]) -> list[int]:
    return list(range(game.info.min_players, game.info.max_players + 1))


def play_many(game: Game[Any]) -> list[Record]:
    counts = player_counts(game)
    records = []
    for seed in range(GAMES_PER_KEY):
        players = NAMES[: counts[seed % len(counts)]]
        records.append(
            Record(players, seed, random_playout(game, players, seed, None, MAX_ACTIONS))
        )
    return records


@pytest.fixture(scope="module", params=[game.info.key for game in engine.games()])
def played(request: pytest.FixtureRequest) -> tuple[Game[Any], list[Record]]:
    game = engine.get(request.param)
    return game, play_many(game)


def test_random_games_finish_within_the_cap(played: tuple[Game[Any], list[Record]]) -> None:
    game, records = played
    assert len(records) >= 300
    assert {len(r.players) for r in records} == set(player_counts(game))
    unfinished = [r.seed for r in records if not r.playout.finished]
    assert unfinished == []
    assert all(game.is_over(r.playout.state) for r in records)


def test_replaying_the_log_reaches_an_equal_state(played: tuple[Game[Any], list[Record]]) -> None:
    game, records = played
    for record in records:
        replayed = replay_log(game, record.players, record.seed, None, record.playout.log)
        assert replayed.model_dump() == record.playout.state.model_dump(), record.seed


def test_final_scores_and_ranking_cover_every_seat(played: tuple[Game[Any], list[Record]]) -> None:
    game, records = played
    for record in records:
        state = record.playout.state
        assert len(game.scores(state)) == len(record.players)
        ranked = sorted(seat for group in game.ranking(state) for seat in group)
        assert ranked == list(range(len(record.players)))
        assert game.to_act(state) == frozenset()
