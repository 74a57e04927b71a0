"""Argument parsing shared by `python -m engine` and `python -m render` (see docs/cli.md)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .core.errors import EngineError
from .core.record import HeaderError, read_header
from .core.registry import get
from .core.replay import Replay, replay


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "game",
        nargs="?",
        default=None,
        help="game key, as listed by `python -m engine list` (default: the record's header)",
    )
    parser.add_argument(
        "--players",
        default=None,
        help="comma-separated names in seat order (default: with the game, seed and options, "
        "from the header of the --moves file)",
    )
    parser.add_argument("--seed", type=int, default=None, help="random seed (default 0)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option; repeat for several",
    )
    parser.add_argument(
        "--moves", default=None, help="file of 'player: action' lines, '-' for stdin"
    )


def replay_from_args(args: argparse.Namespace) -> Replay:
    """Replay the game the arguments describe (without `--players`: the game, players, seed
    and options of the moves file's header). Exits with status 2 and a message on bad input."""
    try:
        options: dict[str, Any] = {}
        for item in args.option:
            key, sep, value = item.partition("=")
            if not sep:
                fail(f"--option takes KEY=VALUE, not '{item}'")
            options[key.strip()] = value.strip()
        lines = _read_lines(args.moves)
        game, players_text, seed = args.game, args.players, args.seed
        if players_text is None:
            game, players_text, seed, options = _from_header(args, lines, options)
        if game is None:
            fail("name the game (e.g. `play terra-nova-2006 --players alice,bob`)")
        players = [p.strip() for p in players_text.split(",") if p.strip()]
        for player in players:
            if ":" in player or "#" in player:
                fail(f"player name '{player}' may not contain ':' or '#': a move line names it")
        return replay(get(game), players, 0 if seed is None else seed, options, lines)
    except EngineError as error:
        fail(str(error))


def _from_header(
    args: argparse.Namespace, lines: Sequence[str], options: dict[str, Any]
) -> tuple[str, str, int, dict[str, Any]]:
    """Game, players, seed and options from the record's header; those given on the command
    line win, except the game, which must agree with the header's."""
    try:
        header = read_header(lines)
    except HeaderError as error:
        fail(f"{args.moves}: {error}")
    if header is None:
        fail(
            "give --players, or a --moves file whose header names the game and players "
            "('# game: KEY' and '# players: A, B' before the first move)"
        )
    if args.game is not None and args.game.strip().lower() != header.game.lower():
        fail(f"the record is of {header.game}, not {args.game}")
    seed = header.seed if args.seed is None else args.seed
    return header.game, ",".join(header.players), seed, {**header.options, **options}


def viewer_seat(played: Replay, name: str | None) -> int | None:
    """The seat whose view `--viewer NAME` asks for (None: the public); exits 2 on a stranger."""
    if name is None:
        return None
    if name not in played.players:
        fail(f"--viewer '{name}' is not one of {', '.join(played.players)}")
    return played.seat_of(name)


def _read_lines(path: str | None) -> Sequence[str]:
    """The move lines, split on newlines only so that line numbers match an editor's."""
    if path is None:
        return []
    try:
        if path == "-":
            return sys.stdin.read().split("\n")
        with open(path, encoding="utf-8") as handle:
            return handle.read().split("\n")
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror}")
    except UnicodeDecodeError:
        fail(f"cannot read {path}: it is not UTF-8 text")


def fail(message: str) -> NoReturn:
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)
