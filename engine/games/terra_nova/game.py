"""Terra Nova (KOSMOS 2022): spread your faction over the map, make land habitable, build.

The rules as implemented, with every house ruling and what is still missing, are in
docs/games/terra-nova.md. The game is not registered yet (it is being built).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, get_args

from engine.core import (
    BadOptions,
    BaseState,
    Chance,
    Game,
    GameInfo,
    IllegalAction,
    OptionSpec,
    OptionValue,
    Result,
    Rng,
    nearest,
)

from . import rules
from .board import Board, Side, board
from .checks import Checker
from .factions import FACTIONS, POWER_TOKENS, PalaceSide
from .notation import (
    KEYWORDS,
    KINDS,
    MAX_ACTION_WORDS,
    SPECIAL_KEYS,
    Action,
    parse_action,
)
from .state import FREE, HOUSE, NO_BUILDING, TRADING_POST, Player, TerraNovaState
from .terrain import TERRAIN_LETTERS, TERRAINS
from .tiles import (
    BONUS_TILES,
    EXTRA_BONUS_TILES,
    FIRST_GAME_ROUNDS,
    FIRST_GAMES,
    POWER_ACTIONS,
    ROUND_TILES,
    ROUNDS,
    TOWN_TILES,
)
from .turn import Turn
from .view import build_view

State = TerraNovaState
_LETTER_OF = {terrain: letter for letter, terrain in TERRAIN_LETTERS.items()}


class TerraNova(Game[TerraNovaState, Action]):
    info: ClassVar[GameInfo] = GameInfo(
        key="terra-nova",
        name="Terra Nova",
        min_players=2,
        max_players=4,
        summary=(
            "Lead one of ten factions: make land habitable, build houses, trading posts and "
            "palaces, found towns and score the round goals over five rounds."
        ),
        options=[
            OptionSpec(
                key="first_game",
                description="the book's fixed first-game set-up (factions, houses, tiles)",
                kind="bool",
                default=False,
            ),
            OptionSpec(
                key="turn_order",
                description="clockwise, or each round in the order the players passed",
                kind="choice",
                default="clockwise",
                choices=["clockwise", "drop-out"],
            ),
            OptionSpec(
                key="variant",
                description="2-player variants with neutral houses on the 2-player board side",
                kind="choice",
                default="none",
                choices=["none", "planner", "lucky-digger"],
            ),
        ],
    )
    state_model: ClassVar[type[BaseState]] = TerraNovaState

    @staticmethod
    def board_of(state: State) -> Board:
        return board(state.side)

    # -- set-up -------------------------------------------------------------------------

    def setup(self, players: list[str], seed: int, options: dict[str, OptionValue]) -> State:
        rng = Rng(seed=seed)
        chance = Chance(rng)
        count = len(players)
        variant = options.get("variant", "none")
        if variant != "none" and count != 2:
            raise BadOptions(f"The {variant} variant is for 2 players, not {count}.")
        if variant != "none" and options.get("first_game"):
            raise BadOptions("The first-game set-up uses the standard board, without variants.")
        first_game = FIRST_GAMES[count] if options.get("first_game") else None
        tiles = list(ROUND_TILES)
        chance.shuffle(tiles, "the round scoring tiles")
        bonus = [tile.key for tile in BONUS_TILES]
        chance.shuffle(bonus, "the bonus tiles")
        b = board("standard" if variant == "none" else "duo")
        state = TerraNovaState(
            players=players,
            options=options,
            rng=rng,
            phase="factions",
            round_tiles=list(FIRST_GAME_ROUNDS) if first_game else tiles[:ROUNDS],
            offer={
                key: 0
                for key in (
                    first_game.bonus_tiles if first_game else bonus[: count + EXTRA_BONUS_TILES]
                )
            },
            order=list(range(count)),
            queue=list(range(count)),
            terrain="".join("~" if kind is None else _LETTER_OF[kind] for kind in b.terrain),
            owner=[FREE] * len(b),
            building=NO_BUILDING * len(b),
            seats=[Player() for _ in players],
            side=b.side,
        )
        if variant == "planner":
            planner = chance.choice(TERRAINS, "the Planner's neutral colour")
            state.planner = planner
            state.phase = "neutral"
            state.neutral = [planner, planner]
        if first_game is None:
            return state
        turn = Turn(b, state)
        for key in first_game.factions:
            turn.choose(turn.s.current, key)
        for seat in list(turn.s.queue):
            houses = first_game.houses[seat]
            placed = sum(1 for who in turn.s.owner if who == seat)
            turn.start_house(seat, b.names.index(houses[placed]))
        for seat in list(turn.s.queue):
            turn.take_bonus(seat, first_game.chosen[seat])
        return turn.s

    # -- turns --------------------------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset(state.acting())

    def legal_actions(self, state: State, seat: int) -> list[str]:
        if seat not in state.acting():
            return []
        check = Checker(self.board_of(state), state, seat)
        names = self.board_of(state).names
        if state.phase == "neutral":
            return [
                f"neutral {names[h]}"
                for h in sorted(check.board.marked)
                if check.neutral_house(h) is None
            ]
        if state.phase == "factions":
            return [f"choose {f.key}" for f in FACTIONS if check.choose(f.key) is None]
        if state.phase == "houses":
            return [
                f"build {names[h]}"
                for h in self.board_of(state).land()
                if check.start_house(h) is None
            ]
        if state.phase == "bonus":
            return [f"take {key}" for key in sorted(state.offer)]
        player = state.seats[seat]
        exchanges = [f"exchange {n}" for n in range(1, player.bowls[2] + 1)]
        if player.faction == "druids":
            exchanges += [f"exchange {n} vp" for n in range(3, player.bowls[2] + 1, 3)]
        if state.phase == "round-end":
            return [*exchanges, "done"]
        if player.towns_to_choose:
            return [f"town {key}" for key in player.towns_left] + exchanges
        river_towns = self._river_towns(state, seat, check)
        if state.acted:
            return river_towns + exchanges
        return self._main_actions(state, seat, check) + river_towns + exchanges

    def _main_actions(self, state: State, seat: int, check: Checker) -> list[str]:
        names = self.board_of(state).names
        actions: list[str] = []
        for h in sorted(check.reach):
            if state.owner[h] != FREE:
                continue
            if check.build(h) is None:
                actions.append(f"build {names[h]}")
            elif check.transform(h, then_build=False) is None:
                actions.append(f"transform {names[h]}")
                if check.transform(h, then_build=True) is None:
                    actions.append(f"transform {names[h]} build")
        for h in rules.buildings_of(state, seat):
            if state.building[h] == HOUSE and check.upgrade(h, ("tp",)) is None:
                actions.append(f"upgrade {names[h]} tp")
            if state.building[h] == TRADING_POST:
                for side in ("left", "right"):
                    text = f"upgrade {names[h]} palace {side}"
                    edges = check.edge_hexes() if side == "left" else []
                    if edges and check.upgrade(h, ("palace", side), edges[0]) is None:
                        actions += [f"{text} {names[e]}" for e in edges]
                    elif check.upgrade(h, ("palace", side)) is None:
                        actions.append(text)
        if check.sail() is None:
            actions.append("sail")
        actions += [
            f"bridge {names[a]} {names[b]}"
            for a, b in self.board_of(state).bridge_spots
            if check.bridge(a, b) is None
        ]
        actions += self._keyed_actions(state, seat, check)
        actions += [f"pass {key}" for key in sorted(state.offer)]
        return actions

    def _river_towns(self, state: State, seat: int, check: Checker) -> list[str]:
        """The Sea Dogs' `town across …` texts: river hexes next to their buildings outside
        towns, across which those buildings would make a town."""
        if state.seats[seat].faction != "sea-dogs":
            return []
        board = check.board
        shores = {
            n
            for h in rules.outside_towns(state, seat)
            for n in board.neighbours[h]
            if not board.is_land(n)
        }
        return [
            f"town across {board.names[r]}" for r in sorted(shores) if check.river_town(r) is None
        ]

    def _keyed_actions(self, state: State, seat: int, check: Checker) -> list[str]:
        """Every legal `power …` and `special …` text, trying only actions available now."""
        names = self.board_of(state).names
        spots = [h for h in sorted(check.reach) if state.owner[h] == FREE]
        legal: list[str] = []

        def keep(
            kind: Literal["power", "special"],
            key: str,
            hexes: tuple[int, ...],
            build: int | None = None,
        ) -> None:
            action = Action(kind, hexes, (key,), build=build)
            if check.main_action(action) is None:
                words = [kind, key]
                for h in hexes:
                    words.append(names[h])
                    if h == build:
                        words.append("build")
                legal.append(" ".join(words))

        def with_builds(kind: Literal["power", "special"], key: str, hexes: list[int]) -> None:
            for h in hexes:
                keep(kind, key, (h,))
                keep(kind, key, (h,), build=h)

        for key in POWER_ACTIONS:
            if check.power_available(key) is not None:
                continue
            if key in ("7money", "sail"):
                keep("power", key, ())
            elif key in ("bridge3", "bridge4"):
                for a, b in self.board_of(state).bridge_spots:
                    keep("power", key, (a, b))
            else:
                with_builds("power", key, spots)
        if check.power_available("2shovels") is None:
            ones = [h for h in spots if check.two_shovels((h,), None) is None]
            ones = [h for h in ones if rules.shovels_needed(state, seat, h) == 1]
            for i, a in enumerate(ones):
                for b in ones[i + 1 :]:
                    for build in (None, a, b):
                        keep("power", "2shovels", (a, b), build)
        if check.power_available("fairy") is None:
            with_builds("power", "fairy", spots)
        if check.power_available("tp") is None:
            for h in spots:
                keep("power", "tp", (h,))
        if check.special_available("shovel") is None:
            with_builds("special", "shovel", spots)
        if check.special_available("lake") is None:
            for h in self.board_of(state).land():
                keep("special", "lake", (h,))
        if check.special_available("tp") is None:
            for h in rules.buildings_of(state, seat):
                keep("special", "tp", (h,))
        if check.special_available("continent") is None:
            free = [h for h in self.board_of(state).land() if state.owner[h] == FREE]
            with_builds("special", "continent", free)
        return legal

    def apply(self, state: State, seat: int, text: str) -> Result[State]:
        """A whole turn; once its action is done (and any town tile chosen), the turn passes."""
        result = super().apply(state, seat, text)
        after = result.state
        if after.phase != "actions" or not after.acted:
            return result
        if after.seats[after.current].towns_to_choose:
            return result
        turn = Turn(self.board_of(state), after)
        turn.end_turn()
        return Result(turn.s, result.events + turn.events)

    def parse(self, state: State, text: str) -> Action:
        return parse_action(self.board_of(state), text, lambda: [])

    def apply_action(self, state: State, seat: int, text: str) -> Result[State]:
        action = parse_action(self.board_of(state), text, lambda: self.legal_actions(state, seat))
        why = Checker(self.board_of(state), state, seat).why(action)
        if why is not None:
            raise IllegalAction(text, why, nearest(text, self.legal_actions(state, seat)))
        turn = Turn(self.board_of(state), state)
        self._perform(turn, seat, action)
        return Result(turn.s, turn.events)

    def longest_action(self) -> int:
        """At most `MAX_ACTION_WORDS` words of the game's vocabulary: kinds, keys of factions,
        tiles and actions, hex names of both boards, power amounts."""
        words = [
            *KINDS,
            *KEYWORDS,
            *SPECIAL_KEYS,
            *(faction.key for faction in FACTIONS),
            *(tile.key for tile in BONUS_TILES),
            *(tile.key for tile in TOWN_TILES),
            *POWER_ACTIONS,
            *(name for side in get_args(Side) for name in board(side).names),
            str(POWER_TOKENS),
        ]
        return MAX_ACTION_WORDS * (max(len(word) for word in words) + 1) - 1

    def max_turn_parts(self) -> int:
        """Exchanges of one power each before and after the action (bowl III never holds
        more than all tokens, and a town tile can refill it), the action, and a town tile
        for each town founded (at most one per tile)."""
        return 2 * POWER_TOKENS + 1 + len(TOWN_TILES)

    def _perform(self, turn: Turn, seat: int, action: Action) -> None:
        kind, phase = action.kind, turn.s.phase
        if kind == "neutral":
            turn.place_neutral(seat, action.hexes[0])
        elif kind == "choose":
            turn.choose(seat, action.words[0])
        elif kind == "take":
            turn.take_bonus(seat, action.words[0])
        elif kind == "build" and phase == "houses":
            turn.start_house(seat, action.hexes[0])
        elif kind == "build":
            turn.build(seat, action.hexes[0])
        elif kind == "transform":
            turn.transform(seat, action.hexes[0], then_build=bool(action.words))
        elif kind == "upgrade":
            palace: PalaceSide | None = None
            if len(action.words) == 2:
                palace = "left" if action.words[1] == "left" else "right"
            edge = action.hexes[1] if len(action.hexes) == 2 else None
            turn.upgrade(seat, action.hexes[0], palace, edge)
        elif kind == "power":
            cost = Checker(turn.board, turn.s, seat).power_cost(action.words[0])
            turn.power_action(seat, action.words[0], cost, action.hexes, action.build)
        elif kind == "special":
            turn.special(seat, action.words[0], action.hexes, action.build)
        elif kind == "sail":
            turn.sail(seat)
        elif kind == "bridge":
            first, second = sorted(action.hexes)
            turn.bridge(seat, first, second)
        elif kind == "exchange":
            turn.exchange(seat, action.number, for_points=bool(action.words))
        elif kind == "town" and action.hexes:
            turn.river_town(seat, action.hexes[0])
        elif kind == "town":
            turn.choose_town(seat, action.words[0])
        elif kind == "done":
            turn.finish_exchanges(seat)
        else:
            turn.pass_round(seat, action.words[0])

    # -- leaving the game ---------------------------------------------------------------

    def skip_seat(self, state: State, seat: int) -> Result[State]:
        """A skipped seat takes the first legal set-up choice, or passes (first tile on offer),
        or at a round end is simply done exchanging."""
        return self.apply(state, seat, self._default_action(state, seat))

    def has_resigned(self, state: State, seat: int) -> bool:
        return state.seats[seat].resigned

    def resign_seat(self, state: State, seat: int) -> Result[State]:
        """The seat's buildings stay; it passes at once in every later round and ranks last."""
        turn = Turn(self.board_of(state), state)
        turn.s.seats[seat].resigned = True
        turn.say(f"{state.players[seat]} resigns and ranks last", seat)
        if all(player.resigned for player in turn.s.seats):
            turn.s.phase = "over"
            turn.s.end_reason = "every player resigned"
            return Result(turn.s, turn.events)
        if state.phase == "round-end":
            if seat in turn.s.exchanging:
                turn.finish_exchanges(seat, "no longer exchanges power")
            return Result(turn.s, turn.events)
        resigned = Result(turn.s, turn.events)
        if seat != state.current:
            if state.phase == "actions":
                turn.s.seats[seat].passed = True
            return resigned
        follow = self.skip(turn.s, seat)
        return Result(follow.state, turn.events + follow.events)

    def _default_action(self, state: State, seat: int) -> str:
        player = state.seats[seat]
        if state.phase == "round-end":
            return "done"
        if state.phase == "actions" and not player.towns_to_choose:
            return f"pass {sorted(state.offer)[0]}"
        return self.legal_actions(state, seat)[0]

    # -- the end ------------------------------------------------------------------------

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> list[int]:
        return [player.score for player in state.seats]

    # -- views --------------------------------------------------------------------------

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return build_view(self.board_of(state), state)
