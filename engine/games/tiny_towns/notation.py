"""Reading action texts, and writing them in canonical form (what `legal_actions` lists).

Parsing is case-insensitive and lenient about spaces, commas and small words (`at`, `on`,
`using`); card names may be written as on the card (`Feast Hall`, `Opaleye's Watch`) or as
their keys (`feast-hall`). It only checks the form and that names exist; whether an action is
allowed is the rules' business.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from engine.core import ParseError, nearest, shorten

from .board import NAMES, square
from .cards import CARDS, card_key, resource_key

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

_VERBS: dict[str, Kind] = {
    "keep": "keep",
    "name": "name",
    "choose": "choose",
    "place": "place",
    "store": "store",
    "swap": "swap",
    "aside": "aside",
    "build": "build",
    "put": "put",
    "watch": "watch",
    "replace": "replace",
    "add": "add",
    "pass": "pass",
    "done": "done",
}
_LINKS = frozenset({"at", "on", "in", "to", "using", "with", "from", "for", "by", "onto"})
_SPLIT_SQUARE = re.compile(r"\b([a-d])\s+([1-4])\b")
_MAX_NAME_WORDS = 6

USAGE = (
    "actions look like 'place wood B2', 'build cottage at B2 using A1 A2 B2', 'done', "
    "'keep <monument>', 'store wood on C3', 'swap wood for brick on C3', 'aside wood', "
    "'put wood on B2', 'replace B2 with tavern', 'add tavern at C3', "
    "'watch cottage tavern well', 'name wood', 'choose wood' or 'pass'"
)


#: What everybody else reads of a `keep <monument>`: the kept card stays secret until built.
PUBLIC_KEEP = "keep a monument card"


@dataclass(frozen=True)
class Action:
    kind: Kind
    resource: str | None = None
    other: str | None = None
    card: str | None = None
    square: int | None = None
    squares: tuple[int, ...] = ()
    cards: tuple[str, ...] = field(default_factory=tuple)

    def text(self) -> str:
        return canonical(self)

    def public_text(self) -> str:
        """`keep <monument>` names the secret card, so others read only that one was kept.

        Every other action is public (house ruling 1); building a monument reveals it anyway.
        """
        return PUBLIC_KEEP if self.kind == "keep" else self.text()


def canonical(action: Action) -> str:
    """The one text `legal_actions` uses for an action."""
    kind, res, sq = action.kind, action.resource, action.square
    where = NAMES[sq] if sq is not None else ""
    if kind == "keep":
        return f"keep {action.card}"
    if kind in ("name", "choose", "aside"):
        return f"{kind} {res}"
    if kind == "place":
        return f"place {res} {where}"
    if kind in ("store", "put"):
        return f"{kind} {res} on {where}"
    if kind == "swap":
        return f"swap {res} for {action.other} on {where}"
    if kind == "build":
        return build_text(action.card or "", sq or 0, action.squares)
    if kind == "watch":
        return "watch " + " ".join(action.cards)
    if kind == "replace":
        return f"replace {where} with {action.card}"
    if kind == "add":
        return f"add {action.card} at {where}"
    return kind


def build_text(card: str, site: int, squares: Sequence[int]) -> str:
    used = " ".join(NAMES[i] for i in sorted(squares, key=lambda i: NAMES[i]))
    return f"build {card} at {NAMES[site]} using {used}"


def parse_action(text: str, legal: Callable[[], Sequence[str]]) -> Action:
    """The action `text` denotes; raises ParseError (with nearest legal texts) if none."""

    def fail(reason: str) -> ParseError:
        return ParseError(text, reason, nearest(text, legal()))

    words = _SPLIT_SQUARE.sub(r"\1\2", text.lower().replace(",", " ")).split()
    if not words:
        raise fail(USAGE)
    kind = _VERBS.get(words[0])
    if kind is None:
        raise fail(f"'{shorten(words[0])}' is not an action. {USAGE}")
    rest = [w for w in words[1:] if w not in _LINKS]
    reader = _Reader(kind, rest, fail)
    return reader.read()


class _Reader:
    """Reads the words after the verb, in the order each action's form expects them."""

    def __init__(self, kind: Kind, words: list[str], fail: Callable[[str], ParseError]) -> None:
        self.kind = kind
        self.words = words
        self.fail = fail

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
                    "say which square and which building, e.g. 'replace B2 with tavern'"
                )
            return Action(kind, square=self._square(0), card=self._card(words[1:]))
        if kind == "add":
            if not words:
                raise self.fail("say which building and where, e.g. 'add tavern at C3'")
            return Action(kind, card=self._card(words[:-1]), square=self._square(len(words) - 1))
        if kind == "watch":
            return Action(kind, cards=self._card_list(words))
        return self._build()

    def _build(self) -> Action:
        words = self.words
        first_square = next((i for i, w in enumerate(words) if square(w) is not None), None)
        if first_square is None or first_square + 1 >= len(words):
            raise self.fail(
                "a build names the building, the square it goes on and the squares of the "
                "resources it uses, e.g. 'build cottage at B2 using A1 A2 B2'"
            )
        card = self._card(words[:first_square])
        squares = tuple(self._square(i) for i in range(first_square + 1, len(words)))
        if len(set(squares)) != len(squares):
            raise self.fail("a square is named twice among the squares used")
        return Action("build", card=card, square=self._square(first_square), squares=squares)

    def _expect_end(self, count: int) -> None:
        if len(self.words) != count:
            wanted = {0: "nothing more", 1: "one more word", 2: "two more words"}.get(
                count, f"{count} more words"
            )
            raise self.fail(f"'{self.kind}' takes {wanted}. {USAGE}")

    def _resource(self, index: int) -> str:
        if index >= len(self.words):
            raise self.fail(f"'{self.kind}' needs a resource: wood, wheat, brick, glass or stone")
        found = resource_key(self.words[index])
        if found is None:
            raise self.fail(
                f"'{shorten(self.words[index])}' is not a resource "
                "(wood, wheat, brick, glass, stone)"
            )
        return found

    def _square(self, index: int) -> int:
        if index >= len(self.words):
            raise self.fail(f"'{self.kind}' needs a square, A1 to D4")
        found = square(self.words[index])
        if found is None:
            raise self.fail(
                f"'{shorten(self.words[index].upper())}' is not a square of a town (A1–D4: the "
                "letter is the column from the left, the digit the row from the top)"
            )
        return found

    def _card(self, words: Sequence[str], monument: bool = False) -> str:
        what = "monument" if monument else "building"
        if not words:
            raise self.fail(f"'{self.kind}' needs a {what} name")
        found = card_key(" ".join(words))
        if found is None:
            raise self.fail(f"'{shorten(' '.join(words))}' is not the name of a {what} card")
        if monument != CARDS[found].is_monument and self.kind == "keep":
            raise self.fail(f"'{shorten(' '.join(words))}' is a building, not a monument")
        return found

    def _card_list(self, words: Sequence[str]) -> tuple[str, ...]:
        """Card names one after the other, each possibly several words long."""
        found: list[str] = []
        start = 0
        while start < len(words):
            for end in range(min(len(words), start + _MAX_NAME_WORDS), start, -1):
                key = card_key(" ".join(words[start:end]))
                if key is not None:
                    found.append(key)
                    start = end
                    break
            else:
                raise self.fail(
                    f"'{shorten(words[start])}' does not begin the name of a building card"
                )
        if not found:
            raise self.fail("name the three buildings to put on the Watch")
        return tuple(found)
