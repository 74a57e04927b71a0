"""Why an action is not allowed now (None when it is), and the candidates legal_actions tries.

Every check reads the state only. `Checker` caches per-seat lookups (reach) for one question.
"""

from __future__ import annotations

from functools import cached_property

from . import rules
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
    TRADING_POSTS,
)
from .notation import Action
from .state import HOUSE, TRADING_POST, TerraNovaState
from .tiles import (
    BONUS_BY_KEY,
    FAIRY_SHOVEL_COST,
    INVENTOR_POST_COST,
    POWER_ACTIONS,
)


class Checker:
    def __init__(self, board: Board, state: TerraNovaState, seat: int) -> None:
        self.board = board
        self.s = state
        self.seat = seat
        self.player = state.seats[seat]

    @cached_property
    def reach(self) -> set[int]:
        return rules.in_reach(self.board, self.s, self.seat)

    def name(self, hex_: int) -> str:
        return self.board.names[hex_]

    def why(self, action: Action) -> str | None:
        s, kind = self.s, action.kind
        if s.phase == "neutral":
            if kind != "neutral":
                return f"first set the neutral {s.neutral[0]} house, e.g. 'neutral A1'"
            return self.neutral_house(action.hexes[0])
        if kind == "neutral":
            return "neutral houses are set only when the 2-player variants call for them"
        if s.phase == "factions":
            if kind != "choose":
                return "first choose a faction, e.g. 'choose fairies'"
            return self.choose(action.words[0])
        if s.phase == "houses":
            return (
                self.start_house(action.hexes[0])
                if kind == "build"
                else ("set a starting house first, e.g. 'build E5'")
            )
        if s.phase == "bonus":
            return (
                self.take(action.words[0])
                if kind == "take"
                else ("take a bonus tile first, e.g. 'take bonus3'")
            )
        if s.phase == "round-end":
            if kind == "exchange":
                return self.exchange(action.number, bool(action.words))
            if kind == "done":
                return None
            return (
                "the round has ended: exchange power for money (e.g. 'exchange 3') "
                "or finish with 'done'"
            )
        if kind == "done":
            return "'done' only finishes your power exchanges at the end of a round"
        if kind in ("choose", "take"):
            return "the set-up is over"
        if kind == "exchange":
            return self.exchange(action.number, bool(action.words))
        if self.player.towns_to_choose:
            if kind != "town" or action.hexes:
                return "you founded a town: first choose its tile, e.g. 'town 9vp'"
            return self.town(action.words[0])
        if kind == "town":
            if action.hexes:
                return self.river_town(action.hexes[0])
            return "you have no town whose tile is still to be chosen"
        if s.acted:
            return "you have taken your action this turn; only exchanges may follow"
        return self.main_action(action)

    def main_action(self, action: Action) -> str | None:
        kind = action.kind
        if kind == "build":
            return self.build(action.hexes[0])
        if kind == "transform":
            return self.transform(action.hexes[0], bool(action.words))
        if kind == "upgrade":
            edge = action.hexes[1] if len(action.hexes) == 2 else None
            return self.upgrade(action.hexes[0], action.words, edge)
        if kind == "sail":
            return self.sail()
        if kind == "bridge":
            return self.bridge(action.hexes[0], action.hexes[1])
        if kind == "power":
            return self.power(action.words[0], action.hexes, action.build)
        if kind == "special":
            return self.special(action.words[0], action.hexes, action.build)
        return self.pass_round(action.words[0] if action.words else None)

    # -- set-up -------------------------------------------------------------------------

    def choose(self, key: str) -> str | None:
        wanted = FACTIONS_BY_KEY.get(key)
        if wanted is None:
            return f"there is no faction '{key}'"
        taken = {FACTIONS_BY_KEY[p.faction].colour for p in self.s.seats if p.faction}
        if wanted.colour in taken:
            return f"a {wanted.colour} faction is already chosen (one faction per colour)"
        if wanted.home == self.s.planner:
            return f"{wanted.colour} is the neutral colour in this game"
        return None

    def neutral_house(self, hex_: int) -> str | None:
        terrain = self.s.neutral[0]
        if hex_ not in self.board.marked or rules.terrain_at(self.s, hex_) != terrain:
            return f"{self.name(hex_)} is not a marked {terrain} hex"
        if self.s.owner[hex_] != -1:
            return f"{self.name(hex_)} is already built on"
        return None

    def start_house(self, hex_: int) -> str | None:
        home = rules.faction(self.s, self.seat).home
        if rules.terrain_at(self.s, hex_) != home:
            return f"{self.name(hex_)} is not {home}, your home terrain"
        if self.s.owner[hex_] != -1:
            return f"{self.name(hex_)} is already built on"
        return None

    def take(self, key: str) -> str | None:
        if key not in self.s.offer:
            return f"{key} is not on offer (on offer: {', '.join(sorted(self.s.offer))})"
        return None

    # -- rounds -------------------------------------------------------------------------

    def exchange(self, amount: int, for_points: bool = False) -> str | None:
        if self.s.phase not in ("actions", "round-end"):
            return "power is exchanged during the rounds and at their ends"
        if for_points and self.player.faction != "druids":
            return "only the Druids exchange power for points"
        if for_points and amount % 3:
            return "the Druids exchange power for points in threes (3 power = 2 points)"
        if amount > self.player.bowls[2]:
            return f"you have only {self.player.bowls[2]} power in bowl III"
        return None

    def town(self, key: str) -> str | None:
        if key not in self.player.towns_left:
            return (
                f"town tile {key} is not yours to take (left: {', '.join(self.player.towns_left)})"
            )
        return None

    def river_town(self, river: int) -> str | None:
        """The Sea Dogs' town across the river hex `river` (before or after their action)."""
        if self.player.faction != "sea-dogs":
            return "only the Sea Dogs found towns across the river"
        name = self.name(river)
        if self.board.is_land(river):
            return f"{name} is land; name the river hex your town reaches across"
        banks = rules.banks_of(self.board, self.s, self.seat, river)
        if len(banks) < 2:
            return f"you have no buildings outside towns on two banks of {name}"
        town = set().union(*banks)
        if not rules.is_town(self.s, self.seat, town):
            return (
                f"your {len(town)} buildings on the banks of {name} are worth "
                f"{rules.town_value(self.s, town)}; a town needs {TOWN_BUILDINGS_NEEDED} "
                f"buildings worth {rules.town_value_needed(self.s, self.seat)}"
            )
        return None

    def _free_in_reach(self, hex_: int) -> str | None:
        if not self.board.is_land(hex_):
            return f"{self.name(hex_)} is river"
        if self.s.owner[hex_] != -1:
            return f"{self.name(hex_)} is already built on"
        if hex_ not in self.reach:
            return f"{self.name(hex_)} is not in reach of your buildings"
        return None

    def _house_left(self) -> str | None:
        if rules.count(self.s, self.seat, HOUSE) >= HOUSES:
            return "all your houses are on the board"
        return None

    def build(self, hex_: int) -> str | None:
        home = rules.faction(self.s, self.seat).home
        if self.board.is_land(hex_) and rules.terrain_at(self.s, hex_) != home:
            return f"{self.name(hex_)} is not {home}; make it habitable with 'transform'"
        why = self._free_in_reach(hex_) or self._house_left()
        if why is None and self.player.money < HOUSE_COST:
            return f"a house costs {HOUSE_COST} money and you have {self.player.money}"
        return why

    def transform(self, hex_: int, then_build: bool) -> str | None:
        why = self._free_in_reach(hex_)
        if why is not None:
            return why
        home = rules.faction(self.s, self.seat).home
        if rules.terrain_at(self.s, hex_) == home:
            return f"{self.name(hex_)} is already {home}; build on it with 'build'"
        cost = rules.shovels_needed(self.s, self.seat, hex_) * SHOVEL_COST
        if then_build:
            why = self._house_left()
            if why is not None:
                return why
            cost += HOUSE_COST
        if self.player.money < cost:
            return f"that costs {cost} money and you have {self.player.money}"
        return None

    def upgrade(
        self, hex_: int, words: tuple[str, ...], edge: int | None = None, free: bool = False
    ) -> str | None:
        s, name = self.s, self.name(hex_)
        why = self._edge_house(words, edge)
        if why is not None:
            return why
        if s.owner[hex_] != self.seat:
            return f"you have no building on {name}"
        if words == ("tp",):
            if s.building[hex_] != HOUSE:
                return f"only a house becomes a trading post, and {name} holds none"
            if rules.count(s, self.seat, TRADING_POST) >= TRADING_POSTS:
                return "all your trading posts are on the board"
            cost = rules.trading_post_cost(self.board, s, self.seat, hex_)
        elif len(words) == 2 and words[0] == "palace" and words[1] in ("left", "right"):
            if s.building[hex_] != TRADING_POST:
                return f"only a trading post becomes a palace, and {name} holds none"
            if words[1] in self.player.palaces:
                return f"your {words[1]} palace is already built"
            cost = PALACE_COST
        else:
            return "write 'upgrade <hex> tp' or 'upgrade <hex> palace left|right'"
        if not free and self.player.money < cost:
            return f"that costs {cost} money and you have {self.player.money}"
        return None

    def sail(self, paid: bool = True) -> str | None:
        if self.player.sailing >= rules.faction(self.s, self.seat).max_sailing:
            return "your sailing track is at its end"
        if paid and self.player.money < SAILING_COST:
            return f"sailing costs {SAILING_COST} money and you have {self.player.money}"
        return None

    def _edge_house(self, words: tuple[str, ...], edge: int | None) -> str | None:
        """The Fire Sprites name the edge hex for their left palace's free house."""
        wants = words == ("palace", "left") and rules.faction(self.s, self.seat).left.ability == (
            "edge-house"
        )
        if not wants:
            return None if edge is None else "only the Fire Sprites' left palace names a hex"
        if not self.edge_hexes() or self._house_left() is not None:
            return None if edge is None else "no edge hex is free or no house is left"
        if edge is None:
            return "name the free edge hex for the palace's house, e.g. 'upgrade E5 palace left A1'"
        if edge not in self.edge_hexes():
            return f"{self.name(edge)} is not a free edge hex"
        return None

    def edge_hexes(self) -> list[int]:
        return sorted(h for h in self.board.edge if rules.is_free_land(self.board, self.s, h))

    def bridge(self, first: int, second: int, paid: bool = True) -> str | None:
        pair = (min(first, second), max(first, second))
        if pair not in self.board.bridge_spots:
            return f"{self.name(first)}–{self.name(second)} is not a bridge spot"
        if any((a, b) == pair for a, b, _ in self.s.bridges):
            return "a bridge already stands there"
        if self.seat not in (self.s.owner[first], self.s.owner[second]):
            return "a bridge must touch a hex with one of your buildings"
        if sum(1 for *_, who in self.s.bridges if who == self.seat) >= BRIDGES:
            return "all your bridges are built"
        if paid and self.player.money < BRIDGE_COST:
            return f"a bridge costs {BRIDGE_COST} money and you have {self.player.money}"
        return None

    def pass_round(self, bonus: str | None) -> str | None:
        """Every pass takes a new bonus tile, in round 5 too (its coins count at the end)."""
        if bonus is None:
            return "name the bonus tile you take, e.g. 'pass bonus3'"
        return self.take(bonus)

    # -- power and special actions ------------------------------------------------------

    def power_cost(self, key: str) -> int:
        if key == "fairy":
            return FAIRY_SHOVEL_COST
        if key == "tp":
            return INVENTOR_POST_COST
        discount = 1 if self.player.faction == "fire-sprites" else 0
        return POWER_ACTIONS[key].cost - discount

    def power(self, key: str, hexes: tuple[int, ...], build: int | None) -> str | None:
        return self.power_available(key) or self._power_use(key, hexes, build)

    def power_available(self, key: str) -> str | None:
        """Whether the power action `key` may be used now at all (owner, once a round, cost)."""
        if key in ("fairy", "tp"):
            ability = "fairy-shovel" if key == "fairy" else "trading-post-action"
            if not rules.has_palace_ability(self.s, self.seat, ability):
                return f"'power {key}' is a palace action you do not have"
            if key == "fairy" and "fairy" in self.player.used:
                return "your palace's power action is used this round"
        elif key not in POWER_ACTIONS:
            return f"there is no power action '{key}' (board: {', '.join(POWER_ACTIONS)})"
        elif key in self.s.power_used:
            return f"the power action {key} is used this round"
        cost = self.power_cost(key)
        if self.player.bowls[2] < cost:
            return f"it costs {cost} power and you have {self.player.bowls[2]} in bowl III"
        return None

    def _power_use(self, key: str, hexes: tuple[int, ...], build: int | None) -> str | None:
        if key in ("7money", "sail"):
            if hexes:
                return f"'power {key}' takes no hex"
            return self.sail(paid=False) if key == "sail" else None
        if key in ("bridge3", "bridge4"):
            if len(hexes) != 2 or build is not None:
                return f"write 'power {key} <hex> <hex>'"
            return self.bridge(hexes[0], hexes[1], paid=False)
        if key == "tp":
            return self.inventor_post(hexes, build)
        if key == "2shovels":
            return self.two_shovels(hexes, build)
        return self.free_shovel(hexes, build, free=1)

    def free_shovel(self, hexes: tuple[int, ...], build: int | None, free: int) -> str | None:
        """One hex made habitable with `free` free shovels (more bought), maybe built on."""
        if len(hexes) != 1:
            return "name one hex, e.g. 'power shovel E5 build'"
        hex_ = hexes[0]
        why = self._free_in_reach(hex_) or self._needs_shovels(hex_)
        if why is not None:
            return why
        paid = max(rules.shovels_needed(self.s, self.seat, hex_) - free, 0) * SHOVEL_COST
        return self._afford(paid, build is not None)

    def two_shovels(self, hexes: tuple[int, ...], build: int | None) -> str | None:
        if not 1 <= len(hexes) <= 2 or len(set(hexes)) != len(hexes):
            return "name one hex, or two that need 1 shovel each"
        for hex_ in hexes:
            why = self._free_in_reach(hex_) or self._needs_shovels(hex_)
            if why is not None:
                return why
            if len(hexes) == 2 and rules.shovels_needed(self.s, self.seat, hex_) != 1:
                return f"{self.name(hex_)} needs 2 shovels; two hexes must need 1 each"
        return self._afford(0, build is not None)

    def inventor_post(self, hexes: tuple[int, ...], build: int | None) -> str | None:
        if len(hexes) != 1 or build is not None:
            return "write 'power tp <hex>'"
        if rules.count(self.s, self.seat, TRADING_POST) >= TRADING_POSTS:
            return "all your trading posts are on the board"
        return self._free_in_reach(hexes[0])

    def special(self, key: str, hexes: tuple[int, ...], build: int | None) -> str | None:
        return self.special_available(key) or self._special_use(key, hexes, build)

    def special_available(self, key: str) -> str | None:
        """Whether the special action `key` is this player's and unused this round."""
        owner = {
            "shovel": BONUS_BY_KEY[self.player.bonus].special_shovel
            if self.player.bonus
            else False,
            "lake": rules.has_palace_ability(self.s, self.seat, "lake-house"),
            "tp": rules.has_palace_ability(self.s, self.seat, "free-upgrade"),
            "continent": rules.has_palace_ability(self.s, self.seat, "continent-shovel"),
        }
        if key not in owner:
            return f"there is no special action '{key}' (shovel, lake, tp, continent)"
        if not owner[key]:
            return f"you have no special action '{key}'"
        if f"special {key}" in self.player.used:
            return f"your special action {key} is used this round"
        return None

    def _special_use(self, key: str, hexes: tuple[int, ...], build: int | None) -> str | None:
        if key == "shovel":
            return self.free_shovel(hexes, build, free=1)
        if len(hexes) != 1:
            return f"name one hex, e.g. 'special {key} E5'"
        hex_ = hexes[0]
        if key == "tp":
            if build is not None:
                return "write 'special tp <hex>'"
            return self.upgrade(hex_, ("tp",), free=True)
        if key == "lake":
            if build is not None:
                return "write 'special lake <hex>' (it always builds a house)"
            if rules.terrain_at(self.s, hex_) != "lake" or self.s.owner[hex_] != -1:
                return f"{self.name(hex_)} is not an empty lake hex"
            return self._house_left()
        return self.continent(hex_, build)

    def continent(self, hex_: int, build: int | None) -> str | None:
        if not rules.is_free_land(self.board, self.s, hex_):
            return f"{self.name(hex_)} is not an empty land hex"
        mine = set(rules.buildings_of(self.s, self.seat))
        if not mine & set(self.board.neighbours[hex_]):
            return f"{self.name(hex_)} is not next to your buildings (over land, not the river)"
        why = self._needs_shovels(hex_)
        return why or self._afford(0, build is not None)

    def _needs_shovels(self, hex_: int) -> str | None:
        home = rules.faction(self.s, self.seat).home
        if rules.terrain_at(self.s, hex_) == home:
            return f"{self.name(hex_)} is already {home}; build on it with 'build'"
        return None

    def _afford(self, money: int, then_build: bool) -> str | None:
        if then_build:
            why = self._house_left()
            if why is not None:
                return why
            money += HOUSE_COST
        if self.player.money < money:
            return f"that costs {money} money and you have {self.player.money}"
        return None
