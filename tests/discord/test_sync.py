"""Command sync: the payload Discord accepts (the stand-in enforces its limits), the same
commands and options as the console, syncing at start only when the tree changed, the dev
guild, and the `python -m bot` process with its `sync` command."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

import engine
from bot.__main__ import main
from bot.commands import COMMANDS, OptionDef
from bot.commands.specs import DISCORD_TEXT_OPTION, KEBAB_CASE
from bot.config import Settings
from bot.discord_app import MeepleBot, sync
from bot.discord_app.invite import REQUIRED_PERMISSIONS, invite_url
from bot.store.claims import Claims
from tests.discord_loopback import LoopbackDiscord, run_bot

from .helpers import make_bot

REPO = Path(__file__).resolve().parents[2]
PROCESS_TIMEOUT = 30.0


#: Discord's option types for the kinds of `bot.commands.specs`.
DISCORD_TYPES = {"text": 3, "int": 4, "bool": 5, "member": 6, "game": 3}
COMPARED = ("name", "type", "description", "required", "autocomplete", "choices")
LIMITS = ("min_value", "max_value", "min_length", "max_length")


def as_discord_has_it(option: dict[str, Any]) -> dict[str, Any]:
    """The parts of a synced option that the definitions decide."""
    seen = {key: option.get(key) for key in (*COMPARED, *LIMITS)}
    seen["autocomplete"] = bool(option.get("autocomplete"))
    seen["choices"] = [choice["value"] for choice in option.get("choices", [])]
    return seen


def as_defined(option: OptionDef, games: list[str]) -> dict[str, Any]:
    """What Discord must have registered for `option`."""
    return {
        "name": option.name,
        "type": DISCORD_TYPES[option.kind],
        "description": option.description,
        "required": option.required,
        "autocomplete": option.autocomplete,
        "choices": games if option.kind == "game" else [],
        "min_value": option.min_value,
        "max_value": option.max_value,
        "min_length": option.min_length if option.max_length is not None else None,
        "max_length": option.max_length,
    }


async def test_discord_has_exactly_the_consoles_commands_and_options(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    """One definition (bot.commands.COMMANDS) for both transports: every command, every
    option with the same name, type, description, limits and choices, nothing more."""
    (sync,) = discord_server.command_syncs  # accepted: the stand-in checks Discord's limits
    assert sync.guild_id is None
    synced = {command["name"]: command for command in sync.commands}
    assert set(synced) == set(COMMANDS)
    games = [game.info.key for game in engine.all_games()]
    for name, spec in COMMANDS.items():
        command = synced[name]
        assert command["description"] == spec.description, name
        assert command["dm_permission"] is not spec.servers_only, name
        options = [as_discord_has_it(option) for option in command.get("options", [])]
        assert options == [as_defined(option, games) for option in spec.options], name


def test_the_definitions_fit_discords_rules() -> None:
    for spec in COMMANDS.values():
        assert len(spec.description) <= 100 and len(spec.options) <= 25
        required = [option.required for option in spec.options]
        assert required == sorted(required, reverse=True), f"/{spec.name}: required first"
        for option in spec.options:
            assert KEBAB_CASE.match(option.name) and len(option.description) <= 100
            assert option.kind != "int" or None not in (option.min_value, option.max_value)
            assert option.max_length is None or option.max_length <= DISCORD_TEXT_OPTION


async def test_free_text_is_capped_where_it_enters(bot: MeepleBot) -> None:
    """The longest turn or action of any game, a game's options, a time zone, quiet hours."""
    assert COMMANDS["move"].options[0].max_length == max(
        game.max_turn_length() for game in engine.all_games()
    )
    legal_filter = COMMANDS["legal"].option("filter")
    assert legal_filter is not None
    assert legal_filter.max_length == max(game.longest_action() for game in engine.all_games())
    options = COMMANDS["newgame"].option("options")
    assert options is not None and options.max_length is not None
    assert 0 < options.max_length < 1000
    notify = {option.name: option.max_length for option in COMMANDS["notify"].options}
    assert notify == {"dm": None, "quiet": 24, "tz": 64}


async def test_start_up_syncs_only_when_the_command_tree_changed(
    discord_server: LoopbackDiscord, settings: Settings
) -> None:
    async with run_bot(make_bot(settings), discord_server):
        pass
    async with run_bot(make_bot(settings), discord_server):
        pass
    assert len(discord_server.command_syncs) == 1

    changed = make_bot(settings)

    @app_commands.command(description="A command added since the last sync")
    async def extra(interaction: object) -> None:
        """Never run: it only changes the tree."""

    changed.tree.add_command(extra)
    async with run_bot(changed, discord_server):
        pass

    assert len(discord_server.command_syncs) == 2
    assert "extra" in {command["name"] for command in discord_server.command_syncs[-1].commands}


