"""Scoring a town: feeding its cottages as well as possible, then every card's points.

Which cottages the Farms and Greenhouses feed is the player's choice at the end of the game;
the engine picks the choice that scores most (cottages, Barrett Castle, Chapels and Temples
depend on it). Among choices that score the same (the Grand Mausoleum pays for an unfed
cottage what feeding it would) it feeds the most cottages, then takes the first in a fixed
order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from engine.core import components

from .board import ADJACENT, CENTRE, COLUMN, CORNERS, ROW, SQUARES, SURROUNDING
from .cards import CARDS, TABLES

HOMES = frozenset({"cottage", "barrett-castle"})
ALMSHOUSE_POINTS = (0, -1, 5, -3, 15, -5, 26)
TAVERN_POINTS = (0, 2, 5, 9, 14, 20)
SHRINE_POINTS = (0, 1, 2, 3, 4, 5, 8)
STARLOOM_POINTS = {1: 6, 2: 3, 3: 2}
FARM_FEEDS = 4
#: The cards whose points never depend on the town (tables.txt).
FIXED_POINTS = {card: int(points) for card, points in TABLES["fixed points"]}
_CARD_ORDER = {key: index for index, key in enumerate(CARDS)}
#: The building type (`Card.kind`) and the colour of what lies on a square, for the cards.
_KIND = {key: card.kind for key, card in CARDS.items()}
_COLOUR = {key: card.colour for key, card in CARDS.items()}


def home_weight(key: str) -> int:
    """How many cottages a square counts as: Barrett Castle counts as two."""
    return 2 if key == "barrett-castle" else 1 if key == "cottage" else 0


@dataclass(frozen=True)
class Context:
    """What a town's score needs from outside it."""

    offer: tuple[str, ...]
    right_feast_halls: int = 0
    starloom_place: int = 1


@dataclass(frozen=True)
class ScoreLine:
    what: str
    count: int
    points: int


@dataclass
class Score:
    total: int
    lines: list[ScoreLine]
    fed: frozenset[int]
    empty: int
    cottages: int


def building_count(cells: Sequence[str]) -> int:
    return sum(1 for key in cells if key in CARDS)


def shrine_points(buildings: int) -> int:
    return SHRINE_POINTS[min(buildings, len(SHRINE_POINTS) - 1)]


def score_town(
    cells: Sequence[str], held: dict[int, list[str]], shrine: int, ctx: Context
) -> Score:
    """The town's score under the best feeding: most points, then most cottages fed."""
    best: Score | None = None
    best_key = (0, 0)
    for fed in feeding_options(cells):
        score = _score_fed(cells, held, shrine, ctx, fed)
        key = (score.total, sum(home_weight(cells[h]) for h in fed))
        if best is None or key > best_key:
            best, best_key = score, key
    assert best is not None
    return best


def feeding_options(cells: Sequence[str]) -> Iterator[frozenset[int]]:
    """Every sensible set of fed homes (cottages, Barrett Castle).

    Granaries and Orchards feed fixed squares. Each Greenhouse then feeds one connected group
    of homes, and the Farms feed 4 cottages each wherever the player likes (Barrett Castle uses
    two of them). Only homes next to a Temple, and Barrett Castle, make it matter which ones a
    Farm feeds; the others are interchangeable.
    """
    homes = [i for i in range(SQUARES) if cells[i] in HOMES]
    if not homes:
        yield frozenset()
        return
    fixed: set[int] = set()
    for i, key in enumerate(cells):
        if key == "granary":
            fixed.update(n for n in SURROUNDING[i] if cells[n] in HOMES)
        elif key == "orchard":
            fixed.update(n for n in (*ROW[i], *COLUMN[i]) if cells[n] in HOMES)
    groups = [g for g in home_groups(cells, homes) if not g <= fixed]
    greenhouses = cells.count("greenhouse")
    capacity = FARM_FEEDS * cells.count("farm")
    for chosen in combinations(groups, min(greenhouses, len(groups))):
        fed = fixed.union(*chosen)
        rest = [h for h in homes if h not in fed]
        if sum(home_weight(cells[h]) for h in rest) <= capacity:
            yield frozenset(fed.union(rest))
            continue
        relevant = [h for h in rest if cells[h] != "cottage" or _next_to(cells, h, "temple")]
        plain = [h for h in rest if h not in relevant]
        for size in range(len(relevant) + 1):
            for subset in combinations(relevant, size):
                used = sum(home_weight(cells[h]) for h in subset)
                if used <= capacity:
                    yield frozenset(fed.union(subset, plain[: capacity - used]))


def home_groups(cells: Sequence[str], homes: Sequence[int]) -> list[frozenset[int]]:
    """The orthogonally connected groups of homes, in board order of their first square."""
    return [frozenset(group) for group in components(homes, ADJACENT.__getitem__)]


def _next_to(cells: Sequence[str], square: int, key: str) -> bool:
    return any(cells[n] == key for n in ADJACENT[square])


