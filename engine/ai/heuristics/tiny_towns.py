"""Tiny Towns: a town is worth its score now plus the buildings its resources are growing into.

A town's evaluation is its score as it stands (every square without a building costs a point)
plus, for each card it may build, the card's rough worth times how far the best unblocked
placement of its shape is filled with the right resources (squared, so nearly finished shapes
count most). Move ordering is the change in that value: where a resource goes, which building
to build where. The others hardly change one's own town, so they are not searched: the search
plays their turns with random placements and plans one's own town against sampled decks.
`strong` (`LookaheadHeuristics`) also credits a town with what its next resource adds at the
best square, credits a building with what its card scores where its shape lies
(`SiteWorths`), and expects a Prospectors hammer holder to name what helps their own town.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, cached_property, lru_cache
from typing import Any, ClassVar

from engine.core.game import Game
from engine.core.rng import Rng
from engine.games.tiny_towns import rules
from engine.games.tiny_towns.board import (
    ADJACENT,
    COLUMN,
    PLACEMENTS,
    ROW,
    SQUARES,
    SURROUNDING,
    square,
)
from engine.games.tiny_towns.cards import CARDS, MONUMENTS, RESOURCES
from engine.games.tiny_towns.scoring import FARM_FEEDS, TAVERN_POINTS, home_weight, score_town
from engine.games.tiny_towns.state import EMPTY, TinyTownsState
from engine.games.tiny_towns.view import context

from .base import Heuristics

#: What a building of each card tends to score in a town over a game (a rough average, in
#: points); monuments not listed are worth MONUMENT_WORTH.
WORTH: dict[str, float] = {
    "cottage": 2.5,
    "farm": 4.0,
    "granary": 3.5,
    "greenhouse": 4.0,
    "orchard": 3.5,
    "fountain": 1.5,
    "millstone": 1.5,
    "shed": 1.0,
    "well": 2.0,
    "abbey": 2.5,
    "chapel": 3.0,
    "cloister": 2.0,
    "temple": 3.0,
    "almshouse": 2.0,
    "feast-hall": 2.5,
    "inn": 3.0,
    "tavern": 3.0,
    "bakery": 2.5,
    "market": 2.0,
    "tailor": 2.0,
    "theater": 3.0,
    "bank": 4.0,
    "factory": 1.5,
    "trading-post": 1.5,
    "warehouse": 1.0,
}
MONUMENT_WORTH = 5.0
#: A shape still missing k resources is credited STEP**k of its card's worth.
STEP = 0.7
FEEDERS = ("farm", "granary", "greenhouse", "orchard")
#: With site worths (`SiteWorths`): the chance a town still half empty builds one more
#: feeder, and what a building whose condition its neighbours do not meet yet is worth while
#: it has neighbouring squares without a building (they may still bring it).
FEEDER_HOPE = 0.6
SITE_HOPE = 0.5
#: How many partial placements of one card count towards growth (a monument once).
COPIES: dict[str, int] = {"cottage": 4, **{key: 1 for key in MONUMENTS}}
#: An empty square costs a point only if it stays empty: until the town is finished it is
#: worth about as much as the point it would cost.
EMPTY_PROMISE = 1.0
#: How much a town's value rises a round on average, along games of the greedy policy (final
#: score less value: 8.5 at the start, -2 at the end of about thirty rounds).
ROUND_DRIFT = 0.35
#: Logits are point changes divided by this.
LOGIT_POINTS = 1.0
FULL = (1 << SQUARES) - 1
_RESOURCE_INDEX = {name: index for index, name in enumerate(RESOURCES)}


@cache
def needing(card: str) -> dict[tuple[int, str], tuple[tuple[int, int, int], ...]]:
    """The card's placements by a square and the resource they need there, each as
    (squares mask, needs signature, size): only placements a town's resources touch count."""
    found: dict[tuple[int, str], list[tuple[int, int, int]]] = {}
    for placement in PLACEMENTS[card]:
        shape = (placement.mask, placement.signature, len(placement.squares))
        for square_, resource in zip(placement.squares, placement.resources, strict=True):
            found.setdefault((square_, resource), []).append(shape)
    return {key: tuple(shapes) for key, shapes in found.items()}


