"""Listings of tables: /games (the open tables of a server) and /mygames (every table, in any
server, that waits for you) — each read with the seats in one query.

The words are the service's; a transport says how it shows them (`ListingStyle`): plain
text at the console, bullets and links to the channels on Discord.
"""

from __future__ import annotations

from engine.core import Message, msg, plural_msg

from ..store import ListedTable
from .base import ServiceBase
from .model import Channel, Mention, Reply, TableSummary, User
from .speech import say
from .texts import fit_lines, since, who


class ListingStyle:
    """How a transport lays out a listing; this one is plain text (the console). A transport
    subclasses it to refer to channels its own way."""

    #: What /games lists, in words ("in this server"); None: the tables here.
    scope: Message | None = None
    #: What each table's line starts with.
    bullet = ""

    def channel(self, summary: TableSummary) -> str:
        """The table's channel in a line of /games (and of /mygames, without a link)."""
        return say(msg("channel {channel}", channel=summary.channel_id))

    def link(self, summary: TableSummary) -> str | None:
        """A link that opens the table's channel (in /mygames), if the transport has one."""
        return None


PLAIN = ListingStyle()


class ListingService(ServiceBase):
    async def open_tables(self, guild_id: str | None) -> list[TableSummary]:
        """Every lobby or active table of a guild, with whom each waits for."""
        return [self._summary(listed) for listed in await self.store.tables.open_tables(guild_id)]

    async def tables_waiting_for(self, user_id: str) -> list[TableSummary]:
        """Every running table, anywhere, that waits for this user."""
        listed = await self.store.tables.tables_awaiting(user_id)
        return [self._summary(table) for table in listed]

    def _summary(self, listed: ListedTable) -> TableSummary:
        table, seats = listed.table, listed.seats
        by_seat = {seat.seat: seat for seat in seats}
        waiting = tuple(
            Mention(by_seat[s].user_id, by_seat[s].display_name)
            for s in table.to_act
            if s in by_seat
        )
        return TableSummary(
            table_id=table.id,
            channel_id=table.channel_id,
            guild_id=table.guild_id,
            game_name=self.catalog.name_of(table.game_key),
            status=table.status,
            players=tuple(seat.display_name for seat in seats),
            waiting_for=waiting,
            waiting_since=table.waiting_since,
        )

    async def tables_here(self, channel: Channel, style: ListingStyle = PLAIN) -> Reply:
        """The open tables of this channel's guild (/games)."""
        summaries = await self.open_tables(channel.guild_id)
        if not summaries:
            none = msg(
                "No open tables {scope}. Open one with /newgame.", scope=style.scope or msg("here")
            )
            return Reply(say(none), private=True)
        now = self.clock()
        lines: list[str] = []
        for summary in summaries:
            head = say(
                msg(
                    "{bullet}#{number} {game} in {channel}:",
                    bullet=style.bullet,
                    number=str(summary.table_id),
                    game=summary.game_name,
                    channel=style.channel(summary),
                )
            )
            if summary.status == "lobby":
                lobby = msg(
                    "{head} in the lobby with {players}.", head=head, players=who(summary.players)
                )
                lines.append(say(lobby))
                continue
            when = f" {since(summary.waiting_since, now)}" if summary.waiting_since else ""
            line = msg(
                "{head} {players}; waiting for {waiting}{when}.",
                head=head,
                players=who(summary.players),
                waiting=who([m.name for m in summary.waiting_for]),
                when=when,
            )
            lines.append(say(line))
        header = (
            msg("Open tables {scope}:", scope=style.scope) if style.scope else msg("Open tables:")
        )
        return Reply(fit_lines([say(header)], lines, [], more_tables), private=True)

    async def my_games(self, user: User, style: ListingStyle = PLAIN) -> Reply:
        """Every table, anywhere, where the user must act (/mygames)."""
        summaries = await self.tables_waiting_for(user.id)
        if not summaries:
            return Reply(say(msg("No table is waiting for you.")), private=True)
        now = self.clock()
        lines: list[str] = []
        for summary in summaries:
            line = f"{style.bullet}#{summary.table_id} {summary.game_name}"
            when = f", {since(summary.waiting_since, now)}" if summary.waiting_since else ""
            link = style.link(summary)
            if link is None:
                where = msg(
                    "{line} in {channel}{when}",
                    line=line,
                    channel=style.channel(summary),
                    when=when,
                )
                lines.append(say(where))
            else:
                lines.append(f"{line}{when}: {link}")
        header = say(msg("Waiting for you:"))
        return Reply(fit_lines([header], lines, [], more_tables), private=True)


def more_tables(count: int) -> str:
    return say(plural_msg("… and {count} more table.", "… and {count} more tables.", count=count))
