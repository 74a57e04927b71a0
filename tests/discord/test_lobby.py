"""Opening tables and filling seats through Discord: /newgame and its lobby message, the
Join / Leave / Start / Cancel buttons, /join, tables in threads, options."""

from __future__ import annotations

import copy

from bot.discord_app import MeepleBot
from tests.discord_loopback import LoopbackDiscord

from .helpers import GAME, PNG_SIGNATURE, confirm_id, last_id, newer_message, open_lobby


def buttons(table_id: int) -> list[str]:
    return [f"mp:lobby:{action}:{table_id}" for action in ("join", "leave", "start", "cancel")]


async def test_newgame_posts_a_lobby_with_persistent_buttons(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    games = discord_server.channel("games")
    handle = await discord_server.send_slash(
        discord_server.user("alice"), games, "newgame", {"game": GAME, "seed": 3}
    )

    answer = await handle.response()
    lobby = await newer_message(discord_server, games, 0)
    assert answer.ephemeral  # the private "thinking…" note, removed once the lobby is out
    await discord_server.state.wait_until(
        lambda: (handle.message is not None and handle.message.deleted) or None,
        timeout=3,
        what="the thinking note to go",
    )
    assert lobby.content.startswith("**Table #1: Terra Nova (2006)** — 2–4 players")
    assert "Seated (1/4): Alice." in lobby.content
    assert lobby.custom_ids == buttons(1)
    assert (await current_lobby(bot, 1)) == str(lobby.id)


async def current_lobby(bot: MeepleBot, table_id: int) -> str | None:
    record = await bot.ledger.lobby(table_id)
    return None if record is None else record.message_id


async def test_the_lobby_message_follows_joins_and_leaves_by_button_and_command(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    games = discord_server.channel("games")
    alice, bob, carol = (discord_server.user(name) for name in ("alice", "bob", "carol"))
    lobby = await open_lobby(discord_server, alice, games)

    await (await discord_server.click(bob, lobby, "mp:lobby:join:1")).response()
    joined = await newer_message(discord_server, games, lobby.id, "Bob joins")
    await (await discord_server.send_slash(carol, games, "join")).response()
    await newer_message(discord_server, games, joined.id, "Carol joins")
    assert "Seated (3/4): Alice, Bob and Carol." in lobby.content

    await (await discord_server.click(bob, lobby, "mp:lobby:leave:1")).response()

    await newer_message(discord_server, games, joined.id, "Bob leaves")
    assert "Seated (2/4): Alice and Carol." in lobby.content
    assert lobby.custom_ids == buttons(1)


async def test_refusals_from_lobby_buttons_are_private(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    games = discord_server.channel("games")
    alice, bob = discord_server.user("alice"), discord_server.user("bob")
    lobby = await open_lobby(discord_server, alice, games)
    before = last_id(discord_server, games)

    too_few = await discord_server.click(alice, lobby, "mp:lobby:start:1")
    creator_leaves = await discord_server.click(alice, lobby, "mp:lobby:leave:1")
    not_creator = await discord_server.click(bob, lobby, "mp:lobby:cancel:1")

    (few,) = await too_few.followups(1)
    assert few.ephemeral and "needs at least 2 players" in few.content
    (leave,) = await creator_leaves.followups(1)
    assert "you cannot leave it" in leave.content
    (cancel,) = await not_creator.followups(1)
    assert "Only Alice, who opened table #1 (Terra Nova (2006)), or a moderator" in cancel.content
    assert last_id(discord_server, games) == before
    table = await bot.store.tables.table(1)
    assert table is not None and table.status == "lobby"


async def test_start_posts_the_board_and_closes_the_lobby(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    games = discord_server.channel("games")
    alice, bob = discord_server.user("alice"), discord_server.user("bob")
    lobby = await open_lobby(discord_server, alice, games)
    await (await discord_server.click(bob, lobby, "mp:lobby:join:1")).response()
    await newer_message(discord_server, games, lobby.id, "joins")

    await (await discord_server.send_slash(alice, games, "start")).response()

    begins = await newer_message(discord_server, games, lobby.id, "begins")
    (board,) = begins.files
    assert board.data.startswith(PNG_SIGNATURE)
    (first,) = [seat.user_id for seat in await bot.store.tables.seats(1) if seat.seat == 0]
    # The first player is pinged — unless it is alice, who has just started the game.
    assert begins.mentioned_user_ids == ([] if first == str(alice.id) else [bob.id])
    assert lobby.content.startswith("**Table #1: Terra Nova (2006)** has started")
    assert lobby.custom_ids == []


async def test_a_moderator_may_cancel_and_old_buttons_never_touch_the_next_table(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    games = discord_server.channel("games")
    alice, bob = discord_server.user("alice"), discord_server.user("bob")
    lobby = await open_lobby(discord_server, alice, games)
    old_lobby = copy.deepcopy(lobby)

    mia = discord_server.user("mia")
    cancel = await discord_server.click(mia, lobby, "mp:lobby:cancel:1")

    (question,) = await cancel.followups(1)  # the lobby's Cancel asks first, privately
    assert question.ephemeral and question.content.startswith("Abandon table #1")
    assert lobby.custom_ids == buttons(1)
    confirm = await discord_server.click(mia, question, confirm_id(question))
    await confirm.response()
    await newer_message(discord_server, games, lobby.id, "Mia abandoned table #1")
    await discord_server.state.wait_until(
        lambda: lobby.custom_ids == [] or None, timeout=3, what="the lobby to close"
    )
    assert "was abandoned" in lobby.content
    assert question.custom_ids == []
    second = await open_lobby(discord_server, alice, games)
    assert second.custom_ids == buttons(2)

    stale = await discord_server.click(bob, old_lobby, "mp:lobby:join:1")

    (refusal,) = await stale.followups(1)
    assert "Table #1 is no longer open here" in refusal.content
    assert [seat.user_id for seat in await bot.store.tables.seats(2)] == [str(alice.id)]


async def test_a_table_in_its_own_thread_leaves_the_channel_free_for_more(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    games = discord_server.channel("games")
    alice, bob = discord_server.user("alice"), discord_server.user("bob")

    handle = await discord_server.send_slash(
        alice, games, "newgame", {"game": GAME, "thread": True}
    )

    await handle.response()
    thread = await discord_server.wait_for_thread(games)
    lobby = await newer_message(discord_server, thread, 0, "Seated (1/4)")
    note = await newer_message(discord_server, games, 0, "in its own thread")
    assert f"<#{thread.id}>" in note.content
    assert lobby.custom_ids == buttons(1)
    await (await discord_server.send_slash(bob, thread, "join")).response()
    await newer_message(discord_server, thread, lobby.id, "Bob joins")
    assert "Seated (2/4): Alice and Bob." in lobby.content
    in_channel = await open_lobby(discord_server, bob, games)
    assert in_channel.custom_ids == buttons(2)

    nested = await discord_server.send_slash(
        alice, thread, "newgame", {"game": GAME, "thread": True}
    )
    assert "This is a thread already" in (await nested.original_message()).content


async def test_game_options_are_read_and_bad_ones_refused_before_a_thread_is_opened(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    games = discord_server.channel("games")
    alice = discord_server.user("alice")

    unreadable = await discord_server.send_slash(
        alice, games, "newgame", {"game": GAME, "options": "bigger board", "thread": True}
    )
    unknown = await discord_server.send_slash(
        alice, games, "newgame", {"game": GAME, "options": "colour:red", "thread": True}
    )

    assert (
        "I could not read the options 'bigger board'"
        in (await unreadable.original_message()).content
    )
    assert "has no option 'colour'" in (await unknown.original_message()).content
    assert discord_server.threads(games) == []
    assert discord_server.messages(games) == []


async def test_one_open_table_per_channel(bot: MeepleBot, discord_server: LoopbackDiscord) -> None:
    games = discord_server.channel("games")
    await open_lobby(discord_server, discord_server.user("alice"), games)

    second = await discord_server.send_slash(
        discord_server.user("bob"), games, "newgame", {"game": GAME}
    )

    answer = await second.original_message()
    assert answer.ephemeral and "This channel already has an open table" in answer.content


async def test_a_deleted_lobby_message_does_not_stop_the_table(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    games = discord_server.channel("games")
    lobby = await open_lobby(discord_server, discord_server.user("alice"), games)
    lobby.deleted = True  # someone removed it

    await discord_server.send_slash(discord_server.user("bob"), games, "join")

    joined = await newer_message(discord_server, games, lobby.id, "Bob joins")
    assert "Seated (2/4): Alice and Bob." in joined.content
    assert [seat.display_name for seat in await bot.store.tables.seats(1)] == ["Alice", "Bob"]
