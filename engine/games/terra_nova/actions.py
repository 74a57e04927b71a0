"""The action type and its reader. Case-insensitive, lenient about spaces; only the form is
checked here (whether an action is allowed is the checker's business, checks.py).

Set-up: `choose fairies`, `build E5` (a starting house), `take bonus3`.
Rounds: `build E5`, `transform E5`, `transform E5 build`, `upgrade E5 tp`,
`upgrade E5 palace left`, `sail`, `bridge E5 F6`, `exchange 3`, `town 9vp`, `pass bonus3`,
the Sea Dogs' `town across D4` (a town across the river hex D4);
at a round end `exchange 3` and `done`.
The full list is in docs/games/terra-nova.md.
"""

from __future__ import annotations

from functools import cache
from typing import Literal, NamedTuple, get_args

from engine.core import Form, ParseError, msg, shorten, term

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
#: The special actions (`special <key> …`) a bonus tile or palace can give.
SPECIAL_KEYS = ("shovel", "lake", "tp", "continent")
#: The words after `upgrade` and the marks after hexes.
KEYWORDS = ("tp", "palace", "left", "right", "build", "vp")
#: No action has more words than `power 2shovels E5 F6 build` or `upgrade E5 palace left F6`.
MAX_ACTION_WORDS = 5
#: What the board calls a hex, for an unknown hex name.
HEX = term("hex", "board")
USAGE = msg(
    "actions look like 'choose fairies', 'build E5', 'transform E5 build', 'upgrade E5 tp', "
    "'sail', 'bridge E5 F6', 'exchange 3', 'town 9vp', 'pass bonus3'"
)


#: How each kind is written: its hexes, then its other words, least and most (engine.core's
#: forms; `power` and `special` are read on their own).
FORMS: dict[str, Form] = {
    "choose": Form(msg("choose <faction>, e.g. 'choose fairies'"), 0, 1, 4),
    "build": Form(msg("build <hex>, e.g. 'build E5'"), 1),
    "transform": Form(msg("transform <hex> [build], e.g. 'transform E5 build'"), 1, 0, 1),
    "take": Form(msg("take <bonus tile>, e.g. 'take bonus3'"), 0, 1, 1),
    "pass": Form(msg("pass <bonus tile>, e.g. 'pass bonus3'"), 0, 0, 1),
    "upgrade": Form(msg("upgrade <hex> tp | upgrade <hex> palace left|right [edge hex]"), 1, 1, 3),
    "sail": Form(msg("just 'sail'")),
    "bridge": Form(msg("bridge <hex> <hex>, e.g. 'bridge E5 F6'"), 2),
    "exchange": Form(
        msg("exchange <power> [vp], e.g. 'exchange 3' (Druids: 'exchange 3 vp')"), 0, 1, 2
    ),
    "town": Form(
        msg(
            "town <tile>: town 6money, town 8power, town sail or town 9vp "
            "(the Sea Dogs found a town across a river hex with 'town across D4')"
        ),
        0,
        1,
        1,
    ),
    "power": Form(msg("power <action> [hexes], e.g. 'power 7money', 'power shovel E5 build'")),
    "special": Form(msg("special <action> [hexes], e.g. 'special shovel E5 build'")),
    "neutral": Form(msg("neutral <hex>: a neutral house on a marked hex, e.g. 'neutral A1'"), 1),
    "done": Form(msg("just 'done' (finishes your power exchanges at a round end)")),
}


class Action(NamedTuple):
    """An action as a value (engine.core's Action protocol). For `power` and `special`,
    words[0] is the action's key and `build` the hex (among `hexes`) marked with a following
    `build`, if any. `town across D4` is `town` with words ("across",) and the river hex in
    `hexes`. `side` is the board side whose hexes `hexes` index (`text` needs it)."""

    kind: Kind
    hexes: tuple[int, ...] = ()
    words: tuple[str, ...] = ()
    number: int = 0
    build: int | None = None
    side: Side = "standard"

    def text(self) -> str:
        """The canonical text, as `legal_actions` lists it."""
        return _text(self)

    def public_text(self) -> str:
        return self.text()  # Terra Nova has no secrets


@cache
def _text(action: Action) -> str:
    """The canonical text of an action, written once (the game's actions are finitely many)."""
    names = [board(action.side).names[h] for h in action.hexes]
    if action.kind in ("power", "special"):
        words = [action.kind, action.words[0]]
        for h, name in zip(action.hexes, names, strict=True):
            words += [name, "build"] if h == action.build else [name]
        return " ".join(words)
    if action.kind == "exchange":
        return " ".join(["exchange", str(action.number), *action.words])
    if action.kind == "upgrade":  # the palace's edge hex comes last
        return " ".join(["upgrade", names[0], *action.words, *names[1:]])
    if action.kind == "town":  # its words (a tile key, a keyword) come before any hex
        return " ".join(["town", *action.words, *names])
    return " ".join([action.kind, *names, *action.words])


def parse_action(board: Board, text: str) -> Action:
    """The action `text` denotes; raises ParseError if it denotes none."""
    words = text.lower().split()
    if not words or words[0] not in KINDS:
        raise ParseError(text, USAGE)
    kind: Kind = words[0]  # type: ignore[assignment]
    if kind in ("power", "special"):
        return _parse_keyed(board, text, kind, words[1:])
    args = words[1:]
    if kind == "town" and args[:1] == ["across"]:
        return _parse_river_town(board, text, args[1:])
    form = FORMS[kind]
    hexes, rest = form.read(text, args, board.cell, lambda name: board.grid.unknown(name, HEX))
    side = board.side
    if kind == "choose":
        return Action(kind, words=("-".join(rest),), side=side)
    if kind == "exchange":
        count = rest[0]
        if (
            not (count.isascii() and count.isdigit())
            or int(count) == 0
            or rest[1:] not in ([], ["vp"])
        ):
            raise form.refused(text)
        return Action(kind, words=tuple(rest[1:]), number=int(rest[0]), side=side)
    if kind == "upgrade" and len(rest) == 3:
        edge = board.cell(rest[2])
        if edge is None or rest[:2] != ["palace", "left"]:
            raise form.refused(text)
        return Action(kind, (hexes[0], edge), tuple(rest[:2]), side=side)
    if kind == "transform" and rest not in ([], ["build"]):
        raise form.refused(text)
    return Action(kind, tuple(hexes), tuple(rest), side=side)


def _parse_river_town(board: Board, text: str, args: list[str]) -> Action:
    """`town across <river hex>`: the Sea Dogs' town across one river hex."""
    river = board.cell(args[0]) if len(args) == 1 else None
    if river is None:
        raise ParseError(text, msg("write 'town across <river hex>', e.g. 'town across D4'"))
    return Action("town", (river,), ("across",), side=board.side)


def _parse_keyed(board: Board, text: str, kind: Kind, args: list[str]) -> Action:
    """`power <key> [hex [build]] …` or `special <key> …`."""
    if not args:
        raise FORMS[kind].refused(text)
    hexes: list[int] = []
    build: int | None = None
    for word in args[1:]:
        if word == "build" and hexes and build is None:
            build = hexes[-1]
            continue
        index = board.cell(word)
        if index is None:
            raise ParseError(text, msg("'{word}' is neither a hex nor 'build'", word=shorten(word)))
        hexes.append(index)
    return Action(kind, tuple(hexes), (args[0],), build=build, side=board.side)
