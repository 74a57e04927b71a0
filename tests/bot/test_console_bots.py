"""Whole games with bots at the console, for every game (the real engine; a stand-in
renderer, as the pictures are not what is tested here): a solo player against bots, and a
player who dropped out and was replaced by the bot; and a bot turn that fell due while the
console was closed, played when it starts again."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import engine
from bot.config import Settings
from bot.console import ConsoleTable, run_console
from bot.service import Service
from bot.service.bot_policy import ROBOT
from bot.store import Store
from engine.ai import choose_action

from .helpers import fake_renderer

#: A player count each game allows with at least one bot beside one person.
PLAYERS = {game.info.key: max(2, game.info.min_players) for game in engine.all_games()}
#: Safety net: no game of ours needs this many console lines.
MAX_LINES = 3000


async def console(tmp_path: Path) -> tuple[ConsoleTable, io.StringIO, Store]:
    store = await Store.open(tmp_path / "meeple.db")
    out = io.StringIO()
    service = Service(store, renderer=fake_renderer)
    return ConsoleTable(service, tmp_path / "boards", out), out, store


async def play_out(table: ConsoleTable, store: Store, person: str, seed: int) -> int:
    """`person` plays (the `easy` bot's choices, typed at the console) until the game is
    over; the bots play after each line by themselves. Returns the lines typed."""
    lines = 0
    while lines < MAX_LINES:
        record = await store.tables.latest_table("console")
        assert record is not None and record.state_json is not None
        if record.status == "finished":
            return lines
        seats = {s.user_id: s.seat for s in await store.tables.seats(record.id)}
        seat = seats[person]
        assert record.to_act == [seat] or seat in record.to_act, "the bots left nothing to do"
        game = engine.get(record.game_key)
        state = game.load_state(record.state_json)
        action = choose_action(game, state, seat, "easy", seed + lines)
        assert await table.handle(f"{person}> /move action:{action}") is not None
        lines += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_key", sorted(PLAYERS))
async def test_a_solo_player_against_bots_plays_a_whole_game(tmp_path: Path, game_key: str) -> None:
    table, out, store = await console(tmp_path)
    try:
        await table.handle(f"alice> /newgame game:{game_key} seed:11")
        for _ in range(PLAYERS[game_key] - 1):
            await table.handle("alice> /addbot level:easy")
        await table.handle("alice> /start")

        await play_out(table, store, "alice", 11)

        text = out.getvalue()
        record = await store.tables.latest_table("console")
        assert record is not None and record.status == "finished"
        actions = await store.actions.recent_actions(record.id, 10_000)
        bots = {s.seat for s in await store.tables.seats(record.id) if s.bot_level}
        assert {a.seat for a in actions if a.bot_level} == bots
        assert all(a.bot_level == "easy" for a in actions if a.seat in bots)
        assert f"\n{ROBOT} Ada: " in text and "Game over at table #1" in text
        assert f"@{ROBOT}" not in text  # bots are never pinged
    finally:
        await store.close()


async def test_tiny_towns_own_solo_game_needs_no_bot(tmp_path: Path) -> None:
    """Tiny Towns' solo game (one person, no bot) is untouched by the bots' runner; a Tiny
    Towns table of a person and a bot is among the whole games above."""
    table, out, store = await console(tmp_path)
    try:
        await table.handle("alice> /newgame game:tiny-towns seed:4")
        await table.handle("alice> /start")
        await play_out(table, store, "alice", 4)
        assert "Game over at table #1" in out.getvalue()
        assert ROBOT not in out.getvalue()
    finally:
        await store.close()


@pytest.mark.parametrize("game_key", sorted(PLAYERS))
async def test_a_player_who_dropped_out_is_replaced_by_the_bot_to_the_end(
    tmp_path: Path, game_key: str
) -> None:
    table, out, store = await console(tmp_path)
    try:
        await table.handle(f"alice> /newgame game:{game_key} seed:12")
        for name in ("bob", "carol", "dan")[: PLAYERS[game_key] - 1]:
            await table.handle(f"{name}> /join")
        await table.handle("alice> /start")
        # bob has gone quiet; alice (the creator) hands his seat to the bot.
        assert (await table.handle("alice> /replace player:bob with:bot level:easy")).value
        marker = len(out.getvalue())

        await play_out_all(table, store, exclude="bob", seed=12)

        after = out.getvalue()[marker:]
        assert f"bob ({ROBOT} bot, easy): " in after
        assert "@bob" not in after  # the bot plays bob: he is not pinged
        record = await store.tables.latest_table("console")
        assert record is not None and record.status == "finished"
    finally:
        await store.close()


async def play_out_all(table: ConsoleTable, store: Store, *, exclude: str, seed: int) -> None:
    """Every person but `exclude` plays legal actions of the `easy` bot until the game is over."""
    for number in range(MAX_LINES):
        record = await store.tables.latest_table("console")
        assert record is not None and record.state_json is not None
        if record.status == "finished":
            return
        seats = await store.tables.seats(record.id)
        people = [s for s in seats if s.user_id != exclude and s.seat in record.to_act]
        assert people, "the bot left bob's turn unplayed"
        game = engine.get(record.game_key)
        state = game.load_state(record.state_json)
        mover = people[0]
        assert mover.seat is not None
        action = choose_action(game, state, mover.seat, "easy", seed + number)
        await table.handle(f"{mover.user_id}> /move action:{action}")
    raise AssertionError("the game did not end")


async def test_a_bot_turn_due_while_the_console_was_closed_is_played_at_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The move is made without any console (as another process would), then the console
    starts and the bot plays at once."""
    store = await Store.open(tmp_path / "meeple.db")
    try:
        service = Service(store, renderer=fake_renderer)
        quiet = ConsoleTable(service, tmp_path / "boards", io.StringIO())
        quiet.bots.run_once = _nothing  # type: ignore[method-assign]  # the process "is down"
        await quiet.handle("alice> /newgame game:terra-nova-2006 seed:3")
        await quiet.handle("alice> /addbot level:easy")
        await quiet.handle("alice> /start")
        record = await store.tables.latest_table("console")
        assert record is not None and record.to_act == [0]  # the seed seats the bot first
    finally:
        await store.close()
    script = tmp_path / "script.txt"
    script.write_text("alice> /status\n", encoding="utf-8")
    settings = Settings(
        _env_file=None, database_path=tmp_path / "meeple.db", board_dir=tmp_path / "boards"
    )

    assert await run_console(settings, script=script, renderer=fake_renderer) == 0

    printed = capsys.readouterr().out
    assert printed.index(f"{ROBOT} Ada: place ") < printed.index("alice> /status")


async def _nothing() -> None:
    return None
