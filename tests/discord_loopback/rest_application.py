"""REST for the bot's identity and its application commands (login and command sync)."""

from __future__ import annotations

from aiohttp import web

from .http_io import (
    INVALID_FORM_BODY,
    MISSING_ACCESS,
    UNKNOWN_APPLICATION,
    UNKNOWN_USER,
    discord_error,
    json_response,
    read_json,
)
from .limits import command_sync_problems, invalid_form_body
from .payloads import Json, application_payload, user_payload
from .records import CommandSync
from .state import LoopbackState


class ApplicationRoutes:
    def __init__(self, state: LoopbackState) -> None:
        self._state = state

    def routes(self) -> list[web.RouteDef]:
        commands = "/applications/{application_id}/commands"
        guild_commands = "/applications/{application_id}/guilds/{guild_id}/commands"
        return [
            web.get("/users/@me", self.current_user),
            web.get("/gateway/bot", self.bot_gateway),
            web.get("/users/{user_id}", self.get_user),
            web.get("/oauth2/applications/@me", self.current_application),
            web.get(commands, self.get_commands),
            web.put(commands, self.put_commands),
            web.get(guild_commands, self.get_commands),
            web.put(guild_commands, self.put_commands),
        ]

    async def bot_gateway(self, request: web.Request) -> web.Response:
        """Where to connect and how many shards Discord recommends (AutoShardedClient asks
        before it connects when it is not told a shard count)."""
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return json_response(
            {
                "url": self._state.gateway_url,
                "shards": self._state.world.recommended_shards,
                "session_start_limit": limit,
            }
        )

    async def current_user(self, request: web.Request) -> web.Response:
        return json_response(user_payload(self._state.world.bot_user))

    async def get_user(self, request: web.Request) -> web.Response:
        user = self._state.user(int(request.match_info["user_id"]))
        if user is None:
            return discord_error(404, UNKNOWN_USER, "Unknown User")
        return json_response(user_payload(user))

    async def current_application(self, request: web.Request) -> web.Response:
        return json_response(application_payload(self._state.world))

    async def get_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        return json_response(self._state.commands.get(scope, []))

    async def put_commands(self, request: web.Request) -> web.Response:
        """Bulk overwrite: validate like Discord, record the payload, echo it back with ids."""
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        commands = await read_json(request)
        if not isinstance(commands, list):
            return discord_error(400, INVALID_FORM_BODY, "Invalid Form Body: expected a list")
        problems = command_sync_problems(commands, is_global=scope is None)
        if problems:
            return invalid_form_body(problems)
        registered = [self._registered(command, scope) for command in commands]
        self._state.commands[scope] = registered
        self._state.command_syncs.append(CommandSync(scope, commands))
        await self._state.changed()
        return json_response(registered)

    def _registered(self, command: Json, scope: int | None) -> Json:
        command_type = int(command.get("type", 1))
        key = (scope, str(command["name"]), command_type)
        command_id = self._state.command_ids.setdefault(key, self._state.ids.next())
        registered: Json = {
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **command,
            "id": str(command_id),
            "application_id": str(self._state.world.application_id),
            "type": command_type,
            "version": str(self._state.ids.next()),
        }
        if scope is not None:
            registered["guild_id"] = str(scope)
        return registered

    def _scope(self, request: web.Request) -> int | web.Response | None:
        """The guild id of a guild-command route, None for global, or the error to answer."""
        world = self._state.world
        if request.match_info["application_id"] != str(world.application_id):
            return discord_error(404, UNKNOWN_APPLICATION, "Unknown Application")
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return None
        if world.guild_by_id(int(guild_id)) is None:
            return discord_error(403, MISSING_ACCESS, "Missing Access")
        return int(guild_id)
