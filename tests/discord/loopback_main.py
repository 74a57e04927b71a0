"""`python -m tests.discord.loopback_main ARGS`: `python -m bot ARGS` with discord.py pointed
at a loopback Discord (LOOPBACK_API and LOOPBACK_GATEWAY), for tests of the real process."""

from __future__ import annotations

import os
import sys

import discord
import yarl

from bot.__main__ import main

if __name__ == "__main__":
    discord.http.Route.BASE = os.environ["LOOPBACK_API"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["LOOPBACK_GATEWAY"])
    sys.exit(main(sys.argv[1:]))
