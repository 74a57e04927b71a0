"""Terramara's designed content, loaded from data/*.txt into typed catalogues.

Every effect goes through effects.py, so loading fails on anything outside the vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from typing import Literal

from engine.core import Message, Param, msg, term

from .effects import (
    CATEGORIES,
    CATEGORY_OF_LETTER,
    PROCESSED,
    TERRAINS,
    Ability,
    EffectError,
    Step,
    parse_ability,
    parse_effect,
)

Column = Literal["left", "right"]
Condition = Literal[
    "workers", "river", "military", "road", "tools", "weapons", "pottery", "clothing"
]
CONDITIONS: tuple[str, ...] = (
    "workers",
    "river",
    "military",
    "road",
    "tools",
    "weapons",
    "pottery",
    "clothing",
)
SPACE_LETTERS = ("a", "b", "c")


@dataclass(frozen=True)
class TerritorySpace:
    letter: str
    text: str
    effect: tuple[Step, ...]
    single: bool
    large: bool


@dataclass(frozen=True)
class Territory:
    id: str
    column: Column
    level: int
    terrain: str
    spaces: tuple[TerritorySpace, ...]
    back: str | None


@dataclass(frozen=True)
class Outpost:
    id: str
    condition: str
    thresholds: tuple[int, int, int]


@dataclass(frozen=True)
class Crossroad:
    id: str
    text: str
    effect: tuple[Step, ...]


@dataclass(frozen=True)
class Special:
    id: str
    condition: str
    threshold: int
    text: str
    effect: tuple[Step, ...]


@dataclass(frozen=True)
class Artifact:
    id: str
    name: str
    level: int
    category: str
    cost: tuple[int, int, int, int]
    vp: int
    text: str
    immediate: tuple[Step, ...]
    permanent: tuple[Ability, ...]
    per_round: tuple[Step, ...]
    end: tuple[Ability, ...]

    @property
    def main(self) -> int:
        """The index of the category's main processed resource."""
        return CATEGORIES.index(self.category)

    @property
    def cost_text(self) -> str:
        """The cost as the design writes it, main resource first: `3TIM 2ASH`."""
        order = [self.main, *(i for i in range(4) if i != self.main)]
        return " ".join(
            (PROCESSED[i] if self.cost[i] == 1 else f"{self.cost[i]}{PROCESSED[i]}")
            for i in order
            if self.cost[i]
        )


@dataclass(frozen=True)
class BonusTile:
    id: str
    level: int
    text: str
    effect: tuple[Step, ...]


@dataclass(frozen=True)
class Person:
    id: str
    name: str
    on_taking: str
    on_taking_effect: tuple[Step, ...]
    young: tuple[Ability, ...]
    experienced: tuple[Ability, ...]
    young_text: str
    experienced_text: str


@dataclass(frozen=True)
class StartCard:
    id: str
    text: str
    effect: tuple[Step, ...]


@dataclass(frozen=True)
class HomeSpace:
    id: str
    actions: tuple[str, ...]
    #: "one": choose one of the actions; "both": either or both, in any order.
    merge: Literal["one", "both"]
    single: bool
    once: bool


@dataclass(frozen=True)
class HomeTile:
    id: str
    counts: tuple[int, ...]
    spaces: tuple[HomeSpace, ...]


@dataclass(frozen=True)
class HomeAction:
    id: str
    text: str
    effect: tuple[Step, ...]


ON_TAKING_SPECIAL = ("bonus-tiles", "scout", "survey", "-")
_COST_WORD = re.compile(r"(\d*)([A-Z]{3})")


def _rows(name: str) -> list[list[str]]:
    text = (
        files("engine.games.terramara").joinpath("data").joinpath(name).read_text(encoding="utf-8")
    )
    rows = []
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            rows.append([cell.strip() for cell in line.split("|")])
    return rows


def _effect(text: str, where: str) -> tuple[Step, ...]:
    try:
        return parse_effect(text)
    except EffectError as error:
        raise EffectError(f"{where}: {error}") from None


def _cost(text: str) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    for word in text.split():
        match = _COST_WORD.fullmatch(word)
        if not match or match.group(2) not in PROCESSED:
            raise EffectError(f"'{word}' is not a processed cost")
        counts[PROCESSED.index(match.group(2))] += int(match.group(1) or 1)
    return counts[0], counts[1], counts[2], counts[3]


