"""The cards and numbers of Tiny Towns that its guide words, read from the engine: every
building and monument card (shape, text), the resources, the scoring tables and limits."""

from __future__ import annotations

from typing import Any

from engine.core.squaregrid import Shape
from engine.games.tiny_towns import board, cards, notation, scoring, state, view

from ..book import Component


def context() -> dict[str, Any]:
    return {
        "resources": [(key, cards.RESOURCE_LETTERS[key]) for key in cards.RESOURCES],
        "buildings": [_component(card) for card in cards.BUILDINGS.values()],
        "monuments": [_component(card) for card in cards.MONUMENTS.values()],
        "colours": {
            colour: [cards.BUILDINGS[key].name for key in keys]
            for colour, keys in cards.BY_COLOUR.items()
        },
        "first_game": {
            colour: cards.BUILDINGS[key].name for colour, key in cards.FIRST_GAME.items()
        },
        "solo_removed": [
            card.name for key, card in cards.CARDS.items() if key in cards.SOLO_REMOVED
        ],
        "solo_ranks": list(view.SOLO_RANKS),
        "lowest_solo_rank": view.LOWEST_SOLO_RANK,
        "almshouse_points": _by_count(scoring.ALMSHOUSE_POINTS),
        "tavern_points": _by_count(scoring.TAVERN_POINTS),
        "shrine_points": _by_count(scoring.SHRINE_POINTS),
        "starloom_points": dict(scoring.STARLOOM_POINTS),
        "farm_feeds": scoring.FARM_FEEDS,
        "size": board.SIZE,
        "columns": board.NAMES[0][0] + "–" + board.NAMES[board.SIZE - 1][0],
        "buried": state.BURIED,
        "warehouse_capacity": state.WAREHOUSE_CAPACITY,
        "aside_limit": state.ASIDE_LIMIT,
        "max_banks": state.MAX_BANKS,
        "guild_replacements": state.GUILD_REPLACEMENTS,
    }


def _component(card: cards.Card) -> Component:
    twins = [
        other.name
        for other in cards.CARDS.values()
        if other.key != card.key and other.shape == card.shape
    ]
    return Component(
        key=card.key,
        title=card.name,
        aliases=card.aliases,
        term="building",
        data={
            "name": card.name,
            "colour": card.colour,
            "text": card.text,
            "shape": _grid(card.shape),
            "shape_line": " / ".join(" ".join(_letter(cell) for cell in row) for row in card.shape),
            "example": _example(card),
            "twins": twins,
            "first_game": card.key in cards.FIRST_GAME.values(),
            "solo": card.key not in cards.SOLO_REMOVED,
        },
    )


def _letter(resource: str | None) -> str:
    return "." if resource is None else cards.RESOURCE_LETTERS[resource]


def _grid(shape: Shape) -> str:
    return "\n".join(" ".join(_letter(cell) for cell in row) for row in shape)


def _example(card: cards.Card) -> dict[str, Any]:
    """The card's shape laid as printed in the top left corner of a town: which resource on
    which square, and the build that then works."""
    squares = [
        (row * board.SIZE + column, resource)
        for row, cells in enumerate(card.shape)
        for column, resource in enumerate(cells)
        if resource is not None
    ]
    used = [square for square, _ in squares]
    return {
        "laid": [(board.NAMES[square], resource) for square, resource in squares],
        "build": notation.build_text(card.key, used[-1], used),
    }


def _by_count(points: tuple[int, ...]) -> list[tuple[str, int]]:
    """(0, 2, 5, 9) → [("1", 2), ("2", 5), ("3+", 9)]: the last entry holds for more too."""
    last = len(points) - 1
    return [(f"{n}+" if n == last else str(n), points[n]) for n in range(1, last + 1)]
