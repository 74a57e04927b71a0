"""Game content kept as data files next to a game's code (cards, faction mats, tiles), so the
code holds the rules and not catalogues of components.

A data file holds one record a line, its fields between `|`; lines starting with `#` (indented
or not) are comments, and blank lines are skipped. Where a file holds records of several kinds,
the first field names the kind (`bonus | …`, `town | …`). Boards have their own format
(boardfile.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import TypeVar

T = TypeVar("T")


def read_text(package: str, name: str) -> str:
    """The text of the file `name` (a path such as `data/tiles.txt`) inside `package`."""
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def read_rows(package: str, name: str) -> list[list[str]]:
    """The records of a data file in file order, each as its fields."""
    return rows_of(read_text(package, name))


def read_kinds(package: str, name: str) -> dict[str, list[list[str]]]:
    """The records of a data file grouped by their first field (the kind), each without it."""
    return by_kind(read_rows(package, name))


def rows_of(text: str) -> list[list[str]]:
    """The records of a data file's text, each as its fields, stripped."""
    return [
        [field.strip() for field in line.split("|")]
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]


def by_kind(rows: list[list[str]]) -> dict[str, list[list[str]]]:
    """Records grouped by their first field, each without it, in file order."""
    kinds: dict[str, list[list[str]]] = {}
    for kind, *fields in rows:
        kinds.setdefault(kind, []).append(fields)
    return kinds


def one_of(value: str, allowed: Sequence[T], what: str) -> T:
    """The member of `allowed` that `value` names (a terrain, a mat side: typed keys), or a
    ValueError naming the `what` that is unknown."""
    for member in allowed:
        if member == value:
            return member
    raise ValueError(f"unknown {what} {value!r} (known: {', '.join(map(str, allowed))})")
