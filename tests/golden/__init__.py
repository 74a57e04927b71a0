"""Golden games: whole games stored as transcripts that the tests replay and compare.

A transcript (`tests/golden/<game>/<name>.txt`) holds a game's set-up (players, seed,
options), its moves as `player: action` lines (as `python -m engine play` reads them; a turn
may join several actions with `;`, `player: /resign` and `player: /skip` stand for leaving the
game and being skipped), and what replaying them gave when it was recorded: the scores, the
ranking and four sha256 digests —

- `state`: the final state as canonical JSON;
- `events`: every event (seat, reveals, text) and how every move line reads to the others
  (`public_text`);
- `legal`: the legal actions of every seat to act before every line, in order;
- `views`: the public view before every line and every viewer's view of the final state.

So a change of rules, wording, legality, views or randomness shows up as a golden game that
no longer matches. When a change is meant, re-record every golden game with one command:
`make golden` (`python -m tests.golden --record`) and review the diff.

The games themselves are seeded random playouts (engine.core.playout), one per game, option
set (tests/support/option_sets.py) and player count; a few also resign and skip players or
send whole turns at once.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from engine.core.errors import EngineError
from engine.core.game import Event, Game, OptionValue
from engine.core.playout import choose_action
from engine.core.replay import parse_move_line
from engine.core.rng import Rng
from tests.support.option_sets import OPTION_SETS, players

ROOT = Path(__file__).parent
MAX_ACTIONS = 5_000
RESIGN = "/resign"
SKIP = "/skip"
HEADER = (
    "# A golden game: tests/golden/test_golden.py replays it and compares the results below.\n"
    "# Re-record every golden game with `make golden` (python -m tests.golden --record).\n"
)
RESULT_KEYS = ("scores", "ranking", "state", "events", "legal", "views")


@dataclass(frozen=True)
class Spec:
    """What to record: a game, its set-up, and how the random playout is spiced."""

    game: str
    label: str
    players: tuple[str, ...]
    seed: int
    options: dict[str, OptionValue] = field(default_factory=dict)
    #: Resign one player and skip some along the way.
    leaving: bool = False
    #: Join each seat's consecutive actions into one `a; b; c` line.
    joined: bool = False

    @property
    def name(self) -> str:
        return f"{self.label}-{len(self.players)}p-s{self.seed}"

    @property
    def path(self) -> Path:
        return ROOT / self.game / f"{self.name}.txt"


@dataclass
class Transcript:
    game: str
    players: list[str]
    seed: int
    options: dict[str, OptionValue]
    lines: list[tuple[str, str]]
    results: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        head = [
            f"game: {self.game}",
            f"players: {json.dumps(self.players)}",
            f"seed: {self.seed}",
            f"options: {json.dumps(self.options, sort_keys=True)}",
        ]
        moves = [f"{player}: {action}" for player, action in self.lines]
        results = [f"{key}: {json.dumps(self.results[key])}" for key in RESULT_KEYS]
        return HEADER + "\n".join([*head, "---", *moves, "---", *results]) + "\n"

    @classmethod
    def parse(cls, text: str) -> Transcript:
        body = [line for line in text.splitlines() if not line.startswith("#")]
        head, moves, tail = _sections(body)
        fields = dict(_pair(line) for line in head)
        results = {key: json.loads(value) for key, value in map(_pair, tail)}
        lines = [parsed for line in moves if (parsed := parse_move_line(line)) is not None]
        return cls(
            game=fields["game"],
            players=json.loads(fields["players"]),
            seed=int(fields["seed"]),
            options=json.loads(fields["options"]),
            lines=lines,
            results=results,
        )


def _sections(body: list[str]) -> tuple[list[str], list[str], list[str]]:
    first = body.index("---")
    second = body.index("---", first + 1)
    return body[:first], body[first + 1 : second], body[second + 1 :]


def _pair(line: str) -> tuple[str, str]:
    key, _, value = line.partition(":")
    return key.strip(), value.strip()


# -- replaying --------------------------------------------------------------------------------


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def replay(transcript: Transcript) -> dict[str, Any]:
    """Replay a transcript's lines and return its results (what `results` must equal)."""
    game = engine.get(transcript.game)
    names = transcript.players
    state = game.new_game(names, transcript.seed, transcript.options)
    events, legal, views = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    for number, (player, action) in enumerate(transcript.lines, start=1):
        seat = names.index(player)
        views.update(canonical(game.view(state, None)).encode())
        for waiting in sorted(game.to_act(state)):
            listed = canonical(game.legal_actions(state, waiting))
            legal.update(f"{number} {waiting}: {listed}\n".encode())
        if action not in (RESIGN, SKIP):
            events.update(f"> {game.public_text(state, seat, action)}\n".encode())
        state, happened = _apply(game, state, seat, action)
        for event in happened:
            events.update(f"{event.seat} {event.reveals} {event.text}\n".encode())
    for viewer in [None, *range(len(names))]:
        views.update(canonical(game.view(state, viewer)).encode())
    scores = game.scores(state)
    return {
        "scores": {name: scores[seat] for seat, name in enumerate(names)},
        "ranking": [[names[seat] for seat in group] for group in game.ranking(state)],
        "state": _digest(canonical(state.model_dump(mode="json"))),
        "events": events.hexdigest(),
        "legal": legal.hexdigest(),
        "views": views.hexdigest(),
    }


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


