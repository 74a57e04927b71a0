"""Terramara's actions as typed values: `Action.parse(text)` and `action.text()`.

The canonical text of every action is what `legal_actions` lists, and parsing it gives the
same action back. Parsing is case-insensitive and lenient about spaces and small words; it
checks only the form and that the names exist — whether an action is allowed now is for the
rules (legal.py) to say.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal, get_args

from engine.core import Message, ParseError, msg, shorten

from .board import ROAD_NODES
from .content import (
    ARTIFACTS,
    BONUS_TILES,
    CROSSROADS,
    OUTPOSTS,
    PERSONS,
    SPECIALS,
    START_CARDS,
    TERRITORIES,
)
from .effects import PROCESSED, RAW, TRACKS
from .state import MEMBERS

Kind = Literal[
    "place",
    "neutral",
    "pick",
    "turn",
    "worker",
    "use",
    "craft",
    "reserve",
    "done",
    "take",
    "cvt",
    "swap",
    "trade",
    "pay",
    "give",
    "road",
    "raid",
    "start",
    "stop",
]
KINDS: tuple[Kind, ...] = get_args(Kind)
_VERBS: dict[str, Kind] = {kind: kind for kind in KINDS}
RESERVED = "reserved"
NOTHING = "nothing"
HOME_ACTIONS = ("recruit", "improve", "travel", "raid", "start")

USAGE = msg(
    "actions look like 'place chief RT2-1 b', 'place scout home raid', 'place scout hut', "
    "'place warrior X-5', 'worker 2', 'use T1c', 'turn', 'craft 3', 'craft reserved', "
    "'reserve 5', 'done'; decisions: 'take MET', 'cvt st', 'swap st wd', 'trade st', "
    "'pay TIM st', 'give ca', 'road C1 B2', 'raid', 'start', 'stop'; set-up: "
    "'neutral RT1-1 a', 'pick P3'"
)

_TILE_ORDER = {code: index for index, code in enumerate((*PROCESSED, *RAW))}
_CODES: dict[str, str] = {code.lower(): code for code in (*RAW, *PROCESSED)}
_IDS: dict[str, str] = {
    key.lower(): key
    for catalogue in (
        ARTIFACTS,
        BONUS_TILES,
        PERSONS,
        START_CARDS,
        OUTPOSTS,
        CROSSROADS,
        SPECIALS,
        TERRITORIES,
    )
    for key in catalogue
}
_PERSON_NAMES = {person.name.lower(): key for key, person in PERSONS.items()}
_NODES = {node.lower(): node for node in ROAD_NODES}
_GLUED_SPACE = re.compile(r"^([lr]t\d-\d)([abc])$")
_LINKS = frozenset({"on", "to", "at", "the", "with", "my", "in"})


@dataclass(frozen=True)
class Action:
    kind: Kind
    member: str = ""
    target: str = ""
    items: tuple[str, ...] = ()
    level: int = 0

    def text(self) -> str:
        kind = self.kind
        if kind == "place":
            return f"place {self.member} {self.target}"
        if kind in ("neutral", "pick", "use", "take", "craft", "reserve"):
            return f"{kind} {self.target}"
        if kind == "worker":
            return f"worker {self.level}"
        if kind in ("cvt", "give", "swap", "road"):
            return " ".join((kind, *self.items))
        if kind == "trade":
            tail = f" for {self.target}" if self.target else ""
            return "trade " + " ".join(self.items) + tail
        if kind == "pay":
            return "pay " + (" ".join(self.items) if self.items else NOTHING)
        return kind

    def public_text(self) -> str:
        """Nothing an action names is secret (a reserved card comes from the open river, H7)."""
        return self.text()

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action `text` denotes; raises ParseError if none (the game adds suggestions)."""

        def fail(reason: Message) -> ParseError:
            return ParseError(text, reason)

        words = [w for w in text.lower().replace(",", " ").split() if w not in _LINKS]
        if not words:
            raise fail(USAGE)
        kind = _VERBS.get(words[0])
        if kind is None:
            raise fail(
                msg("'{words}' is not an action. {usage}", words=shorten(words[0]), usage=USAGE)
            )
        return _Reader(kind, words[1:], fail).read()


#: An action made once and handed out again: the longest candidate lists (placements: every
#: member on every open space) find their actions rather than build them anew.
act = cache(Action)


def sort_tiles(items: Sequence[str]) -> tuple[str, ...]:
    """Tiles in canonical order: processed kinds, then raw kinds, each stone-wood-ore-cattle."""
    return tuple(sorted(items, key=_TILE_ORDER.__getitem__))


