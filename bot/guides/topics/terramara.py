"""The content and numbers of Terramara that its guide words, read from the engine: persons,
artifacts, territories (with what their backs show), bonus tiles, outposts and start resource
cards, each effect put into words, and the board's numbers (tracks, raid table, river reach).

Effects are written in the engine's short notation (`2 ca, 1 mil`, `cvt2`, `crossroad-cvt 1`);
`effect_words` and `ability_words` say them in full sentences. Every keyword of the engine's
vocabulary has words here (a test checks), so new content cannot reach the guide unexplained.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
    describe_amount,
    parse_ability,
    parse_effect,
)

from ..book import Component

_MAIN = {category: PROCESSED_NAMES[i] for i, category in enumerate(CATEGORIES)}
_RAW_NAME = dict(zip(RAW, RAW_NAMES, strict=True))
_LETTER = {"tools": "T", "weapons": "W", "pottery": "P", "clothing": "C"}

#: Ability keyword → a sentence, from its arguments and the category of the card it is on.
ABILITY_WORDS: dict[str, Callable[[Ability, str], str]] = {
    "terrain": lambda a, _: (
        f"each member you place on a {a.args[0]} territory space brings 1 {_RAW_NAME[a.args[1]]} "
        "more"
    ),
    "discount": lambda a, _: f"your {a.args[0]} cost 1 {_MAIN[a.args[0]]} less",
    "printed-vp": lambda a, _: (
        f"whenever you craft, 1 VP for each {PROCESSED_NAMES[PROCESSED.index(a.args[0])]} "
        "printed in the cost"
    ),
    "raid-level": lambda a, _: f"you raid as if your power level were {a.args[0]} higher",
    "culture-vp": lambda a, _: f"whenever you gain culture, {a.args[0]} VP",
    "crossroad-cvt": lambda a, _: (
        f"whenever one of your carts reaches a crossroad, turn up to {a.args[0]} raw tile"
        f"{'s' if a.number() > 1 else ''}"
    ),
    "second-cart-vp": lambda a, _: (
        f"whenever your second cart reaches a crossroad (the other already there or beyond), "
        f"{a.args[0]} VP"
    ),
    "sling": lambda a, _: (
        "a scout of yours may join a space whose scout belongs to a player with military equal "
        "to yours, and pays nothing then"
    ),
    "join-vp": lambda a, _: (
        f"each time a scout of yours joins a space held by another player's or a neutral scout, "
        f"{a.args[0]} VP"
    ),
    "worker-vp": lambda a, _: f"at the end, {a.args[0]} VP per level of your workers",
    "category-vp": lambda a, category: (
        f"at the end, {a.args[0]} VP for each other {category} artifact you crafted"
    ),
    "power-vp": lambda a, _: "at the end, VP equal to your power level",
    "river-vp": lambda a, _: (
        f"at the end, 1 VP for every 2 spaces your canoe went down the river (at most {a.args[0]})"
    ),
    "processed-vp": lambda a, _: (
        f"at the end, 1 VP for each processed tile you hold (at most {a.args[0]})"
    ),
    "outpost-again": lambda a, _: "at the end, your best outpost scores a second time",
    "cart-end-vp": lambda a, _: (
        f"at the end, {a.args[0]} VP for each of your carts at the road's end"
    ),
    "reach-plus": lambda a, _: "whenever you gain reach, 1 reach more",
    "culture-plus": lambda a, _: "whenever you gain culture, 1 culture more",
    "no-mil-loss": lambda a, _: (
        "you never pay military to raid or to join a space (exchanges that spend military "
        "still cost it)"
    ),
    "raw-sub": lambda a, _: (
        f"when crafting, up to {a.args[0]} matching raw tiles may pay for processed ones"
    ),
    "personal-bonus": lambda a, _: (
        "once per round in your turn, use one of your own bonus tiles (`use BT1a`), which then "
        "goes to the box — in round 1 only level 1, in round 2 up to level 2, then any"
    ),
    "extra-scout": lambda a, _: "a sixth scout (given back when you turn the card)",
    "own-crossroad": lambda a, _: (
        "a crossroad space of your own, open to your members whatever your carts"
    ),
    "own-outpost": lambda a, _: "an outpost of your own, scored at the end like one with a banner",
    "crossroad-vp": lambda a, _: (
        f"each time one of your carts reaches or passes a crossroad, {a.args[0]} VP"
    ),
    "power-vp-round": lambda a, _: (
        "once per round in your turn (`use P3`), VP equal to your power level"
    ),
    "craft-vp": lambda a, _: (
        f"each artifact you craft brings {a.args[0]} VP, a level-3 one {a.args[1]} VP"
    ),
    "banner-vp": lambda a, _: f"each banner you put on an outpost brings {a.args[0]} VP",
    "chief-vp": lambda a, _: (
        f"your chief on a space with another player's or a neutral scout brings {a.args[0]} VP, "
        f"on an empty action space (not the hut) {a.args[1]} VP"
    ),
    "crossroad-place-vp": lambda a, _: (
        f"each time you send a scout or your chief to a crossroad space, {a.args[0]} VP"
    ),
}

#: Steps without parameters, in words.
SIMPLE_WORDS = {
    "mil per richer": "1 military for each other player with more military than you",
    "recruit": "a worker of the round's level from the round track",
    "start-player": "the start-player card",
    "take-back": (
        "after a scout of yours finished its turn on a home space, take it back; it may be "
        "placed again this round, but not on that space"
    ),
}
#: What a person gives on taking, where it is no plain gain.
TAKING_WORDS = {
    "-": "nothing",
    "bonus-tiles": "all the bonus tiles left over at the set-up",
    "scout": "a sixth scout",
    "survey": (
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


def effect_words(text: str) -> str:
    """An effect in the notation (`ca, 1 cul, cvt1`) in words."""
    return "; ".join(_step_words(step) for step in parse_effect(text))


def ability_words(text: str, category: str = "") -> str:
    """Abilities (`own-crossroad, own-outpost`) in words."""
    abilities = [parse_ability(part.strip()) for part in text.split(",")]
    return "; ".join(ABILITY_WORDS[a.kind](a, category) for a in abilities)


def _step_words(step: Step) -> str:
    if isinstance(step, Gain):
        return ", ".join(describe_amount(code, n) for code, n in step.items)
    if isinstance(step, Pick):
        kind = "raw" if step.pool == "raw" else "processed"
        tiles = "tile" if step.count == 1 else "tiles"
        return f"{step.count} {kind} {tiles} of your choice"
    if isinstance(step, Convert):
        tiles = "tile" if step.count == 1 else "tiles"
        return f"turn up to {step.count} raw {tiles} of yours to the processed side"
    if isinstance(step, Warriors):
        return f"{step.count} warriors for this round"
    if isinstance(step, Raid):
        words = "a raid"
        if step.level:
            words += f" as if your power level were {step.level} higher"
        return words + (" without paying military" if step.free else "")
    if isinstance(step, Craft):
        words = "craft an artifact"
        if step.raw_ok:
            words += ", matching raw tiles paying for processed ones"
        if step.less_each:
            words += ", paying 1 tile less of each kind"
        return words
    if isinstance(step, Trade):
        return f"exchange once: {_trade_words(step)}"
    assert isinstance(step, Simple)
    return SIMPLE_WORDS[step.name]


def _trade_words(step: Trade) -> str:
    if step.pay_fixed is not None:
        pay = _step_words(step.pay_fixed)
    else:
        pay = _step_words(Pick(step.pay_pool or "raw", step.pay_count))
    options = [" and ".join(_step_words(part) for part in alt) for alt in step.alternatives]
    return f"{pay} for {' or '.join(options)}"


# -- components -------------------------------------------------------------------------------


def _slug(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name.lower().replace("'", "")).strip("-")


def _person(key: str) -> Component:
    person = content.PERSONS[key]
    if person.on_taking in TAKING_WORDS:
        taking = TAKING_WORDS[person.on_taking]
    else:
        taking = effect_words(person.on_taking)
    return Component(
        key=_slug(person.name),
        title=f"{person.name} ({key})",
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
    back = ""
    if tile.back in content.OUTPOSTS:
        back = f"outpost {tile.back} ({_outpost_words(tile.back)})"
    elif tile.back in content.CROSSROADS:
        crossroad = content.CROSSROADS[tile.back]
        back = f"crossroad space {tile.back}: {effect_words(crossroad.text)}"
    elif tile.back in content.SPECIALS:
        special = content.SPECIALS[tile.back]
        back = (
            f"special space {tile.back}, open in round {board.ROUNDS} if "
            f"{rules.condition_words(special.condition, special.threshold)}: "
            f"{effect_words(special.text)}"
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
        aliases=(key,),
        data={"id": key, "short": card.text, "words": effect_words(card.text)},
    )


def _outpost_words(key: str) -> str:
    outpost = content.OUTPOSTS[key]
    steps = [
        f"{vp} VP if {rules.condition_words(outpost.condition, threshold)}"
        for threshold, vp in zip(outpost.thresholds, board.OUTPOST_VP, strict=True)
    ]
    return "; ".join(steps)


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
