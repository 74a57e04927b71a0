"""The content and numbers of Terramara that its guide words, read from the engine: persons,
artifacts, territories (with what their backs show), bonus tiles, outposts and start resource
cards, each effect put into words, and the board's numbers (tracks, raid table, river reach).

Effects are written in the engine's short notation (`2 ca, 1 mil`, `cvt2`, `crossroad-cvt 1`);
`effect_words` and `ability_words` say them in full sentences. Every keyword of the engine's
vocabulary has words here (a test checks), so new content cannot reach the guide unexplained.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from engine.core import Message, chain, msg, plural_msg, term
from engine.games.terramara import board, content, rules
from engine.games.terramara.effects import (
    CATEGORIES,
    PROCESSED,
    PROCESSED_NAMES,
    RAW,
    RAW_NAMES,
    Ability,
    Convert,
    Craft,
    Gain,
    Pick,
    Raid,
    Simple,
    Step,
    Trade,
    Warriors,
    amount,
    parse_ability,
    parse_effect,
)

from ..book import Component

_MAIN = {category: PROCESSED_NAMES[i] for i, category in enumerate(CATEGORIES)}
_RAW_NAME = dict(zip(RAW, RAW_NAMES, strict=True))
_LETTER = {"tools": "T", "weapons": "W", "pottery": "P", "clothing": "C"}
#: Words for the reader: a message (worded in the guide's language where it is shown) or text.
Words = Message | str

#: Ability keyword → a sentence, from its arguments and the category of the card it is on.
ABILITY_WORDS: dict[str, Callable[[Ability, str], Message]] = {
    "terrain": lambda a, _: msg(
        "each member you place on a {terrain} territory space brings 1 {resource} more",
        terrain=term(a.args[0], "terrain"),
        resource=term(_RAW_NAME[a.args[1]], "resource"),
    ),
    "discount": lambda a, _: msg(
        "your {category} cost 1 {resource} less",
        category=term(a.args[0], "category"),
        resource=term(_MAIN[a.args[0]], "resource"),
    ),
    "printed-vp": lambda a, _: msg(
        "whenever you craft, 1 VP for each {resource} printed in the cost",
        resource=term(PROCESSED_NAMES[PROCESSED.index(a.args[0])], "resource"),
    ),
    "raid-level": lambda a, _: msg(
        "you raid as if your power level were {count} higher", count=a.args[0]
    ),
    "culture-vp": lambda a, _: msg("whenever you gain culture, {count} VP", count=a.args[0]),
    "crossroad-cvt": lambda a, _: plural_msg(
        "whenever one of your carts reaches a crossroad, turn up to {count} raw tile",
        "whenever one of your carts reaches a crossroad, turn up to {count} raw tiles",
        count=a.number(),
    ),
    "second-cart-vp": lambda a, _: msg(
        "whenever your second cart reaches a crossroad (the other already there or beyond), "
        "{count} VP",
        count=a.args[0],
    ),
    "sling": lambda a, _: msg(
        "a scout of yours may join a space whose scout belongs to a player with military equal "
        "to yours, and pays nothing then"
    ),
    "join-vp": lambda a, _: msg(
        "each time a scout of yours joins a space held by another player's or a neutral scout, "
        "{count} VP",
        count=a.args[0],
    ),
    "worker-vp": lambda a, _: msg(
        "at the end, {count} VP per level of your workers", count=a.args[0]
    ),
    "category-vp": lambda a, category: msg(
        "at the end, {count} VP for each other {category} artifact you crafted",
        count=a.args[0],
        category=term(category, "category"),
    ),
    "power-vp": lambda a, _: msg("at the end, VP equal to your power level"),
    "river-vp": lambda a, _: msg(
        "at the end, 1 VP for every 2 spaces your canoe went down the river (at most {count})",
        count=a.args[0],
    ),
    "processed-vp": lambda a, _: msg(
        "at the end, 1 VP for each processed tile you hold (at most {count})", count=a.args[0]
    ),
    "outpost-again": lambda a, _: msg("at the end, your best outpost scores a second time"),
    "cart-end-vp": lambda a, _: msg(
        "at the end, {count} VP for each of your carts at the road's end", count=a.args[0]
    ),
    "reach-plus": lambda a, _: msg("whenever you gain reach, 1 reach more"),
    "culture-plus": lambda a, _: msg("whenever you gain culture, 1 culture more"),
    "no-mil-loss": lambda a, _: msg(
        "you never pay military to raid or to join a space (exchanges that spend military "
        "still cost it)"
    ),
    "raw-sub": lambda a, _: msg(
        "when crafting, up to {count} matching raw tiles may pay for processed ones",
        count=a.args[0],
    ),
    "personal-bonus": lambda a, _: msg(
        "once per round in your turn, use one of your own bonus tiles (`use BT1a`), which then "
        "goes to the box — in round 1 only level 1, in round 2 up to level 2, then any"
    ),
    "extra-scout": lambda a, _: msg("a sixth scout (given back when you turn the card)"),
    "own-crossroad": lambda a, _: msg(
        "a crossroad space of your own, open to your members whatever your carts"
    ),
    "own-outpost": lambda a, _: msg(
        "an outpost of your own, scored at the end like one with a banner"
    ),
    "crossroad-vp": lambda a, _: msg(
        "each time one of your carts reaches or passes a crossroad, {count} VP", count=a.args[0]
    ),
    "power-vp-round": lambda a, _: msg(
        "once per round in your turn (`use P3`), VP equal to your power level"
    ),
    "craft-vp": lambda a, _: msg(
        "each artifact you craft brings {count} VP, a level-3 one {more} VP",
        count=a.args[0],
        more=a.args[1],
    ),
    "banner-vp": lambda a, _: msg(
        "each banner you put on an outpost brings {count} VP", count=a.args[0]
    ),
    "chief-vp": lambda a, _: msg(
        "your chief on a space with another player's or a neutral scout brings {count} VP, "
        "on an empty action space (not the hut) {more} VP",
        count=a.args[0],
        more=a.args[1],
    ),
    "crossroad-place-vp": lambda a, _: msg(
        "each time you send a scout or your chief to a crossroad space, {count} VP",
        count=a.args[0],
    ),
}

#: Steps without parameters, in words.
SIMPLE_WORDS = {
    "mil per richer": msg("1 military for each other player with more military than you"),
    "recruit": msg("a worker of the round's level from the round track"),
    "start-player": msg("the start-player card"),
    "take-back": msg(
        "after a scout of yours finished its turn on a home space, take it back; it may be "
        "placed again this round, but not on that space"
    ),
}
#: What a person gives on taking, where it is no plain gain.
TAKING_WORDS = {
    "-": msg("nothing"),
    "bonus-tiles": msg("all the bonus tiles left over at the set-up"),
    "scout": msg("a sixth scout"),
    "survey": msg(
        "a crossroad space and an outpost of your own: you choose a level-1 forest/mountain "
        "tile and a level-1 meadow/quarry tile left over, and use their backs"
    ),
}


def context() -> dict[str, Any]:
    bonus_tiles = [_bonus(key) for key in content.BONUS_TILES]
    start_cards = [_start_card(key) for key in content.START_CARDS]
    return {
        "persons": [_person(key) for key in content.PERSONS],
        "artifacts": [_artifact(key) for key in content.ARTIFACTS],
        "territories": [_territory(key) for key in content.TERRITORIES],
        "outposts": [_outpost(key) for key in content.OUTPOSTS],
        # collections named as the guide's "More topics" page lists them
        "bonus tiles": bonus_tiles,
        "start cards": start_cards,
        "bonus_tiles": bonus_tiles,
        "start_cards": start_cards,
        "rounds": board.ROUNDS,
        "rows": board.ROWS,
        "scouts": board.START_SCOUTS,
        "warriors": board.WARRIORS,
        "banners": board.BANNERS,
        "tiles_per_kind": board.TILES_PER_KIND,
        "river_end": board.RIVER_END,
        "river": {
            "reserve": board.RIVER_RESERVE,
            "scout": board.RIVER_SCOUT,
            "discount": board.RIVER_DISCOUNT,
            "bonus": {space: list(levels) for space, levels in board.RIVER_BONUS_LEVELS.items()},
        },
        "reach_steps": _reach_steps(),
        "military_end": board.MILITARY_END,
        "zones": list(board.POWER_ZONES),
        "raid_divisors": sorted(board.RAID_DIVISORS.items()),
        "end_slots": list(board.END_SLOTS),
        "military_places": list(board.MILITARY_PLACES),
        "outpost_vp": list(board.OUTPOST_VP),
        "reserved_penalty": board.RESERVED_PENALTY,
        "round_workers": list(board.ROUND_WORKER_LEVELS),
        "workers_per_round": board.WORKERS_PER_ROUND,
        "road_bonus_levels": list(board.ROAD_BONUS_LEVELS),
        "home": {count: _home(count) for count in (2, 3, 4)},
        "home_actions": {key: effect_words(a.text) for key, a in content.HOME_ACTIONS.items()},
        "first_game_tiles": list(zip(board.FIRST_GAME_LEFT, board.FIRST_GAME_RIGHT, strict=True)),
        "raw": list(zip(RAW, RAW_NAMES, strict=True)),
        "processed": list(zip(PROCESSED, PROCESSED_NAMES, strict=True)),
        "categories": [(c, _LETTER[c], _MAIN[c]) for c in CATEGORIES],
    }


# -- words for effects ------------------------------------------------------------------------


def effect_words(text: str) -> Words:
    """An effect in the notation (`ca, 1 cul, cvt1`) in words."""
    return _chain([_step_words(step) for step in parse_effect(text)], ";")


def ability_words(text: str, category: str = "") -> Words:
    """Abilities (`own-crossroad, own-outpost`) in words."""
    abilities = [parse_ability(part.strip()) for part in text.split(",")]
    return _chain([ABILITY_WORDS[a.kind](a, category) for a in abilities], ";")


def _chain(items: list[Words], link: Literal["and", "or", ",", ";"]) -> Words:
    """Items with one link between every two (`a; b; c`), each in the reader's language."""
    chained = chain(items, link)
    assert isinstance(chained, (Message, str))
    return chained


