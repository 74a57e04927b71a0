"""Display names as they enter the service, cleaned once: every reply, image, reminder and
stored seat then shows the same safe name.

Transports hand over whatever the user chose (a Discord display name, a console prompt);
a name could hold NUL, BEL or ESC, a right-to-left override that flips the rest of every line
it appears in, or thousands of emoji. What is left is drawn in images like any other name.
"""

from __future__ import annotations

import unicodedata

from engine.core import printable

#: The longest display name, as on Discord.
MAX_NAME = 32
#: The name of somebody whose name has nothing printable in it.
FALLBACK_NAME = "player"
_JOINERS = frozenset("\u200c\u200d")


def clean_name(raw: str) -> str:
    """`raw` as the bot shows it: printable (no control, direction or other invisible format
    characters; one line with single spaces), at most MAX_NAME characters — never ending
    inside a combined character — and FALLBACK_NAME when nothing is left."""
    name = printable(raw[: 8 * MAX_NAME])
    if len(name) > MAX_NAME:
        name = name[:MAX_NAME]
        while name and (unicodedata.combining(name[-1]) or name[-1] in _JOINERS):
            name = name[:-1]
        name = name.rstrip()
    return name or FALLBACK_NAME
