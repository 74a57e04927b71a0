"""Discord in German (issue 16) through the loopback Discord: a user whose Discord speaks
German sees the command tree in German (the synced localisations), German buttons under what
only they read, /help and the rules guide in German; public buttons read in the table's
language; an English user sees everything as before."""

from __future__ import annotations

import pytest

import engine
from bot.commands import COMMANDS
from bot.commands.words import (
    command_description,
    command_name,
    named_for_discord,
    option_description,
    option_name,
)
from bot.discord_app import MeepleBot
from bot.guides import MAIN, guide_for
from engine.core.i18n import word
from tests.discord_loopback import LoopbackDiscord, RecordedMessage

from .helpers import ask, last_id, newer_message, open_lobby, start_table
from .test_undo_moderation import play_one


def labels(message: RecordedMessage) -> dict[str, str]:
    """The message's buttons: custom id → label."""
    return {
        str(button["custom_id"]): str(button["label"])
        for row in message.components
        for button in row["components"]
    }


async def test_the_synced_tree_carries_every_name_and_description_in_german(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    (sync,) = discord_server.command_syncs  # accepted: the stand-in checks the localisations
    synced = {command["name"]: command for command in sync.commands}
    for name, spec in COMMANDS.items():
        command = synced[name]
        assert command["name_localizations"]["de"] == word(command_name(spec), "de")
        german = named_for_discord(word(command_description(spec), "de"), "de", spec)
        assert command["description_localizations"]["de"] == german
        assert set(command["name_localizations"]) == {"de"}  # English is the default
        for option, shown in zip(spec.options, command.get("options", []), strict=True):
            assert shown["name"] == option.name and shown["description"] == option.description
            assert shown["name_localizations"] == {"de": word(option_name(option), "de")}
            described = word(option_description(spec, option), "de")
            assert shown["description_localizations"]["de"] == named_for_discord(
                described, "de", spec
            )
    assert synced["newgame"]["name_localizations"]["de"] == "neuespiel"
    assert synced["rules"]["options"][0]["description_localizations"]["de"] == "das Spiel"
    assert "/regeln" in synced["newgame"]["options"][0]["description_localizations"]["de"]
    (game,) = [o for o in synced["newgame"]["options"] if o["name"] == "game"]
    for choice in game["choices"]:
        info = engine.get(choice["value"]).info
        players = f"({info.min_players}–{info.max_players}"
        assert choice["name"] == f"{info.name} {players} players)"
        assert choice["name_localizations"] == {"de": f"{info.name} {players} Personen)"}


async def test_help_in_the_readers_language(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    dave, general = discord_server.user("dave"), discord_server.channel("general")

    english = await discord_server.send_slash(dave, general, "help")
    german = await discord_server.send_slash(dave.speaking("de"), general, "help")

    in_english = (await english.original_message()).content
    assert in_english.startswith("**Meeple Post** — board games by post.")
    assert "`/newgame game:<choice> [options]" in in_english
    first = await german.original_message()
    (rest,) = await german.followups(1)  # German is longer than one message
    in_german = first.content + "\n" + rest.content
    assert first.ephemeral and in_german.startswith("**Meeple Post** — Brettspiele per Post.")
    assert "`/neuespiel spiel:<Auswahl> [optionen]" in in_german
    assert "— Hier einen Tisch eröffnen." in in_german
    assert "Züge: tippe nach /zug aktion: los" in in_german
    assert "/newgame" not in in_german and "Open a table" not in in_german


async def test_a_question_only_its_user_reads_has_buttons_in_their_language(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    alice, bob = table.seats

    german = await ask(discord_server, alice.speaking("de"), table.channel, "resign")
    english = await ask(discord_server, bob, table.channel, "resign")

    assert sorted(labels(german).values()) == ["Abbrechen", "Bestätigen"]
    assert sorted(labels(english).values()) == ["Cancel", "Confirm"]
    # the custom ids name no language: they work whoever clicks, after any restart
    assert {i.rsplit(":", 1)[0] for i in labels(german)} == {
        i.rsplit(":", 1)[0] for i in labels(english)
    }


async def test_public_buttons_read_in_the_tables_language(
    bot: MeepleBot, discord_server: LoopbackDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, games = discord_server.user("alice"), discord_server.channel("games")
    # A German user opening a table does not make its lobby German: the lobby is public, it
    # reads in the table's language, which the service says (English unless chosen).
    english = await open_lobby(discord_server, alice.speaking("de"), games)
    assert sorted(labels(english).values()) == ["Cancel", "Join", "Leave", "Start"]

    monkeypatch.setattr(type(bot.service), "table_language", lambda _, table: "de", raising=False)
    other = discord_server.channel("games-2")
    lobby = await open_lobby(discord_server, alice, other)
    german = labels(lobby)
    assert sorted(german.values()) == ["Abbrechen", "Beitreten", "Starten", "Verlassen"]
    table_id = next(iter(german)).rsplit(":", 1)[1]
    steps = ("join", "leave", "start", "cancel")
    assert set(german) == {f"mp:lobby:{step}:{table_id}" for step in steps}

    before = last_id(discord_server, other)
    bob = discord_server.user("bob")
    await (await discord_server.click(bob, lobby, f"mp:lobby:join:{table_id}")).response()
    await newer_message(discord_server, other, before, "setzt sich an")  # the table's German
    assert sorted(labels(lobby).values()) == sorted(german.values())  # kept current, in German


async def test_an_undo_request_reads_in_the_tables_language(
    bot: MeepleBot, discord_server: LoopbackDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await start_table(discord_server, bot)
    mover, _ = await play_one(bot, discord_server, table)
    monkeypatch.setattr(type(bot.service), "table_language", lambda _, table: "de", raising=False)
    before = last_id(discord_server, table.channel)

    await discord_server.send_slash(mover, table.channel, "undo")

    request = await newer_message(discord_server, table.channel, before, "möchte 1 Aktion")
    assert sorted(labels(request).values()) == ["Ablehnen", "Zustimmen"]
    assert "/zustimmen" in request.content and "/approve" not in request.content


async def test_the_guide_in_the_readers_language(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    dave, general = discord_server.user("dave"), discord_server.channel("general")
    info = engine.get("terra-nova-2006").info
    german_guide, english_guide = guide_for(info, "de"), guide_for(info)

    german = await discord_server.send_slash(
        dave.speaking("de"), general, "rules", {"game": info.key}
    )
    english = await discord_server.send_slash(dave, general, "rules", {"game": info.key})

    page = await german.original_message()
    assert page.ephemeral
    assert page.content == named_for_discord(german_guide.page(MAIN, 1).text, "de")
    assert "Das Spiel in Kürze" in page.content
    shown = {label: custom_id for custom_id, label in labels(page).items()}
    assert set(shown) == {"◀ Zurück", "Weiter ▶"}
    assert (await english.original_message()).content == english_guide.page(MAIN, 1).text

    await (await discord_server.click(dave.speaking("de"), page, shown["Weiter ▶"])).edits()
    assert page.content == named_for_discord(german_guide.page(MAIN, 2).text, "de")
    assert "`/zug aktion:place E5`" in page.content  # the commands as German Discord names them


async def test_topics_are_offered_by_their_german_titles(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    dave, general = discord_server.user("dave"), discord_server.channel("general")
    options = {"game": "terra-nova-2006"}

    german = await discord_server.send_autocomplete(
        dave.speaking("de"), general, "rules", focused="topic", value="wert", options=options
    )
    english = await discord_server.send_autocomplete(
        dave, general, "rules", focused="topic", value="scor", options=options
    )

    (offered,) = (await german.response()).choices
    assert offered == {"name": "Ein Gebiet werten (scoring)", "value": "scoring"}
    (same,) = (await english.response()).choices
    assert same == {"name": "Scoring an area (scoring)", "value": "scoring"}


async def test_what_the_bot_says_names_the_commands_as_the_readers_discord_does(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    """A refusal read by a German Discord names `/neuespiel spiel:`, not `/newgame game:`
    (Discord shows that user the German names); an English user reads it as before."""
    dave, general = discord_server.user("dave"), discord_server.channel("general")

    german = await discord_server.send_slash(dave.speaking("de"), general, "board")
    english = await discord_server.send_slash(dave, general, "board")

    refused = (await german.original_message()).content
    assert "/neuespiel spiel:<Spiel>" in refused and "/newgame" not in refused
    assert "/newgame game:<game>" in (await english.original_message()).content