def _step_words(step: Step) -> Words:
    if isinstance(step, Gain):
        return _chain([amount(code, n) for code, n in step.items], ",")
    if isinstance(step, Pick):
        if step.pool == "raw":
            return plural_msg(
                "{count} raw tile of your choice",
                "{count} raw tiles of your choice",
                count=step.count,
            )
        return plural_msg(
            "{count} processed tile of your choice",
            "{count} processed tiles of your choice",
            count=step.count,
        )
    if isinstance(step, Convert):
        return plural_msg(
            "turn up to {count} raw tile of yours to the processed side",
            "turn up to {count} raw tiles of yours to the processed side",
            count=step.count,
        )
    if isinstance(step, Warriors):
        return msg("{count} warriors for this round", count=step.count)
    if isinstance(step, Raid):
        return _raid_words(step)
    if isinstance(step, Craft):
        return _craft_words(step)
    if isinstance(step, Trade):
        return msg("exchange once: {trade}", trade=_trade_words(step))
    assert isinstance(step, Simple)
    return SIMPLE_WORDS[step.name]


def _raid_words(step: Raid) -> Message:
    if step.level and step.free:
        return msg(
            "a raid as if your power level were {count} higher without paying military",
            count=step.level,
        )
    if step.level:
        return msg("a raid as if your power level were {count} higher", count=step.level)
    return msg("a raid without paying military") if step.free else msg("a raid")