def signature(cells: Sequence[str]) -> tuple[int, int]:
    """The town's resources packed as in board.needs_signature, and its occupied squares."""
    packed = 0
    occupied = 0
    for i, key in enumerate(cells):
        if key != EMPTY:
            occupied |= 1 << i
            index = _RESOURCE_INDEX.get(key)
            if index is not None:
                packed |= 1 << (SQUARES * index + i)
    return packed, occupied


def worths(cells: Sequence[str], fed: frozenset[int], cards: Sequence[str]) -> list[float]:
    """Each card's worth in this town: the table's, raised where the town makes it pay more
    (a feeder with hungry cottages, a cottage with a feeder, one more tavern, a temple or
    chapel among cottages, a second fountain)."""
    counts: dict[str, int] = {}
    for key in cells:
        counts[key] = counts.get(key, 0) + 1
    cottages = counts.get("cottage", 0)
    hungry = sum(1 for i, key in enumerate(cells) if key == "cottage" and i not in fed)
    feeders = sum(counts.get(key, 0) for key in FEEDERS)
    found = []
    for card in cards:
        worth = WORTH.get(card, MONUMENT_WORTH)
        if card in FEEDERS:
            worth = max(worth, 1 + 3 * min(4, hungry)) if hungry or not feeders else 1.5
        elif card == "cottage" and feeders:
            worth = 3.0 + counts.get("chapel", 0)
        elif card == "chapel":
            worth = max(worth, 1.0 + cottages)
        elif card == "temple":
            worth = 4.0 if cottages >= 2 else 1.5
        elif card == "tavern":
            built = min(counts.get("tavern", 0), len(TAVERN_POINTS) - 2)
            worth = TAVERN_POINTS[built + 1] - TAVERN_POINTS[built]
        elif card == "fountain" and counts.get("fountain", 0):
            worth = 2.5
        elif card == "well":
            worth = max(worth, 1.0 + 0.5 * min(4, cottages))
        found.append(worth)
    return found


def _mask(squares: Iterable[int]) -> int:
    return sum(1 << i for i in set(squares))


@cache
def next_to(mask: int) -> int:
    """The squares orthogonally next to a placement, outside it."""
    return _mask(n for i in range(SQUARES) if mask >> i & 1 for n in ADJACENT[i]) & ~mask


@cache
def around(mask: int) -> int:
    """The squares around a placement, diagonals too (what a Granary feeds), outside it."""
    return _mask(n for i in range(SQUARES) if mask >> i & 1 for n in SURROUNDING[i]) & ~mask


@cache
def in_lines(mask: int) -> int:
    """The squares in a placement's rows and columns (what an Orchard feeds), outside it."""
    return _mask(n for i in range(SQUARES) if mask >> i & 1 for n in (*ROW[i], *COLUMN[i])) & ~mask


