"""The 4×4 town: square names, neighbourhoods, and every placement of every card's shape.

Squares are indexed 0–15 row by row from the top left. A square's name is its column letter
(A–D from the left) followed by its row number (1–4 from the top): index 6 is `C2`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.squaregrid import Shape, SquareGrid

from .cards import CARDS, RESOURCES

SIZE = 4
GRID = SquareGrid(SIZE, SIZE)
SQUARES = GRID.size
NAMES = GRID.names
square = GRID.square
names_of = GRID.names_of
#: Orthogonal neighbours ("adjacent" on every card) and all 8 surrounding squares (Granary).
ADJACENT, SURROUNDING = GRID.adjacent, GRID.surrounding
#: The other squares of a square's row, and of its column.
ROW, COLUMN = GRID.row, GRID.column
CORNERS: frozenset[int] = frozenset({0, 3, 12, 15})
CENTRE: frozenset[int] = frozenset({5, 6, 9, 10})


@dataclass(frozen=True)
class Placement:
    """One way a shape lies on the town: its squares and the resource each needs.

    `signature` packs the needs into one number, 16 bits per resource (`needs_signature`), so
    that a town offers a placement when `signature & ~offered == 0` for the town's signature.
    """

    squares: tuple[int, ...]
    mask: int
    resources: tuple[str, ...]  # the resource each of `squares` needs, aligned
    signature: int


def needs_signature(masks: Sequence[int]) -> int:
    """Per-resource square masks packed into one number, resource i in bits 16i to 16i + 15."""
    return sum(mask << (SQUARES * index) for index, mask in enumerate(masks))


def _placements(shape: Shape) -> tuple[Placement, ...]:
    return tuple(
        Placement(
            squares,
            sum(1 << i for i in squares),
            resources,
            sum(
                1 << (SQUARES * RESOURCES.index(res) + i)
                for i, res in zip(squares, resources, strict=True)
            ),
        )
        for squares, resources in GRID.placements(shape)
    )


#: Every placement of every card's shape on the town, in a fixed order.
PLACEMENTS: dict[str, tuple[Placement, ...]] = {
    key: _placements(card.shape) for key, card in CARDS.items()
}
#: How many of each resource a card's shape needs, `COUNT_BITS` bits apiece (a quick test
#: before trying placements): a town's counts packed alike, each field's top bit set
#: (`COUNT_GUARDS`), are enough of every resource if subtracting clears no top bit.
COUNT_BITS = 6
COUNT_ONE_EACH = sum(1 << (COUNT_BITS * i) for i in range(len(RESOURCES)))
COUNT_GUARDS = COUNT_ONE_EACH << (COUNT_BITS - 1)
SHAPE_COUNTS: dict[str, int] = {
    key: sum(row.count(r) << COUNT_BITS * i for i, r in enumerate(RESOURCES) for row in card.shape)
    for key, card in CARDS.items()
}
#: What lies on a square, for `PLACEMENTS_FROM`: a resource (its index in RESOURCES) or this.
TRADING_POST = len(RESOURCES)
#: How many things a square may hold, for `PLACEMENTS_FROM`: the resources and a Trading Post.
HOLDINGS = TRADING_POST + 1
#: The placements of each card by their first square and what lies there (at index `square *
#: HOLDINGS + what`), each group in `PLACEMENTS` order: a placement fits only if its first
#: square holds the resource it needs there, or a Trading Post (which stands in for any), so
#: matching looks only at the groups of the town's held squares.
PLACEMENTS_FROM: dict[str, tuple[tuple[Placement, ...], ...]] = {
    key: tuple(
        tuple(
            p
            for p in placements
            if p.squares[0] == index // HOLDINGS
            and index % HOLDINGS in (TRADING_POST, RESOURCES.index(p.resources[0]))
        )
        for index in range(SQUARES * HOLDINGS)
    )
    for key, placements in PLACEMENTS.items()
}
