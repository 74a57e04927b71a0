"""Showing what somebody typed back to them (or to others) safely: on one line, without
control or direction-changing characters, and short.

Every message that repeats user input — an action the engine refuses, an unknown option or
game, a time zone, a name — goes through `shorten`, so a 6,000-character move is echoed in
60 characters and a right-to-left override cannot flip the rest of a line.
"""

from __future__ import annotations

import unicodedata

#: How many characters of user input a message repeats at most.
ECHO_LIMIT = 60
ELLIPSIS = "…"
#: Invisible formatting characters that are kept: the joiners emoji sequences and some
#: scripts need. Every other format character goes — direction controls (embeddings,
#: overrides, isolates, marks), zero-width spaces, byte-order marks …
KEPT_FORMAT = frozenset("\u200c\u200d")
#: Tag characters spell the flags of regions inside emoji sequences; they are kept too.
TAGS = range(0xE0020, 0xE0080)


def _kept(char: str) -> bool:
    category = unicodedata.category(char)
    if category == "Cc":
        return False
    return category != "Cf" or char in KEPT_FORMAT or ord(char) in TAGS


def printable(text: str) -> str:
    """`text` without control characters (NUL, BEL, ESC, …), direction controls (a
    right-to-left override would flip the rest of a line) and other invisible formatting;
    line breaks and tabs become spaces, runs of spaces one space."""
    kept = "".join(
        " " if char.isspace() else char for char in text if _kept(char) or char.isspace()
    )
    return " ".join(kept.split())


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """User input as a message may repeat it: printable, on one line, at most `limit`
    characters (a cut is marked with `…`). Only the first few times `limit` characters are
    looked at, so the cost does not grow with the input."""
    flat = printable(text[: 4 * limit])
    if len(flat) <= limit and len(text) <= 4 * limit:
        return flat
    return flat[: limit - 1].rstrip() + ELLIPSIS
