"""Replaying a game from its options, seed and a move list (the CLI's `player: action` lines)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import EngineError
from .game import Event, Game, OptionValue, Result
from .record import RESIGN, SKIP


class ReplayError(EngineError):
    """A move line could not be applied; names the line number and the engine's message."""

    def __init__(self, line_number: int, line: str, message: str) -> None:
        self.line_number = line_number
        self.line = line
        super().__init__(f"line {line_number}: {line.strip()!r}: {message}")


@dataclass
class Replay:
    game: Game[Any]
    players: list[str]
    state: Any
    moves: int = 0
    events: list[Event] = field(default_factory=list)

    def seat_of(self, player: str) -> int:
        return self.players.index(player)

    def summary(self) -> dict[str, Any]:
        """The CLI's result object: game, over, to_act, scores, ranking, moves."""
        game, state = self.game, self.state
        scores = game.scores(state)
        return {
            "game": game.info.key,
            "over": game.is_over(state),
            "to_act": [self.players[s] for s in sorted(game.to_act(state))],
            "scores": {name: scores[seat] for seat, name in enumerate(self.players)},
            "ranking": [[self.players[s] for s in group] for group in game.ranking(state)],
            "moves": self.moves,
        }


def parse_move_line(line: str) -> tuple[str, str] | None:
    """`player: action # comment` → (player, action); None for blank or comment-only lines."""
    text = line.split("#", 1)[0].strip()
    if not text:
        return None
    player, sep, action = text.partition(":")
    if not sep or not player.strip() or not action.strip():
        raise ValueError("expected 'player: action'")
    return player.strip(), action.strip()


def replay(
    game: Game[Any],
    players: Sequence[str],
    seed: int,
    options: Mapping[str, OptionValue] | None,
    lines: Iterable[str],
) -> Replay:
    """Set up a game and apply each move line in order; raises ReplayError on the first bad one."""
    result = Replay(game, list(players), game.new_game(players, seed, options))
    for number, line in enumerate(lines, start=1):
        try:
            parsed = parse_move_line(line)
        except ValueError as error:
            raise ReplayError(number, line, str(error)) from None
        if parsed is None:
            continue
        player, action = parsed
        if player not in result.players:
            raise ReplayError(number, line, f"'{player}' is not one of {', '.join(players)}")
        try:
            result.state, events = _step(game, result.state, result.seat_of(player), action)
        except EngineError as error:
            raise ReplayError(number, line, str(error)) from None
        result.events.extend(events)
        result.moves += 1
    return result


def _step(game: Game[Any], state: Any, seat: int, action: str) -> Result[Any]:
    """One move line: an action (or whole turn), or `/resign` and `/skip` for that player."""
    command = action.lower()
    if command == RESIGN:
        return game.resign(state, seat)
    if command == SKIP:
        return game.skip(state, seat)
    return game.apply(state, seat, action)