class SiteWorths:
    """What a building is worth on one placement of its shape in this town: the points its
    card gives there as the rulebook counts them, or the hope of them while the town still has
    room. A Millstone pays only beside a red or yellow building, a Cottage only if something
    can feed it, a Granary only for the hungry cottages around it, and so on; the other
    cards keep their town-wide worth (`worths`)."""

    def __init__(
        self,
        cells: Sequence[str],
        cards: Sequence[str],
        fed: frozenset[int],
        packed: int,
        occupied: int,
    ) -> None:
        colours: dict[str, int] = {}
        for i, key in enumerate(cells):
            card = CARDS.get(key)
            if card is not None:
                colours[card.colour] = colours.get(card.colour, 0) | 1 << i
        self.colours = colours
        self.built = sum(colours.values())
        self.homes = _mask(i for i, key in enumerate(cells) if home_weight(key))
        self.hungry = self.homes & ~_mask(fed)
        self.fountains = _mask(i for i, key in enumerate(cells) if key == "fountain")
        self.granaries = _mask(i for i, key in enumerate(cells) if key == "granary")
        self.orchards = _mask(i for i, key in enumerate(cells) if key == "orchard")
        home_units = sum(home_weight(key) for key in cells)
        self.feeds_anywhere = "greenhouse" in cells or FARM_FEEDS * cells.count("farm") > home_units
        self.fed_worth = 3.0 + cells.count("chapel")
        self._town = (cells, cards, packed, occupied)

    @cached_property
    def feeder_chance(self) -> float:
        """How likely the town is to build one more feeder: the best unblocked placement of a
        red card on offer (STEP per missing resource), at least FEEDER_HOPE while the town
        is still half empty. Worked out only when a cottage needs it."""
        cells, cards, packed, occupied = self._town
        best = FEEDER_HOPE if cells.count(EMPTY) >= SQUARES // 2 else 0.0
        for card in cards:
            if card not in FEEDERS:
                continue
            for placement in PLACEMENTS[card]:
                matched = (placement.signature & packed).bit_count()
                if (placement.mask & occupied).bit_count() == matched:
                    best = max(best, STEP ** (len(placement.squares) - matched))
        return best

    def worth(self, card: str, mask: int, town_wide: float) -> float:
        """The card's worth on the placement `mask` (the building may stand on any of its
        squares, so its neighbours are those of the whole placement); `town_wide` for the
        cards whose points do not depend on where they stand. The figures are the cards'
        points (docs/games/tiny-towns.md): a pair of Fountains scores 2 each, so a Fountain
        beside a lone one brings 3 here and 1 for the hope of a partner."""
        colours = self.colours
        beside = next_to(mask)
        if card == "cottage":
            fed_here = (
                self.feeds_anywhere
                or around(mask) & self.granaries
                or in_lines(mask) & self.orchards
            )
            return self.fed_worth if fed_here else self.fed_worth * self.feeder_chance
        if card == "millstone":
            if beside & (colours.get("red", 0) | colours.get("yellow", 0)):
                return 2.0
            return SITE_HOPE if beside & ~self.built else 0.0
        if card == "fountain":
            return 3.0 if beside & self.fountains else 1.0
        if card == "bakery":
            return 3.0 if beside & (colours.get("red", 0) | colours.get("black", 0)) else 1.0
        if card == "abbey":
            blocked = colours.get("black", 0) | colours.get("green", 0) | colours.get("yellow", 0)
            return 0.0 if beside & blocked else 3.0
        if card == "well":
            return min(3, (beside & self.homes).bit_count()) + SITE_HOPE
        if card == "temple":
            homes = (beside & self.homes).bit_count()
            return 4.0 if homes >= 2 else 2.0 if homes else 1.0
        if card == "granary":
            hungry = (around(mask) & self.hungry).bit_count()
            return 1.0 + 3 * min(4, hungry) if hungry else 1.5
        if card == "orchard":
            hungry = (in_lines(mask) & self.hungry).bit_count()
            return 1.0 + 3 * min(4, hungry) if hungry else 1.5
        return town_wide


def growth(
    cells: Sequence[str], cards: Sequence[str], fed: frozenset[int], sites: bool = False
) -> float:
    """The worth of the buildings the town's resources are on their way to.

    Every unblocked placement holding some right resources is a candidate worth the card's
    worth times the share of its shape already filled; the best candidates that do not
    overlap are counted (at most `COPIES` of a card, a monument once). With `sites`, a
    card's worth follows where the placement lies (`SiteWorths`).
    """
    packed, occupied = signature(cells)
    placed = [(i, key) for i, key in enumerate(cells) if key in _RESOURCE_INDEX]
    candidates: list[tuple[float, int, str]] = []
    site_worths = SiteWorths(cells, cards, fed, packed, occupied) if sites else None
    for card, worth in zip(cards, worths(cells, fed, cards), strict=True):
        by_need = needing(card)
        seen: set[int] = set()
        for key in placed:
            for mask, needs, size in by_need.get(key, ()):
                if needs in seen:
                    continue
                seen.add(needs)
                matched = (needs & packed).bit_count()
                if (mask & occupied).bit_count() == matched:
                    if site_worths is not None:
                        worth_here = site_worths.worth(card, mask, worth)
                    else:
                        worth_here = worth
                    candidates.append((worth_here * STEP ** (size - matched), mask, card))
    candidates.sort(key=lambda c: -c[0])
    used = 0
    taken: dict[str, int] = {}
    total = 0.0
    for credit, mask, card in candidates:
        if mask & used or taken.get(card, 0) >= COPIES.get(card, 2):
            continue
        used |= mask
        taken[card] = taken.get(card, 0) + 1
        total += credit
    return total


