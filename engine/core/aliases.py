"""A game's words in other languages, accepted in notation: `place Holz B2` reads as `place
wood B2` (issue 16). Notation keeps one canonical form — the log, exports and replays hold the
English — so a reader only rewrites what a player typed before the game parses it.

The aliases come from the game's own catalogues: every translation of a `term` whose context
the game names (`Game.alias_contexts`, e.g. `("resource", "building")`) is accepted for the
term's English word. Nothing is written twice: naming a German word in the catalogue makes it
both what a German reader reads and what a German player may type.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from .i18n import FALLBACK, LANGUAGES, package_catalogue

#: Spaces and hyphens, alike in a typed name.
_SPACES = re.compile(r"[\s-]+")


@cache
def alias_table(package: str, contexts: tuple[str, ...]) -> dict[str, str]:
    """Each translated word of `package`'s terms in `contexts` (lower case) → its English."""
    table: dict[str, str] = {}
    for language in LANGUAGES:
        if language == FALLBACK:
            continue
        catalogue = package_catalogue(package, language)
        for entry in catalogue or ():
            word, english = entry.string, entry.id
            if entry.context not in contexts or entry.fuzzy:
                continue
            if (
                isinstance(word, str)
                and isinstance(english, str)
                and word.lower()
                not in (
                    "",
                    english.lower(),
                )
            ):
                table[_SPACES.sub(" ", word.lower())] = english
    return table


@cache
def _pattern(words: tuple[str, ...]) -> re.Pattern[str] | None:
    if not words:
        return None
    longest_first = sorted(words, key=len, reverse=True)
    # a space of a name may be typed as a hyphen or several spaces (`Festung-Eisenwurzel`)
    alternatives = "|".join(re.escape(word).replace(r"\ ", r"[\s-]+") for word in longest_first)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def canonical_words(text: str, table: dict[str, str]) -> str:
    """`text` with every whole word (or phrase) of `table` replaced by its English word."""
    pattern = _pattern(tuple(table))
    if pattern is None:
        return text
    return pattern.sub(lambda found: table[_SPACES.sub(" ", found.group(0).lower())], text)


def aliases_of(package: str, contexts: Iterable[str]) -> dict[str, str]:
    """The alias table of a game package (its module's package) for `contexts`."""
    return alias_table(package, tuple(sorted(contexts)))
