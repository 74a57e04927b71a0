"""The vocabulary every Terramara effect is written in, and its parser.

The content files (data/*.txt) write effects in the design's short notation; this module turns
that text into typed steps and abilities. Nothing else is allowed: a word that is not in the
vocabulary makes loading fail, so every effect in the data is defined.

Steps (what happens, left to right):
  `2 ca`, `LEA`, `1 mil`, `2 cul`, `3 rch`, `2 VP`, `W1` — fixed gains (W<n>: a worker of level n)
  `2 PRC?`, `raw?`             — gain resources of the owner's choice (processed / raw)
  `cvt2`                       — turn up to 2 of your raw tiles to their processed side
  `WAR2`                       — take 2 warriors for this round
  `raid`, `raid free`, `raid +1 free` — raid (free: without losing military; +1: power level)
  `craft`, `craft raw`, `craft less-each` — craft one artifact (matching raw may stand in for
                                 processed / pay one less of each kind)
  `raw? -> 4 VP`, `2 mil -> 1 cul + 1 rch`, `raw? -> 2 cul / 2 rch / 3 mil` — exchange once
  `mil per richer`             — 1 mil per other real player with higher military
  `recruit`, `start-player`, `take-back` — the home actions and Runner's Sandals

Abilities (permanent, end-game and person effects) are a keyword with arguments, see ABILITIES.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Literal

from engine.core import Message, msg, term

#: Raw and processed codes share an index: stone/ashlar 0, wood/timber 1, ore/metal 2,
#: cattle/leather 3. A tile has a raw and a processed side of the same kind.
RAW: tuple[str, ...] = ("st", "wd", "or", "ca")
PROCESSED: tuple[str, ...] = ("ASH", "TIM", "MET", "LEA")
RAW_NAMES = ("stone", "wood", "ore", "cattle")
PROCESSED_NAMES = ("ashlar", "timber", "metal", "leather")
TRACKS: tuple[str, ...] = ("mil", "cul", "rch")
TRACK_NAMES = {"mil": "military", "cul": "culture", "rch": "reach"}
WORKER_CODES: tuple[str, ...] = ("W1", "W2", "W3")
GAIN_CODES: tuple[str, ...] = (*RAW, *PROCESSED, *TRACKS, "VP", *WORKER_CODES)
TERRAINS: tuple[str, ...] = ("meadow", "quarry", "forest", "mountain")
CATEGORIES: tuple[str, ...] = ("pottery", "tools", "weapons", "clothing")
#: A category's main resource has the category's index among the processed kinds.
CATEGORY_OF_LETTER = {"P": "pottery", "T": "tools", "W": "weapons", "C": "clothing"}

Pool = Literal["raw", "prc"]


class EffectError(ValueError):
    """An effect text uses a word outside the vocabulary."""


@dataclass(frozen=True)
class Gain:
    items: tuple[tuple[str, int], ...]

    @property
    def text(self) -> str:
        return ", ".join(_amount(code, n) for code, n in self.items)


@dataclass(frozen=True)
class Pick:
    pool: Pool
    count: int

    @property
    def text(self) -> str:
        mark = "PRC?" if self.pool == "prc" else "raw?"
        return mark if self.count == 1 else f"{self.count} {mark}"


@dataclass(frozen=True)
class Convert:
    count: int

    @property
    def text(self) -> str:
        return f"cvt{self.count}"


@dataclass(frozen=True)
class Warriors:
    count: int

    @property
    def text(self) -> str:
        return f"WAR{self.count}"


@dataclass(frozen=True)
class Raid:
    level: int = 0
    free: bool = False

    @property
    def text(self) -> str:
        return " ".join(
            ["raid", *([f"+{self.level}"] if self.level else []), *(["free"] * self.free)]
        )


@dataclass(frozen=True)
class Craft:
    raw_ok: bool = False
    less_each: bool = False

    @property
    def text(self) -> str:
        return " ".join(["craft", *(["raw"] * self.raw_ok), *(["less-each"] * self.less_each)])


@dataclass(frozen=True)
class Trade:
    """Pay once (tiles of your choice from a pool, or a fixed amount) for one alternative."""

    pay_pool: Pool | None
    pay_count: int
    pay_fixed: Gain | None
    alternatives: tuple[tuple[Gain | Pick, ...], ...]

    @property
    def text(self) -> str:
        if self.pay_fixed is not None:
            pay = self.pay_fixed.text
        else:
            pay = Pick(self.pay_pool or "raw", self.pay_count).text
        alts = " / ".join(" + ".join(_part_text(part) for part in alt) for alt in self.alternatives)
        return f"{pay} -> {alts}"


@dataclass(frozen=True)
class Simple:
    """A step without parameters: `mil per richer`, `recruit`, `start-player`, `take-back`."""

    name: str

    @property
    def text(self) -> str:
        return self.name


Step = Gain | Pick | Convert | Warriors | Raid | Craft | Trade | Simple
SIMPLE_STEPS = ("mil per richer", "recruit", "start-player", "take-back")


@dataclass(frozen=True)
class Ability:
    kind: str
    args: tuple[str, ...] = ()

    def number(self, index: int = 0) -> int:
        return int(self.args[index])

    @property
    def text(self) -> str:
        return " ".join((self.kind, *self.args))


#: Every ability keyword and the kinds of its arguments.
ABILITIES: dict[str, tuple[str, ...]] = {
    # artifacts, permanent
    "terrain": ("terrain", "raw"),
    "discount": ("category",),
    "printed-vp": ("processed",),
    "raid-level": ("int",),
    "culture-vp": ("int",),
    "crossroad-cvt": ("int",),
    "second-cart-vp": ("int",),
    "sling": (),
    "join-vp": ("int",),
    # artifacts, end of game
    "worker-vp": ("int",),
    "category-vp": ("int",),
    "power-vp": (),
    "river-vp": ("int",),
    "processed-vp": ("int",),
    "outpost-again": (),
    "cart-end-vp": ("int",),
    # persons
    "reach-plus": (),
    "culture-plus": (),
    "no-mil-loss": (),
    "raw-sub": ("int",),
    "personal-bonus": (),
    "extra-scout": (),
    "own-crossroad": (),
    "own-outpost": (),
    "crossroad-vp": ("int",),
    "power-vp-round": (),
    "craft-vp": ("int", "int"),
    "banner-vp": ("int",),
    "chief-vp": ("int", "int"),
    "crossroad-place-vp": ("int",),
}
_ARG_VALUES: dict[str, tuple[str, ...]] = {
    "terrain": TERRAINS,
    "raw": RAW,
    "category": CATEGORIES,
    "processed": PROCESSED,
}

_NUMBERED = re.compile(r"^(?:(\d+)\s*)?(\S+)$")
_WARRIORS = re.compile(r"^WAR(\d)$")
_CONVERT = re.compile(r"^cvt(\d)$")


def _part_text(part: Gain | Pick) -> str:
    if isinstance(part, Gain):
        return " + ".join(_amount(code, n) for code, n in part.items)
    return part.text


def _amount(code: str, n: int) -> str:
    if code in (*RAW, *PROCESSED, *WORKER_CODES) and n == 1:
        return code
    return f"{n} {code}"


@cache
def parse_effect(text: str) -> tuple[Step, ...]:
    """The steps of an effect text; adjacent fixed gains merge into one gain event (H21)."""
    steps: list[Step] = []
    for item in (part.strip() for part in text.split(",")):
        step = _parse_item(item, text)
        if isinstance(step, Gain) and steps and isinstance(steps[-1], Gain):
            steps[-1] = Gain(_merge(steps[-1].items + step.items))
        else:
            steps.append(step)
    return tuple(steps)


@cache
def parse_step(text: str) -> Step:
    """One step from its own text (tasks on the stack keep steps by their text)."""
    steps = parse_effect(text)
    if len(steps) != 1:
        raise EffectError(f"'{text}' is not a single step")
    return steps[0]


def _merge(items: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    merged: dict[str, int] = {}
    for code, n in items:
        merged[code] = merged.get(code, 0) + n
    return tuple(merged.items())


def _parse_item(item: str, whole: str) -> Step:
    if not item:
        raise EffectError(f"empty part in effect '{whole}'")
    if "->" in item:
        return _parse_trade(item, whole)
    if item in SIMPLE_STEPS:
        return Simple(item)
    words = item.split()
    if words[0] == "raid":
        level, free = 0, False
        for word in words[1:]:
            if word == "free":
                free = True
            elif re.fullmatch(r"\+\d", word):
                level = int(word[1:])
            else:
                raise EffectError(f"'{word}' is not a raid modifier in '{whole}'")
        return Raid(level, free)
    if words[0] == "craft":
        flags = set(words[1:])
        if not flags <= {"raw", "less-each"}:
            raise EffectError(f"unknown craft modifier in '{whole}'")
        return Craft("raw" in flags, "less-each" in flags)
    if match := _WARRIORS.match(item):
        return Warriors(int(match.group(1)))
    if match := _CONVERT.match(item):
        return Convert(int(match.group(1)))
    return _parse_gain_or_pick(item, whole)


def _parse_gain_or_pick(item: str, whole: str) -> Gain | Pick:
    match = _NUMBERED.match(item)
    if not match:
        raise EffectError(f"'{item}' is not an effect (in '{whole}')")
    count = int(match.group(1) or 1)
    code = match.group(2)
    if code == "PRC?":
        return Pick("prc", count)
    if code == "raw?":
        return Pick("raw", count)
    if code not in GAIN_CODES:
        raise EffectError(f"'{code}' is not a resource, track or VP code (in '{whole}')")
    return Gain(((code, count),))


def _parse_trade(item: str, whole: str) -> Trade:
    pay_text, _, get_text = (part.strip() for part in item.partition("->"))
    pay = _parse_gain_or_pick(pay_text, whole)
    alternatives: list[tuple[Gain | Pick, ...]] = []
    for alt in get_text.split("/"):
        parts: list[Gain | Pick] = []
        for text in alt.split("+"):
            part = _parse_gain_or_pick(text.strip(), whole)
            if isinstance(part, Gain) and parts and isinstance(parts[-1], Gain):
                part = Gain(_merge(parts[-1].items + part.items))
                parts.pop()
            parts.append(part)
        alternatives.append(tuple(parts))
    if isinstance(pay, Pick):
        return Trade(pay.pool, pay.count, None, tuple(alternatives))
    return Trade(None, 0, pay, tuple(alternatives))


def parse_ability(text: str) -> Ability:
    words = text.split()
    if not words or words[0] not in ABILITIES:
        raise EffectError(f"'{text}' is not an ability")
    kinds = ABILITIES[words[0]]
    args = tuple(words[1:])
    if len(args) != len(kinds):
        raise EffectError(f"'{words[0]}' takes {len(kinds)} argument(s), not '{text}'")
    for kind, arg in zip(kinds, args, strict=True):
        if kind == "int":
            if not arg.isdigit():
                raise EffectError(f"'{arg}' is not a number in '{text}'")
        elif arg not in _ARG_VALUES[kind]:
            raise EffectError(f"'{arg}' is not a {kind} in '{text}'")
    return Ability(words[0], args)


def describe_amount(code: str, n: int) -> str:
    """Words for an amount, as events say it in English: `2 cattle`, `1 culture`, `3 VP`."""
    return amount(code, n).english()


def amount(code: str, n: int) -> Message:
    """An amount as a message: `2 cattle` (`2 Vieh`), `a level-1 worker`, `3 VP`."""
    if code in WORKER_CODES:
        level = int(code[1])
        if n == 1:
            return msg("a level-{level} worker", level=level)
        return msg("{count} level-{level} workers", count=n, level=level)
    if code in RAW or code in PROCESSED or code in TRACKS:
        return msg("{count} {what}", count=n, what=amount_name(code))
    return msg("{count} VP", count=n)


def amount_name(code: str) -> Message:
    """The name of a resource or track (`cattle`, `culture`) as a word of the game."""
    if code in RAW:
        return term(RAW_NAMES[RAW.index(code)], "resource")
    if code in PROCESSED:
        return term(PROCESSED_NAMES[PROCESSED.index(code)], "resource")
    return term(TRACK_NAMES[code], "track")
