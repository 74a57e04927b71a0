"""Scores in context, the ranking, and the JSON-ready view (schema in docs/games/tiny-towns.md).

The view hides what the rulebook keeps secret: the order of the resource deck and the buried
cards, and every player's monument cards until that player builds the monument. A player's
own view adds their monument cards.
"""

from __future__ import annotations

from typing import Any

from engine.core import rank, winner_text

from .board import NAMES
from .cards import (
    CARDS,
    RESOURCE_COLOURS,
    RESOURCE_LETTERS,
    RESOURCES,
    Card,
)
from .rules import to_act
from .scoring import Context, Score, score_town
from .state import TinyTownsState, Town

SOLO_RANKS: tuple[tuple[int, str], ...] = (
    (38, "Master Architect"),
    (32, "Town Planner"),
    (25, "Engineer"),
    (18, "Craftsperson"),
    (10, "Apprentice"),
)
LOWEST_SOLO_RANK = "Hobby Builder"
_PENDING_TEXT = {
    "watch": "choose three buildings for Opaleye's Watch",
    "university": "may place a free building (Grove University)",
}


def solo_rank(points: int) -> str:
    return next((title for least, title in SOLO_RANKS if points >= least), LOWEST_SOLO_RANK)


def starloom_place(state: TinyTownsState, seat: int) -> int:
    """1 + the towns finished in earlier rounds (those finished in the same round don't count).

    A town not finished yet counts as finishing after every town finished so far.
    """
    mine = state.towns[seat].finished_round
    return 1 + sum(
        1
        for other, town in enumerate(state.towns)
        if other != seat
        and not town.resigned
        and town.finished_round is not None
        and (mine is None or town.finished_round < mine)
    )


def context(state: TinyTownsState, seat: int) -> Context:
    right = state.towns[(seat - 1) % len(state.towns)]
    return Context(
        offer=tuple(state.buildings),
        right_feast_halls=right.cells.count("feast-hall"),
        starloom_place=starloom_place(state, seat),
    )


def town_scores(state: TinyTownsState) -> list[Score]:
    return [
        score_town(town.cells, town.held, town.shrine, context(state, seat))
        for seat, town in enumerate(state.towns)
    ]


def rank_keys(state: TinyTownsState) -> list[tuple[int, int, int]]:
    """What ranks a seat: most points, then fewest empty squares, then most cottages (Barrett
    Castle counts two); still equal seats share a place."""
    return [(score.total, -score.empty, score.cottages) for score in town_scores(state)]


def ranking(state: TinyTownsState) -> list[list[int]]:
    """Seats best first (see `rank_keys`); resigned seats come after all others."""
    return rank(rank_keys(state), [town.resigned for town in state.towns])


def final_text(state: TinyTownsState) -> str:
    """`alice wins with 31 points`, who shares the win, or the solo result and rank."""
    scores = town_scores(state)
    if len(state.players) == 1:
        points = scores[0].total
        return f"{state.players[0]} scores {points} points: {solo_rank(points)}"
    best = ranking(state)[0]
    return winner_text(state.players, best, scores[best[0]].total)


def card_view(card: Card) -> dict[str, Any]:
    return {
        "key": card.key,
        "name": card.name,
        "colour": card.colour,
        "monument": card.is_monument,
        "shape": [list(row) for row in card.shape],
        "text": card.text,
    }


def build_view(state: TinyTownsState, viewer: int | None) -> dict[str, Any]:
    over = state.phase == "over"
    scores = town_scores(state)
    waiting = sorted(to_act(state))
    return {
        "game": "tiny-towns",
        "viewer": viewer,
        "phase": state.phase,
        "round": state.round,
        "round_kind": state.source,
        "resource": state.resource,
        "solo": len(state.players) == 1,
        "options": dict(state.options),
        "resources": [
            {"key": res, "letter": RESOURCE_LETTERS[res], "colour": RESOURCE_COLOURS[res]}
            for res in RESOURCES
        ],
        "deck": {
            "draw_pile": len(state.deck),
            "discard_pile": len(state.discard),
            "face_up": list(state.face_up),
        },
        "hammer": state.hammer,
        "to_act": waiting,
        "waiting_for": [state.players[s] for s in waiting],
        "cards": [card_view(CARDS[key]) for key in state.buildings],
        "players": [
            _player_view(state, seat, scores[seat], viewer == seat)
            for seat in range(len(state.players))
        ],
        "end_reason": state.end_reason,
        "winner_text": final_text(state) if over else None,
        "solo_rank": solo_rank(scores[0].total) if len(state.players) == 1 else None,
    }


def _player_view(state: TinyTownsState, seat: int, score: Score, own: bool) -> dict[str, Any]:
    town = state.towns[seat]
    count = len(state.players)
    built = town.monument is not None and town.monument in town.cells
    private: dict[str, Any] = {}
    if own:
        private = {
            "monument_cards": [card_view(CARDS[key]) for key in town.dealt]
            if town.monument is None
            else [card_view(CARDS[town.monument])],
            "kept_monument": town.monument,
        }
    return {
        "seat": seat,
        "name": state.players[seat],
        "status": "resigned" if town.resigned else town.step,
        "score": score.total,
        "score_lines": [
            {"what": line.what, "count": line.count, "points": line.points} for line in score.lines
        ],
        "empty_squares": score.empty,
        "cottages": score.cottages,
        "finished_round": town.finished_round,
        "left": (seat + 1) % count,
        "right": (seat - 1) % count,
        "monument": card_view(CARDS[town.monument]) if built and town.monument else None,
        "has_kept_monument": town.monument is not None,
        "hand": town.hand,
        "owes": [_pending_text(town, item) for item in town.pending],
        "watch": list(town.watch),
        "claims": list(town.claims),
        "aside": list(town.aside),
        "town": [_square_view(town, i, score) for i in range(len(NAMES))],
        **private,
    }


def _pending_text(town: Town, item: str) -> str:
    if item.startswith("put:"):
        at = int(item.split(":")[1])
        return f"put a resource on the {CARDS[town.cells[at]].name} on {NAMES[at]}"
    if item.startswith("guild:"):
        return f"may replace up to {item.split(':')[1]} buildings (Architect's Guild)"
    return _PENDING_TEXT[item]


def _square_view(town: Town, index: int, score: Score) -> dict[str, Any]:
    key = town.cells[index]
    card = CARDS.get(key)
    return {
        "square": NAMES[index],
        "column": index % 4,
        "row": index // 4,
        "resource": key if key in RESOURCE_LETTERS else None,
        "building": key if card else None,
        "name": card.name if card else None,
        "colour": card.colour if card else RESOURCE_COLOURS.get(key),
        "fed": (index in score.fed) if key in ("cottage", "barrett-castle") else None,
        "holds": list(town.held.get(index, [])),
    }
