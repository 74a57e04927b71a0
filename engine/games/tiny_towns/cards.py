"""The cards of Tiny Towns: resources, the 25 building cards and the 15 monument cards (listed
in `cards.txt`).

Shapes come from docs/games/tiny-towns.md (the rulebook's lost pictures): rows top to bottom,
each cell a resource key or None. Every shape may be rotated and mirrored when building.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.core import Message, Param, comma_chain, read_kinds, read_rows, term
from engine.core.aliases import aliases_of
from engine.core.names import NameIndex
from engine.core.names import fold as fold  # (re-exported: tests fold names as notation does)
from engine.core.squaregrid import Shape

#: What tables.txt holds, by kind.
TABLES = read_kinds(__package__, "tables.txt")
RESOURCES: tuple[str, ...] = tuple(key for key, _, _ in TABLES["resource"])
RESOURCE_LETTERS: dict[str, str] = {key: letter for key, letter, _ in TABLES["resource"]}
RESOURCE_COLOURS: dict[str, str] = {key: colour for key, _, colour in TABLES["resource"]}
#: The colour groups of building cards; one card of each is on offer in a game.
COLOURS: tuple[str, ...] = ("blue", "red", "gray", "orange", "green", "yellow", "black")
#: The colours whose card is chosen at set-up (the Cottage is always on offer).
CHOSEN_COLOURS: tuple[str, ...] = COLOURS[1:]
MONUMENT = "monument"

#: The cards the solo variant leaves in the box, buildings and monuments.
SOLO_REMOVED: frozenset[str] = frozenset(TABLES["solo removed"][0][0].split())
#: The rulebook's building card of each chosen colour for a first game.
FIRST_GAME: dict[str, str] = {colour: card for colour, card in TABLES["first game"]}


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


def _read_cards() -> dict[str, Card]:
    """Every card of `cards.txt` (its first lines explain the format), in the file's order."""
    return {
        key: Card(key, name, colour, _shape(shape), text, tuple(aliases.split()))
        for key, name, colour, shape, text, aliases in read_rows(__package__, "cards.txt")
    }


def _with_german_names(cards: dict[str, Card]) -> dict[str, Card]:
    """Each card with its German name among its aliases (`festhalle`), from the catalogue's
    building terms (locales/de.po): what the notation accepts, the rules guide finds too."""
    german: dict[str, list[str]] = {}
    for word, english in aliases_of(__package__, ("building",)).items():
        german.setdefault(english, []).append(word.replace(" ", "-"))
    return {
        key: replace(card, aliases=(*card.aliases, *german.get(card.name, ())))
        for key, card in cards.items()
    }


_ALL = _with_german_names(_read_cards())
BUILDINGS: dict[str, Card] = {key: card for key, card in _ALL.items() if not card.is_monument}
MONUMENTS: dict[str, Card] = {key: card for key, card in _ALL.items() if card.is_monument}
CARDS: dict[str, Card] = {**BUILDINGS, **MONUMENTS}
#: The building cards of each colour, in rulebook order.
BY_COLOUR: dict[str, tuple[str, ...]] = {
    colour: tuple(key for key, card in BUILDINGS.items() if card.colour == colour)
    for colour in COLOURS
}

#: Every name a player may type for a card (key, name, aliases) and for a resource.
CARD_NAMES = NameIndex({key: (card.name, *card.aliases) for key, card in CARDS.items()})
RESOURCE_NAMES = NameIndex({key: () for key in RESOURCES})


def card_term(key: str) -> Message:
    """A card's name as a word of the game (`Feast Hall`, `Festhalle`)."""
    return term(CARDS[key].name, "building")


def ability_term(key: str) -> Message:
    """What a card does, its text, as words of the game (drawn on the card, listed in the
    guide)."""
    return term(CARDS[key].text, "card text")


def resource_term(key: str) -> Message:
    """A resource as a word of the game (`wood`, `Holz`)."""
    return term(key, "resource")


def resources_list(keys: Sequence[str]) -> Param:
    """Resources named one after the other, with commas (`wood, glass, wood`)."""
    return comma_chain([resource_term(key) for key in keys])
