"""A guide in another language shows the texts the engine supplies — a card's ability, what a
tile or a power action gives, a palace's or a faction's ability, Terramara's effects in words —
as the catalogues word them, never in English (`{{ text|term("card text") }}` in the guide
files), and holds no English sentence of any catalogue."""

from __future__ import annotations

import pytest

import bot.service  # noqa: F401 (registers the service's catalogue)
import engine
from bot.guides import DEFAULT_LANGUAGE, guide_for, languages
from engine.games.terra_nova.factions import _PALACES, FACTIONS
from engine.games.terra_nova.tiles import BONUS_TILES, POWER_ACTIONS, ROUND_KINDS
from engine.games.tiny_towns.cards import CARDS
from tests.support.english import english_in

TRANSLATIONS = [lang for lang in languages() if lang != DEFAULT_LANGUAGE]
GAMES = [game.info.key for game in engine.all_games()]

#: The English texts each game's data supplies to its guide.
DATA_TEXTS = {
    "tiny-towns": [card.text for card in CARDS.values()],
    "terra-nova": [
        *(action.text for action in POWER_ACTIONS.values()),
        *(tile.text for tile in BONUS_TILES),
        *(tile.text for tile in ROUND_KINDS.values()),
        *(palace.text for palace in _PALACES.values()),
        *(faction.ability for faction in FACTIONS),
    ],
}


def pages(key: str, lang: str) -> list[str]:
    guide = guide_for(engine.get(key).info, lang)
    return [
        guide.page(topic_key, number).text
        for topic_key, topic in guide.topics.items()
        for number in range(1, len(topic.pages) + 1)
    ]


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("key", GAMES)
def test_a_translated_guide_shows_no_english_text_of_the_game(lang: str, key: str) -> None:
    english = {text for text in DATA_TEXTS.get(key, []) if len(text.split()) >= 3}
    shown = pages(key, lang)
    found = sorted({text for page in shown for text in english if text in page})
    assert found == []
    assert sorted({f for page in shown for f in english_in(page, lang)}) == []
