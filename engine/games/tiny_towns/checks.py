"""The checker: why an action of a kind the seat's phase accepts is refused now (None if it is
allowed), in one friendly sentence that says what would be right.

The phase table (phases.py) has already refused kinds that do not belong to the moment; every
candidate it lists passes here, and nothing else does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core import Message, Param, chain, comma_chain, msg, plural_msg

from . import rules
from .board import NAMES, PLACEMENTS, names_of
from .cards import CARDS, RESOURCE_LETTERS, card_term, resource_term, resources_list
from .notation import Action
from .state import ASIDE_LIMIT, EMPTY, WAREHOUSE_CAPACITY, TinyTownsState, Town

State = TinyTownsState


def check(state: State, seat: int, action: Action) -> Message | None:
    checker = _CHECKS.get(action.kind)  # `pass` and `done` are always allowed when accepted
    return None if checker is None else checker(state, seat, action, state.towns[seat])


def _keep(state: State, seat: int, action: Action, town: Town) -> Message | None:
    if action.card in town.dealt:
        return None
    return msg(
        "{monument} is not one of your monument cards (keep {cards})",
        monument=card_term(action.card),
        cards=chain([card_term(key) for key in town.dealt], "or"),
    )


def _name(state: State, seat: int, action: Action, town: Town) -> Message | None:
    if action.resource in rules.bank_resources(town):
        return msg(
            "{resource} lies on one of your Banks, so you may not name it",
            resource=resource_term(action.resource),
        )
    return None


def _choose(state: State, seat: int, action: Action, town: Town) -> Message | None:
    if action.resource in state.face_up:
        return None
    return msg(
        "{resource} is not among the face-up cards ({cards})",
        resource=resource_term(action.resource),
        cards=resources_list(state.face_up),
    )


def _taking(state: State, seat: int, action: Action) -> Message | None:
    """Why the seat may not take `action.resource` this way: after a Warehouse swap only the
    resource in hand, and only onto an empty square (house ruling 5)."""
    hand = state.towns[seat].hand
    if hand is not None and (action.kind != "place" or action.resource != hand):
        return msg(
            "you must place the {resource} you took from your Warehouse",
            resource=resource_term(hand),
        )
    if action.resource in rules.offered_resources(state, seat):
        return None
    if state.source == "choice":
        return msg(
            "{resource} lies on one of your Banks, so you may not choose it",
            resource=resource_term(action.resource),
        )
    return msg(
        "this round's resource is {resource}, not {other}",
        resource=resource_term(state.resource or ""),
        other=resource_term(action.resource),
    )


def _place(state: State, seat: int, action: Action, town: Town) -> Message | None:
    wrong = _taking(state, seat, action)
    at = action.square
    if wrong or town.cells[at] == EMPTY or at in rules.statue_squares(state, seat):
        return wrong
    key = town.cells[at]
    if key == "cottage" and "statue" in town.cells:
        if town.held.get(at):
            return msg("the Cottage on {square} already holds a resource", square=NAMES[at])
        return msg(
            "the Statue of the Bondmaker only takes resources you are given, not chosen ones"
        )
    return msg(
        "{square} is not empty (it holds {what}); place on one of {free}",
        square=NAMES[at],
        what=card_term(key) if key in CARDS else resource_term(key),
        free=_list(rules.empty_squares(town.cells)),
    )


def _warehouse(town: Town, at: int) -> Message | None:
    if town.cells[at] == "warehouse":
        return None
    return msg("there is no Warehouse on {square}", square=NAMES[at])


def _store(state: State, seat: int, action: Action, town: Town) -> Message | None:
    wrong = _taking(state, seat, action) or _warehouse(town, action.square)
    if wrong or len(town.held.get(action.square, [])) < WAREHOUSE_CAPACITY:
        return wrong
    return plural_msg(
        "the Warehouse on {square} already holds {count} resources",
        "the Warehouse on {square} already holds {count} resources",
        square=NAMES[action.square],
        count=WAREHOUSE_CAPACITY,
    )


def _swap(state: State, seat: int, action: Action, town: Town) -> Message | None:
    wrong = _taking(state, seat, action) or _warehouse(town, action.square)
    if wrong:
        return wrong
    if action.resource == action.other:
        return msg(
            "swapping {resource} for {other} would change nothing",
            resource=resource_term(action.resource),
            other=resource_term(action.other),
        )
    if action.other not in town.held.get(action.square, []):
        return msg(
            "the Warehouse on {square} holds no {resource}",
            square=NAMES[action.square],
            resource=resource_term(action.other),
        )
    return None


def _aside(state: State, seat: int, action: Action, town: Town) -> Message | None:
    if not state.options.get("more-storage"):
        return msg("setting resources aside belongs to the 'more storage' variant, not in play")
    if len(town.aside) >= ASIDE_LIMIT:
        return plural_msg(
            "you have already set aside {count} resources",
            "you have already set aside {count} resources",
            count=ASIDE_LIMIT,
        )
    return _taking(state, seat, action)


def _build(state: State, seat: int, action: Action, town: Town) -> Message | None:
    card, cells = action.card, town.cells
    name = card_term(card)
    if card not in rules.buildable_cards(state, seat):
        if CARDS[card].is_monument:
            if card != town.monument:
                return msg(
                    "{monument} is not your monument; only your own monument card may be built",
                    monument=name,
                )
            return msg(
                "you have already built {monument}; a monument is built only once", monument=name
            )
        if card in state.buildings:
            return msg(
                "you already have five Banks, and each Bank needs a resource no other one holds"
            )
        return msg(
            "{building} is not on offer in this game (on offer: {offer})",
            building=name,
            offer=comma_chain([card_term(k) for k in state.buildings]),
        )
    shapes = [p for p in PLACEMENTS[card] if p.squares == action.squares]
    used = _list(action.squares)
    if not shapes:
        return msg(
            "{squares} do not have the outline of a {building} "
            "(its shape: {shape}, turned or mirrored as you like)",
            squares=used,
            building=name,
            shape=_shape(card),
        )
    supply = rules.supply_of(cells)
    posts = supply.posts
    if not shapes[0].mask & ~posts:
        return msg("a building needs at least one real resource, not only Trading Posts")
    if not any(p.signature & supply.missing == 0 for p in shapes):
        return msg(
            "the resources on {squares} do not match a {building} "
            "(its shape: {shape}, turned or mirrored as you like)",
            squares=used,
            building=name,
            shape=_shape(card),
        )
    at = action.square
    if at in rules.sites(cells, card, shapes[0], posts):
        return None
    if cells[at] == "trading-post":
        return msg("the Trading Post stays where it is; build on another of the squares used")
    if card == "shed" or "obelisk" in cells:
        return msg(
            "{square} is not empty; this building may go on any empty square", square=NAMES[at]
        )
    return msg(
        "the {building} must go on one of the squares whose resources it uses ({squares})",
        building=name,
        squares=used,
    )


def _put(state: State, seat: int, action: Action, town: Town) -> Message | None:
    at = rules.put_square(town)
    if action.square != at:
        return msg(
            "the building waiting for a resource is the {building} on {square}",
            building=card_term(town.cells[at]),
            square=NAMES[at],
        )
    if town.cells[at] == "bank" and action.resource in rules.bank_resources(town, besides=at):
        return msg(
            "another of your Banks already holds {resource}",
            resource=resource_term(action.resource),
        )
    return None


def _watch(state: State, seat: int, action: Action, town: Town) -> Message | None:
    if len(action.cards) != 3 or len(set(action.cards)) != 3:
        return msg("put exactly three different buildings on Opaleye's Watch")
    missing = [card_term(c) for c in action.cards if c not in state.buildings]
    if missing:
        return msg(
            "{buildings} is not on offer; the Watch takes buildings on offer",
            buildings=comma_chain(missing),
        )
    return None


def _replace(state: State, seat: int, action: Action, town: Town) -> Message | None:
    at, card = action.square, action.card
    old = town.cells[at]
    if old not in CARDS:
        return msg("there is no building on {square} to replace", square=NAMES[at])
    if CARDS[old].is_monument:
        return msg("monuments cannot be replaced")
    if card not in state.buildings:
        return msg("{building} is not a building on offer", building=card_term(card))
    if card == old:
        return msg(
            "{square} already holds a {building}; replace it with another building",
            square=NAMES[at],
            building=card_term(card),
        )
    return None if rules.may_add(town, card, replacing=at) else msg("you already have five Banks")


def _add(state: State, seat: int, action: Action, town: Town) -> Message | None:
    card, at = action.card, action.square
    university = bool(town.pending) and town.pending[0] == "university"
    if university and card not in state.buildings:
        return msg("{building} is not a building on offer", building=card_term(card))
    if not university and card not in town.claims:
        return msg(
            "{building} is not waiting on your Opaleye's Watch (waiting: {waiting})",
            building=card_term(card),
            waiting=", ".join(town.claims),
        )
    if not rules.may_add(town, card):
        return msg("you already have five Banks")
    if town.cells[at] == EMPTY:
        return None
    return msg(
        "{square} is not empty; free buildings go on empty squares ({free})",
        square=NAMES[at],
        free=_list(rules.empty_squares(town.cells)),
    )


_CHECKS: dict[str, Callable[[State, int, Action, Town], Message | None]] = {
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


def _list(squares: Sequence[int]) -> Param:
    return names_of(squares) or msg("none")


def _shape(card: str) -> str:
    return " / ".join(
        " ".join(RESOURCE_LETTERS[cell] if cell else "." for cell in row)
        for row in CARDS[card].shape
    )
