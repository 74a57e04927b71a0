"""Display names are cleaned where they enter the service: no control or direction-changing
characters, at most 32 characters, something sensible when nothing is left — and what is
left is what every reply, seat and image shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console import ConsoleTable, Outcome
from bot.service import Service, User
from bot.service.names import FALLBACK_NAME, MAX_NAME, clean_name
from tests.bot.helpers import ALICE, CHANNEL
from tests.support.pile_game import PileGame

RLO = "\u202e"


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("bob", "bob"),
        ("b\x00o\x07b\x1b", "bob"),
        ("\x1b[31mred\x1b[0m", "[31mred[0m"),
        (f"eve{RLO}gnp.exe", "evegnp.exe"),
        ("\u2066isolated\u2069 \u200fmark", "isolated mark"),
        ("zero\u200bwidth\ufeff", "zerowidth"),
        ("two\nlines\tand  spaces ", "two lines and spaces"),
        ("Zoë José", "Zoë José"),
        ("مرحبا", "مرحبا"),
        ("👩\u200d👩\u200d👧", "👩\u200d👩\u200d👧"),
        ("", FALLBACK_NAME),
        ("\x00\x07\u202e  \n", FALLBACK_NAME),
    ],
)
def test_a_name_loses_what_cannot_be_shown_safely(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean


def test_a_long_name_is_cut_as_discord_does() -> None:
    assert clean_name("🎲" * 2000) == "🎲" * MAX_NAME
    assert clean_name("x" * 31 + "e\u0301" * 5) == "x" * 31 + "e"  # no half a letter
    assert clean_name("a" * 40) == "a" * MAX_NAME


def test_cleaning_twice_changes_nothing() -> None:
    for raw in ("b\x00ob", "🎲" * 50, RLO + "x", ""):
        assert clean_name(clean_name(raw)) == clean_name(raw)


def test_every_user_the_service_sees_has_a_clean_name() -> None:
    assert User(id="1", name=f"mal{RLO}lory\x00").name == "mallory"


@pytest.mark.parametrize(
    "raw",
    ["nul\x00name", "bell\x07", "esc\x1b[2J", f"flip{RLO}desrever", "🎉" * 2000, "\x00"],
)
async def test_the_table_shows_and_stores_only_the_clean_name(service: Service, raw: str) -> None:
    creator = User(id="u-raw", name=raw)
    expected = clean_name(raw)

    opened = await service.create_table(CHANNEL, creator, "pile", {}, 1)
    joined = await service.join(CHANNEL, ALICE)
    started = await service.start(CHANNEL, creator)
    status = await service.status(CHANNEL, ALICE)

    for reply in (opened, joined, started, status):
        assert raw not in reply.text or raw == expected
        assert not any(char in reply.text for char in "\x00\x07\x1b" + RLO)
        assert len(reply.text) < 1000
    assert f"{expected} opened table #1" in opened.text
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None
    assert expected in [seat.display_name for seat in await service.store.tables.seats(table.id)]
    assert table.state_json is not None  # the game (and so every image) knows the clean name
    assert expected in PileGame().load_state(table.state_json).players


async def test_a_console_name_may_start_with_a_hash(service: Service, tmp_path: Path) -> None:
    """`#bob> /join` is bob's line; only `#` alone or followed by a space begins a comment."""
    lines: list[str] = []
    console = ConsoleTable(service, tmp_path)
    console.say = lines.append  # type: ignore[method-assign]

    assert await console.handle("alice> /newgame game:pile") is Outcome.DONE
    assert await console.handle("#bob> /join") is Outcome.DONE
    assert await console.handle("# bob> /join") is Outcome.SKIPPED
    assert await console.handle("   #") is Outcome.SKIPPED

    assert any(line.startswith("#bob joins table #1") for line in lines), lines
