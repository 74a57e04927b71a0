"""Short texts for the board: effects in the design's notation, abilities in a few words.

Space and bonus-tile effects are already short (`2 ca, 1 mil`, `raw? -> 4 VP`) and are shown
as written: they are notation, which the board's legend explains in the reader's language.
Abilities are keywords (`crossroad-cvt 1`), which a player cannot read: each gets a short
phrase here, built from its arguments, as a message (worded in the reader's language where it
is drawn). Every keyword of the engine's vocabulary has one (a test checks), so new content
cannot reach the board unreadable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core.messages import Message, msg, term
from engine.games.terramara.content import HOME_ACTIONS, PERSONS, SPECIALS
from engine.games.terramara.effects import CATEGORIES, PROCESSED, Ability, parse_ability
from engine.games.terramara.view import TerramaraView

_MAIN = dict(zip(CATEGORIES, PROCESSED, strict=True))


def _category(category: str) -> Message:
    """An artifact category (`tools`) as a word of the game."""
    return term(category, "category")


#: Ability keyword → its short phrase, from the ability's arguments and the card's category.
ABILITY_PHRASES: dict[str, Callable[[Ability, str], Message]] = {
    "terrain": lambda a, _: msg(
        "{terrain} space: +{resource}", terrain=term(a.args[0], "terrain"), resource=a.args[1]
    ),
    "discount": lambda a, _: msg(
        "{category}: 1 {tile} less", category=_category(a.args[0]), tile=_MAIN[a.args[0]]
    ),
    "printed-vp": lambda a, _: msg("craft: +1 VP per {tile} in cost", tile=a.args[0]),
    "raid-level": lambda a, _: msg("raid at power +{count}", count=a.args[0]),
    "culture-vp": lambda a, _: msg("+{count} VP per cul gain", count=a.args[0]),
    "crossroad-cvt": lambda a, _: msg("cart reaches C: cvt{count}", count=a.args[0]),
    "second-cart-vp": lambda a, _: msg("2nd cart reaches C: {count} VP", count=a.args[0]),
    "sling": lambda a, _: msg("scout joins at equal mil, free"),
    "join-vp": lambda a, _: msg("scout joins a scout: {count} VP", count=a.args[0]),
    "worker-vp": lambda a, _: msg("{count} VP per worker level", count=a.args[0]),
    "category-vp": lambda a, category: msg(
        "{count} VP per other {category}", count=a.args[0], category=_category(category)
    ),
    "power-vp": lambda a, _: msg("VP = power level"),
    "river-vp": lambda a, _: msg("1 VP per 2 river (max {count})", count=a.args[0]),
    "processed-vp": lambda a, _: msg("1 VP per PRC held (max {count})", count=a.args[0]),
    "outpost-again": lambda a, _: msg("best outpost scores twice"),
    "cart-end-vp": lambda a, _: msg("{count} VP per cart at the end", count=a.args[0]),
    "reach-plus": lambda a, _: msg("every rch gain +1 rch"),
    "culture-plus": lambda a, _: msg("every cul gain +1 cul"),
    "no-mil-loss": lambda a, _: msg("never pays military"),
    "raw-sub": lambda a, _: msg("craft: {count} raw for PRC", count=a.args[0]),
    "personal-bonus": lambda a, _: msg("R: use an own bonus tile"),
    "extra-scout": lambda a, _: msg("a sixth scout"),
    "own-crossroad": lambda a, _: msg("own crossroad space"),
    "own-outpost": lambda a, _: msg("own outpost"),
    "crossroad-vp": lambda a, _: msg("cart reaches C: {count} VP", count=a.args[0]),
    "power-vp-round": lambda a, _: msg("R: VP = power level"),
    "craft-vp": lambda a, _: msg("craft: {count} VP (L3: {more})", count=a.args[0], more=a.args[1]),
    "banner-vp": lambda a, _: msg("{count} VP per banner", count=a.args[0]),
    "chief-vp": lambda a, _: msg(
        "chief joins: {count} VP, empty: {more}", count=a.args[0], more=a.args[1]
    ),
    "crossroad-place-vp": lambda a, _: msg("member to a crossroad: {count} VP", count=a.args[0]),
}

#: Steps whose notation is a keyword, in words.
STEP_PHRASES = {
    "mil per richer": msg("1 mil per richer player"),
    "take-back": msg("take a home scout back"),
    "craft raw": msg("craft (raw may pay)"),
    "craft less-each": msg("craft 1 less of each"),
    "start-player": msg("start player"),
}

#: A home action's title on its space.
HOME_TITLES = {
    "recruit": term("Recruit", "home action"),
    "improve": term("Improve", "home action"),
    "travel": term("Travel", "home action"),
    "raid": term("Raid", "home action"),
    "start": term("Start", "home action"),
}

#: Links between the parts of a phrase (`, `) and between effects on one space.
_COMMA = msg("{first}, {second}")


def _joined(parts: Sequence[Message | str], template: Message = _COMMA) -> Message | str:
    """`a, b, c` (or with `template`'s link), each part worded in the reader's language."""
    joined: Message | str = parts[0] if parts else ""
    for part in parts[1:]:
        joined = Message(template.key, {"first": joined, "second": part})
    return joined


def ability_phrase(text: str, category: str = "") -> Message:
    """`crossroad-cvt 1` → `cart reaches C: cvt1`."""
    ability = parse_ability(text)
    return ABILITY_PHRASES[ability.kind](ability, category)


def steps_phrase(text: str) -> Message | str:
    """An effect in the notation, with keyword steps in words."""
    return _joined([STEP_PHRASES.get(part.strip(), part.strip()) for part in text.split(",")])


def card_lines(effect: str, category: str) -> list[Message]:
    """An artifact's effects, one line per kind: `I: 2 raw?`, `P: forest space: +wd`."""
    lines = []
    for part in effect.split(";"):
        mark, _, body = (piece.strip() for piece in part.partition(":"))
        if mark in ("P", "E"):
            words = _joined([ability_phrase(t.strip(), category) for t in body.split(",")])
        else:
            words = steps_phrase(body)
        lines.append(msg("{mark}: {words}", mark=mark, words=words))
    return lines


def person_phrase(text: str) -> Message | str:
    """A person side's abilities (`own-crossroad, own-outpost`) in words."""
    return _joined([ability_phrase(part.strip()) for part in text.split(",")])


def home_effect(action: str) -> Message | str:
    """What a home action gives, in the notation (`1 mil, 1 cul`) or in words."""
    text = HOME_ACTIONS[action].text
    return HOME_WORDS.get(text, text)


#: Home actions whose notation is a keyword, in words.
HOME_WORDS = {
    "recruit": msg("a worker"),
    "raid": msg("1 mil: raid"),
    "start-player": msg("start card, 1 rch"),
}

_CONDITION_NAMES: dict[str, Callable[[str], Message]] = {
    "workers": lambda steps: msg("worker levels {steps}", steps=steps),
    "river": lambda steps: msg("river {steps}", steps=steps),
    "military": lambda steps: msg("military {steps}", steps=steps),
}


def special_condition(key: str) -> Message:
    """What a round-5 special space asks: `worker levels 5+`, `both carts C4+`."""
    special = SPECIALS[key]
    return _condition(special.condition, special.threshold)


def _condition(condition: str, threshold: int) -> Message:
    if condition == "road":
        return msg("both carts {steps}", steps=f"C{threshold}+")
    if condition in _CONDITION_NAMES:
        return _CONDITION_NAMES[condition](f"{threshold}+")
    return msg("{count}+ {category} crafted", count=threshold, category=_category(condition))


def outpost_condition(condition: str, thresholds: Sequence[int]) -> Message:
    """An outpost's three steps: `tools crafted 2 / 3 / 4`, `both carts C2 / C4 / C6`."""
    if condition == "road":
        return msg("both carts {steps}", steps=" / ".join(f"C{t}" for t in thresholds))
    steps = " / ".join(str(t) for t in thresholds)
    if condition in _CONDITION_NAMES:
        return _CONDITION_NAMES[condition](steps)
    return msg("{category} crafted {steps}", category=_category(condition), steps=steps)


#: A person's "on taking" gains that are keywords, in words.
TAKING_WORDS = {
    "bonus-tiles": msg("the spare bonus tiles"),
    "scout": msg("a sixth scout"),
    "survey": msg("an own crossroad space and outpost"),
}


def draft_lines(view: TerramaraView) -> list[Message]:
    """The draft's offer in words: the picking order, each person and each start card."""
    draft = view.draft
    if draft is None:
        return []
    names = [p.name for p in view.players]
    lines = [msg("Picks, in order: {players}", players=", ".join(names[s] for s in draft.order))]
    for person in draft.persons:
        on_taking = PERSONS[person.id].on_taking
        person_name = term(person.name, "person")
        young, experienced = person_phrase(person.young), person_phrase(person.experienced_side)
        if on_taking == "-":
            line = msg(
                "{id} {person}: young: {young} · experienced: {experienced}",
                id=person.id,
                person=person_name,
                young=young,
                experienced=experienced,
            )
        else:
            line = msg(
                "{id} {person}: takes {taking} · young: {young} · experienced: {experienced}",
                id=person.id,
                person=person_name,
                taking=TAKING_WORDS.get(on_taking, on_taking),
                young=young,
                experienced=experienced,
            )
        lines.append(line)
    lines += [msg("{id}: {gain}", id=card.id, gain=card.gain) for card in draft.cards]
    return lines
