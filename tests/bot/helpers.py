"""Shared test helpers for the bot: the pile game in a catalog, a stand-in renderer, a clock."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.console import run_console
from bot.service import Channel, GameCatalog, Reply, Service, User
from bot.store import Store, TableRecord, TableUpdate
from bot.store.values import stored_state
from engine.core import OptionValue
from tests.support.pile_game import PileGame

FAKE_PNG_HEADER = b"\x89PNG-fake\n"

CHANNEL = Channel(id="chan-1", guild_id="guild-1")
ALICE = User(id="u-alice", name="alice")
BOB = User(id="u-bob", name="bob")
CAROL = User(id="u-carol", name="carol")
MALLORY = User(id="u-mallory", name="mallory")


def pile_catalog() -> GameCatalog:
    return GameCatalog([PileGame()])


def fake_renderer(game_key: str, view: Mapping[str, Any]) -> bytes:
    """Stands in for the real renderer: the view itself, so tests can see what was drawn."""
    return FAKE_PNG_HEADER + json.dumps({"game": game_key, "view": view}, sort_keys=True).encode()


def drawn_view(png: bytes) -> dict[str, Any]:
    """The view a fake image was drawn from."""
    assert png.startswith(FAKE_PNG_HEADER)
    data: dict[str, Any] = json.loads(png[len(FAKE_PNG_HEADER) :])["view"]
    return data


async def played(reply: Awaitable[Reply]) -> Reply:
    """A move's reply once its board is drawn (`Reply.finished`): the text comes first."""
    return await (await reply).finished()


class ManualClock:
    """A clock that only moves when told to."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


async def start_table(
    service: Service,
    users: Sequence[User],
    *,
    seed: int = 1,
    size: int = 10,
    channel: Channel = CHANNEL,
    game: str = "pile",
    options: Mapping[str, OptionValue] | None = None,
) -> list[User]:
    """Open a table of `game` (a pile of `size`, or with `options`) with `users` (the first
    creates it), start it, and return the users in seat order."""
    chosen = {"size": str(size)} if options is None else options
    await service.create_table(channel, users[0], game, chosen, seed)
    for user in users[1:]:
        await service.join(channel, user)
    await service.start(channel, users[0])
    table = await service.store.tables.open_table(channel.id)
    assert table is not None
    by_id = {user.id: user for user in users}
    return [by_id[seat.user_id] for seat in await service.store.tables.seats(table.id)]


async def started_store_table(
    store: Store, state_json: str, now: datetime = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
) -> TableRecord:
    """A pile table started straight in the store (no service): ann (u1) and bob (u2) seated,
    at `state_json`, ann to act."""
    table = await store.tables.create_table(
        channel_id="c1",
        guild_id="g1",
        game_key="pile",
        options={},
        seed=7,
        creator_id="u1",
        creator_name="ann",
        now=now,
    )
    await store.tables.add_seat(table, "u2", "bob", now)
    table = await store.tables.table(table.id) or table
    await store.tables.start(table, ["u1", "u2"], TableUpdate(state_json, [0], now, False), now)
    started = await store.tables.table(table.id)
    assert started is not None
    return started


async def start_game(
    service: Service,
    game: str,
    users: Sequence[User],
    options: Mapping[str, OptionValue],
    seed: int,
    channel: Channel = CHANNEL,
) -> list[User]:
    """`start_table` for a table of `game` with `options`."""
    return await start_table(service, users, seed=seed, channel=channel, game=game, options=options)


async def set_position(
    service: Service, state: Any, seated: Sequence[User], channel: Channel = CHANNEL
) -> None:
    """Put the channel's running table into `state` (a position built by a game's test
    helpers), its players renamed to the seated users' names — as if it had been played: it
    is also the only position the table keeps (checkpoints.py), so undo restores it."""
    table = await service.store.tables.open_table(channel.id)
    assert table is not None
    game = service.catalog.get(table.game_key)
    state = state.model_copy(update={"players": [user.name for user in seated]})
    to_act = json.dumps(sorted(game.to_act(state)))
    async with service.store.database.write() as db:
        await db.execute(
            "UPDATE game_tables SET state_json = ?, to_act_json = ?, round_seats_json = ? "
            "WHERE id = ?",
            (stored_state(game.dump_state(state)), to_act, to_act, table.id),
        )
        await db.execute("DELETE FROM checkpoints WHERE table_id = ?", (table.id,))
        await db.execute(
            "INSERT INTO checkpoints (table_id, number, state) VALUES (?, ?, ?)",
            (table.id, table.move_count, stored_state(game.dump_state(state))),
        )


async def run_script(tmp_path: Path, lines: Sequence[str]) -> None:
    """Run the console `lines` as a script in strict mode, on a database and a board folder
    in `tmp_path` (boards: `tmp_path / "boards"`); every line must be carried out."""
    script = tmp_path / "game.txt"
    script.write_text("\n".join(lines) + "\n")
    settings = Settings(
        _env_file=None, database_path=tmp_path / "game.db", board_dir=tmp_path / "boards"
    )
    assert await run_console(settings, script=script, strict=True) == 0


def move_boards(names: Iterable[str], last: int) -> set[str]:
    """The public boards the moves of a console script brought, of the board files `names`:
    not a seat's own view, nor the script's closing /board (a second picture of action
    `last`, which never overwrites the first: `1-<last>-2.png`, asserted here)."""
    names = set(names)
    closing = f"1-{last}-2.png"
    assert closing in names
    return {name for name in names if "seat" not in name and name != closing}
