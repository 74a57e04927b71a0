"""`python -m engine list|play|legal|state|arena` — the command-line contract of docs/cli.md."""

from __future__ import annotations

import argparse
import json
import os
import sys

from .cli import (
    add_arena_arguments,
    add_game_arguments,
    arena_from_args,
    replay_from_args,
    viewer_seat,
)
from .core.registry import all_games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="one game key per line")
    for name, text in (
        ("play", "replay moves and print the result as JSON"),
        ("legal", "replay moves and print each legal action of each player to act"),
        ("state", "replay moves and print the state as a viewer sees it, as JSON"),
    ):
        sub = commands.add_parser(name, help=text)
        add_game_arguments(sub)
        if name == "state":
            sub.add_argument("--viewer", default=None, help="a player's name; public if omitted")
    add_arena_arguments(
        commands.add_parser("arena", help="play seeded games between bot levels, print JSON")
    )
    args = parser.parse_args(argv)

    if args.command == "list":
        for game in all_games():
            print(game.info.key)
        return 0
    if args.command == "arena":
        print(json.dumps(arena_from_args(args), ensure_ascii=False))
        return 0
    played = replay_from_args(args)
    if args.command == "play":
        print(json.dumps(played.summary(), ensure_ascii=False))
    elif args.command == "legal":
        for seat in sorted(played.game.to_act(played.state)):
            for action in played.game.legal_actions(played.state, seat):
                print(f"{played.players[seat]}: {action}")
    else:
        viewer = viewer_seat(played, args.viewer)
        json.dump(played.game.view(played.state, viewer), sys.stdout, ensure_ascii=False)
        print()
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except BrokenPipeError:
        # The reader (`| head`, say) stopped early: not worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None
