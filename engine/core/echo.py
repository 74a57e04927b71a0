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
#: Characters that change the direction of the text after them (embeddings, overrides,
#: isolates and the marks): shown, they could make a line read differently than it is.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def printable(text: str) -> str:
    """`text` without control characters (NUL, BEL, ESC, …) and direction controls; line
    breaks and tabs become spaces, runs of spaces one space."""
    kept = (
        " " if char.isspace() else char
        for char in text
        if char.isspace() or (unicodedata.category(char) != "Cc" and char not in BIDI_CONTROLS)
    )
    return " ".join("".join(kept).split())


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """User input as a message may repeat it: printable, on one line, at most `limit`
    characters (a cut is marked with `…`). Only the first few times `limit` characters are
    looked at, so the cost does not grow with the input."""
    flat = printable(text[: 4 * limit])
    if len(flat) <= limit and len(text) <= 4 * limit:
        return flat
    return flat[: limit - 1].rstrip() + ELLIPSIS
