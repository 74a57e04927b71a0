"""Every page of every guide and topic fits one Discord message, and its buttons' ids fit
Discord's limit; every game has a guide, also one without a file."""

from __future__ import annotations

import re
from typing import Any

import pytest

import engine
from bot.discord_app.cogs.guide import GuidePageButton
from bot.discord_app.outgoing import MAX_CONTENT
from bot.guides import MAIN, GuidePage, guide_for, languages
from engine.core import Game
from tests.support.pile_game import PileGame

GAMES = [game.info.key for game in engine.all_games()]
CUSTOM_ID_LIMIT = 100


def every_page(game: Game[Any], lang: str) -> list[GuidePage]:
    guide = guide_for(game.info, lang)
    return [
        guide.page(key, number)
        for key, topic in guide.topics.items()
        for number in range(1, len(topic.pages) + 1)
    ]


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("key", GAMES)
def test_every_page_of_every_topic_fits_one_discord_message(key: str, lang: str) -> None:
    pages = every_page(engine.get(key), lang)
    too_long = {(p.topic, p.number): len(p.text) for p in pages if len(p.text) > MAX_CONTENT}
    assert not too_long, f"pages over {MAX_CONTENT} characters: {too_long}"
    assert all(p.text.strip() for p in pages)


@pytest.mark.parametrize("key", GAMES)
def test_topic_keys_make_button_ids_that_discord_accepts(key: str) -> None:
    template = re.compile(GuidePageButton.__discord_ui_compiled_template__.pattern)
    for page in every_page(engine.get(key), "en"):
        for go in ("prev", "next"):
            custom_id = f"mp:rules:{go}:{page.lang}:{page.game_key}:{page.topic}:{page.number}"
            assert len(custom_id) <= CUSTOM_ID_LIMIT
            assert template.fullmatch(custom_id), custom_id


@pytest.mark.parametrize("key", GAMES)
def test_each_game_has_a_guide_of_several_pages_and_written_topics(key: str) -> None:
    guide = guide_for(engine.get(key).info)
    main = guide.topics[MAIN]
    assert len(main.pages) >= 5
    assert len(guide.topics) > 5
    first = guide.page(MAIN, 1)
    assert first.text.startswith(f"**{guide.info.name} — ") and f"(1/{len(main.pages)})" in (
        first.text
    )


def test_a_game_without_a_guide_file_still_has_its_summary_and_options() -> None:
    info = PileGame.info
    guide = guide_for(info)
    texts = [guide.page(MAIN, n).text for n in range(1, len(guide.topics[MAIN].pages) + 1)]
    assert info.summary in texts[0]
    (options,) = [text for text in texts if "Options for /newgame" in text]
    spec = info.options[0]
    assert f"`{spec.key}` — {spec.description}" in options
    assert f"{spec.minimum}–{spec.maximum}; default {spec.default}" in options
    assert list(guide.topics) == [MAIN]
