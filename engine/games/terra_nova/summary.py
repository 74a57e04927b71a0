"""What Terra Nova says at the table besides its rules (engine/core's hooks): the round and a
player's money, power bowls, sailing and bonus tile in words; when the board shows something
new (an exchange of power for money changes nothing on it); the one forced action — `done`
at a round end once bowl III is empty — and the standing answer `no-round-end-exchange`.

Nothing in Terra Nova is hidden, so what a viewer reads of their own faction anybody may read.
The book names no tie-break: equal scores share a place.
"""

from __future__ import annotations

from typing import Any

from engine.core import Automatic, StandingAnswer

from .factions import FACTIONS_BY_KEY
from .state import TerraNovaState
from .tiles import BONUS_BY_KEY, ROUND_KINDS, ROUNDS

State = TerraNovaState

NO_ROUND_END_EXCHANGE = "no-round-end-exchange"
STANDING_ANSWERS = [
    StandingAnswer(
        key=NO_ROUND_END_EXCHANGE,
        description=(
            "never exchange power for money at a round end: you are done there at once "
            "(exchanges during your turns stay yours)"
        ),
    )
]

_SET_UP = {
    "neutral": "sets a neutral house",
    "factions": "chooses a faction",
    "houses": "builds a starting house",
    "bonus": "takes a bonus tile",
}


def round_line(state: State) -> str | None:
    """The set-up step, the round with its scoring tile, or who may exchange at its end."""
    current = state.players[state.current]
    if state.phase in _SET_UP:
        return f"Set-up: {current} {_SET_UP[state.phase]}."
    if state.phase == "actions":
        tile = ROUND_KINDS[state.round_tiles[state.round - 1]]  # type: ignore[index]
        return f"Round {state.round} of {ROUNDS}; round scoring: {tile.text}."
    if state.phase == "round-end":
        names = " and ".join(state.players[seat] for seat in state.exchanging)
        return (
            f"Round {state.round} ends: {names} may exchange power from bowl III for money, "
            "then 'done'."
        )
    return None


def faction_line(state: State, seat: int, who: str) -> str | None:
    """`who (Fairies): 7 money · power 2/4/6 (bowls I/II/III) · sailing 1 · bonus tile …`."""
    player = state.seats[seat]
    faction = FACTIONS_BY_KEY.get(player.faction)
    if faction is None:
        return None
    bowls = "/".join(str(count) for count in player.bowls)
    parts = [
        f"{player.money} money",
        f"power {bowls} (bowls I/II/III)",
        f"sailing {player.sailing}",
    ]
    if player.bonus:
        parts.append(f"bonus tile {player.bonus} ({BONUS_BY_KEY[player.bonus].text})")
    parts.append(f"{player.score} points")
    line = f"{who} ({faction.name}): {' · '.join(parts)}."
    if player.towns_to_choose:
        line += " A town tile is still to be chosen ('town …')."
    elif player.passed and state.phase == "actions":
        line += " Passed this round."
    return line


def board_key(state: State) -> tuple[Any, ...]:
    """What the board shows besides money, power and points: the map, the round, the tiles
    on offer and held, the power and special actions used, sailing, palaces, towns."""
    return (
        state.phase,
        state.round,
        state.terrain,
        tuple(state.owner),
        state.building,
        tuple(state.bridges),
        tuple((town.seat, town.tile, tuple(town.hexes)) for town in state.towns),
        tuple(sorted(state.offer.items())),
        tuple(state.power_used),
        tuple(
            (
                player.faction,
                player.bonus,
                player.sailing,
                tuple(player.palaces),
                tuple(player.towns_left),
                tuple(player.used),
                player.passed,
                player.resigned,
            )
            for player in state.seats
        ),
    )


class TerraNovaTableTalk:
    """The core's table hooks for Terra Nova (mixed into the game class)."""

    def summary(self, state: State, viewer: int | None) -> list[str]:
        line = round_line(state)
        lines = [] if line is None else [line]
        if viewer is not None:
            own = faction_line(state, viewer, "You")
            return lines + ([] if own is None else [own])
        for seat in state.acting():
            theirs = faction_line(state, seat, state.players[seat])
            lines += [] if theirs is None else [theirs]
        return lines

    def board_news(self, before: State, after: State) -> bool:
        return board_key(before) != board_key(after)

    def forced(self, state: State, seat: int) -> Automatic | None:
        """`done` at a round end once nothing is left in bowl III: then it is the only legal
        action."""
        if (
            state.phase == "round-end"
            and seat in state.exchanging
            and not state.seats[seat].bowls[2]
        ):
            return Automatic("done", "nothing is left in their bowl III to exchange")
        return None

    def standing_answer(self, state: State, seat: int, key: str) -> Automatic | None:
        if key == NO_ROUND_END_EXCHANGE and state.phase == "round-end" and seat in state.exchanging:
            return Automatic("done", "their standing answer is never to exchange at a round end")
        return None