def cards_for(state: TinyTownsState, seat: int) -> list[str]:
    return rules.buildable_cards(state, seat)


def town_value(
    state: TinyTownsState, seat: int, cells: Sequence[str] | None = None, sites: bool = False
) -> float:
    """The town's score now, its empty squares' promise, and the growth of its resources."""
    town = state.towns[seat]
    cells = town.cells if cells is None else cells
    ctx = context(state, seat)
    score = score_town(cells, town.held, town.shrine, ctx)
    empty = cells.count(EMPTY) if town.active else 0
    grown = growth(cells, cards_for(state, seat), score.fed, sites)
    return score.total + EMPTY_PROMISE * empty + grown


def after(cells: Sequence[str], action: str) -> list[str] | None:
    """The town's squares after a `place` or `build` (None for other actions)."""
    words = action.split()
    if words[0] == "place":
        changed = list(cells)
        at = square(words[2])
        if at is None or changed[at] != EMPTY:
            return None  # onto a cottage (Statue of the Bondmaker): no square changes
        changed[at] = words[1]
        return changed
    if words[0] == "build":
        card, site = words[1], square(words[3])
        changed = list(cells)
        for name in words[5:]:
            used = square(name)
            if used is not None and changed[used] != "trading-post":
                changed[used] = EMPTY
        if site is not None:
            changed[site] = card
        return changed
    return None


def next_resources(state: TinyTownsState, seat: int) -> tuple[str, ...]:
    """The resources the seat's next placement may bring, as the (sampled) state shows them:
    this round's offer while it is still to place, else the next round's card, or every
    resource it may choose (a choice round, or a deck about to be reshuffled)."""
    town = state.towns[seat]
    if town.step == "place":
        return rules.offered_resources(state, seat)
    if state.source == "solo":
        return tuple(dict.fromkeys(state.face_up))
    upcoming = state.round + 1
    if state.source == "card" and upcoming % 3 != 0 and state.deck:
        return (state.deck[0],)
    return tuple(rules.nameable(town))


def placement_gain(state: TinyTownsState, seat: int, sites: bool = False) -> float:
    """What the seat's next resource adds to its town's growth at the best empty square
    (the best resource when it may choose): a town with good room for what comes next is
    worth more than one where it must put it anywhere."""
    town = state.towns[seat]
    offered = next_resources(state, seat)
    if not town.active or EMPTY not in town.cells or not offered:
        return 0.0
    return max(resource_gains(state, seat, offered, sites))


def resource_gains(
    state: TinyTownsState, seat: int, resources: Sequence[str], sites: bool = False
) -> list[float]:
    """What each resource would add to the seat's town's growth at its best empty square."""
    town = state.towns[seat]
    cells, cards = tuple(town.cells), tuple(cards_for(state, seat))
    fed = score_town(town.cells, town.held, town.shrine, context(state, seat)).fed
    return [best_growth_gain(cells, cards, fed, resource, sites) for resource in resources]


