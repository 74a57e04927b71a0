"""The loopback Discord: an aiohttp server on 127.0.0.1 with the gateway and REST, and the API
tests use to act as Discord users and to watch what the bot did."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, Sequence

from aiohttp import web

from .faults import FaultInjector
from .gateway import Gateway
from .handles import DEFAULT_TIMEOUT, InteractionHandle
from .http_io import discord_error
from .interactions import InteractionFactory, ModalValue, OptionValue
from .payloads import Json
from .records import CommandSync, InteractionRecord, RecordedMessage, RequestLogEntry
from .rest_application import ApplicationRoutes
from .rest_channels import ChannelRoutes
from .rest_interactions import InteractionRoutes
from .state import LoopbackState
from .world import FakeChannel, FakeRole, FakeUser, World, default_world

API_PREFIX = "/api/v10"
DEFAULT_TOKEN = "loopback-bot-token"
_UNAUTHENTICATED_ROUTES = ("/interactions/", "/webhooks/")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
MessagePredicate = Callable[[RecordedMessage], bool]


class LoopbackDiscord:
    """Discord for one test. ``start()`` it, point discord.py at ``api_base`` and
    ``gateway_url`` (the fixtures do both), then drive it with the ``send_*`` methods."""

    def __init__(self, world: World | None = None, *, token: str = DEFAULT_TOKEN) -> None:
        self.world = world or default_world()
        self.token = token
        self.state = LoopbackState(self.world)
        self.gateway = Gateway(self.state, token)
        self._interactions = InteractionFactory(self.state)
        route_defs = [
            *ApplicationRoutes(self.state).routes(),
            *ChannelRoutes(self.state, self.gateway).routes(),
            *InteractionRoutes(self.state).routes(),
        ]
        self.faults = FaultInjector({(r.method, r.path) for r in route_defs})
        self._app = web.Application(middlewares=[self._middleware])
        self._app.router.add_get("/", self.gateway.handle)
        for route in route_defs:
            self._app.router.add_route(route.method, API_PREFIX + route.path, route.handler)
        self._runner: web.AppRunner | None = None
        self.api_base = ""
        self.gateway_url = ""

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        self._runner = web.AppRunner(self._app, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        host, port = self._runner.addresses[0][:2]
        self.api_base = f"http://{host}:{port}{API_PREFIX}"
        self.gateway_url = f"ws://{host}:{port}/"
        self.state.base_url = f"http://{host}:{port}"
        self.state.gateway_url = self.gateway_url
        self.gateway.url = self.gateway_url

    async def close(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Logs every REST call, serves injected faults and checks the bot token."""
        if not request.path.startswith(API_PREFIX):
            return await handler(request)
        route = _route_template(request)
        response: web.StreamResponse
        if route is None:
            detail = f"the loopback stand-in does not serve {request.method} {request.path}"
            response = discord_error(404, 0, f"404: Not Found ({detail})")
        elif (fault := self.faults.take(request.method, route)) is not None:
            response = fault
        elif not route.startswith(_UNAUTHENTICATED_ROUTES) and (
            request.headers.get("Authorization") != f"Bot {self.token}"
        ):
            response = discord_error(401, 0, "401: Unauthorized")
        else:
            try:
                response = await handler(request)
            except web.HTTPException as error:
                response = discord_error(error.status, 0, error.text or error.reason)
        entry = RequestLogEntry(
            request.method, route or "?", request.path, response.status, dict(request.match_info)
        )
        self.state.requests.append(entry)
        return response

    # -- the world -----------------------------------------------------------------------------

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def bot_user(self) -> FakeUser:
        return self.world.bot_user

    def user(self, name: str) -> FakeUser:
        return self.world.user(name)

    def channel(self, name: str) -> FakeChannel:
        return self.world.channel(name)

    def role(self, name: str) -> FakeRole:
        return self.world.role(name)

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The direct-message channel between the bot and ``user`` (opened if need be)."""
        return self.state.open_dm(user)

    def threads(self, parent: FakeChannel) -> list[FakeChannel]:
        return [t for t in self.state.threads() if t.parent_id == parent.id]

    # -- acting as Discord users -----------------------------------------------------------------

    async def send_slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        name: str,
        options: Mapping[str, OptionValue] | None = None,
    ) -> InteractionHandle:
        """``user`` runs ``/name`` in ``channel``; a subcommand is named ``"group sub"``."""
        payload = self._interactions.slash(user, channel, name, options or {})
        return await self._deliver(payload)

    async def send_autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        name: str,
        focused: str,
        value: str,
        options: Mapping[str, OptionValue] | None = None,
    ) -> InteractionHandle:
        """``user`` has typed ``value`` into option ``focused`` of ``/name``."""
        all_options = {**(options or {}), focused: value}
        payload = self._interactions.slash(user, channel, name, all_options, focused=focused)
        return await self._deliver(payload)

    async def click(
        self,
        user: FakeUser,
        message: RecordedMessage,
        custom_id: str,
        values: Sequence[str] | None = None,
    ) -> InteractionHandle:
        """``user`` clicks the component ``custom_id`` of ``message`` (``values``: selects)."""
        payload = self._interactions.component(user, message, custom_id, values)
        return await self._deliver(payload)

    async def submit_modal(
        self, opened_by: InteractionHandle, values: Mapping[str, ModalValue]
    ) -> InteractionHandle:
        """The user who got the modal in answer to ``opened_by`` fills it in and submits it."""
        payload = self._interactions.modal_submit(opened_by.record, values)
        return await self._deliver(payload)

    async def dispatch(self, event: str, data: Json) -> None:
        """Send any other gateway event (e.g. ``GUILD_MEMBER_REMOVE``) to the bot."""
        await self.gateway.dispatch(event, data)

    async def drop_connections(self) -> None:
        """Cut the gateway connections; discord.py reconnects and RESUMEs."""
        await self.gateway.drop_connections()

    async def _deliver(self, payload: Json) -> InteractionHandle:
        record = InteractionRecord(
            id=int(payload["id"]),
            token=str(payload["token"]),
            payload=payload,
            dispatched_at=asyncio.get_running_loop().time(),
        )
        self.state.register_interaction(record)
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return InteractionHandle(record, self.state, self.gateway)

    # -- watching the bot ------------------------------------------------------------------------

    def messages(self, channel: FakeChannel | int) -> list[RecordedMessage]:
        """The bot's messages everyone sees in ``channel``, oldest first."""
        return self.state.visible_messages(_channel_id(channel))

    async def wait_for_message(
        self,
        channel: FakeChannel | int,
        predicate: MessagePredicate | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> RecordedMessage:
        """The oldest visible message in ``channel`` matching ``predicate``, waiting for one."""
        channel_id = _channel_id(channel)

        def found() -> RecordedMessage | None:
            matches = self.state.visible_messages(channel_id)
            return next((m for m in matches if predicate is None or predicate(m)), None)

        return await self.state.wait_until(
            found, timeout=timeout, what=f"a matching message in channel {channel_id}"
        )

    async def wait_for_dm(
        self,
        user: FakeUser,
        predicate: MessagePredicate | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> RecordedMessage:
        """The oldest direct message from the bot to ``user`` matching ``predicate``."""

        def found() -> RecordedMessage | None:
            channel = self.state.dm_channel_of(user)
            if channel is None:
                return None
            matches = self.state.visible_messages(channel.id)
            return next((m for m in matches if predicate is None or predicate(m)), None)

        return await self.state.wait_until(
            found, timeout=timeout, what=f"a matching direct message to {user.name}"
        )

    async def wait_for_thread(
        self, parent: FakeChannel, timeout: float = DEFAULT_TIMEOUT
    ) -> FakeChannel:
        """The newest thread the bot opened in ``parent``, waiting for the first one."""

        def newest() -> FakeChannel | None:
            threads = self.threads(parent)
            return threads[-1] if threads else None

        return await self.state.wait_until(
            newest, timeout=timeout, what=f"a thread in #{parent.name}"
        )

    @property
    def command_syncs(self) -> list[CommandSync]:
        """Every bulk command overwrite the bot sent, in order, as sent."""
        return list(self.state.command_syncs)

    def synced_commands(self, guild: int | None = None) -> list[Json]:
        """The commands registered now, globally or (with ``guild``) for that guild."""
        return list(self.state.commands.get(guild, []))

    def requests(
        self, method: str | None = None, route: str | None = None
    ) -> list[RequestLogEntry]:
        """REST calls the bot made (all, or those to ``method route``), with their status."""
        return [
            entry
            for entry in self.state.requests
            if (method is None or entry.method == method)
            and (route is None or entry.route == route)
        ]


def _route_template(request: web.Request) -> str | None:
    """``/channels/{channel_id}/messages`` for a matched request, None if nothing matched."""
    if request.match_info.http_exception is not None:
        return None
    resource = request.match_info.route.resource
    if resource is None:
        return None
    return resource.canonical.removeprefix(API_PREFIX)


def _channel_id(channel: FakeChannel | int) -> int:
    return channel if isinstance(channel, int) else channel.id
