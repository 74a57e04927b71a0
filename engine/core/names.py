"""The names a player types for a game's things (cards, resources), found leniently: case,
spaces, hyphens and apostrophes do not matter (`Feast hall` = `feast-hall` = `FEASTHALL`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

_FOLD = re.compile(r"[^a-z0-9äöüß]")


def fold(text: str) -> str:
    """A name reduced to letters and digits, for lenient matching (`Feast hall` = `feast-hall`)."""
    return _FOLD.sub("", text.lower())


class NameIndex:
    """The key of each thing by every name it has (its key among them, a later name of the
    same spelling winning)."""

    def __init__(self, names: Mapping[str, Iterable[str]]) -> None:
        self._keys = {fold(name): key for key, known in names.items() for name in (key, *known)}

    def find(self, text: str) -> str | None:
        """The key of the thing `text` names, if any."""
        return self._keys.get(fold(text))

    def find_each(self, words: Sequence[str], longest: int) -> tuple[list[str], int | None]:
        """Names one after the other, each of at most `longest` words, the longest that names
        a thing first: the keys found, and where the first word that begins no name stands
        (None when every word was read)."""
        found: list[str] = []
        start = 0
        while start < len(words):
            for end in range(min(len(words), start + longest), start, -1):
                key = self.find(" ".join(words[start:end]))
                if key is not None:
                    found.append(key)
                    start = end
                    break
            else:
                return found, start
        return found, None
