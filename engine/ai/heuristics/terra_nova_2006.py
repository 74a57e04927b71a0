"""Terra Nova (2006): who is likely to win the areas that are nearly walled off.

The island's landscapes lie in 24 patches. Any connected union of up to three patches with at
most three landscapes is a *region* that may one day close as an area (225 of them). A
region's *cost* is how many cells around it are neither stone nor scored: the stones still
missing to wall it off. Its *potential* is its points (cells × 3, 2 or 1 by landscapes) times
a decay in the cost, and belongs to whoever has most figures inside it (shared on a tie).

A seat's evaluation is its points, plus the potential it leads, plus a little per figure still
on the island (each can still win majorities later). Move ordering uses the same regions:
a move is as good as the majorities it wins or loses, plus the best stone it makes possible
next to the figure's new cell; a stone as good as the areas it closes at once (computed
exactly) and how much it brings the regions around it nearer to closing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from engine.core.game import Game
from engine.games.terra_nova_2006 import rules
from engine.games.terra_nova_2006.board import Board, standard_board
from engine.games.terra_nova_2006.state import FREE, STONE, TerraNova2006State

from .base import Heuristics

#: Area points per cell by landscape count (the rules' multiplier).
MULTIPLIER = {1: 3, 2: 2, 3: 1}
#: How much of a region's points its leader may expect with `cost` stones still missing.
DECAY = tuple(0.8**cost for cost in range(40))
#: Share of the potential counted in the evaluation, and the worth of a figure on the island.
POTENTIAL_WEIGHT = 0.5
FIGURE_WEIGHT = 1.5
#: Logits are points divided by this (so a point more is not e times as likely).
LOGIT_POINTS = 3.0
#: Regions with more stones missing count neither in the evaluation nor in move ordering.
EVALUATED_COST = 12
ORDERED_COST = 6
#: 1 << cell for every cell of the island.
BITS = tuple(1 << cell for cell in range(len(standard_board())))


@dataclass(frozen=True)
class Region:
    mask: int
    boundary: int
    multiplier: int


@dataclass(frozen=True)
class Island:
    board: Board
    regions: tuple[Region, ...]
    index: dict[str, int]


@cache
def island() -> Island:
    board = standard_board()
    patches = _patches(board)
    patch_of = {cell: number for number, cells in enumerate(patches) for cell in cells}
    touching = [
        {patch_of[n] for cell in cells for n in board.neighbours[cell]} - {number}
        for number, cells in enumerate(patches)
    ]
    unions = {frozenset([number]) for number in range(len(patches))}
    for _ in range(2):
        for union in sorted(unions, key=sorted):
            for other in sorted(set().union(*(touching[p] for p in union)) - union):
                grown = union | {other}
                if len({board.landscape[patches[p][0]] for p in grown}) <= 3:
                    unions.add(grown)
    regions = []
    for union in sorted(unions, key=sorted):
        cells = [cell for p in sorted(union) for cell in patches[p]]
        mask = _mask(cells)
        around = _mask(n for cell in cells for n in board.neighbours[cell]) & ~mask
        kinds = len({board.landscape[cell] for cell in cells})
        regions.append(Region(mask, around, MULTIPLIER[kinds]))
    index = {name: cell for cell, name in enumerate(board.names)}
    return Island(board, tuple(regions), index)


def _patches(board: Board) -> list[list[int]]:
    """The connected groups of cells of one landscape, in board order."""
    seen: set[int] = set()
    patches = []
    for start in range(len(board)):
        if start in seen:
            continue
        patch, stack = [start], [start]
        seen.add(start)
        while stack:
            for n in board.neighbours[stack.pop()]:
                if n not in seen and board.landscape[n] == board.landscape[start]:
                    seen.add(n)
                    patch.append(n)
                    stack.append(n)
        patches.append(sorted(patch))
    return patches


def _mask(cells: Any) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


@dataclass
class Live:
    """A region as it stands: its free cells, the cells still open around it, what it is
    worth to its leader now (`weight`), and the figures of each seat inside."""

    free: int
    open: int
    weight: float
    counts: list[int]


def shares(counts: Sequence[int]) -> list[float]:
    """Who would score a region closed now: the strict majority, or the tied leaders."""
    top = max(counts)
    if top == 0:
        return [0.0] * len(counts)
    leaders = counts.count(top)
    return [1 / leaders if n == top else 0.0 for n in counts]


class Position:
    """The masks and live regions of one state."""

    def __init__(self, state: TerraNova2006State) -> None:
        self.state = state
        self.island = island()
        stones = 0
        figures = [0] * len(state.players)
        for bit, code in zip(BITS, state.board, strict=False):
            if code == STONE:
                stones |= bit
            elif code >= 0:
                figures[code] |= bit
        self.stones = stones
        self.scored = _mask(cell for area in state.areas for cell in area.cells)
        self.figures = figures

    def live(self, max_cost: int) -> list[Live]:
        """The regions not yet scored with at most `max_cost` stones missing."""
        stones, scored, figures = self.stones, self.scored, self.figures
        closed = stones | scored
        found = []
        for region in self.island.regions:
            if region.mask & scored:
                continue
            free = region.mask & ~stones
            if not free:
                continue
            open_cells = region.boundary & ~closed
            cost = open_cells.bit_count()
            if cost <= max_cost:
                weight = free.bit_count() * region.multiplier * DECAY[cost]
                counts = [(free & mask).bit_count() for mask in figures]
                found.append(Live(free, open_cells, weight, counts))
        return found

    def potential(self) -> list[float]:
        """Per seat, the weights of the regions it leads (shared on a tie). The evaluation's
        inner loop: no objects, figures counted only for regions near enough to count."""
        stones, scored, figures = self.stones, self.scored, self.figures
        open_mask = ~(stones | scored)
        free_mask = ~stones
        totals = [0.0] * len(figures)
        for region in self.island.regions:
            mask = region.mask
            if mask & scored:
                continue
            free = mask & free_mask
            cost = (region.boundary & open_mask).bit_count()
            if not free or cost > EVALUATED_COST:
                continue
            counts = [(free & figure).bit_count() for figure in figures]
            top = max(counts)
            if top:
                weight = free.bit_count() * region.multiplier * DECAY[cost]
                leaders = counts.count(top)
                for seat, n in enumerate(counts):
                    if n == top:
                        totals[seat] += weight / leaders
        return totals


def edge(values: Sequence[float], seat: int) -> float:
    """What `values` give `seat` over the average of the others."""
    if len(values) == 1:
        return values[0]
    others = (sum(values) - values[seat]) / (len(values) - 1)
    return values[seat] - others


class TerraNova2006Heuristics(Heuristics):
    scale: ClassVar[float] = 12.0
    iterations: ClassVar[Mapping[str, int]] = {"easy": 0, "normal": 100, "strong": 500}
    #: Nothing in this game is random: without seeded ties every game between the same two
    #: bots would be one of two games (who starts), the arena's too.
    seeded_ties: ClassVar[bool] = True

    def evaluate(self, game: Game[Any], state: TerraNova2006State, bot: int) -> list[float]:
        position = Position(state)
        potential = position.potential()
        return [
            state.scores[seat]
            + POTENTIAL_WEIGHT * potential[seat]
            + FIGURE_WEIGHT * (position.figures[seat].bit_count() + state.to_place[seat])
            for seat in range(len(state.players))
        ]

    def fixed_future(self, state: TerraNova2006State) -> bool:
        return True  # no secrets and no chance at all

    def candidates(
        self, game: Game[Any], state: TerraNova2006State, seat: int, actions: list[str]
    ) -> list[str]:
        """After a turn's first move, stones only (while any may be set): the stones are what
        close areas, and bots that keep moving instead would never end a game."""
        if state.done:
            stones = [action for action in actions if action.startswith("stone")]
            return stones or actions
        return actions

    def logits(
        self, game: Game[Any], state: TerraNova2006State, seat: int, actions: Sequence[str]
    ) -> list[float]:
        return Ordering(Position(state), seat).logits(actions)


class Ordering:
    """Move ordering for `seat` on one position (see the module docstring).

    Per cell it sums what one more (`gain`) or one fewer (`loss`) figure of the seat there
    would change in the potential it leads over the others; a move inside one region
    changes nothing there, which `within` corrects.
    """

    def __init__(self, position: Position, seat: int) -> None:
        self.position = position
        self.seat = seat
        self.island = position.island
        self.gain: dict[int, float] = {}
        self.loss: dict[int, float] = {}
        self.regions_at: dict[int, list[tuple[int, float]]] = {}
        self.stone_value: dict[int, float] = {}
        for live in position.live(ORDERED_COST):
            now = edge(shares(live.counts), seat)
            more = list(live.counts)
            more[seat] += 1
            plus = live.weight * (edge(shares(more), seat) - now)
            fewer = list(live.counts)
            fewer[seat] -= 1
            minus = live.weight * (edge(shares(fewer), seat) - now) if fewer[seat] >= 0 else 0.0
            for cell in _cells(live.free):
                self.gain[cell] = self.gain.get(cell, 0.0) + plus
                self.loss[cell] = self.loss.get(cell, 0.0) + minus
                self.regions_at.setdefault(cell, []).append((live.free, plus + minus))
            nearer = live.weight * 0.25 * now  # one stone less to go: decay / 0.8
            for cell in _cells(live.open):
                self.stone_value[cell] = self.stone_value.get(cell, 0.0) + nearer

    def logits(self, actions: Sequence[str]) -> list[float]:
        state = self.position.state
        stones_follow = len(state.done) < 2
        index = self.island.index
        values = []
        for action in actions:
            words = action.split()
            kind = words[0]
            if kind == "move":
                start, end = index[words[1]], index[words[2]]
                value = self.majority_change(start, end)
                if stones_follow:
                    value += self.best_stone_next_to(end, start)
            elif kind == "stone":
                value = self.stone(index[words[1]])
            elif kind == "place":
                value = self.gain.get(index[words[1]], 0.0)
            else:
                value = 0.0
            values.append(value / LOGIT_POINTS)
        return values

    def majority_change(self, start: int, end: int) -> float:
        """What moving a figure of the seat from `start` to `end` does to the potential it
        leads, over the others'."""
        within = sum(both for free, both in self.regions_at.get(start, ()) if free >> end & 1)
        return self.gain.get(end, 0.0) + self.loss.get(start, 0.0) - within

    def best_stone_next_to(self, cell: int, leaving: int) -> float:
        board = self.island.board
        cells = self.position.state.board
        best = 0.0
        for n in board.neighbours[cell]:
            if cells[n] == FREE or n == leaving:
                best = max(best, self.stone_value.get(n, 0.0))
        return best

    def stone(self, cell: int) -> float:
        """Areas the stone closes at once, exactly, plus how it brings regions nearer."""
        state = self.position.state
        cells = list(state.board)
        cells[cell] = STONE
        gained = [0.0] * len(state.players)
        board = self.island.board
        for area in rules.new_areas(board, cells, cell):
            counts = [0] * len(state.players)
            for c in area:
                if cells[c] >= 0:
                    counts[cells[c]] += 1
            points = len(area) * MULTIPLIER[rules.landscape_count(board, area)]
            for other, share in enumerate(shares(counts)):
                gained[other] += points * share - FIGURE_WEIGHT * counts[other]
        return edge(gained, self.seat) + self.stone_value.get(cell, 0.0)


def _cells(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
