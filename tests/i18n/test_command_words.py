"""The commands' words (bot/commands/words.py) in every language: each command's name and
description and each option's name and description are translated, with the fields of their
key; the translated names are names Discord accepts (lower case, no spaces, at most 32
characters) and unique where Discord needs them unique; the descriptions fit Discord's 100
characters as Discord shows them; the console's /help reads in its reader's language."""

from __future__ import annotations

import re

import pytest

from bot.commands import COMMANDS, help_text
from bot.commands.specs import placeholder_of
from bot.commands.words import (
    PLACEHOLDER,
    command_description,
    command_messages,
    command_name,
    named_for_discord,
    option_description,
    option_name,
)
from engine.core import Message
from engine.core.i18n import FALLBACK, LANGUAGES, missing, word

TRANSLATED = [language for language in LANGUAGES if language != FALLBACK]
#: Discord's rule for command and option names (letters of any script, digits, - and _).
DISCORD_NAME = re.compile(r"^[-_\w]{1,32}$")
MAX_DESCRIPTION = 100


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_command_is_translated(language: str) -> None:
    lacking = [
        f"/{command.name}: {message.context} {message.key!r}"
        for command in COMMANDS.values()
        for message in command_messages(command)
        if missing(message, language)
    ]
    placeholders = {
        placeholder_of(option)
        for command in COMMANDS.values()
        for option in command.options
        if option.required
    }
    lacking += [
        f"placeholder {name!r}"
        for name in sorted(placeholders)
        if missing(Message(name, context=PLACEHOLDER), language)
    ]
    assert not lacking, f"{len(lacking)} command words lack {language}:\n" + "\n".join(lacking)


@pytest.mark.parametrize("language", TRANSLATED)
def test_translated_names_are_names_discord_accepts_and_unique(language: str) -> None:
    names = [word(command_name(command), language) for command in COMMANDS.values()]
    for name in names:
        assert DISCORD_NAME.match(name) and name == name.lower(), name
    assert len(set(names)) == len(names), "two commands share a name"
    for command in COMMANDS.values():
        options = [word(option_name(option), language) for option in command.options]
        for name in options:
            assert DISCORD_NAME.match(name) and name == name.lower(), (command.name, name)
        assert len(set(options)) == len(options), f"/{command.name}: two options share a name"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translated_descriptions_fit_discord_as_discord_shows_them(language: str) -> None:
    for command in COMMANDS.values():
        messages = [
            command_description(command),
            *(option_description(command, option) for option in command.options),
        ]
        for message in messages:
            shown = named_for_discord(word(message, language), language, command)
            assert 1 <= len(shown) <= MAX_DESCRIPTION, (command.name, shown)


def test_commands_and_options_are_named_as_a_german_discord_names_them() -> None:
    text = "Ask with `/rules game:x topic:<name>`, then /move action:a; b preview:true"
    assert named_for_discord(text, "de") == (
        "Ask with `/regeln spiel:x thema:<name>`, then /zug aktion:a; b vorschau:true"
    )
    assert named_for_discord(text, FALLBACK) == text
    remind = COMMANDS["remind"]
    assert named_for_discord("(every:<Stunden>) /nothing e.g. Europe/Berlin", "de", remind) == (
        "(alle:<Stunden>) /nothing e.g. Europe/Berlin"
    )


def test_the_consoles_help_keeps_the_english_names_and_describes_in_german() -> None:
    german, english = help_text("de"), help_text()
    assert german.startswith("Befehle (Optionen schreibt man name:wert;")
    assert "\n/newgame game:<Spiel> [options] [seed]" in german
    assert "/move action:<Aktion> [preview] — Eine Aktion spielen oder einen ganzen Zug" in german
    assert english.startswith("Commands (options are written key:value;")
    assert "\n/move action:<action> [preview] — Play an action, or a whole turn: a; b; c." in (
        english
    )
    # a line per command, after the opening one; the examples close it only where they fit
    # one Discord message
    assert len(german.splitlines()) == len(english.splitlines()) == len(COMMANDS) + 1
