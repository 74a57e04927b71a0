"""Every guide in every language: each English guide file has its translation, with the same
structure — the same topics (by key, keeping the English key and aliases as names), the same
components, as many pages, and the same links (`topic:` references, commands named) — and
its pages fit one Discord message also once the commands are named as a German Discord names
them."""

from __future__ import annotations

import re
from typing import Any

import pytest

import bot.discord_app  # noqa: F401 (registers the adapter's catalogue, whose terms a test uses)
import engine
from bot.commands.words import named_for_discord
from bot.discord_app.outgoing import MAX_CONTENT
from bot.guides import DEFAULT_LANGUAGE, Component, Guide, guide_for, languages
from bot.guides.book import render_text
from bot.guides.guide import GUIDES, _title
from engine.core import Game

TRANSLATIONS = [lang for lang in languages() if lang != DEFAULT_LANGUAGE]
GAMES = [game.info.key for game in engine.all_games()]
ENGLISH_FILES = sorted(path.name for path in (GUIDES / DEFAULT_LANGUAGE).glob("*.md"))
#: `topic:scoring` and `/rules`: where a page sends its reader.
LINK = re.compile(r"topic:[a-z0-9-]+|(?<![\w/])/[a-z]+\b")


def links(guide: Guide, key: str) -> set[str]:
    return {link for page in guide.topics[key].pages for link in LINK.findall(page.body)}


def test_there_is_a_translation() -> None:
    assert TRANSLATIONS, "no guide language besides English"


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("name", ENGLISH_FILES)
def test_every_english_guide_file_has_its_translation(lang: str, name: str) -> None:
    assert (GUIDES / lang / name).is_file(), f"bot/guides/{lang}/{name} is missing"


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("key", GAMES)
def test_a_translated_guide_has_the_structure_of_the_english(lang: str, key: str) -> None:
    game: Game[Any] = engine.get(key)
    english, translated = guide_for(game.info), guide_for(game.info, lang)
    assert list(translated.topics) == list(english.topics)
    for topic_key, topic in english.topics.items():
        other = translated.topics[topic_key]
        assert other.collection == topic.collection, topic_key
        assert len(other.pages) == len(topic.pages), f"pages of {topic_key or 'the guide'}"
        english_names = set(topic.names) - {topic.title}  # the key and the aliases
        assert english_names <= set(other.names), f"English names of {topic_key}"
        assert links(translated, topic_key) == links(english, topic_key), topic_key
    for name, text in (("prev", "◀"), ("next", "▶")):
        assert text in translated.say(name) and translated.say(name) != english.say(name)


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("key", GAMES)
def test_translated_pages_fit_a_discord_message_as_discord_names_the_commands(
    lang: str, key: str
) -> None:
    guide = guide_for(engine.get(key).info, lang)
    for topic_key, topic in guide.topics.items():
        for number in range(1, len(topic.pages) + 1):
            shown = named_for_discord(guide.page(topic_key, number).text, lang)
            assert len(shown) <= MAX_CONTENT, (topic_key, number, len(shown))


def test_a_guide_words_the_games_terms_in_its_language() -> None:
    """`{{ word|term("context") }}` and a component's title that is a term read as the
    catalogues word them (here a term of the Discord adapter's catalogue), English as it is."""
    template = '{{ "Join"|term("button") }} / {{ "Nothing known"|term("button") }}'
    assert render_text(template, "", {"language": "de"}, "test") == "Beitreten / Nothing known"
    assert render_text(template, "", {"language": "en"}, "test") == "Join / Nothing known"
    component = Component("join", "Join", term="button")
    assert (_title(component, "de"), _title(component, "en")) == ("Beitreten", "Join")
    assert _title(Component("join", "Join"), "de") == "Join"
