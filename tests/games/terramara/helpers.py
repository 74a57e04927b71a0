"""Building Terramara positions directly, and playing actions on them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core import Event
from engine.games.terramara import Seat, Terramara, TerramaraState
from engine.games.terramara.state import Task

GAME = Terramara()
NAMES = ("ann", "bob", "cat", "dan")


def new(count: int = 4, first_game: bool = True, seed: int = 1, **options: Any) -> TerramaraState:
    """A fresh game; 2–3 player games have their neutral scouts placed and the draft done
    with the first listed choices, so the state is at the first turn of round 1."""
    state = GAME.new_game(NAMES[:count], seed, {"first-game": first_game, **options})
    while state.phase in ("neutral", "draft") or state.tasks:
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0]).state
    return state


def seat_with(state: TerramaraState, seat: int, **fields: Any) -> TerramaraState:
    """The state with some fields of one seat replaced."""
    seats = list(state.seats)
    seats[seat] = seats[seat].model_copy(update=fields)
    return state.model_copy(update={"seats": seats})


def with_fields(state: TerramaraState, **fields: Any) -> TerramaraState:
    return state.model_copy(update=fields)


def occupy(state: TerramaraState, spaces: Mapping[str, Iterable[str]]) -> TerramaraState:
    """The state with the given spaces holding exactly these member tokens (`s1`, `c0`, `n0`)."""
    occupied = dict(state.spaces)
    for key, tokens in spaces.items():
        if list(tokens):
            occupied[key] = list(tokens)
        else:
            occupied.pop(key, None)
    return state.model_copy(update={"spaces": occupied})


def turn_of(state: TerramaraState, seat: int, step: str = "before") -> TerramaraState:
    return state.model_copy(update={"current": seat, "step": step, "crafted": False})


def play(state: TerramaraState, seat: int, *texts: str) -> TerramaraState:
    for text in texts:
        state = GAME.apply(state, seat, text).state
    return state


def play_events(state: TerramaraState, seat: int, text: str) -> tuple[TerramaraState, list[Event]]:
    result = GAME.apply(state, seat, text)
    return result.state, result.events


def legal(state: TerramaraState, seat: int) -> list[str]:
    return GAME.legal_actions(state, seat)


def task(seat: int, kind: str, **fields: Any) -> Task:
    return Task(seat=seat, kind=kind, **fields)  # type: ignore[arg-type]


def fresh_seat(**fields: Any) -> Seat:
    return Seat(**fields)
