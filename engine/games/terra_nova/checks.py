"""The checker: why an action of a kind the seat's phase accepts is refused now (None if it is
allowed), in one friendly sentence that says what would be right.

Every check reads the state only. A `Checker` answers for one seat on one state and keeps what
several questions share (reach, the seat's buildings, its home terrain), so listing the legal
actions (phases.py) asks one checker about every candidate. The phase table has already
refused the kinds a phase does not accept.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Message, msg, once, term

from . import rules
from .actions import Action
from .board import Board
from .factions import (
    BRIDGE_COST,
    BRIDGES,
    FACTIONS_BY_KEY,
    HOUSE_COST,
    HOUSES,
    PALACE_COST,
    SAILING_COST,
    SHOVEL_COST,
    TOWN_BUILDINGS_NEEDED,
    TRADING_POST_COST,
    TRADING_POSTS,
    Faction,
)
from .state import FREE, HOUSE, TRADING_POST, TerraNovaState
from .terrain import LETTER_OF, Terrain
from .tiles import BONUS_BY_KEY, POWER_ACTIONS

#: Why anything but a town tile (or an exchange) is refused while one is to be chosen.
CHOOSE_TOWN_FIRST = msg("you founded a town: first choose its tile, e.g. 'town 9vp'")


class Checker:
    def __init__(self, board: Board, state: TerraNovaState, seat: int) -> None:
        self.board = board
        self.s = state
        self.seat = seat
        self.player = state.seats[seat]

    # -- what several checks share ------------------------------------------------------

    @once
    def mine(self) -> list[int]:
        """The seat's buildings, in board order."""
        return rules.buildings_of(self.s, self.seat)

    @once
    def built(self) -> list[str]:
        """What stands on each of the seat's buildings (a building letter per hex)."""
        return [self.s.building[h] for h in self.mine]

    @once
    def houses_left(self) -> int:
        return HOUSES - self.built.count(HOUSE)

    @once
    def posts_left(self) -> int:
        return TRADING_POSTS - self.built.count(TRADING_POST)

    @once
    def reach(self) -> set[int]:
        return rules.in_reach(self.board, self.s, self.seat, self.mine)

    @once
    def free_reach(self) -> list[int]:
        """The free land hexes in reach, in board order: where the seat may build."""
        owner = self.s.owner
        return sorted([h for h in self.reach if owner[h] == FREE])

    @once
    def to_transform(self) -> list[tuple[int, int]]:
        """The free land hexes in reach that are not of the home terrain, in board order,
        each with the shovels it needs."""
        terrain, needs = self.s.terrain, self.shovels_from
        return [(h, needs[terrain[h]]) for h in self.free_reach if needs[terrain[h]]]

    @once
    def open_bridges(self) -> list[tuple[int, int]]:
        """The bridge spots touching the seat's buildings without a bridge, in board order:
        where `bridge` may build one if the seat has one left (`bridge_left`)."""
        spots, at = self.board.bridge_spots, self.board.bridge_spots_at
        touching = sorted({i for h in self.mine for i in at[h]})
        built = {(a, b) for a, b, _ in self.s.bridges}
        return [spots[i] for i in touching if spots[i] not in built]

    @once
    def faction(self) -> Faction:
        return FACTIONS_BY_KEY[self.player.faction]

    @property
    def home(self) -> Terrain:
        return self.faction.home

    @property
    def home_letter(self) -> str:
        return LETTER_OF[self.faction.home]

    @once
    def outside(self) -> set[int]:
        """The seat's buildings outside its towns."""
        return rules.outside_towns(self.s, self.seat)

    @once
    def outside_groups(self) -> list[set[int]]:
        """The connected groups of the seat's buildings outside its towns."""
        return rules.groups(self.board, self.s, self.outside)

    @once
    def town_outside(self) -> bool:
        """Whether all the seat's buildings outside its towns together would make a town:
        if not, no part of them can (a town across the river joins some of them)."""
        return rules.is_town(self.s, self.seat, self.outside)

    @once
    def shovels_from(self) -> dict[str, int]:
        """Shovels the seat needs to make each terrain (by letter) its home terrain."""
        one_shovel = rules.has_palace_ability(self.s, self.seat, "one-shovel")
        return rules.shovel_table(self.home, one_shovel)

    def shovels(self, hex_: int) -> int:
        """Shovels the seat needs to make the land hex `hex_` its home terrain."""
        return self.shovels_from[self.s.terrain[hex_]]

    def name(self, hex_: int) -> str:
        return self.board.names[hex_]

    # -- the checker ----------------------------------------------------------------------

    def check(self, action: Action) -> Message | None:
        """Why `action`, of a kind the seat's phase accepts, is refused now; None if allowed."""
        return CHECKS[action.kind](self, action)

    # -- set-up -------------------------------------------------------------------------

    def choose(self, key: str) -> Message | None:
        wanted = FACTIONS_BY_KEY.get(key)
        if wanted is None:
            return msg("there is no faction '{key}'", key=key)
        taken = {FACTIONS_BY_KEY[p.faction].colour for p in self.s.seats if p.faction}
        if wanted.colour in taken:
            return msg(
                "a {colour} faction is already chosen (one faction per colour)",
                colour=term(wanted.colour, "colour"),
            )
        if wanted.home == self.s.planner:
            return msg(
                "{colour} is the neutral colour in this game", colour=term(wanted.colour, "colour")
            )
        return None

    def neutral_house(self, hex_: int) -> Message | None:
        terrain = self.s.neutral[0]
        if hex_ not in self.board.marked or rules.terrain_at(self.s, hex_) != terrain:
            return msg(
                "{hex} is not a marked {terrain} hex",
                hex=self.name(hex_),
                terrain=term(terrain, "terrain"),
            )
        if self.s.owner[hex_] != FREE:
            return msg("{hex} is already built on", hex=self.name(hex_))
        return None

    def start_house(self, hex_: int) -> Message | None:
        if rules.terrain_at(self.s, hex_) != self.home:
            return msg(
                "{hex} is not {home}, your home terrain",
                hex=self.name(hex_),
                home=term(self.home, "terrain"),
            )
        if self.s.owner[hex_] != FREE:
            return msg("{hex} is already built on", hex=self.name(hex_))
        return None

    def take(self, key: str) -> Message | None:
        if key not in self.s.offer:
            return msg(
                "{key} is not on offer (on offer: {items})",
                key=key,
                items=", ".join(sorted(self.s.offer)),
            )
        return None

    # -- rounds -------------------------------------------------------------------------

    def exchange(self, amount: int, for_points: bool = False) -> Message | None:
        if self.s.phase not in ("actions", "round-end"):
            return msg("power is exchanged during the rounds and at their ends")
        if for_points and self.player.faction != "druids":
            return msg("only the Druids exchange power for points")
        if for_points and amount % 3:
            return msg("the Druids exchange power for points in threes (3 power = 2 points)")
        if amount > self.player.bowls[2]:
            return msg("you have only {bowls} power in bowl III", bowls=self.player.bowls[2])
        return None

    def town_action(self, action: Action) -> Message | None:
        """`town <tile>` for a town just founded, or the Sea Dogs' `town across <river>`."""
        if self.player.towns_to_choose:
            return CHOOSE_TOWN_FIRST if action.hexes else self.town(action.words[0])
        if action.hexes:
            return self.river_town(action.hexes[0])
        return msg("you have no town whose tile is still to be chosen")

    def town(self, key: str) -> Message | None:
        if key not in self.player.towns_left:
            return msg(
                "town tile {key} is not yours to take (left: {items})",
                key=key,
                items=", ".join(self.player.towns_left),
            )
        return None

    def river_town(self, river: int) -> Message | None:
        """The Sea Dogs' town across the river hex `river` (before or after their action)."""
        if self.player.faction != "sea-dogs":
            return msg("only the Sea Dogs found towns across the river")
        name = self.name(river)
        if self.board.is_land(river):
            return msg("{name} is land; name the river hex your town reaches across", name=name)
        banks = rules.banks_of(self.board, self.s, self.seat, river, self.outside_groups)
        if len(banks) < 2:
            return msg("you have no buildings outside towns on two banks of {name}", name=name)
        town = set().union(*banks)
        if not rules.is_town(self.s, self.seat, town):
            return msg(
                "your {count} buildings on the banks of {name} are worth {value}; "
                "a town needs {needed} buildings worth {least}",
                count=len(town),
                name=name,
                value=rules.town_value(self.s, town),
                needed=TOWN_BUILDINGS_NEEDED,
                least=rules.town_value_needed(self.s, self.seat),
            )
        return None

    def free_in_reach(self, hex_: int) -> Message | None:
        if not self.board.is_land(hex_):
            return msg("{hex} is river", hex=self.name(hex_))
        if self.s.owner[hex_] != FREE:
            return msg("{hex} is already built on", hex=self.name(hex_))
        if hex_ not in self.reach:
            return msg("{hex} is not in reach of your buildings", hex=self.name(hex_))
        return None

    def house_left(self) -> Message | None:
        if self.houses_left <= 0:
            return msg("all your houses are on the board")
        return None

    def build(self, hex_: int) -> Message | None:
        if self.board.is_land(hex_) and rules.terrain_at(self.s, hex_) != self.home:
            return msg(
                "{hex} is not {home}; make it habitable with 'transform'",
                hex=self.name(hex_),
                home=term(self.home, "terrain"),
            )
        why = self.free_in_reach(hex_) or self.house_left()
        if why is None and self.player.money < HOUSE_COST:
            return msg(
                "a house costs {house_cost} money and you have {money}",
                house_cost=HOUSE_COST,
                money=self.player.money,
            )
        return why

    def transform(self, hex_: int, then_build: bool, free: int = 0) -> Message | None:
        """`hex_` made habitable with shovels (`free` of them free), maybe built on."""
        why = self.free_in_reach(hex_) or self.needs_shovels(hex_)
        if why is not None:
            return why
        return self.afford(max(self.shovels(hex_) - free, 0) * SHOVEL_COST, then_build)

    def upgrade(
        self, hex_: int, words: tuple[str, ...], edge: int | None = None, free: bool = False
    ) -> Message | None:
        s = self.s
        why = self._edge_house(words, edge)
        if why is not None:
            return why
        if s.owner[hex_] != self.seat:
            return msg("you have no building on {hex}", hex=self.name(hex_))
        if words == ("tp",):
            if s.building[hex_] != HOUSE:
                return msg(
                    "only a house becomes a trading post, and {hex} holds none", hex=self.name(hex_)
                )
            if self.posts_left <= 0:
                return msg("all your trading posts are on the board")
            if free or self.player.money >= TRADING_POST_COST:  # (no trading post costs more)
                return None
            cost = rules.trading_post_cost(self.board, s, self.seat, hex_)
        elif len(words) == 2 and words[0] == "palace" and words[1] in ("left", "right"):
            if s.building[hex_] != TRADING_POST:
                return msg(
                    "only a trading post becomes a palace, and {hex} holds none",
                    hex=self.name(hex_),
                )
            if words[1] in self.player.palaces:
                return msg("your {words} palace is already built", words=words[1])
            cost = PALACE_COST
        else:
            return msg("write 'upgrade <hex> tp' or 'upgrade <hex> palace left|right'")
        if not free and self.player.money < cost:
            return msg(
                "that costs {cost} money and you have {money}", cost=cost, money=self.player.money
            )
        return None

    def can_pay_post(self, house: int) -> bool:
        """Whether the seat can pay for a trading post on its `house`: what is left of
        `upgrade` once the listing knows the house is the seat's and a post is left."""
        money = self.player.money
        if money >= TRADING_POST_COST:  # (no trading post costs more)
            return True
        return money >= rules.trading_post_cost(self.board, self.s, self.seat, house)

    def sail(self, paid: bool = True) -> Message | None:
        if self.player.sailing >= self.faction.max_sailing:
            return msg("your sailing track is at its end")
        if paid and self.player.money < SAILING_COST:
            return msg(
                "sailing costs {sailing_cost} money and you have {money}",
                sailing_cost=SAILING_COST,
                money=self.player.money,
            )
        return None

    def _edge_house(self, words: tuple[str, ...], edge: int | None) -> Message | None:
        """The Fire Sprites name the edge hex for their left palace's free house."""
        wants = words == ("palace", "left") and self.faction.left.ability == "edge-house"
        if not wants:
            return None if edge is None else msg("only the Fire Sprites' left palace names a hex")
        if not self.edge_hexes or self.house_left() is not None:
            return None if edge is None else msg("no edge hex is free or no house is left")
        if edge is None:
            return msg(
                "name the free edge hex for the palace's house, e.g. 'upgrade E5 palace left A1'"
            )
        if edge not in self.edge_hexes:
            return msg("{edge} is not a free edge hex", edge=self.name(edge))
        return None

    @once
    def edge_hexes(self) -> list[int]:
        """The free land hexes on the board edge, in board order."""
        return sorted(h for h in self.board.edge if rules.is_free_land(self.board, self.s, h))

    def bridge(self, first: int, second: int, paid: bool = True) -> Message | None:
        pair = (min(first, second), max(first, second))
        if pair not in self.board.bridge_spots:
            return msg(
                "{first}–{second} is not a bridge spot",
                first=self.name(first),
                second=self.name(second),
            )
        if any((a, b) == pair for a, b, _ in self.s.bridges):
            return msg("a bridge already stands there")
        if self.seat not in (self.s.owner[first], self.s.owner[second]):
            return msg("a bridge must touch a hex with one of your buildings")
        return self.bridge_left(paid)

    @once
    def bridges_built(self) -> int:
        return sum(1 for *_, who in self.s.bridges if who == self.seat)

    def bridge_left(self, paid: bool = True) -> Message | None:
        """Whether the seat has a bridge left (and, building it for money, can pay)."""
        if self.bridges_built >= BRIDGES:
            return msg("all your bridges are built")
        if paid and self.player.money < BRIDGE_COST:
            return msg(
                "a bridge costs {bridge_cost} money and you have {money}",
                bridge_cost=BRIDGE_COST,
                money=self.player.money,
            )
        return None

    def pass_round(self, bonus: str | None) -> Message | None:
        """Every pass takes a new bonus tile, in round 5 too (its coins count at the end)."""
        if bonus is None:
            return msg("name the bonus tile you take, e.g. 'pass bonus3'")
        return self.take(bonus)

    # -- power and special actions ------------------------------------------------------

    def power(self, key: str, hexes: tuple[int, ...], build: int | None) -> Message | None:
        return self.power_available(key) or self.power_use(key, hexes, build)

    def power_available(self, key: str) -> Message | None:
        """Whether the power action `key` may be used now at all (owner, once a round, cost)."""
        if key in ("fairy", "tp"):
            ability = "fairy-shovel" if key == "fairy" else "trading-post-action"
            if not rules.has_palace_ability(self.s, self.seat, ability):
                return msg("'power {key}' is a palace action you do not have", key=key)
            if key == "fairy" and "fairy" in self.player.used:
                return msg("your palace's power action is used this round")
        elif key not in POWER_ACTIONS:
            return msg(
                "there is no power action '{key}' (board: {items})",
                key=key,
                items=", ".join(POWER_ACTIONS),
            )
        elif key in self.s.power_used:
            return msg("the power action {key} is used this round", key=key)
        cost = rules.power_cost(self.s, self.seat, key)
        if self.player.bowls[2] < cost:
            return msg(
                "it costs {cost} power and you have {bowls} in bowl III",
                cost=cost,
                bowls=self.player.bowls[2],
            )
        return None

    def power_use(self, key: str, hexes: tuple[int, ...], build: int | None) -> Message | None:
        """Whether the available power action `key` may be used on these hexes."""
        if key in ("7money", "sail"):
            if hexes:
                return msg("'power {key}' takes no hex", key=key)
            return self.sail(paid=False) if key == "sail" else None
        if key in ("bridge3", "bridge4"):
            if len(hexes) != 2 or build is not None:
                return msg("write 'power {key} <hex> <hex>'", key=key)
            return self.bridge(hexes[0], hexes[1], paid=False)
        if key == "tp":
            return self.inventor_post(hexes, build)
        if key == "2shovels":
            return self.two_shovels(hexes, build)
        return self.free_shovel(hexes, build, free=1)

    def free_shovel(self, hexes: tuple[int, ...], build: int | None, free: int) -> Message | None:
        """One hex made habitable with `free` free shovels (more bought), maybe built on."""
        if len(hexes) != 1:
            return msg("name one hex, e.g. 'power shovel E5 build'")
        return self.transform(hexes[0], build is not None, free)

    def two_shovels(self, hexes: tuple[int, ...], build: int | None) -> Message | None:
        if not 1 <= len(hexes) <= 2 or len(set(hexes)) != len(hexes):
            return msg("name one hex, or two that need 1 shovel each")
        for hex_ in hexes:
            why = self.free_in_reach(hex_) or self.needs_shovels(hex_)
            if why is not None:
                return why
            if len(hexes) == 2 and self.shovels(hex_) != 1:
                return msg("{hex} needs 2 shovels; two hexes must need 1 each", hex=self.name(hex_))
        return self.afford(0, build is not None)

    def inventor_post(self, hexes: tuple[int, ...], build: int | None) -> Message | None:
        if len(hexes) != 1 or build is not None:
            return msg("write 'power tp <hex>'")
        if self.posts_left <= 0:
            return msg("all your trading posts are on the board")
        return self.free_in_reach(hexes[0])

    def special(self, key: str, hexes: tuple[int, ...], build: int | None) -> Message | None:
        return self.special_available(key) or self.special_use(key, hexes, build)

    def special_available(self, key: str) -> Message | None:
        """Whether the special action `key` is this player's and unused this round."""
        if key == "shovel":
            owned = BONUS_BY_KEY[self.player.bonus].special_shovel if self.player.bonus else False
        elif key in SPECIAL_ABILITIES:
            owned = rules.has_palace_ability(self.s, self.seat, SPECIAL_ABILITIES[key])
        else:
            return msg("there is no special action '{key}' (shovel, lake, tp, continent)", key=key)
        if not owned:
            return msg("you have no special action '{key}'", key=key)
        if f"special {key}" in self.player.used:
            return msg("your special action {key} is used this round", key=key)
        return None

    def special_use(self, key: str, hexes: tuple[int, ...], build: int | None) -> Message | None:
        """Whether the available special action `key` may be used on these hexes."""
        if key == "shovel":
            return self.free_shovel(hexes, build, free=1)
        if len(hexes) != 1:
            return msg("name one hex, e.g. 'special {key} E5'", key=key)
        hex_ = hexes[0]
        if key == "tp":
            if build is not None:
                return msg("write 'special tp <hex>'")
            return self.upgrade(hex_, ("tp",), free=True)
        if key == "lake":
            if build is not None:
                return msg("write 'special lake <hex>' (it always builds a house)")
            if rules.terrain_at(self.s, hex_) != "lake" or self.s.owner[hex_] != FREE:
                return msg("{hex} is not an empty lake hex", hex=self.name(hex_))
            return self.house_left()
        return self.continent(hex_, build)

    def continent(self, hex_: int, build: int | None) -> Message | None:
        if not rules.is_free_land(self.board, self.s, hex_):
            return msg("{hex} is not an empty land hex", hex=self.name(hex_))
        if not any(self.s.owner[n] == self.seat for n in self.board.neighbours[hex_]):
            return msg(
                "{hex} is not next to your buildings (over land, not the river)",
                hex=self.name(hex_),
            )
        return self.needs_shovels(hex_) or self.afford(0, build is not None)

    def needs_shovels(self, hex_: int) -> Message | None:
        if self.s.terrain[hex_] == self.home_letter:
            return msg(
                "{hex} is already {home}; build on it with 'build'",
                hex=self.name(hex_),
                home=term(self.home, "terrain"),
            )
        return None

    def afford(self, money: int, then_build: bool) -> Message | None:
        """Whether the seat can pay `money`, plus a house if it builds one."""
        if self.can_afford(money, then_build):
            return None
        if then_build and self.houses_left <= 0:
            return msg("all your houses are on the board")
        total = money + HOUSE_COST if then_build else money
        return msg(
            "that costs {total} money and you have {money}", total=total, money=self.player.money
        )

    def can_afford(self, money: int, then_build: bool) -> bool:
        """`afford` as a yes or no, without the words (listing asks it often)."""
        if then_build:
            return self.houses_left > 0 and self.player.money >= money + HOUSE_COST
        return self.player.money >= money


