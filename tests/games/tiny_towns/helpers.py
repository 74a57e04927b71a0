"""Building Tiny Towns positions directly, and playing actions on them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core import Event
from engine.games.tiny_towns import TinyTowns, TinyTownsState, Town
from engine.games.tiny_towns.board import NAMES, square
from engine.games.tiny_towns.scoring import Context, Score, score_town
from engine.games.tiny_towns.state import Source, Step

GAME = TinyTowns()
NAMES_OF_PLAYERS = ("alice", "bob", "carol", "dave", "erin", "frank")
#: Cottage plus one card of every colour; tests name other cards where they need them.
OFFER = ["cottage", "farm", "well", "chapel", "tavern", "bakery", "warehouse"]
_SHORT = {".": "", "W": "wood", "H": "wheat", "B": "brick", "G": "glass", "S": "stone"}


def cells(layout: str) -> list[str]:
    """Sixteen words, row by row from A1: '.' empty, W H B G S resources, or card keys."""
    words = layout.split()
    assert len(words) == 16, words
    return [_SHORT.get(word, word) for word in words]


def at(name: str) -> int:
    index = square(name)
    assert index is not None, name
    return index


def town(
    layout: str = ". . . . . . . . . . . . . . . .",
    step: Step = "build",
    held: Mapping[str, Sequence[str]] | None = None,
    **fields: Any,
) -> Town:
    return Town(
        cells=cells(layout),
        held={at(name): list(items) for name, items in (held or {}).items()},
        step=step,
        **fields,
    )


def position(
    *towns: Town,
    offer: Sequence[str] = OFFER,
    resource: str | None = "wood",
    source: Source = "card",
    round_number: int = 1,
    options: Mapping[str, Any] | None = None,
    hammer: int | None = None,
    deck: Sequence[str] | None = None,
) -> TinyTownsState:
    """A position in the play phase with the given towns (seat order) and round."""
    state = GAME.new_game(NAMES_OF_PLAYERS[: len(towns)], seed=1, options=options)
    return state.model_copy(
        update={
            "phase": "play",
            "round": round_number,
            "buildings": list(offer),
            "source": source,
            "resource": resource,
            "towns": list(towns),
            "hammer": hammer,
            "deck": list(deck) if deck is not None else state.deck,
        }
    )


def play(state: TinyTownsState, seat: int, *texts: str) -> tuple[TinyTownsState, list[Event]]:
    """Apply each text in turn for `seat`; return the final state and all events."""
    events: list[Event] = []
    for text in texts:
        state, new = GAME.apply(state, seat, text)
        events.extend(new)
    return state, events


def texts(events: Iterable[Event]) -> list[str]:
    return [event.text for event in events]


def score(
    layout: str,
    held: Mapping[str, Sequence[str]] | None = None,
    offer: Sequence[str] = OFFER,
    shrine: int = 0,
    right_feast_halls: int = 0,
    starloom_place: int = 1,
) -> Score:
    held_squares = {at(name): list(items) for name, items in (held or {}).items()}
    ctx = Context(tuple(offer), right_feast_halls, starloom_place)
    return score_town(cells(layout), held_squares, shrine, ctx)


def points(layout: str, card: str, **kwargs: Any) -> int:
    """The points the cards `card` score in the town (their line of the score sheet)."""
    found = [line.points for line in score(layout, **kwargs).lines if line.what == card]
    return found[0] if found else 0


def fed(layout: str) -> list[str]:
    return sorted(NAMES[i] for i in score(layout).fed)


def legal(state: TinyTownsState, seat: int = 0, kind: str = "") -> list[str]:
    """The seat's legal actions, only those starting with `kind` if given."""
    return [a for a in GAME.legal_actions(state, seat) if a.startswith(kind)]


def offer_with(*cards: str) -> list[str]:
    """OFFER with the given cards in place of those of their colours."""
    from engine.games.tiny_towns.cards import CARDS

    colours = {CARDS[card].colour: card for card in cards}
    return [colours.get(CARDS[card].colour, card) for card in OFFER]
