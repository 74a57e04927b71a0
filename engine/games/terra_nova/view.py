"""The typed view of a state (schema in docs/games/terra-nova.md), read by the renderer.

Terra Nova has no hidden information, so every viewer sees the same. Lists are tuples, so a
view and its parts are hashable (the renderer caches a faction's card by its `PlayerView`).
"""

from __future__ import annotations

from pydantic import Field

from engine.core import HexCellView, LinkView, View

from . import rules
from .board import Board, Side, board
from .factions import BRIDGES, FACTIONS_BY_KEY, HOUSES, TRADING_POSTS
from .state import (
    BUILDING_NAMES,
    FREE,
    HOUSE,
    NEUTRAL_BASE,
    TRADING_POST,
    Phase,
    TerraNovaState,
)
from .terrain import TERRAIN_LETTERS, TERRAINS
from .tiles import BONUS_BY_KEY, POWER_ACTIONS, ROUND_KINDS


def _is_none(value: object) -> bool:
    return value is None


class RoundTileView(View):
    round: int
    kind: str
    text: str
    current: bool


class PowerActionView(View):
    key: str
    cost: int
    text: str
    #: Used this round.
    used: bool


class BonusOfferView(View):
    tile: str
    text: str
    #: The money lying on the tile.
    money: int


class PlayerView(View):
    seat: int
    name: str
    faction: str | None
    faction_name: str | None
    colour: str | None
    money: int
    bowls: tuple[int, ...]
    score: int
    sailing: int
    max_sailing: int | None
    houses_left: int
    trading_posts_left: int
    palaces: tuple[str, ...]
    bridges_left: int
    bonus: str | None
    towns_left: tuple[str, ...]
    towns_to_choose: int
    used_this_round: tuple[str, ...]
    passed: bool
    resigned: bool


class HexView(HexCellView):
    #: The current terrain, or `river`.
    terrain: str
    edge: bool
    marked: bool
    #: On built hexes only: the building, and its seat or (a neutral house) its colour's
    #: terrain; the data leaves out the keys of an empty hex.
    building: str | None = Field(None, exclude_if=_is_none)
    seat: int | None = Field(None, exclude_if=_is_none)
    neutral: str | None = Field(None, exclude_if=_is_none)


class BridgeView(LinkView):
    seat: int


class TownView(View):
    seat: int
    tile: str
    hexes: tuple[str, ...]
    #: The river hex a Sea Dogs' town across the river was founded over.
    river: str | None = None


class LastTurnView(View):
    seat: int
    #: The hexes whose terrain, building or owner the turn changed.
    hexes: tuple[str, ...]
    #: The bridges the turn built.
    bridges: tuple[LinkView, ...]
    #: The seat's turn of the round goes on; its next text adds to this record.
    open: bool


class TerraNovaView(View):
    game: str = "terra-nova"
    side: Side
    phase: Phase
    round: int
    to_act: tuple[int, ...]
    order: tuple[int, ...]
    round_tiles: tuple[RoundTileView, ...]
    power_actions: tuple[PowerActionView, ...]
    bonus_offer: tuple[BonusOfferView, ...]
    players: tuple[PlayerView, ...]
    hexes: tuple[HexView, ...]
    bridges: tuple[BridgeView, ...]
    towns: tuple[TownView, ...]
    last_turn: LastTurnView | None
    end_reason: str | None


def build_view(state: TerraNovaState) -> TerraNovaView:
    b, names = board(state.side), board(state.side).names
    return TerraNovaView(
        side=state.side,
        phase=state.phase,
        round=state.round,
        to_act=tuple(state.acting()),
        order=tuple(state.order),
        round_tiles=tuple(
            RoundTileView(
                round=number,
                kind=kind,
                text=ROUND_KINDS[kind].text,  # type: ignore[index]
                current=number == state.round,
            )
            for number, kind in enumerate(state.round_tiles, start=1)
        ),
        power_actions=tuple(
            PowerActionView(
                key=action.key,
                cost=action.cost,
                text=action.text,
                used=action.key in state.power_used,
            )
            for action in POWER_ACTIONS.values()
        ),
        bonus_offer=tuple(
            BonusOfferView(tile=key, text=BONUS_BY_KEY[key].text, money=money)
            for key, money in sorted(state.offer.items())
        ),
        players=tuple(_player(state, seat) for seat in range(len(state.players))),
        hexes=tuple(_hex(b, state, index) for index in range(len(b))),
        bridges=tuple(
            BridgeView(start=names[a], end=names[c], seat=seat) for a, c, seat in state.bridges
        ),
        towns=tuple(
            TownView(
                seat=town.seat,
                tile=town.tile,
                hexes=tuple(names[h] for h in town.hexes),
                river=None if town.river is None else names[town.river],
            )
            for town in state.towns
        ),
        last_turn=_last_turn(names, state),
        end_reason=state.end_reason,
    )


def _last_turn(names: tuple[str, ...], state: TerraNovaState) -> LastTurnView | None:
    record = state.last_turn
    if record is None:
        return None
    return LastTurnView(
        seat=record.seat,
        hexes=tuple(names[h] for h in record.hexes),
        bridges=tuple(LinkView(start=names[a], end=names[b]) for a, b in record.bridges),
        open=record.open,
    )


def _player(state: TerraNovaState, seat: int) -> PlayerView:
    player = state.seats[seat]
    faction = FACTIONS_BY_KEY.get(player.faction)
    return PlayerView(
        seat=seat,
        name=state.players[seat],
        faction=player.faction or None,
        faction_name=faction.name if faction else None,
        colour=faction.colour if faction else None,
        money=player.money,
        bowls=tuple(player.bowls),
        score=player.score,
        sailing=player.sailing,
        max_sailing=faction.max_sailing if faction else None,
        houses_left=HOUSES - rules.count(state, seat, HOUSE) if faction else HOUSES,
        trading_posts_left=TRADING_POSTS - rules.count(state, seat, TRADING_POST),
        palaces=tuple(player.palaces),
        bridges_left=BRIDGES - sum(1 for *_, who in state.bridges if who == seat),
        bonus=player.bonus or None,
        towns_left=tuple(player.towns_left),
        towns_to_choose=player.towns_to_choose,
        used_this_round=tuple(player.used),
        passed=player.passed,
        resigned=player.resigned,
    )


def _hex(b: Board, state: TerraNovaState, index: int) -> HexView:
    cell, owner = b.hex(index), state.owner[index]
    return HexView(
        name=b.names[index],
        q=cell.q,
        r=cell.r,
        terrain=TERRAIN_LETTERS.get(state.terrain[index], "river"),
        edge=index in b.edge,
        marked=index in b.marked,
        building=None if owner == FREE else BUILDING_NAMES[state.building[index]],
        seat=owner if FREE < owner < NEUTRAL_BASE else None,
        neutral=TERRAINS[owner - NEUTRAL_BASE] if owner >= NEUTRAL_BASE else None,
    )
