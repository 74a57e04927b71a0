"""The JSON-ready public view of a state (schema in docs/games/terra-nova.md).

Terra Nova has no hidden information, so every viewer sees the same.
"""

from __future__ import annotations

from typing import Any

from . import rules
from .board import Board
from .factions import BRIDGES, FACTIONS_BY_KEY, HOUSES, TRADING_POSTS
from .state import BUILDING_NAMES, FREE, HOUSE, NEUTRAL_BASE, TRADING_POST, TerraNovaState
from .terrain import TERRAIN_LETTERS, TERRAINS
from .tiles import BONUS_BY_KEY, POWER_ACTIONS, ROUND_KINDS


def build_view(board: Board, state: TerraNovaState) -> dict[str, Any]:
    return {
        "game": "terra-nova",
        "side": state.side,
        "phase": state.phase,
        "round": state.round,
        "to_act": state.acting(),
        "order": list(state.order),
        "round_tiles": [
            {
                "round": number,
                "kind": kind,
                "text": ROUND_KINDS[kind].text,  # type: ignore[index]
                "current": number == state.round,
            }
            for number, kind in enumerate(state.round_tiles, start=1)
        ],
        "power_actions": [
            {
                "key": action.key,
                "cost": action.cost,
                "text": action.text,
                "used": action.key in state.power_used,
            }
            for action in POWER_ACTIONS.values()
        ],
        "bonus_offer": [
            {"tile": key, "text": BONUS_BY_KEY[key].text, "money": money}
            for key, money in sorted(state.offer.items())
        ],
        "players": [_player(board, state, seat) for seat in range(len(state.players))],
        "hexes": [_hex(board, state, index) for index in range(len(board))],
        "bridges": [
            {"from": board.names[a], "to": board.names[b], "seat": seat}
            for a, b, seat in state.bridges
        ],
        "towns": [
            {
                "seat": town.seat,
                "tile": town.tile,
                "hexes": [board.names[h] for h in town.hexes],
                "river": None if town.river is None else board.names[town.river],
            }
            for town in state.towns
        ],
        "end_reason": state.end_reason,
    }


def _player(board: Board, state: TerraNovaState, seat: int) -> dict[str, Any]:
    player = state.seats[seat]
    faction = FACTIONS_BY_KEY.get(player.faction)
    built = faction is not None
    return {
        "seat": seat,
        "name": state.players[seat],
        "faction": player.faction or None,
        "faction_name": faction.name if faction else None,
        "colour": faction.colour if faction else None,
        "money": player.money,
        "bowls": list(player.bowls),
        "score": player.score,
        "sailing": player.sailing,
        "max_sailing": faction.max_sailing if faction else None,
        "houses_left": HOUSES - rules.count(state, seat, HOUSE) if built else HOUSES,
        "trading_posts_left": TRADING_POSTS - rules.count(state, seat, TRADING_POST),
        "palaces": list(player.palaces),
        "bridges_left": BRIDGES - sum(1 for *_, who in state.bridges if who == seat),
        "bonus": player.bonus or None,
        "towns_left": list(player.towns_left),
        "towns_to_choose": player.towns_to_choose,
        "used_this_round": list(player.used),
        "passed": player.passed,
        "resigned": player.resigned,
    }


def _hex(board: Board, state: TerraNovaState, index: int) -> dict[str, Any]:
    cell = board.hex(index)
    letter = state.terrain[index]
    owner = state.owner[index]
    entry: dict[str, Any] = {
        "name": board.names[index],
        "q": cell.q,
        "r": cell.r,
        "terrain": TERRAIN_LETTERS.get(letter, "river"),
        "edge": index in board.edge,
        "marked": index in board.marked,
    }
    if owner != FREE:
        entry["building"] = BUILDING_NAMES[state.building[index]]
        if owner >= NEUTRAL_BASE:
            entry["neutral"] = TERRAINS[owner - NEUTRAL_BASE]
        else:
            entry["seat"] = owner
    return entry
