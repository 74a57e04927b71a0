"""A tiny game used only by tests of the shared machinery (service, store, core protocol), and
the smallest complete example of a game on the engine core (docs/architecture.md).

Players take turns taking 1–3 counters from a pile; whoever takes the last counter scores 1
point per counter they hold. `roll` draws a random number of extra counters onto the pile:
it consumes randomness, so an undo may not reach back past it. Each player also holds a
secret card that only their own view shows.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Literal, NamedTuple

from engine.core import (
    BaseState,
    Chance,
    Game,
    GameInfo,
    Message,
    OptionSpec,
    ParseError,
    Phase,
    Result,
    Rng,
    StateBuilder,
    View,
    msg,
)

_TAKE = re.compile(r"^\s*take\s+(\d+)\s*$", re.IGNORECASE)


class PileState(BaseState):
    pile: int
    held: list[int]
    secrets: list[int]
    turn: int = 0
    resigned: list[bool]
    over: bool = False


class PileAction(NamedTuple):
    """`take N` or `roll`."""

    kind: Literal["take", "roll"]
    count: int = 0

    def text(self) -> str:
        return f"take {self.count}" if self.kind == "take" else "roll"

    def public_text(self) -> str:
        return self.text()

    @classmethod
    def parse(cls, text: str) -> PileAction:
        if text.strip().lower() == "roll":
            return cls("roll")
        match = _TAKE.match(text)
        if not match:
            raise ParseError(text, msg("try 'take N' or 'roll'"))
        return cls("take", int(match.group(1)))


class PileView(View):
    game: str = "pile"
    pile: int
    held: list[int]
    to_act: list[int]
    secret: int | None


def _most(state: PileState) -> int:
    return min(3, state.pile)


def _candidates(state: PileState, seat: int) -> list[PileAction]:
    return [*(PileAction("take", n) for n in range(1, _most(state) + 1)), PileAction("roll")]


PHASES: dict[bool, Phase[PileState, PileAction]] = {
    False: Phase(
        kinds=frozenset({"take", "roll"}),
        candidates=_candidates,
        refusal=msg("take counters or roll"),
        exact=True,
    ),
    True: Phase(kinds=frozenset(), candidates=lambda state, seat: [], refusal=msg("it is over")),
}


class PileBuilder(StateBuilder[PileState]):
    def advance(self) -> None:
        state = self.state
        for step in range(1, len(state.players) + 1):
            seat = (state.turn + step) % len(state.players)
            if not state.resigned[seat]:
                state.turn = seat
                return


class PileGame(Game[PileState, PileAction]):
    info: ClassVar[GameInfo] = GameInfo(
        key="pile",
        name="Pile (test game)",
        min_players=1,
        max_players=4,
        summary="Take 1–3 counters; the last taker wins.",
        options=[
            OptionSpec(
                key="size",
                description="counters on the pile",
                kind="int",
                default=10,
                minimum=1,
                maximum=99,
            )
        ],
    )
    state_model: ClassVar[type[BaseState]] = PileState

    def setup(self, players: list[str], seed: int, options: dict[str, Any]) -> PileState:
        rng = Rng(seed=seed)
        chance = Chance(rng)
        secrets = [chance.below(100, f"{name}'s secret card") for name in players]
        return PileState(
            players=players,
            options=options,
            rng=rng,
            pile=int(options["size"]),
            held=[0] * len(players),
            secrets=secrets,
            resigned=[False] * len(players),
        )

    def to_act(self, state: PileState) -> frozenset[int]:
        return frozenset() if state.over else frozenset({state.turn})

    def phase(self, state: PileState, seat: int) -> Phase[PileState, PileAction]:
        return PHASES[state.over]

    def parse(self, state: PileState, text: str) -> PileAction:
        return PileAction.parse(text)

    def check(self, state: PileState, seat: int, action: PileAction) -> Message | None:
        if action.kind == "take" and not 1 <= action.count <= _most(state):
            return msg("you may take 1 to {most}", most=_most(state))
        return None

    def perform(self, state: PileState, seat: int, action: PileAction) -> Result[PileState]:
        turn = PileBuilder(state)
        name = state.players[seat]
        if action.kind == "roll":
            extra = turn.chance.below(3, "extra counters") + 1
            turn.state.pile += extra
            turn.advance()
            turn.say(f"{name} rolls {extra} onto the pile", reveals=True)
            return turn.result()
        turn.state.pile -= action.count
        turn.edit("held")[seat] += action.count
        turn.say(f"{name} takes {action.count}", seat=seat)
        if turn.state.pile == 0:
            turn.state.over = True
            turn.say(f"{name} takes the last counter")
        else:
            turn.advance()
        return turn.result()

    def has_resigned(self, state: PileState, seat: int) -> bool:
        return state.resigned[seat]

    def resign_seat(self, state: PileState, seat: int) -> Result[PileState]:
        turn = PileBuilder(state)
        turn.edit("resigned")[seat] = True
        if sum(not r for r in turn.state.resigned) <= 1:
            turn.state.over = True
        elif state.turn == seat:
            turn.advance()
        turn.say(f"{state.players[seat]} resigns", seat=seat)
        return turn.result()

    def skip_seat(self, state: PileState, seat: int) -> Result[PileState]:
        turn = PileBuilder(state)
        turn.advance()
        turn.say(f"{state.players[seat]} is skipped", seat=seat)
        return turn.result()

    def is_over(self, state: PileState) -> bool:
        return state.over

    def scores(self, state: PileState) -> list[int]:
        return list(state.held)

    def view_of(self, state: PileState, viewer: int | None) -> PileView:
        return PileView(
            pile=state.pile,
            held=list(state.held),
            to_act=sorted(self.to_act(state)),
            secret=None if viewer is None else state.secrets[viewer],
        )

    def resample_hidden(self, state: PileState, viewer: int | None, chance: Chance) -> PileState:
        """The others' secret cards, and every later roll, are unknown to `viewer`."""
        secrets = [
            secret if seat == viewer else chance.below(100, "a secret card")
            for seat, secret in enumerate(state.secrets)
        ]
        rng = Rng(seed=chance.below(1 << 64, "the seed of every later draw"))
        return state.model_copy(update={"secrets": secrets, "rng": rng})
