"""What the transports present and no longer work out themselves: previews confirmed once on
the position previewed, a table's lobby message, and listings in a transport's own style."""

from __future__ import annotations

import pytest

from bot.service import (
    BadRequest,
    BoardChanged,
    Channel,
    ListingStyle,
    NotAllowed,
    Service,
    TableSummary,
    WrongStage,
)
from tests.bot.helpers import ALICE, BOB, CAROL, CHANNEL, ManualClock, start_table


async def test_a_confirmed_preview_is_played_once_and_takes_the_buttons_off_first(
    service: Service,
) -> None:
    first, _ = await start_table(service, [ALICE, BOB])
    preview = await service.preview(CHANNEL, first, "  take   2 ")
    assert preview.confirmation_id is not None
    taken: list[str] = []

    async def take_buttons_off() -> None:
        taken.append("buttons")

    played = await service.confirm(CHANNEL, first, preview.confirmation_id, taken=take_buttons_off)

    assert played.text.startswith(f"{first.name}: take 2") and not played.private
    assert taken == ["buttons"]
    with pytest.raises(BadRequest, match="already confirmed or cancelled"):
        await service.confirm(CHANNEL, first, preview.confirmation_id)
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None and (table.move_count, table.to_act) == (1, [1])


async def test_only_its_player_answers_a_preview_and_a_cancelled_one_plays_nothing(
    service: Service,
) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    preview = await service.preview(CHANNEL, first, "take 1")
    assert preview.confirmation_id is not None

    with pytest.raises(NotAllowed, match="Only the player who asked"):
        await service.confirm(CHANNEL, second, preview.confirmation_id)
    cancelled = await service.cancel(CHANNEL, first, preview.confirmation_id)

    assert cancelled.private and cancelled.text == "Cancelled — nothing was played."
    with pytest.raises(BadRequest, match="already confirmed or cancelled"):
        await service.confirm(CHANNEL, first, preview.confirmation_id)
    with pytest.raises(BadRequest, match="I do not know this question"):
        await service.cancel(CHANNEL, first, preview.confirmation_id + 1)
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.move_count == 0


async def test_a_preview_of_a_position_gone_by_shows_the_new_board(service: Service) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    preview = await service.preview(CHANNEL, first, "take 1")
    assert preview.confirmation_id is not None
    await service.act(CHANNEL, first, "take 2")
    await service.act(CHANNEL, second, "take 1")

    with pytest.raises(BoardChanged):
        await service.confirm(CHANNEL, first, preview.confirmation_id)


async def test_a_preview_of_an_abandoned_table_does_nothing(service: Service) -> None:
    first, _ = await start_table(service, [ALICE, BOB])
    preview = await service.preview(CHANNEL, first, "take 1")
    assert preview.confirmation_id is not None and preview.table_id is not None
    await service.abandon(CHANNEL, ALICE)

    with pytest.raises(WrongStage, match=f"Table #{preview.table_id} is no longer open here"):
        await service.confirm(CHANNEL, first, preview.confirmation_id)


async def test_the_lobby_message_follows_the_table_and_remembers_where_it_was_posted(
    service: Service,
) -> None:
    opened = await service.create_table(CHANNEL, ALICE, "pile", {"size": "7"}, 3)
    assert opened.table_id is not None
    await service.join(CHANNEL, BOB)

    lobby = await service.lobby_post(opened.table_id)
    assert lobby is not None and lobby.open and lobby.message_id is None
    assert lobby.text == (
        f"**Table #{opened.table_id}: Pile (test game)** — 1–4 players, options: size 7; skip "
        "after 24 h.\n"
        "Seated (2/4): alice and bob.\n"
        "Join with the button or /join; alice starts the game with Start or /start."
    )
    await service.remember_lobby_post(opened.table_id, CHANNEL.id, "m-1")
    await service.start(CHANNEL, ALICE)

    started = await service.lobby_post(opened.table_id)
    assert started is not None and not started.open
    assert (started.channel_id, started.message_id) == (CHANNEL.id, "m-1")
    seated = [seat.display_name for seat in await service.store.tables.seats(opened.table_id)]
    assert started.text == (
        f"**Table #{opened.table_id}: Pile (test game)** has started: {' and '.join(seated)}. "
        "Play with /move; /board shows it."
    )
    assert await service.lobby_post(opened.table_id + 1) is None


async def test_a_table_opened_in_a_thread_is_announced_where_it_was_asked_for(
    service: Service,
) -> None:
    assert service.check_new_table("pile", {"size": "5"}) == "Pile (test game)"
    opened = await service.create_table(Channel("thread-1", "guild-1"), ALICE, "pile")
    assert opened.table_id is not None

    note = await service.opened_in_thread(ALICE, opened.table_id, "<#thread-1>")

    assert note.text == (
        f"alice opened table #{opened.table_id} (Pile (test game)) in its own thread: "
        "<#thread-1> — join it there!"
    )


class Linked(ListingStyle):
    scope = "in this server"
    bullet = "• "

    def channel(self, summary: TableSummary) -> str:
        return f"<#{summary.channel_id}>"

    def link(self, summary: TableSummary) -> str:
        return f"https://example.test/{summary.channel_id}"


async def test_listings_in_a_transports_own_style(service: Service, clock: ManualClock) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    await service.create_table(Channel("chan-2", CHANNEL.guild_id), CAROL, "pile")
    clock.advance(minutes=5)

    games = await service.tables_here(CHANNEL, Linked())
    mine = await service.my_games(first, Linked())
    nowhere = await service.tables_here(Channel("elsewhere", "guild-2"), Linked())

    assert games.text.splitlines() == [
        "Open tables in this server:",
        f"• #1 Pile (test game) in <#{CHANNEL.id}>: {first.name} and {second.name}; waiting for "
        f"{first.name} since 2026-01-01 12:00 UTC (5 min ago).",
        "• #2 Pile (test game) in <#chan-2>: in the lobby with carol.",
    ]
    assert mine.text == (
        "Waiting for you:\n"
        f"• #1 Pile (test game), since 2026-01-01 12:00 UTC (5 min ago): "
        f"https://example.test/{CHANNEL.id}"
    )
    assert nowhere.text == "No open tables in this server. Open one with /newgame."
