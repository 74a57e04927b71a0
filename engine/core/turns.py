"""The `Game` hooks that carry out an action, a resignation and a skip, written once for every
game whose copy-on-write builder (builder.py) has a method for each: such a game names its
builder (`BuilderTurns.builder`) and inherits `perform`, `resign_seat` and `skip_seat`."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from .game import BaseState, Result

S = TypeVar("S", bound=BaseState)
A = TypeVar("A")
A_contra = TypeVar("A_contra", contravariant=True)


class SeatSteps(Protocol[S, A_contra]):
    """A builder that carries out what a seat does, collecting the new state and events."""

    def perform(self, seat: int, action: A_contra) -> None: ...

    def resign(self, seat: int) -> None: ...

    def skip(self, seat: int) -> None: ...

    def result(self) -> Result[S]: ...


class BuilderTurns(Generic[S, A]):
    """Mixed in before `Game`: its three hooks, each run on a fresh builder of the state."""

    def builder(self, state: S) -> SeatSteps[S, A]:
        raise NotImplementedError

    def perform(self, state: S, seat: int, action: A) -> Result[S]:
        steps = self.builder(state)
        steps.perform(seat, action)
        return steps.result()

    def resign_seat(self, state: S, seat: int) -> Result[S]:
        steps = self.builder(state)
        steps.resign(seat)
        return steps.result()

    def skip_seat(self, state: S, seat: int) -> Result[S]:
        steps = self.builder(state)
        steps.skip(seat)
        return steps.result()
