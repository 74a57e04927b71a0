"""Argument parsing shared by `python -m engine` and `python -m render` (see docs/cli.md)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
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
    _add_seed_and_options(parser, seed_default=None)
    parser.add_argument(
        "--moves", default=None, help="file of 'player: action' lines, '-' for stdin"
    )


def add_arena_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game key, as listed by `python -m engine list`")
    parser.add_argument(
        "--bots",
        required=True,
        help="comma-separated bot levels, one per seat (e.g. normal,random)",
    )
    parser.add_argument("--games", type=int, required=True, help="how many games to play")
    parser.add_argument(
        "--first",
        type=int,
        default=1,
        help="play only games FIRST..GAMES of the run (to continue or split a long run)",
    )
    _add_seed_and_options(parser, seed_default=0)
    parser.add_argument(
        "--progress", action="store_true", help="print one line per finished game to stderr"
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="games played at once, in that many processes"
    )


def _add_seed_and_options(parser: argparse.ArgumentParser, seed_default: int | None) -> None:
    """`--seed` (None: the record's header says, else 0) and repeatable `--option`s."""
    parser.add_argument("--seed", type=int, default=seed_default, help="random seed (default 0)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option; repeat for several",
    )


def arena_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """Run the arena the arguments describe. Exits with status 2 and a message on bad input."""
    from .ai.arena import GameRecord, run_arena  # the bots load only when asked for

    def report(index: int, record: GameRecord) -> None:
        winners = ", ".join(f"{record.levels[s]}@{s + 1}" for s in record.winners) or "none"
        print(
            f"game {index + 1}/{args.games}: {record.scores} won by {winners}",
            file=sys.stderr,
            flush=True,
        )

    if args.jobs < 1:
        fail(f"--jobs must be at least 1, not {args.jobs}")
    try:
        levels = [name.strip() for name in args.bots.split(",") if name.strip()]
        arguments = (get(args.game), levels, args.games, args.seed, parse_options(args.option))
        reporter = report if args.progress else None
        if args.jobs == 1:
            return run_arena(*arguments, reporter, first=args.first)
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            return run_arena(*arguments, reporter, pool.map, first=args.first)
    except EngineError as error:
        fail(str(error))


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    """`KEY=VALUE` texts → a dict; exits with status 2 on an item without `=`."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            fail(f"--option takes KEY=VALUE, not '{item}'")
        options[key.strip()] = value.strip()
    return options


def replay_from_args(args: argparse.Namespace) -> Replay:
    """Replay the game the arguments describe (without `--players`: the game, players, seed
    and options of the moves file's header). Exits with status 2 and a message on bad input."""
    try:
        options = parse_options(args.option)
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
