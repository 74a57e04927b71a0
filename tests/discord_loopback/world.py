"""The configurable Discord world the stand-in serves: users, one guild, its roles and channels.

Everything here is plain data. Permissions are guild-level only (no channel overwrites): the
owner and administrators hold every permission, everyone else the union of @everyone and their
roles — enough for `interaction.permissions` and "creator or Manage Channels" checks.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

import discord

DISCORD_EPOCH_MS = 1_420_070_400_000

TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = frozenset({PUBLIC_THREAD, PRIVATE_THREAD})

ALL_PERMISSIONS = discord.Permissions.all().value


class Snowflakes:
    """Unique, increasing ids whose timestamps are "now", like Discord's."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        now_based = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(self._last + 1, now_based)
        return self._last


@dataclass(frozen=True)
class FakeUser:
    id: int
    name: str
    bot: bool = False
    accepts_dms: bool = True
    """False: sending this user a direct message fails with 403 / code 50007, as on Discord."""
    locale: str = "en-US"
    """The language of the user's Discord (an interaction's ``locale``)."""

    def speaking(self, locale: str) -> FakeUser:
        """The same user with their Discord set to ``locale`` (``"de"``)."""
        return replace(self, locale=locale)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(frozen=True)
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 1


@dataclass(frozen=True)
class FakeChannel:
    id: int
    name: str
    type: int = TEXT_CHANNEL
    guild_id: int | None = None
    parent_id: int | None = None
    recipient_id: int | None = None
    """For direct-message channels: the user on the other side."""

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES


@dataclass(frozen=True)
class FakeMember:
    user: FakeUser
    role_ids: tuple[int, ...] = ()


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: list[FakeRole]
    channels: list[FakeChannel]
    members: list[FakeMember]

    def member(self, user_id: int) -> FakeMember | None:
        return next((m for m in self.members if m.user.id == user_id), None)

    def permissions_of(self, user_id: int) -> int:
        """Guild-level permissions: owner and administrators get everything."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.member(user_id)
        granted_roles = {self.id, *(member.role_ids if member else ())}
        value = 0
        for role in self.roles:
            if role.id in granted_roles:
                value |= role.permissions
        if value & discord.Permissions(administrator=True).value:
            return ALL_PERMISSIONS
        return value


@dataclass
class World:
    """The bot's own user (also the application id), the people, and the guild — or guilds:
    ``guild`` is the first, ``more_guilds`` the others (see :func:`add_guild`)."""

    bot_user: FakeUser
    owner: FakeUser
    """The application owner (shown in /oauth2/applications/@me)."""
    guild: FakeGuild
    users: list[FakeUser] = field(default_factory=list)
    more_guilds: list[FakeGuild] = field(default_factory=list)
    recommended_shards: int = 1
    """The shard count ``GET /gateway/bot`` recommends."""

    @property
    def application_id(self) -> int:
        return self.bot_user.id

    @property
    def guilds(self) -> list[FakeGuild]:
        return [self.guild, *self.more_guilds]

    def guild_by_id(self, guild_id: int | None) -> FakeGuild | None:
        return next((g for g in self.guilds if g.id == guild_id), None)

    def user(self, name: str) -> FakeUser:
        for candidate in [*self.users, self.bot_user]:
            if candidate.name == name:
                return candidate
        known = ", ".join(u.name for u in self.users)
        raise LookupError(f"no user named {name!r} in the loopback world; known: {known}")

    def channel(self, name: str) -> FakeChannel:
        channels = [c for g in self.guilds for c in g.channels]
        for candidate in channels:
            if candidate.name == name:
                return candidate
        known = ", ".join(c.name for c in channels)
        raise LookupError(f"no channel named {name!r} in the loopback guilds; known: {known}")

    def role(self, name: str) -> FakeRole:
        for candidate in self.guild.roles:
            if candidate.name == name:
                return candidate
        known = ", ".join(r.name for r in self.guild.roles)
        raise LookupError(f"no role named {name!r} in the loopback guild; known: {known}")


EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    read_message_history=True,
    add_reactions=True,
    use_application_commands=True,
    embed_links=True,
    attach_files=True,
).value

BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    manage_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    use_application_commands=True,
).value

MODERATOR_PERMISSIONS = discord.Permissions(manage_channels=True, manage_messages=True).value


def default_world() -> World:
    """A guild with the bot, its owner, a moderator and four players, and three text channels.

    Users: ``alice``, ``bob``, ``carol``, ``dave`` (plain members), ``mia`` (role Moderator:
    Manage Channels), ``olga`` (guild owner), ``eve`` (member who refuses direct messages).
    Channels: ``general``, ``games``, ``games-2``.
    """
    ids: Iterator[int] = itertools.count(100_000_000_000_000_001)
    guild_id = next(ids)
    bot_user = FakeUser(next(ids), "Meeple Post", bot=True)
    people = {
        name: FakeUser(next(ids), name, accepts_dms=name != "eve")
        for name in ("alice", "bob", "carol", "dave", "mia", "olga", "eve")
    }
    moderator = FakeRole(next(ids), "Moderator", MODERATOR_PERMISSIONS, position=2)
    bot_role = FakeRole(next(ids), "Meeple Post", BOT_PERMISSIONS, position=3)
    roles = [FakeRole(guild_id, "@everyone", EVERYONE_PERMISSIONS, position=0), moderator, bot_role]
    channels = [
        FakeChannel(next(ids), name, guild_id=guild_id) for name in ("general", "games", "games-2")
    ]
    members = [FakeMember(bot_user, (bot_role.id,))]
    for name, person in people.items():
        members.append(FakeMember(person, (moderator.id,) if name == "mia" else ()))
    guild = FakeGuild(guild_id, "Meeple Test Guild", people["olga"].id, roles, channels, members)
    return World(bot_user=bot_user, owner=people["olga"], guild=guild, users=list(people.values()))


def shard_of(guild_id: int, shard_count: int) -> int:
    """The gateway shard that carries a guild's events, as Discord computes it."""
    return (guild_id >> 22) % shard_count


def add_guild(world: World, name: str, *, shard: int = 0, shard_count: int = 1) -> FakeGuild:
    """Add a guild named ``name`` to ``world`` whose events travel on gateway shard ``shard``
    of ``shard_count``: the same people as the first guild (mia moderating, olga owning),
    and text channels ``<name>-general`` and ``<name>-games``."""
    taken = {g.id for g in world.guilds}
    base = max(taken) >> 22
    guild_id = next(
        (n << 22) | 1
        for n in itertools.count(base + 1)
        if shard_of(n << 22, shard_count) == shard and (n << 22) | 1 not in taken
    )
    ids: Iterator[int] = itertools.count(guild_id + 1)
    moderator = FakeRole(next(ids), "Moderator", MODERATOR_PERMISSIONS, position=2)
    bot_role = FakeRole(next(ids), "Meeple Post", BOT_PERMISSIONS, position=3)
    roles = [FakeRole(guild_id, "@everyone", EVERYONE_PERMISSIONS, position=0), moderator, bot_role]
    channels = [
        FakeChannel(next(ids), f"{name}-{kind}", guild_id=guild_id) for kind in ("general", "games")
    ]
    members = [FakeMember(world.bot_user, (bot_role.id,))]
    for person in world.users:
        members.append(FakeMember(person, (moderator.id,) if person.name == "mia" else ()))
    guild = FakeGuild(guild_id, name, world.owner.id, roles, channels, members)
    world.more_guilds.append(guild)
    return guild