def _score_fed(
    cells: Sequence[str],
    held: dict[int, list[str]],
    shrine: int,
    ctx: Context,
    fed: frozenset[int],
) -> Score:
    details: dict[int, int] = {}
    counts: dict[str, int] = {}
    for key in cells:
        counts[key] = counts.get(key, 0) + 1
    fed_units = sum(home_weight(cells[h]) for h in fed)
    for i, key in enumerate(cells):
        if key in CARDS:
            details[i] = _points(i, key, cells, held, shrine, ctx, fed, fed_units, counts)
    lines: dict[str, list[int]] = {}
    for i, points in details.items():
        line = lines.setdefault(cells[i], [0, 0])
        line[0] += 1
        line[1] += points
    for key, table in (("almshouse", ALMSHOUSE_POINTS), ("tavern", TAVERN_POINTS)):
        if key in lines:
            lines[key][1] = table[min(lines[key][0], len(table) - 1)]
    empty = SQUARES - len(details)
    empty_points = 0 if "cathedral" in counts else -empty
    score_lines = [ScoreLine(key, n, p) for key, (n, p) in lines.items()]
    score_lines.sort(key=lambda line: _CARD_ORDER[line.what])
    score_lines.append(ScoreLine("empty", empty, empty_points))
    return Score(
        total=sum(line.points for line in score_lines),
        lines=score_lines,
        fed=fed,
        empty=empty,
        cottages=sum(home_weight(key) for key in cells),
    )


def _points(
    i: int,
    key: str,
    cells: Sequence[str],
    held: dict[int, list[str]],
    shrine: int,
    ctx: Context,
    fed: frozenset[int],
    fed_units: int,
    counts: dict[str, int],
) -> int:
    """The points of the building on square `i`; Almshouses and Taverns score as a group."""
    if key in FIXED_POINTS:
        return FIXED_POINTS[key]
    near = ADJACENT[i]
    if key == "cottage":
        return 3 if i in fed else 0
    if key == "barrett-castle":
        return 5 if i in fed else 0
    if key == "fountain":
        return 2 if any(cells[n] == "fountain" for n in near) else 0
    if key == "millstone":
        return 2 if any(_COLOUR.get(cells[n]) in ("red", "yellow") for n in near) else 0
    if key == "well":
        return sum(home_weight(cells[n]) for n in near)
    if key == "abbey":
        return 0 if any(_COLOUR.get(cells[n]) in ("black", "green", "yellow") for n in near) else 3
    if key == "chapel":
        return fed_units
    if key == "cloister":
        return sum(1 for c in CORNERS if cells[c] == "cloister")
    if key == "temple":
        return 4 if sum(home_weight(cells[n]) for n in near if n in fed) >= 2 else 0
    if key == "feast-hall":
        return 3 if counts["feast-hall"] > ctx.right_feast_halls else 2
    if key == "inn":
        return 0 if any(cells[n] == "inn" for n in (*ROW[i], *COLUMN[i])) else 3
    if key == "bakery":
        return 3 if any(_COLOUR.get(cells[n]) in ("red", "black") for n in near) else 0
    if key == "market":
        in_row = sum(1 for n in ROW[i] if cells[n] == "market")
        in_column = sum(1 for n in COLUMN[i] if cells[n] == "market")
        return 1 + max(in_row, in_column)
    if key == "tailor":
        return 1 + sum(1 for c in CENTRE if cells[c] == "tailor")
    if key == "theater":
        kinds = {_KIND.get(cells[n]) for n in (*ROW[i], *COLUMN[i])}
        return len(kinds - {None, "yellow"})
    if key == "warehouse":
        return -len(held.get(i, []))
    return _monument_points(i, key, cells, shrine, ctx, fed)


def _monument_points(
    i: int, key: str, cells: Sequence[str], shrine: int, ctx: Context, fed: frozenset[int]
) -> int:
    if key == "archive":
        return len({card.kind for k in cells if (card := CARDS.get(k)) and not card.is_monument})
    if key == "mausoleum":
        return 3 * sum(1 for h, k in enumerate(cells) if k == "cottage" and h not in fed)
    if key == "mandras-palace":
        return 2 * len({_KIND.get(cells[n]) for n in ADJACENT[i]} - {None})
    if key == "shrine":
        return shrine
    if key == "silva-forum":
        return 1 + largest_group(cells)
    if key == "sky-baths":
        present = {_KIND.get(k) for k in cells}
        return sum(1 for k in ctx.offer if CARDS[k].kind not in present)
    if key == "starloom":
        return STARLOOM_POINTS.get(ctx.starloom_place, 0)
    return 0  # Factory, the feeders, Obelisk, Opaleye's Watch, Statue: no points


def largest_group(cells: Sequence[str]) -> int:
    """The size of the largest orthogonally connected group of buildings of one type."""
    kinds = [_KIND.get(key) for key in cells]

    def same_kind(square: int) -> list[int]:
        return [n for n in ADJACENT[square] if kinds[n] == kinds[square]]

    built = [square for square, kind in enumerate(kinds) if kind is not None]
    return max((len(group) for group in components(built, same_kind)), default=0)
