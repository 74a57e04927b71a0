"""Short texts for the board: effects in the design's notation, abilities in a few words.

Space and bonus-tile effects are already short (`2 ca, 1 mil`, `raw? -> 4 VP`) and are shown
as written. Abilities are keywords (`crossroad-cvt 1`), which a player cannot read: each gets a
short phrase here, built from its arguments. Every keyword of the engine's vocabulary has one
(a test checks), so new content cannot reach the board unreadable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.games.terramara.content import HOME_ACTIONS, PERSONS, SPECIALS
from engine.games.terramara.effects import CATEGORIES, PROCESSED, Ability, parse_ability
from engine.games.terramara.view import TerramaraView

_MAIN = dict(zip(CATEGORIES, PROCESSED, strict=True))

#: Ability keyword → its short phrase, from the ability's arguments and the card's category.
ABILITY_PHRASES: dict[str, Callable[[Ability, str], str]] = {
    "terrain": lambda a, _: f"{a.args[0]} space: +{a.args[1]}",
    "discount": lambda a, _: f"{a.args[0]}: 1 {_MAIN[a.args[0]]} less",
    "printed-vp": lambda a, _: f"craft: +1 VP per {a.args[0]} in cost",
    "raid-level": lambda a, _: f"raid at power +{a.args[0]}",
    "culture-vp": lambda a, _: f"+{a.args[0]} VP per cul gain",
    "crossroad-cvt": lambda a, _: f"cart reaches C: cvt{a.args[0]}",
    "second-cart-vp": lambda a, _: f"2nd cart reaches C: {a.args[0]} VP",
    "sling": lambda a, _: "scout joins at equal mil, free",
    "join-vp": lambda a, _: f"scout joins a scout: {a.args[0]} VP",
    "worker-vp": lambda a, _: f"{a.args[0]} VP per worker level",
    "category-vp": lambda a, category: f"{a.args[0]} VP per other {category}",
    "power-vp": lambda a, _: "VP = power level",
    "river-vp": lambda a, _: f"1 VP per 2 river (max {a.args[0]})",
    "processed-vp": lambda a, _: f"1 VP per PRC held (max {a.args[0]})",
    "outpost-again": lambda a, _: "best outpost scores twice",
    "cart-end-vp": lambda a, _: f"{a.args[0]} VP per cart at the end",
    "reach-plus": lambda a, _: "every rch gain +1 rch",
    "culture-plus": lambda a, _: "every cul gain +1 cul",
    "no-mil-loss": lambda a, _: "never pays military",
    "raw-sub": lambda a, _: f"craft: {a.args[0]} raw for PRC",
    "personal-bonus": lambda a, _: "R: use an own bonus tile",
    "extra-scout": lambda a, _: "a sixth scout",
    "own-crossroad": lambda a, _: "own crossroad space",
    "own-outpost": lambda a, _: "own outpost",
    "crossroad-vp": lambda a, _: f"cart reaches C: {a.args[0]} VP",
    "power-vp-round": lambda a, _: "R: VP = power level",
    "craft-vp": lambda a, _: f"craft: {a.args[0]} VP (L3: {a.args[1]})",
    "banner-vp": lambda a, _: f"{a.args[0]} VP per banner",
    "chief-vp": lambda a, _: f"chief joins: {a.args[0]} VP, empty: {a.args[1]}",
    "crossroad-place-vp": lambda a, _: f"member to a crossroad: {a.args[0]} VP",
}

#: Steps whose notation is a keyword, in words.
STEP_PHRASES = {
    "mil per richer": "1 mil per richer player",
    "take-back": "take a home scout back",
    "craft raw": "craft (raw may pay)",
    "craft less-each": "craft 1 less of each",
    "start-player": "start player",
}

#: A home action's title on its space.
HOME_TITLES = {
    "recruit": "Recruit",
    "improve": "Improve",
    "travel": "Travel",
    "raid": "Raid",
    "start": "Start",
}


def ability_phrase(text: str, category: str = "") -> str:
    """`crossroad-cvt 1` → `cart reaches C: cvt1`."""
    ability = parse_ability(text)
    return ABILITY_PHRASES[ability.kind](ability, category)


def steps_phrase(text: str) -> str:
    """An effect in the notation, with keyword steps in words."""
    return ", ".join(STEP_PHRASES.get(part.strip(), part.strip()) for part in text.split(","))


def card_lines(effect: str, category: str) -> list[str]:
    """An artifact's effects, one line per kind: `I: 2 raw?`, `P: forest space: +wd`."""
    lines = []
    for part in effect.split(";"):
        mark, _, body = (piece.strip() for piece in part.partition(":"))
        if mark in ("P", "E"):
            words = ", ".join(ability_phrase(t.strip(), category) for t in body.split(","))
        else:
            words = steps_phrase(body)
        lines.append(f"{mark}: {words}")
    return lines


def person_phrase(text: str) -> str:
    """A person side's abilities (`own-crossroad, own-outpost`) in words."""
    return ", ".join(ability_phrase(part.strip()) for part in text.split(","))


def home_effect(action: str) -> str:
    """What a home action gives, in the notation (`1 mil, 1 cul`) or in words."""
    text = HOME_ACTIONS[action].text
    return HOME_WORDS.get(text, text)


#: Home actions whose notation is a keyword, in words.
HOME_WORDS = {"recruit": "a worker", "raid": "1 mil: raid", "start-player": "start card, 1 rch"}


_CONDITION_NAMES = {"workers": "worker levels", "river": "river", "military": "military"}


def special_condition(key: str) -> str:
    """What a round-5 special space asks: `worker levels 5+`, `both carts C4+`."""
    special = SPECIALS[key]
    return _condition(special.condition, special.threshold)


def _condition(condition: str, threshold: int) -> str:
    if condition == "road":
        return f"both carts C{threshold}+"
    if condition in _CONDITION_NAMES:
        return f"{_CONDITION_NAMES[condition]} {threshold}+"
    return f"{threshold}+ {condition} crafted"


def outpost_condition(condition: str, thresholds: Sequence[int]) -> str:
    """An outpost's three steps: `tools crafted 2 / 3 / 4`, `both carts C2 / C4 / C6`."""
    if condition == "road":
        return "both carts " + " / ".join(f"C{t}" for t in thresholds)
    steps = " / ".join(str(t) for t in thresholds)
    if condition in _CONDITION_NAMES:
        return f"{_CONDITION_NAMES[condition]} {steps}"
    return f"{condition} crafted {steps}"


#: A person's "on taking" gains that are keywords, in words.
TAKING_WORDS = {
    "-": "",
    "bonus-tiles": "the spare bonus tiles",
    "scout": "a sixth scout",
    "survey": "an own crossroad space and outpost",
}


def draft_lines(view: TerramaraView) -> list[str]:
    """The draft's offer in words: the picking order, each person and each start card."""
    draft = view.draft
    if draft is None:
        return []
    names = [p.name for p in view.players]
    lines = ["Picks, in order: " + ", ".join(names[seat] for seat in draft.order)]
    for person in draft.persons:
        taking = TAKING_WORDS.get(PERSONS[person.id].on_taking, PERSONS[person.id].on_taking)
        gains = f"takes {taking} · " if taking else ""
        lines.append(
            f"{person.id} {person.name}: {gains}young: {person_phrase(person.young)} · "
            f"experienced: {person_phrase(person.experienced_side)}"
        )
    lines += [f"{card.id}: {card.gain}" for card in draft.cards]
    return lines
