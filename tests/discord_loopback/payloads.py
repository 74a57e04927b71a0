"""Discord JSON payloads (API v10) built from the loopback world, as discord.py parses them."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from .world import DM_CHANNEL, FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser, World

Json = dict[str, Any]

EPHEMERAL_FLAG = 1 << 6
LOADING_FLAG = 1 << 7
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

INTERACTION_COMMAND = 2
INTERACTION_COMPONENT = 3
INTERACTION_AUTOCOMPLETE = 4
INTERACTION_MODAL_SUBMIT = 5

MESSAGE_DEFAULT = 0
MESSAGE_CHAT_INPUT_COMMAND = 20

_USER_MENTION = re.compile(r"<@!?(\d+)>")
_ROLE_MENTION = re.compile(r"<@&(\d+)>")


def timestamp() -> str:
    return datetime.now(UTC).isoformat()


def user_payload(user: FakeUser) -> Json:
    return {
        "id": str(user.id),
        "username": user.name,
        "discriminator": "0",
        "global_name": None if user.bot else user.name.title(),
        "avatar": None,
        "bot": user.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
    }


def member_payload(member: FakeMember, *, permissions: int | None = None) -> Json:
    """A guild member; with ``permissions`` it is the member object of an interaction."""
    payload: Json = {
        "user": user_payload(member.user),
        "nick": None,
        "avatar": None,
        "roles": [str(role_id) for role_id in member.role_ids],
        "joined_at": "2024-01-01T00:00:00+00:00",
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
    }
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


def role_payload(role: FakeRole) -> Json:
    return {
        "id": str(role.id),
        "name": role.name,
        "color": 0,
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": role.position,
        "permissions": str(role.permissions),
        "managed": False,
        "mentionable": True,
        "flags": 0,
    }


def channel_payload(channel: FakeChannel, world: World, *, permissions: int | None = None) -> Json:
    """A text channel, thread or DM channel; ``permissions`` is added inside interactions."""
    if channel.type == DM_CHANNEL:
        recipient = next(u for u in world.users if u.id == channel.recipient_id)
        return {
            "id": str(channel.id),
            "type": DM_CHANNEL,
            "last_message_id": None,
            "recipients": [user_payload(recipient)],
        }
    payload: Json = {
        "id": str(channel.id),
        "type": channel.type,
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "position": 0,
        "permission_overwrites": [],
        "parent_id": None if channel.parent_id is None else str(channel.parent_id),
        "topic": None,
        "nsfw": False,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }
    if channel.is_thread:
        payload |= {
            "owner_id": str(world.bot_user.id),
            "member_count": 1,
            "message_count": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": timestamp(),
                "locked": False,
                "invitable": True,
                "create_timestamp": timestamp(),
            },
        }
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


def guild_create_payload(guild: FakeGuild, world: World, threads: list[FakeChannel]) -> Json:
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "splash": None,
        "owner_id": str(guild.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role_payload(role) for role in guild.roles],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "preferred_locale": "en-US",
        "premium_tier": 0,
        "nsfw_level": 0,
        "joined_at": "2024-01-01T00:00:00+00:00",
        "large": False,
        "unavailable": False,
        "member_count": len(guild.members),
        "voice_states": [],
        "members": [member_payload(member) for member in guild.members],
        "channels": [channel_payload(channel, world) for channel in guild.channels],
        "threads": [channel_payload(thread, world) for thread in threads],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    }


def ready_payload(
    world: World,
    *,
    session_id: str,
    resume_gateway_url: str,
    guilds: list[FakeGuild],
    shard: list[int] | None = None,
) -> Json:
    payload: Json = {
        "v": 10,
        "user": user_payload(world.bot_user),
        "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
        "session_id": session_id,
        "session_type": "normal",
        "resume_gateway_url": resume_gateway_url,
        "application": {"id": str(world.application_id), "flags": 0},
    }
    if shard is not None:
        payload["shard"] = shard
    return payload


def application_payload(world: World) -> Json:
    return {
        "id": str(world.application_id),
        "name": world.bot_user.name,
        "description": "Loopback stand-in application",
        "icon": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": user_payload(world.owner),
        "verify_key": "0" * 64,
        "flags": 0,
        "team": None,
        "summary": "",
        "rpc_origins": [],
    }


def mentioned_user_ids(content: str, allowed_mentions: Json | None) -> list[int]:
    """User ids Discord would treat as mentioned, honouring ``allowed_mentions`` like Discord."""
    found = [int(match) for match in _USER_MENTION.findall(content)]
    if allowed_mentions is None or "users" in allowed_mentions.get("parse", []):
        return list(dict.fromkeys(found))
    allowed = {int(user_id) for user_id in allowed_mentions.get("users", [])}
    return list(dict.fromkeys(user_id for user_id in found if user_id in allowed))


def mentioned_role_ids(content: str) -> list[int]:
    return list(dict.fromkeys(int(match) for match in _ROLE_MENTION.findall(content)))
