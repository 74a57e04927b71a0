"""The bot against the loopback Discord: a fresh database per test, the real engine and
renderer."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator

import pytest

from bot.config import Settings
from bot.discord_app import MeepleBot
from tests.discord_loopback import LoopbackDiscord, run_bot
from tests.discord_loopback.fixtures import discord_server  # noqa: F401

from .helpers import make_bot


@pytest.fixture(autouse=True)
def no_error_logs(
    request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture
) -> Iterator[None]:
    """Fails a test whose bot logged an error, unless it asks for `error_logs_expected`:
    failures must be visible, and none should happen unnoticed."""
    caplog.set_level(logging.INFO, logger="bot")
    yield
    if "error_logs_expected" in request.fixturenames:
        return
    # Setup and test, and the teardown so far (the bot closes before this fixture ends).
    records = [*caplog.get_records("setup"), *caplog.get_records("call"), *caplog.records]
    errors = [r for r in records if r.levelno >= logging.ERROR and r.name.startswith("bot")]
    assert not errors, "the bot logged errors:\n" + "\n".join(r.getMessage() for r in errors)


@pytest.fixture
def error_logs_expected() -> None:
    """Requested by tests that provoke failures on purpose."""


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(_env_file=None, database_url=database_url)


@pytest.fixture
async def bot(
    discord_server: LoopbackDiscord,  # noqa: F811 (the fixture imported above)
    settings: Settings,
) -> AsyncIterator[MeepleBot]:
    """A ready bot whose commands were synced at start-up (the database was empty)."""
    async with run_bot(make_bot(settings), discord_server) as running:
        yield running