def _craft_words(step: Craft) -> Message:
    if step.raw_ok and step.less_each:
        return msg(
            "craft an artifact, matching raw tiles paying for processed ones, paying 1 tile "
            "less of each kind"
        )
    if step.raw_ok:
        return msg("craft an artifact, matching raw tiles paying for processed ones")
    if step.less_each:
        return msg("craft an artifact, paying 1 tile less of each kind")
    return msg("craft an artifact")


def _trade_words(step: Trade) -> Message:
    if step.pay_fixed is not None:
        pay = _step_words(step.pay_fixed)
    else:
        pay = _step_words(Pick(step.pay_pool or "raw", step.pay_count))
    options = [_chain([_step_words(part) for part in alt], "and") for alt in step.alternatives]
    return msg("{pay} for {options}", pay=pay, options=_chain(options, "or"))


# -- components -------------------------------------------------------------------------------


def _slug(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name.lower().replace("'", "")).strip("-")


def _person(key: str) -> Component:
    person = content.PERSONS[key]
    taking: Words
    if person.on_taking in TAKING_WORDS:
        taking = TAKING_WORDS[person.on_taking]
    else:
        taking = effect_words(person.on_taking)
    return Component(
        key=_slug(person.name),
        title=f"{person.name} ({key})",
        title_words=msg("{name} ({id})", name=term(person.name, "person"), id=key),
        aliases=(key, person.name),
        data={
            "id": key,
            "name": person.name,
            "taking": taking,
            "young": ability_words(person.young_text),
            "experienced": ability_words(person.experienced_text),
        },
    )


