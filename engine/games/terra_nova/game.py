"""Terra Nova (KOSMOS 2022): spread your faction over the map, make land habitable, build.

The rules as implemented, with every house ruling, are in docs/games/terra-nova.md. Built on
the engine core as Terra Nova (2006) is: the phase table (phases.py), the checker
(checks.py), the action type (actions.py), the copy-on-write turn builder (turn.py) and the
typed view (view.py).
"""

from __future__ import annotations

from typing import ClassVar, get_args

from engine.core import (
    BadOptions,
    BaseState,
    Chance,
    Game,
    GameInfo,
    Message,
    OptionValue,
    Phase,
    Result,
    Rng,
    msg,
    read_info,
)

from .actions import KEYWORDS, KINDS, MAX_ACTION_WORDS, SPECIAL_KEYS, Action, parse_action
from .board import Board, Side, board
from .factions import FACTIONS, POWER_TOKENS
from .phases import checker, phase_of
from .state import FREE, NO_BUILDING, Player, TerraNovaState
from .summary import TerraNovaTableTalk
from .terrain import LETTER_OF, TERRAINS
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
from .turn import TurnBuilder
from .view import TerraNovaView, build_view

State = TerraNovaState


class TerraNova(TerraNovaTableTalk, Game[TerraNovaState, Action]):
    #: Its name, player range, options and standing answer: data/game.txt.
    info: ClassVar[GameInfo] = read_info(__package__)
    state_model: ClassVar[type[BaseState]] = TerraNovaState
    #: German faction names are typed as aliases (`choose Feen` is `choose fairies`).
    alias_contexts: ClassVar[tuple[str, ...]] = ("faction",)

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
            raise BadOptions(
                msg(
                    "The {variant} variant is for 2 players, not {count}.",
                    variant=variant,
                    count=count,
                )
            )
        if variant != "none" and options.get("first-game"):
            raise BadOptions(
                msg("The first-game set-up uses the standard board, without variants.")
            )
        first_game = FIRST_GAMES[count] if options.get("first-game") else None
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
            terrain="".join("~" if kind is None else LETTER_OF[kind] for kind in b.terrain),
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
        turn = TurnBuilder(state)
        for key in first_game.factions:
            turn.choose(turn.state.current, key)
        for seat in list(turn.state.queue):
            houses = first_game.houses[seat]
            placed = sum(1 for who in turn.state.owner if who == seat)
            turn.start_house(seat, b.names.index(houses[placed]))
        for seat in list(turn.state.queue):
            turn.take_bonus(seat, first_game.chosen[seat])
        return turn.state

    # -- turns --------------------------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset(state.acting())

    def phase(self, state: State, seat: int) -> Phase[State, Action]:
        return phase_of(state, seat)

    def parse(self, state: State, text: str) -> Action:
        return parse_action(self.board_of(state), text)

    def check(self, state: State, seat: int, action: Action) -> Message | None:
        return checker(state, seat).check(action)

    def perform(self, state: State, seat: int, action: Action) -> Result[State]:
        turn = TurnBuilder(state)
        turn.perform(seat, action)
        return turn.result()

    def apply(self, state: State, seat: int, text: str) -> Result[State]:
        """A whole turn: its exchanges, its action and any town tile; then the turn passes
        (only here, so a turn's later parts never reach into the seat's next turn)."""
        done = self.apply_parts(state, seat, text)
        turn = TurnBuilder(done.state)
        turn.events = done.events
        turn.finish_turn(state, seat)
        return turn.result()

    def play_listed(self, state: State, seat: int, action: Action) -> Result[State]:
        """One action value played as a whole turn, as `apply` plays a text (carried out and
        finished by one builder; `play` checks it first)."""
        turn = TurnBuilder(state)
        turn.perform(seat, action)
        turn.finish_turn(state, seat)
        return turn.result()

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

    # -- leaving the game ---------------------------------------------------------------

    def skip_seat(self, state: State, seat: int) -> Result[State]:
        """A skipped seat takes the first legal set-up choice, or passes (first tile on offer),
        or at a round end is simply done exchanging."""
        return self.play(state, seat, self._default_action(state, seat))

    def has_resigned(self, state: State, seat: int) -> bool:
        return state.seats[seat].resigned

    def resign_seat(self, state: State, seat: int) -> Result[State]:
        """The seat's buildings stay; it passes at once in every later round and ranks last."""
        turn = TurnBuilder(state)
        if not turn.resign(seat):
            return turn.result()
        follow = self.skip(turn.state, seat)
        return Result(follow.state, turn.events + follow.events)

    def _default_action(self, state: State, seat: int) -> Action:
        player = state.seats[seat]
        if state.phase == "round-end":
            return Action("done", side=state.side)
        if state.phase == "actions" and not player.towns_to_choose:
            return Action("pass", words=(sorted(state.offer)[0],), side=state.side)
        return self.legal(state, seat)[0]

    # -- the end ------------------------------------------------------------------------

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> list[int]:
        return [player.score for player in state.seats]

    # -- views --------------------------------------------------------------------------

    def view_of(self, state: State, viewer: int | None) -> TerraNovaView:
        return build_view(state)
