"""The cards of Tiny Towns: resources, the 25 building cards and the 15 monument cards.

Shapes come from docs/games/tiny-towns.md (the rulebook's lost pictures): rows top to bottom,
each cell a resource key or None. Every shape may be rotated and mirrored when building.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

RESOURCES: tuple[str, ...] = ("wood", "wheat", "brick", "glass", "stone")
RESOURCE_LETTERS: dict[str, str] = {
    "wood": "W",
    "wheat": "H",
    "brick": "B",
    "glass": "G",
    "stone": "S",
}
RESOURCE_COLOURS: dict[str, str] = {
    "wood": "brown",
    "wheat": "yellow",
    "brick": "red",
    "glass": "cyan",
    "stone": "grey",
}
_RESOURCE_ALIASES: dict[str, str] = {
    "holz": "wood",
    "weizen": "wheat",
    "getreide": "wheat",
    "ziegel": "brick",
    "glas": "glass",
    "stein": "stone",
}

#: The colour groups of building cards; one card of each is on offer in a game.
COLOURS: tuple[str, ...] = ("blue", "red", "gray", "orange", "green", "yellow", "black")
#: The colours whose card is chosen at set-up (the Cottage is always on offer).
CHOSEN_COLOURS: tuple[str, ...] = COLOURS[1:]
MONUMENT = "monument"

#: Building cards the solo variant leaves in the box (monuments likewise, see SOLO_REMOVED).
SOLO_REMOVED: frozenset[str] = frozenset(
    {"feast-hall", "bank", "fort-ironweed", "opaleyes-watch", "starloom"}
)
FIRST_GAME: dict[str, str] = {
    "red": "farm",
    "gray": "well",
    "orange": "chapel",
    "green": "tavern",
    "yellow": "theater",
    "black": "factory",
}

Shape = tuple[tuple[str | None, ...], ...]


@dataclass(frozen=True)
class Card:
    key: str
    name: str
    colour: str
    shape: Shape
    text: str
    aliases: tuple[str, ...] = ()

    @property
    def is_monument(self) -> bool:
        return self.colour == MONUMENT

    @property
    def kind(self) -> str:
        """The building type that cards like the Theater count: the colour group.

        Within one game every colour has a single card on offer, so the colour stands for the
        type; every monument is a type of its own, except Barrett Castle, a cottage.
        """
        if self.key == "barrett-castle":
            return "blue"
        return self.key if self.is_monument else self.colour


_LETTER = {letter: resource for resource, letter in RESOURCE_LETTERS.items()}


def _shape(text: str) -> Shape:
    """`. H / B G` → ((None, 'wheat'), ('brick', 'glass'))."""
    return tuple(
        tuple(None if cell == "." else _LETTER[cell] for cell in row.split())
        for row in text.split("/")
    )


def _card(
    key: str, name: str, colour: str, shape: str, text: str, *aliases: str
) -> tuple[str, Card]:
    return key, Card(key, name, colour, _shape(shape), text, aliases)


BUILDINGS: dict[str, Card] = dict(
    [
        _card("cottage", "Cottage", "blue", ". H / B G", "3 points if fed.", "landhaus"),
        _card("farm", "Farm", "red", "H H / W W", "Feeds 4 cottages anywhere.", "bauernhof"),
        _card(
            "granary",
            "Granary",
            "red",
            "H H / W B",
            "Feeds every cottage on the 8 squares around it.",
            "getreidespeicher",
        ),
        _card(
            "greenhouse",
            "Greenhouse",
            "red",
            "H G / W W",
            "Feeds one connected group of cottages anywhere.",
            "gewächshaus",
        ),
        _card(
            "orchard",
            "Orchard",
            "red",
            "S H / H W",
            "Feeds every cottage in its row and its column.",
            "obstgarten",
        ),
        _card(
            "fountain",
            "Fountain",
            "gray",
            "W S",
            "2 points if next to another Fountain.",
            "springbrunnen",
        ),
        _card(
            "millstone",
            "Millstone",
            "gray",
            "W S",
            "2 points if next to a red or yellow building.",
            "mühlstein",
        ),
        _card(
            "shed",
            "Shed",
            "gray",
            "W S",
            "1 point. May be built on any empty square.",
            "schuppen",
        ),
        _card("well", "Well", "gray", "W S", "1 point per cottage next to it.", "brunnen"),
        _card(
            "abbey",
            "Abbey",
            "orange",
            ". . G / B S S",
            "3 points if not next to a black, green or yellow building.",
            "abtei",
        ),
        _card(
            "chapel",
            "Chapel",
            "orange",
            ". . G / S G S",
            "1 point per fed cottage in the town.",
            "kapelle",
        ),
        _card(
            "cloister",
            "Cloister",
            "orange",
            ". . G / W B S",
            "1 point per Cloister in a corner of the town.",
            "kloster",
        ),
        _card(
            "temple",
            "Temple",
            "orange",
            ". . G / B B S",
            "4 points if next to at least 2 fed cottages.",
            "tempel",
        ),
        _card(
            "almshouse",
            "Almshouse",
            "green",
            "S S G",
            "All Almshouses together by count: 1:-1, 2:5, 3:-3, 4:15, 5:-5, 6+:26.",
            "armenhaus",
        ),
        _card(
            "feast-hall",
            "Feast Hall",
            "green",
            "W W G",
            "2 points; 3 if you have more Feast Halls than the player on your right.",
            "festhalle",
        ),
        _card(
            "inn",
            "Inn",
            "green",
            "H S G",
            "3 points if no other Inn is in its row or column.",
            "gasthaus",
        ),
        _card(
            "tavern",
            "Tavern",
            "green",
            "B B G",
            "All Taverns together by count: 1:2, 2:5, 3:9, 4:14, 5+:20.",
            "schenke",
        ),
        _card(
            "bakery",
            "Bakery",
            "yellow",
            ". H . / B G B",
            "3 points if next to a red or black building.",
            "bäckerei",
        ),
        _card(
            "market",
            "Market",
            "yellow",
            ". W . / S G S",
            "1 point, +1 per other Market in its row or in its column (the better line).",
            "markt",
        ),
        _card(
            "tailor",
            "Tailor",
            "yellow",
            ". H . / S G S",
            "1 point, +1 per Tailor on the 4 centre squares.",
            "schneiderei",
        ),
        _card(
            "theater",
            "Theater",
            "yellow",
            ". S . / W G W",
            "1 point per other building type in its row and column.",
            "theatre",
        ),
        _card(
            "bank",
            "Bank",
            "black",
            "H H . / W G B",
            "4 points. Holds a resource no other Bank of yours holds; in choice rounds you "
            "may not choose a resource lying on your Banks.",
        ),
        _card(
            "factory",
            "Factory",
            "black",
            "W . . . / B S S B",
            "Holds a resource; when you are given that resource you may take any other.",
            "fabrik",
        ),
        _card(
            "trading-post",
            "Trading Post",
            "black",
            "S W . / S W B",
            "1 point. Counts as any resource when you build; it stays.",
            "handelsposten",
        ),
        _card(
            "warehouse",
            "Warehouse",
            "black",
            "H W H / B . B",
            "-1 point per resource on it. Store up to 3 resources on it, or swap one.",
            "lagerhalle",
        ),
    ]
)

MONUMENTS: dict[str, Card] = dict(
    [
        _card(
            "architects-guild",
            "Architect's Guild",
            MONUMENT,
            ". . G / . H S / W B .",
            "1 point. When built, replace up to 2 buildings of your town with other buildings.",
            "guild",
            "architekten-gilde",
        ),
        _card(
            "archive",
            "Archive of the Second Age",
            MONUMENT,
            "H H / B G",
            "1 point per building type in your town (monuments excluded).",
            "archive-of-the-second-age",
            "archiv-des-zweiten-zeitalters",
        ),
        _card(
            "barrett-castle",
            "Barrett Castle",
            MONUMENT,
            "H . . S / W G G B",
            "5 points if fed. Counts as 2 cottages.",
            "castle",
            "barrett",
            "schloss-barrett",
        ),
        _card(
            "cathedral",
            "Cathedral of Caterina",
            MONUMENT,
            ". H / S G",
            "2 points. Your empty squares score 0 instead of -1.",
            "cathedral-of-caterina",
            "kathedrale",
        ),
        _card(
            "fort-ironweed",
            "Fort Ironweed",
            MONUMENT,
            "H . B / S W S",
            "7 points. In choice rounds you take no resource while others still play.",
            "fort",
            "ironweed",
            "festung-eisenwurzel",
        ),
        _card(
            "mausoleum",
            "Grand Mausoleum of the Rodina",
            MONUMENT,
            "W W / B S",
            "3 points per unfed cottage.",
            "grand-mausoleum",
            "grand-mausoleum-of-the-rodina",
            "großes-mausoleum",
        ),
        _card(
            "grove-university",
            "Grove University",
            MONUMENT,
            ". B . / S G S",
            "3 points. When built, place a building on an empty square of your town.",
            "university",
            "hainuniversität",
        ),
        _card(
            "mandras-palace",
            "Mandras Palace",
            MONUMENT,
            "H G / B W",
            "2 points per different building type next to it.",
            "palace",
            "mandras",
            "mandras-palast",
        ),
        _card(
            "obelisk",
            "Obelisk of the Crescent",
            MONUMENT,
            "H . . / B G B",
            "Later buildings may go on any empty square of your town.",
            "obelisk-of-the-crescent",
            "obelisk-der-mondsichel",
        ),
        _card(
            "opaleyes-watch",
            "Opaleye's Watch",
            MONUMENT,
            "W . . . / B G H H / S . . .",
            "When built, put 3 different buildings on it; when a neighbour builds one of those, "
            "you may place it on an empty square.",
            "watch",
            "opaleye",
            "opaleyes",
            "opalagues-wacht",
        ),
        _card(
            "shrine",
            "Shrine of the Elder Tree",
            MONUMENT,
            "B H S / W G W",
            "Scores when built by your number of buildings: 1-5 as many, 6+: 8.",
            "shrine-of-the-elder-tree",
            "schrein-des-uralten-baumes",
        ),
        _card(
            "silva-forum",
            "Silva Forum",
            MONUMENT,
            ". . H . / B B S W",
            "1 point + 1 per building in your largest connected group of one type.",
            "forum",
            "silva",
        ),
        _card(
            "sky-baths",
            "The Sky Baths",
            MONUMENT,
            ". H . / S G W / B . B",
            "1 point per building type on offer that your town lacks.",
            "baths",
            "the-sky-baths",
            "himmelsbäder",
        ),
        _card(
            "starloom",
            "The Starloom",
            MONUMENT,
            "G G / W H",
            "By the order in which towns are finished: 1st 6, 2nd 3, 3rd 2, later 0.",
            "the-starloom",
            "sternwarte",
        ),
        _card(
            "statue",
            "Statue of the Bondmaker",
            MONUMENT,
            "W S S G / H . . .",
            "A resource you are given may go onto one of your cottages (1 per cottage).",
            "statue-of-the-bondmaker",
            "bondmaker",
            "statue-der-verbundenheit",
        ),
    ]
)

CARDS: dict[str, Card] = {**BUILDINGS, **MONUMENTS}
#: The building cards of each colour, in rulebook order.
BY_COLOUR: dict[str, tuple[str, ...]] = {
    colour: tuple(key for key, card in BUILDINGS.items() if card.colour == colour)
    for colour in COLOURS
}

_FOLD = re.compile(r"[^a-z0-9äöüß]")


def fold(text: str) -> str:
    """A name reduced to letters and digits, for lenient matching (`Feast hall` = `feast-hall`)."""
    return _FOLD.sub("", text.lower())


_NAME_INDEX: dict[str, str] = {}
for _card_item in CARDS.values():
    for _alias in (_card_item.key, _card_item.name, *_card_item.aliases):
        _NAME_INDEX[fold(_alias)] = _card_item.key
_RESOURCE_INDEX: dict[str, str] = {
    **{fold(name): name for name in RESOURCES},
    **{fold(alias): name for alias, name in _RESOURCE_ALIASES.items()},
}


def card_key(text: str) -> str | None:
    """The key of the card a player's name for it denotes (`feast hall`, `Opaleye's Watch`)."""
    return _NAME_INDEX.get(fold(text))


def resource_key(text: str) -> str | None:
    return _RESOURCE_INDEX.get(fold(text))
