"""Makes the loopback fixtures available to the tests of this package."""

from .fixtures import discord_server

__all__ = ["discord_server"]
