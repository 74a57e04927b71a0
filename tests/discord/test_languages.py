"""Who reads which language (docs/i18n.md), through Discord: each user's private answers in
their own Discord language, what the channel reads in the table's (/language: the table's
creator or a moderator; a server's language for new tables: moderators only)."""

from __future__ import annotations

from bot.discord_app import MeepleBot
from tests.discord_loopback import LoopbackDiscord

from .helpers import last_id, newer_message, player, service_channel
from .languages import open_table, private_text, settled, speaking_users


async def test_german_and_english_readers_at_one_table(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    alice, bob, carol = speaking_users(
        discord_server, {"alice": "de", "bob": "en-US", "carol": "de-AT"}
    )
    channel = discord_server.channel("games")
    # The table speaks German: set in the lobby by its creator.
    before = last_id(discord_server, channel)
    opened = await discord_server.send_slash(alice, channel, "newgame", {"game": "tiny-towns"})
    await opened.response()
    lobby = await newer_message(discord_server, channel, before)
    assert lobby.content.startswith("**Table #1: Tiny Towns**")  # English until it is set
    said = await discord_server.send_slash(alice, channel, "language", {"language": "Deutsch"})
    await said.response()
    assert (await newer_message(discord_server, channel, before, "Sprache")).content == (
        "Alice hat die Sprache von Tisch #1 (Tiny Towns) auf Deutsch gestellt."
    )
    bob_tries = await discord_server.send_slash(bob, channel, "start")
    assert (await private_text(bob_tries)) == (
        "Only Alice, who opened table #1 (Tiny Towns), can start it."
    )
    for user in (bob, carol):
        before = last_id(discord_server, channel)
        await (await discord_server.click(user, lobby, "mp:lobby:join:1")).response()
        joined = await newer_message(discord_server, channel, before)
        assert f"{user.name.title()} setzt sich an Tisch #1 (Tiny Towns)." in joined.content
    before = last_id(discord_server, channel)
    await (await discord_server.click(alice, lobby, "mp:lobby:start:1")).response()
    begins = await newer_message(discord_server, channel, before)
    assert begins.content.startswith("Tisch #1 (Tiny Towns) beginnt! Sitzreihenfolge")
    assert "Wir warten auf " in begins.content

    # A part of the round each: the channel's line in German; the mover's own board in theirs.
    where = service_channel(discord_server, channel)
    own: dict[str, str] = {}
    for user in (bob, alice):
        (action, *_) = await bot.service.legal_actions(where, player(user))
        before = last_id(discord_server, channel)
        moved = await discord_server.send_slash(user, channel, "move", {"action": action})
        line = await newer_message(discord_server, channel, before)
        assert "Wir warten auf " in line.content and "fertig" in line.content, line.content
        own[user.name] = await settled(discord_server, moved)
    assert own["bob"].startswith("Your board after your move:")
    assert own["alice"].startswith("Dein Spielplan nach deinem Zug:")

    # Private answers: each in its reader's language; refusals too.
    status = {
        user.name: await private_text(await discord_server.send_slash(user, channel, "status"))
        for user in (alice, bob)
    }
    assert status["alice"].startswith("Tisch #1 (Tiny Towns): läuft, 2 Aktionen gespielt.")
    assert "Du spielst als Alice" in status["alice"]
    assert status["bob"].startswith("Table #1 (Tiny Towns): active, 2 actions played.")
    assert "You play as Bob" in status["bob"]
    for user, refusal in (
        (carol, "Tisch #1 (Tiny Towns) hat schon begonnen, darum geht das nicht mehr: beitreten."),
        (bob, "Table #1 (Tiny Towns) has already started, so you cannot join."),
    ):
        answer = await discord_server.send_slash(user, channel, "join")
        assert await private_text(answer) == refusal


async def test_language_permissions_for_a_table_and_for_a_server(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    alice, bob, mia = speaking_users(
        discord_server, {"alice": "en-US", "bob": "en-US", "mia": "de"}
    )
    games, general = discord_server.channel("games"), discord_server.channel("general")

    async def language(user: object, channel: object, **options: object) -> str:
        handle = await discord_server.send_slash(user, channel, "language", options)  # type: ignore[arg-type]
        return await settled(discord_server, handle)  # "" once posted in the channel

    # Only a moderator sets a server's language for new tables.
    refused = await language(alice, general, language="de", server=True)
    assert refused == "Only a moderator (Manage Channels) can set the server's language."
    assert await language(mia, general, language="de", server=True) == (
        "Neue Tische auf diesem Server sprechen Deutsch (die eines einzelnen Tisches stellt "
        "/sprache ein)."  # the command as a German Discord names it
    )
    # A table opened now speaks German in its channel, whatever its creator reads.
    table_id = await open_table(discord_server, bot, [alice, bob], games, "terra-nova-2006", 5)
    record = await bot.store.tables.table(table_id)
    assert record is not None and record.language == "de"
    assert discord_server.messages(games)[-1].content.startswith("Tisch #1 (Terra Nova (2006))")
    # A table's language: its creator or a moderator, nobody else.
    assert await language(bob, games, language="en") == (
        "Only Alice, who opened table #1 (Terra Nova (2006)), or a moderator can set its language."
    )
    before = last_id(discord_server, games)
    assert await language(alice, games, language="English") == ""
    changed = await newer_message(discord_server, games, before)
    assert changed.content == "Alice set the language of table #1 (Terra Nova (2006)) to English."
    assert await language(mia, games, language="xx") == (
        "„xx“ ist keine Sprache, die der Bot spricht; wähle eine von en (English) und de (Deutsch)."
    )
    before = last_id(discord_server, games)
    assert await language(mia, games, language="de") == ""
    changed = await newer_message(discord_server, games, before)
    assert changed.content.startswith("Mia hat die Sprache von Tisch #1")
    # Without a language: what applies here, privately, in the asking user's language.
    assert await language(bob, games) == (
        "Table #1 (Terra Nova (2006)) speaks Deutsch.\nNew tables here speak Deutsch.\n"
        "Your own replies read in English."
    )
    # A channel without a table has no table language to set.
    assert (await language(alice, general, language="de")).startswith(
        "There is no open table in this channel to set the language of"
    )
