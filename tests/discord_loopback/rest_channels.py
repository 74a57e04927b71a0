"""REST for channels: bot messages (post, fetch, edit, delete), direct messages and threads."""

from __future__ import annotations

from aiohttp import web

from .gateway import Gateway
from .http_io import (
    CANNOT_MESSAGE_USER,
    INVALID_CHANNEL_TYPE,
    UNKNOWN_CHANNEL,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    discord_error,
    json_response,
    no_content,
    read_body,
)
from .limits import invalid_form_body, message_problems
from .payloads import channel_payload
from .records import RecordedMessage
from .state import LoopbackState
from .world import DM_CHANNEL, PRIVATE_THREAD, PUBLIC_THREAD, TEXT_CHANNEL, FakeChannel


class ChannelRoutes:
    def __init__(self, state: LoopbackState, gateway: Gateway) -> None:
        self._state = state
        self._gateway = gateway

    def routes(self) -> list[web.RouteDef]:
        message = "/channels/{channel_id}/messages/{message_id}"
        return [
            web.get("/channels/{channel_id}", self.get_channel),
            web.post("/channels/{channel_id}/messages", self.create_message),
            web.get(message, self.get_message),
            web.patch(message, self.edit_message),
            web.delete(message, self.delete_message),
            web.post("/users/@me/channels", self.open_dm),
            web.post("/channels/{channel_id}/threads", self.create_thread),
            web.post(message + "/threads", self.create_thread),
        ]

    def _channel(self, request: web.Request) -> FakeChannel | web.Response:
        channel = self._state.channels.get(int(request.match_info["channel_id"]))
        return channel or discord_error(404, UNKNOWN_CHANNEL, "Unknown Channel")

    def _message(self, request: web.Request) -> RecordedMessage | web.Response:
        channel = self._channel(request)
        if isinstance(channel, web.Response):
            return channel
        message = self._state.messages.get(int(request.match_info["message_id"]))
        if message is None or message.channel_id != channel.id or message.deleted:
            return discord_error(404, UNKNOWN_MESSAGE, "Unknown Message")
        return message

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if isinstance(channel, web.Response):
            return channel
        return json_response(channel_payload(channel, self._state.world))

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if isinstance(channel, web.Response):
            return channel
        if channel.type == DM_CHANNEL:
            recipient = self._state.user(channel.recipient_id or 0)
            if recipient is None or not recipient.accepts_dms:
                return discord_error(403, CANNOT_MESSAGE_USER, "Cannot send messages to this user")
        body = await read_body(request)
        problems = message_problems(body.payload, body.uploads)
        if problems:
            return invalid_form_body(problems)
        nonce = body.payload.get("nonce")
        key = (channel.id, str(nonce))
        if nonce is not None and body.payload.get("enforce_nonce"):
            # As Discord: a message with the same enforced nonce comes back as it was.
            earlier = self._state.messages.get(self._state.nonces.get(key, 0))
            if earlier is not None:
                self._state.nonce_repeats += 1
                return json_response(earlier.payload)
        message = self._state.create_message(channel, body, "channel")
        if nonce is not None:
            self._state.nonces[key] = message.id
        await self._state.changed()
        return json_response(message.payload)

    async def get_message(self, request: web.Request) -> web.Response:
        message = self._message(request)
        if isinstance(message, web.Response):
            return message
        return json_response(message.payload)

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._message(request)
        if isinstance(message, web.Response):
            return message
        body = await read_body(request)
        problems = message_problems(body.payload, body.uploads)
        if problems:
            return invalid_form_body(problems)
        self._state.edit_message(message, body)
        await self._state.changed()
        return json_response(message.payload)

    async def delete_message(self, request: web.Request) -> web.Response:
        message = self._message(request)
        if isinstance(message, web.Response):
            return message
        message.deleted = True
        await self._state.changed()
        return no_content()

    async def open_dm(self, request: web.Request) -> web.Response:
        body = await read_body(request)
        user = self._state.user(int(body.payload.get("recipient_id", 0)))
        if user is None or user.bot:
            return discord_error(400, UNKNOWN_USER, "Unknown User")
        channel = self._state.open_dm(user)
        return json_response(channel_payload(channel, self._state.world))

    async def create_thread(self, request: web.Request) -> web.Response:
        """A thread in a text channel; started from a message, it takes the message's id."""
        parent = self._channel(request)
        if isinstance(parent, web.Response):
            return parent
        if parent.type != TEXT_CHANNEL:
            return discord_error(
                400, INVALID_CHANNEL_TYPE, "Cannot execute action on this channel type"
            )
        body = await read_body(request)
        if "message_id" in request.match_info:
            started_from = self._message(request)
            if isinstance(started_from, web.Response):
                return started_from
            thread_id, thread_type = started_from.id, PUBLIC_THREAD
        else:
            thread_id = self._state.ids.next()
            thread_type = int(body.payload.get("type") or PRIVATE_THREAD)
        name = str(body.payload.get("name") or "thread")
        thread = self._state.add_thread(parent, name, thread_type, thread_id)
        payload = channel_payload(thread, self._state.world)
        await self._gateway.broadcast("THREAD_CREATE", {**payload, "newly_created": True})
        await self._state.changed()
        return json_response(payload)
