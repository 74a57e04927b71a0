"""Carrying out a parsed command with the service."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from ..service import Channel, Reply, Service, User
from .parse import Invocation
from .specs import help_text

Handler = Callable[[Service, Channel, User, Invocation], Awaitable[Reply]]


def _optional_number(call: Invocation, name: str) -> int | None:
    value = call.options.get(name)
    return value if isinstance(value, int) else None


async def _newgame(service: Service, channel: Channel, user: User, call: Invocation) -> Reply:
    return await service.create_table(
        channel, user, call.text("game"), call.extra(), _optional_number(call, "seed")
    )


async def _rules(service: Service, channel: Channel, user: User, call: Invocation) -> Reply:
    return await service.rules(
        channel, call.text("game"), call.text("topic"), call.number("page", 1)
    )


async def _replay(service: Service, channel: Channel, user: User, call: Invocation) -> Reply:
    job = await service.prepare_replay(
        channel,
        user,
        _optional_number(call, "from"),
        _optional_number(call, "to"),
        _optional_number(call, "table"),
    )
    return await service.draw_replay(job)


async def _help(service: Service, channel: Channel, user: User, call: Invocation) -> Reply:
    return Reply(help_text(), private=True)


HANDLERS: dict[str, Handler] = {
    "newgame": _newgame,
    "join": lambda s, c, u, i: s.join(c, u),
    "leave": lambda s, c, u, i: s.leave(c, u),
    "start": lambda s, c, u, i: s.start(c, u),
    "move": lambda s, c, u, i: s.act(c, u, i.text("action")),
    "board": lambda s, c, u, i: s.board(c, u),
    "status": lambda s, c, u, i: s.status(c, u),
    "history": lambda s, c, u, i: s.history(c, u, i.number("count", 10)),
    "legal": lambda s, c, u, i: s.legal(c, u, i.text("filter")),
    "undo": lambda s, c, u, i: s.request_undo(c, u, i.number("count", 1)),
    "approve": lambda s, c, u, i: s.approve_undo(c, u),
    "decline": lambda s, c, u, i: s.decline_undo(c, u),
    "resign": lambda s, c, u, i: s.resign(c, u),
    "abandon": lambda s, c, u, i: s.abandon(c, u),
    "skip": lambda s, c, u, i: s.skip(c, u, i.text("player")),
    "games": lambda s, c, u, i: s.tables_here(c),
    "mygames": lambda s, c, u, i: s.my_games(u),
    "rules": _rules,
    "export": lambda s, c, u, i: s.export(c, u, _optional_number(i, "table")),
    "replay": _replay,
    "leaderboard": lambda s, c, u, i: s.leaderboard(c, i.text("game")),
    "stats": lambda s, c, u, i: s.stats(c, u, i.text("player")),
    "help": _help,
}


async def dispatch(service: Service, channel: Channel, user: User, call: Invocation) -> Reply:
    """Run the command; raises ServiceError subclasses for refusals (friendly messages)."""
    return await HANDLERS[call.command.name](service, channel, user, call)
