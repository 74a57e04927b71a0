"""What Terra Nova says at the table besides its rules (engine/core's hooks): the round and a
player's money, power bowls, sailing and bonus tile in words; when the board shows something
new (an exchange of power for money changes nothing on it); the one forced action — `done`
at a round end once bowl III is empty — and the standing answer `no-round-end-exchange`.

Nothing in Terra Nova is hidden, so what a viewer reads of their own faction anybody may read.
The book names no tie-break: equal scores share a place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Automatic, Message, Param, and_chain, chain, msg

from .factions import FACTIONS_BY_KEY, faction_term
from .state import TerraNovaState
from .tiles import ROUNDS, bonus_text, round_text

State = TerraNovaState

#: The standing answer of data/game.txt: never to exchange at a round end.
NO_ROUND_END_EXCHANGE = "no-round-end-exchange"

_SET_UP: dict[str, Callable[[str], Message]] = {
    "neutral": lambda player: msg("Set-up: {player} sets a neutral house.", player=player),
    "factions": lambda player: msg("Set-up: {player} chooses a faction.", player=player),
    "houses": lambda player: msg("Set-up: {player} builds a starting house.", player=player),
    "bonus": lambda player: msg("Set-up: {player} takes a bonus tile.", player=player),
}


def round_line(state: State) -> Message | None:
    """The set-up step, the round with its scoring tile, or who may exchange at its end."""
    current = state.players[state.current]
    if state.phase in _SET_UP:
        return _SET_UP[state.phase](current)
    if state.phase == "actions":
        return msg(
            "Round {round} of {rounds}; round scoring: {scoring}.",
            round=state.round,
            rounds=ROUNDS,
            scoring=round_text(state.round_tiles[state.round - 1]),
        )
    if state.phase == "round-end":
        return msg(
            "Round {round} ends: {players} may exchange power from bowl III for money, "
            "then 'done'.",
            round=state.round,
            players=and_chain([state.players[seat] for seat in state.exchanging]),
        )
    return None


def faction_line(state: State, seat: int, who: Param) -> Message | None:
    """`who (Fairies): 7 money · power 2/4/6 (bowls I/II/III) · sailing 1 · bonus tile …`."""
    player = state.seats[seat]
    if player.faction not in FACTIONS_BY_KEY:
        return None
    parts: list[Param] = [
        msg("{money} money", money=player.money),
        msg("power {bowls} (bowls I/II/III)", bowls="/".join(map(str, player.bowls))),
        msg("sailing {sailing}", sailing=player.sailing),
    ]
    if player.bonus:
        parts.append(
            msg("bonus tile {key} ({text})", key=player.bonus, text=bonus_text(player.bonus))
        )
    parts.append(msg("{points} points", points=player.score))
    line = msg(
        "{player} ({faction}): {parts}.",
        player=who,
        faction=faction_term(player.faction),
        parts=chain(parts, "·"),
    )
    if player.towns_to_choose:
        return msg("{line} A town tile is still to be chosen ('town …').", line=line)
    if player.passed and state.phase == "actions":
        return msg("{line} Passed this round.", line=line)
    return line


#: What the board shows besides money, power and points (`model_dump`'s include): the map,
#: the round, the tiles on offer and held, the power and special actions used, and of every
#: faction its bonus tile, sailing, palaces, town tiles left, actions used, pass and resignation.
_MAP_AND_TILES = ("phase", "round", "terrain", "owner", "building", "bridges", "towns", "offer")
_FACTION = {"faction", "bonus", "sailing", "palaces", "towns_left", "used", "passed", "resigned"}
ON_THE_BOARD: dict[str, Any] = {
    **dict.fromkeys(_MAP_AND_TILES, True),
    "power_used": True,
    "seats": {"__all__": _FACTION},
}


class TerraNovaTableTalk:
    """The core's table hooks for Terra Nova (mixed into the game class)."""

    def summary(self, state: State, viewer: int | None) -> list[Message]:
        line = round_line(state)
        lines = [] if line is None else [line]
        if viewer is not None:
            own = faction_line(state, viewer, msg("You"))
            return lines + ([] if own is None else [own])
        for seat in state.acting():
            theirs = faction_line(state, seat, state.players[seat])
            lines += [] if theirs is None else [theirs]
        return lines

    def board_news(self, before: State, after: State) -> bool:
        shown = ON_THE_BOARD
        return before.model_dump(include=shown) != after.model_dump(include=shown)

    def forced(self, state: State, seat: int) -> Automatic | None:
        """`done` at a round end once nothing is left in bowl III: then it is the only legal
        action."""
        if (
            state.phase == "round-end"
            and seat in state.exchanging
            and not state.seats[seat].bowls[2]
        ):
            return Automatic("done", msg("nothing is left in their bowl III to exchange"))
        return None

    def standing_answer(self, state: State, seat: int, key: str) -> Automatic | None:
        if key == NO_ROUND_END_EXCHANGE and state.phase == "round-end" and seat in state.exchanging:
            return Automatic(
                "done", msg("their standing answer is never to exchange at a round end")
            )
        return None
