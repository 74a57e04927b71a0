"""Finding English in what a German reader reads: the fixed words of every catalogue entry
(the English template's text between its fields), as they would show if a message were
worded in English — so a reply that holds one met English somewhere."""

from __future__ import annotations

import re
import string
from functools import cache

import bot.service  # noqa: F401  (registers the service's catalogue)
from engine.core.i18n import catalogues

#: A fragment counts when it has at least this many words: shorter ones ("and", "on") are
#: common to both languages or to notation.
MIN_WORDS = 3
_WORD = re.compile(r"[A-Za-z]{2,}")


def _literal_chunks(template: str) -> list[str]:
    return [literal for literal, _, _, _ in string.Formatter().parse(template) if literal]


@cache
def english_fragments(language: str = "de") -> tuple[str, ...]:
    """The fixed English words of every entry of `language`'s catalogues that its translation
    does not share (commands, notation and names read the same in both)."""
    fragments: set[str] = set()
    for catalogue in catalogues(language):
        for entry in catalogue:
            if not entry.id or not entry.string:
                continue
            ids = [str(key) for key in (entry.id if isinstance(entry.id, tuple) else (entry.id,))]
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            translated = " ".join(str(text) for text in strings)
            for key in ids:
                for chunk in _literal_chunks(key):
                    for line in chunk.split("\n"):
                        text = line.strip(" .,:;()—-•")
                        if len(_WORD.findall(text)) >= MIN_WORDS and text not in translated:
                            fragments.add(text)
    return tuple(sorted(fragments, key=len, reverse=True))


def english_in(text: str, language: str = "de") -> list[str]:
    """The catalogue's English fragments that `text` holds."""
    return [fragment for fragment in english_fragments(language) if fragment in text]