#: The palace ability behind each palace's special action.
SPECIAL_ABILITIES = {
    "lake": "lake-house",
    "tp": "free-upgrade",
    "continent": "continent-shovel",
}


#: Each kind's check (`done` is always allowed where it is accepted; a `build` in the set-up is
#: a starting house).
CHECKS: dict[str, Callable[[Checker, Action], Message | None]] = {
    "pass": lambda check, a: check.pass_round(a.words[0] if a.words else None),
    "exchange": lambda check, a: check.exchange(a.number, bool(a.words)),
    "done": lambda check, a: None,
    "choose": lambda check, a: check.choose(a.words[0]),
    "take": lambda check, a: check.take(a.words[0]),
    "neutral": lambda check, a: check.neutral_house(a.hexes[0]),
    "town": Checker.town_action,
    "build": lambda check, a: (check.start_house if check.s.phase == "houses" else check.build)(
        a.hexes[0]
    ),
    "transform": lambda check, a: check.transform(a.hexes[0], bool(a.words)),
    "upgrade": lambda check, a: check.upgrade(
        a.hexes[0], a.words, a.hexes[1] if len(a.hexes) == 2 else None
    ),
    "sail": lambda check, a: check.sail(),
    "bridge": lambda check, a: check.bridge(a.hexes[0], a.hexes[1]),
    "power": lambda check, a: check.power(a.words[0], a.hexes, a.build),
    "special": lambda check, a: check.special(a.words[0], a.hexes, a.build),
}
