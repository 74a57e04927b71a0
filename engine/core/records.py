"""Typed records from the rows of a data file (datafile.py): each field of a frozen dataclass
read from its text by the field's type, so a game's catalogue of components (tiles, mats,
cards) needs no hand-written reader per kind of record.

How a text is read, by the field's annotation: `int` as a number; `str` as it is; `bool` from
`yes` or `no`; a `Literal` as one of its values (a typed key); `tuple[int, ...]` and
`tuple[str, ...]` from words separated by spaces; `X | None` from `-` for None. A game names
readers for its own types (`{Income: parse_income}`) or for single fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from types import NoneType, UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from .datafile import one_of

T = TypeVar("T")

Reader = Callable[[str], Any]


def from_row(
    cls: type[T],
    row: Sequence[str],
    columns: str,
    types: Mapping[Any, Reader] | None = None,
    **by_field: Reader,
) -> T:
    """An instance of the dataclass `cls` from `row`, whose fields are the `columns` (field
    names separated by spaces, in the row's order; `-` skips a column). A field named in
    `by_field` is read by its reader, a field of a type in `types` by that type's reader,
    any other by its annotation (see above); fields not among the columns keep their
    defaults."""
    names = columns.split()
    if len(names) != len(row):
        raise ValueError(f"{cls.__name__}: {len(row)} fields, expected {len(names)}: {row}")
    hints = _hints(cls)
    values = {
        name: (by_field.get(name) or _reader(hints[name], name, types or {}))(text)
        for name, text in zip(names, row, strict=True)
        if name != "-"
    }
    return cls(**values)


def _hints(cls: type) -> dict[str, Any]:
    known = {field.name for field in fields(cls)}
    return {name: hint for name, hint in get_type_hints(cls).items() if name in known}


def _reader(hint: Any, name: str, types: Mapping[Any, Reader]) -> Reader:
    if hint in types:
        return types[hint]
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, UnionType) and NoneType in args:
        (inner,) = (arg for arg in args if arg is not NoneType)
        read = _reader(inner, name, types)
        return lambda text: None if text == "-" else read(text)
    if origin is Literal:
        return lambda text: one_of(text, args, name.replace("_", " "))
    if origin is tuple and args[1:] == (Ellipsis,):
        item = _reader(args[0], name, types)
        return lambda text: tuple(map(item, text.split()))
    if hint is bool:
        return lambda text: one_of(text, ("yes", "no"), "yes or no") == "yes"
    if hint in (int, str):
        return hint  # type: ignore[no-any-return]
    raise TypeError(f"no reader for the field {name} ({hint})")
