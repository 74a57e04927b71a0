"""Changing a state: one `Turn` works on a deep copy, applies actions and collects the events."""

from __future__ import annotations

from engine.core import Chance, Event

from . import power, rules
from .board import Board
from .factions import (
    BRIDGE_COST,
    BRIDGES,
    FACTIONS_BY_KEY,
    HOUSE_COST,
    PALACE_COST,
    SAILING_COST,
    SHOVEL_COST,
    PalaceSide,
)
from .state import (
    FREE,
    HOUSE,
    NEUTRAL_BASE,
    PALACE,
    TRADING_POST,
    TerraNovaState,
    Town,
)
from .terrain import TERRAIN_LETTERS, TERRAINS
from .tiles import BONUS_BY_KEY, ROUND_KINDS, ROUNDS, TOWN_BY_KEY, RoundKind

_LETTER_OF = {terrain: letter for letter, terrain in TERRAIN_LETTERS.items()}
NETWORK_POINTS: tuple[int, ...] = (12, 8, 4)


class Turn:
    def __init__(self, board: Board, state: TerraNovaState) -> None:
        self.board = board
        self.s = state.model_copy(deep=True)
        self.events: list[Event] = []

    # -- words --------------------------------------------------------------------------

    def say(self, text: str, seat: int | None = None) -> None:
        self.events.append(Event(text=text, seat=seat))

    def who(self, seat: int) -> str:
        player = self.s.seats[seat]
        if not player.faction:
            return self.s.players[seat]
        return f"{self.s.players[seat]} ({FACTIONS_BY_KEY[player.faction].name})"

    def hex_name(self, hex_: int) -> str:
        return self.board.names[hex_]

    # -- set-up -------------------------------------------------------------------------

    def choose(self, seat: int, key: str) -> None:
        mine = FACTIONS_BY_KEY[key]
        player = self.s.seats[seat]
        player.faction = key
        player.money = mine.start_money
        self.say(f"{self.s.players[seat]} chooses the {mine.name} ({mine.colour})", seat)
        self._next_in_queue()

    def start_house(self, seat: int, hex_: int) -> None:
        self.s.owner[hex_] = seat
        self._set_building(hex_, HOUSE)
        self.say(f"{self.who(seat)} sets a starting house on {self.hex_name(hex_)}", seat)
        self._next_in_queue()

    def take_bonus(self, seat: int, key: str) -> None:
        self._take_from_offer(seat, key)
        self._next_in_queue()

    def _next_in_queue(self) -> None:
        self.s.queue.pop(0)
        if self.s.queue:
            self.s.current = self.s.queue[0]
            return
        if self.s.phase == "factions":
            self.s.phase = "houses"
            self.s.queue = house_queue(self.s)
            self.say("every faction is chosen; starting houses are set")
        elif self.s.phase == "houses":
            self.s.phase = "bonus"
            self.s.queue = list(reversed(self.s.order))
            self.say("starting houses are set; bonus tiles are taken in reverse order")
        else:
            for key in self.s.offer:
                self.s.offer[key] += 1
            self.begin_round()
            return
        self.s.current = self.s.queue[0]

    # -- neutral houses (2-player variants) ---------------------------------------------

    def place_neutral(self, seat: int, hex_: int) -> None:
        s = self.s
        terrain = s.neutral.pop(0)
        s.owner[hex_] = NEUTRAL_BASE + TERRAINS.index(terrain)
        self._set_building(hex_, HOUSE)
        self.say(f"{self.who(seat)} sets a neutral {terrain} house on {self.hex_name(hex_)}", seat)
        s.queue.pop(0)
        if s.queue:
            s.current = s.queue[0]
        elif s.planner and s.round == 0:
            s.phase = "factions"
            s.queue = list(s.order)
            s.current = s.queue[0]
        else:
            self.start_round()

    def free_marked(self, terrain: str) -> list[int]:
        letter = _LETTER_OF[terrain]  # type: ignore[index]
        return sorted(
            h for h in self.board.marked if self.s.terrain[h] == letter and self.s.owner[h] == FREE
        )

    def begin_round(self) -> None:
        """Before income: the Lucky Digger variant sets its drawn neutral houses first."""
        s = self.s
        if s.options.get("variant") != "lucky-digger":
            self.start_round()
            return
        chosen = {rules.faction(s, seat).home for seat in range(len(s.players))}
        colours = [t for t in TERRAINS if t not in chosen]
        Chance(s.rng).shuffle(colours, "the neutral colours drawn")
        start = s.order[0]
        s.queue, s.neutral = [], []
        for seat, terrain in zip((start, 1 - start), colours, strict=False):
            self.events.append(
                Event(text=f"{self.who(seat)} draws a neutral {terrain} house", reveals=True)
            )
            if self.free_marked(terrain):
                s.queue.append(seat)
                s.neutral.append(terrain)
            else:
                self.say(f"no marked {terrain} hex is free; the house is set aside")
        if not s.queue:
            self.start_round()
            return
        s.phase = "neutral"
        s.current = s.queue[0]

    # -- rounds -------------------------------------------------------------------------

    def start_round(self) -> None:
        s = self.s
        s.round += 1
        s.phase = "actions"
        s.passed_order = []
        tile = ROUND_KINDS[s.round_tiles[s.round - 1]]  # type: ignore[index]
        self.say(f"round {s.round} begins; round scoring: {tile.text}")
        for seat in s.order:
            player = s.seats[seat]
            player.passed = player.resigned
            got = rules.income(s, seat)
            player.money += got.money
            used = power.gain(player.bowls, got.power)
            self.say(
                f"{self.who(seat)} takes income: {got.money} money and {got.power} power"
                + (
                    f" ({got.power - used} lost, all power is in bowl III)"
                    if used < got.power
                    else ""
                ),
                seat,
            )
        self.s.current = self._first_active(s.order)

    def _first_active(self, seats: list[int]) -> int:
        return next((seat for seat in seats if not self.s.seats[seat].passed), seats[0])

    def end_turn(self) -> None:
        """Hand the turn on after a completed action (or end the round once all have passed)."""
        s = self.s
        s.acted = False
        if all(player.passed for player in s.seats):
            self._end_round()
            return
        at = s.order.index(s.current)
        after = s.order[at + 1 :] + s.order[: at + 1]
        s.current = self._first_active(after)

    def _end_round(self) -> None:
        """After the last pass: final scoring after round 5, else the round-end exchanges of
        everybody with power in bowl III (nobody else is asked) before the next round."""
        s = self.s
        if s.round == ROUNDS:
            self._final_scoring()
            return
        s.exchanging = [
            seat for seat in s.order if not s.seats[seat].resigned and s.seats[seat].bowls[2]
        ]
        if not s.exchanging:
            self._next_round()
            return
        s.phase = "round-end"
        names = ", ".join(self.who(seat) for seat in s.exchanging)
        self.say(
            f"round {s.round}: everybody has passed; {names} may exchange power for money "
            "('exchange 3'), then finish with 'done'"
        )

    def finish_exchanges(self, seat: int, why: str = "is done exchanging power") -> None:
        """`seat` leaves the round-end exchanges; the next round follows once nobody is left."""
        s = self.s
        s.exchanging.remove(seat)
        self.say(f"{self.who(seat)} {why}", seat)
        if not s.exchanging:
            self._next_round()

    def _next_round(self) -> None:
        """Phase III's clean-up, then the next round (its income)."""
        s = self.s
        s.power_used = []
        for player in s.seats:
            player.used = []
        for key in s.offer:
            s.offer[key] += 1
        if s.planner and s.round == 3:
            for hex_ in self.free_marked(s.planner):
                s.owner[hex_] = NEUTRAL_BASE + TERRAINS.index(s.planner)
                self._set_building(hex_, HOUSE)
                self.say(f"a neutral {s.planner} house is set on {self.hex_name(hex_)}")
        first = s.passed_order[0] if s.passed_order else s.order[0]
        count = len(s.players)
        if s.options.get("turn_order") == "drop-out":
            s.order = list(s.passed_order) + [p for p in s.order if p not in s.passed_order]
        else:
            s.order = [(first + step) % count for step in range(count)]
        self.say(f"round {s.round} ends; {self.who(first)} passed first and starts the next round")
        self.begin_round()

    def _final_scoring(self) -> None:
        s = self.s
        self.say("the fifth round ends: final scoring")
        for seat, player in enumerate(s.seats):
            if player.faction == "druids" and player.bowls[2] >= 3:
                self.exchange(seat, player.bowls[2] // 3 * 3, for_points=True)
            if player.bowls[2]:
                self.say(f"{self.who(seat)} exchanges {player.bowls[2]} power for money", seat)
                player.money += player.bowls[2]
                power.spend(player.bowls, player.bowls[2])
            self._score(seat, player.money // 3, f"{player.money} money")
        sizes = [rules.largest_network(self.board, s, seat) for seat in range(len(s.players))]
        for seat, points in enumerate(network_points(sizes)):
            self._score(seat, points, f"a largest network of {sizes[seat]} buildings")
        s.phase = "over"
        s.end_reason = "five rounds were played"

    # -- actions ------------------------------------------------------------------------

    def build(self, seat: int, hex_: int) -> None:
        self.s.seats[seat].money -= HOUSE_COST
        self.s.owner[hex_] = seat
        self._set_building(hex_, HOUSE)
        self.say(f"{self.who(seat)} builds a house on {self.hex_name(hex_)}", seat)
        self._after_house(seat, hex_)
        self._done()

    def transform(self, seat: int, hex_: int, then_build: bool, free_shovels: int = 0) -> None:
        self._convert(seat, hex_, free_shovels)
        if then_build:
            self.build(seat, hex_)
        else:
            self._done()

    def _convert(self, seat: int, hex_: int, free_shovels: int) -> None:
        """Make `hex_` the seat's home terrain with shovels (`free_shovels` of them free)."""
        player = self.s.seats[seat]
        shovels = rules.shovels_needed(self.s, seat, hex_)
        paid = max(shovels - free_shovels, 0)
        player.money -= paid * SHOVEL_COST
        home = rules.faction(self.s, seat).home
        self._set_terrain(hex_, _LETTER_OF[home])
        how = f", {min(free_shovels, shovels)} of them free" if free_shovels else ""
        self.say(
            f"{self.who(seat)} makes {self.hex_name(hex_)} {home} with {shovels} "
            f"shovel{'s' if shovels > 1 else ''}{how}",
            seat,
        )
        self._round_score(seat, "shovel", shovels)
        if rules.faction(self.s, seat).key == "leprechauns":
            self._gain(seat, 2 * shovels, "their shovels")

    def _convert_free(self, seat: int, hex_: int, why: str) -> None:
        """Make `hex_` habitable without shovels (palace abilities)."""
        home = rules.faction(self.s, seat).home
        self._set_terrain(hex_, _LETTER_OF[home])
        self.say(f"{self.who(seat)} makes {self.hex_name(hex_)} {home} for free ({why})", seat)

    def power_action(
        self, seat: int, key: str, cost: int, hexes: tuple[int, ...], build: int | None
    ) -> None:
        player = self.s.seats[seat]
        power.spend(player.bowls, cost)
        if key == "fairy":
            player.used.append("fairy")
        elif key != "tp":
            self.s.power_used.append(key)
        self.say(f"{self.who(seat)} spends {cost} power on the power action {key}", seat)
        if key == "7money":
            player.money += 7
            self._done()
        elif key == "sail":
            self._advance_sailing(seat, "by the power action")
            self._done()
        elif key in ("bridge3", "bridge4"):
            self.bridge(seat, min(hexes), max(hexes), paid=False)
        elif key == "tp":
            self._convert_free(seat, hexes[0], "the Inventors' palace")
            self.s.owner[hexes[0]] = seat
            self._trading_post(seat, hexes[0], 0, "puts a trading post")
            self._done()
        elif key == "2shovels":
            for hex_ in hexes:
                self._convert(seat, hex_, 2)
            if build is not None:
                self.build(seat, build)
            else:
                self._done()
        else:
            self.transform(seat, hexes[0], build is not None, free_shovels=1)

    def special(self, seat: int, key: str, hexes: tuple[int, ...], build: int | None) -> None:
        player = self.s.seats[seat]
        player.used.append(f"special {key}")
        hex_ = hexes[0]
        if key == "shovel":
            self.say(f"{self.who(seat)} uses the bonus tile's free shovel", seat)
            self.transform(seat, hex_, build is not None, free_shovels=1)
        elif key == "lake":
            self.s.owner[hex_] = seat
            self._set_building(hex_, HOUSE)
            self.say(
                f"{self.who(seat)} builds a free house on the lake {self.hex_name(hex_)}", seat
            )
            self._after_house(seat, hex_)
            self._done()
        elif key == "tp":
            self._trading_post(seat, hex_, 0, "upgrades for free")
            self._done()
        else:
            self._convert_free(seat, hex_, "the palace's special action")
            if build is not None:
                self.build(seat, hex_)
            else:
                self._done()

    def upgrade(
        self, seat: int, hex_: int, palace: PalaceSide | None, edge: int | None = None
    ) -> None:
        player = self.s.seats[seat]
        if palace is None:
            cost = rules.trading_post_cost(self.board, self.s, seat, hex_)
            if rules.has_palace_ability(self.s, seat, "trading-post-points"):
                self._score(seat, 3, "their right palace")
            self._trading_post(seat, hex_, cost, "upgrades the house")
            self._done()
            return
        player.money -= PALACE_COST
        self._set_building(hex_, PALACE)
        player.palaces.append(palace)
        ability = rules.faction(self.s, seat).palace(palace)
        self.say(
            f"{self.who(seat)} upgrades the trading post on {self.hex_name(hex_)} to the "
            f"{palace} palace: {ability.text}",
            seat,
        )
        self._round_score(seat, "palace")
        if ability.ability == "six-power":
            self._gain(seat, 6, "their palace")
        self._upgraded(seat, hex_)
        if (
            ability.ability == "free-sailing"
            and player.sailing < rules.faction(self.s, seat).max_sailing
        ):
            self._advance_sailing(seat, "for free with their palace")
        if ability.ability == "edge-house" and edge is not None:
            self._convert_free(seat, edge, "their palace")
            self.s.owner[edge] = seat
            self._set_building(edge, HOUSE)
            self.say(f"{self.who(seat)} builds a free house on {self.hex_name(edge)}", seat)
            self._after_house(seat, edge)
        self._done()

    def _trading_post(self, seat: int, hex_: int, cost: int, how: str) -> None:
        self.s.seats[seat].money -= cost
        self._set_building(hex_, TRADING_POST)
        paid = f" ({cost} money)" if cost else ""
        self.say(f"{self.who(seat)} {how} on {self.hex_name(hex_)} to a trading post{paid}", seat)
        self._round_score(seat, "trading-post")
        self._upgraded(seat, hex_)

    def _upgraded(self, seat: int, hex_: int) -> None:
        """What every upgrade triggers: neighbours' power, the Sand Cats' money, towns."""
        self._neighbour_power(seat, hex_)
        for other, mate in enumerate(self.s.seats):
            if other != seat and mate.faction == "sand-cats":
                money = 2 if len(self.s.players) == 2 else 1
                mate.money += money
                self.say(f"{self.who(other)} gets {money} money for the upgrade", other)
        self._check_towns(seat, hex_)

    def sail(self, seat: int) -> None:
        self.s.seats[seat].money -= SAILING_COST
        self._advance_sailing(seat, f"for {SAILING_COST} money")
        self._done()

    def bridge(self, seat: int, first: int, second: int, paid: bool = True) -> None:
        if paid:
            self.s.seats[seat].money -= BRIDGE_COST
        self.s.bridges.append((first, second, seat))
        left = BRIDGES - sum(1 for *_, who in self.s.bridges if who == seat)
        self.say(
            f"{self.who(seat)} builds a bridge {self.hex_name(first)}–{self.hex_name(second)} "
            f"({left} left)",
            seat,
        )
        for end in (first, second):
            if self.s.owner[end] == seat:
                self._check_towns(seat, end)
        self._done()

    def exchange(self, seat: int, amount: int, for_points: bool = False) -> None:
        player = self.s.seats[seat]
        power.spend(player.bowls, amount)
        if for_points:
            self.say(f"{self.who(seat)} exchanges {amount} power for points", seat)
            self._score(seat, amount // 3 * 2, "the exchange")
            return
        player.money += amount
        self.say(f"{self.who(seat)} exchanges {amount} power for {amount} money", seat)

    def choose_town(self, seat: int, key: str) -> None:
        player = self.s.seats[seat]
        tile = TOWN_BY_KEY[key]
        town = next(t for t in self.s.towns if t.seat == seat and not t.tile)
        town.tile = key
        player.towns_left.remove(key)
        player.towns_to_choose -= 1
        self.say(f"{self.who(seat)} takes the town tile {key}", seat)
        self._score(seat, tile.points, "the town tile")
        player.money += tile.money
        if tile.power:
            self._gain(seat, tile.power, "the town tile")
        if tile.sailing and player.sailing < rules.faction(self.s, seat).max_sailing:
            self._advance_sailing(seat, "from the town tile")

    def pass_round(self, seat: int, bonus: str) -> None:
        s = self.s
        player = s.seats[seat]
        if not s.passed_order:
            self.say(f"{self.who(seat)} passes first and takes the start marker", seat)
        else:
            self.say(f"{self.who(seat)} passes", seat)
        s.passed_order.append(seat)
        self._pass_scoring(seat)
        returned = player.bonus
        self._take_from_offer(seat, bonus)
        s.offer[returned] = 0
        player.passed = True
        s.acted = True

    # -- what follows -------------------------------------------------------------------

    def _done(self) -> None:
        self.s.acted = True

    def _take_from_offer(self, seat: int, key: str) -> None:
        player = self.s.seats[seat]
        coins = self.s.offer.pop(key)
        player.bonus = key
        player.money += coins
        extra = f" with {coins} money on it" if coins else ""
        self.say(f"{self.who(seat)} takes {key} ({BONUS_BY_KEY[key].text}){extra}", seat)

    def _pass_scoring(self, seat: int) -> None:
        s, player = self.s, self.s.seats[seat]
        tile = BONUS_BY_KEY[player.bonus] if player.bonus else None
        if tile is not None and tile.pass_scoring is not None:
            if tile.pass_scoring == "house":
                units = rules.count(s, seat, HOUSE)
            elif tile.pass_scoring == "trading-post":
                units = rules.count(s, seat, TRADING_POST)
            elif tile.pass_scoring == "palace":
                units = rules.count(s, seat, PALACE)
            else:
                units = player.sailing
            self._score(seat, units * tile.pass_points, f"{tile.key} on passing")
        if player.faction == "golems":
            posts = rules.count(s, seat, TRADING_POST)
            points = 0 if posts == 0 else max(2, posts)
            self._score(seat, points, f"{posts} trading posts on passing")
        mine = set(rules.buildings_of(s, seat))
        settlements = rules.groups(self.board, s, mine)
        if rules.has_palace_ability(s, seat, "edge-settlements"):
            touching = sum(1 for g in settlements if g & self.board.edge)
            self._score(seat, touching, "settlements on the board edge")
        if rules.has_palace_ability(s, seat, "settlement-power"):
            self._gain(seat, 2 * len(settlements), f"{len(settlements)} settlements")
        if rules.has_palace_ability(s, seat, "dry-points"):
            dry = sum(
                1 for h in mine if all(self.board.is_land(n) for n in self.board.neighbours[h])
            )
            self._score(seat, dry, "buildings away from the river")

    def _after_house(self, seat: int, hex_: int) -> None:
        self._round_score(seat, "house")
        if rules.has_palace_ability(self.s, seat, "house-points"):
            self._score(seat, 2, "their right palace")
        for other, mate in enumerate(self.s.seats):
            if other != seat and mate.faction == "inventors":
                self._gain(other, 2 if len(self.s.players) == 2 else 1, "another's house")
        self._neighbour_power(seat, hex_)
        self._check_towns(seat, hex_)

    def _neighbour_power(self, seat: int, hex_: int) -> None:
        """Other factions gain 1 power per building next to the new one (free, so automatic)."""
        counts: dict[int, int] = {}
        for n in rules.adjacent(self.board, self.s, hex_):
            other = self.s.owner[n]
            if other not in (FREE, seat) and other < len(self.s.players):
                counts[other] = counts.get(other, 0) + 1
        for other in sorted(counts):
            self._gain(
                other, counts[other], f"building{'s' if counts[other] > 1 else ''} next door"
            )

    def _check_towns(self, seat: int, hex_: int) -> None:
        s = self.s
        if not any(hex_ in town.hexes for town in s.towns):
            joined = next(
                (
                    town
                    for town in s.towns
                    if town.seat == seat
                    and any(h in town.hexes for h in rules.adjacent(self.board, s, hex_))
                ),
                None,
            )
            if joined is not None:
                joined.hexes.append(hex_)
        for group in rules.new_towns(self.board, s, seat):
            self._found_town(seat, group)

    def river_town(self, seat: int, river: int) -> None:
        """The Sea Dogs join their buildings on the banks of `river` into one town, its tile
        to lie on that river hex (a free choice in their turn, not an action)."""
        banks = rules.banks_of(self.board, self.s, seat, river)
        self._found_town(seat, set().union(*banks), river)

    def _found_town(self, seat: int, group: set[int], river: int | None = None) -> None:
        s = self.s
        s.towns.append(Town(seat=seat, tile="", hexes=sorted(group), river=river))
        s.seats[seat].towns_to_choose += 1
        names = ", ".join(self.hex_name(h) for h in sorted(group))
        across = "" if river is None else f" across the river at {self.hex_name(river)}"
        self.say(f"{self.who(seat)} founds a town{across}: {names}", seat)
        self._round_score(seat, "town")
        if s.seats[seat].faction == "water-sprites":
            self._score(seat, 4, "their ability")

    def _advance_sailing(self, seat: int, how: str) -> None:
        player = self.s.seats[seat]
        player.sailing += 1
        points = rules.faction(self.s, seat).sailing_points[player.sailing - 1]
        self.say(f"{self.who(seat)} improves sailing to {player.sailing} {how}", seat)
        self._score(seat, points, "the sailing track")
        self._round_score(seat, "sailing")

    def _round_score(self, seat: int, kind: RoundKind, times: int = 1) -> None:
        s = self.s
        if s.phase != "actions" or s.round_tiles[s.round - 1] != kind:
            return
        self._score(seat, ROUND_KINDS[kind].points * times, "the round scoring")

    def _score(self, seat: int, points: int, why: str) -> None:
        if points <= 0:
            return
        self.s.seats[seat].score += points
        self.say(f"{self.who(seat)} scores {points} for {why}", seat)

    def _gain(self, seat: int, amount: int, why: str) -> None:
        used = power.gain(self.s.seats[seat].bowls, amount)
        lost = f" ({amount - used} lost)" if used < amount else ""
        self.say(f"{self.who(seat)} gains {amount} power for {why}{lost}", seat)

    def _set_building(self, hex_: int, kind: str) -> None:
        b = self.s.building
        self.s.building = b[:hex_] + kind + b[hex_ + 1 :]

    def _set_terrain(self, hex_: int, letter: str) -> None:
        t = self.s.terrain
        self.s.terrain = t[:hex_] + letter + t[hex_ + 1 :]


def house_queue(state: TerraNovaState) -> list[int]:
    """First houses in turn order, second houses in reverse, then any third houses."""
    order = list(state.order)
    extra = [
        seat
        for seat in order
        for _ in range(FACTIONS_BY_KEY[state.seats[seat].faction].start_houses - 2)
    ]
    return order + list(reversed(order)) + extra


def network_points(sizes: list[int]) -> list[int]:
    """12 / 8 / 4 / 0 by largest network; tied seats share the places they cover."""
    points = [0] * len(sizes)
    place = 0
    for size in sorted(set(sizes), reverse=True):
        tied = [seat for seat, s in enumerate(sizes) if s == size]
        pool = sum(NETWORK_POINTS[place : place + len(tied)])
        for seat in tied:
            points[seat] = pool // len(tied)
        place += len(tied)
    return points
