"""Facts about a town and a seat that the phase table, the checker and the rounds ask:
what may be taken, stored, built and named, and who still owes an action."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from .board import (
    COUNT_BITS,
    COUNT_GUARDS,
    COUNT_ONE_EACH,
    HOLDINGS,
    PLACEMENTS_FROM,
    SHAPE_COUNTS,
    SQUARES,
    TRADING_POST,
    Placement,
    needs_signature,
)
from .cards import CARDS, RESOURCES
from .state import (
    ASIDE_LIMIT,
    EMPTY,
    MAX_BANKS,
    WAREHOUSE_CAPACITY,
    TinyTownsState,
    Town,
)

_RESOURCE_INDEX = {name: index for index, name in enumerate(RESOURCES)}
OPTIONAL_PENDING = ("university", "guild")


# -- facts about a town --------------------------------------------------------------------------


def empty_squares(cells: Sequence[str]) -> list[int]:
    return [i for i, key in enumerate(cells) if key == EMPTY]


def has_empty(cells: Sequence[str]) -> bool:
    return EMPTY in cells


def squares_of(cells: Sequence[str], key: str) -> list[int]:
    return [i for i, held in enumerate(cells) if held == key] if key in cells else []


def bank_resources(town: Town, besides: int | None = None) -> set[str]:
    """The resources lying on the town's Banks (except the Bank on `besides`)."""
    return {
        res for i in squares_of(town.cells, "bank") if i != besides for res in town.held.get(i, [])
    }


def nameable(town: Town) -> list[str]:
    """The resources the seat may name or choose: none that lies on one of its Banks."""
    banked = bank_resources(town)
    return [res for res in RESOURCES if res not in banked]


def may_add(town: Town, card: str, replacing: int | None = None) -> bool:
    """Whether one more `card` fits the town: a sixth Bank could hold no resource of its own."""
    if card != "bank":
        return True
    banks = sum(1 for i in squares_of(town.cells, "bank") if i != replacing)
    return banks < MAX_BANKS


def monument_built(town: Town) -> bool:
    return town.monument is not None and town.monument in town.cells


def others_playing(state: TinyTownsState, seat: int) -> bool:
    return any(t.active for s, t in enumerate(state.towns) if s != seat)


def is_given(state: TinyTownsState, seat: int) -> bool:
    """Whether the round's resource was set for this seat by a card or by another player.

    Factories and the Statue of the Bondmaker only work on such resources, not on one the
    player chose freely (choice rounds, or naming it as hammer holder).
    """
    if state.source in ("card", "solo"):
        return True
    return state.source == "named" and state.hammer != seat


def offered_resources(state: TinyTownsState, seat: int) -> tuple[str, ...]:
    """The resources the seat may take this round, the round's own resource first."""
    town = state.towns[seat]
    if town.hand is not None:
        return (town.hand,)
    if state.source == "choice":
        if "fort-ironweed" in town.cells and others_playing(state, seat):
            return ()
        return tuple(nameable(town))
    resource = state.resource
    if resource is None:
        return ()
    factories = squares_of(town.cells, "factory")
    if (
        factories
        and is_given(state, seat)
        and any(town.held.get(i) == [resource] for i in factories)
    ):
        return (resource, *(res for res in RESOURCES if res != resource))
    return (resource,)


def must_take(state: TinyTownsState, seat: int) -> bool:
    """A player takes a resource whenever they can place one: an empty square is needed."""
    return has_empty(state.towns[seat].cells) and bool(offered_resources(state, seat))


def statue_squares(state: TinyTownsState, seat: int) -> list[int]:
    """Cottages that may take the round's resource (Statue of the Bondmaker)."""
    town = state.towns[seat]
    if "statue" not in town.cells or town.hand is not None or not is_given(state, seat):
        return []
    return [i for i in squares_of(town.cells, "cottage") if not town.held.get(i)]


def warehouses_with_room(town: Town) -> list[int]:
    return [
        i
        for i in squares_of(town.cells, "warehouse")
        if len(town.held.get(i, [])) < WAREHOUSE_CAPACITY
    ]


def stocked_warehouses(town: Town) -> list[int]:
    return [i for i in squares_of(town.cells, "warehouse") if town.held.get(i)]


def may_set_aside(state: TinyTownsState, seat: int) -> bool:
    town = state.towns[seat]
    return (
        bool(state.options.get("more-storage"))
        and len(town.aside) < ASIDE_LIMIT
        and town.hand is None
    )


