"""Facts about a position: abilities in force, the supply, reach, and where a member may go.

`placement_problem` is the one place that decides whether a placement is legal; it returns
the reason in words when it is not (None when it is), so listing and refusing cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import Message, msg

from .board import (
    ROUNDS,
    TILES_PER_KIND,
    crossroad_progress,
    power_level,
    progress,
    raid_divisor,
    river_slots,
    round_of_row,
)
from .content import ARTIFACTS, PERSONS
from .effects import Ability
from .spaces import Layout, Space, crossroad_space, layout
from .state import MEMBERS, NEUTRAL_NAMES, Member, Seat, TerramaraState

HUT = "hut"
HOME = "home"


def board(state: TerramaraState) -> Layout:
    return layout(tuple(state.left_tiles), tuple(state.right_tiles), len(state.players))


# -- abilities ---------------------------------------------------------------------------------


def person_abilities(seat: Seat) -> tuple[Ability, ...]:
    if seat.person is None:
        return ()
    person = PERSONS[seat.person]
    return person.experienced if seat.experienced else person.young


def abilities(seat: Seat, kind: str, besides: str | None = None) -> Iterator[Ability]:
    """The seat's abilities of `kind`: its person's side and its crafted artifacts' P and E
    effects (`besides` leaves one artifact out: a card never helps its own crafting, H8)."""
    for ability in person_abilities(seat):
        if ability.kind == kind:
            yield ability
    for key in seat.artifacts:
        if key == besides:
            continue
        card = ARTIFACTS[key]
        for ability in (*card.permanent, *card.end):
            if ability.kind == kind:
                yield ability


def has(seat: Seat, kind: str) -> bool:
    return next(abilities(seat, kind), None) is not None


def never_loses_military(seat: Seat) -> bool:
    return has(seat, "no-mil-loss")


# -- resources and tracks ----------------------------------------------------------------------


def supply(state: TerramaraState, kind: int) -> int:
    """Tiles of a kind left in the supply (16 per kind, raw or processed side alike, H6)."""
    held = sum(seat.raw[kind] + seat.processed[kind] for seat in state.seats)
    return TILES_PER_KIND - held


def worker_levels(seat: Seat) -> int:
    return sum(seat.workers)


def unused_workers(seat: Seat) -> list[int]:
    """The levels of the seat's workers not used this round, one entry per distinct level."""
    left = list(seat.workers)
    for level in seat.used:
        left.remove(level)
    return sorted(set(left))


def reachable_slots(seat: Seat) -> int:
    return river_slots(seat.culture)


def min_cart(seat: Seat) -> int:
    return min(progress(cart) for cart in seat.carts)


def owner_military(state: TerramaraState, token: str) -> int:
    owner = int(token[1:])
    if token[0] == "n":
        return state.neutral_military[owner]
    return state.seats[owner].military


def owner_name(state: TerramaraState, token: str) -> str:
    owner = int(token[1:])
    return NEUTRAL_NAMES[owner] if token[0] == "n" else state.players[owner]


def meets(state: TerramaraState, seat: int, condition: str, threshold: int) -> bool:
    """Whether a seat meets an outpost or special-space condition at `threshold`."""
    return condition_measure(state.seats[seat], condition) >= threshold


def condition_measure(player: Seat, condition: str) -> int:
    """Where a seat stands on an outpost or special-space condition, in the units of its
    thresholds (for the road: the crossroads both carts have reached)."""
    if condition == "workers":
        return worker_levels(player)
    if condition == "river":
        return player.culture
    if condition == "military":
        return player.military
    if condition == "road":
        return min_cart(player) // crossroad_progress(1)
    return crafted_in(player, condition)


def crafted_in(seat: Seat, category: str) -> int:
    return sum(1 for key in seat.artifacts if ARTIFACTS[key].category == category)


def condition_words(condition: str, threshold: int) -> Message:
    if condition == "workers":
        return msg("your workers' levels add up to at least {threshold}", threshold=threshold)
    if condition == "river":
        return msg("your canoe is at or past river space {threshold}", threshold=threshold)
    if condition == "military":
        return msg("your military is at least {threshold}", threshold=threshold)
    if condition == "road":
        return msg("both your carts are at or past crossroad C{threshold}", threshold=threshold)
    return msg(
        "you crafted at least {threshold} {condition} artifacts",
        threshold=threshold,
        condition=condition,
    )