# -- recording --------------------------------------------------------------------------------


def specs() -> Iterator[Spec]:
    """Every golden game: each option set at each of its player counts, plus a few games in
    which players leave or send whole turns."""
    for key, option_sets in OPTION_SETS.items():
        seed = 1
        for option_set in option_sets:
            for count in option_set.counts:
                for _ in range(option_set.golden_per_count):
                    names = tuple(players(count))
                    yield Spec(key, option_set.label, names, seed, option_set.options)
                    seed += 1
        most = min(4, engine.get(key).info.max_players)
        yield Spec(key, "leaving", tuple(players(most)), seed, leaving=True)
        yield Spec(key, "whole-turns", tuple(players(most - 1 or 1)), seed + 1, joined=True)


def record(spec: Spec) -> Transcript:
    """Play the spec's random game and return its transcript with the replayed results."""
    game = engine.get(spec.game)
    names = list(spec.players)
    moves = _play(game, spec)
    if spec.joined:
        moves = _join(game, spec, moves)
    transcript = Transcript(
        spec.game, names, spec.seed, dict(spec.options), [(names[s], a) for s, a in moves]
    )
    transcript.results = replay(transcript)
    return transcript


def _play(game: Game[Any], spec: Spec) -> list[tuple[int, str]]:
    """A seeded random playout; with `leaving`, one player resigns and some are skipped."""
    state = game.new_game(list(spec.players), spec.seed, spec.options)
    chooser = Rng(seed=spec.seed ^ 0x5EED)
    spice = Rng(seed=spec.seed ^ 0x1EAF)
    resign_at = 5 + spice.below(60) if spec.leaving else -1
    moves: list[tuple[int, str]] = []
    for step in range(MAX_ACTIONS):
        if game.is_over(state):
            return moves
        seats = sorted(game.to_act(state))
        seat = seats[chooser.below(len(seats))]
        if step == resign_at:
            seat, text = spice.below(len(spec.players)), RESIGN
        elif spec.leaving and spice.below(40) == 0:
            text = SKIP
        else:
            text = choose_action(chooser, game.legal_actions(state, seat))
        try:
            state, _ = _apply(game, state, seat, text)
        except EngineError:
            continue  # a seat that has resigned already
        moves.append((seat, text))
    raise RuntimeError(f"{spec.game} {spec.name} did not end within {MAX_ACTIONS} actions")


def _join(game: Game[Any], spec: Spec, moves: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Join a seat's consecutive actions into one line where that plays the same (in Terra
    Nova a line is a whole turn, so an action after the turn has passed starts a new line)."""
    leaving = (RESIGN, SKIP)
    state = game.new_game(list(spec.players), spec.seed, spec.options)
    line_start = state
    joined: list[tuple[int, str]] = []
    for seat, text in moves:
        after, _ = _apply(game, state, seat, text)
        if joined and joined[-1][0] == seat and text not in leaving:
            together = f"{joined[-1][1]}; {text}"
            if joined[-1][1] not in leaving and _plays_to(game, line_start, seat, together, after):
                joined[-1] = (seat, together)
                state = after
                continue
        line_start, state = state, after
        joined.append((seat, text))
    return joined


def _plays_to(game: Game[Any], state: Any, seat: int, text: str, expected: Any) -> bool:
    try:
        return bool(game.apply(state, seat, text).state == expected)
    except EngineError:
        return False


def _apply(game: Game[Any], state: Any, seat: int, action: str) -> tuple[Any, list[Event]]:
    """One transcript line: an action (or turn), or a player resigning or being skipped."""
    if action == RESIGN:
        return game.resign(state, seat)
    if action == SKIP:
        return game.skip(state, seat)
    return game.apply(state, seat, action)
