"""How long a Terramara action or whole turn can be, read from the content, so that the
transports refuse absurd input at once without ever refusing a real turn."""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Action
from .board import ROAD_NODES, WORKER_TILES
from .content import (
    ARTIFACTS,
    BONUS_TILES,
    CROSSROADS,
    HOME_ACTIONS,
    PERSONS,
    SPECIALS,
    START_CARDS,
    TERRITORIES,
)
from .effects import PROCESSED, RAW, TRACKS, Convert, Craft, Gain, Pick, Step, Trade
from .state import MEMBERS

#: Answers one once-per-round effect may take besides using it (Millstone's cvt3).
MOST_ANSWERS_PER_USE = 3


def longest_action() -> int:
    """The longest canonical text of each kind of action, over the whole content."""
    spaces = [f"home {action}" for action in HOME_ACTIONS]
    spaces += [f"{key} {s.letter}" for key, tile in TERRITORIES.items() for s in tile.spaces]
    spaces += [*CROSSROADS, *SPECIALS, "hut"]
    ids = [*ARTIFACTS, *BONUS_TILES, *PERSONS, *START_CARDS, *CROSSROADS]
    codes = [*RAW, *PROCESSED]
    longest_code = max(codes, key=len)
    most_cost = max(sum(card.cost) for card in ARTIFACTS.values())
    most_trade = max((step.pay_count for step in _steps() if isinstance(step, Trade)), default=1)
    texts = [
        *(Action("place", member=m, target=s).text() for m in MEMBERS for s in spaces),
        *(Action(kind, target=key).text() for kind in ("pick", "use", "take") for key in ids),
        Action("pay", items=(longest_code,) * most_cost).text(),
        Action("trade", items=(longest_code,) * most_trade, target=max(TRACKS, key=len)).text(),
        Action("road", items=(max(ROAD_NODES, key=len),) * 2).text(),
        Action("swap", items=(longest_code,) * 2).text(),
        Action("craft", target="reserved").text(),
    ]
    return max(len(text) for text in texts)


def max_turn_parts() -> int:
    """An upper bound on the actions of one whole turn: turning the person; each worker a
    player could own, used with one conversion per level; each once-per-round artifact and a
    Keeper's bonus tile with their answers; the placement and a craft with its payment, each
    with one answer per unit of the largest effect plus the bonus tiles its reach passes;
    and `done`."""
    workers = sum(count * (1 + level) for level, count in enumerate(WORKER_TILES, start=1))
    per_round = sum(1 for card in ARTIFACTS.values() if card.per_round) + 1
    uses = per_round * (1 + MOST_ANSWERS_PER_USE)
    bonus = max(_answers(tile.effect) for tile in BONUS_TILES.values())
    biggest = max(_answers(effect) + _reach(effect) * bonus for effect in _effects())
    return 1 + workers + uses + 2 * (1 + biggest) + 2 + 1


def _effects() -> Iterable[tuple[Step, ...]]:
    yield from (space.effect for tile in TERRITORIES.values() for space in tile.spaces)
    yield from (c.effect for c in CROSSROADS.values())
    yield from (s.effect for s in SPECIALS.values())
    yield from (card.immediate for card in ARTIFACTS.values())
    yield from (tile.effect for tile in BONUS_TILES.values())


def _steps() -> Iterable[Step]:
    for effect in _effects():
        yield from effect


def _reach(effect: tuple[Step, ...]) -> int:
    """Road steps an effect gives (one more for the Wayfinder)."""
    steps = sum(
        n for step in effect if isinstance(step, Gain) for code, n in step.items if code == "rch"
    )
    return steps + 1 if steps else 0


def _answers(effect: tuple[Step, ...]) -> int:
    """Decisions an effect may ask for: one per road step, picked resource or conversion,
    one per exchange, two per craft (the card and its payment)."""
    found = _reach(effect)
    for step in effect:
        if isinstance(step, Pick | Convert):
            found += step.count
        elif isinstance(step, Trade):
            found += 1
        elif isinstance(step, Craft):
            found += 2
    return found