def raid_level(state: TerramaraState, seat: int, bonus: int) -> int:
    player = state.seats[seat]
    extra = sum(a.number() for a in abilities(player, "raid-level"))
    return power_level(player.military) + extra + bonus


def raid_owed(state: TerramaraState, raider: int, level: int) -> list[tuple[int, int]]:
    """(victim, tiles owed) for every other real player still in the game (H5)."""
    owed = []
    for victim, player in enumerate(state.seats):
        if victim == raider or player.resigned:
            continue
        divisor = raid_divisor(power_level(player.military), level)
        owed.append((victim, player.resources // divisor))
    return owed


def richer_players(state: TerramaraState, seat: int) -> int:
    mine = state.seats[seat].military
    return sum(1 for other, p in enumerate(state.seats) if other != seat and p.military > mine)


# -- rows and spaces ---------------------------------------------------------------------------


def is_turned(state: TerramaraState, row: int) -> bool:
    """Rows 1–4 are turned over at the end of their round; rows 5–6 never."""
    return row <= 4 and row < state.round


def is_future(state: TerramaraState, row: int) -> bool:
    return round_of_row(row) > max(state.round, 1)


def blockaded(state: TerramaraState, space: Space) -> bool:
    return space.kind == "crossroad" and space.id in state.blockades


def capacity(state: TerramaraState, space: Space) -> int:
    return 1 if blockaded(state, space) else space.capacity


def target(
    state: TerramaraState, seat: int, name: str, lay: Layout | None = None
) -> tuple[Space | None, str]:
    """The space a placement names (`home raid`, `RT1-1 a`, `X-5`, `SA-W`) and its home action."""
    lay = lay or board(state)
    if name.startswith(f"{HOME} "):
        action = name[len(HOME) + 1 :]
        key = lay.home_of_action.get(action)
        return (lay.spaces[key], action) if key else (None, action)
    space = lay.spaces.get(name)
    own = state.seats[seat].own_crossroad
    if space is None and own == name:
        return crossroad_space(name, 0), ""
    return space, ""


def placement_targets(
    state: TerramaraState, seat: int, lay: Layout | None = None
) -> list[tuple[str, Space | None, str]]:
    """Every (name, space, home action) a placement could name now, the hut last (space None),
    before the rules of who may go there."""
    lay = lay or board(state)
    found: list[tuple[str, Space | None, str]] = [
        entry for entry in lay.targets if _present(state, entry[1])
    ]
    own = state.seats[seat].own_crossroad
    if own is not None:
        found.append((own, crossroad_space(own, 0), ""))
    found.append((HUT, None, ""))
    return found


def _present(state: TerramaraState, space: Space) -> bool:
    if space.kind == "territory":
        return not is_turned(state, space.row)
    if space.kind == "crossroad":
        return is_turned(state, space.row)
    if space.kind == "special":
        return state.round == ROUNDS
    return True


def member_problem(seat: Seat, member: Member) -> Message | None:
    if member == "chief" and not seat.chief_home:
        return msg("your chief is already out this round")
    if member == "scout" and seat.home_scouts == 0:
        return msg("you have no scout left to place this round")
    if member == "warrior" and seat.warriors == 0:
        return msg("you have no warrior to place")
    return None


def placement_problem(
    state: TerramaraState, seat: int, member: Member, name: str
) -> Message | None:
    """Why `member` of `seat` may not go to the space `name` now, or None if it may."""
    player = state.seats[seat]
    problem = member_problem(player, member)
    if problem or name == HUT:
        return problem
    space, action = target(state, seat, name)
    if space is None:
        return msg("there is no space '{name}' in this game", name=name)
    return _space_problem(state, seat, space, action, name) or _member_problem(
        state, seat, member, space, name
    )


def placements(state: TerramaraState, seat: int) -> list[tuple[Member, str]]:
    """Every legal (member, space name) of the seat: `placement_problem` is None for exactly
    these (the same checks; what does not depend on the member is checked once per space)."""
    player = state.seats[seat]
    members = [m for m in MEMBERS if member_problem(player, m) is None]
    found: list[tuple[Member, str]] = []
    for name, space, action in placement_targets(state, seat):
        if space is None:  # the hut
            found.extend((member, name) for member in members)
            continue
        if _space_problem(state, seat, space, action, name):
            continue
        free = not state.spaces.get(space.id)
        future = space.kind == "territory" and is_future(state, space.row)
        for member in members:
            if (free and (member == "scout" or not future)) or _member_problem(
                state, seat, member, space, name
            ) is None:
                found.append((member, name))
    return found


def _member_problem(
    state: TerramaraState, seat: int, member: Member, space: Space, name: str
) -> Message | None:
    """What depends on the member: future rows (scouts only) and who is on the space."""
    if member != "scout" and space.kind == "territory" and is_future(state, space.row):
        return msg(
            "{name} lies in a row of round {round_of_row}: only scouts may go to future spaces",
            name=name,
            round_of_row=round_of_row(space.row),
        )
    return _occupancy(state, seat, member, space)


def _space_problem(
    state: TerramaraState, seat: int, space: Space, action: str, name: str
) -> Message | None:
    """What does not depend on the member: is the space there and open to this seat now."""
    player = state.seats[seat]
    if space.id in player.left:
        return msg(
            "you took a scout back from {name} this round and may not return there (H13)", name=name
        )
    if space.once and space.id in state.used_spaces:
        return msg("{name} may be used only once per round and has been used", name=name)
    if space.kind == "home":
        return _home_problem(state, seat, action)
    if space.kind == "territory":
        if is_turned(state, space.row):
            return msg(
                "{tile} was turned over at the end of round {row}", tile=space.tile, row=space.row
            )
        if space.id in state.fire:
            return msg("{name} is on fire: nobody may go there", name=name)
        return None
    if space.kind == "special":
        if state.round != ROUNDS:
            return msg("special action spaces open in round 5")
        if not meets(state, seat, space.condition, space.threshold):
            return msg(
                "{name} needs that {condition_words}",
                name=name,
                condition_words=condition_words(space.condition, space.threshold),
            )
        return None
    if space.row == 0:  # the Surveyor's own crossroad space
        return None
    if not is_turned(state, space.row):
        return msg("{name} appears when row {row} is turned over", name=name, row=space.row)
    if min_cart(player) < crossroad_progress(space.row):
        return msg(
            "both your carts must have reached crossroad C{row} to go to {name}",
            row=space.row,
            name=name,
        )
    return None


def _home_problem(state: TerramaraState, seat: int, action: str) -> Message | None:
    player = state.seats[seat]
    if action == "recruit" and state.round_workers[state.round - 1] == 0:
        return msg("no worker is left on this round's space")
    if action == "raid" and player.military < 1 and not never_loses_military(player):
        return msg("a raid costs 1 military to enter and you have none")
    return None


def _occupancy(state: TerramaraState, seat: int, member: Member, space: Space) -> Message | None:
    occupants = state.spaces.get(space.id, [])
    if not occupants:
        return None
    name = space.id
    if len(occupants) >= capacity(state, space):
        return msg("{name} is full", name=name)
    if any(token[0] in "cw" for token in occupants):
        return msg("a chief or warrior on {name} lets nobody else in", name=name)
    own = str(seat)
    if any(token[0] != "n" and token[1:] == own for token in occupants):
        if member == "warrior":
            return None
        return msg(
            "you already have a member on {name} (one per colour; only a warrior may join)",
            name=name,
        )
    if member != "scout":
        return None
    return join_problem(state, seat, occupants[0])


def join_problem(state: TerramaraState, seat: int, token: str) -> Message | None:
    """A scout joins a foreign scout only with strictly higher military (Sling: equal too)."""
    mine = state.seats[seat].military
    theirs = owner_military(state, token)
    if mine > theirs or (mine == theirs and has(state.seats[seat], "sling")):
        return None
    return msg(
        "a scout may join {owner_name}'s scout only with higher military ({mine} against {theirs})",
        owner_name=owner_name(state, token),
        mine=mine,
        theirs=theirs,
    )


def join_costs(state: TerramaraState, seat: int, token: str) -> bool:
    """Whether joining this foreign scout with a scout costs 1 military."""
    player = state.seats[seat]
    if never_loses_military(player):
        return False
    return not (player.military == owner_military(state, token) and has(player, "sling"))