@lru_cache(maxsize=1 << 14)
def best_growth_gain(
    cells: tuple[str, ...],
    cards: tuple[str, ...],
    fed: frozenset[int],
    resource: str,
    sites: bool = False,
) -> float:
    """The most `resource` on one of the empty squares adds to the town's growth. Cached:
    the search meets the same town in every sampled world of a node."""
    grown = growth(cells, cards, fed, sites)
    changed = list(cells)
    best = -math.inf
    for at, key in enumerate(cells):
        if key == EMPTY:
            changed[at] = resource
            best = max(best, growth(changed, cards, fed, sites) - grown)
            changed[at] = EMPTY
    return best


class TinyTownsHeuristics(Heuristics):
    scale: ClassVar[float] = 1.5
    search_opponents: ClassVar[bool] = False
    iterations: ClassVar[Mapping[str, int]] = {"easy": 0, "normal": 30, "strong": 300}
    #: The deck is the game's chance: more sampled decks than the default.
    worlds: ClassVar[int] = 32
    #: Whether the evaluation also credits the room a town has for its next resource
    #: (`placement_gain`): `strong` only, which searches deep enough for it to pay.
    lookahead: ClassVar[bool] = False
    #: Whether a building's worth follows where its shape lies (`SiteWorths`).
    sites: ClassVar[bool] = False

    def for_level(self, name: str) -> Heuristics:
        return LOOKING_AHEAD if name == "strong" else self

    def evaluate(self, game: Game[Any], state: TinyTownsState, bot: int) -> list[float]:
        """The bot's town value, less ROUND_DRIFT per round played: the value rises as a game
        goes on (buildings pay more than the growth they replace), and leaves a round deeper
        in the search must not look better only for being later. With `lookahead`, plus what
        the next resource adds at its best square."""
        value = town_value(state, bot, sites=self.sites) - ROUND_DRIFT * state.round
        if self.lookahead:
            value += placement_gain(state, bot, self.sites)
        return [value if seat == bot else 0.0 for seat in range(len(state.players))]

    def logits(
        self, game: Game[Any], state: TinyTownsState, seat: int, actions: Sequence[str]
    ) -> list[float]:
        town = state.towns[seat]
        cards = cards_for(state, seat)
        score = score_town(town.cells, town.held, town.shrine, context(state, seat))
        grown = growth(town.cells, cards, score.fed, self.sites)
        base = town_value(state, seat, sites=self.sites)
        values = []
        for action in actions:
            changed = after(town.cells, action)
            if changed is None:
                value = 0.0
            elif action.startswith("place"):
                # A resource on an empty square changes no score: only the growth, and
                # there is one empty square fewer.
                value = growth(changed, cards, score.fed, self.sites) - grown - EMPTY_PROMISE
            else:
                value = town_value(state, seat, changed, self.sites) - base
            values.append(value / LOGIT_POINTS)
        return values

    def opponent_action(
        self, game: Game[Any], state: TinyTownsState, seat: int, actions: Sequence[str], rng: Rng
    ) -> str:
        """Others only place, at random: cheap, and their towns hardly touch one's own."""
        if "done" in actions:
            return "done"
        return actions[rng.below(len(actions))]


class LookaheadHeuristics(TinyTownsHeuristics):
    """`strong`'s: a leaf is worth what its town will be once the next resource is placed at
    its best square (in the sampled deck's order), so the search tells a town that keeps room
    for what comes from one that will have to put it where it blocks a building; and a
    building's worth follows where its shape lies (`SiteWorths`)."""

    lookahead: ClassVar[bool] = True
    sites: ClassVar[bool] = True

    def opponent_action(
        self, game: Game[Any], state: TinyTownsState, seat: int, actions: Sequence[str], rng: Rng
    ) -> str:
        """Another seat holding the hammer (Prospectors) names the resource that helps its own
        town most, not one at random: what everybody must place is theirs to choose."""
        if state.phase == "name" and actions:
            offered = [action.split()[1] for action in actions]
            gains = resource_gains(state, seat, offered, self.sites)
            return actions[gains.index(max(gains))]
        return super().opponent_action(game, state, seat, actions, rng)


LOOKING_AHEAD = LookaheadHeuristics()
