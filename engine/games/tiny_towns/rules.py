"""What a seat may do now: the action kinds open to it and every legal text of each kind.

`kinds` is cheap; `texts` lists the canonical texts of one kind. An action is legal exactly
when its canonical text is among `texts` of its kind, so `legal_actions` and `apply` can never
disagree.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from .board import NAMES, PLACEMENTS, SHAPE_COUNTS, SQUARES, Placement, needs_signature
from .cards import CARDS, RESOURCES
from .notation import Kind, build_text
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
    return [i for i in range(SQUARES) if cells[i] == EMPTY]


def has_empty(cells: Sequence[str]) -> bool:
    return EMPTY in cells


def squares_of(cells: Sequence[str], key: str) -> list[int]:
    return [i for i in range(SQUARES) if cells[i] == key]


def bank_resources(town: Town, besides: int | None = None) -> set[str]:
    """The resources lying on the town's Banks (except the Bank on `besides`)."""
    return {
        res for i in squares_of(town.cells, "bank") if i != besides for res in town.held.get(i, [])
    }


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
        banked = bank_resources(town)
        return tuple(res for res in RESOURCES if res not in banked)
    resource = state.resource
    if resource is None:
        return ()
    if is_given(state, seat) and any(
        town.held.get(i) == [resource] for i in squares_of(town.cells, "factory")
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


def resource_masks(cells: Sequence[str]) -> tuple[list[int], int]:
    """Per resource, the bit mask of squares holding it; and the mask of Trading Posts."""
    masks = [0] * len(RESOURCES)
    posts = 0
    for i, key in enumerate(cells):
        index = _RESOURCE_INDEX.get(key)
        if index is not None:
            masks[index] |= 1 << i
        elif key == "trading-post":
            posts |= 1 << i
    return masks, posts


def matches(card: str, masks: Sequence[int], posts: int) -> Iterator[Placement]:
    """The placements of `card`'s shape whose squares hold the resources it needs.

    A Trading Post stands in for any resource, but a shape needs at least one real resource.
    """
    wild = posts.bit_count()
    for index, need in enumerate(SHAPE_COUNTS[card]):
        if need > masks[index].bit_count() + wild:
            return
    missing = ~needs_signature([mask | posts for mask in masks])
    for placement in PLACEMENTS[card]:
        if placement.signature & missing == 0 and placement.mask & ~posts:
            yield placement


def sites(cells: Sequence[str], card: str, placement: Placement, posts: int) -> list[int]:
    """Where the new building may stand: on a square it used, Trading Posts excepted; a Shed,
    or any building once the Obelisk stands, on any square that is empty after building."""
    freed = placement.mask & ~posts
    if card == "shed" or "obelisk" in cells:
        return [i for i in range(SQUARES) if cells[i] == EMPTY or freed >> i & 1]
    return [i for i in placement.squares if freed >> i & 1]


def build_texts(state: TinyTownsState, seat: int) -> list[str]:
    cells = state.towns[seat].cells
    masks, posts = resource_masks(cells)
    texts = []
    for card in buildable_cards(state, seat):
        for placement in matches(card, masks, posts):
            for site in sites(cells, card, placement, posts):
                texts.append(build_text(card, site, placement.squares))
    return texts


def can_build(state: TinyTownsState, seat: int) -> bool:
    masks, posts = resource_masks(state.towns[seat].cells)
    return any(
        next(matches(card, masks, posts), None) is not None for card in buildable_cards(state, seat)
    )


# -- what a seat may do now ----------------------------------------------------------------------


def to_act(state: TinyTownsState) -> frozenset[int]:
    if state.phase == "over":
        return frozenset()
    if state.phase == "name":
        return frozenset() if state.hammer is None else frozenset({state.hammer})
    return frozenset(seat for seat, town in enumerate(state.towns) if owes_action(town))


def owes_action(town: Town) -> bool:
    if not town.active:
        return False
    return town.step not in ("done", "finished") or bool(town.pending or town.claims)


def kinds_in_game(state: TinyTownsState) -> list[Kind]:
    """The kinds of action this game can have at all, from its options and the buildings on
    offer — what a notation error lists. Monuments count as a whole: which one a player
    holds is secret (and another's Opaleye's Watch may offer anyone a free building)."""
    found: list[Kind] = ["place", "build", "done"]
    if "warehouse" in state.buildings:
        found += ["store", "swap"]
    if state.options.get("more-storage"):
        found.append("aside")
    if "factory" in state.buildings or "bank" in state.buildings:
        found.append("put")
    if state.options.get("monuments"):
        found += ["keep", "watch", "replace", "add", "pass"]
    if state.options.get("prospectors"):
        found.append("name")
    if len(state.players) == 1:
        found.append("choose")
    return found


def kinds(state: TinyTownsState, seat: int) -> list[Kind]:
    """The kinds of action open to the seat now (empty if it is not to act)."""
    if seat not in to_act(state):
        return []
    if state.phase == "keep":
        return ["keep"]
    if state.phase == "name":
        return ["name"]
    town = state.towns[seat]
    if town.pending:
        top = town.pending[0]
        if top.startswith("put:"):
            return ["put"]
        if top == "watch":
            return ["watch"]
        return ["add", "pass"] if top == "university" else ["replace", "pass"]
    if town.step == "choose":
        return ["choose"]
    if town.step == "place":
        found: list[Kind] = ["place"]
        if town.hand is None and warehouses_with_room(town):
            found.append("store")
        if town.hand is None and stocked_warehouses(town):
            found.append("swap")
        if may_set_aside(state, seat):
            found.append("aside")
        return found
    claims: list[Kind] = ["add", "pass"] if town.claims else []
    if town.step == "build":
        return ["build", *claims, "done"]
    return claims


def texts(state: TinyTownsState, seat: int, kind: Kind) -> list[str]:
    """Every legal text of one kind for the seat (assuming `kind` is in `kinds`)."""
    town = state.towns[seat]
    cells = town.cells
    empty = empty_squares(cells)
    if kind == "keep":
        return [f"keep {card}" for card in town.dealt]
    if kind == "name":
        banked = bank_resources(town)
        return [f"name {res}" for res in RESOURCES if res not in banked]
    if kind == "choose":
        return [f"choose {res}" for res in dict.fromkeys(state.face_up)]
    if kind == "place":
        targets = [*empty, *statue_squares(state, seat)]
        return [
            f"place {res} {NAMES[i]}" for res in offered_resources(state, seat) for i in targets
        ]
    if kind == "store":
        return [
            f"store {res} on {NAMES[i]}"
            for res in offered_resources(state, seat)
            for i in warehouses_with_room(town)
        ]
    if kind == "swap":
        return [
            f"swap {res} for {other} on {NAMES[i]}"
            for res in offered_resources(state, seat)
            for i in stocked_warehouses(town)
            for other in dict.fromkeys(town.held[i])
            if other != res
        ]
    if kind == "aside":
        return [f"aside {res}" for res in offered_resources(state, seat)]
    if kind == "build":
        return build_texts(state, seat)
    if kind == "put":
        where = NAMES[put_square(town)]
        return [f"put {res} on {where}" for res in put_choices(town)]
    if kind == "watch":
        return ["watch " + " ".join(trio) for trio in combinations(state.buildings, 3)]
    if kind == "replace":
        return [
            f"replace {NAMES[i]} with {card}"
            for i in replaceable(cells)
            for card in state.buildings
            if card != cells[i] and may_add(town, card, replacing=i)
        ]
    if kind == "add":
        cards = state.buildings if town.pending and town.pending[0] == "university" else town.claims
        return [f"add {card} at {NAMES[i]}" for card in cards if may_add(town, card) for i in empty]
    return [kind]  # pass, done


def legal(state: TinyTownsState, seat: int) -> list[str]:
    return [text for kind in kinds(state, seat) for text in texts(state, seat, kind)]


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
