"""Reading action texts. Case-insensitive, lenient about spaces; only the form is checked here.

Set-up: `choose fairies`, `build E5` (a starting house), `take bonus3`.
Rounds: `build E5`, `transform E5`, `transform E5 build`, `upgrade E5 tp`,
`upgrade E5 palace left`, `sail`, `bridge E5 F6`, `exchange 3`, `town 9vp`, `pass bonus3`;
at a round end `exchange 3` and `done`.
The full list is in docs/games/terra-nova.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, NamedTuple, get_args

from engine.core import ParseError, nearest

from .board import Board, Side, board

Kind = Literal[
    "choose",
    "build",
    "transform",
    "take",
    "pass",
    "upgrade",
    "sail",
    "bridge",
    "exchange",
    "town",
    "power",
    "special",
    "neutral",
    "done",
]
KINDS: tuple[str, ...] = get_args(Kind)
USAGE = (
    "actions look like 'choose fairies', 'build E5', 'transform E5 build', 'upgrade E5 tp', "
    "'sail', 'bridge E5 F6', 'exchange 3', 'town 9vp', 'pass bonus3'"
)
#: How each kind is written, for error messages.
FORMS: dict[str, str] = {
    "choose": "choose <faction>, e.g. 'choose fairies'",
    "build": "build <hex>, e.g. 'build E5'",
    "transform": "transform <hex> [build], e.g. 'transform E5 build'",
    "take": "take <bonus tile>, e.g. 'take bonus3'",
    "pass": "pass <bonus tile>, e.g. 'pass bonus3' (just 'pass' in round 5)",
    "upgrade": "upgrade <hex> tp | upgrade <hex> palace left|right [edge hex]",
    "sail": "just 'sail'",
    "bridge": "bridge <hex> <hex>, e.g. 'bridge E5 F6'",
    "exchange": "exchange <power> [vp], e.g. 'exchange 3' (Druids: 'exchange 3 vp')",
    "town": "town <tile>: town 6money, town 8power, town sail or town 9vp",
    "power": "power <action> [hexes], e.g. 'power 7money', 'power shovel E5 build'",
    "special": "special <action> [hexes], e.g. 'special shovel E5 build'",
    "neutral": "neutral <hex>: a neutral house on a marked hex, e.g. 'neutral A1'",
    "done": "just 'done' (finishes your power exchanges at a round end)",
}


class Action(NamedTuple):
    """A parsed action. For `power` and `special`, words[0] is the action's key and `build`
    the hex (among `hexes`) marked with a following `build`, if any. `side` is the board side
    whose hexes `hexes` index (the reader sets it; `text` needs it)."""

    kind: Kind
    hexes: tuple[int, ...] = ()
    words: tuple[str, ...] = ()
    number: int = 0
    build: int | None = None
    side: Side = "standard"

    def text(self) -> str:
        """The canonical text, as `legal_actions` lists it."""
        names = board(self.side).names
        if self.kind in ("power", "special"):
            words = [self.kind, *self.words]
            for h in self.hexes:
                words += [names[h], "build"] if h == self.build else [names[h]]
            return " ".join(words)
        if self.kind == "exchange":
            return " ".join(["exchange", str(self.number), *self.words])
        first, rest = [names[h] for h in self.hexes[:1]], [names[h] for h in self.hexes[1:]]
        if self.kind == "upgrade":
            return " ".join([self.kind, *first, *self.words, *rest])
        return " ".join([self.kind, *first, *rest, *self.words])

    def public_text(self) -> str:
        return self.text()  # Terra Nova has no secrets


#: Per kind: how many hexes come first, and how many words may follow (least, most).
_SHAPES: dict[str, tuple[int, int, int]] = {
    "choose": (0, 1, 4),
    "build": (1, 0, 0),
    "transform": (1, 0, 1),
    "take": (0, 1, 1),
    "pass": (0, 0, 1),
    "upgrade": (1, 1, 3),
    "sail": (0, 0, 0),
    "bridge": (2, 0, 0),
    "exchange": (0, 1, 2),
    "town": (0, 1, 1),
    "neutral": (1, 0, 0),
    "done": (0, 0, 0),
}


def parse_action(board: Board, text: str, legal: Callable[[], Sequence[str]]) -> Action:
    """The action `text` denotes; raises ParseError (with the nearest legal texts) if none."""
    words = text.lower().split()
    if not words or words[0] not in KINDS:
        raise ParseError(text, USAGE, nearest(text, legal()))
    kind: Kind = words[0]  # type: ignore[assignment]
    if kind in ("power", "special"):
        return _parse_keyed(board, text, kind, words[1:], legal)
    hex_count, least, most = _SHAPES[kind]
    args = words[1:]
    if not hex_count + least <= len(args) <= hex_count + most:
        raise ParseError(text, f"write {FORMS[kind]}", nearest(text, legal()))
    hexes: list[int] = []
    for name in args[:hex_count]:
        index = board.cell(name)
        if index is None:
            raise ParseError(text, board.grid.unknown(name, "hex"), nearest(text, legal()))
        hexes.append(index)
    rest = args[hex_count:]
    side = board.side
    if kind == "choose":
        return Action(kind, words=("-".join(rest),), side=side)
    if kind == "exchange":
        if not rest[0].isdigit() or int(rest[0]) == 0 or rest[1:] not in ([], ["vp"]):
            raise ParseError(text, f"write {FORMS[kind]}", nearest(text, legal()))
        return Action(kind, words=tuple(rest[1:]), number=int(rest[0]), side=side)
    if kind == "upgrade" and len(rest) == 3:
        edge = board.cell(rest[2])
        if edge is None or rest[:2] != ["palace", "left"]:
            raise ParseError(text, f"write {FORMS[kind]}", nearest(text, legal()))
        return Action(kind, (hexes[0], edge), tuple(rest[:2]), side=side)
    if kind == "transform" and rest not in ([], ["build"]):
        raise ParseError(text, f"write {FORMS[kind]}", nearest(text, legal()))
    return Action(kind, tuple(hexes), tuple(rest), side=side)


def _parse_keyed(
    board: Board, text: str, kind: Kind, args: list[str], legal: Callable[[], Sequence[str]]
) -> Action:
    """`power <key> [hex [build]] …` or `special <key> …`."""
    if not args:
        raise ParseError(text, f"write {FORMS[kind]}", nearest(text, legal()))
    hexes: list[int] = []
    build: int | None = None
    for word in args[1:]:
        if word == "build" and hexes and build is None:
            build = hexes[-1]
            continue
        index = board.cell(word)
        if index is None:
            raise ParseError(text, f"'{word}' is neither a hex nor 'build'", nearest(text, legal()))
        hexes.append(index)
    return Action(kind, tuple(hexes), (args[0],), build=build, side=board.side)
