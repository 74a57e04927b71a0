"""The action type: actions as values, read from a player's text and written in canonical form
(what `legal_actions` lists).

Parsing is case-insensitive and lenient about spaces, commas and small words (`at`, `on`,
`using`); card names may be written as on the card (`Feast Hall`, `Opaleye's Watch`) or as
their keys (`feast-hall`). It only checks the form and that names exist; whether an action is
allowed is the checker's business (checks.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Literal, get_args

from engine.core import Message, ParseError, msg, nearest, read_rows, shorten

from .board import NAMES, names_of, square
from .cards import CARD_NAMES, CARDS, RESOURCE_NAMES, RESOURCES, resource_term, resources_list

Kind = Literal[
    "keep",
    "name",
    "choose",
    "place",
    "store",
    "swap",
    "aside",
    "build",
    "put",
    "watch",
    "replace",
    "add",
    "pass",
    "done",
]
_KINDS: dict[str, Kind] = {kind: kind for kind in get_args(Kind)}

_LINKS = frozenset({"at", "on", "in", "to", "using", "with", "from", "for", "by", "onto"})
_SPLIT_SQUARE = re.compile(r"\b([a-d])\s+([1-4])\b")
_MAX_NAME_WORDS = 6

_ROWS = read_rows(__package__, "actions.txt")
#: The canonical form of each kind (actions.txt).
_FORMS: dict[str, str] = {kind: form for kind, form, _ in _ROWS}
#: Each form of action, as a notation error shows it — only the forms of the game at hand
#: (`usage`): no `aside` without more-storage, no `keep` without monuments, …
EXAMPLES: dict[Kind, str] = {_KINDS[kind]: example for kind, _, example in _ROWS}
EVERY_KIND: tuple[Kind, ...] = tuple(EXAMPLES)


def usage(kinds: Collection[Kind] = EVERY_KIND) -> Message:
    """`actions look like 'place wood B2', … or 'done'`, with the forms of `kinds`."""
    forms = [example for kind, example in EXAMPLES.items() if kind in kinds]
    return msg("actions look like {forms} or {last}", forms=", ".join(forms[:-1]), last=forms[-1])


#: What everybody else reads of a `keep <monument>`: the kept card stays secret until built.
PUBLIC_KEEP = "keep a monument card"


@dataclass(frozen=True)
class Action:
    """An action as a value. Which fields it uses depends on its kind: `resource` (and the
    `other` one a Warehouse swap takes), a `card`, the `square` it happens on, the `squares` a
    building uses (in board order) and the `cards` put on Opaleye's Watch (in offer order)."""

    kind: Kind
    resource: str = ""
    other: str = ""
    card: str = ""
    square: int = 0
    squares: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", canonical(self))

    def text(self) -> str:
        return self._text

    def public_text(self) -> str:
        """`keep <monument>` names the secret card, so others read only that one was kept.

        Every other action is public (house ruling 1); building a monument reveals it anyway.
        """
        return PUBLIC_KEEP if self.kind == "keep" else self.text()


#: An action made once and handed out again: the candidate lists of the hot path (random
#: playouts, searches) find their actions rather than build them, and write each text once.
act = cache(Action)


def canonical(action: Action) -> str:
    """The one text `legal_actions` uses for an action."""
    return _FORMS[action.kind].format(
        card=action.card,
        resource=action.resource,
        other=action.other,
        where=NAMES[action.square],
        used=names_of(action.squares),
        cards=" ".join(action.cards),
    )


def build_text(card: str, site: int, squares: Sequence[int]) -> str:
    return f"build {card} at {NAMES[site]} using {names_of(squares)}"


def parse_action(
    text: str, legal: Callable[[], Sequence[str]] = tuple, kinds: Collection[Kind] = EVERY_KIND
) -> Action:
    """The action `text` denotes; raises ParseError if none, naming the forms of `kinds` (the
    game's) and offering the nearest of the `legal` texts (the game leaves that to the engine
    core)."""

    def fail(reason: Message) -> ParseError:
        return ParseError(text, reason, nearest(text, legal()))

    words = _SPLIT_SQUARE.sub(r"\1\2", text.lower().replace(",", " ")).split()
    if not words:
        raise fail(usage(kinds))
    kind = _KINDS.get(words[0])
    if kind is None:
        raise fail(
            msg("'{word}' is not an action. {usage}", word=shorten(words[0]), usage=usage(kinds))
        )
    rest = [w for w in words[1:] if w not in _LINKS]
    return _Reader(kind, rest, fail, usage(kinds)).read()


def kind_typed(text: str) -> Kind | None:
    """The kind of action `text` begins with, if its first word names one."""
    words = text.lower().split(maxsplit=1)
    return _KINDS.get(words[0]) if words else None


