"""Keeping an undo request open while others play on (engine work, no I/O).

A request takes back a run of actions U, played from the position S0. While it waits for
approval, other actions K are played. It stays open exactly while K leaves U untouched: each
action of K reveals nothing, plays on S0 (U taken back) with the very events it had, and U,
played again after K, reaches the very position the table is in. Then taking U back means
restoring S0 and playing K again on it — the position as if U had never been played, which
the undo stores, with K logged again after the actions before U. In Tiny Towns, other
players' moves in their own towns during the same round pass this test; an action that
depends on U (a Watch claim on a building U built, the `done` that ends the round U is part
of, the next player's turn) does not, and the request lapses, saying why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import EngineError, Event, Game, Message, msg

from ..store import ActionRecord, KeptAction
from .positions import Logged, play_again, replay_actions

#: Why a request lapses, after the acting player's name (`bob's move …`).
BUILDS_ON = msg("builds on what it would take back")
CHANGES = msg("changes what it would take back")
REVEALS = msg("revealed hidden information or chance, and no undo reaches back past that")
ENDS = msg("ended the game")


def touches(
    game: Game[Any],
    start: Any,
    undone: Sequence[ActionRecord],
    kept: Sequence[ActionRecord],
    new: Logged,
    events: Sequence[Event],
    reached_json: str,
) -> Message | None:
    """How the action `new` (its `events`, leading to `reached_json`) touches what the request
    would take back — `undone`, played from the position `start` and followed by `kept` — in words
    after its player's name; None when it leaves it untouched."""
    if any(event.reveals for event in events):
        return REVEALS
    if game.is_over(game.load_state(reached_json)):
        return ENDS
    world = replay_actions(game, start, kept)
    try:
        moved = play_again(game, world, new)
    except EngineError:
        return BUILDS_ON
    if [event.message for event in moved.events] != [event.message for event in events]:
        return BUILDS_ON
    again = moved.state
    try:
        for action in undone:
            again = play_again(game, again, action).state
    except EngineError:
        return CHANGES
    return None if game.dump_state(again) == reached_json else CHANGES


def replay_kept(
    game: Game[Any], start: Any, kept: Sequence[ActionRecord]
) -> tuple[Any, list[KeptAction]]:
    """`kept` played again from the position `start`: the position reached, and each action
    with its events there and the position after it."""
    state = start
    logged: list[KeptAction] = []
    for action in kept:
        state, events = play_again(game, state, action)
        logged.append(
            KeptAction(action, [event.message for event in events], game.dump_state(state))
        )
    return state, logged