def _artifact(key: str) -> Component:
    card = content.ARTIFACTS[key]
    effects = []
    for part in card.text.split(";"):
        mark, _, body = (piece.strip() for piece in part.partition(":"))
        if mark in ("P", "E"):
            effects.append((mark, ability_words(body, card.category)))
        else:
            effects.append((mark, effect_words(body)))
    return Component(
        key=_slug(card.name),
        title=f"{card.name} ({key})",
        title_words=msg("{name} ({id})", name=content.artifact_term(key), id=key),
        aliases=(key, card.name),
        data={
            "id": key,
            "name": card.name,
            "level": card.level,
            "category": card.category,
            "main": _MAIN[card.category],
            "cost": card.cost_text,
            "vp": card.vp,
            "short": card.text,
            "effects": effects,
        },
    )


def _territory(key: str) -> Component:
    tile = content.TERRITORIES[key]
    back: Words = ""
    if tile.back in content.OUTPOSTS:
        back = msg("outpost {id} ({words})", id=tile.back, words=_outpost_words(tile.back))
    elif tile.back in content.CROSSROADS:
        crossroad = content.CROSSROADS[tile.back]
        back = msg(
            "crossroad space {id}: {words}", id=tile.back, words=effect_words(crossroad.text)
        )
    elif tile.back in content.SPECIALS:
        special = content.SPECIALS[tile.back]
        back = msg(
            "special space {id}, open in round {round} if {condition}: {words}",
            id=tile.back,
            round=board.ROUNDS,
            condition=rules.condition_words(special.condition, special.threshold),
            words=effect_words(special.text),
        )
    spaces = [
        {
            "letter": space.letter,
            "notation": space.text.removeprefix("single: "),
            "words": effect_words(space.text.removeprefix("single: ")),
            "single": space.single,
        }
        for space in tile.spaces
    ]
    return Component(
        key=key.lower(),
        title=f"Territory {key} ({tile.terrain})",
        title_words=msg(
            "Territory {id} ({terrain})", id=key, terrain=term(tile.terrain, "terrain")
        ),
        aliases=(key,),
        data={
            "id": key,
            "terrain": tile.terrain,
            "level": tile.level,
            "column": tile.column,
            "spaces": spaces,
            "back": back,
            "special": tile.back in content.SPECIALS,
        },
    )


def _bonus(key: str) -> Component:
    tile = content.BONUS_TILES[key]
    return Component(
        key=key.lower(),
        title=f"Bonus tile {key}",
        title_words=msg("Bonus tile {id}", id=key),
        aliases=(key,),
        data={
            "id": key,
            "level": tile.level,
            "short": tile.text,
            "words": effect_words(tile.text),
        },
    )


def _outpost(key: str) -> Component:
    outpost = content.OUTPOSTS[key]
    return Component(
        key=key.lower(),
        title=f"Outpost {key}",
        title_words=msg("Outpost {id}", id=key),
        aliases=(key,),
        data={
            "id": key,
            "tile": content.TILE_OF_BACK[key],
            "condition": outpost.condition,
            "thresholds": list(outpost.thresholds),
            "words": _outpost_words(key),
        },
    )


def _start_card(key: str) -> Component:
    card = content.START_CARDS[key]
    return Component(
        key=key.lower(),
        title=f"Start resource card {key}",
        title_words=msg("Start resource card {id}", id=key),
        aliases=(key,),
        data={"id": key, "short": card.text, "words": effect_words(card.text)},
    )


def _outpost_words(key: str) -> Words:
    outpost = content.OUTPOSTS[key]
    steps: list[Words] = [
        msg(
            "{count} VP if {condition}",
            count=vp,
            condition=rules.condition_words(outpost.condition, threshold),
        )
        for threshold, vp in zip(outpost.thresholds, board.OUTPOST_VP, strict=True)
    ]
    return _chain(steps, ";")


def _home(count: int) -> list[dict[str, Any]]:
    return [
        {
            "id": space.id,
            "actions": list(space.actions),
            "merge": space.merge,
            "single": space.single,
            "once": space.once,
        }
        for space in content.home_spaces_for(count)
    ]


def _reach_steps() -> list[tuple[int, int]]:
    """(canoe space, slots reached) where the reach grows."""
    steps: list[tuple[int, int]] = []
    for space in range(board.RIVER_END + 1):
        slots = board.river_slots(space)
        if not steps or steps[-1][1] != slots:
            steps.append((space, slots))
    return steps
