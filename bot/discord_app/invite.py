"""The link that adds the bot to a server, with exactly the permissions it uses (README:
"Run it on your Discord server" explains each)."""

from __future__ import annotations

import discord

#: See it in the channels of the tables; post moves, lobbies and replies; attach the board
#: image; open a thread per table (`/newgame thread:true`) and post in it. Pinging players
#: needs no permission, and no message is ever read: interactions bring the commands.
REQUIRED_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    attach_files=True,
    create_public_threads=True,
    send_messages_in_threads=True,
)
SCOPES = ("bot", "applications.commands")


def invite_url(application_id: int) -> str:
    return discord.utils.oauth_url(application_id, permissions=REQUIRED_PERMISSIONS, scopes=SCOPES)
