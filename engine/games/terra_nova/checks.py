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
    TRADING_POSTS,
)
from .notation import Action
from .state import HOUSE, TRADING_POST, TerraNovaState
from .tiles import ROUNDS


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
        if kind in ("choose", "take"):
            return "the set-up is over"
        if kind == "exchange":
            return self.exchange(action.number)
        if self.player.towns_to_choose:
            if kind != "town":
                return "you founded a town: first choose its tile, e.g. 'town 9vp'"
            return self.town(action.words[0])
        if kind == "town":
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
            return self.upgrade(action.hexes[0], action.words)
        if kind == "sail":
            return self.sail()
        if kind == "bridge":
            return self.bridge(action.hexes[0], action.hexes[1])
        return self.pass_round(action.words[0] if action.words else None)

    # -- set-up -------------------------------------------------------------------------

    def choose(self, key: str) -> str | None:
        wanted = FACTIONS_BY_KEY.get(key)
        if wanted is None:
            return f"there is no faction '{key}'"
        taken = {FACTIONS_BY_KEY[p.faction].colour for p in self.s.seats if p.faction}
        if wanted.colour in taken:
            return f"a {wanted.colour} faction is already chosen (one faction per colour)"
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

    def exchange(self, amount: int) -> str | None:
        if self.s.phase != "actions":
            return "power is exchanged during the rounds"
        if amount > self.player.bowls[2]:
            return f"you have only {self.player.bowls[2]} power in bowl III"
        return None

    def town(self, key: str) -> str | None:
        if key not in self.player.towns_left:
            return (
                f"town tile {key} is not yours to take (left: {', '.join(self.player.towns_left)})"
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

    def upgrade(self, hex_: int, words: tuple[str, ...]) -> str | None:
        s, name = self.s, self.name(hex_)
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
        if self.player.money < cost:
            return f"that costs {cost} money and you have {self.player.money}"
        return None

    def sail(self) -> str | None:
        if self.player.sailing >= rules.faction(self.s, self.seat).max_sailing:
            return "your sailing track is at its end"
        if self.player.money < SAILING_COST:
            return f"sailing costs {SAILING_COST} money and you have {self.player.money}"
        return None

    def bridge(self, first: int, second: int) -> str | None:
        pair = (min(first, second), max(first, second))
        if pair not in self.board.bridge_spots:
            return f"{self.name(first)}–{self.name(second)} is not a bridge spot"
        if any((a, b) == pair for a, b, _ in self.s.bridges):
            return "a bridge already stands there"
        if self.seat not in (self.s.owner[first], self.s.owner[second]):
            return "a bridge must touch a hex with one of your buildings"
        if sum(1 for *_, who in self.s.bridges if who == self.seat) >= BRIDGES:
            return "all your bridges are built"
        if self.player.money < BRIDGE_COST:
            return f"a bridge costs {BRIDGE_COST} money and you have {self.player.money}"
        return None

    def pass_round(self, bonus: str | None) -> str | None:
        if self.s.round == ROUNDS:
            return None if bonus is None else "in the last round you pass without a new tile"
        if bonus is None:
            return "name the bonus tile you take, e.g. 'pass bonus3'"
        return self.take(bonus)
