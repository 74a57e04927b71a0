"""Building INTERACTION_CREATE payloads as a Discord client would send them for a user's action.

Slash-command options take their types from the synced command when there is one (so a
mismatch with what the bot registered is caught), else from the Python value.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

from .payloads import (
    ATTACHMENT_SIZE_LIMIT,
    INTERACTION_AUTOCOMPLETE,
    INTERACTION_COMMAND,
    INTERACTION_COMPONENT,
    INTERACTION_MODAL_SUBMIT,
    Json,
    channel_payload,
    member_payload,
    role_payload,
    user_payload,
)
from .records import CALLBACK_MODAL, InteractionRecord, RecordedMessage, walk_components
from .state import LoopbackState
from .world import FakeChannel, FakeGuild, FakeRole, FakeUser

OptionValue = str | int | float | bool | FakeUser | FakeChannel | FakeRole
ModalValue = str | Sequence[str]


OPTION_SUBCOMMAND = 1
OPTION_GROUP = 2
OPTION_STRING = 3
OPTION_INTEGER = 4
OPTION_BOOLEAN = 5
OPTION_USER = 6
OPTION_CHANNEL = 7
OPTION_ROLE = 8
OPTION_NUMBER = 10

COMPONENT_ACTION_ROW = 1
COMPONENT_TEXT_INPUT = 4
COMPONENT_LABEL = 18
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})


class InteractionFactory:
    def __init__(self, state: LoopbackState) -> None:
        self._state = state

    def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        name: str,
        options: Mapping[str, OptionValue],
        *,
        focused: str | None = None,
    ) -> Json:
        """``name`` is the qualified name (``"remind off"`` for a subcommand); with ``focused``
        the result is the autocomplete interaction for that option."""
        root, *path = name.split()
        command = self._registered_command(root, channel.guild_id)
        schema: list[Json] | None = None if command is None else command.get("options", [])
        resolved: Json = {}
        leaf: list[Json] = []
        data: Json = {
            "id": command["id"] if command else str(self._state.ids.next()),
            "name": root,
            "type": 1,
            "options": leaf,
        }
        if command is not None and "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        for depth, part in enumerate(path):
            kind = OPTION_SUBCOMMAND if depth == len(path) - 1 else OPTION_GROUP
            nested = _find_option(schema, part, name) if schema is not None else None
            schema = None if nested is None else nested.get("options", [])
            inner: list[Json] = []
            leaf.append({"name": part, "type": kind, "options": inner})
            leaf = inner
        for option_name, value in options.items():
            declared = _find_option(schema, option_name, name) if schema is not None else None
            guild = self._state.world.guild_by_id(channel.guild_id) or self._state.world.guild
            option = self._option(option_name, value, declared, resolved, guild)
            if option_name == focused:
                option |= {"focused": True, "value": str(value)}
            leaf.append(option)
        if resolved:
            data["resolved"] = resolved
        kind = INTERACTION_COMMAND if focused is None else INTERACTION_AUTOCOMPLETE
        return self._interaction(kind, user, channel, data)

    def component(
        self, user: FakeUser, message: RecordedMessage, custom_id: str, values: Sequence[str] | None
    ) -> Json:
        component = message.component(custom_id)
        if component is None:
            raise LookupError(
                f"message {message.id} has no component {custom_id!r}; it has {message.custom_ids}"
            )
        data: Json = {"custom_id": custom_id, "component_type": component["type"]}
        if values is not None:
            data["values"] = list(values)
        channel = self._state.channels[message.channel_id]
        return self._interaction(
            INTERACTION_COMPONENT, user, channel, data, message=message.payload
        )

    def modal_submit(self, opened_by: InteractionRecord, values: Mapping[str, ModalValue]) -> Json:
        """The submission of the modal the bot opened in answer to ``opened_by``."""
        callback = opened_by.callback
        if callback is None or callback.type != CALLBACK_MODAL:
            raise ValueError(f"the bot did not answer {opened_by.name!r} with a modal (type 9)")
        fields = [c for c in walk_components(callback.components) if "custom_id" in c]
        unknown = set(values) - {c["custom_id"] for c in fields}
        if unknown:
            known = [c["custom_id"] for c in fields]
            raise ValueError(f"modal has no fields {sorted(unknown)}; it has {known}")
        data = {
            "custom_id": callback.data["custom_id"],
            "components": [_submitted(c, values) for c in callback.components],
        }
        payload = opened_by.payload
        user_data = payload["member"]["user"] if "member" in payload else payload["user"]
        user = self._state.user(int(user_data["id"]))
        if user is None:
            raise LookupError(f"user {user_data['id']} who opened the modal left the world")
        channel = self._state.channels[int(payload["channel_id"])]
        return self._interaction(
            INTERACTION_MODAL_SUBMIT, user, channel, data, message=payload.get("message")
        )

    def _registered_command(self, name: str, guild_id: int | None) -> Json | None:
        """The synced command the Discord client would pick: guild command, else global."""
        for scope in (guild_id, None):
            for command in self._state.commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == 1:
                    return command
        return None

    def _option(
        self,
        name: str,
        value: OptionValue,
        declared: Json | None,
        resolved: Json,
        guild: FakeGuild,
    ) -> Json:
        option_type = int(declared["type"]) if declared else _inferred_type(value)
        if option_type not in (OPTION_USER, OPTION_CHANNEL, OPTION_ROLE):
            return {"name": name, "type": option_type, "value": value}
        target_id = value if isinstance(value, int) else getattr(value, "id", None)
        if not isinstance(target_id, int):
            raise TypeError(f"option {name!r} needs a user, channel or role (or its id)")
        self._resolve(option_type, target_id, resolved, guild)
        return {"name": name, "type": option_type, "value": str(target_id)}

    def _resolve(self, option_type: int, target_id: int, resolved: Json, guild: FakeGuild) -> None:
        world = self._state.world
        key = str(target_id)
        if option_type == OPTION_USER:
            user = self._state.user(target_id)
            if user is None:
                raise LookupError(f"no user with id {target_id} in the loopback world")
            resolved.setdefault("users", {})[key] = user_payload(user)
            member = guild.member(target_id)
            if member is not None:
                permissions = guild.permissions_of(target_id)
                entry = member_payload(member, permissions=permissions)
                del entry["user"]
                resolved.setdefault("members", {})[key] = entry
        elif option_type == OPTION_CHANNEL:
            channel = self._state.channels.get(target_id)
            if channel is None:
                raise LookupError(f"no channel with id {target_id} in the loopback world")
            permissions = guild.permissions_of(world.bot_user.id)
            entry = channel_payload(channel, world, permissions=permissions)
            resolved.setdefault("channels", {})[key] = entry
        else:
            role = next((r for r in guild.roles if r.id == target_id), None)
            if role is None:
                raise LookupError(f"no role with id {target_id} in the loopback guild")
            resolved.setdefault("roles", {})[key] = role_payload(role)

    def _interaction(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        data: Json,
        *,
        message: Json | None = None,
    ) -> Json:
        world = self._state.world
        guild = world.guild_by_id(channel.guild_id) or world.guild
        interaction_id = self._state.ids.next()
        bot_permissions = guild.permissions_of(world.bot_user.id)
        payload: Json = {
            "id": str(interaction_id),
            "application_id": str(world.application_id),
            "type": kind,
            "data": data,
            "token": f"loopback-{interaction_id}-{secrets.token_hex(8)}",
            "version": 1,
            "channel_id": str(channel.id),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "app_permissions": str(bot_permissions),
            "authorizing_integration_owners": {"0": str(guild.id)},
        }
        if channel.guild_id is None:
            payload |= {
                "user": user_payload(user),
                "channel": channel_payload(channel, world),
                "context": 1,
            }
        else:
            member = guild.member(user.id)
            if member is None:
                raise LookupError(f"{user.name} is not a member of the loopback guild")
            permissions = guild.permissions_of(user.id)
            payload |= {
                "guild_id": str(channel.guild_id),
                "guild": {"id": str(channel.guild_id), "locale": "en-US", "features": []},
                "guild_locale": "en-US",
                "member": member_payload(member, permissions=permissions),
                "channel": channel_payload(channel, world, permissions=permissions),
                "context": 0,
            }
        if message is not None:
            payload["message"] = message
        return payload


def _find_option(schema: list[Json], name: str, command: str) -> Json:
    for option in schema:
        if option["name"] == name:
            return option
    known = [option["name"] for option in schema]
    raise ValueError(f"/{command} as synced has no option {name!r}; it has {known}")


def _inferred_type(value: OptionValue) -> int:
    if isinstance(value, bool):
        return OPTION_BOOLEAN
    if isinstance(value, int):
        return OPTION_INTEGER
    if isinstance(value, float):
        return OPTION_NUMBER
    if isinstance(value, FakeUser):
        return OPTION_USER
    if isinstance(value, FakeChannel):
        return OPTION_CHANNEL
    if isinstance(value, FakeRole):
        return OPTION_ROLE
    return OPTION_STRING


def _submitted(component: Json, values: Mapping[str, ModalValue]) -> Json:
    """One modal component as Discord submits it, nested as the bot laid it out."""
    kind = component["type"]
    if kind == COMPONENT_ACTION_ROW:
        children = [_submitted(child, values) for child in component.get("components", [])]
        return {"type": kind, "components": children}
    if kind == COMPONENT_LABEL:
        return {"type": kind, "component": _submitted(component["component"], values)}
    if "custom_id" not in component:
        return {"type": kind}
    custom_id = component["custom_id"]
    value = values.get(custom_id, "" if kind == COMPONENT_TEXT_INPUT else [])
    if kind in SELECT_TYPES:
        return {"type": kind, "custom_id": custom_id, "values": list(value)}
    return {"type": kind, "custom_id": custom_id, "value": str(value)}