def _load_territories() -> dict[str, Territory]:
    result: dict[str, Territory] = {}
    for row in _rows("territories.txt"):
        tile_id, terrain, a, b, c, back = row
        if terrain not in TERRAINS:
            raise EffectError(f"{tile_id}: unknown terrain {terrain}")
        spaces = []
        for letter, text in zip(SPACE_LETTERS, (a, b, c), strict=True):
            single = text.startswith("single:")
            body = text.removeprefix("single:").strip()
            spaces.append(
                TerritorySpace(
                    letter, body, _effect(body, f"{tile_id} {letter}"), single, letter == "c"
                )
            )
        column: Column = "left" if tile_id.startswith("LT") else "right"
        result[tile_id] = Territory(
            tile_id, column, int(tile_id[2]), terrain, tuple(spaces), None if back == "-" else back
        )
    return result


def _load_backs() -> tuple[dict[str, Outpost], dict[str, Crossroad], dict[str, Special]]:
    outposts: dict[str, Outpost] = {}
    crossroads: dict[str, Crossroad] = {}
    specials: dict[str, Special] = {}
    for row in _rows("backs.txt"):
        kind, key = row[0], row[1]
        if kind == "outpost":
            _, _, condition, easy, medium, hard = row
            _check_condition(condition, key)
            outposts[key] = Outpost(key, condition, (int(easy), int(medium), int(hard)))
        elif kind == "crossroad":
            crossroads[key] = Crossroad(key, row[2], _effect(row[2], key))
        elif kind == "special":
            _, _, condition, threshold, text = row
            _check_condition(condition, key)
            specials[key] = Special(key, condition, int(threshold), text, _effect(text, key))
        else:
            raise EffectError(f"unknown kind '{kind}' in backs.txt")
    return outposts, crossroads, specials


def _check_condition(condition: str, key: str) -> None:
    if condition not in CONDITIONS:
        raise EffectError(f"{key}: unknown condition {condition}")


def _load_artifacts() -> dict[str, Artifact]:
    result: dict[str, Artifact] = {}
    for key, name, level, cost, vp, effects in _rows("artifacts.txt"):
        parts: dict[str, list[str]] = {"I": [], "P": [], "R": [], "E": []}
        for part in (p.strip() for p in effects.split(";")):
            mark, _, body = part.partition(":")
            if mark not in parts:
                raise EffectError(f"{key}: effect kind '{mark}' is not I, P, R or E")
            parts[mark].append(body.strip())
        if len(parts["I"]) > 1 or len(parts["R"]) > 1:
            raise EffectError(f"{key}: at most one I and one R effect")
        result[key] = Artifact(
            id=key,
            name=name,
            level=int(level),
            category=CATEGORY_OF_LETTER[key[0]],
            cost=_cost(cost),
            vp=int(vp),
            text=effects,
            immediate=_effect(parts["I"][0], key) if parts["I"] else (),
            permanent=tuple(parse_ability(text) for text in parts["P"]),
            per_round=_effect(parts["R"][0], key) if parts["R"] else (),
            end=tuple(parse_ability(text) for text in parts["E"]),
        )
    return result


def _load_cards() -> tuple[
    dict[str, BonusTile],
    dict[str, Person],
    dict[str, StartCard],
    dict[str, HomeTile],
    dict[str, HomeAction],
]:
    bonus: dict[str, BonusTile] = {}
    persons: dict[str, Person] = {}
    starts: dict[str, StartCard] = {}
    homes: dict[str, HomeTile] = {}
    actions: dict[str, HomeAction] = {}
    for row in _rows("cards.txt"):
        kind = row[0]
        if kind == "bonus":
            _, key, level, text = row
            bonus[key] = BonusTile(key, int(level), text, _effect(text, key))
        elif kind == "person":
            _, key, name, taking, young, experienced = row
            effect = () if taking in ON_TAKING_SPECIAL else _effect(taking, key)
            persons[key] = Person(
                key,
                name,
                taking,
                effect,
                tuple(parse_ability(t.strip()) for t in young.split(",")),
                tuple(parse_ability(t.strip()) for t in experienced.split(",")),
                young,
                experienced,
            )
        elif kind == "start":
            _, key, text = row
            starts[key] = StartCard(key, text, _effect(text, key))
        elif kind == "home":
            _, key, counts, spaces = row
            homes[key] = HomeTile(
                key,
                tuple(int(c) for c in counts.split()),
                tuple(_home_space(s.strip()) for s in spaces.split(";")),
            )
        elif kind == "action":
            _, key, text = row
            actions[key] = HomeAction(key, text, _effect(text, key))
        else:
            raise EffectError(f"unknown kind '{kind}' in cards.txt")
    return bonus, persons, starts, homes, actions


