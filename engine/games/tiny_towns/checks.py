"""The checker: why an action of a kind the seat's phase accepts is refused now (None if it is
allowed), in one friendly sentence that says what would be right.

The phase table (phases.py) has already refused kinds that do not belong to the moment; every
candidate it lists passes here, and nothing else does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import rules
from .board import NAMES, PLACEMENTS
from .cards import CARDS, RESOURCE_LETTERS
from .notation import Action
from .state import ASIDE_LIMIT, EMPTY, WAREHOUSE_CAPACITY, TinyTownsState, Town

State = TinyTownsState


def check(state: State, seat: int, action: Action) -> str | None:
    checker = _CHECKS.get(action.kind)  # `pass` and `done` are always allowed when accepted
    return None if checker is None else checker(state, seat, action, state.towns[seat])


def _keep(state: State, seat: int, action: Action, town: Town) -> str | None:
    if action.card in town.dealt:
        return None
    names = " or ".join(CARDS[key].name for key in town.dealt)
    return f"{CARDS[action.card].name} is not one of your monument cards (keep {names})"


def _name(state: State, seat: int, action: Action, town: Town) -> str | None:
    if action.resource in rules.bank_resources(town):
        return f"{action.resource} lies on one of your Banks, so you may not name it"
    return None


def _choose(state: State, seat: int, action: Action, town: Town) -> str | None:
    if action.resource in state.face_up:
        return None
    return f"{action.resource} is not among the face-up cards ({', '.join(state.face_up)})"


def _taking(state: State, seat: int, action: Action) -> str | None:
    """Why the seat may not take `action.resource` this way: after a Warehouse swap only the
    resource in hand, and only onto an empty square (house ruling 5)."""
    hand = state.towns[seat].hand
    if hand is not None and (action.kind != "place" or action.resource != hand):
        return f"you must place the {hand} you took from your Warehouse"
    if action.resource in rules.offered_resources(state, seat):
        return None
    if state.source == "choice":
        return f"{action.resource} lies on one of your Banks, so you may not choose it"
    return f"this round's resource is {state.resource}, not {action.resource}"


def _place(state: State, seat: int, action: Action, town: Town) -> str | None:
    wrong = _taking(state, seat, action)
    at = action.square
    if wrong or town.cells[at] == EMPTY or at in rules.statue_squares(state, seat):
        return wrong
    key = town.cells[at]
    if key == "cottage" and "statue" in town.cells:
        if town.held.get(at):
            return f"the Cottage on {NAMES[at]} already holds a resource"
        return "the Statue of the Bondmaker only takes resources you are given, not chosen ones"
    what = CARDS[key].name if key in CARDS else key
    free = _list(rules.empty_squares(town.cells))
    return f"{NAMES[at]} is not empty (it holds {what}); place on one of {free}"


def _warehouse(town: Town, at: int) -> str | None:
    return None if town.cells[at] == "warehouse" else f"there is no Warehouse on {NAMES[at]}"


def _store(state: State, seat: int, action: Action, town: Town) -> str | None:
    wrong = _taking(state, seat, action) or _warehouse(town, action.square)
    if wrong or len(town.held.get(action.square, [])) < WAREHOUSE_CAPACITY:
        return wrong
    return f"the Warehouse on {NAMES[action.square]} already holds {WAREHOUSE_CAPACITY} resources"


def _swap(state: State, seat: int, action: Action, town: Town) -> str | None:
    wrong = _taking(state, seat, action) or _warehouse(town, action.square)
    if wrong:
        return wrong
    if action.resource == action.other:
        return f"swapping {action.resource} for {action.other} would change nothing"
    if action.other not in town.held.get(action.square, []):
        return f"the Warehouse on {NAMES[action.square]} holds no {action.other}"
    return None


def _aside(state: State, seat: int, action: Action, town: Town) -> str | None:
    if not state.options.get("more-storage"):
        return "setting resources aside belongs to the 'more storage' variant, not in play"
    if len(town.aside) >= ASIDE_LIMIT:
        return f"you have already set aside {ASIDE_LIMIT} resources"
    return _taking(state, seat, action)


def _build(state: State, seat: int, action: Action, town: Town) -> str | None:
    card, cells = action.card, town.cells
    name = CARDS[card].name
    if card not in rules.buildable_cards(state, seat):
        if CARDS[card].is_monument:
            if card != town.monument:
                return f"{name} is not your monument; only your own monument card may be built"
            return f"you have already built {name}; a monument is built only once"
        if card in state.buildings:
            return "you already have five Banks, and each Bank needs a resource no other one holds"
        offer = ", ".join(CARDS[k].name for k in state.buildings)
        return f"{name} is not on offer in this game (on offer: {offer})"
    shapes = [p for p in PLACEMENTS[card] if p.squares == action.squares]
    used = _list(action.squares)
    if not shapes:
        return (
            f"{used} do not have the outline of a {name} "
            f"(its shape: {_shape(card)}, turned or mirrored as you like)"
        )
    supply = rules.supply_of(cells)
    masks, posts = supply.masks, supply.posts
    if not shapes[0].mask & ~posts:
        return "a building needs at least one real resource, not only Trading Posts"
    allowed = [m | posts for m in masks]
    if not any(all(sq & ~allowed[r] == 0 for r, sq in p.needs) for p in shapes):
        return (
            f"the resources on {used} do not match a {name} "
            f"(its shape: {_shape(card)}, turned or mirrored as you like)"
        )
    at = action.square
    if at in rules.sites(cells, card, shapes[0], posts):
        return None
    if cells[at] == "trading-post":
        return "the Trading Post stays where it is; build on another of the squares used"
    if card == "shed" or "obelisk" in cells:
        return f"{NAMES[at]} is not empty; this building may go on any empty square"
    return f"the {name} must go on one of the squares whose resources it uses ({used})"


def _put(state: State, seat: int, action: Action, town: Town) -> str | None:
    at = rules.put_square(town)
    if action.square != at:
        waiting = CARDS[town.cells[at]].name
        return f"the building waiting for a resource is the {waiting} on {NAMES[at]}"
    if town.cells[at] == "bank" and action.resource in rules.bank_resources(town, besides=at):
        return f"another of your Banks already holds {action.resource}"
    return None


def _watch(state: State, seat: int, action: Action, town: Town) -> str | None:
    if len(action.cards) != 3 or len(set(action.cards)) != 3:
        return "put exactly three different buildings on Opaleye's Watch"
    missing = [CARDS[c].name for c in action.cards if c not in state.buildings]
    if missing:
        return f"{', '.join(missing)} is not on offer; the Watch takes buildings on offer"
    return None


def _replace(state: State, seat: int, action: Action, town: Town) -> str | None:
    at, card = action.square, action.card
    old = town.cells[at]
    if old not in CARDS:
        return f"there is no building on {NAMES[at]} to replace"
    if CARDS[old].is_monument:
        return "monuments cannot be replaced"
    if card not in state.buildings:
        return f"{CARDS[card].name} is not a building on offer"
    if card == old:
        return f"{NAMES[at]} already holds a {CARDS[card].name}; replace it with another building"
    return None if rules.may_add(town, card, replacing=at) else "you already have five Banks"


def _add(state: State, seat: int, action: Action, town: Town) -> str | None:
    card, at = action.card, action.square
    university = bool(town.pending) and town.pending[0] == "university"
    if university and card not in state.buildings:
        return f"{CARDS[card].name} is not a building on offer"
    if not university and card not in town.claims:
        waiting = ", ".join(town.claims)
        return f"{CARDS[card].name} is not waiting on your Opaleye's Watch (waiting: {waiting})"
    if not rules.may_add(town, card):
        return "you already have five Banks"
    if town.cells[at] == EMPTY:
        return None
    free = _list(rules.empty_squares(town.cells))
    return f"{NAMES[at]} is not empty; free buildings go on empty squares ({free})"


_CHECKS: dict[str, Callable[[State, int, Action, Town], str | None]] = {
    "keep": _keep,
    "name": _name,
    "choose": _choose,
    "place": _place,
    "store": _store,
    "swap": _swap,
    "aside": _aside,
    "build": _build,
    "put": _put,
    "watch": _watch,
    "replace": _replace,
    "add": _add,
}


def _list(squares: Sequence[int]) -> str:
    return " ".join(NAMES[i] for i in sorted(squares, key=lambda i: NAMES[i])) or "none"


def _shape(card: str) -> str:
    return " / ".join(
        " ".join(RESOURCE_LETTERS[cell] if cell else "." for cell in row)
        for row in CARDS[card].shape
    )