async def test_with_a_dev_guild_the_commands_go_to_that_guild_only(
    discord_server: LoopbackDiscord, tmp_path: Path
) -> None:
    guild = discord_server.world.guild.id
    settings = Settings(_env_file=None, database_path=tmp_path / "dev.db", dev_guild_id=guild)

    async with run_bot(make_bot(settings), discord_server):
        handle = await discord_server.send_slash(
            discord_server.user("alice"), discord_server.channel("games"), "help"
        )
        assert "**Meeple Post**" in (await handle.original_message()).content

    (sync,) = discord_server.command_syncs
    assert sync.guild_id == guild
    assert discord_server.synced_commands() == []
    assert handle.payload["data"]["guild_id"] == str(guild)


def process_environment(server: LoopbackDiscord, tmp_path: Path) -> dict[str, str]:
    return {
        **{key: value for key, value in os.environ.items() if key != "DEV_GUILD_ID"},
        "PYTHONPATH": str(REPO),
        "DISCORD_TOKEN": server.token,
        "DATABASE_PATH": str(tmp_path / "data" / "meeple.db"),
        "LOG_LEVEL": "INFO",
        "LOOPBACK_API": server.api_base,
        "LOOPBACK_GATEWAY": server.gateway_url,
    }


async def bot_process(
    server: LoopbackDiscord, tmp_path: Path, *args: str
) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.discord.loopback_main",
        *args,
        cwd=tmp_path,
        env=process_environment(server, tmp_path),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def test_python_m_bot_sync_syncs_and_the_next_start_does_not(
    discord_server: LoopbackDiscord, tmp_path: Path
) -> None:
    process = await bot_process(discord_server, tmp_path, "sync")
    out, err = await asyncio.wait_for(process.communicate(), PROCESS_TIMEOUT)

    assert process.returncode == 0, err.decode()
    (sync,) = discord_server.command_syncs
    assert f"Synced {len(sync.commands)} slash commands globally" in out.decode()
    assert invite_url(discord_server.application_id) in out.decode()
    assert discord_server.gateway.identifies == 0  # a sync needs no gateway connection
    settings = Settings(_env_file=None, database_path=tmp_path / "data" / "meeple.db")
    async with run_bot(make_bot(settings), discord_server):
        pass
    assert len(discord_server.command_syncs) == 1


async def test_python_m_bot_with_a_token_runs_the_bot_until_sigterm(
    discord_server: LoopbackDiscord, tmp_path: Path
) -> None:
    process = await bot_process(discord_server, tmp_path)
    try:
        await discord_server.state.wait_until(
            lambda: discord_server.gateway.live_sessions or None,
            timeout=PROCESS_TIMEOUT,
            what="the bot process to connect",
        )
        handle = await discord_server.send_slash(
            discord_server.user("alice"), discord_server.channel("games"), "rules"
        )
        assert "terra-nova-2006" in (await handle.original_message()).content
    finally:
        process.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(process.communicate(), PROCESS_TIMEOUT)

    assert process.returncode == 0, err.decode()
    assert "stopped" in err.decode()
    assert discord_server.gateway.live_sessions == []


def test_python_m_bot_sync_needs_a_token(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    error_logs_expected: None,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)

    assert main(["sync"]) == 2
    assert "needs DISCORD_TOKEN" in caplog.text


def test_the_readme_invites_the_bot_with_the_permissions_it_uses() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "scope=bot+applications.commands" in readme
    assert f"permissions={REQUIRED_PERMISSIONS.value}" in readme


async def test_a_sync_another_process_claimed_is_left_to_it_and_taken_over_if_it_dies(
    discord_server: LoopbackDiscord, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sync, "CHECK_BACK", timedelta(seconds=0.05))
    async with run_bot(make_bot(settings, sync_on_start=False), discord_server) as probe:
        key = f"{sync.hash_key(probe)}:{await sync.tree_hash(probe)}"
        other = Claims(probe.store.database, "another process", timedelta(seconds=1))
        assert await other.claim(sync.COMMAND_SYNC, key, datetime.now(UTC))

    async with run_bot(make_bot(settings), discord_server):
        assert discord_server.command_syncs == []  # left to the other process …
        await discord_server.state.wait_until(  # … which dies: its lease runs out
            lambda: discord_server.command_syncs or None, timeout=5.0, what="the sync"
        )
        await asyncio.sleep(0.2)
    assert len(discord_server.command_syncs) == 1