def buildable_cards(state: TinyTownsState, seat: int) -> list[str]:
    """The cards the seat may build from: those on offer, and their own monument once."""
    town = state.towns[seat]
    cards = [card for card in state.buildings if may_add(town, card)]
    if town.monument is not None and not monument_built(town):
        cards.append(town.monument)
    return cards


# -- matching shapes -----------------------------------------------------------------------------


class Supply(NamedTuple):
    """A town's resources as building needs them, worked out once for every card matched
    against the town: the Trading Posts (`posts`), how many squares could give each resource
    packed as `board.SHAPE_COUNTS` packs a shape's needs (`counts`), the needs signature of
    what the town lacks (`missing`) and each square holding a resource or a Trading Post
    with what lies there, as an index of `board.PLACEMENTS_FROM`'s groups (`held`)."""

    posts: int
    counts: int
    missing: int
    held: list[int]


#: What lies on a square, as matching reads it: a resource's index, or board.TRADING_POST.
_HOLDS = {**_RESOURCE_INDEX, "trading-post": TRADING_POST}
#: A square of the town on every resource's 16 bits of a needs signature (a Trading Post).
_ON_EVERY = needs_signature([1] * len(RESOURCES))


def supply_of(cells: Sequence[str]) -> Supply:
    posts = packed = 0
    counts = COUNT_GUARDS
    held = []
    for i, key in enumerate(cells):
        what = _HOLDS.get(key)
        if what is None:
            continue
        held.append(i * HOLDINGS + what)
        if what == TRADING_POST:
            posts |= 1 << i
            counts += COUNT_ONE_EACH
        else:
            packed |= 1 << (SQUARES * what + i)
            counts += 1 << (COUNT_BITS * what)
    return Supply(posts, counts, ~(packed | posts * _ON_EVERY), held)


def matches(card: str, supply: Supply) -> Iterator[Placement]:
    """The placements of `card`'s shape whose squares hold the resources it needs, each set
    of squares once (two ways of laying a shape on the same squares both fit only thanks to
    Trading Posts).

    A Trading Post stands in for any resource, but a shape needs at least one real resource.
    Only the placements whose first square holds what they need there are tried.
    """
    if (supply.counts - SHAPE_COUNTS[card]) & COUNT_GUARDS != COUNT_GUARDS:
        return  # too few of some resource, wherever they lie
    missing, real = supply.missing, ~supply.posts
    last: tuple[int, ...] = ()
    groups = PLACEMENTS_FROM[card]
    for index in supply.held:
        for placement in groups[index]:
            fits = placement.signature & missing == 0 and placement.mask & real
            if fits and placement.squares != last:
                last = placement.squares
                yield placement


def sites(cells: Sequence[str], card: str, placement: Placement, posts: int) -> list[int]:
    """Where the new building may stand: on a square it used, Trading Posts excepted; a Shed,
    or any building once the Obelisk stands, on any square that is empty after building."""
    freed = placement.mask & ~posts
    if card == "shed" or "obelisk" in cells:
        return [i for i in range(SQUARES) if cells[i] == EMPTY or freed >> i & 1]
    return [i for i in placement.squares if freed >> i & 1]


def can_build(state: TinyTownsState, seat: int) -> bool:
    supply = supply_of(state.towns[seat].cells)
    return any(
        next(matches(card, supply), None) is not None for card in buildable_cards(state, seat)
    )


# -- what a seat may do now ----------------------------------------------------------------------


def to_act(state: TinyTownsState) -> frozenset[int]:
    if state.phase == "over":
        return frozenset()
    if state.phase == "name":
        return frozenset() if state.hammer is None else frozenset({state.hammer})
    return frozenset([seat for seat, town in enumerate(state.towns) if owes_action(town)])


#: The steps of a town that has not played its part of the round yet.
_PLAYING = frozenset({"keep", "choose", "place", "build"})


def owes_action(town: Town) -> bool:
    """Whether the town has yet to play its part of the round, or, done with it, still has a
    decision or a claim to answer (a finished town owes nothing)."""
    step = town.step
    return step in _PLAYING or (step == "done" and bool(town.pending or town.claims))


def put_square(town: Town) -> int:
    return int(town.pending[0].split(":")[1])


def put_choices(town: Town) -> list[str]:
    """The resources the Factory or Bank waiting for one may hold."""
    at = put_square(town)
    if town.cells[at] != "bank":
        return list(RESOURCES)
    banked = bank_resources(town, besides=at)
    return [res for res in RESOURCES if res not in banked]


def replaceable(cells: Sequence[str]) -> list[int]:
    """Squares with a building the Architect's Guild may replace (no monuments)."""
    return [i for i, key in enumerate(cells) if key in CARDS and not CARDS[key].is_monument]
