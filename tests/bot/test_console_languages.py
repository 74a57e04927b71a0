"""The console speaks the settings' language: with DEFAULT_LANGUAGE=de a table is played in
German from /newgame on (its channel's messages and every private reply), and `--language`
gives the people at the keyboard their own replies in another language while the table's
messages stay in the table's."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings
from bot.console import run_console
from tests.bot.helpers import fake_renderer
from tests.support.english import english_in

GERMAN_GAME = [
    "alice> /newgame game:terra-nova-2006 seed:3",
    "bob> /join",
    "bob> /join",
    "alice> /start",
    "alice> /status",
    "alice> /history",
    "bob> /undo",
    "alice> /frobnicate",
    "alice> /language",
]


def _settings(tmp_path: Path, language: str) -> Settings:
    return Settings(
        _env_file=None,
        database_path=tmp_path / "data" / "console.db",
        board_dir=tmp_path / "boards",
        default_language=language,
    )


async def _run(tmp_path: Path, lines: list[str], default: str, reader: str | None = None) -> None:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    status = await run_console(
        _settings(tmp_path, default), script=script, renderer=fake_renderer, language=reader
    )
    assert status == 0


async def test_the_console_plays_a_table_in_german_with_default_language_de(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await _run(tmp_path, GERMAN_GAME, "de")

    out = capsys.readouterr().out
    replies = "\n".join(line for line in out.splitlines() if "> /" not in line)
    assert "alice hat Tisch #1 eröffnet: Terra Nova (2006) für 2–4 Personen" in replies
    assert "bob setzt sich an Tisch #1 (Terra Nova (2006))" in replies
    assert "Fehler: Du sitzt schon an Tisch #1 (Terra Nova (2006))." in replies
    assert "Tisch #1 (Terra Nova (2006)) beginnt! Sitzreihenfolge" in replies
    assert "(nur alice sieht das) Tisch #1 (Terra Nova (2006)): läuft, 0 Aktionen gespielt." in out
    assert "Fehler: An Tisch #1 (Terra Nova (2006)) wurde noch nichts gespielt" in replies
    assert "Fehler: Unbekannter Befehl /frobnicate." in replies
    assert "Tisch #1 (Terra Nova (2006)) spricht Deutsch." in replies
    assert english_in(replies) == []


async def test_a_console_reader_of_another_language_reads_their_own_replies_in_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await _run(tmp_path, GERMAN_GAME, "de", reader="en")

    out = capsys.readouterr().out
    # The table's messages: German, as the table speaks; every reply to the asking user alone
    # (and every refusal): English, as they read.
    assert "alice hat Tisch #1 eröffnet" in out
    assert "Tisch #1 (Terra Nova (2006)) beginnt!" in out
    assert "error: You are already seated at table #1 (Terra Nova (2006))." in out
    assert "(only alice sees this) Table #1 (Terra Nova (2006)): active, 0 actions played." in out
    assert "error: Unknown command /frobnicate." in out
    assert "Table #1 (Terra Nova (2006)) speaks Deutsch." in out
    assert "Your own replies read in English." in out
