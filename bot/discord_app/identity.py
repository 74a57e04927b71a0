"""Who acts and where, as the service knows them, read from an interaction."""

from __future__ import annotations

import discord

from ..service import Channel, Service, User, WrongStage


def user_of(interaction: discord.Interaction) -> User:
    """The acting user; Manage Channels (in this channel) makes them a moderator."""
    return User(
        id=str(interaction.user.id),
        name=interaction.user.display_name,
        moderator=interaction.permissions.manage_channels,
    )


def channel_of(interaction: discord.Interaction) -> Channel:
    assert interaction.channel_id is not None, "commands and clicks come from a channel"
    guild_id = interaction.guild_id
    return Channel(str(interaction.channel_id), None if guild_id is None else str(guild_id))


async def require_open_table(service: Service, channel: Channel, table_id: int) -> None:
    """Refuse a button of table `table_id` unless it is still the channel's open table: an
    old lobby's Join must never seat someone at the next table of the channel."""
    table = await service.store.tables.open_table(channel.id)
    if table is None or table.id != table_id:
        raise WrongStage(
            f"Table #{table_id} is no longer open here, so this button does nothing any more. "
            "/games lists the open tables."
        )
