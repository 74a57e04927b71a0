"""A tiny game used only by tests of the shared machinery (service, store, core protocol).

Players take turns taking 1–3 counters from a pile; whoever takes the last counter scores 1
point per counter they hold. `roll` draws a random number of extra counters onto the pile:
it consumes randomness, so an undo may not reach back past it. Each player also holds a
secret card that only their own view shows.
"""

from __future__ import annotations

import re
from typing import Any

from engine.core import (
    BaseState,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    OptionSpec,
    ParseError,
    Result,
    Rng,
    nearest,
)

_TAKE = re.compile(r"^\s*take\s+(\d+)\s*$", re.IGNORECASE)


class PileState(BaseState):
    pile: int
    held: list[int]
    secrets: list[int]
    turn: int = 0
    resigned: list[bool]
    over: bool = False


class PileGame(Game[PileState]):
    info = GameInfo(
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
    state_model = PileState

    def setup(self, players: list[str], seed: int, options: dict[str, Any]) -> PileState:
        rng = Rng(seed=seed)
        secrets = [rng.below(100) for _ in players]
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

    def legal_actions(self, state: PileState, seat: int) -> list[str]:
        if state.over or seat != state.turn:
            return []
        return [f"take {n}" for n in range(1, min(3, state.pile) + 1)] + ["roll"]

    def apply_action(self, state: PileState, seat: int, text: str) -> Result[PileState]:
        new = state.model_copy(deep=True)
        name = state.players[seat]
        if text.strip().lower() == "roll":
            extra = new.rng.below(3) + 1
            new.pile += extra
            self._advance(new)
            return Result(new, [Event(text=f"{name} rolls {extra} onto the pile", reveals=True)])
        match = _TAKE.match(text)
        if not match:
            raise ParseError(
                text, "try 'take N' or 'roll'", nearest(text, self.legal_actions(state, seat))
            )
        count = int(match.group(1))
        if not 1 <= count <= min(3, state.pile):
            raise IllegalAction(
                text, f"you may take 1 to {min(3, state.pile)}", self.legal_actions(state, seat)
            )
        new.pile -= count
        new.held[seat] += count
        events = [Event(text=f"{name} takes {count}", seat=seat)]
        if new.pile == 0:
            new.over = True
            events.append(Event(text=f"{name} takes the last counter"))
        else:
            self._advance(new)
        return Result(new, events)

    def _advance(self, state: PileState) -> None:
        for step in range(1, len(state.players) + 1):
            seat = (state.turn + step) % len(state.players)
            if not state.resigned[seat]:
                state.turn = seat
                return

    def resign(self, state: PileState, seat: int) -> Result[PileState]:
        new = state.model_copy(deep=True)
        new.resigned[seat] = True
        if sum(not r for r in new.resigned) <= 1:
            new.over = True
        elif new.turn == seat:
            self._advance(new)
        return Result(new, [Event(text=f"{state.players[seat]} resigns", seat=seat)])

    def skip(self, state: PileState, seat: int) -> Result[PileState]:
        new = state.model_copy(deep=True)
        self._advance(new)
        return Result(new, [Event(text=f"{state.players[seat]} is skipped", seat=seat)])

    def is_over(self, state: PileState) -> bool:
        return state.over

    def scores(self, state: PileState) -> list[int]:
        return list(state.held)

    def ranking(self, state: PileState) -> list[list[int]]:
        order = sorted(range(len(state.players)), key=lambda s: -state.held[s])
        groups: list[list[int]] = []
        for seat in order:
            if groups and state.held[groups[-1][0]] == state.held[seat]:
                groups[-1].append(seat)
            else:
                groups.append([seat])
        return groups

    def view(self, state: PileState, viewer: int | None) -> dict[str, Any]:
        return {
            "game": "pile",
            "pile": state.pile,
            "held": state.held,
            "to_act": sorted(self.to_act(state)),
            "secret": None if viewer is None else state.secrets[viewer],
        }
