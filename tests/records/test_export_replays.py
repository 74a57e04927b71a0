"""Issue 14's first "done when": the export of any finished game of every game, replayed
through the command line as it is (`python -m engine play --moves FILE`, the arguments taken
from its header), gives the table's final scores — over random games with resignations,
skips and undos."""

from __future__ import annotations

import json
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

import engine
from bot.service import Channel, Service, User
from bot.store import Store
from engine.core import Rng
from tests.bot.helpers import ManualClock, fake_renderer
from tests.support.option_sets import OPTION_SETS

from .games import play_to_the_end

ROOT = Path(__file__).resolve().parents[2]
USERS = [User(f"u-{name}", name) for name in ("alice", "bob: the 2nd", "carol #3", "dave")]
#: Random games per game (each with its own seed, option set and player count).
GAMES_PER_GAME = 2


def cases() -> list[tuple[str, int]]:
    return [(game.info.key, n) for game in engine.all_games() for n in range(GAMES_PER_GAME)]


@pytest.mark.parametrize(("game_key", "number"), cases())
async def test_an_export_replays_through_the_cli_to_the_final_scores(
    tmp_path: Path, game_key: str, number: int
) -> None:
    rng = Rng(seed=zlib.crc32(f"{game_key} {number}".encode()))
    option_set = OPTION_SETS[game_key][rng.below(len(OPTION_SETS[game_key]))]
    count = option_set.counts[rng.below(len(option_set.counts))]
    users = (
        USERS[:count]
        if count <= len(USERS)
        else [*USERS, *(User(f"u-{i}", f"p{i}") for i in range(len(USERS), count))]
    )
    options = {key: str(value).lower() for key, value in option_set.options.items()}
    channel = Channel(f"chan-{game_key}-{number}", "guild-1")
    async with await Store.open(tmp_path / "db.sqlite") as store:
        service = Service(store, renderer=fake_renderer, clock=ManualClock())
        table_id = await play_to_the_end(service, channel, users, game_key, options, 7 + number)
        table = await store.tables.table(table_id)
        assert table is not None and table.status == "finished"
        game = engine.get(game_key)
        state = game.load_state(table.state_json or "")
        exported = await service.export(channel, users[0])
    assert exported.attachment is not None
    record = tmp_path / exported.attachment.filename
    record.write_bytes(exported.attachment.data)

    result = subprocess.run(
        [sys.executable, "-m", "engine", "play", "--moves", str(record)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )

    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["game"] == game_key and summary["over"] is True
    assert list(summary["scores"].values()) == game.scores(state)
    seats = {name: seat for seat, name in enumerate(summary["scores"])}
    assert [[seats[name] for name in group] for group in summary["ranking"]] == game.ranking(state)
