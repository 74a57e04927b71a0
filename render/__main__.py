"""`python -m render GAME --players a,b --seed N [--option k=v]... --moves FILE --out board.png
[--viewer player]` — replay a game and save its board image (see docs/cli.md)."""

from __future__ import annotations

import argparse

from engine.cli import add_game_arguments, fail, replay_from_args, viewer_seat

from . import UnknownRenderer, render_png


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__)
    add_game_arguments(parser)
    parser.add_argument("--out", required=True, help="where to write the PNG")
    parser.add_argument("--viewer", default=None, help="a player's name; public if omitted")
    args = parser.parse_args(argv)

    played = replay_from_args(args)
    viewer = viewer_seat(played, args.viewer)
    try:
        png = render_png(played.game.info.key, played.game.view(played.state, viewer))
    except UnknownRenderer as error:
        fail(str(error))
    try:
        with open(args.out, "wb") as handle:
            handle.write(png)
    except OSError as error:
        fail(f"cannot write {args.out}: {error.strerror}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
