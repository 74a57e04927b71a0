"""The gateway websocket: HELLO, heartbeats, IDENTIFY → READY + GUILD_CREATE, RESUME, dispatch.

Sharding as on Discord: an IDENTIFY with ``shard: [id, count]`` gets the guilds of that shard
(``(guild_id >> 22) % count == id``), and a guild's events go only to the sessions of its
shard; events without a guild (direct messages) to shard 0. An IDENTIFY without ``shard``
gets every guild.

Frames are sent as plain-text JSON; discord.py only inflates binary frames, so its request for
``compress=zlib-stream`` in the URL is safely ignored.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from dataclasses import dataclass, field

from aiohttp import WSCloseCode, WSMsgType, web

from .payloads import Json, guild_create_payload, member_payload, ready_payload
from .state import LoopbackState
from .world import shard_of

OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_RESUME = 6
OP_REQUEST_GUILD_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11

HEARTBEAT_INTERVAL_MS = 41_250
CLOSE_AUTHENTICATION_FAILED = 4004
CLOSE_RECONNECT = 4000
CLIENT_CLOSED_FOR_GOOD = (WSCloseCode.OK, WSCloseCode.GOING_AWAY)


@dataclass
class GatewaySession:
    """One IDENTIFY'd session; it outlives its socket so that the client can RESUME it."""

    session_id: str
    socket: web.WebSocketResponse | None = None
    sequence: int = 0
    sent: list[Json] = field(default_factory=list)
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    shard: tuple[int, int] | None = None
    """``(id, count)`` from IDENTIFY; None: an unsharded session, which hears every guild."""

    def carries(self, guild_id: int | None) -> bool:
        """Whether this session receives the events of ``guild_id`` (None: no guild)."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return shard_id == (0 if guild_id is None else shard_of(guild_id, count))

    async def send_dispatch(self, event: str, data: Json) -> None:
        async with self.send_lock:
            self.sequence += 1
            frame = {"op": OP_DISPATCH, "t": event, "s": self.sequence, "d": data}
            self.sent.append(frame)
            if self.socket is not None and not self.socket.closed:
                await self.socket.send_str(json.dumps(frame))


class Gateway:
    def __init__(self, state: LoopbackState, token: str) -> None:
        self._state = state
        self._token = token
        self.url = ""
        self.sessions: dict[str, GatewaySession] = {}
        self.identifies = 0
        self.identified_shards: list[tuple[int, int] | None] = []
        """The ``shard`` of every IDENTIFY, in order (None: unsharded)."""
        self.resumes = 0
        self._sockets: set[web.WebSocketResponse] = set()

    @property
    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions.values() if s.socket is not None and not s.socket.closed]

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(max_msg_size=0)
        await socket.prepare(request)
        self._sockets.add(socket)
        session: GatewaySession | None = None
        closed_by_client_for_good = False
        try:
            hello = {"op": OP_HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}}
            await _send(socket, hello)
            while True:
                message = await socket.receive()
                if message.type is WSMsgType.TEXT:
                    session = await self._on_frame(socket, json.loads(message.data), session)
                elif message.type is WSMsgType.CLOSE:
                    closed_by_client_for_good = message.data in CLIENT_CLOSED_FOR_GOOD
                    break
                elif message.type in (WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    break
        finally:
            self._sockets.discard(socket)
            if session is not None and session.socket is socket:
                session.socket = None
                if closed_by_client_for_good:
                    self.sessions.pop(session.session_id, None)
            await self._state.changed()
        return socket

    async def _on_frame(
        self, socket: web.WebSocketResponse, frame: Json, session: GatewaySession | None
    ) -> GatewaySession | None:
        op, data = frame.get("op"), frame.get("d") or {}
        if op == OP_HEARTBEAT:
            await _send(socket, {"op": OP_HEARTBEAT_ACK})
        elif op == OP_IDENTIFY:
            return await self._identify(socket, data)
        elif op == OP_RESUME:
            return await self._resume(socket, data)
        elif op == OP_REQUEST_GUILD_MEMBERS and session is not None:
            await session.send_dispatch("GUILD_MEMBERS_CHUNK", self._member_chunk(data))
        return session

    async def _identify(self, socket: web.WebSocketResponse, data: Json) -> GatewaySession | None:
        if data.get("token") != self._token:
            await socket.close(code=CLOSE_AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return None
        shard = data.get("shard")
        session = GatewaySession(
            uuid.uuid4().hex, socket, shard=None if shard is None else (shard[0], shard[1])
        )
        self.sessions[session.session_id] = session
        self.identifies += 1
        self.identified_shards.append(session.shard)
        world = self._state.world
        guilds = [g for g in world.guilds if session.carries(g.id)]
        ready = ready_payload(
            world,
            session_id=session.session_id,
            resume_gateway_url=self.url,
            guilds=guilds,
            shard=shard,
        )
        await session.send_dispatch("READY", ready)
        for guild in guilds:
            threads = [t for t in self._state.threads() if t.guild_id == guild.id]
            await session.send_dispatch("GUILD_CREATE", guild_create_payload(guild, world, threads))
        await self._state.changed()
        return session

    async def _resume(self, socket: web.WebSocketResponse, data: Json) -> GatewaySession | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self._token:
            await _send(socket, {"op": OP_INVALID_SESSION, "d": False})
            return None
        async with session.send_lock:
            session.socket = socket
            missed = [frame for frame in session.sent if frame["s"] > int(data.get("seq") or 0)]
            for frame in missed:
                await socket.send_str(json.dumps(frame))
        await session.send_dispatch("RESUMED", {})
        self.resumes += 1
        await self._state.changed()
        return session

    def _member_chunk(self, data: Json) -> Json:
        world = self._state.world
        guild = world.guild_by_id(int(data.get("guild_id") or 0)) or world.guild
        wanted_ids = {int(user_id) for user_id in data.get("user_ids") or []}
        query = str(data.get("query") or "")
        if wanted_ids:
            members = [m for m in guild.members if m.user.id in wanted_ids]
        else:
            members = [m for m in guild.members if m.user.name.startswith(query)]
        chunk: Json = {
            "guild_id": str(guild.id),
            "members": [member_payload(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if "nonce" in data:
            chunk["nonce"] = data["nonce"]
        return chunk

    def live_sessions_for(self, guild_id: int | None) -> list[GatewaySession]:
        """The connected sessions that receive the events of ``guild_id``."""
        return [s for s in self.live_sessions if s.carries(guild_id)]

    async def dispatch(self, event: str, data: Json, *, wait_for_bot: float = 3.0) -> None:
        """Send an event to every connected bot session of its guild's shard, waiting briefly
        for one (e.g. mid-resume)."""
        guild_id = _guild_of(data)
        sessions = await self._state.wait_until(
            lambda: self.live_sessions_for(guild_id) or None,
            timeout=wait_for_bot,
            what=f"a bot connected to the loopback gateway (to receive {event})",
        )
        for session in sessions:
            await session.send_dispatch(event, data)

    async def broadcast(self, event: str, data: Json) -> None:
        """Send an event to the bot sessions of its guild's shard connected right now (none
        connected: nobody hears it)."""
        for session in self.live_sessions_for(_guild_of(data)):
            await session.send_dispatch(event, data)

    async def drop_connections(self) -> None:
        """Close every socket as a network blip would; discord.py then RESUMEs its session."""
        for socket in list(self._sockets):
            await socket.close(code=CLOSE_RECONNECT, message=b"loopback: connection dropped")

    async def close(self) -> None:
        for socket in list(self._sockets):
            await socket.close(code=WSCloseCode.GOING_AWAY, message=b"loopback: server shutdown")


def _guild_of(data: Json) -> int | None:
    guild_id = data.get("guild_id")
    return None if guild_id is None else int(guild_id)


async def _send(socket: web.WebSocketResponse, frame: Json) -> None:
    await socket.send_str(json.dumps(frame))
