"""Changing a private copy of a state: gains and their triggers, the river, the road, crafting.

`Builder` shallow-copies the state with fresh top-level lists and copies a seat the first time
an action changes it, so the caller's state is never touched. Everything a gain sets off (river
milestones, reach to spend, cart arrivals, person and artifact triggers) happens here; what
needs a player's decision is pushed onto the task stack (tasks.py resolves it).

Triggers follow H21: one gain event fires each matching "whenever you gain" ability once, and
what a trigger adds joins that event without firing anything further.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.core import Event, Message, StateBuilder

from . import rules
from .board import (
    BANNERS,
    MILITARY_END,
    RIVER_BONUS_LEVELS,
    RIVER_END,
    RIVER_SCOUT,
    end_slot_vp,
    progress,
)
from .content import ARTIFACTS, TERRITORIES
from .effects import (
    PROCESSED,
    RAW,
    WORKER_CODES,
    Convert,
    Craft,
    Gain,
    Pick,
    Step,
    Trade,
    describe_amount,
)
from .state import Seat, Task, TerramaraState

#: River spaces whose bonus tiles a canoe uses, as indices into `state.river_bonus`.
RIVER_BONUS_SLOTS: dict[int, tuple[int, ...]] = {6: (0,), 10: (1,), 14: (2, 3)}
assert {k: len(v) for k, v in RIVER_BONUS_SLOTS.items()} == {
    k: len(v) for k, v in RIVER_BONUS_LEVELS.items()
}


class Builder(StateBuilder[TerramaraState]):
    """Carries out actions on a copy-on-write copy of the state (engine.core.StateBuilder)."""

    # -- bookkeeping --------------------------------------------------------------------------

    def seat(self, index: int) -> Seat:
        """The seat, copied before its first change."""
        seat: Seat = self.edit_item("seats", index)
        return seat

    @property
    def tasks(self) -> list[Task]:
        """The task stack of the new state, copied before its first change."""
        tasks: list[Task] = self.edit("tasks")
        return tasks

    @property
    def spaces(self) -> dict[str, list[str]]:
        """Who is on which space in the new state, copied before its first change."""
        spaces: dict[str, list[str]] = self.edit("spaces")
        return spaces

    def push(self, tasks: Sequence[Task]) -> None:
        """Put tasks on the stack so that the first of them is resolved first."""
        if tasks:
            self.tasks.extend(reversed(tasks))

    def effect_tasks(
        self, seat: int, steps: Iterable[Step], source: str, optional: bool
    ) -> list[Task]:
        """The tasks that carry out an effect's steps, in order (optional: H22 partial use)."""
        tasks = []
        for step in steps:
            if isinstance(step, Pick):
                kind = "pick"
                tasks.append(
                    Task(
                        seat=seat,
                        kind=kind,
                        spec=step.pool,
                        n=step.count,
                        optional=optional,
                        source=source,
                    )
                )
            elif isinstance(step, Convert):
                tasks.append(Task(seat=seat, kind="cvt", n=step.count, source=source))
            elif isinstance(step, Trade) and step.pay_fixed is None:
                tasks.append(Task(seat=seat, kind="trade", spec=step.text, n=1, source=source))
            elif isinstance(step, Craft):
                tasks.append(Task(seat=seat, kind="craft", spec=step.text, source=source))
            else:
                tasks.append(Task(seat=seat, kind="step", spec=step.text, source=source))
        return tasks

    def push_effect(self, seat: int, steps: Iterable[Step], source: str, optional: bool) -> None:
        self.push(self.effect_tasks(seat, steps, source, optional))

    # -- gains ----------------------------------------------------------------------------------

    def gain(self, seat: int, gain: Gain, source: str = "", triggers: bool = True) -> None:
        """One gain event: resources (as far as the supply goes), workers, tracks and VP."""
        state = self.state
        player = self.seat(seat)
        words: list[str] = []
        follow: list[Task] = []
        first_note = len(self.events)  # what the gain sets off is said after the gain
        for code, count in gain.items:
            if code in RAW or code in PROCESSED:
                words.append(self._take_tiles(seat, code, count))
            elif code in WORKER_CODES:
                level = int(code[1])
                got = min(count, state.worker_supply[level - 1])
                self.edit("worker_supply")[level - 1] -= got
                player.workers = sorted([*player.workers, *([level] * got)])
                words.append(describe_amount(code, got) if got else f"no level-{level} worker")
            elif code == "mil":
                words.append(self._military(seat, count))
            elif code == "cul":
                words.append(self._culture(seat, count, triggers, follow))
            elif code == "rch":
                words.append(self._reach(seat, count, triggers, follow))
            else:
                player.vp += count
                words.append(f"{count} VP")
        origin = f" ({source})" if source else ""
        text = f"{self.who(seat)} gains {', '.join(words)}{origin}"
        self.events.insert(first_note, Event(message=Message(text), seat=seat))
        self.push(follow)

    def _take_tiles(self, seat: int, code: str, count: int) -> str:
        processed = code in PROCESSED
        kind = (PROCESSED if processed else RAW).index(code)
        got = min(count, rules.supply(self.state, kind))
        player = self.seat(seat)
        if processed:
            player.processed[kind] += got
        else:
            player.raw[kind] += got
        if got == 0:
            return f"no {describe_amount(code, count).split(' ', 1)[1]} (the supply is empty)"
        text = describe_amount(code, got)
        if got < count:
            text += f" (the supply had only {got})"
        return text

    def _military(self, seat: int, count: int) -> str:
        player = self.seat(seat)
        total = player.military + count
        extra = max(0, total - MILITARY_END)
        player.military = min(total, MILITARY_END)
        player.vp += extra
        return f"{count} military" + (f" ({extra} as VP beyond {MILITARY_END})" if extra else "")

    def lose_military(self, seat: int, count: int, exchange: bool = False) -> int:
        """Pay military (the Shield-bearer pays none, except in exchanges: H14)."""
        player = self.seat(seat)
        if not exchange and rules.never_loses_military(player):
            return 0
        paid = min(count, player.military)
        player.military -= paid
        return paid

    def _culture(self, seat: int, count: int, triggers: bool, follow: list[Task]) -> str:
        player = self.seat(seat)
        extra = 1 if triggers and rules.has(player, "culture-plus") else 0
        total = count + extra
        old = player.culture
        new = min(RIVER_END, old + total)
        beyond = old + total - new
        player.culture = new
        player.vp += beyond
        text = describe_amount("cul", total)
        if extra:
            text += " (1 from the Singer)"
        if beyond:
            text += f" ({beyond} as VP beyond river space {RIVER_END})"
        for space in range(old + 1, new + 1):
            self._milestone(seat, space, follow)
        if triggers:
            bonus = sum(a.number() for a in rules.abilities(player, "culture-vp"))
            if bonus:
                player.vp += bonus
                text += f" and {bonus} VP for it"
        return text

    def _milestone(self, seat: int, space: int, follow: list[Task]) -> None:
        player = self.seat(seat)
        name = self.who(seat)
        if space == RIVER_SCOUT:
            player.scouts += 1
            player.home_scouts += 1
            self.say(f"{name}'s canoe reaches river space 8: a new scout joins the tribe", seat)
        elif space == 4:
            self.say(f"{name}'s canoe reaches river space 4: {name} may now reserve", seat)
        elif space == 12:
            self.say(
                f"{name}'s canoe reaches river space 12: the reserved artifact costs one tile "
                "less from now on",
                seat,
            )
        for index in RIVER_BONUS_SLOTS.get(space, ()):
            tile = self.state.river_bonus[index]
            follow.append(Task(seat=seat, kind="bonus", spec=tile, source=f"river space {space}"))

    def _reach(self, seat: int, count: int, triggers: bool, follow: list[Task]) -> str:
        player = self.seat(seat)
        extra = 1 if triggers and rules.has(player, "reach-plus") else 0
        total = count + extra
        text = describe_amount("rch", total)
        if extra:
            text += " (1 from the Wayfinder)"
        if all(cart == "E" for cart in player.carts):
            return text + " (lost: both carts are at the end of the road)"
        follow.append(Task(seat=seat, kind="road", n=total, source="reach"))
        return text

    # -- the road -------------------------------------------------------------------------------

    def move_cart(self, seat: int, start: str, end: str) -> None:
        player = self.seat(seat)
        index = player.carts.index(start)
        player.carts[index] = end
        other = player.carts[1 - index]
        name = self.who(seat)
        self.say(f"{name} moves a cart from {start} to {end}", seat)
        follow: list[Task] = []
        kind, row = end[0], end[1:]
        if kind == "B":
            tile = self.state.road_bonus[int(row) - 1]
            follow.append(Task(seat=seat, kind="bonus", spec=tile, source=f"road {end}"))
        elif kind == "O":
            self._banner(seat, TERRITORIES[self.state.left_tiles[int(row) - 1]].back or "")
        elif kind == "C":
            self._crossroad(seat, int(row), other, follow)
        elif kind == "E":
            vp = end_slot_vp(self.state.end_arrivals)
            self.state.end_arrivals += 1
            player.end_vp.append(vp)
            self.say(f"{name}'s cart reaches the end of the road: {vp} VP at the end", seat)
        self.push(follow)

    def _banner(self, seat: int, outpost: str) -> None:
        player = self.seat(seat)
        name = self.who(seat)
        if outpost in player.banners:
            self.say(f"{name} already has a banner on outpost {outpost}", seat)
            return
        if len(player.banners) >= BANNERS:
            self.say(f"{name} has no banner left for outpost {outpost}", seat)
            return
        player.banners.append(outpost)
        text = f"{name} puts a banner on outpost {outpost}"
        bonus = sum(a.number() for a in rules.abilities(player, "banner-vp"))
        if bonus:
            player.vp += bonus
            text += f" and gains {bonus} VP (Keeper)"
        self.say(text, seat)

    def _crossroad(self, seat: int, row: int, other: str, follow: list[Task]) -> None:
        player = self.seat(seat)
        vp = sum(a.number() for a in rules.abilities(player, "crossroad-vp"))
        if progress(other) >= 2 * row:
            vp += sum(a.number() for a in rules.abilities(player, "second-cart-vp"))
        if vp:
            player.vp += vp
            self.say(f"{self.who(seat)} gains {vp} VP at crossroad C{row}", seat)
        for ability in rules.abilities(player, "crossroad-cvt"):
            follow.append(
                Task(seat=seat, kind="cvt", n=ability.number(), source=f"Belt Pouch, C{row}")
            )

    # -- the river of artifacts ---------------------------------------------------------------

    def take_from_river(self, slot: int) -> str:
        """Remove the card in a slot (0-based); the others slide left (`refill` fills slot 8)."""
        river: list[str] = self.edit("river")
        return river.pop(slot)

    def refill(self) -> None:
        river: list[str] = self.edit("river")
        deck: list[str] = self.edit("deck")
        while river and river[-1] == "":
            river.pop()
        new = []
        while len(river) < 8:
            if deck:
                card = deck.pop(0)
                river.append(card)
                new.append(card)
            else:
                river.append("")
        if new:
            names = ", ".join(f"{ARTIFACTS[c].name} ({c})" for c in new)
            self.say(f"the river is refilled from the deck: {names}", reveals=True)

    def clear_river_level(self, level: int) -> None:
        kept = [c for c in self.state.river if c and ARTIFACTS[c].level != level]
        removed = len([c for c in self.state.river if c]) - len(kept)
        self.state.river = kept
        self.say(f"{removed} level-{level} artifacts leave the river")
        self.refill()

    def clear_deck_level(self, level: int) -> None:
        before = len(self.state.deck)
        self.state.deck = [c for c in self.state.deck if ARTIFACTS[c].level != level]
        removed = before - len(self.state.deck)
        self.say(f"the {removed} level-{level} artifacts left in the deck are removed")

    # -- crafting -----------------------------------------------------------------------------

    def pay_tiles(self, seat: int, processed: Sequence[int], raw: Sequence[int]) -> None:
        player = self.seat(seat)
        for kind in range(4):
            player.processed[kind] -= processed[kind]
            player.raw[kind] -= raw[kind]

    def complete_craft(self, seat: int, key: str, source: str) -> None:
        """The card is paid for: it joins the seat's artifacts and its effects begin."""
        card = ARTIFACTS[key]
        player = self.seat(seat)
        vp = 0
        for ability in rules.abilities(player, "printed-vp"):
            vp += card.cost[PROCESSED.index(ability.args[0])]
        for ability in rules.abilities(player, "craft-vp"):
            vp += ability.number(0 if card.level < 3 else 1)
        player.artifacts.append(key)
        player.vp += vp
        text = f"{self.who(seat)} crafts {card.name} ({key}) {source}"
        if vp:
            text += f" and gains {vp} VP for it"
        self.say(text, seat)
        self.push_effect(seat, card.immediate, card.name, optional=True)

    # -- military and neutrals ----------------------------------------------------------------

    def advance_neutral(self, neutral: int, count: int) -> None:
        military = self.edit("neutral_military")
        military[neutral] = min(MILITARY_END, military[neutral] + count)
