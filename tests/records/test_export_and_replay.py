"""/export and /replay through the service: secrets while the game runs, everything after;
which tables; the replay's range, frames and captions."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest
from PIL import Image

from bot.service import BadRequest, Channel, NoOpenTable, Service, User, WrongStage
from bot.store import Store
from engine.core.record import read_header
from engine.games.tiny_towns.notation import PUBLIC_KEEP
from tests.bot.helpers import ALICE, BOB, CAROL, MALLORY, ManualClock, drawn_view, fake_renderer

from .games import play_to_the_end

CHANNEL = Channel("records", "guild-1")


def fake_animator(pngs: Sequence[bytes], captions: Sequence[str]) -> tuple[bytes, int]:
    """Stands in for the GIF: the views drawn and the captions, as JSON."""
    views = [drawn_view(png) for png in pngs]
    return json.dumps({"views": views, "captions": list(captions)}).encode(), 1


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Service]:
    async with await Store.open(tmp_path / "db.sqlite") as store:
        yield Service(store, renderer=fake_renderer, animator=fake_animator, clock=ManualClock())


async def keeping_started(service: Service) -> list[User]:
    """A Tiny Towns table (alice, bob) where both have kept their secret monument."""
    await service.create_table(CHANNEL, ALICE, "tiny-towns", {}, 5)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    for user in (ALICE, BOB):
        keep = [a for a in await service.legal_actions(CHANNEL, user) if a.startswith("keep ")]
        await service.act(CHANNEL, user, keep[0])
    return [ALICE, BOB]


def lines_of(reply_data: bytes) -> list[str]:
    return reply_data.decode("utf-8").splitlines()


async def test_while_the_game_runs_others_secrets_are_shown_as_everybody_reads_them(
    service: Service,
) -> None:
    await keeping_started(service)
    actions = await service.store.actions.actions_from(1, 1)
    kept = {action.user_id: action.text for action in actions}
    mine = await service.export(CHANNEL, ALICE)
    assert mine.private and mine.attachment is not None
    assert mine.attachment.filename == "table-1.txt"
    moves = [line for line in lines_of(mine.attachment.data) if not line.startswith("#")]
    assert f"alice: {kept[ALICE.id]}" in moves
    assert f"bob: {PUBLIC_KEEP}  # secret" in moves
    assert kept[BOB.id] not in mine.attachment.data.decode()
    assert "1 secret action of others is shown as everybody reads it" in mine.text
    onlooker = await service.export(CHANNEL, MALLORY)
    assert onlooker.attachment is not None
    assert kept[ALICE.id] not in onlooker.attachment.data.decode()
    assert "2 secret actions" in onlooker.text


async def test_after_the_end_the_record_holds_everything(service: Service) -> None:
    await play_to_the_end(service, CHANNEL, [ALICE, BOB, CAROL], "tiny-towns", {}, 3)
    exported = await service.export(CHANNEL, MALLORY)
    assert exported.attachment is not None
    text = exported.attachment.data.decode()
    assert "# secret" not in text and PUBLIC_KEEP not in text
    header = read_header(text.splitlines())
    table = await service.store.tables.table(1)
    assert table is not None and header is not None
    assert (header.game, header.seed) == ("tiny-towns", table.seed)
    assert header.players == [s.display_name for s in await service.store.tables.seats(1)]
    assert "finished after" in text.splitlines()[0]
    assert any(line.startswith("# Final scores: ") for line in text.splitlines())
    assert "secret" not in exported.text


async def test_another_table_of_the_server_by_its_number(service: Service) -> None:
    await play_to_the_end(service, CHANNEL, [ALICE, BOB], "terra-nova-2006", {}, 1)
    elsewhere = Channel("elsewhere", "guild-1")
    other_server = Channel("far", "guild-2")
    assert (await service.export(elsewhere, ALICE, 1)).attachment is not None
    with pytest.raises(BadRequest, match="There is no table #1 on this server"):
        await service.export(other_server, ALICE, 1)
    with pytest.raises(BadRequest, match="no table #7"):
        await service.export(elsewhere, ALICE, 7)
    with pytest.raises(NoOpenTable):
        await service.export(elsewhere, ALICE)


async def test_a_lobby_has_no_record(service: Service) -> None:
    await service.create_table(CHANNEL, ALICE, "tiny-towns", {}, 5)
    with pytest.raises(WrongStage, match="has not started yet, so there is nothing to export"):
        await service.export(CHANNEL, ALICE)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    with pytest.raises(WrongStage, match="Nothing has been played"):
        await service.prepare_replay(CHANNEL, ALICE)


async def test_a_replay_shows_the_public_board_before_and_after_each_action(
    service: Service,
) -> None:
    await keeping_started(service)
    job = await service.prepare_replay(CHANNEL, ALICE)
    assert job.notice.private and "it comes in a moment" in job.notice.text
    assert "actions 1–2 (3 positions)" in job.notice.text
    reply = await service.draw_replay(job)
    assert not reply.private and reply.attachment is not None
    assert reply.attachment.filename == "table-1-replay-1-2.gif"
    drawn = json.loads(reply.attachment.data)
    assert drawn["captions"] == [
        "Table #1 (Tiny Towns): the start",
        f"#1 {(await name_of(service, 0))}: {PUBLIC_KEEP}",
        f"#2 {(await name_of(service, 1))}: {PUBLIC_KEEP}",
    ]
    game = service.catalog.get("tiny-towns")
    final = game.load_state((await service.store.tables.table(1)).state_json)  # type: ignore[union-attr]
    assert drawn["views"][-1] == json.loads(json.dumps(game.view(final, None)))
    assert "0.4 s per action" in reply.text


async def name_of(service: Service, seat: int) -> str:
    return (await service.store.tables.seats(1))[seat].display_name


async def test_a_part_of_the_game(service: Service) -> None:
    await play_to_the_end(service, CHANNEL, [ALICE, BOB], "terra-nova-2006", {}, 1)
    reply = await service.draw_replay(await service.prepare_replay(CHANNEL, BOB, 5, 9))
    drawn = json.loads(reply.attachment.data)  # type: ignore[union-attr]
    assert len(drawn["views"]) == 6
    assert drawn["captions"][0] == "Before action #5"
    assert [caption.split(" ")[0] for caption in drawn["captions"][1:]] == [
        "#5",
        "#6",
        "#7",
        "#8",
        "#9",
    ]


async def test_the_replay_plays_the_log_again_from_the_start(service: Service) -> None:
    """No position is stored per action: the replay builds each from the game's players,
    seed, options and its log, and ends where the table is."""
    await play_to_the_end(service, CHANNEL, [ALICE, BOB], "terra-nova-2006", {}, 1)
    table = await service.store.tables.table(1)
    assert table is not None and table.state_json is not None
    reply = await service.draw_replay(await service.prepare_replay(CHANNEL, BOB))
    drawn = json.loads(reply.attachment.data)  # type: ignore[union-attr]
    assert len(drawn["views"]) == table.move_count + 1
    game = service.catalog.get("terra-nova-2006")
    final = game.view(game.load_state(table.state_json), None)
    assert drawn["views"][-1] == json.loads(json.dumps(final))
    assert drawn["views"][0] != drawn["views"][-1]


@pytest.mark.parametrize(("first", "last"), [(0, 3), (4, 3), (1, 10_000)])
async def test_a_range_outside_the_game_is_refused(service: Service, first: int, last: int) -> None:
    await keeping_started(service)
    with pytest.raises(BadRequest, match="actions 1 to 2: from: and to: must lie between them"):
        await service.prepare_replay(CHANNEL, ALICE, first, last)


async def test_the_real_replay_is_an_animated_gif_of_every_position(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite")
    service = Service(store, clock=ManualClock())  # the real renderer and animator
    await keeping_started(service)
    reply = await service.draw_replay(await service.prepare_replay(CHANNEL, ALICE))
    assert reply.attachment is not None
    gif = Image.open(io.BytesIO(reply.attachment.data))
    assert gif.format == "GIF" and gif.n_frames == 3 and gif.info["loop"] == 0
    await store.close()
