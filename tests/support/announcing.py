"""What the service posts for a move, worked out from the positions before and after it — as
docs/commands.md states the rule — for tests that count images over whole games.

A move that leaves a simultaneous round open (the table waits for nobody new, and still for
somebody besides the mover) posts one line and gives the mover their own board privately;
any other move posts the public board if it shows something new (`Game.board_news`), and
always when the game ends."""

from __future__ import annotations

from typing import Any, Literal

from engine.core import Game

Image = Literal["public", "personal", "none"]


def image_for(game: Game[Any], before: Any, after: Any, seat: int) -> Image:
    """Which board image the service sends for `seat`'s move from `before` to `after`."""
    owed_before, owed_after = game.to_act(before), game.to_act(after)
    over = game.is_over(after)
    if not over and not owed_after - owed_before and owed_after - {seat}:
        return "personal"
    if over or game.board_news(before, after):
        return "public"
    return "none"


def play_forced(game: Game[Any], state: Any) -> tuple[Any, int]:
    """The position once every forced action is played, as the service plays them after a
    move, and how many there were."""
    played = 0
    while not game.is_over(state):
        forced = [(seat, game.forced(state, seat)) for seat in sorted(game.to_act(state))]
        found = next(((seat, action) for seat, action in forced if action is not None), None)
        if found is None:
            break
        state, _ = game.apply(state, found[0], found[1].text)
        played += 1
    return state, played