class _Reader:
    """Reads the words after the verb, in the order each action's form expects them."""

    def __init__(
        self, kind: Kind, words: list[str], fail: Callable[[Message], ParseError], usage: Message
    ) -> None:
        self.kind = kind
        self.words = words
        self.fail = fail
        self.usage = usage

    def read(self) -> Action:
        kind, words = self.kind, self.words
        if kind in ("pass", "done"):
            self._expect_end(0)
            return Action(kind)
        if kind == "keep":
            return Action(kind, card=self._card(words, monument=True))
        if kind in ("name", "choose", "aside"):
            self._expect_end(1)
            return Action(kind, resource=self._resource(0))
        if kind in ("place", "store", "put"):
            self._expect_end(2)
            return Action(kind, resource=self._resource(0), square=self._square(1))
        if kind == "swap":
            self._expect_end(3)
            return Action(
                kind, resource=self._resource(0), other=self._resource(1), square=self._square(2)
            )
        if kind == "replace":
            if not words:
                raise self.fail(
                    msg("say which square and which building, e.g. 'replace B2 with tavern'")
                )
            return Action(kind, square=self._square(0), card=self._card(words[1:]))
        if kind == "add":
            if not words:
                raise self.fail(msg("say which building and where, e.g. 'add tavern at C3'"))
            return Action(kind, card=self._card(words[:-1]), square=self._square(len(words) - 1))
        if kind == "watch":
            return Action(kind, cards=self._card_list(words))
        return self._build()

    def _build(self) -> Action:
        words = self.words
        first_square = next((i for i, w in enumerate(words) if square(w) is not None), None)
        if first_square is None or first_square + 1 >= len(words):
            raise self.fail(
                msg(
                    "a build names the building, the square it goes on and the squares of the "
                    "resources it uses, e.g. 'build cottage at B2 using A1 A2 B2'"
                )
            )
        card = self._card(words[:first_square])
        squares = [self._square(i) for i in range(first_square + 1, len(words))]
        if len(set(squares)) != len(squares):
            raise self.fail(msg("a square is named twice among the squares used"))
        site = self._square(first_square)
        return Action("build", card=card, square=site, squares=tuple(sorted(squares)))

    def _expect_end(self, count: int) -> None:
        if len(self.words) != count:
            wanted = {
                0: msg("nothing more"),
                1: msg("one more word"),
                2: msg("two more words"),
            }.get(count, msg("{count} more words", count=count))
            raise self.fail(
                msg(
                    "'{kind}' takes {wanted}. {usage}",
                    kind=self.kind,
                    wanted=wanted,
                    usage=self.usage,
                )
            )

    def _resource(self, index: int) -> str:
        if index >= len(self.words):
            raise self.fail(
                msg(
                    "'{kind}' needs a resource: {resources} or {last}",
                    kind=self.kind,
                    resources=resources_list(RESOURCES[:-1]),
                    last=resource_term(RESOURCES[-1]),
                )
            )
        found = RESOURCE_NAMES.find(self.words[index])
        if found is None:
            raise self.fail(
                msg(
                    "'{word}' is not a resource ({resources})",
                    word=shorten(self.words[index]),
                    resources=resources_list(RESOURCES),
                )
            )
        return found

    def _square(self, index: int) -> int:
        if index >= len(self.words):
            raise self.fail(msg("'{kind}' needs a square, A1 to D4", kind=self.kind))
        found = square(self.words[index])
        if found is None:
            raise self.fail(
                msg(
                    "'{word}' is not a square of a town (A1–D4: the letter is the column from "
                    "the left, the digit the row from the top)",
                    word=shorten(self.words[index].upper()),
                )
            )
        return found

    def _card(self, words: Sequence[str], monument: bool = False) -> str:
        typed = shorten(" ".join(words))
        if not words:
            if monument:
                raise self.fail(msg("'{kind}' needs a monument name", kind=self.kind))
            raise self.fail(msg("'{kind}' needs a building name", kind=self.kind))
        found = CARD_NAMES.find(" ".join(words))
        if found is None:
            if monument:
                raise self.fail(msg("'{word}' is not the name of a monument card", word=typed))
            raise self.fail(msg("'{word}' is not the name of a building card", word=typed))
        if monument != CARDS[found].is_monument and self.kind == "keep":
            raise self.fail(msg("'{word}' is a building, not a monument", word=typed))
        return found

    def _card_list(self, words: Sequence[str]) -> tuple[str, ...]:
        """Card names one after the other, each possibly several words long."""
        found, stuck = CARD_NAMES.find_each(words, _MAX_NAME_WORDS)
        if stuck is not None:
            raise self.fail(
                msg(
                    "'{word}' does not begin the name of a building card",
                    word=shorten(words[stuck]),
                )
            )
        if not found:
            raise self.fail(msg("name the three buildings to put on the Watch"))
        return tuple(found)


#: `place <resource> <square>`, the commonest candidates of all, found by resource and square
#: (a lookup, where `act` hashes its keyword arguments).
PLACE_ACTIONS: dict[str, tuple[Action, ...]] = {
    res: tuple(act("place", resource=res, square=i) for i in range(len(NAMES))) for res in RESOURCES
}