class _Reader:
    def __init__(self, kind: Kind, words: list[str], fail: Callable[[Message], ParseError]) -> None:
        self.kind = kind
        self.words = words
        self.fail = fail

    def read(self) -> Action:
        kind, words = self.kind, self.words
        if kind in ("turn", "done", "stop", "raid", "start"):
            self._count(0)
            return Action(kind)
        if kind == "place":
            return self._place()
        if kind == "neutral":
            return Action(kind, target=self._space(words, "a territory space, e.g. RT1-1 a"))
        if kind == "worker":
            self._count(1)
            if words[0] not in ("1", "2", "3"):
                raise self.fail(msg("'worker' takes a worker level: 1, 2 or 3"))
            return Action(kind, level=int(words[0]))
        if kind in ("pick", "use"):
            self._count(1, "an id, e.g. 'pick P3', 'use T1c'")
            return Action(kind, target=self._id(words[0]))
        if kind in ("craft", "reserve"):
            self._count(1, "a river slot 1-8" + (" or 'reserved'" if kind == "craft" else ""))
            return Action(kind, target=self._slot(words[0], kind == "craft"))
        if kind == "take":
            self._count(1, "what to take, e.g. 'take MET', 'take st', 'take rch', 'take X-2'")
            return Action(kind, target=self._thing(words[0]))
        if kind in ("cvt", "give"):
            self._count(1, "one resource code, e.g. 'cvt st' or 'give LEA'")
            return Action(kind, items=(self._code(words[0], raw_only=kind == "cvt"),))
        if kind == "swap":
            self._count(2, "two raw codes, e.g. 'swap st wd'")
            return Action(kind, items=tuple(self._code(w, raw_only=True) for w in words))
        if kind == "road":
            self._count(2, "a cart's node and where it goes, e.g. 'road C1 B2'")
            return Action(kind, items=tuple(self._node(w) for w in words))
        if kind == "trade":
            return self._trade()
        return self._pay()

    def _count(self, count: int, what: str = "") -> None:
        if len(self.words) != count:
            if count == 0:
                raise self.fail(msg("'{kind}' takes nothing more", kind=self.kind))
            raise self.fail(msg("'{kind}' takes {what}", kind=self.kind, what=what))

    def _place(self) -> Action:
        words = self.words
        if not words or words[0] not in MEMBERS:
            raise self.fail(
                msg("say which member: 'place chief …', 'place scout …', 'place warrior …'")
            )
        where = words[1:]
        if where == ["hut"]:
            return Action("place", member=words[0], target="hut")
        if where and where[0] == "home":
            where = where[1:]
        if len(where) == 1 and where[0] in HOME_ACTIONS:
            return Action("place", member=words[0], target=f"home {where[0]}")
        return Action("place", member=words[0], target=self._space(where, "a space"))

    def _space(self, words: list[str], what: str) -> str:
        if len(words) == 1 and (glued := _GLUED_SPACE.match(words[0])):
            words = [glued.group(1), glued.group(2)]
        if len(words) == 2 and words[1] in ("a", "b", "c"):
            tile = _IDS.get(words[0])
            if tile in TERRITORIES:
                return f"{tile} {words[1]}"
        if len(words) == 1:
            key = _IDS.get(words[0])
            if key in CROSSROADS or key in SPECIALS:
                return key
        raise self.fail(
            msg(
                "'{items}' is not a space; name {what}: 'home recruit|improve|travel|raid|start', "
                "a territory space like 'RT2-1 b', a crossroad 'X-5', a special space 'SA-W' "
                "or 'hut'",
                items=" ".join(words),
                what=what,
            )
        )

    def _id(self, word: str) -> str:
        key = _IDS.get(word) or _PERSON_NAMES.get(word)
        if key is None:
            raise self.fail(
                msg("'{word}' is not the id of a card, tile or person", word=shorten(word))
            )
        return key

    def _slot(self, word: str, reserved_ok: bool) -> str:
        if reserved_ok and word == RESERVED:
            return RESERVED
        if word.isascii() and word.isdigit() and 1 <= int(word) <= 8:  # not '²'
            return word
        raise self.fail(msg("'{word}' is not a river slot (1-8)", word=shorten(word)))

    def _thing(self, word: str) -> str:
        if word in _CODES:
            return _CODES[word]
        if word in TRACKS:
            return word
        key = _IDS.get(word)
        if key in CROSSROADS or key in OUTPOSTS:
            return key
        raise self.fail(msg("'{word}' is not something to take", word=shorten(word)))

    def _code(self, word: str, raw_only: bool = False) -> str:
        code = _CODES.get(word)
        if code is None or (raw_only and code not in RAW):
            kinds = "a raw code (st wd or ca)" if raw_only else "a resource code"
            raise self.fail(msg("'{word}' is not {kinds}", word=shorten(word), kinds=kinds))
        return code

    def _node(self, word: str) -> str:
        node = _NODES.get(word)
        if node is None:
            raise self.fail(
                msg("'{word}' is not a road node (S, B1, O1, C1, …, C6, E)", word=shorten(word))
            )
        return node

    def _trade(self) -> Action:
        words = self.words
        target = ""
        if len(words) >= 2 and words[-2] == "for":
            target = words[-1]
            if target not in TRACKS:
                raise self.fail(
                    msg("'{target}' is not a track (mil, cul, rch)", target=shorten(target))
                )
            words = words[:-2]
        if not words:
            raise self.fail(msg("say which tiles to pay, e.g. 'trade st' or 'trade st for cul'"))
        return Action("trade", target=target, items=sort_tiles([self._code(w) for w in words]))

    def _pay(self) -> Action:
        if self.words == [NOTHING]:
            return Action("pay")
        if not self.words:
            raise self.fail(msg("say which tiles to pay, e.g. 'pay TIM TIM st'"))
        return Action("pay", items=sort_tiles([self._code(w) for w in self.words]))
