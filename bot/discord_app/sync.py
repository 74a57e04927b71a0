"""Deliberate command sync: Discord rate-limits it, so the bot does not sync on every start.

`python -m bot sync` always syncs. At start-up the bot syncs only if the command tree differs
from the one last synced to the same place (the dev guild or global), which it remembers in
the database as a hash of the exact payload Discord would receive.

Several processes starting at once (docs/deploy.md) sync once: the sync of a tree is claimed
(`store.claims`, kind `command-sync`, keyed by the place and the tree's hash). A process that
finds it claimed by another leaves it to that one and checks back in the background until
the hash is stored — or until the other's lease ran out, when it takes the sync over.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .app import MeepleBot

log = logging.getLogger(__name__)

#: The claims' kind for command syncs (`bot/store/claims.py`).
COMMAND_SYNC = "command-sync"
#: How often a process that left the sync to another checks back.
CHECK_BACK = timedelta(seconds=5)


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
    """Sync only if the tree changed since the last sync to the same place, and only in one
    of the processes starting at once; True if this one synced."""
    digest = await tree_hash(bot)
    synced = await _sync_unless_claimed(bot, digest)
    if synced is None:
        log.info("another process is syncing the command tree; leaving it to that one")
        task = asyncio.create_task(_check_back(bot, digest), name="command-sync-check")
        _CHECKING.add(task)
        task.add_done_callback(_CHECKING.discard)
        return False
    if not synced:
        log.info("the command tree is unchanged since the last sync; not syncing")
    return synced


#: The check-back tasks running (asyncio keeps only weak references to tasks).
_CHECKING: set[asyncio.Task[None]] = set()


async def _sync_unless_claimed(bot: MeepleBot, digest: str) -> bool | None:
    """Sync the tree of hash `digest` unless it was synced already (False) or another
    process holds the claim to sync it (None); True if this call synced it."""
    if await bot.ledger.meta(hash_key(bot)) == digest:
        return False
    claims, key = bot.store.claims, f"{hash_key(bot)}:{digest}"
    if not await claims.claim(COMMAND_SYNC, key, bot.clock()):
        return None
    await sync_commands(bot)
    await claims.finish(COMMAND_SYNC, key, bot.clock())
    return True


async def _check_back(bot: MeepleBot, digest: str) -> None:
    """Wait for the process that claimed the sync to store the tree's hash; take the sync
    over if its lease runs out first (it died)."""
    while not bot.is_closed():
        await asyncio.sleep(CHECK_BACK.total_seconds())
        try:
            if await _sync_unless_claimed(bot, digest) is not None:
                return
        except Exception:
            log.exception("checking on the command sync failed; trying again")
