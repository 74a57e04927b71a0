"""Deliberate command sync: Discord rate-limits it, so the bot does not sync on every start.

`python -m bot sync` always syncs. At start-up the bot syncs only if the command tree differs
from the one last synced to the same place (the dev guild or global), which it remembers in
the database as a hash of the exact payload Discord would receive.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .app import MeepleBot

log = logging.getLogger(__name__)


def sync_target(bot: MeepleBot) -> discord.Object | None:
    """The dev guild (DEV_GUILD_ID) commands go to, or None for global commands."""
    guild_id = bot.settings.dev_guild_id
    return None if guild_id is None else discord.Object(guild_id)


async def tree_payload(bot: MeepleBot) -> list[dict[str, Any]]:
    """What a sync would send: every command of the target scope, as Discord receives it
    (with the translations of its names and descriptions)."""
    commands = bot.tree.get_commands(guild=sync_target(bot))
    translator = bot.tree.translator
    if translator is None:
        return [command.to_dict(bot.tree) for command in commands]
    return [await command.get_translated_payload(bot.tree, translator) for command in commands]


async def tree_hash(bot: MeepleBot) -> str:
    encoded = json.dumps(await tree_payload(bot), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(encoded.encode()).hexdigest()


def hash_key(bot: MeepleBot) -> str:
    target = sync_target(bot)
    return "commands_hash:global" if target is None else f"commands_hash:guild:{target.id}"


async def sync_commands(bot: MeepleBot) -> int:
    """Sync the tree now (to the dev guild if set, else globally) and remember its hash;
    returns the number of commands Discord registered."""
    target = sync_target(bot)
    digest = await tree_hash(bot)
    synced = await bot.tree.sync(guild=target)
    await bot.ledger.set_meta(hash_key(bot), digest, bot.clock())
    where = "globally" if target is None else f"to guild {target.id}"
    log.info("synced %d commands %s", len(synced), where)
    return len(synced)


async def sync_if_changed(bot: MeepleBot) -> bool:
    """Sync only if the tree changed since the last sync to the same place."""
    if await bot.ledger.meta(hash_key(bot)) == await tree_hash(bot):
        log.info("the command tree is unchanged since the last sync; not syncing")
        return False
    await sync_commands(bot)
    return True
