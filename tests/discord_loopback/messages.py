"""Turning a bot's create/edit request (JSON + uploads) into a stored Discord message object."""

from __future__ import annotations

from collections.abc import Callable

from .http_io import RequestBody
from .payloads import (
    EPHEMERAL_FLAG,
    LOADING_FLAG,
    MESSAGE_DEFAULT,
    Json,
    mentioned_role_ids,
    mentioned_user_ids,
    timestamp,
    user_payload,
)
from .records import RecordedFile
from .world import FakeChannel, World

# Fields of a create/edit request that are copied into the message object as sent.
_ECHOED_FIELDS = ("content", "embeds", "components", "tts", "message_reference", "poll")


def uploaded_files(body: RequestBody, new_id: Callable[[], int]) -> list[RecordedFile]:
    """The request's files in ``attachments`` order, named as the bot named them."""
    names = {
        int(entry["id"]): str(entry.get("filename", ""))
        for entry in body.payload.get("attachments") or []
        if int(entry["id"]) in body.uploads
    }
    return [
        RecordedFile(
            filename=names.get(index) or upload.filename,
            content_type=upload.content_type,
            data=upload.data,
            attachment_id=new_id(),
        )
        for index, upload in sorted(body.uploads.items())
    ]


def attachment_payload(file: RecordedFile, channel_id: int, base_url: str) -> Json:
    url = f"{base_url}/attachments/{channel_id}/{file.attachment_id}/{file.filename}"
    return {
        "id": str(file.attachment_id),
        "filename": file.filename,
        "size": len(file.data),
        "url": url,
        "proxy_url": url,
        "content_type": file.content_type,
    }


def message_payload(
    *,
    message_id: int,
    channel: FakeChannel,
    body: RequestBody,
    files: list[RecordedFile],
    world: World,
    base_url: str,
    extra: Json | None = None,
) -> Json:
    """A full message object authored by the bot, as Discord would return it."""
    payload: Json = {
        "id": str(message_id),
        "channel_id": str(channel.id),
        "author": user_payload(world.bot_user),
        "content": "",
        "timestamp": timestamp(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "pinned": False,
        "type": MESSAGE_DEFAULT,
        "embeds": [],
        "components": [],
        "flags": int(body.payload.get("flags") or 0),
    }
    if channel.guild_id is not None:
        payload["guild_id"] = str(channel.guild_id)
    payload |= {key: body.payload[key] for key in _ECHOED_FIELDS if key in body.payload}
    payload |= extra or {}
    _refresh_derived(payload, body, files, world, base_url)
    return payload


def edited_payload(
    payload: Json,
    body: RequestBody,
    kept_and_new_files: list[RecordedFile],
    world: World,
    base_url: str,
) -> Json:
    """The message after a PATCH: sent fields replace old ones, others stay."""
    updated = dict(payload)
    updated |= {key: body.payload[key] for key in _ECHOED_FIELDS if key in body.payload}
    if "flags" in body.payload:
        # Whether a message is ephemeral or still loading cannot be changed by an edit.
        fixed_bits = int(payload.get("flags") or 0) & (EPHEMERAL_FLAG | LOADING_FLAG)
        updated["flags"] = int(body.payload["flags"] or 0) | fixed_bits
    updated["edited_timestamp"] = timestamp()
    _refresh_derived(updated, body, kept_and_new_files, world, base_url)
    return updated


def files_after_edit(
    current: list[RecordedFile], body: RequestBody, new_files: list[RecordedFile]
) -> list[RecordedFile]:
    """Attachments listed in ``attachments`` are kept (all are, if the key is absent)."""
    if "attachments" not in body.payload:
        return [*current, *new_files]
    listed = {int(entry["id"]) for entry in body.payload["attachments"] or []}
    return [*(f for f in current if f.attachment_id in listed), *new_files]


def _refresh_derived(
    payload: Json, body: RequestBody, files: list[RecordedFile], world: World, base_url: str
) -> None:
    channel_id = int(payload["channel_id"])
    payload["attachments"] = [attachment_payload(f, channel_id, base_url) for f in files]
    content = str(payload.get("content") or "")
    known = {user.id: user for user in [*world.users, world.bot_user]}
    allowed = body.payload.get("allowed_mentions")
    payload["mentions"] = [
        user_payload(known[user_id])
        for user_id in mentioned_user_ids(content, allowed)
        if user_id in known
    ]
    payload["mention_roles"] = [str(role_id) for role_id in mentioned_role_ids(content)]
