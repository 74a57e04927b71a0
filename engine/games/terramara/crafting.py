"""What crafting an artifact costs a seat, and every distinct way to pay it.

A cost lists processed tiles. Discounts: the category discount of a crafted card (never the
card's own, H8), `less-each` (Workbench: one less of every kind), and from river space 12 one
tile of any kind less for the reserved card. Matching raw tiles may stand in for processed
ones: up to the Artisan's limit, or without limit for `craft raw` effects. Discounts never go
below 0.
"""

from __future__ import annotations

from itertools import product

from .board import RIVER_DISCOUNT
from .content import ARTIFACTS, Artifact
from .effects import PROCESSED, RAW
from .rules import abilities
from .state import Seat

#: A payment: processed tiles, then raw tiles, per kind.
Payment = tuple[tuple[int, int, int, int], tuple[int, int, int, int]]
UNLIMITED = 99


def base_cost(seat: Seat, card: Artifact, less_each: bool) -> list[int]:
    cost = list(card.cost)
    for ability in abilities(seat, "discount", besides=card.id):
        if ability.args[0] == card.category:
            cost[card.main] -= 1
    if less_each:
        cost = [n - 1 for n in cost]
    return [max(0, n) for n in cost]


def can_pay(
    seat: Seat, key: str, *, reserved: bool, raw_ok: bool = False, less_each: bool = False
) -> bool:
    """Whether `payments` would find a way (without listing them all)."""
    card = ARTIFACTS[key]
    cost = base_cost(seat, card, less_each)
    limit = UNLIMITED if raw_ok else sum(a.number() for a in abilities(seat, "raw-sub"))
    costs = [cost]
    if reserved and seat.culture >= RIVER_DISCOUNT and any(cost):
        costs = [[n - (i == kind) for i, n in enumerate(cost)] for kind in range(4) if cost[kind]]
    for need in costs:
        short = [max(0, need[k] - seat.processed[k]) for k in range(4)]
        if all(short[k] <= min(seat.raw[k], limit) for k in range(4)) and sum(short) <= limit:
            return True
    return False


def payments(
    seat: Seat, key: str, *, reserved: bool, raw_ok: bool = False, less_each: bool = False
) -> list[Payment]:
    """Every distinct way `seat` can pay for artifact `key` now (empty if none)."""
    card = ARTIFACTS[key]
    cost = base_cost(seat, card, less_each)
    costs = [cost]
    if reserved and seat.culture >= RIVER_DISCOUNT and any(cost):
        costs = [[n - (i == kind) for i, n in enumerate(cost)] for kind in range(4) if cost[kind]]
    limit = UNLIMITED if raw_ok else sum(a.number() for a in abilities(seat, "raw-sub"))
    found: set[Payment] = set()
    for need in costs:
        choices = []
        for kind in range(4):
            low = max(0, need[kind] - seat.processed[kind])
            high = min(need[kind], seat.raw[kind], limit)
            if low > high:
                break
            choices.append(range(low, high + 1))
        else:
            for raws in product(*choices):
                if sum(raws) <= limit:
                    proc = tuple(need[k] - raws[k] for k in range(4))
                    found.add((proc, tuple(raws)))  # type: ignore[arg-type]
    return sorted(found, reverse=True)  # more processed tiles first


def payment_tiles(payment: Payment) -> tuple[str, ...]:
    processed, raw = payment
    tiles = [PROCESSED[k] for k in range(4) for _ in range(processed[k])]
    tiles += [RAW[k] for k in range(4) for _ in range(raw[k])]
    return tuple(tiles)


def payment_of(tiles: tuple[str, ...]) -> Payment:
    processed = tuple(tiles.count(code) for code in PROCESSED)
    raw = tuple(tiles.count(code) for code in RAW)
    return processed, raw  # type: ignore[return-value]
