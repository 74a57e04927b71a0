"""Carrying out a parsed command at the console: every command of `specs.COMMANDS`, from its
options to the service (or, for /remind and /notify, the reminders)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta

from engine.core import msg

from ..reminders import ReminderService
from ..service import Channel, Reply, Service, User
from ..service.bots import parse_clock
from ..service.speech import language
from .parse import CommandError, Invocation, parse_game_options
from .words import help_text

NO_THREADS = msg(
    "The console is a single channel, so it cannot open threads: use /newgame without thread:true."
)


@dataclass(frozen=True, slots=True)
class Backend:
    """What the commands are carried out with: the tables' service and the reminders'."""

    service: Service
    reminders: ReminderService


Handler = Callable[[Backend, Channel, User, Invocation], Awaitable[Reply]]


async def _newgame(backend: Backend, channel: Channel, user: User, call: Invocation) -> Reply:
    if call.flag("thread"):
        raise CommandError(NO_THREADS)
    return await backend.service.create_table(
        channel,
        user,
        call.text("game"),
        parse_game_options(call.text("options")),
        call.maybe_number("seed"),
        timedelta(hours=call.number("skip-after")),
        parse_clock(call.maybe_text("clock")),
    )


async def _move(backend: Backend, channel: Channel, user: User, call: Invocation) -> Reply:
    if call.flag("preview"):
        return await backend.service.preview(channel, user, call.text("action"))
    return await backend.service.act(channel, user, call.text("action"))


async def _replace(backend: Backend, channel: Channel, user: User, call: Invocation) -> Reply:
    return await backend.service.replace(
        channel, user, call.text("player"), call.text("with"), call.maybe_text("level")
    )


async def _standing(backend: Backend, channel: Channel, user: User, call: Invocation) -> Reply:
    on = call.flag("on")
    setting = "" if on is None else str(on).lower()
    return await backend.service.standing(channel, user, call.text("answer"), setting)


async def _remind(backend: Backend, channel: Channel, user: User, call: Invocation) -> Reply:
    every, off = call.maybe_number("every"), call.flag("off")
    return await backend.reminders.remind(channel, user, every=every, off=off)


async def _notify(backend: Backend, channel: Channel, user: User, call: Invocation) -> Reply:
    quiet, tz = call.options["quiet"], call.options["tz"]
    return await backend.reminders.notify(
        user,
        dm=call.flag("dm"),
        quiet=None if quiet is None else str(quiet),
        tz=None if tz is None else str(tz),
    )


async def _replay(backend: Backend, channel: Channel, user: User, call: Invocation) -> Reply:
    service = backend.service
    job = await service.prepare_replay(
        channel,
        user,
        call.maybe_number("from"),
        call.maybe_number("to"),
        call.maybe_number("table"),
    )
    return await service.draw_replay(job)


async def _rules(backend: Backend, channel: Channel, user: User, call: Invocation) -> Reply:
    return await backend.service.rules(
        channel, call.text("game"), call.text("topic"), call.number("page")
    )


async def _language(backend: Backend, channel: Channel, user: User, call: Invocation) -> Reply:
    return await backend.service.language(
        channel, user, call.maybe_text("language"), server=bool(call.flag("server"))
    )


async def _help(backend: Backend, channel: Channel, user: User, call: Invocation) -> Reply:
    return Reply(help_text(language()), private=True)


HANDLERS: dict[str, Handler] = {
    "newgame": _newgame,
    "join": lambda b, c, u, i: b.service.join(c, u),
    "leave": lambda b, c, u, i: b.service.leave(c, u),
    "start": lambda b, c, u, i: b.service.start(c, u),
    "addbot": lambda b, c, u, i: b.service.add_bot(c, u, i.maybe_text("level")),
    "removebot": lambda b, c, u, i: b.service.remove_bot(c, u),
    "move": _move,
    "legal": lambda b, c, u, i: b.service.legal(c, u, i.text("filter")),
    "standing": _standing,
    "resign": lambda b, c, u, i: b.service.ask_resign(c, u),
    "undo": lambda b, c, u, i: b.service.request_undo(c, u, i.number("count")),
    "approve": lambda b, c, u, i: b.service.approve_undo(c, u),
    "decline": lambda b, c, u, i: b.service.decline_undo(c, u),
    "confirm": lambda b, c, u, i: b.service.confirm(c, u),
    "cancel": lambda b, c, u, i: b.service.cancel(c, u),
    "board": lambda b, c, u, i: b.service.board(c, u),
    "status": lambda b, c, u, i: b.service.status(c, u),
    "history": lambda b, c, u, i: b.service.history(c, u, i.number("count")),
    "games": lambda b, c, u, i: b.service.tables_here(c),
    "mygames": lambda b, c, u, i: b.service.my_games(u),
    "abandon": lambda b, c, u, i: b.service.ask_abandon(c, u),
    "skip": lambda b, c, u, i: b.service.ask_skip(c, u, i.text("player")),
    "replace": _replace,
    "return": lambda b, c, u, i: b.service.return_seat(c, u),
    "away": lambda b, c, u, i: b.service.away(u, i.text("until")),
    "remind": _remind,
    "notify": _notify,
    "rules": _rules,
    "export": lambda b, c, u, i: b.service.export(c, u, i.maybe_number("table")),
    "replay": _replay,
    "leaderboard": lambda b, c, u, i: b.service.leaderboard(c, i.text("game")),
    "stats": lambda b, c, u, i: b.service.stats(c, u, i.text("player")),
    "language": _language,
    "help": _help,
}


async def dispatch(backend: Backend, channel: Channel, user: User, call: Invocation) -> Reply:
    """Run the command; raises ServiceError subclasses for refusals (friendly messages)."""
    return await HANDLERS[call.command.name](backend, channel, user, call)
