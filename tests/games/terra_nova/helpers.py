"""Building Terra Nova positions and playing actions on them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.core import Event
from engine.games.terra_nova.board import board
from engine.games.terra_nova.game import TerraNova
from engine.games.terra_nova.state import FREE, HOUSE, NO_BUILDING, TerraNovaState

GAME = TerraNova()
BOARD = board("standard")
NAMES = ("alice", "bob", "carol", "dave")


def at(name: str) -> int:
    index = BOARD.cell(name)
    assert index is not None, name
    return index


def play(state: TerraNovaState, seat: int, *turns: str) -> tuple[TerraNovaState, list[Event]]:
    """Apply each whole turn for `seat`; return the final state and all events."""
    events: list[Event] = []
    for text in turns:
        state, new = GAME.apply(state, seat, text)
        events.extend(new)
    return state, events


def finish_round_end(state: TerraNovaState) -> tuple[TerraNovaState, list[Event]]:
    """Every seat asked at a round end exchanges nothing and types `done`."""
    events: list[Event] = []
    for seat in sorted(GAME.to_act(state)) if state.phase == "round-end" else []:
        state, new = GAME.apply(state, seat, "done")
        events.extend(new)
    return state, events


def texts(events: Iterable[Event]) -> list[str]:
    return [event.text for event in events]


def first_game(players: int = 4) -> TerraNovaState:
    return GAME.new_game(NAMES[:players], seed=1, options={"first-game": True})


def position(
    state: TerraNovaState,
    buildings: Mapping[str, tuple[int, str]] | None = None,
    money: Mapping[int, int] | None = None,
    bowls: Mapping[int, list[int]] | None = None,
    round_tile: str | None = None,
    clear: bool = False,
    current: int | None = None,
    factions: Mapping[int, str] | None = None,
) -> TerraNovaState:
    """`state` with buildings (hex name → (seat, 'h'|'t'|'p')), money and bowls replaced.

    `clear` first removes every building; the round scoring tile of the current round may be
    replaced.
    """
    state = state.model_copy(deep=True)
    if clear:
        state.owner = [FREE] * len(BOARD)
        state.building = NO_BUILDING * len(BOARD)
    building = list(state.building)
    for name, (seat, kind) in (buildings or {}).items():
        state.owner[at(name)] = seat
        building[at(name)] = kind or HOUSE
    state.building = "".join(building)
    for seat, amount in (money or {}).items():
        state.seats[seat].money = amount
    for seat, bowl in (bowls or {}).items():
        state.seats[seat].bowls = list(bowl)
    if round_tile is not None:
        state.round_tiles[state.round - 1] = round_tile
    if current is not None:
        state.current = current
    for seat, key in (factions or {}).items():
        state.seats[seat].faction = key
    return state
