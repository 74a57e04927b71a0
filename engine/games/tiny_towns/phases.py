"""The phase table: what a seat may do at each moment of the game, its candidate actions, and
why an action of another kind is refused.

Each seat has its own moment (everyone plays a round at once): keeping a monument, naming the
resource (Prospectors), a decision its last building asks for (`town.pending`), choosing a
face-up card (solo), taking the round's resource, building, or answering a claim from
Opaleye's Watch once done. Every candidate list is exact: the checker (checks.py) allows each
candidate and refuses everything else (tests/test_conformance.py checks that they agree).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from engine.core import Message, Phase, msg

from . import rules
from .board import NAMES
from .cards import card_term, resources_list
from .notation import PLACE_ACTIONS, Action, Kind, act
from .state import TinyTownsState, Town

State = TinyTownsState
Candidates = Callable[[State, int], list[Action]]
Refusal = Callable[[State, int, str], Message]
PASS, DONE = Action("pass"), Action("done")
PLACING: frozenset[str] = frozenset({"place", "store", "swap", "aside"})


# -- candidates, in the order `legal_actions` lists them -----------------------------------------


def _keep(state: State, seat: int) -> list[Action]:
    return [act("keep", card=card) for card in state.towns[seat].dealt]


def _name(state: State, seat: int) -> list[Action]:
    return [act("name", resource=res) for res in rules.nameable(state.towns[seat])]


def _choose(state: State, seat: int) -> list[Action]:
    return [act("choose", resource=res) for res in dict.fromkeys(state.face_up)]


def _placing(state: State, seat: int) -> list[Action]:
    """Place the resource (or put it on a cottage by the Statue), store it on a Warehouse,
    swap it with a stored one, or set it aside."""
    town = state.towns[seat]
    offered = rules.offered_resources(state, seat)
    targets = rules.empty_squares(town.cells) + rules.statue_squares(state, seat)
    found = [PLACE_ACTIONS[res][i] for res in offered for i in targets]
    if town.hand is None and "warehouse" in town.cells:
        found += [
            act("store", resource=res, square=i)
            for res in offered
            for i in rules.warehouses_with_room(town)
        ]
        found += [
            act("swap", resource=res, other=other, square=i)
            for res in offered
            for i in rules.stocked_warehouses(town)
            for other in dict.fromkeys(town.held[i])
            if other != res
        ]
    if rules.may_set_aside(state, seat):
        found += [act("aside", resource=res) for res in offered]
    return found


def _builds(state: State, seat: int) -> list[Action]:
    cells = state.towns[seat].cells
    supply = rules.supply_of(cells)
    return [
        act("build", card=card, square=site, squares=placement.squares)
        for card in rules.buildable_cards(state, seat)
        for placement in rules.matches(card, supply)
        for site in rules.sites(cells, card, placement, supply.posts)
    ]


def _adds(state: State, seat: int) -> list[Action]:
    """Free buildings: any on offer (Grove University), else those claimed from the Watch."""
    town = state.towns[seat]
    cards = state.buildings if _top(town) == "university" else town.claims
    empty = rules.empty_squares(town.cells)
    return [
        act("add", card=card, square=i)
        for card in cards
        if rules.may_add(town, card)
        for i in empty
    ]


def _put(state: State, seat: int) -> list[Action]:
    town = state.towns[seat]
    at = rules.put_square(town)
    return [act("put", resource=res, square=at) for res in rules.put_choices(town)]


def _watch(state: State, seat: int) -> list[Action]:
    return [act("watch", cards=trio) for trio in combinations(state.buildings, 3)]


def _replace(state: State, seat: int) -> list[Action]:
    town = state.towns[seat]
    return [
        act("replace", square=i, card=card)
        for i in rules.replaceable(town.cells)
        for card in state.buildings
        if card != town.cells[i] and rules.may_add(town, card, replacing=i)
    ]


def kinds_in_game(state: State) -> list[Kind]:
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


# -- why another kind is refused -----------------------------------------------------------------


def refusal(state: State, seat: int, kind: str) -> Message:
    """Why an action of `kind` does not belong to the seat's moment in a round: what comes
    first."""
    town = state.towns[seat]
    never = _not_in_this_game(state, kind)
    if never:
        return never
    if town.pending:
        return _owed_first(town)
    unasked = _nothing_asked(town, kind)
    if unasked:
        return unasked
    if town.step == "choose":
        return msg(
            "first choose one of the face-up resource cards ({cards})",
            cards=resources_list(state.face_up),
        )
    if town.step == "place":
        if state.source == "choice":
            return msg("first choose a resource and place it (e.g. 'place glass B2')")
        return msg("first take this round's resource: place it (e.g. 'place wood B2')")
    if kind in PLACING or kind == "choose":
        return msg("you have already taken your resource this round")
    if town.step == "done":
        return msg("you are done with this round; only the offer from Opaleye's Watch is open")
    return msg("'{kind}' is not possible at this moment", kind=kind)


def _not_in_this_game(state: State, kind: str) -> Message | None:
    """Why an action that belongs to another moment of the game, or another variant, is refused.

    Checked before "first take this round's resource", which would wrongly suggest that the
    action becomes possible once the resource is placed.
    """
    if kind == "keep":
        return msg("monument cards are kept at the start of the game")
    if kind == "name":
        if not state.options.get("prospectors"):
            return msg(
                "naming the resource belongs to the Prospectors variant, which is not in play"
            )
        return msg("only the hammer holder names a resource, at the start of a round")
    if kind == "choose" and len(state.players) > 1:
        if state.source == "choice":
            return msg(
                "face-up cards belong to the solo game; here choose by placing: 'place glass B2'"
            )
        return msg("picking a face-up card belongs to the solo game")
    return None


#: What the decision a town owes first (`town.pending`) asks for (but `put`: `_owed_first`).
_FIRST: dict[str, Message] = {
    "watch": msg("first put three different buildings on Opaleye's Watch, e.g. 'watch a b c'"),
    "university": msg("first place your free building ('add <building> at <square>') or 'pass'"),
    "guild": msg(
        "first replace buildings with the Architect's Guild ('replace B2 with "
        "<building>') or 'pass'"
    ),
}


def _owed_first(town: Town) -> Message:
    top = _top(town)
    if top != "put":
        return _FIRST[top]
    at = rules.put_square(town)
    return msg(
        "first choose the resource for the {building} on {at}, e.g. 'put wood on {at}'",
        building=card_term(town.cells[at]),
        at=NAMES[at],
    )


_ONLY_WHEN_ASKED: dict[str, Message] = {
    "put": msg("a resource is put only on a Factory or Bank you have just built"),
    "watch": msg("buildings are put on Opaleye's Watch only right after building it"),
    "replace": msg("buildings are replaced only right after building the Architect's Guild"),
    "add": msg(
        "nothing is waiting to be placed: free buildings come from Grove University or "
        "Opaleye's Watch"
    ),
    "pass": msg("nothing is waiting to be declined"),
}


def _nothing_asked(town: Town, kind: str) -> Message | None:
    """Why an answer to an offer or a demand is refused when none is open (checked after the
    pending demands, so a town with an open claim still hears to place its resource first)."""
    if kind in ("add", "pass") and town.claims:
        return None
    return _ONLY_WHEN_ASKED.get(kind)


# -- the table -----------------------------------------------------------------------------------


def _row(
    candidates: Candidates, *kinds: Kind, refused: Message | Refusal = refusal
) -> Phase[State, Action]:
    return Phase(frozenset(kinds), candidates, refused, exact=True)


KEEP = _row(
    _keep, "keep", refused=msg("first keep one of your two monument cards, e.g. 'keep <monument>'")
)
NAME = _row(
    _name,
    "name",
    refused=msg("the hammer holder names this round's resource first, e.g. 'name wood'"),
)
CHOOSE = _row(_choose, "choose")
PLACE = _row(_placing, "place", "store", "swap", "aside")
BUILD = _row(lambda state, seat: [*_builds(state, seat), DONE], "build", "done")
#: Building, with a building from a neighbour waiting on Opaleye's Watch.
BUILD_OR_CLAIM = _row(
    lambda state, seat: [*_builds(state, seat), *_adds(state, seat), PASS, DONE],
    "build",
    "add",
    "pass",
    "done",
)
#: Grove University's free building; or, once done, a claim from Opaleye's Watch.
FREE_BUILDING = _row(lambda state, seat: [*_adds(state, seat), PASS], "add", "pass")
#: What the seat's last building asks for first (`town.pending`).
PENDING: dict[str, Phase[State, Action]] = {
    "put": _row(_put, "put"),
    "watch": _row(_watch, "watch"),
    "university": FREE_BUILDING,
    "guild": _row(lambda state, seat: [*_replace(state, seat), PASS], "replace", "pass"),
}


def _top(town: Town) -> str:
    """The kind of the first decision the town owes (`put`, `watch`, `university`, `guild`),
    or "" when it owes none."""
    return town.pending[0].split(":")[0] if town.pending else ""


def phase_of(state: State, seat: int) -> Phase[State, Action]:
    """The row of the phase table for a seat that is to act."""
    if state.phase == "keep":
        return KEEP
    if state.phase == "name":
        return NAME
    town = state.towns[seat]
    if town.pending:
        return PENDING[_top(town)]
    if town.step == "choose":
        return CHOOSE
    if town.step == "place":
        return PLACE
    if town.step == "build":
        return BUILD_OR_CLAIM if town.claims else BUILD
    return FREE_BUILDING
