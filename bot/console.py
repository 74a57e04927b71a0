"""The local console table: one simulated channel shared by any number of users.

Each line is `name> /command key:value …`, written as the user `name`: every command of
`bot.commands.COMMANDS`, with the same options as on Discord. Replies are printed; board
images are saved under BOARD_DIR, each under a name of its own (an image is never
overwritten, not even after an undo brings back an earlier move number), and their paths
printed. A move's words come first, as soon as it is stored; its board's path follows when
the board is drawn (before the next line is read), or a note if it could not be drawn. The
state lives in the same SQLite database as the bot's, so a console game survives a restart.
Its words follow the same settings as Discord's (docs/i18n.md): a table reads its language
(DEFAULT_LANGUAGE, or what /language set), and `--language` makes every user at the keyboard
read their own replies in that one. Bots play their turns right after the line that made them
due (and at start, those that fell due while the console was closed), each printed as its own
reply. `/remind` and `/notify` store their settings there too; reminders are sent by the
Discord bot only (the console has no clock of its own).
"""

from __future__ import annotations

import asyncio
import enum
import logging
import re
import sys
from datetime import timedelta
from pathlib import Path
from typing import TextIO

from engine.core import Message, msg

from .commands import Backend, dispatch, parse_command
from .config import Settings
from .reminders import ReminderService, ReminderStore
from .service import (
    Animator,
    BoardChanged,
    Channel,
    GameCatalog,
    Renderer,
    Reply,
    Service,
    ServiceError,
    User,
    default_animator,
    default_renderer,
)
from .service.bot_runner import BotRunner
from .service.bots import BotMove
from .service.names import clean_name
from .service.speech import say, speaking
from .store import StorageFault, Store

log = logging.getLogger(__name__)

CONSOLE_CHANNEL = Channel(id="console", guild_id="console")
_LINE = re.compile(r"^\s*([^>/\s][^>]*?)\s*>\s*(.*)$")
#: A comment: `#` alone or followed by a space, so that `#bob> /join` is bob's line.
_COMMENT = re.compile(r"^\s*#(\s|$)")

BANNER = msg(
    "Meeple Post — local console table. Write each line as `name> /command`, e.g.\n"
    "  alice> /newgame game:terra-nova-2006\n"
    "/help lists the commands; Ctrl-D (end of input) quits."
)


def is_blank_or_comment(line: str) -> bool:
    return not line.strip() or _COMMENT.match(line) is not None


class Outcome(enum.Enum):
    DONE = "done"
    REFUSED = "refused"
    SKIPPED = "skipped"


class ConsoleTable:
    """Turns console lines into service calls and prints the replies."""

    def __init__(
        self,
        service: Service,
        board_dir: Path,
        out: TextIO | None = None,
        *,
        language: str | None = None,
    ) -> None:
        self.service = service
        #: The language every user here reads their own replies in (None: the table's).
        self.language = language
        reminders = ReminderService(
            ReminderStore.sharing(service.store),
            wake=lambda: None,
            game_name=service.catalog.name_of,
            clock=service.clock,
            default_language=service.default_language,
        )
        self.backend = Backend(service, reminders)
        self.board_dir = board_dir
        self.out = out
        # At the console a bot answers at once: the lines already follow one another.
        self.bots = BotRunner(service, self._show_bot_move, clock=service.clock, delay=timedelta(0))

    async def _show_bot_move(self, move: BotMove) -> None:
        with speaking(await self.service.reader_language(CONSOLE_CHANNEL, User("", "bots"))):
            await self._show(move.reply, None)

    async def play_bots(self) -> None:
        """Play every bot turn due now, printing each."""
        await self.bots.run_once()

    async def handle(self, line: str) -> Outcome:
        """Run one line. A refusal (bad command, rules error, …) is printed and reported as
        REFUSED; anything unexpected propagates."""
        if is_blank_or_comment(line):
            return Outcome.SKIPPED
        match = _LINE.match(line)
        if match is None:
            with speaking(await self.language_here()):
                self.error(msg("start the line with your name, e.g. `alice> /join`."))
            return Outcome.REFUSED
        name, command = clean_name(match.group(1)), match.group(2)
        user = User(id=name.casefold(), name=name, language=self.language)
        with speaking(await self.service.reader_language(CONSOLE_CHANNEL, user)):
            outcome = await self._carry_out(user, command)
        if outcome is Outcome.DONE:
            await self.play_bots()
        return outcome

    async def _carry_out(self, user: User, command: str) -> Outcome:
        """Run `command` as `user` and print the reply, in the language being spoken."""
        try:
            reply = await dispatch(self.backend, CONSOLE_CHANNEL, user, parse_command(command))
        except BoardChanged as error:
            self.error(error.message)
            await self._show(error.position, user)
            return Outcome.REFUSED
        except ServiceError as error:
            self.error(error.message)
            return Outcome.REFUSED
        except StorageFault as fault:
            await self._log_fault(fault, user, command)
            self.error(str(fault))
            return Outcome.REFUSED
        await self._show(reply, user)
        return Outcome.DONE

    async def language_here(self) -> str:
        """The language the console speaks to nobody in particular (the table's, unless
        `--language` chose one)."""
        return self.language or await self.service.reader_language(CONSOLE_CHANNEL, User("", ""))

    def error(self, message: Message | str) -> None:
        self.say(say(msg("error: {error}", error=message)))

    async def _log_fault(self, fault: StorageFault, user: User, command: str) -> None:
        """Log a storage fault with what was asked, by whom, at which table."""
        try:
            table_id = await self.service.open_table_id(CONSOLE_CHANNEL)
        except StorageFault:
            table_id = None
        log.error(
            "could not carry out %r by %s at table %s: %s (%s)",
            command,
            user.name,
            table_id,
            fault.problem.value,
            fault.detail,
        )

    async def _show(self, reply: Reply, user: User | None) -> None:
        await self._print(reply, user)
        if reply.personal is not None:
            await self._print(reply.personal, user)

    async def _print(self, reply: Reply, user: User | None) -> None:
        """The reply's text and pings at once, then its board: drawn already, or when its
        drawing is done (a note instead if it could not be drawn), then its file."""
        prefix = (
            say(msg("(only {player} sees this) ", player=user.name))
            if reply.private and user
            else ""
        )
        self.say(prefix + reply.text)
        if reply.mentions:
            pings = " ".join(f"@{mention.name}" for mention in reply.mentions)
            self.say(say(msg("ping: {players}", players=pings)))
        image = reply.image
        if reply.drawing is not None:
            image = await reply.drawing.image()
            if image is None:
                self.say(prefix + reply.drawing.failed_note)
        if image is not None:
            self._save(image.filename, image.png, msg("board"), msg("the board image"))
        if reply.attachment is not None:
            self._save(
                reply.attachment.filename, reply.attachment.data, msg("file"), msg("the file")
            )

    def _save(self, filename: str, data: bytes, label: Message, what: Message) -> None:
        """Save a reply's image or file under BOARD_DIR (never over an earlier one) and print
        its path."""
        path = self.board_dir / filename
        try:
            self.board_dir.mkdir(parents=True, exist_ok=True)
            path = _write_new(self.board_dir, filename, data)
        except OSError as error:
            # The command has been carried out; only its picture or file is lost.
            self.error(
                msg(
                    "could not save {what} as {path} ({problem}); the command itself went "
                    "through. Check BOARD_DIR.",
                    what=what,
                    path=str(path),
                    problem=error.strerror or "",
                )
            )
            return
        self.say(say(msg("{label}: {path}", label=label, path=str(path))))

    def say(self, text: str) -> None:
        print(text, file=self.out or sys.stdout, flush=True)


