"""The phase table: for each phase (and, in a round, each step of a turn) the action kinds a
seat may play, its candidate actions in the order `legal_actions` lists them, and why any
other kind is refused.

Every row's candidates are exact: candidates that cannot pass are not tried at all — a hex
of the home terrain is never offered shovels, a bridge spot touching none of the seat's
buildings is skipped, a family whose shared part fails (a power action not available, no
bridge left) is skipped whole — and of the others the `Checker` is asked only what the
listing does not know already: on the free land in reach (`Checker.free_reach`) the price,
settled once per number of shovels a spot needs; of a free bridge spot touching the seat's
buildings (`Checker.open_bridges`) nothing more; of the seat's house, whether it can pay a
trading post (`Checker.can_pay_post`); everything else is checked candidate by candidate.
The two-hex form of `power 2shovels` is built from the checks of its single hexes (the pair
adds only the cost of a house). `tests/test_conformance.py` checks that the checker allows
every listed action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

from engine.core import Message, Phase, msg

from . import rules
from .actions import KINDS, Action, Kind
from .board import Side, board
from .checks import CHOOSE_TOWN_FIRST, Checker
from .factions import FACTIONS, PALACE_COST, SHOVEL_COST
from .state import FREE, HOUSE, TRADING_POST, TerraNovaState
from .terrain import LETTER_OF, terrain_term

State = TerraNovaState
Candidates = Callable[[State, int], list[Action]]
#: Actions of one form by hex (`on_hexes`).
Hexed = tuple[Action, ...]

NEUTRAL_ONLY = msg("neutral houses are set only when the 2-player variants call for them")
DONE_AT_ROUND_END = msg("'done' only finishes your power exchanges at the end of a round")
SETUP_OVER = msg("the set-up is over")
ACTED = msg("you have taken your action this turn; only exchanges may follow")
#: The kinds a round's turn is made of: all but the set-up's and the round end's (which of
#: them each step of a turn accepts: the rows below).
ROUND_KINDS = frozenset(KINDS) - {"neutral", "choose", "take", "done"}


def checker(state: State, seat: int) -> Checker:
    return Checker(board(state.side), state, seat)


@cache
def on_hexes(side: Side, kind: Kind, word: str = "", build: bool = False) -> tuple[Action, ...]:
    """Per hex of the board side, the action `<kind> <hex> [<word>]` (`build`: with a house
    on that hex; a keyed action's word is its key), made once: listing hands them out."""
    words = (word,) if word else ()
    return tuple(
        Action(kind, (h,), words, build=h if build else None, side=side)
        for h in range(len(board(side)))
    )


@cache
def _worded(side: Side, kind: Kind, word: str) -> Action:
    """`<kind> <word>` (a faction, a tile), made once."""
    return Action(kind, words=(word,), side=side)


# -- set-up ---------------------------------------------------------------------------------


def _neutral_houses(state: State, seat: int) -> list[Action]:
    check, side = checker(state, seat), state.side
    return [
        Action("neutral", (h,), side=side)
        for h in sorted(check.board.marked)
        if check.neutral_house(h) is None
    ]


def _factions(state: State, seat: int) -> list[Action]:
    check, side = checker(state, seat), state.side
    return [_worded(side, "choose", f.key) for f in FACTIONS if check.choose(f.key) is None]


def _starting_houses(state: State, seat: int) -> list[Action]:
    check, side = checker(state, seat), state.side
    home, builds = check.home_letter, on_hexes(side, "build")
    return [
        builds[h]
        for h in check.board.land()
        if state.terrain[h] == home and check.start_house(h) is None  # (others fail its first test)
    ]


def _bonus_tiles(state: State, seat: int) -> list[Action]:
    return [_worded(state.side, "take", key) for key in sorted(state.offer)]


# -- rounds ---------------------------------------------------------------------------------


def _exchanges(state: State, seat: int) -> tuple[Action, ...]:
    player = state.seats[seat]
    return _exchanges_of(state.side, player.bowls[2], player.faction == "druids")


@cache
def _exchanges_of(side: Side, power: int, druids: bool) -> tuple[Action, ...]:
    """`exchange 1` … `exchange <power>`, and the Druids' `exchange 3 vp`, `6 vp` …"""
    found = [Action("exchange", number=n, side=side) for n in range(1, power + 1)]
    if druids:
        found += [
            Action("exchange", words=("vp",), number=n, side=side) for n in range(3, power + 1, 3)
        ]
    return tuple(found)


def _round_end(state: State, seat: int) -> list[Action]:
    return [*_exchanges(state, seat), Action("done", side=state.side)]


def _town_tiles(state: State, seat: int) -> list[Action]:
    side = state.side
    tiles = [_worded(side, "town", key) for key in state.seats[seat].towns_left]
    return [*tiles, *_exchanges(state, seat)]


def _after_the_action(state: State, seat: int) -> list[Action]:
    return [*_river_towns(checker(state, seat)), *_exchanges(state, seat)]


def _turn(state: State, seat: int) -> list[Action]:
    check = checker(state, seat)
    return [*_main_actions(check), *_river_towns(check), *_exchanges(state, seat)]


def _river_towns(check: Checker) -> list[Action]:
    """The Sea Dogs' `town across …`: river hexes next to their buildings outside towns,
    across which those buildings would make a town."""
    if check.player.faction != "sea-dogs" or not check.town_outside:
        return []
    land, neighbours = check.board.terrain, check.board.neighbours
    shores = {
        n for group in check.outside_groups for h in group for n in neighbours[h] if land[n] is None
    }
    return [
        Action("town", (r,), ("across",), side=check.s.side)
        for r in sorted(shores)
        if check.river_town(r) is None
    ]


def _main_actions(check: Checker) -> list[Action]:
    """A turn's legal actions: on the free land in reach, upgrades, sailing, bridges, power
    and special actions, passes."""
    s, side = check.s, check.s.side
    found = [*_on_spots(check), *_upgrades(check)]
    if check.sail() is None:
        found.append(Action("sail", side=side))
    if check.bridge_left() is None:
        found += [Action("bridge", spot, side=side) for spot in check.open_bridges]
    found += _power_actions(check)
    found += _special_actions(check)
    found += [_worded(side, "pass", key) for key in sorted(s.offer)]
    return found


def _on_spots(check: Checker) -> list[Action]:
    """`build H`, `transform H` and `transform H build` on the free land in reach, by hex.

    A spot is free land in reach, so what is left of Checker.build on one of the home
    terrain, and of Checker.transform on another, is the cost: it depends only on the
    shovels the spot needs (0 on the home terrain), so the actions each number of shovels
    offers are settled once, and each spot just looks them up."""
    side, terrain, needs = check.s.side, check.s.terrain, check.shovels_from
    transforms, built = on_hexes(side, "transform"), on_hexes(side, "transform", "build")
    offers = _offers(check, 0, transforms, built)
    offers[0] = (on_hexes(side, "build"),) if check.can_afford(0, then_build=True) else ()
    return [table[h] for h in check.free_reach for table in offers[needs[terrain[h]]]]


def _upgrades(check: Checker) -> list[Action]:
    """Every legal `upgrade …`, by hex: a house the seat can pay a trading post for (one
    being left), a trading post's palaces (no palace without money for it)."""
    building, upgrades = check.s.building, on_hexes(check.s.side, "upgrade", "tp")
    posts = check.posts_left > 0
    found: list[Action] = []
    for h in check.mine:
        if building[h] == HOUSE and posts and check.can_pay_post(h):
            found.append(upgrades[h])
        if building[h] == TRADING_POST and check.player.money >= PALACE_COST:
            found += _palaces(check, h)
    return found


def _palaces(check: Checker, post: int) -> list[Action]:
    """The palaces the trading post on `post` may become (the Fire Sprites' left palace once
    for every free edge hex its free house may take; other factions name no hex)."""
    found: list[Action] = []
    side = check.s.side
    edge_house = check.faction.left.ability == "edge-house"
    for palace in ("left", "right"):
        words = ("palace", palace)
        edges = check.edge_hexes if palace == "left" and edge_house else []
        if edges and check.upgrade(post, words, edges[0]) is None:
            found += [Action("upgrade", (post, edge), words, side=side) for edge in edges]
        elif check.upgrade(post, words) is None:
            found.append(Action("upgrade", (post,), words, side=side))
    return found


def _shovelled(check: Checker, kind: Kind, key: str, free: int) -> list[Action]:
    """`<kind> <key> H` and `… H build` for every spot shovels can change, `free` shovels
    free: such a spot is free land in reach, so what is left of its check
    (Checker.free_shovel, Checker.two_shovels) is the cost."""
    side = check.s.side
    offers = _offers(check, free, on_hexes(side, kind, key), on_hexes(side, kind, key, True))
    return [table[h] for h, shovels in check.to_transform for table in offers[shovels]]


def _offers(
    check: Checker, free: int, plain: Hexed, with_house: Hexed
) -> dict[int, tuple[Hexed, ...]]:
    """Per number of shovels a spot needs (1 or 2), the actions (by hex) that the seat can
    pay for on such a spot, `free` shovels free: none, `plain`, or `plain` and `with_house`
    (who can pay for the shovels and a house can pay for the shovels)."""
    found: dict[int, tuple[Hexed, ...]] = {}
    for shovels in (1, 2):
        cost = max(shovels - free, 0) * SHOVEL_COST
        if check.can_afford(cost, then_build=True):
            found[shovels] = (plain, with_house)
        else:
            found[shovels] = (plain,) if check.can_afford(cost, then_build=False) else ()
    return found


def _power_actions(check: Checker) -> list[Action]:
    """Every legal `power …`: the board's six in their order, then the palaces' two."""
    s, side, power = check.s, check.s.side, check.player.bowls[2]
    found: list[Action] = []
    available = [  # (what Checker.power_available asks of a board action)
        key
        for key, cost in rules.board_power_costs(check.player.faction).items()
        if power >= cost and key not in s.power_used
    ]
    for key in available:
        if key in ("7money", "sail"):
            if check.power_use(key, (), None) is None:
                found.append(Action("power", (), (key,), side=side))
        elif key in ("bridge3", "bridge4"):
            if check.bridge_left(paid=False) is None:
                found += [Action("power", spot, (key,), side=side) for spot in check.open_bridges]
        else:
            found += _shovelled(check, "power", key, 1 if key == "shovel" else 2)
    if "2shovels" in available:
        found += _two_shovel_pairs(check, [h for h, shovels in check.to_transform if shovels == 1])
    if not check.player.palaces:
        return found  # (the other two are palace actions)
    if check.power_available("fairy") is None:
        found += _shovelled(check, "power", "fairy", free=1)
    if check.power_available("tp") is None:
        for h in check.free_reach:
            if check.inventor_post((h,), None) is None:
                found.append(Action("power", (h,), ("tp",), side=side))
    return found


def _two_shovel_pairs(check: Checker, ones: list[int]) -> list[Action]:
    """`power 2shovels A B [build]` for every two spots needing one shovel each: each such
    spot passes the check alone, so a pair is legal, and its house if one can be paid."""
    side, key = check.s.side, ("2shovels",)
    house = check.can_afford(0, then_build=True)
    found: list[Action] = []
    for i, a in enumerate(ones):
        for b in ones[i + 1 :]:
            found.append(Action("power", (a, b), key, side=side))
            if house:
                found.append(Action("power", (a, b), key, build=a, side=side))
                found.append(Action("power", (a, b), key, build=b, side=side))
    return found


def _special_actions(check: Checker) -> list[Action]:
    """Every legal `special …`: the bonus tile's shovel, then the palaces' three."""
    s, side, land = check.s, check.s.side, check.board.land()
    found: list[Action] = []

    def special(key: str, hexes: Iterable[int], builds: bool) -> None:
        for h in hexes:
            for build in (None, h) if builds else (None,):
                if check.special_use(key, (h,), build) is None:
                    found.append(Action("special", (h,), (key,), build=build, side=side))

    if check.special_available("shovel") is None:
        found += _shovelled(check, "special", "shovel", free=1)
    if not check.player.palaces:
        return found  # (the other three are palace actions)
    if check.special_available("lake") is None:
        lake = LETTER_OF["lake"]
        lakes = [h for h in land if s.terrain[h] == lake and s.owner[h] == FREE]
        special("lake", lakes, builds=False)
    if check.special_available("tp") is None:
        special("tp", check.mine, builds=False)
    if check.special_available("continent") is None:  # (free land next to the seat's buildings)
        near = {n for h in check.mine for n in check.board.land_neighbours[h] if s.owner[n] == FREE}
        special("continent", sorted(near), builds=True)
    return found


# -- the table ------------------------------------------------------------------------------


def _refuse_in_round(state: State, seat: int, kind: str) -> Message:
    if kind == "neutral":
        return NEUTRAL_ONLY
    if kind == "done":
        return DONE_AT_ROUND_END
    if kind in ("choose", "take"):
        return SETUP_OVER
    return CHOOSE_TOWN_FIRST if state.seats[seat].towns_to_choose else ACTED


def _refuse(text: Message) -> Callable[[State, int, str], Message]:
    """A set-up step's refusal: `text`, or that neutral houses come only with the variants."""
    return lambda state, seat, kind: NEUTRAL_ONLY if kind == "neutral" else text


def _one(
    kind: str, candidates: Candidates, refusal: Callable[[State, int, str], Message]
) -> Phase[State, Action]:
    return Phase(frozenset({kind}), candidates, refusal, exact=True)


PHASES: dict[str, Phase[State, Action]] = {
    "neutral": _one(
        "neutral",
        _neutral_houses,
        lambda state, seat, kind: msg(
            "first set the neutral {terrain} house, e.g. 'neutral A1'",
            terrain=terrain_term(state.neutral[0]),
        ),
    ),
    "factions": _one(
        "choose", _factions, _refuse(msg("first choose a faction, e.g. 'choose fairies'"))
    ),
    "houses": _one(
        "build", _starting_houses, _refuse(msg("set a starting house first, e.g. 'build E5'"))
    ),
    "bonus": _one(
        "take", _bonus_tiles, _refuse(msg("take a bonus tile first, e.g. 'take bonus3'"))
    ),
    "round-end": Phase(
        frozenset({"exchange", "done"}),
        _round_end,
        _refuse(
            msg(
                "the round has ended: exchange power for money (e.g. 'exchange 3') "
                "or finish with 'done'"
            )
        ),
        exact=True,
    ),
}
#: A turn of a round: its action and the exchanges around it; once a town is founded, its
#: tile first; after the action only exchanges (and the Sea Dogs' towns across the river).
TURN = Phase(ROUND_KINDS, _turn, _refuse_in_round, exact=True)
TOWN_TILE = Phase(frozenset({"town", "exchange"}), _town_tiles, _refuse_in_round, exact=True)
AFTER_THE_ACTION = Phase(
    frozenset({"town", "exchange"}), _after_the_action, _refuse_in_round, exact=True
)


def phase_of(state: State, seat: int) -> Phase[State, Action]:
    """The row of the phase table that applies to `seat` now."""
    if state.phase != "actions":
        return PHASES[state.phase]
    if state.seats[seat].towns_to_choose:
        return TOWN_TILE
    return AFTER_THE_ACTION if state.acted else TURN
