"""What the engine says, as message keys with parameters: worded at the edge, in the reader's
language (`engine.core.i18n.word`).

A message's key is its English template, the gettext msgid: `"{player} builds a {building} on
{square}"` with named fields. The engine never formats a sentence for a reader; it says which
sentence and with what. `english()` (and `str()`) fill the template in English, so logs, the CLI,
golden games and tests read as before.

A parameter is plain text (a player's name, a cell's name, notation: never translated), a number
(a quantity, written as the reader's language writes numbers: `1,234`, `1.234`; an identifier
such as a table's number or a seed is notation, given as text), another message (a game's word
such as a resource, worded in the same language: `term("wood", "resource")`), or a list of
these (joined as the reader's language joins lists: `wood, brick and glass`, `Holz, Ziegel und
Glas`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, Union

#: A message's parameter: text shown as it is, a number, a message worded in the same language,
#: or a list of these.
Param = Union[str, int, "Message", Sequence["Param"]]


class Message:
    """A sentence (or a word) to be worded in the reader's language.

    `key`: the English template (the msgid). `context`: tells apart one English word of two
    meanings (gettext's msgctxt: `term("stone", "resource")`). `plural`: the English plural
    template, chosen by the parameter `count` (gettext's ngettext). Immutable by convention;
    a plain class rather than a dataclass, so that pydantic models holding one (`Event`) take
    it as it is instead of building a schema for its recursive parameters.
    """

    __slots__ = ("context", "key", "params", "plural")

    def __init__(
        self,
        key: str,
        params: Mapping[str, Param] | None = None,
        context: str | None = None,
        plural: str | None = None,
    ) -> None:
        self.key = key
        self.params: Mapping[str, Param] = params or {}
        self.context = context
        self.plural = plural

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.key, self.context, self.plural, dict(self.params)) == (
            other.key,
            other.context,
            other.plural,
            dict(other.params),
        )

    def __hash__(self) -> int:
        return hash((self.key, self.context, self.plural))

    def __repr__(self) -> str:
        return f"Message({self.key!r}, {dict(self.params)!r})"

    def english(self) -> str:
        """The message in English: the template filled in, as the engine used to write it."""
        return fill(self.template_in_english(), {k: english(v) for k, v in self.params.items()})

    def template_in_english(self) -> str:
        if self.plural is not None and self.params.get("count") != 1:
            return self.plural
        return self.key

    def __str__(self) -> str:
        return self.english()

    def to_data(self) -> dict[str, object]:
        """A JSON-ready form (stored with a table's events, so that they can be worded again)."""
        data: dict[str, object] = {"key": self.key}
        if self.params:
            data["params"] = {name: _param_data(value) for name, value in self.params.items()}
        if self.context is not None:
            data["context"] = self.context
        if self.plural is not None:
            data["plural"] = self.plural
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, object] | str) -> Message:
        """The message `to_data` wrote; a plain string (a text stored before messages) is a
        message whose key is that text."""
        if isinstance(data, str):
            return cls(data)
        params = data.get("params") or {}
        assert isinstance(params, Mapping)
        context, plural = data.get("context"), data.get("plural")
        return cls(
            str(data["key"]),
            {str(name): _param_from_data(value) for name, value in params.items()},
            context if isinstance(context, str) else None,
            plural if isinstance(plural, str) else None,
        )


def msg(
    key: str, /, *, context: str | None = None, plural: str | None = None, **params: Param
) -> Message:
    """A message: `msg("{player} passes", player=name)`."""
    return Message(key, params, context, plural)


def plural_msg(singular: str, plural: str, /, *, count: int, **params: Param) -> Message:
    """A message whose words depend on a number: `plural_msg("{count} point", "{count} points",
    count=n)`; each language chooses among its own plural forms."""
    return Message(singular, {"count": count, **params}, None, plural)


def term(word: str, context: str) -> Message:
    """One of a game's words (a resource, a terrain, a building), translated as a whole."""
    return Message(word, {}, context)


#: How `chain` links two items, as messages (so that each language words its own links).
_LINKS = {
    "and": msg("{first} and {second}"),
    "or": msg("{first} or {second}"),
    ",": msg("{first}, {second}"),
    ";": msg("{first}; {second}"),
    "·": msg("{first} · {second}"),
}


def chain(items: Sequence[Param], link: Literal["and", "or", ",", ";", "·"]) -> Param:
    """Items with the same link between every two: `a and b and c` (`a und b und c`),
    `a or b`, `a, b, c`, `a; b`, `a · b`. (Unlike a list parameter, which words `a, b and
    c`, a chain keeps the engine's English as it always was.)"""
    template = _LINKS[link]
    chained: Param = items[0] if items else ""
    for item in items[1:]:
        chained = Message(template.key, {"first": chained, "second": item})
    return chained


def and_chain(items: Sequence[Param]) -> Param:
    """`a and b and c`: names of players, as the engine words them."""
    return chain(items, "and")


def comma_chain(items: Sequence[Param]) -> Param:
    """`a, b, c`: words of a game, each worded in the reader's language."""
    return chain(items, ",")


def stored(text: str) -> Message:
    """A message the state keeps as its English (a game's end reason: the state is replayed
    and digested, so it keeps text, not messages), to be worded again for a reader: the text
    is the key of a message without fields, which the game's catalogue translates."""
    return Message(text)


def about(text: str) -> Message:
    """A text of a game's `GameInfo` — its summary, an option's or a standing answer's
    description, kept as plain English in the info (the guides and Discord read it so) — as a
    message for the edge to word: its translations are the game's catalogue entries of the
    context `game info`."""
    return Message(text, {}, "game info")


def english(value: Param) -> str:
    """A parameter as English text (lists joined as English joins them)."""
    if isinstance(value, Message):
        return value.english()
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return f"{value:,}"
    return join_english([english(item) for item in value])


def join_english(items: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c` (no serial comma)."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def fill(template: str, values: Mapping[str, str]) -> str:
    """The template with its named fields filled in (`str.format_map`)."""
    return template.format_map(values) if values else template


def _param_data(value: Param) -> object:
    if isinstance(value, Message):
        return {"message": value.to_data()}
    if isinstance(value, (str, int)):
        return value
    return [_param_data(item) for item in value]


def _param_from_data(data: object) -> Param:
    if isinstance(data, dict):
        return Message.from_data(data["message"])
    if isinstance(data, list):
        return [_param_from_data(item) for item in data]
    if isinstance(data, (str, int)):
        return data
    raise ValueError(f"not a message parameter: {data!r}")
