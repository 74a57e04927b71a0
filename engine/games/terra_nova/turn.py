"""Carrying out checked actions on a copy-on-write state (engine.core.builder).

Besides the action itself, `TurnBuilder` runs what follows it: power and money for the
neighbours, towns, round scoring, passing, the round's end and the next round's income, the
final scoring. A player, the map's owners or a town is copied only when the action changes it;
terrain and buildings are strings (one letter per hex), replaced whole.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from engine.core import Message, Param, StateBuilder, comma_chain, msg, plural_msg, rank, term
from engine.core.fields import unvalidated

from . import power, rules
from .actions import Action
from .board import board
from .factions import (
    BRIDGE_COST,
    BRIDGES,
    FACTIONS_BY_KEY,
    HOUSE_COST,
    PALACE_COST,
    SAILING_COST,
    SHOVEL_COST,
    PalaceSide,
    faction_term,
    palace_text,
)
from .state import (
    FREE,
    HOUSE,
    NEUTRAL_BASE,
    PALACE,
    TRADING_POST,
    LastTurn,
    Player,
    TerraNovaState,
    Town,
)
from .terrain import LETTER_OF, TERRAINS, terrain_term
from .tiles import BONUS_BY_KEY, ROUND_KINDS, ROUNDS, TOWN_BY_KEY, RoundKind, bonus_text, round_text

NETWORK_POINTS: tuple[int, ...] = (12, 8, 4)
#: The building a bonus tile scores on passing, by its key (the other key is sailing).
BUILDING_OF: dict[str, str] = {"house": HOUSE, "trading-post": TRADING_POST, "palace": PALACE}


#: What a seat that leaves the round-end exchanges by its own `done` does.
DONE_EXCHANGING = msg("is done exchanging power")


class TurnBuilder(StateBuilder[TerraNovaState]):
    def __init__(self, old: TerraNovaState) -> None:
        super().__init__(old)
        self.board = board(old.side)
        #: The hexes whose terrain, owner or building this builder set.
        self.touched: set[int] = set()

    # -- words and copies -----------------------------------------------------------------

    def who(self, seat: int) -> Param:
        """The player's name, with the faction once chosen."""
        faction = self.state.seats[seat].faction
        if not faction:
            return super().who(seat)
        return _named(self.state.players[seat], faction)

    def hex_name(self, hex_: int) -> str:
        return self.board.names[hex_]

    def player(self, seat: int) -> Player:
        """The seat's player in the new state, copied before its first change."""
        changed: Player = self.edit_item("seats", seat)
        return changed

    def player_shallow(self, seat: int) -> Player:
        """The seat's player copied for giving its fields new values only (money, a score, a
        new list): its lists still belong to the old state too — change them through
        `player`. Most actions change only numbers of a player, on the hot path."""
        changed: Player = self.edit_item("seats", seat, shallow=True)
        return changed

    # -- carrying out an action and finishing the turn --------------------------------------

    def perform(self, seat: int, action: Action) -> None:
        """Carry out an action the checker allowed."""
        phase = self.state.phase
        PERFORM[action.kind](self, seat, action)
        if phase == "actions" and action.kind not in ("exchange", "town"):
            self.state.acted = True  # (the turn's action: only exchanges may follow)

    def finish_turn(self, before: TerraNovaState, seat: int) -> None:
        """After the seat's text (or action value) on `before`: once the turn's action is done
        (and any town tile chosen), the turn passes. What the turn changed on the map is kept
        as the state's `last_turn`."""
        s = self.state
        passes = s.phase == "actions" and s.acted and not s.seats[s.current].towns_to_choose
        if passes:
            self.end_turn()
        touched = self.touched if before is self.old else None  # (else: earlier builders too)
        hexes, bridges = changed_since(before, s, seat, touched)
        # The seat's turn of the round goes on (its action or a town tile still to come), so
        # its next text adds to this record; what a set-up step changed never stays open.
        still_open = (
            not passes
            and s.phase == "actions"
            and s.current == seat
            and (before.phase == "actions" or not (hexes or bridges))
        )
        record = {"seat": seat, "hexes": hexes, "bridges": bridges, "open": still_open}
        self.assign("last_turn", unvalidated(LastTurn, record, record))  # (made right: once a turn)

    # -- set-up -------------------------------------------------------------------------

    def choose(self, seat: int, key: str) -> None:
        mine = FACTIONS_BY_KEY[key]
        player = self.player_shallow(seat)
        player.faction = key
        player.money = mine.start_money
        self.say(
            msg(
                "{player} chooses the {name} ({colour})",
                player=super().who(seat),
                name=faction_term(key),
                colour=term(mine.colour, "colour"),
            ),
            seat,
        )
        self._next_in_queue()

    def start_house(self, seat: int, hex_: int) -> None:
        self._put(hex_, seat, HOUSE)
        self.tell(
            seat, "{player} sets a starting house on {hex_name}", hex_name=self.hex_name(hex_)
        )
        self._next_in_queue()

    def take_bonus(self, seat: int, key: str) -> None:
        self._take_from_offer(seat, key)
        self._next_in_queue()

    def _next_in_queue(self) -> None:
        s = self.state
        queue = self.edit("queue")
        queue.pop(0)
        if queue:
            s.current = queue[0]
            return
        if s.phase == "factions":
            s.phase = "houses"
            queue = self.assign("queue", house_queue(s))
            self.say(msg("every faction is chosen; starting houses are set"))
        elif s.phase == "houses":
            s.phase = "bonus"
            queue = self.assign("queue", list(reversed(s.order)))
            self.say(msg("starting houses are set; bonus tiles are taken in reverse order"))
        else:
            self._coins_on_offer()
            self.begin_round()
            return
        s.current = queue[0]

    # -- neutral houses (2-player variants) ---------------------------------------------

    def place_neutral(self, seat: int, hex_: int) -> None:
        s = self.state
        terrain = self.edit("neutral").pop(0)
        self._put(hex_, NEUTRAL_BASE + TERRAINS.index(terrain), HOUSE)
        self.tell(
            seat,
            "{player} sets a neutral {terrain} house on {hex_name}",
            terrain=terrain_term(terrain),
            hex_name=self.hex_name(hex_),
        )
        queue = self.edit("queue")
        queue.pop(0)
        if queue:
            s.current = queue[0]
        elif s.planner and s.round == 0:
            s.phase = "factions"
            s.current = self.assign("queue", list(s.order))[0]
        else:
            self.start_round()

    def free_marked(self, terrain: str) -> list[int]:
        s, letter = self.state, LETTER_OF[terrain]  # type: ignore[index]
        return sorted(h for h in self.board.marked if s.terrain[h] == letter and s.owner[h] == FREE)

    def begin_round(self) -> None:
        """Before income: the Lucky Digger variant sets its drawn neutral houses first."""
        s = self.state
        if s.options.get("variant") != "lucky-digger":
            self.start_round()
            return
        chosen = {rules.faction(s, seat).home for seat in range(len(s.players))}
        colours = [t for t in TERRAINS if t not in chosen]
        self.chance.shuffle(colours, "the neutral colours drawn")
        start = s.order[0]
        queue, neutral = self.assign("queue", []), self.assign("neutral", [])
        for seat, terrain in zip((start, 1 - start), colours, strict=False):
            self.say(
                msg(
                    "{player} draws a neutral {terrain} house",
                    player=self.who(seat),
                    terrain=terrain_term(terrain),
                ),
                reveals=True,
            )
            if self.free_marked(terrain):
                queue.append(seat)
                neutral.append(terrain)
            else:
                self.say(
                    msg(
                        "no marked {terrain} hex is free; the house is set aside",
                        terrain=terrain_term(terrain),
                    )
                )
        if not queue:
            self.start_round()
            return
        s.phase = "neutral"
        s.current = queue[0]

    # -- rounds -------------------------------------------------------------------------

    def start_round(self) -> None:
        s = self.state
        s.round += 1
        s.phase = "actions"
        self.assign("passed_order", [])
        tile = ROUND_KINDS[s.round_tiles[s.round - 1]]  # type: ignore[index]
        self.say(
            msg(
                "round {round} begins; round scoring: {text}",
                round=s.round,
                text=round_text(tile.kind),
            )
        )
        for seat in s.order:
            player = self.player(seat)
            player.passed = player.resigned
            got = rules.income(s, seat)
            player.money += got.money
            used = power.gain(player.bowls, got.power)
            said = msg(
                "{player} takes income: {money} money and {power} power",
                player=self.who(seat),
                money=got.money,
                power=got.power,
            )
            if used < got.power:
                said = msg(
                    "{income} ({count} lost, all power is in bowl III)",
                    income=said,
                    count=got.power - used,
                )
            self.say(said, seat)
        s.current = self._first_active(s.order)

    def _first_active(self, seats: list[int]) -> int:
        return next((seat for seat in seats if not self.state.seats[seat].passed), seats[0])

    def end_turn(self) -> None:
        """Hand the turn on after a completed action (or end the round once all have passed)."""
        s = self.state
        s.acted = False
        if all(player.passed for player in s.seats):
            self._end_round()
            return
        at = s.order.index(s.current)
        s.current = self._first_active(s.order[at + 1 :] + s.order[: at + 1])

    def _end_round(self) -> None:
        """After the last pass: final scoring after round 5, else the round-end exchanges of
        everybody with power in bowl III (nobody else is asked) before the next round."""
        s = self.state
        if s.round == ROUNDS:
            self._final_scoring()
            return
        exchanging = self.assign(
            "exchanging",
            [seat for seat in s.order if not s.seats[seat].resigned and s.seats[seat].bowls[2]],
        )
        if not exchanging:
            self._next_round()
            return
        s.phase = "round-end"
        names = comma_chain([self.who(seat) for seat in exchanging])
        self.say(
            msg(
                "round {round}: everybody has passed; {names} may exchange power for money "
                "('exchange 3'), then finish with 'done'",
                round=s.round,
                names=names,
            )
        )

    def finish_exchanges(self, seat: int, why: Message = DONE_EXCHANGING) -> None:
        """`seat` leaves the round-end exchanges; the next round follows once nobody is left."""
        exchanging = self.edit("exchanging")
        exchanging.remove(seat)
        self.tell(seat, "{player} {why}", why=why)
        if not exchanging:
            self._next_round()

    def _next_round(self) -> None:
        """Phase III's clean-up, then the next round (its income)."""
        s = self.state
        self.assign("power_used", [])
        for seat, player in enumerate(s.seats):
            if player.used:
                self.player_shallow(seat).used = []
        self._coins_on_offer()
        if s.planner and s.round == 3:
            for hex_ in self.free_marked(s.planner):
                self._put(hex_, NEUTRAL_BASE + TERRAINS.index(s.planner), HOUSE)
                self.say(
                    msg(
                        "a neutral {planner} house is set on {hex_name}",
                        planner=terrain_term(s.planner),
                        hex_name=self.hex_name(hex_),
                    )
                )
        first = s.passed_order[0] if s.passed_order else s.order[0]
        count = len(s.players)
        if s.options.get("turn-order") == "drop-out":
            order = list(s.passed_order) + [p for p in s.order if p not in s.passed_order]
        else:
            order = [(first + step) % count for step in range(count)]
        self.assign("order", order)
        self.say(
            msg(
                "round {round} ends; {player} passed first and starts the next round",
                round=s.round,
                player=self.who(first),
            )
        )
        self.begin_round()

    def _coins_on_offer(self) -> None:
        """A coin on every bonus tile still on offer."""
        offer = self.edit("offer")
        for key in offer:
            offer[key] += 1

    def _final_scoring(self) -> None:
        s = self.state
        self.say(msg("the fifth round ends: final scoring"))
        for seat in range(len(s.players)):
            player = self.player(seat)
            if player.faction == "druids" and player.bowls[2] >= 3:
                self.exchange(seat, player.bowls[2] // 3 * 3, for_points=True)
            if player.bowls[2]:
                self.tell(seat, "{player} exchanges {bowls} power for money", bowls=player.bowls[2])
                player.money += player.bowls[2]
                power.spend(player.bowls, player.bowls[2])
            self._score(seat, player.money // 3, msg("{money} money", money=player.money))
        sizes = [rules.largest_network(self.board, s, seat) for seat in range(len(s.players))]
        for seat, points in enumerate(network_points(sizes)):
            self._score(
                seat, points, msg("a largest network of {seat} buildings", seat=sizes[seat])
            )
        s.phase = "over"
        s.end_reason = msg("five rounds were played").english()

    # -- actions ------------------------------------------------------------------------

    def build(self, seat: int, hex_: int) -> None:
        self.player_shallow(seat).money -= HOUSE_COST
        self._put(hex_, seat, HOUSE)
        self.tell(seat, "{player} builds a house on {hex_name}", hex_name=self.hex_name(hex_))
        self._after_house(seat, hex_)

    def transform(self, seat: int, hex_: int, then_build: bool, free_shovels: int = 0) -> None:
        self._convert(seat, hex_, free_shovels)
        if then_build:
            self.build(seat, hex_)

    def _convert(self, seat: int, hex_: int, free_shovels: int) -> None:
        """Make `hex_` the seat's home terrain with shovels (`free_shovels` of them free)."""
        shovels = rules.shovels_needed(self.state, seat, hex_)
        paid = max(shovels - free_shovels, 0)
        self.player_shallow(seat).money -= paid * SHOVEL_COST
        home = rules.faction(self.state, seat).home
        self._set_terrain(hex_, LETTER_OF[home])
        said = plural_msg(
            "{player} makes {hex} {home} with {count} shovel",
            "{player} makes {hex} {home} with {count} shovels",
            player=self.who(seat),
            hex=self.hex_name(hex_),
            home=terrain_term(home),
            count=shovels,
        )
        if free_shovels:
            said = msg(
                "{transform}, {count} of them free",
                transform=said,
                count=min(free_shovels, shovels),
            )
        self.say(said, seat)
        self._round_score(seat, "shovel", shovels)
        if rules.faction(self.state, seat).key == "leprechauns":
            self._gain(seat, 2 * shovels, msg("their shovels"))

    def _convert_free(self, seat: int, hex_: int, why: Message) -> None:
        """Make `hex_` habitable without shovels (palace abilities)."""
        home = rules.faction(self.state, seat).home
        self._set_terrain(hex_, LETTER_OF[home])
        self.tell(
            seat,
            "{player} makes {hex_name} {home} for free ({why})",
            hex_name=self.hex_name(hex_),
            home=terrain_term(home),
            why=why,
        )

    def power_action(self, seat: int, key: str, hexes: tuple[int, ...], build: int | None) -> None:
        cost = rules.power_cost(self.state, seat, key)
        player = self.player(seat)
        power.spend(player.bowls, cost)
        if key == "fairy":
            player.used.append("fairy")
        elif key != "tp":
            self.edit("power_used").append(key)
        self.tell(
            seat, "{player} spends {cost} power on the power action {key}", cost=cost, key=key
        )
        if key == "7money":
            player.money += 7
        elif key == "sail":
            self._advance_sailing(seat, msg("by the power action"))
        elif key in ("bridge3", "bridge4"):
            self.bridge(seat, min(hexes), max(hexes), paid=False)
        elif key == "tp":
            self._convert_free(seat, hexes[0], msg("the Inventors' palace"))
            self.edit("owner")[hexes[0]] = seat  # (its hex is touched: terrain and building)
            self._trading_post(seat, hexes[0], 0, msg("puts a trading post"), built=True)
        elif key == "2shovels":
            for hex_ in hexes:
                self._convert(seat, hex_, 2)
            if build is not None:
                self.build(seat, build)
        else:
            self.transform(seat, hexes[0], build is not None, free_shovels=1)

    def special(self, seat: int, key: str, hexes: tuple[int, ...], build: int | None) -> None:
        self.player(seat).used.append(f"special {key}")
        hex_ = hexes[0]
        if key == "shovel":
            self.tell(seat, "{player} uses the bonus tile's free shovel")
            self.transform(seat, hex_, build is not None, free_shovels=1)
        elif key == "lake":
            self._put(hex_, seat, HOUSE)
            self.tell(
                seat,
                "{player} builds a free house on the lake {hex_name}",
                hex_name=self.hex_name(hex_),
            )
            self._after_house(seat, hex_)
        elif key == "tp":
            self._trading_post(seat, hex_, 0, msg("upgrades for free"))
        else:
            self._convert_free(seat, hex_, msg("the palace's special action"))
            if build is not None:
                self.build(seat, hex_)

    def upgrade(self, seat: int, hexes: tuple[int, ...], words: tuple[str, ...]) -> None:
        """`upgrade <hex> tp` or `upgrade <hex> palace left|right [edge hex]` (the Fire
        Sprites' free house)."""
        hex_, edge = hexes[0], (hexes[1] if len(hexes) == 2 else None)
        if len(words) == 1:
            cost = rules.trading_post_cost(self.board, self.state, seat, hex_)
            if rules.has_palace_ability(self.state, seat, "trading-post-points"):
                self._score(seat, 3, msg("their right palace"))
            self._trading_post(seat, hex_, cost, msg("upgrades the house"))
            return
        palace: PalaceSide = "left" if words[1] == "left" else "right"
        player = self.player(seat)
        player.money -= PALACE_COST
        self._set_building(hex_, PALACE)
        player.palaces.append(palace)
        faction = rules.faction(self.state, seat)
        ability = faction.palace(palace)
        self.tell(
            seat,
            "{player} upgrades the trading post on {hex_name} to the {palace} palace: {text}",
            hex_name=self.hex_name(hex_),
            palace=term(palace, "palace side"),
            text=palace_text(ability.ability),
        )
        self._round_score(seat, "palace")
        if ability.ability == "six-power":
            self._gain(seat, 6, msg("their palace"))
        self._upgraded(seat, hex_)
        if ability.ability == "free-sailing" and player.sailing < faction.max_sailing:
            self._advance_sailing(seat, msg("for free with their palace"))
        if ability.ability == "edge-house" and edge is not None:
            self._convert_free(seat, edge, msg("their palace"))
            self._put(edge, seat, HOUSE)
            self.tell(
                seat, "{player} builds a free house on {hex_name}", hex_name=self.hex_name(edge)
            )
            self._after_house(seat, edge)

    def _trading_post(
        self, seat: int, hex_: int, cost: int, how: Message, built: bool = False
    ) -> None:
        """A trading post on `hex_`: in place of a house, or `built` on an empty hex."""
        self.player_shallow(seat).money -= cost
        self._set_building(hex_, TRADING_POST)
        said = msg(
            "{player} {how} on {hex} to a trading post",
            player=self.who(seat),
            how=how,
            hex=self.hex_name(hex_),
        )
        if cost:
            said = msg("{upgrade} ({cost} money)", upgrade=said, cost=cost)
        self.say(said, seat)
        self._round_score(seat, "trading-post")
        self._upgraded(seat, hex_, built)

    def _upgraded(self, seat: int, hex_: int, built: bool = False) -> None:
        """What every upgrade triggers: neighbours' power, the Sand Cats' money, towns."""
        self._neighbour_power(seat, hex_)
        for other, mate in enumerate(self.state.seats):
            if other != seat and mate.faction == "sand-cats":
                money = 2 if len(self.state.players) == 2 else 1
                self.player_shallow(other).money += money
                self.tell(other, "{player} gets {money} money for the upgrade", money=money)
        self._towns_after(seat, hex_ if built else None)

    def sail(self, seat: int) -> None:
        self.player_shallow(seat).money -= SAILING_COST
        self._advance_sailing(seat, msg("for {sailing_cost} money", sailing_cost=SAILING_COST))

    def bridge(self, seat: int, first: int, second: int, paid: bool = True) -> None:
        if paid:
            self.player_shallow(seat).money -= BRIDGE_COST
        bridges = self.edit("bridges")
        bridges.append((first, second, seat))
        left = BRIDGES - sum(1 for *_, who in bridges if who == seat)
        self.tell(
            seat,
            "{player} builds a bridge {hex_name}–{hex_name2} ({left} left)",
            hex_name=self.hex_name(first),
            hex_name2=self.hex_name(second),
            left=left,
        )
        self._towns_after(seat)

    def exchange(self, seat: int, amount: int, for_points: bool = False) -> None:
        player = self.player(seat)
        power.spend(player.bowls, amount)
        if for_points:
            self.tell(seat, "{player} exchanges {amount} power for points", amount=amount)
            self._score(seat, amount // 3 * 2, msg("the exchange"))
            return
        player.money += amount
        self.tell(seat, "{player} exchanges {amount} power for {amount} money", amount=amount)

    def choose_town(self, seat: int, key: str) -> None:
        player = self.player(seat)
        tile = TOWN_BY_KEY[key]
        at = next(i for i, t in enumerate(self.state.towns) if t.seat == seat and not t.tile)
        self.edit_item("towns", at).tile = key
        player.towns_left.remove(key)
        player.towns_to_choose -= 1
        self.tell(seat, "{player} takes the town tile {key}", key=key)
        self._score(seat, tile.points, msg("the town tile"))
        player.money += tile.money
        if tile.power:
            self._gain(seat, tile.power, msg("the town tile"))
        if tile.sailing and player.sailing < rules.faction(self.state, seat).max_sailing:
            self._advance_sailing(seat, msg("from the town tile"))

    def pass_round(self, seat: int, bonus: str) -> None:
        s = self.state
        if not s.passed_order:
            self.tell(seat, "{player} passes first and takes the start marker")
        else:
            self.tell(seat, "{player} passes")
        self.edit("passed_order").append(seat)
        self._pass_scoring(seat)
        returned = s.seats[seat].bonus
        self._take_from_offer(seat, bonus)
        self.edit("offer")[returned] = 0
        self.player_shallow(seat).passed = True

    def resign(self, seat: int) -> bool:
        """The seat resigns: its buildings stay, it passes at once in every later round and
        ranks last. True if it was to act in a turn, which is then skipped (the caller's)."""
        s, before = self.state, self.old
        self.player_shallow(seat).resigned = True
        self.say(msg("{player} resigns and ranks last", player=super().who(seat)), seat)
        if all(player.resigned for player in s.seats):
            s.phase = "over"
            s.end_reason = msg("every player resigned").english()
            return False
        if before.phase == "round-end":
            if seat in s.exchanging:
                self.finish_exchanges(seat, msg("no longer exchanges power"))
            return False
        if seat == before.current:
            return True
        if before.phase == "actions":
            self.player_shallow(seat).passed = True
        return False

    # -- what follows -------------------------------------------------------------------

    def _take_from_offer(self, seat: int, key: str) -> None:
        player = self.player_shallow(seat)
        coins = self.edit("offer").pop(key)
        player.bonus = key
        player.money += coins
        said = msg(
            "{player} takes {key} ({text})",
            player=self.who(seat),
            key=key,
            text=bonus_text(key),
        )
        if coins:
            said = msg("{take} with {coins} money on it", take=said, coins=coins)
        self.say(said, seat)

    def _pass_scoring(self, seat: int) -> None:
        s, player = self.state, self.state.seats[seat]
        tile = BONUS_BY_KEY[player.bonus] if player.bonus else None
        if tile is not None and tile.pass_scoring is not None:
            per = tile.pass_scoring
            units = player.sailing if per == "sailing" else rules.count(s, seat, BUILDING_OF[per])
            self._score(seat, units * tile.pass_points, msg("{key} on passing", key=tile.key))
        if player.faction == "golems":
            posts = rules.count(s, seat, TRADING_POST)
            points = 0 if posts == 0 else max(2, posts)
            self._score(seat, points, msg("{posts} trading posts on passing", posts=posts))
        if not player.palaces:
            return  # (the rest is what palaces give on passing)
        mine = set(rules.buildings_of(s, seat))
        settlements = rules.groups(self.board, s, mine)
        if rules.has_palace_ability(s, seat, "edge-settlements"):
            touching = sum(1 for g in settlements if g & self.board.edge)
            self._score(seat, touching, msg("settlements on the board edge"))
        if rules.has_palace_ability(s, seat, "settlement-power"):
            self._gain(
                seat, 2 * len(settlements), msg("{count} settlements", count=len(settlements))
            )
        if rules.has_palace_ability(s, seat, "dry-points"):
            dry = sum(
                1 for h in mine if all(self.board.is_land(n) for n in self.board.neighbours[h])
            )
            self._score(seat, dry, msg("buildings away from the river"))

    def _after_house(self, seat: int, hex_: int) -> None:
        self._round_score(seat, "house")
        if rules.has_palace_ability(self.state, seat, "house-points"):
            self._score(seat, 2, msg("their right palace"))
        for other, mate in enumerate(self.state.seats):
            if other != seat and mate.faction == "inventors":
                self._gain(other, 2 if len(self.state.players) == 2 else 1, msg("another's house"))
        self._neighbour_power(seat, hex_)
        self._towns_after(seat, built=hex_)

    def _neighbour_power(self, seat: int, hex_: int) -> None:
        """Other factions gain 1 power per building next to the new one (free, so automatic)."""
        s, counts = self.state, dict[int, int]()
        for n in rules.adjacent(self.board, s, hex_):
            other = s.owner[n]
            if other not in (FREE, seat) and other < len(s.players):
                counts[other] = counts.get(other, 0) + 1
        for other in sorted(counts):
            self._gain(
                other,
                counts[other],
                plural_msg("building next door", "buildings next door", count=counts[other]),
            )

    def _towns_after(self, seat: int, built: int | None = None) -> None:
        """The seat's towns after its action: a building just `built` on an empty hex next to
        one of its towns joins that town, then every group of its buildings outside towns that
        now makes a town founds one. (The book lets a town grow only by a building built next
        to it: a bridge or an upgrade moves no building into a town.)"""
        s = self.state
        if built is not None:
            near = rules.adjacent(self.board, s, built)
            joined = next(
                (
                    at
                    for at, town in enumerate(s.towns)
                    if town.seat == seat and any(h in town.hexes for h in near)
                ),
                None,
            )
            if joined is not None:
                self.edit_item("towns", joined).hexes.append(built)
        for group in rules.new_towns(self.board, s, seat):
            self._found_town(seat, group)

    def river_town(self, seat: int, river: int) -> None:
        """The Sea Dogs join their buildings on the banks of `river` into one town, its tile
        to lie on that river hex (a free choice in their turn, not an action)."""
        banks = rules.banks_of(self.board, self.state, seat, river)
        self._found_town(seat, set().union(*banks), river)

    def _found_town(self, seat: int, group: set[int], river: int | None = None) -> None:
        self.edit("towns").append(Town(seat=seat, tile="", hexes=sorted(group), river=river))
        player = self.player_shallow(seat)
        player.towns_to_choose += 1
        names = ", ".join(self.hex_name(h) for h in sorted(group))
        if river is None:
            said = msg("{player} founds a town: {hexes}", player=self.who(seat), hexes=names)
        else:
            said = msg(
                "{player} founds a town across the river at {river}: {hexes}",
                player=self.who(seat),
                river=self.hex_name(river),
                hexes=names,
            )
        self.say(said, seat)
        self._round_score(seat, "town")
        if player.faction == "water-sprites":
            self._score(seat, 4, msg("their ability"))

    def _advance_sailing(self, seat: int, how: Message) -> None:
        player = self.player_shallow(seat)
        player.sailing += 1
        points = rules.faction(self.state, seat).sailing_points[player.sailing - 1]
        self.tell(
            seat, "{player} improves sailing to {sailing} {how}", sailing=player.sailing, how=how
        )
        self._score(seat, points, msg("the sailing track"))
        self._round_score(seat, "sailing")

    def _round_score(self, seat: int, kind: RoundKind, times: int = 1) -> None:
        s = self.state
        if s.phase != "actions" or s.round_tiles[s.round - 1] != kind:
            return
        self._score(seat, ROUND_KINDS[kind].points * times, msg("the round scoring"))

    def _score(self, seat: int, points: int, why: Message) -> None:
        if points <= 0:
            return
        self.player_shallow(seat).score += points
        self.tell(seat, "{player} scores {points} for {why}", points=points, why=why)

    def _gain(self, seat: int, amount: int, why: Message) -> None:
        used = power.gain(self.player(seat).bowls, amount)
        said = msg(
            "{player} gains {amount} power for {why}",
            player=self.who(seat),
            amount=amount,
            why=why,
        )
        if used < amount:
            said = msg("{gain} ({count} lost)", gain=said, count=amount - used)
        self.say(said, seat)

    def _put(self, hex_: int, owner: int, kind: str) -> None:
        """A building of `owner` (a seat, or a neutral colour) on the empty hex `hex_`."""
        self.edit("owner")[hex_] = owner
        self._set_building(hex_, kind)

    def _set_building(self, hex_: int, kind: str) -> None:
        self.touched.add(hex_)
        b = self.state.building
        self.state.building = b[:hex_] + kind + b[hex_ + 1 :]

    def _set_terrain(self, hex_: int, letter: str) -> None:
        self.touched.add(hex_)
        t = self.state.terrain
        self.state.terrain = t[:hex_] + letter + t[hex_ + 1 :]


#: How each kind of action is carried out (a `build` in the set-up is a starting house).
PERFORM: dict[str, Callable[[TurnBuilder, int, Action], None]] = {
    "pass": lambda turn, seat, a: turn.pass_round(seat, a.words[0]),
    "neutral": lambda turn, seat, a: turn.place_neutral(seat, a.hexes[0]),
    "choose": lambda turn, seat, a: turn.choose(seat, a.words[0]),
    "take": lambda turn, seat, a: turn.take_bonus(seat, a.words[0]),
    "build": lambda turn, seat, a: (
        turn.start_house if turn.state.phase == "houses" else turn.build
    )(seat, a.hexes[0]),
    "transform": lambda turn, seat, a: turn.transform(seat, a.hexes[0], bool(a.words)),
    "upgrade": lambda turn, seat, a: turn.upgrade(seat, a.hexes, a.words),
    "power": lambda turn, seat, a: turn.power_action(seat, a.words[0], a.hexes, a.build),
    "special": lambda turn, seat, a: turn.special(seat, a.words[0], a.hexes, a.build),
    "sail": lambda turn, seat, a: turn.sail(seat),
    "bridge": lambda turn, seat, a: turn.bridge(seat, min(a.hexes), max(a.hexes)),
    "exchange": lambda turn, seat, a: turn.exchange(seat, a.number, bool(a.words)),
    "town": lambda turn, seat, a: (
        turn.river_town(seat, a.hexes[0]) if a.hexes else turn.choose_town(seat, a.words[0])
    ),
    "done": lambda turn, seat, a: turn.finish_exchanges(seat),
}


@lru_cache(maxsize=1024)
def _named(player: str, faction: str) -> Message:
    """`alice (Fairies)`, made once per player and faction: events name a seat several times
    an action (a message is never changed once made)."""
    return msg("{player} ({faction})", player=player, faction=faction_term(faction))


def changed_since(
    before: TerraNovaState, after: TerraNovaState, seat: int, among: Iterable[int] | None = None
) -> tuple[list[int], list[tuple[int, int]]]:
    """The seat's turn as the map shows it: the hexes (among those given, or all) whose
    terrain, owner or building changed from `before` to `after` and the bridges built, added
    to what the same turn changed before if that record was still open."""
    hexes = {
        h
        for h in (range(len(after.owner)) if among is None else among)
        if before.terrain[h] != after.terrain[h]
        or before.building[h] != after.building[h]
        or before.owner[h] != after.owner[h]
    }
    bridges = [(a, b) for a, b, _ in after.bridges[len(before.bridges) :]]
    earlier = before.last_turn
    if earlier is not None and earlier.open and earlier.seat == seat:
        hexes.update(earlier.hexes)
        bridges = [*earlier.bridges, *bridges]
    return sorted(hexes), bridges


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
    for tied in rank(sizes):
        pool = sum(NETWORK_POINTS[place : place + len(tied)])
        for seat in tied:
            points[seat] = pool // len(tied)
        place += len(tied)
    return points
