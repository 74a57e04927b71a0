"""A table's lobby message: the message a transport posts when a table opens and keeps
current — its seats while in the lobby, then that the game started, ended or was abandoned.
The service words it and remembers where the transport posted it."""

from __future__ import annotations

from engine.core import msg

from .base import ServiceBase, TableContext, table_terms
from .model import LobbyPost
from .speech import say
from .texts import who


class LobbyMessageService(ServiceBase):
    async def lobby_post(self, table_id: int) -> LobbyPost | None:
        """The table's lobby message as the table stands now; None for a table that is gone."""
        table = await self.store.tables.table(table_id)
        if table is None:
            return None
        posted = await self.store.ledger.lobby(table_id)
        ctx = await self._context_of(table)
        with self._public(table):
            text = lobby_text(ctx)
        return LobbyPost(
            table_id,
            text,
            open=table.status == "lobby",
            channel_id=None if posted is None else posted.channel_id,
            message_id=None if posted is None else posted.message_id,
        )

    async def remember_lobby_post(self, table_id: int, channel_id: str, message_id: str) -> None:
        """Note where the transport posted the table's lobby message."""
        await self.store.ledger.remember_lobby(table_id, channel_id, message_id)


def lobby_text(ctx: TableContext) -> str:
    """The lobby message in the language being spoken."""
    table, info = ctx.table, ctx.game.info
    title = msg("**Table #{number}: {game}**", number=str(table.id), game=info.name)
    names = who(ctx.names)
    if table.status == "active":
        return say(
            msg(
                "{title} has started: {players}. Play with /move; /board shows it.",
                title=title,
                players=names,
            )
        )
    if table.status == "finished":
        return say(
            msg(
                "{title} is over ({players}); /board shows the final position.",
                title=title,
                players=names,
            )
        )
    if table.status == "abandoned":
        return say(
            msg("{title} was abandoned. The channel is free for a new /newgame.", title=title)
        )
    return say(
        msg(
            "{title} — {least}–{most} players, {terms}.\nSeated ({count}/{most}): {players}.\n"
            "Join with the button or /join; {creator} starts the game with Start or /start.",
            title=title,
            least=info.min_players,
            most=info.max_players,
            terms=table_terms(ctx.game, table.options, table.skip_after, table.clock),
            count=len(ctx.seats),
            players=names,
            creator=ctx.creator_name(),
        )
    )
