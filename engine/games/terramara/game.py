"""Terramara: send your chief and scouts out over five rounds, craft artifacts, travel the road.

The rules as implemented, the notation and every house ruling are in docs/games/terramara.md.
The pieces: the phase table and checker (legal.py), the action type (actions.py), the
copy-on-write builder (builder.py) with the task stack (tasks.py) and the course of the game
(flow.py), the typed view (view.py) and what is hidden (hidden.py).
"""

from __future__ import annotations

from typing import ClassVar

from engine.core import (
    BaseState,
    Chance,
    Game,
    GameInfo,
    Message,
    OptionSpec,
    OptionValue,
    Phase,
    Result,
    msg,
)

from . import flow, legal, limits
from .actions import Action
from .builder import Builder
from .hidden import resample_hidden
from .scoring import final_scores
from .state import Member, TerramaraState
from .summary import TerramaraTableTalk
from .tasks import options, resolve, task_of, waiting_seats
from .view import TerramaraView, build_view

State = TerramaraState

_OPTIONS = [
    OptionSpec(
        key="first-game",
        description=(
            "The rulebook's first game: no persons and no start resource cards; everyone starts "
            "with one raw tile of each kind, a level-1 worker, 1 culture and military by seat; "
            "a fixed territory layout."
        ),
        kind="bool",
        default=False,
    ),
    OptionSpec(
        key="random-territories",
        description="First game only: draw the territories at random, as the rulebook does.",
        kind="bool",
        default=False,
    ),
]


class Terramara(TerramaraTableTalk, Game[TerramaraState, Action]):
    info: ClassVar[GameInfo] = GameInfo(
        key="terramara",
        name="Terramara",
        min_players=2,
        max_players=4,
        summary=(
            "Lead a tribe of the Po valley for five rounds: send your chief and scouts to "
            "territories and home spaces, craft artifacts from the river, travel the road to "
            "outposts and grow your culture and military."
        ),
        options=_OPTIONS,
    )
    state_model: ClassVar[type[BaseState]] = TerramaraState

    def setup(self, players: list[str], seed: int, options: dict[str, OptionValue]) -> State:
        state = flow.setup(
            players, seed, bool(options["first-game"]), bool(options["random-territories"])
        )
        state.options = dict(options)
        return state

    # -- turns --------------------------------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset(seats_to_act(state))

    def phase(self, state: State, seat: int) -> Phase[State, Action]:
        return legal.phase_of(state, seat)

    def longest_action(self) -> int:
        return limits.longest_action()

    def max_turn_parts(self) -> int:
        return limits.max_turn_parts()

    def parse(self, state: State, text: str) -> Action:
        return Action.parse(text)

    def check(self, state: State, seat: int, action: Action) -> Message | None:
        return legal.check(state, seat, action)

    def perform(self, state: State, seat: int, action: Action) -> Result[State]:
        b = Builder(state)
        _carry_out(b, seat, action)
        flow.settle(b)
        return b.result()

    # -- leaving the game ---------------------------------------------------------------------

    def has_resigned(self, state: State, seat: int) -> bool:
        return state.seats[seat].resigned

    def resign_seat(self, state: State, seat: int) -> Result[State]:
        b = Builder(state)
        flow.resign(b, seat)
        return b.result()

    def skip_seat(self, state: State, seat: int) -> Result[State]:
        """Play the absent seat's current obligation with the plainest choices (H26)."""
        b = Builder(state)
        b.say(msg("{seat} is skipped", seat=state.players[seat]))
        _skip(b, seat)
        return b.result()

    # -- the end ------------------------------------------------------------------------------

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> list[int]:
        return [score.total for score in final_scores(state)]

    def rank_keys(self, state: State) -> list[tuple[int, int, int]]:
        """Points, then the canoe further down the river, then military (`TIE_BREAKS`)."""
        return [
            (score.total, seat.culture, seat.military)
            for score, seat in zip(final_scores(state), state.seats, strict=True)
        ]

    # -- what players may know ----------------------------------------------------------------

    def view_of(self, state: State, viewer: int | None) -> TerramaraView:
        return build_view(state, viewer, self.to_act(state))

    def resample_hidden(self, state: State, viewer: int | None, chance: Chance) -> State:
        return resample_hidden(state, viewer, chance)


def seats_to_act(state: TerramaraState) -> set[int]:
    """Who is owed an action: the seats of the open decisions, else the phase's seat."""
    if state.phase == "over":
        return set()
    if state.tasks:
        return waiting_seats(state)
    if state.phase == "neutral":
        return {state.neutral_queue[0].seat}
    if state.phase == "draft":
        return {state.draft_order[0]}
    return {state.current}


def _carry_out(b: Builder, seat: int, action: Action) -> None:
    index = task_of(b.state, seat)
    if index is not None:
        resolve(b, index, action)
        return
    kind = action.kind
    if kind == "place":
        member: Member = action.member  # type: ignore[assignment]
        flow.place(b, seat, member, action.target)
    elif kind == "neutral":
        flow.place_neutral(b, seat, action.target)
    elif kind == "pick":
        flow.pick(b, seat, action.target)
    elif kind == "turn":
        flow.turn_person(b, seat)
    elif kind == "worker":
        flow.use_worker(b, seat, action.level)
    elif kind == "use":
        flow.use(b, seat, action.target)
    elif kind == "craft":
        flow.craft_after_action(b, seat, action.target)
    elif kind == "reserve":
        flow.reserve(b, seat, action.target)
    else:
        flow.next_turn(b)


def _skip(b: Builder, seat: int) -> None:
    """Answer the seat's decisions (first answer, or stop), place in the hut, end the turn."""
    state = b.state
    while state.phase != "over":
        index = task_of(state, seat)
        if index is not None:
            answers = options(state, state.tasks[index])
            resolve(b, index, answers[-1] if answers[-1].kind == "stop" else answers[0])
        elif state.tasks or seat not in seats_to_act(state):
            return
        elif state.phase == "neutral":
            flow.place_neutral(b, seat, flow.neutral_spaces(state)[0])
        elif state.phase == "draft":
            flow.pick(b, seat, flow.draft_choices(state, seat)[0])
        elif state.step == "before":
            player = state.seats[seat]
            member: Member = "scout" if player.home_scouts else "warrior"
            if not player.home_scouts and not player.warriors:
                member = "chief"
            flow.place(b, seat, member, "hut")
        else:
            flow.next_turn(b)
            flow.settle(b)
            return
        flow.settle(b)
        if state.phase in ("neutral", "draft") and not state.tasks:
            return
