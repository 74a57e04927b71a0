"""Terra Nova (KOSMOS 2022): points now, plus what money, power, income and buildings will become.

A seat's evaluation counts its points, its money and the power it could exchange at the final
rate (3 money a point), the income still to come in the remaining rounds, each building
beyond the income it pays (towns, round tiles and passing bonuses reward them), and its
largest network (the final scoring's 12 / 8 / 4). Move ordering is by kind of action:
building and upgrading first, then terraforming and power actions, exchanges and passing last
(passing rises once little else is affordable). Power exchanges are only searched in their
largest form, just before an action: spread over several amounts they would only split
the search.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.core.game import Game
from engine.games.terra_nova import rules
from engine.games.terra_nova.board import Board, board
from engine.games.terra_nova.state import HOUSE, PALACE, TRADING_POST, TerraNovaState
from engine.games.terra_nova.tiles import ROUNDS

from .base import Heuristics

MONEY_PER_POINT = 3.0
#: Income is worth a little less than money in hand: it arrives later.
INCOME_DISCOUNT = 0.8
#: Power in bowl III is money at a 1:1 exchange; power in bowl II is half way there.
BOWL_VALUE = (0.0, 0.5, 1.0)
#: A building's points beyond its income: towns, round scoring, passing bonuses, networks.
BUILDING_POINTS = {HOUSE: 2.0, TRADING_POST: 3.5, PALACE: 6.0}
NETWORK_POINT = 1.0
SAILING_POINT = 1.5
#: Move-ordering logits by the action's first word (and second, for upgrades).
KIND_LOGITS: dict[str, float] = {
    "build": 2.0,
    "upgrade": 1.5,
    "town": 1.0,
    "special": 1.5,
    "power": 1.0,
    "transform": 0.5,
    "sail": 0.5,
    "bridge": 0.0,
    "exchange": -0.5,
    "choose": 0.0,
    "take": 0.0,
    "neutral": 0.0,
    "done": 0.0,
    "pass": -1.5,
}


def incomes_left(state: TerraNovaState) -> int:
    """How many income phases are still to come (one at the start of each later round)."""
    return ROUNDS - max(state.round, 0)


def seat_value(state: TerraNovaState, seat: int, island: Board) -> float:
    player = state.seats[seat]
    if not player.faction:
        return float(player.score)
    money = player.money + sum(n * v for n, v in zip(player.bowls, BOWL_VALUE, strict=True))
    value = player.score + money / MONEY_PER_POINT
    if state.phase != "over":
        income = rules.income(state, seat)
        future = incomes_left(state) * (income.money + 0.5 * income.power) * INCOME_DISCOUNT
        value += future / MONEY_PER_POINT
        for hex_, owner in enumerate(state.owner):
            if owner == seat:
                value += BUILDING_POINTS.get(state.building[hex_], 0.0)
        value += NETWORK_POINT * rules.largest_network(island, state, seat)
        value += SAILING_POINT * player.sailing
    return value


class TerraNovaHeuristics(Heuristics):
    scale: ClassVar[float] = 8.0
    iterations: ClassVar[Mapping[str, int]] = {"easy": 0, "normal": 120, "strong": 480}

    def evaluate(self, game: Game[Any], state: TerraNovaState, bot: int) -> list[float]:
        island = board(state.side)
        return [seat_value(state, seat, island) for seat in range(len(state.players))]

    def fixed_future(self, state: TerraNovaState) -> bool:
        """Nothing is hidden, and only the Lucky Digger variant draws after the set-up."""
        return bool(state.options.get("variant") != "lucky-digger")

    def candidates(
        self, game: Game[Any], state: TerraNovaState, seat: int, actions: list[str]
    ) -> list[str]:
        """Every action, but of the power exchanges only the largest."""
        exchanges = [a for a in actions if a.startswith("exchange") and not a.endswith("vp")]
        if len(exchanges) <= 1:
            return actions
        largest = exchanges[-1]
        return [a for a in actions if a == largest or a not in exchanges]

    def logits(
        self, game: Game[Any], state: TerraNovaState, seat: int, actions: Sequence[str]
    ) -> list[float]:
        player = state.seats[seat]
        poor = player.money + player.bowls[2] < 4
        values = []
        for action in actions:
            words = action.split()
            value = KIND_LOGITS.get(words[0], 0.0)
            if words[0] == "pass" and poor:
                value += 3.0
            elif words[0] == "upgrade" and words[2:3] == ["palace"]:
                value -= 0.5
            values.append(value)
        return values
