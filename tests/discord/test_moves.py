"""/move through Discord: autocomplete, refusals, previews with Confirm, races, repeated
deliveries and Discord's own failures."""

from __future__ import annotations

import asyncio

import pytest

import engine
from bot.discord_app import MeepleBot, outgoing
from tests.discord_loopback import LoopbackDiscord, RecordedMessage

from .helpers import (
    GAME,
    PNG_SIGNATURE,
    current,
    last_id,
    legal_now,
    newer_message,
    play_directly,
    start_table,
    wait_for_log,
)

MESSAGES_ROUTE = "/channels/{channel_id}/messages"


async def test_autocomplete_offers_at_most_25_of_the_movers_legal_actions(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    user, legal = await legal_now(bot, discord_server, table)
    assert len(legal) > 25

    everything = await discord_server.send_autocomplete(
        user, table.channel, "move", focused="action", value=""
    )
    narrowed = await discord_server.send_autocomplete(
        user, table.channel, "move", focused="action", value="PLACE  e"
    )

    offered = [choice["value"] for choice in (await everything.response()).choices]
    assert len(offered) == 25 and set(offered) <= set(legal)
    starting_with_e = [action for action in legal if action.startswith("place E")]
    narrowed_values = [choice["value"] for choice in (await narrowed.response()).choices]
    assert narrowed_values == starting_with_e[:25]


async def test_autocomplete_offers_nothing_to_onlookers_and_players_who_wait(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    mover = await legal_now(bot, discord_server, table)
    waiting = next(user for user in table.seats if user != mover[0])

    for user in (discord_server.user("carol"), waiting):
        handle = await discord_server.send_autocomplete(
            user, table.channel, "move", focused="action", value=""
        )
        assert (await handle.response()).choices == []


async def test_autocomplete_completes_the_last_part_of_a_typed_turn(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    game = engine.get(GAME)

    def playing(record: object) -> bool:
        state = game.load_state(getattr(record, "state_json", None) or "")
        return str(state.phase) == "play"

    await play_directly(bot, discord_server, table, playing)
    user, legal = await legal_now(bot, discord_server, table)
    first = next(action for action in legal if action.startswith("move"))

    handle = await discord_server.send_autocomplete(
        user, table.channel, "move", focused="action", value=f"{first};"
    )

    offered = [choice["value"] for choice in (await handle.response()).choices]
    assert offered and len(offered) <= 25
    record = await current(bot, table)
    assert record.state_json is not None
    state = game.load_state(record.state_json)
    (seat,) = record.to_act
    for text in offered:
        assert text.startswith(f"{first}; ")
        game.apply(state, seat, text)  # each whole suggestion is a legal turn


async def test_an_illegal_move_gets_a_private_error_with_suggestions(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    user, legal = await legal_now(bot, discord_server, table)
    before = last_id(discord_server, table.channel)
    typo = legal[0].replace("place", "plaec")

    handle = await discord_server.send_slash(user, table.channel, "move", {"action": typo})

    assert (await handle.response()).ephemeral
    answer = await handle.original_message()
    assert answer.ephemeral
    assert f"'{typo}' is not understood" in answer.content
    assert "Did you mean" in answer.content and legal[0] in answer.content
    assert last_id(discord_server, table.channel) == before
    assert (await current(bot, table)).move_count == 0


async def test_moves_of_onlookers_and_of_players_out_of_turn_are_refused(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    mover, legal = await legal_now(bot, discord_server, table)
    waiting = next(user for user in table.seats if user != mover)

    onlooker = await discord_server.send_slash(
        discord_server.user("carol"), table.channel, "move", {"action": legal[0]}
    )
    early = await discord_server.send_slash(waiting, table.channel, "move", {"action": legal[0]})

    assert "You are not playing at table #1" in (await onlooker.original_message()).content
    assert "not" in (await early.original_message()).content
    assert "turn" in (await early.original_message()).content
    assert (await current(bot, table)).move_count == 0


async def test_preview_then_confirm_plays_exactly_once_however_often_clicked(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    user, legal = await legal_now(bot, discord_server, table)
    before = last_id(discord_server, table.channel)

    asked = await discord_server.send_slash(
        user, table.channel, "move", {"action": legal[0], "preview": True}
    )

    preview = await asked.original_message()
    assert preview.ephemeral and preview.content.startswith("Preview — nothing is played yet.")
    (image,) = preview.files
    assert image.data.startswith(PNG_SIGNATURE)
    confirm = next(c for c in preview.custom_ids if ":confirm:" in c)
    assert last_id(discord_server, table.channel) == before
    assert (await current(bot, table)).move_count == 0

    clicks = await asyncio.gather(
        discord_server.click(user, preview, confirm), discord_server.click(user, preview, confirm)
    )
    await asyncio.gather(*(click.response() for click in clicks))  # both are being carried out
    async with asyncio.timeout(5):
        await bot.flow.drain(timeout=60)  # returns once the bot has finished both clicks

    posted = await newer_message(discord_server, table.channel, before)
    assert posted.content.startswith(f"{user.name.title()}: {legal[0]}")
    refusals = [await click.followups(1) for click in clicks if click.record.followup_ids]
    assert [m.id for m in discord_server.messages(table.channel) if m.id > before] == [posted.id]
    (record,) = [await current(bot, table)]
    assert record.move_count == 1
    assert len(refusals) == 1 and "already confirmed or cancelled" in refusals[0][0].content
    assert preview.custom_ids == []


async def test_a_cancelled_preview_plays_nothing(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    user, legal = await legal_now(bot, discord_server, table)
    asked = await discord_server.send_slash(
        user, table.channel, "move", {"action": legal[0], "preview": True}
    )
    preview = await asked.original_message()
    cancel = next(c for c in preview.custom_ids if ":dismiss:" in c)

    click = await discord_server.click(user, preview, cancel)

    await click.edits(1)
    assert preview.content == "Cancelled — nothing was played."
    assert preview.custom_ids == [] and preview.files == []
    assert (await current(bot, table)).move_count == 0


async def test_a_stale_preview_gets_the_board_changed_answer(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    mover, legal = await legal_now(bot, discord_server, table)
    other = next(user for user in table.seats if user != mover)
    asked = await discord_server.send_slash(
        mover, table.channel, "move", {"action": legal[0], "preview": True}
    )
    preview = await asked.original_message()
    # The same move is played, then taken back by consent: the position is as previewed, but
    # the table has moved on since.
    played = await discord_server.send_slash(mover, table.channel, "move", {"action": legal[0]})
    await played.response()
    before = await newer_message(discord_server, table.channel, 0, f": {legal[0]}")
    await (await discord_server.send_slash(mover, table.channel, "undo")).response()
    request = await newer_message(discord_server, table.channel, before.id, "asks to take back")
    approve = next(c for c in request.custom_ids if ":approve:" in c)
    await (await discord_server.click(other, request, approve)).response()
    await newer_message(discord_server, table.channel, request.id, "Taken back")
    confirm = next(c for c in preview.custom_ids if ":confirm:" in c)

    click = await discord_server.click(mover, preview, confirm)

    (answer,) = await click.followups(1)
    assert answer.ephemeral and answer.content.startswith("The board changed while you were moving")
    assert (await current(bot, table)).move_count == 0


async def test_two_simultaneous_moves_only_one_applies(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    user, legal = await legal_now(bot, discord_server, table)
    before = last_id(discord_server, table.channel)

    first, second = await asyncio.gather(
        discord_server.send_slash(user, table.channel, "move", {"action": legal[0]}),
        discord_server.send_slash(user, table.channel, "move", {"action": legal[1]}),
    )

    posted = await newer_message(discord_server, table.channel, before)

    def refusals() -> list[RecordedMessage] | None:
        answered = [handle.message for handle in (first, second)]
        filled = [m for m in answered if m is not None and not m.loading and not m.deleted]
        return filled or None

    (refused,) = await discord_server.state.wait_until(refusals, timeout=3, what="a refusal")
    assert refused.ephemeral
    assert "board changed" in refused.content or "not Alice's turn" in refused.content
    assert (await current(bot, table)).move_count == 1
    assert [m.id for m in discord_server.messages(table.channel) if m.id > before] == [posted.id]


async def test_the_same_interaction_delivered_twice_is_one_move(
    bot: MeepleBot, discord_server: LoopbackDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    table = await start_table(discord_server, bot)
    user, legal = await legal_now(bot, discord_server, table)
    before = last_id(discord_server, table.channel)
    handle = await discord_server.send_slash(user, table.channel, "move", {"action": legal[0]})
    await newer_message(discord_server, table.channel, before)

    await handle.deliver_again()

    await wait_for_log(caplog, f"ignored a repeated delivery of interaction {handle.id}")
    assert handle.record.rejections == []
    assert (await current(bot, table)).move_count == 1
    assert len([m for m in discord_server.messages(table.channel) if m.id > before]) == 1


async def test_a_rate_limited_post_is_retried_and_the_move_is_kept(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    user, legal = await legal_now(bot, discord_server, table)
    before = last_id(discord_server, table.channel)
    already = len(discord_server.requests("POST", MESSAGES_ROUTE))
    rule = discord_server.faults.fail_next("POST", MESSAGES_ROUTE, status=429)

    await discord_server.send_slash(user, table.channel, "move", {"action": legal[0]})

    posted = await newer_message(discord_server, table.channel, before)
    assert posted.content.startswith(f"{user.name.title()}: {legal[0]}")
    assert rule.served == 1
    statuses = [r.status for r in discord_server.requests("POST", MESSAGES_ROUTE)[already:]]
    assert statuses == [429, 200]
    assert (await current(bot, table)).move_count == 1


async def test_a_server_error_on_the_post_is_retried(
    bot: MeepleBot, discord_server: LoopbackDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outgoing, "SERVER_ERROR_RETRY_DELAYS", (0.01, 0.01))
    table = await start_table(discord_server, bot)
    user, legal = await legal_now(bot, discord_server, table)
    before = last_id(discord_server, table.channel)
    discord_server.faults.fail_next("POST", MESSAGES_ROUTE, status=503)

    await discord_server.send_slash(user, table.channel, "move", {"action": legal[0]})

    await newer_message(discord_server, table.channel, before)
    assert len([m for m in discord_server.messages(table.channel) if m.id > before]) == 1
    assert (await current(bot, table)).move_count == 1


async def test_a_post_discord_keeps_refusing_is_reported_and_never_replayed(
    bot: MeepleBot,
    discord_server: LoopbackDiscord,
    monkeypatch: pytest.MonkeyPatch,
    error_logs_expected: None,
) -> None:
    monkeypatch.setattr(outgoing, "SERVER_ERROR_RETRY_DELAYS", (0.01, 0.01))
    table = await start_table(discord_server, bot)
    user, legal = await legal_now(bot, discord_server, table)
    before = last_id(discord_server, table.channel)
    rule = discord_server.faults.fail_next("POST", MESSAGES_ROUTE, status=503, times=3)

    handle = await discord_server.send_slash(user, table.channel, "move", {"action": legal[0]})

    report = await handle.original_message()
    assert report.ephemeral
    assert report.content.startswith("Done — but Discord did not let me post it")
    assert f"{user.name.title()}: {legal[0]}" in report.content
    assert report.files and report.files[0].data.startswith(PNG_SIGNATURE)
    assert rule.served == 3
    assert last_id(discord_server, table.channel) == before
    assert (await current(bot, table)).move_count == 1
