"""Smaller things players meet at a table: the lobby names only the options that differ from
the defaults, in words (also for tables stored with the old option spelling); nobody is
pinged by their own command; /legal's filter matches whole words, so G1 is not G10."""

from __future__ import annotations

import json

import pytest

from bot.service import GameCatalog, Service
from bot.service.info import with_words
from bot.store import Store
from bot.store.values import read_state, stored_state
from engine.games.terra_nova import TerraNova
from engine.games.tiny_towns import TinyTowns
from tests.bot.helpers import ALICE, BOB, CHANNEL, ManualClock, fake_renderer, start_table


@pytest.fixture
def games(store: Store, clock: ManualClock) -> Service:
    catalog = GameCatalog([TinyTowns(), TerraNova()])
    return Service(store, games=catalog, renderer=fake_renderer, clock=clock)


async def test_the_lobby_names_only_the_options_changed_in_words(games: Service) -> None:
    opened = await games.create_table(
        CHANNEL, ALICE, "tiny-towns", {"monuments": "off", "more-storage": "on"}
    )
    assert "(options: monuments off, more-storage on; skip after 24 h)" in opened.text
    assert opened.table_id is not None
    lobby = await games.lobby_post(opened.table_id)
    assert lobby is not None
    assert "— 1–6 players, options: monuments off, more-storage on; skip after 24 h." in (
        lobby.text
    )
    await games.abandon(CHANNEL, ALICE)
    plain = await games.create_table(CHANNEL, ALICE, "tiny-towns", {"monuments": "on"})
    assert "(default options; skip after 24 h)" in plain.text
    status = await games.status(CHANNEL, ALICE)
    assert "Its terms: default options; skip after 24 h." in status.text


async def test_a_table_stored_with_the_old_option_spelling_reads_and_plays_on(
    games: Service, store: Store
) -> None:
    """A Terra Nova table opened before the options were renamed keeps `turn_order` in its
    row, and once started in its state snapshot."""
    opened = await games.create_table(CHANNEL, ALICE, "terra-nova", {"turn-order": "drop-out"})
    assert opened.table_id is not None
    await rewrite(store, opened.table_id, "options_json")
    lobby = await games.lobby_post(opened.table_id)
    assert lobby is not None and "options: turn-order drop-out; skip after 24 h." in lobby.text
    await games.join(CHANNEL, BOB)
    await games.start(CHANNEL, ALICE)
    await rewrite(store, opened.table_id, "state_json")

    table = await store.tables.open_table(CHANNEL.id)
    assert table is not None
    seats = await store.tables.seats(table.id)
    player = next(user for user in (ALICE, BOB) if user.id == seats[table.to_act[0]].user_id)
    await games.act(CHANNEL, player, (await games.legal_actions(CHANNEL, player))[0])

    after = await store.tables.open_table(CHANNEL.id)
    assert after is not None and after.state_json is not None
    assert json.loads(after.state_json)["options"]["turn-order"] == "drop-out"


async def rewrite(store: Store, table_id: int, column: str) -> None:
    """Write the table's options (or its state's) with the old, snake-case keys."""
    row = await store.database.fetch_one(
        f"SELECT {column} FROM game_tables WHERE id = ?", (table_id,)
    )
    assert row is not None
    data = json.loads(read_state(row[column]))  # a state is stored compressed; JSON text reads
    options = data if column == "options_json" else data["options"]
    renamed = {key.replace("-", "_"): value for key, value in options.items()}
    assert renamed != options
    if column == "options_json":
        data = renamed
    else:
        data["options"] = renamed
    written = json.dumps(data)
    stored = written if column == "options_json" else stored_state(written)
    async with store.database.write() as db:
        await db.execute(f"UPDATE game_tables SET {column} = ? WHERE id = ?", (stored, table_id))


async def test_nobody_is_pinged_by_their_own_command(service: Service) -> None:
    await service.create_table(CHANNEL, ALICE, "pile")
    solo_start = await service.start(CHANNEL, ALICE)
    assert solo_start.mentions == ()
    await service.act(CHANNEL, ALICE, "take 2")
    own_undo = await service.request_undo(CHANNEL, ALICE)
    assert own_undo.text.startswith("Taken back") and own_undo.mentions == ()


async def test_an_undo_of_your_own_turn_does_not_ping_you(service: Service) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    await service.act(CHANNEL, first, "take 1")
    asked = await service.request_undo(CHANNEL, first)
    assert asked.undo_request_id is not None and [m.user_id for m in asked.mentions] == [second.id]
    approved = await service.approve_undo(CHANNEL, second)
    assert [m.user_id for m in approved.mentions] == [first.id]  # it was theirs to ask


def test_a_filter_matches_whole_words_and_cells() -> None:
    actions = ["build G10", "build G1", "upgrade G1 tp", "build G13", "stone F6", "move G1 G10"]
    assert with_words(actions, "G1") == ["build G1", "upgrade G1 tp", "move G1 G10"]
    assert with_words(actions, "  move   g1 ") == ["move G1 G10"]
    assert with_words(actions, "g10") == ["build G10", "move G1 G10"]
    assert with_words(actions, "stone") == ["stone F6"]
    assert with_words(actions, "sto") == []
    assert with_words(actions, "") == actions


async def test_legal_with_a_filter_that_matches_nothing_says_how_it_matches(
    service: Service,
) -> None:
    first, _ = await start_table(service, [ALICE, BOB])
    assert (await service.legal(CHANNEL, first, "take")).text.startswith(
        "Your legal actions (3): take 1 | take 2 | take 3"
    )
    answer = await service.legal(CHANNEL, first, "tak")
    assert answer.text.startswith("None of your legal actions contains 'tak' (the filter")


async def test_a_creator_who_skips_to_their_own_turn_is_not_pinged(
    service: Service, clock: ManualClock
) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    absent = second if first == ALICE else first
    if first == ALICE:
        await service.act(CHANNEL, ALICE, "take 1")  # now the table waits for bob
    clock.advance(hours=24)

    skipped = await service.skip(CHANNEL, ALICE, absent.name)

    assert skipped.text.startswith(f"alice used /skip on {absent.name}")
    assert "Waiting for alice" in skipped.text and skipped.mentions == ()
