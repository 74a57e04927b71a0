"""The Terramara guide: topics found by loose names and ids, every card, person, tile and card
worded from the engine's data (changing the data changes the guide), every ability keyword
put into words, the raid table from the engine's numbers, and examples the engine reads."""

from __future__ import annotations

import dataclasses
import re

import pytest

import engine
from bot.guides import Guide, guide_for
from bot.guides.topics.terramara import ABILITY_WORDS, SIMPLE_WORDS
from engine.games.terramara import board, content
from engine.games.terramara.actions import KINDS, Action
from engine.games.terramara.content import Artifact
from engine.games.terramara.effects import ABILITIES, SIMPLE_STEPS

GAME = "terramara"


def guide() -> Guide:
    return guide_for(engine.get(GAME).info)


def topic_text(topic: str) -> str:
    return "\n".join(page.body for page in guide().find(topic).pages)


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("Stone Adze", "stone-adze"),
        ("T1a", "stone-adze"),
        ("carpenter's saw", "carpenters-saw"),
        ("P7", "surveyor"),
        ("Shield bearer", "shield-bearer"),
        ("LT1-1", "lt1-1"),
        ("BT2c", "bt2c"),
        ("op-a", "op-a"),
        ("S05", "s05"),
        ("raids", "raid"),
        ("fire", "neutral"),
        ("first game", "first-game"),
        ("start cards", "start-cards"),
    ],
)
def test_topics_are_found_by_names_and_ids(typed: str, key: str) -> None:
    assert guide().find(typed).key == key


def test_every_keyword_of_the_engines_vocabulary_has_words() -> None:
    assert set(ABILITY_WORDS) == set(ABILITIES)
    assert set(SIMPLE_WORDS) == set(SIMPLE_STEPS)


@pytest.mark.parametrize("card", content.ARTIFACTS.values(), ids=lambda c: c.id)
def test_each_artifact_topic_words_its_card(card: Artifact) -> None:
    text = topic_text(card.id)
    assert f"**{card.name}** (`{card.id}`) — {card.category}, level {card.level}" in text
    assert f"**Cost:** {card.cost_text} · **VP:** {card.vp}" in text
    assert f"`{card.text}`" in text
    words = text.split("Written on the board")[0]
    assert not any(keyword in words for keyword in ABILITIES if "-" in keyword), words
    assert words.count("**When crafted:**") == bool(card.immediate)
    assert words.count("**Once a round:**") == bool(card.per_round)


def test_persons_territories_tiles_outposts_and_start_cards_have_their_topics() -> None:
    for person in content.PERSONS.values():
        assert f"**{person.name}** (`{person.id}`)" in topic_text(person.id)
    for key, tile in content.TERRITORIES.items():
        text = topic_text(key)
        for space in tile.spaces:
            assert f"`{space.text.removeprefix('single: ')}`" in text
        assert (tile.back or "nothing; it stays face up") in text
    for key, bonus in content.BONUS_TILES.items():
        assert f"`{bonus.text}`" in topic_text(key)
    for key in content.OUTPOSTS:
        assert f"on the back of {content.TILE_OF_BACK[key]}" in topic_text(key)
    for key, card in content.START_CARDS.items():
        assert f"`{card.text}`" in topic_text(key)


def test_the_raid_table_and_the_river_come_from_the_engine() -> None:
    raid = topic_text("raid")
    for difference, divisor in board.RAID_DIVISORS.items():
        where = "at your level" if difference == 0 else ("above" if difference > 0 else "below")
        line = next(line for line in raid.splitlines() if f"1 tile per {divisor} " in line)
        assert where in line
    river = topic_text("river")
    assert "canoe on 11 or beyond: slots 1–8" in river
    assert f"{board.RIVER_DISCOUNT} — your reserved card costs one tile less" in river


def test_changing_the_engines_data_changes_the_guide(monkeypatch: pytest.MonkeyPatch) -> None:
    adze = content.ARTIFACTS["T1a"]
    monkeypatch.setitem(content.ARTIFACTS, "T1a", dataclasses.replace(adze, vp=adze.vp + 7))
    monkeypatch.setitem(board.RAID_DIVISORS, 0, 9)
    assert f"**VP:** {adze.vp + 7}" in topic_text("T1a")
    assert "victim at your level: 1 tile per 9 they hold" in topic_text("raid")


_CODE = re.compile(r"`([^`]+)`")


def test_every_action_the_guide_shows_is_read_by_the_engine() -> None:
    """Each code span that starts with an action word (in whole turns: each part) is an action
    the engine's reader accepts; a lone word that takes more (`cvt` in "a `cvt` effect") names
    the kind, not an action."""
    texts = [
        line  # a card's notation as printed (`craft raw`) is an effect, not an action
        for topic in guide().topics.values()
        for page in topic.pages
        for line in page.body.splitlines()
        if not line.startswith("Written on")
    ]
    shown = 0
    for text in texts:
        for code in _CODE.findall(text):
            code = code.removeprefix("/move action:")
            for part in code.split(";"):
                words = part.split()
                complete = len(words) > 1 or words[:1] in (["turn"], ["done"], ["stop"])
                if words and words[0] in KINDS and complete and "…" not in part:
                    Action.parse(part)
                    shown += 1
    assert shown > 40
