"""/rules at the console: the same guide, pages turned with page:N, topics by loose names,
a miss with suggestions, and the game of the channel's table when no game is named."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from bot.config import Settings
from bot.console import run_console
from bot.guides import MAIN, guide_for
from engine.games.tiny_towns.cards import BUILDINGS
from tests.bot.helpers import fake_renderer


async def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *lines: str) -> str:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    settings = Settings(
        _env_file=None, database_path=tmp_path / "console.db", board_dir=tmp_path / "boards"
    )
    status = await run_console(settings, script=script, renderer=fake_renderer)
    assert status == 0
    return capsys.readouterr().out


async def test_pages_are_turned_with_page_and_name_the_next_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    guide = guide_for(engine.get("tiny-towns").info)
    count = len(guide.topics[MAIN].pages)

    out = await run(
        tmp_path,
        capsys,
        "alice> /rules game:tiny-towns",
        "alice> /rules game:tiny-towns page:2",
        f"alice> /rules game:tiny-towns page:{count}",
        f"alice> /rules game:tiny-towns page:{count + 1}",
    )

    first, second, last = (guide.page(MAIN, n).text for n in (1, 2, count))
    assert (
        f"(only alice sees this) {first}\nPage 1 of {count}. Next: `/rules game:tiny-towns page:2`"
        in out
    )
    assert f"{second}\nPage 2 of {count}. Next: `/rules game:tiny-towns page:3`" in out
    assert f"{last}\nPage {count} of {count}.\n" in out
    assert (
        f"error: The guide of Tiny Towns has {count} pages; ask for a page from 1 to {count}."
        in out
    )


async def test_topics_by_loose_names_a_miss_and_the_tables_own_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = await run(
        tmp_path,
        capsys,
        "alice> /rules game:tiny-towns topic:Feast Hall",
        "alice> /rules game:terra-nova topic:fakirs",
        "alice> /rules topic:tavern",
        "alice> /newgame game:tiny-towns",
        "alice> /rules topic:tavern",
    )

    feast = BUILDINGS["feast-hall"]
    assert (
        f"**Tiny Towns — {feast.name}**\n**{feast.name}** — {feast.colour} building\n{feast.text}"
        in out
    )
    assert "error: Terra Nova has no topic 'fakirs'. Did you mean `fairies`" in out
    assert "error: Which game? Add game:<key>" in out
    assert out.count(f"**Tiny Towns — {BUILDINGS['tavern'].name}**") == 1
    assert out.rstrip().endswith("`/newgame game:tiny-towns options:green:tavern`.")
