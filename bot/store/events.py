"""How an action's events are kept in `actions.events_json` (migration 0019): small, and read
back exactly as the engine said them.

An event is a `Message` whose key is its English template, often with messages inside its
parameters (`{player} ({faction})`, a faction's name …). Written out as JSON
(`Message.to_data`), the templates are most of the bytes, and the same few dozen come back
in every game. So each distinct template — its key, context and plural — is written once per
database, in `message_templates`, and a row refers to it by id; ids are never reused or
changed, so a row reads back the same for ever (no dictionary outside the database to keep
frozen). A row is then the format byte `1` followed by raw DEFLATE of compact JSON:

- the events: a list of messages;
- a message: `{"<template id>": {<parameters>}}` (a dict of exactly one entry);
- a parameter: text or a number as it is, a message as above, a list of parameters as a list.

What older versions wrote reads back too: JSON text of `Message.to_data` (or of plain English
strings, from before messages) — as TEXT on SQLite, as its UTF-8 bytes on PostgreSQL, where
migration 0019 turned the column into BYTEA.

A template's id is learnt inside the transaction that first needs it and remembered only once
that transaction has committed (`EventsCodec.remember`): a rolled-back insert gives its id back.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Mapping, Sequence

from engine.core import Message
from engine.core.messages import Param

from .database import Database, Transaction
from .values import read_messages, stored_json

#: A message's template: key, context, plural.
Template = tuple[str, str | None, str | None]

#: The first byte of a row in the compact format (JSON text starts with `[`).
COMPACT = b"\x01"
#: zlib's best level: an action's events are a few hundred bytes, compressed once.
LEVEL = 9


class EventsCodec:
    """Writes and reads the events column of one database; knows its templates' ids."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._ids: dict[Template, int] = {}
        self._templates: dict[int, Template] = {}

    async def stored(
        self, db: Transaction, events: Sequence[Message], learnt: dict[Template, int]
    ) -> bytes:
        """`events` as kept in the column, inside the write transaction `db`; the ids of
        templates first met here are added to `learnt`, for `remember` once `db` has
        committed."""
        for template in _templates(events):
            if template not in self._ids and template not in learnt:
                learnt[template] = await _template_id(db, template)
        ids = {**self._ids, **learnt}
        text = json.dumps(
            [_compact(event, ids) for event in events],
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
        )
        packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
        return COMPACT + packer.compress(text.encode()) + packer.flush()

    def remember(self, learnt: Mapping[Template, int]) -> None:
        """The transaction that learnt these ids has committed: they are the database's."""
        for template, template_id in learnt.items():
            self._ids[template] = template_id
            self._templates[template_id] = template

    async def read(self, values: Sequence[bytes | str]) -> list[list[Message]]:
        """The events of each stored value, in order (every format ever written)."""
        parsed = [_parse(value) for value in values]
        needed = {template_id for data in parsed if data is not None for template_id in _ids(data)}
        if not needed <= self._templates.keys():
            await self._load()
        return [
            read_messages(_old_text(value)) if data is None else self._events(data)
            for value, data in zip(values, parsed, strict=True)
        ]

    async def _load(self) -> None:
        rows = await self.database.fetch_all("SELECT id, template FROM message_templates")
        self.remember({_template(row["template"]): int(row["id"]) for row in rows})

    def _events(self, data: list[object]) -> list[Message]:
        return [self._message(item) for item in data]

    def _message(self, data: object) -> Message:
        assert isinstance(data, dict) and len(data) == 1
        ((template_id, params),) = data.items()
        key, context, plural = self._templates[int(template_id)]
        return Message(
            key, {name: self._param(value) for name, value in params.items()}, context, plural
        )

    def _param(self, data: object) -> Param:
        if isinstance(data, dict):
            return self._message(data)
        if isinstance(data, list):
            return [self._param(item) for item in data]
        if isinstance(data, (str, int)):
            return data
        raise ValueError(f"not a message parameter: {data!r}")


def _templates(messages: Iterable[Param]) -> Iterable[Template]:
    """Every template of `messages` and of the messages in their parameters."""
    for value in messages:
        if isinstance(value, Message):
            yield (value.key, value.context, value.plural)
            yield from _templates(value.params.values())
        elif not isinstance(value, (str, int)):
            yield from _templates(value)


def _compact(value: Param, ids: Mapping[Template, int]) -> object:
    if isinstance(value, Message):
        params = {name: _compact(param, ids) for name, param in value.params.items()}
        return {str(ids[(value.key, value.context, value.plural)]): params}
    if isinstance(value, (str, int)):
        return value
    return [_compact(item, ids) for item in value]


def _ids(data: object) -> Iterable[int]:
    """The template ids a compact value refers to."""
    if isinstance(data, dict):
        for template_id, params in data.items():
            yield int(template_id)
            yield from _ids(list(params.values()))
    elif isinstance(data, list):
        for item in data:
            yield from _ids(item)


def _stored_template(template: Template) -> str:
    """A template as its row keeps it: JSON `[key, context, plural]`, trailing nulls left off."""
    items = list(template)
    while items[-1] is None:
        items.pop()
    return stored_json(items)


def _template(text: str) -> Template:
    key, context, plural = [*json.loads(text), None, None][:3]
    return (key, context, plural)


async def _template_id(db: Transaction, template: Template) -> int:
    text = _stored_template(template)
    await db.execute(
        "INSERT INTO message_templates (template) VALUES (?) ON CONFLICT (template) DO NOTHING",
        (text,),
    )
    row = await db.fetch_one("SELECT id FROM message_templates WHERE template = ?", (text,))
    assert row is not None
    return int(row["id"])


def _parse(value: bytes | str) -> list[object] | None:
    """A compact row's data; None for JSON text as older versions wrote it."""
    if isinstance(value, bytes) and value[:1] == COMPACT:
        data = json.loads(zlib.decompress(value[1:], -zlib.MAX_WBITS).decode())
        assert isinstance(data, list)
        return data
    return None


def _old_text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
