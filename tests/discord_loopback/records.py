"""What the stand-in recorded: messages, interaction answers, command syncs, REST requests."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from .payloads import EPHEMERAL_FLAG, LOADING_FLAG, Json

MessageSource = Literal["channel", "interaction", "followup"]

CALLBACK_MESSAGE = 4
CALLBACK_DEFERRED_MESSAGE = 5
CALLBACK_DEFERRED_UPDATE = 6
CALLBACK_UPDATE_MESSAGE = 7
CALLBACK_AUTOCOMPLETE = 8
CALLBACK_MODAL = 9


@dataclass(frozen=True)
class RecordedFile:
    """An uploaded file, decoded from its multipart ``files[n]`` part."""

    filename: str
    content_type: str
    data: bytes
    attachment_id: int = 0


def walk_components(components: list[Json]) -> Iterator[Json]:
    """Every component, depth first: action rows, their children, labels' inner components."""
    for component in components:
        yield component
        yield from walk_components(component.get("components", []))
        if "component" in component:
            yield from walk_components([component["component"]])
        if "accessory" in component:
            yield from walk_components([component["accessory"]])


@dataclass
class RecordedMessage:
    """A message the bot created; ``payload`` is the Discord message object, kept current."""

    id: int
    channel_id: int
    source: MessageSource
    payload: Json
    files: list[RecordedFile] = field(default_factory=list)
    interaction_id: int | None = None
    edits: int = 0
    deleted: bool = False

    @property
    def content(self) -> str:
        return str(self.payload.get("content", ""))

    @property
    def flags(self) -> int:
        return int(self.payload.get("flags", 0))

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL_FLAG)

    @property
    def loading(self) -> bool:
        """A deferred "thinking…" message not yet filled in by the bot."""
        return bool(self.flags & LOADING_FLAG)

    @property
    def embeds(self) -> list[Json]:
        return list(self.payload.get("embeds", []))

    @property
    def components(self) -> list[Json]:
        return list(self.payload.get("components", []))

    @property
    def mentioned_user_ids(self) -> list[int]:
        return [int(user["id"]) for user in self.payload.get("mentions", [])]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def component(self, custom_id: str) -> Json | None:
        return next(
            (c for c in walk_components(self.components) if c.get("custom_id") == custom_id), None
        )


@dataclass(frozen=True)
class RecordedCallback:
    """The bot's initial answer to an interaction (POST /interactions/{id}/{token}/callback)."""

    type: int
    data: Json
    files: list[RecordedFile]
    seconds_after_dispatch: float

    @property
    def content(self) -> str:
        return str(self.data.get("content", ""))

    @property
    def flags(self) -> int:
        return int(self.data.get("flags", 0))

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL_FLAG)

    @property
    def choices(self) -> list[Json]:
        """Autocomplete results (type 8): ``[{"name": ..., "value": ...}]``."""
        return list(self.data.get("choices", []))

    @property
    def components(self) -> list[Json]:
        return list(self.data.get("components", []))


@dataclass(frozen=True)
class Rejection:
    """An answer the stand-in refused, with the Discord error code it returned."""

    code: int
    message: str
    callback_type: int | None
    seconds_after_dispatch: float


@dataclass(frozen=True)
class RecordedEdit:
    """One PATCH of an interaction's message (``@original`` or a follow-up) by webhook."""

    message_id: int
    payload: Json
    files: list[RecordedFile]

    @property
    def content(self) -> str | None:
        value = self.payload.get("content")
        return None if value is None else str(value)


@dataclass
class InteractionRecord:
    """One INTERACTION_CREATE sent to the bot and everything the bot answered to it."""

    id: int
    token: str
    payload: Json
    dispatched_at: float
    deliveries: int = 1
    callback: RecordedCallback | None = None
    rejections: list[Rejection] = field(default_factory=list)
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    edits: list[RecordedEdit] = field(default_factory=list)

    @property
    def name(self) -> str:
        data = self.payload.get("data", {})
        return str(data.get("name") or data.get("custom_id") or "?")


@dataclass(frozen=True)
class CommandSync:
    """One bulk overwrite of application commands (``guild_id`` None: global)."""

    guild_id: int | None
    commands: list[Json]


@dataclass(frozen=True)
class RequestLogEntry:
    method: str
    route: str
    """The route template, e.g. ``/channels/{channel_id}/messages``."""
    path: str
    status: int
    match_info: dict[str, str]
