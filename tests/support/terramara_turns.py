"""Whole Terramara turns for the platform tests: random legal actions of one seat, sent as one
`/move`, until the table waits for someone else (a raid's victims, the next player) or the
turn is `done`. Raids are preferred whenever they are legal, so every game has raided
players who must hand over at the same time."""

from __future__ import annotations

import re
from typing import Any

from engine.core import Rng
from engine.core.playout import choose_action
from engine.games.terramara.content import ARTIFACTS

#: Cut a turn here: a line of a few actions reads like what a player would type.
MAX_PARTS = 8


def choose(chooser: Rng, actions: list[str]) -> str:
    raids = [action for action in actions if action.endswith(" home raid")]
    return raids[0] if raids else choose_action(chooser, actions)


def whole_turn(game: Any, state: Any, seat: int, chooser: Rng) -> tuple[list[str], Any]:
    """Random legal parts of `seat`'s turn, and the state after them."""
    waiting = game.to_act(state)
    turn: list[str] = []
    while True:
        action = choose(chooser, game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        turn.append(action)
        if (
            game.is_over(state)
            or game.to_act(state) != waiting
            or action == "done"
            or len(turn) == MAX_PARTS
        ):
            return turn, state


def deck_names(state: Any) -> set[str]:
    """The ids and names of the cards still in the deck: nobody may learn them (or their
    order) before they are revealed."""
    return {word for key in state.deck for word in (key, ARTIFACTS[key].name)}


def names_a_deck_card(text: str, state: Any) -> bool:
    """Whether `text` names a card still in the deck, as a whole word (bonus tile BT3d is not
    artifact T3d)."""
    return any(re.search(rf"\b{re.escape(word)}\b", text) for word in deck_names(state))
