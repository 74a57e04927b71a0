"""A table's lobby message: the message a transport posts when a table opens and keeps
current — its seats while in the lobby, then that the game started, ended or was abandoned.
The service words it and remembers where the transport posted it."""

from __future__ import annotations

from .base import ServiceBase, TableContext, table_terms
from .model import LobbyPost
from .texts import names_list


class LobbyMessageService(ServiceBase):
    async def lobby_post(self, table_id: int) -> LobbyPost | None:
        """The table's lobby message as the table stands now; None for a table that is gone."""
        table = await self.store.tables.table(table_id)
        if table is None:
            return None
        posted = await self.store.ledger.lobby(table_id)
        return LobbyPost(
            table_id,
            lobby_text(await self._context_of(table)),
            open=table.status == "lobby",
            channel_id=None if posted is None else posted.channel_id,
            message_id=None if posted is None else posted.message_id,
        )

    async def remember_lobby_post(self, table_id: int, channel_id: str, message_id: str) -> None:
        """Note where the transport posted the table's lobby message."""
        await self.store.ledger.remember_lobby(table_id, channel_id, message_id)


def lobby_text(ctx: TableContext) -> str:
    table, info = ctx.table, ctx.game.info
    title = f"**Table #{table.id}: {info.name}**"
    names = names_list(ctx.names)
    if table.status == "active":
        return f"{title} has started: {names}. Play with /move; /board shows it."
    if table.status == "finished":
        return f"{title} is over ({names}); /board shows the final position."
    if table.status == "abandoned":
        return f"{title} was abandoned. The channel is free for a new /newgame."
    return (
        f"{title} — {info.min_players}–{info.max_players} players, "
        f"{table_terms(ctx.game, table.options, table.skip_after, table.clock)}.\n"
        f"Seated ({len(ctx.seats)}/{info.max_players}): {names}.\n"
        f"Join with the button or /join; {ctx.creator_name()} starts the game with Start or "
        "/start."
    )