def _write_new(folder: Path, filename: str, data: bytes) -> Path:
    """Write `data` to a file of `folder` that did not exist: `filename`, or else
    `<stem>-2.png`, `<stem>-3.png`, … — so no earlier board image is ever overwritten."""
    stem, suffix = Path(filename).stem, Path(filename).suffix
    number = 1
    while True:
        path = folder / (filename if number == 1 else f"{stem}-{number}{suffix}")
        try:
            with path.open("xb") as file:
                file.write(data)
        except FileExistsError:
            number += 1
            continue
        return path


async def run_console(
    settings: Settings,
    *,
    script: Path | None = None,
    strict: bool = False,
    language: str | None = None,
    games: GameCatalog | None = None,
    renderer: Renderer = default_renderer,
    animator: Animator = default_animator,
) -> int:
    """Run the console until the script or the input ends; returns the exit status.

    Script mode echoes each line and stops with status 1 on an unexpected failure (a bug,
    not a refused command) and, with `strict`, with status 2 on the first refusal. A database
    that cannot be opened raises DatabaseUnavailable (`python -m bot` reports it).
    """
    store = await Store.open(settings.database, busy_timeout=settings.database_busy_timeout)
    try:
        service = Service(
            store,
            games=games,
            renderer=renderer,
            animator=animator,
            default_language=settings.default_language,
        )
        await service.record_past_results()
        table = ConsoleTable(service, settings.board_dir, language=language)
        await table.play_bots()  # turns that fell due while the console was closed
        if script is not None:
            return await _run_script(table, script, strict)
        await _run_interactive(table)
        return 0
    finally:
        await store.close()


async def _run_script(table: ConsoleTable, script: Path, strict: bool) -> int:
    try:
        lines = script.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        log.error("cannot read the script %s: %s", script, error.strerror)
        return 1
    for number, line in enumerate(lines, start=1):
        if not is_blank_or_comment(line):
            table.say(line)
        try:
            outcome = await table.handle(line)
        except Exception:
            log.exception("line %d of %s failed unexpectedly: %s", number, script, line)
            return 1
        if strict and outcome is Outcome.REFUSED:
            log.error("line %d of %s was refused (strict mode): %s", number, script, line)
            return 2
    return 0


async def _run_interactive(table: ConsoleTable) -> None:
    interactive = sys.stdin.isatty()
    with speaking(await table.language_here()):
        table.say(say(BANNER))
    while True:
        if interactive:
            print("> ", end="", flush=True)
        line = await asyncio.to_thread(sys.stdin.readline)
        if not line:
            return
        try:
            await table.handle(line)
        except Exception:
            log.exception("that line failed unexpectedly: %s", line.strip())
            with speaking(await table.language_here()):
                table.error(msg("something went wrong (logged); the table is unchanged."))
