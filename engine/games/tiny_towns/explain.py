"""Why an action the rules refuse is refused: one friendly sentence saying what would be right.

Only called once `rules` has found the action illegal, so every branch may assume that.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import NAMES, PLACEMENTS
from .cards import CARDS, RESOURCE_LETTERS
from .notation import Action, Kind
from .rules import (
    bank_resources,
    buildable_cards,
    empty_squares,
    may_add,
    offered_resources,
    put_square,
    resource_masks,
    statue_squares,
)
from .state import ASIDE_LIMIT, WAREHOUSE_CAPACITY, TinyTownsState, Town

_PLACING: frozenset[Kind] = frozenset({"place", "store", "swap", "aside"})


def why_illegal(
    state: TinyTownsState, seat: int, action: Action, open_kinds: Sequence[Kind]
) -> str:
    town = state.towns[seat]
    placing = town.step == "place" and not town.pending and action.kind in _PLACING
    if action.kind not in open_kinds and not (placing and state.phase == "play"):
        return _wrong_moment(state, seat, action.kind)
    reason = _REASONS[action.kind](state, seat, action, town)
    return reason or "that is not possible right now; /legal lists what is"


def _wrong_moment(state: TinyTownsState, seat: int, kind: Kind) -> str:
    town = state.towns[seat]
    if state.phase == "keep":
        return "first keep one of your two monument cards, e.g. 'keep <monument>'"
    if state.phase == "name":
        return "the hammer holder names this round's resource first, e.g. 'name wood'"
    never = _not_in_this_game(state, kind)
    if never:
        return never
    if town.pending:
        top = town.pending[0]
        if top.startswith("put:"):
            at = put_square(town)
            return (
                f"first choose the resource for the {CARDS[town.cells[at]].name} on {NAMES[at]}, "
                f"e.g. 'put wood on {NAMES[at]}'"
            )
        if top == "watch":
            return "first put three different buildings on Opaleye's Watch, e.g. 'watch a b c'"
        if top == "university":
            return "first place your free building ('add <building> at <square>') or 'pass'"
        return (
            "first replace buildings with the Architect's Guild "
            "('replace B2 with <building>') or 'pass'"
        )
    unasked = _nothing_asked(town, kind)
    if unasked:
        return unasked
    if town.step == "choose":
        return f"first choose one of the face-up resource cards ({', '.join(state.face_up)})"
    if town.step == "place":
        if state.source == "choice":
            return "first choose a resource and place it (e.g. 'place glass B2')"
        return "first take this round's resource: place it (e.g. 'place wood B2')"
    if kind in _PLACING or kind == "choose":
        return "you have already taken your resource this round"
    if town.step == "done":
        return "you are done with this round; only the offer from Opaleye's Watch is open"
    return f"'{kind}' is not possible at this moment"


def _not_in_this_game(state: TinyTownsState, kind: Kind) -> str | None:
    """Why an action that belongs to another moment of the game, or another variant, is refused.

    Checked before "first take this round's resource", which would wrongly suggest that the
    action becomes possible once the resource is placed.
    """
    if kind == "keep":
        return "monument cards are kept at the start of the game"
    if kind == "name":
        if not state.options.get("prospectors"):
            return "naming the resource belongs to the Prospectors variant, which is not in play"
        return "only the hammer holder names a resource, at the start of a round"
    if kind == "choose" and len(state.players) > 1:
        if state.source == "choice":
            return "face-up cards belong to the solo game; here choose by placing: 'place glass B2'"
        return "picking a face-up card belongs to the solo game"
    return None


_ONLY_WHEN_ASKED: dict[Kind, str] = {
    "put": "a resource is put only on a Factory or Bank you have just built",
    "watch": "buildings are put on Opaleye's Watch only right after building it",
    "replace": "buildings are replaced only right after building the Architect's Guild",
    "add": "nothing is waiting to be placed: free buildings come from Grove University or "
    "Opaleye's Watch",
    "pass": "nothing is waiting to be declined",
}


def _nothing_asked(town: Town, kind: Kind) -> str | None:
    """Why an answer to an offer or a demand is refused when none is open (checked after the
    pending demands, so a town with an open claim still hears to place its resource first)."""
    if kind in ("add", "pass") and town.claims:
        return None
    return _ONLY_WHEN_ASKED.get(kind)


def _keep(state: TinyTownsState, seat: int, action: Action, town: Town) -> str:
    names = " or ".join(CARDS[key].name for key in town.dealt)
    return f"{CARDS[action.card or ''].name} is not one of your monument cards (keep {names})"


def _name(state: TinyTownsState, seat: int, action: Action, town: Town) -> str:
    return f"{action.resource} lies on one of your Banks, so you may not name it"


def _choose(state: TinyTownsState, seat: int, action: Action, town: Town) -> str:
    return f"{action.resource} is not among the face-up cards ({', '.join(state.face_up)})"


def _resource_reason(state: TinyTownsState, seat: int, resource: str | None) -> str | None:
    offered = offered_resources(state, seat)
    if resource in offered:
        return None
    if state.towns[seat].hand is not None:
        return f"you must place the {state.towns[seat].hand} you took from your Warehouse"
    if state.source == "choice":
        return f"{resource} lies on one of your Banks, so you may not choose it"
    return f"this round's resource is {state.resource}, not {resource}"


def _place(state: TinyTownsState, seat: int, action: Action, town: Town) -> str | None:
    wrong = _resource_reason(state, seat, action.resource)
    if wrong:
        return wrong
    at = action.square if action.square is not None else 0
    key = town.cells[at]
    if key == "cottage" and "statue" in town.cells:
        if town.held.get(at):
            return f"the Cottage on {NAMES[at]} already holds a resource"
        if at not in statue_squares(state, seat):
            return "the Statue of the Bondmaker only takes resources you are given, not chosen ones"
    what = CARDS[key].name if key in CARDS else key
    free = _list(empty_squares(town.cells))
    return f"{NAMES[at]} is not empty (it holds {what}); place on one of {free}"


def _warehouse(town: Town, at: int | None) -> str | None:
    if at is None or town.cells[at] != "warehouse":
        where = NAMES[at] if at is not None else "that square"
        return f"there is no Warehouse on {where}"
    return None


def _store(state: TinyTownsState, seat: int, action: Action, town: Town) -> str | None:
    wrong = _resource_reason(state, seat, action.resource) or _warehouse(town, action.square)
    if wrong:
        return wrong
    return (
        f"the Warehouse on {NAMES[action.square or 0]} already holds {WAREHOUSE_CAPACITY} resources"
    )


def _swap(state: TinyTownsState, seat: int, action: Action, town: Town) -> str | None:
    wrong = _resource_reason(state, seat, action.resource) or _warehouse(town, action.square)
    if wrong:
        return wrong
    if action.resource == action.other:
        return f"swapping {action.resource} for {action.other} would change nothing"
    return f"the Warehouse on {NAMES[action.square or 0]} holds no {action.other}"


def _aside(state: TinyTownsState, seat: int, action: Action, town: Town) -> str | None:
    if not state.options.get("more-storage"):
        return "setting resources aside belongs to the 'more storage' variant, not in play"
    if len(town.aside) >= ASIDE_LIMIT:
        return f"you have already set aside {ASIDE_LIMIT} resources"
    return _resource_reason(state, seat, action.resource)


def _build(state: TinyTownsState, seat: int, action: Action, town: Town) -> str | None:
    card = action.card or ""
    name = CARDS[card].name
    if card not in buildable_cards(state, seat):
        if CARDS[card].is_monument:
            if card != town.monument:
                return f"{name} is not your monument; only your own monument card may be built"
            return f"you have already built {name}; a monument is built only once"
        if card in state.buildings and not may_add(town, card):
            return "you already have five Banks, and each Bank needs a resource no other one holds"
        offer = ", ".join(CARDS[k].name for k in state.buildings)
        return f"{name} is not on offer in this game (on offer: {offer})"
    outline = frozenset(action.squares)
    shapes = [p for p in PLACEMENTS[card] if frozenset(p.squares) == outline]
    if not shapes:
        return (
            f"{_list(action.squares)} do not have the outline of a {name} "
            f"(its shape: {_shape(card)}, turned or mirrored as you like)"
        )
    masks, posts = resource_masks(town.cells)
    if not any(p.mask & ~posts for p in shapes):
        return "a building needs at least one real resource, not only Trading Posts"
    allowed = [m | posts for m in masks]
    if not any(all(sq & ~allowed[r] == 0 for r, sq in p.needs) for p in shapes):
        return (
            f"the resources on {_list(action.squares)} do not match a {name} "
            f"(its shape: {_shape(card)}, turned or mirrored as you like)"
        )
    at = action.square if action.square is not None else 0
    if town.cells[at] == "trading-post":
        return "the Trading Post stays where it is; build on another of the squares used"
    if card == "shed" or "obelisk" in town.cells:
        return f"{NAMES[at]} is not empty; this building may go on any empty square"
    used = _list(action.squares)
    return f"the {name} must go on one of the squares whose resources it uses ({used})"


def _put(state: TinyTownsState, seat: int, action: Action, town: Town) -> str | None:
    at = put_square(town)
    if action.square != at:
        waiting = CARDS[town.cells[at]].name
        return f"the building waiting for a resource is the {waiting} on {NAMES[at]}"
    if action.resource in bank_resources(town, besides=at):
        return f"another of your Banks already holds {action.resource}"
    return None


def _watch(state: TinyTownsState, seat: int, action: Action, town: Town) -> str | None:
    if len(action.cards) != 3 or len(set(action.cards)) != 3:
        return "put exactly three different buildings on Opaleye's Watch"
    missing = [CARDS[c].name for c in action.cards if c not in state.buildings]
    if missing:
        return f"{', '.join(missing)} is not on offer; the Watch takes buildings on offer"
    return None


def _replace(state: TinyTownsState, seat: int, action: Action, town: Town) -> str | None:
    at = action.square if action.square is not None else 0
    card = action.card or ""
    old = town.cells[at]
    if old not in CARDS:
        return f"there is no building on {NAMES[at]} to replace"
    if CARDS[old].is_monument:
        return "monuments cannot be replaced"
    if card not in state.buildings:
        return f"{CARDS[card].name} is not a building on offer"
    if card == old:
        return f"{NAMES[at]} already holds a {CARDS[card].name}; replace it with another building"
    return "you already have five Banks" if not may_add(town, card, replacing=at) else None


def _add(state: TinyTownsState, seat: int, action: Action, town: Town) -> str | None:
    card = action.card or ""
    university = bool(town.pending) and town.pending[0] == "university"
    if university and card not in state.buildings:
        return f"{CARDS[card].name} is not a building on offer"
    if not university and card not in town.claims:
        waiting = ", ".join(town.claims)
        return f"{CARDS[card].name} is not waiting on your Opaleye's Watch (waiting: {waiting})"
    if not may_add(town, card):
        return "you already have five Banks"
    at = action.square if action.square is not None else 0
    free = _list(empty_squares(town.cells))
    return f"{NAMES[at]} is not empty; free buildings go on empty squares ({free})"


def _always(state: TinyTownsState, seat: int, action: Action, town: Town) -> str | None:
    return None


_REASONS = {
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
    "pass": _always,
    "done": _always,
}


def _list(squares: Sequence[int]) -> str:
    return " ".join(NAMES[i] for i in sorted(squares, key=lambda i: NAMES[i])) or "none"


def _shape(card: str) -> str:
    return " / ".join(
        " ".join(RESOURCE_LETTERS[cell] if cell else "." for cell in row)
        for row in CARDS[card].shape
    )
