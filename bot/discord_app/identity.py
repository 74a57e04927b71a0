"""Who acts and where, as the service knows them, read from an interaction."""

from __future__ import annotations

import discord

from engine.core.i18n import language_of

from ..service import Channel, User


def user_of(interaction: discord.Interaction) -> User:
    """The acting user; Manage Channels (in this channel) makes them a moderator; their
    Discord language (`interaction.locale`) the one they read, if it is one of ours."""
    return User(
        id=str(interaction.user.id),
        name=interaction.user.display_name,
        moderator=interaction.permissions.manage_channels,
        language=language_of(str(interaction.locale)),
    )


def channel_of(interaction: discord.Interaction) -> Channel:
    assert interaction.channel_id is not None, "commands and clicks come from a channel"
    guild_id = interaction.guild_id
    return Channel(str(interaction.channel_id), None if guild_id is None else str(guild_id))
