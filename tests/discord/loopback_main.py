"""`python -m tests.discord.loopback_main ARGS`: `python -m bot ARGS` with discord.py pointed
at a loopback Discord (LOOPBACK_API and LOOPBACK_GATEWAY), for tests of the real process.
With LOOPBACK_PILE_GAME=1 the bot offers only the tests' pile game and draws no real boards
(processes that play many short games: test_several_processes)."""

from __future__ import annotations

import os
import sys

import discord
import yarl

from bot.__main__ import main

if __name__ == "__main__":
    discord.http.Route.BASE = os.environ["LOOPBACK_API"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["LOOPBACK_GATEWAY"])
    if os.environ.get("LOOPBACK_PILE_GAME") == "1":
        from tests.bot.helpers import fake_renderer, pile_catalog

        sys.exit(main(sys.argv[1:], games=pile_catalog(), renderer=fake_renderer))
    sys.exit(main(sys.argv[1:]))
