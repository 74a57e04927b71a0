"""`python -m bot`: the Discord bot when DISCORD_TOKEN is set, otherwise the console table.
`python -m bot console [--script FILE] [--strict] [--language de]` always starts the console;
`python -m bot sync` syncs the slash commands with Discord (to DEV_GUILD_ID if set);
`python -m bot migrate-store --from sqlite:///data/meeple.db --to postgresql://…` copies the
whole store into an empty database (docs/deploy.md).
A database that cannot be opened stops each of them with one line saying why (status 2)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from engine.core.i18n import LANGUAGES

from .allocator import tune_allocator
from .config import Settings
from .console import run_console
from .discord_app.runner import serve, sync_once
from .service import GameCatalog, Renderer, default_renderer
from .store import Database, DatabaseTarget, DatabaseUnavailable
from .store.transfer import TransferRefused, transfer

log = logging.getLogger("bot")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    commands = parser.add_subparsers(dest="command")
    console = commands.add_parser("console", help="play at the local console table")
    console.add_argument("--script", type=Path, help="run the lines of FILE, then exit")
    console.add_argument(
        "--strict", action="store_true", help="with --script: stop at the first refused line"
    )
    console.add_argument(
        "--language",
        choices=LANGUAGES,
        help="the language each user reads their own replies in (default: the table's)",
    )
    commands.add_parser(
        "sync",
        help="sync the slash commands with Discord (to DEV_GUILD_ID if set, else globally)",
    )
    copy = commands.add_parser(
        "migrate-store",
        help="copy every table into another, empty database (SQLite to PostgreSQL, say)",
    )
    copy.add_argument(
        "--from", dest="source", required=True, help="sqlite:///path or postgresql://…"
    )
    copy.add_argument("--to", dest="target", required=True, help="postgresql://… or sqlite:///path")
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    games: GameCatalog | None = None,
    renderer: Renderer = default_renderer,
) -> int:
    """Entry point of `python -m bot` and `meeple-post`; tests may swap the games and the
    renderer."""
    tune_allocator()  # before any thread starts (bot/allocator.py)
    args = build_parser().parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        for problem in error.errors():
            where = ".".join(str(part) for part in problem["loc"]).upper() or "settings"
            print(f"A setting is not right ({where}): {problem['msg']}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if args.command == "sync" and settings.discord_token is None:
        log.error("`python -m bot sync` needs DISCORD_TOKEN (in the environment or .env).")
        return 2
    try:
        return asyncio.run(_run(args, settings, games, renderer))
    except DatabaseUnavailable as fault:
        log.error("%s", fault.startup_text())
        return 2
    except KeyboardInterrupt:
        return 0


async def _run(
    args: argparse.Namespace, settings: Settings, games: GameCatalog | None, renderer: Renderer
) -> int:
    if args.command == "sync":
        return await sync_once(settings, games=games, renderer=renderer)
    if args.command == "migrate-store":
        return await migrate_store(args.source, args.target)
    if args.command is None and settings.discord_token is not None:
        return await serve(settings, games=games, renderer=renderer)
    script: Path | None = getattr(args, "script", None)
    strict: bool = getattr(args, "strict", False)
    language: str | None = getattr(args, "language", None)
    return await run_console(
        settings, script=script, strict=strict, language=language, games=games, renderer=renderer
    )


async def migrate_store(source_url: str, target_url: str) -> int:
    """Copy the store at `source_url` into the empty database at `target_url`, printing the
    rows per table; 2 (with why) if it is refused."""
    try:
        source, target = DatabaseTarget.parse(source_url), DatabaseTarget.parse(target_url)
    except ValueError as error:
        log.error("%s", error)
        return 2
    if source == target:
        log.error("--from and --to name the same database.")
        return 2
    async with await Database.open(source) as from_db, await Database.open(target) as to_db:
        try:
            copied = await transfer(from_db, to_db)
        except TransferRefused as refusal:
            log.error("Nothing copied: %s", refusal)
            return 2
    width = max(len(name) for name in copied)
    for name, count in sorted(copied.items()):
        print(f"{name:<{width}}  {count:>9,} rows")
    print(
        f"Copied {sum(copied.values()):,} rows of {len(copied)} tables from {source} to {target}."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
