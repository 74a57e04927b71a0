"""The words a board image draws, in the reader's language (docs/i18n.md).

Labels, headings and legends are messages (`msg(...)`, translated in `render/locales/de.po`);
a game's own words drawn on the board (resources, buildings, terrains, factions …) are
`term(word, context)` with the contexts the engine uses, so they read as the game's catalogue
words them. Caches that hold drawn text are keyed by the language.
"""

from __future__ import annotations

from engine.core.i18n import FALLBACK, add_catalogues, word
from engine.core.messages import Message, msg

add_catalogues("render")

#: The language a renderer draws in when none is named.
ENGLISH = FALLBACK


def say(message: Message | str, language: str) -> str:
    """`message` worded in `language` (English where the catalogues lack it)."""
    return word(message, language)


#: Stands for the names in a template while they are fitted to the room the rest leaves.
_NAMES = "\0"


def around_names(language: str) -> tuple[str, str]:
    """What "{players} to act" says before and after the names in `language` (the names
    are cut short to the room the rest leaves)."""
    before, after = say(msg("{players} to act", players=_NAMES), language).split(_NAMES)
    return before, after
