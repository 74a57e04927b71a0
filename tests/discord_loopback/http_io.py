"""Reading request bodies (JSON or multipart with files) and writing Discord-shaped responses.

discord.py only parses a body as JSON when the Content-Type is exactly ``application/json``;
aiohttp's ``json_response`` appends ``; charset=utf-8``, so responses are built by hand here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from .payloads import Json

JSON_HEADERS = {"Content-Type": "application/json"}

# Discord JSON error codes answered by the stand-in.
UNKNOWN_APPLICATION = 10002
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
MISSING_ACCESS = 50001
CANNOT_MESSAGE_USER = 50007
INVALID_CHANNEL_TYPE = 50024
INVALID_FORM_BODY = 50035
ALREADY_ACKNOWLEDGED = 40060


@dataclass(frozen=True)
class Upload:
    """A ``files[n]`` part of a multipart request."""

    index: int
    filename: str
    content_type: str
    data: bytes


@dataclass(frozen=True)
class RequestBody:
    payload: Json
    uploads: dict[int, Upload]


def json_response(
    body: Any, *, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    return web.Response(
        status=status, body=json.dumps(body).encode(), headers={**JSON_HEADERS, **(headers or {})}
    )


def no_content() -> web.Response:
    return web.Response(status=204)


def discord_error(status: int, code: int, message: str, errors: Json | None = None) -> web.Response:
    body: Json = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return json_response(body, status=status)


async def read_json(request: web.Request) -> Any:
    raw = await request.read()
    return json.loads(raw) if raw else {}


async def read_body(request: web.Request) -> RequestBody:
    """The JSON payload and any files: ``payload_json`` plus ``files[n]`` parts, or plain JSON."""
    if request.content_type != "multipart/form-data":
        payload = await read_json(request)
        if not isinstance(payload, dict):
            raise web.HTTPBadRequest(text="expected a JSON object")
        return RequestBody(payload, {})
    payload = {}
    uploads: dict[int, Upload] = {}
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            continue
        if part.name == "payload_json":
            payload = json.loads(await part.text())
        elif part.name and part.name.startswith("files[") and part.name.endswith("]"):
            index = int(part.name[len("files[") : -1])
            content_type = part.headers.get("Content-Type", "application/octet-stream")
            uploads[index] = Upload(
                index, part.filename or "", content_type, bytes(await part.read())
            )
    return RequestBody(payload, uploads)