def _home_space(text: str) -> HomeSpace:
    key, _, rest = (part.strip() for part in text.partition("="))
    flags: set[str] = set()
    if "[" in rest:
        rest, _, flag_text = rest.partition("[")
        flags = set(flag_text.rstrip("]").split())
        rest = rest.strip()
    merge: Literal["one", "both"] = "both" if "+" in rest else "one"
    actions = tuple(a.strip() for a in rest.replace("+", "/").split("/"))
    return HomeSpace(key, actions, merge, "single" in flags, "once" in flags)


TERRITORIES = _load_territories()
OUTPOSTS, CROSSROADS, SPECIALS = _load_backs()
ARTIFACTS = _load_artifacts()
BONUS_TILES, PERSONS, START_CARDS, HOME_TILES, HOME_ACTIONS = _load_cards()

#: Which tile's back shows a crossroad space, outpost or special space.
TILE_OF_BACK: dict[str, str] = {
    tile.back: tile.id for tile in TERRITORIES.values() if tile.back is not None
}


def home_tiles_for(count: int) -> tuple[HomeTile, HomeTile]:
    """The home tiles for a player count, left then right (4: HOME-4 + HOME-34, …)."""
    left = {4: "HOME-4", 3: "HOME-23", 2: "HOME-23"}[count]
    right = {4: "HOME-34", 3: "HOME-34", 2: "HOME-2"}[count]
    return HOME_TILES[left], HOME_TILES[right]


def home_spaces_for(count: int) -> tuple[HomeSpace, ...]:
    left, right = home_tiles_for(count)
    return left.spaces + right.spaces


def territories_of(column: Column, level: int) -> list[str]:
    return [t.id for t in TERRITORIES.values() if t.column == column and t.level == level]


def artifact_term(key: str) -> Message:
    """An artifact card's name as a word of the game (`Bronze Axe`, `Bronzeaxt`)."""
    return term(ARTIFACTS[key].name, "artifact")


def person_term(name: str) -> Message:
    """A person's name as a word of the game (`the Keeper`: `Keeper`, `Hüterin`)."""
    return term(name, "person")


_PERSON_NAMES = {person.name for person in PERSONS.values()}
_ARTIFACT_BY_NAME = {card.name: key for key, card in ARTIFACTS.items()}
_SOURCE_FORMS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Message]], ...] = (
    (re.compile(r"river space (\d+)"), lambda m: msg("river space {space}", space=m[1])),
    (re.compile(r"road (\w+)"), lambda m: msg("road {node}", node=m[1])),
    (
        re.compile(r"Belt Pouch, (C\d)"),
        lambda m: msg("{artifact}, {node}", artifact=artifact_term("C1c"), node=m[1]),
    ),
    (re.compile(r"level-(\d) worker"), lambda m: msg("level-{level} worker", level=m[1])),
    (
        re.compile(r"start player, round (\d)"),
        lambda m: msg("start player, round {round}", round=m[1]),
    ),
    (re.compile(r"start card (\w+)"), lambda m: msg("start card {key}", key=m[1])),
    (re.compile(r"bonus tile (\w+)"), lambda m: msg("bonus tile {key}", key=m[1])),
    (
        re.compile(r"(\w+) bonus"),
        lambda m: msg("{terrain} bonus", terrain=term(m[1], "terrain")),
    ),
    (re.compile(r"the (\w[\w-]*)"), lambda m: msg("the {person}", person=person_term(m[1]))),
)
_FIXED_SOURCES = {
    "reach": msg("reach"),
    "hut": msg("hut"),
    "raid": msg("raid"),
    "start-player card": msg("start-player card"),
}


def source_words(source: str) -> Param:
    """Where a task or a gain comes from (`Task.source`, kept in English in the state, since
    stored games replay it), as words for the reader: a river space, a road node, a person,
    an artifact; a space's id is notation and stays as it is."""
    if source in _FIXED_SOURCES:
        return _FIXED_SOURCES[source]
    if source in _ARTIFACT_BY_NAME:
        return artifact_term(_ARTIFACT_BY_NAME[source])
    for pattern, words in _SOURCE_FORMS:
        found = pattern.fullmatch(source)
        if found and (not pattern.pattern.startswith("the ") or found[1] in _PERSON_NAMES):
            return words(found)
    return source


def member_term(member: str) -> Message:
    """A tribe member (`chief`, `scout`, `warrior`) as a word of the game."""
    return term(member, "member")
