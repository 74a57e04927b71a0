"""Topics: found forgivingly, offered for autocomplete, and worded from the engine's own data —
the expectations here are read from that data, and changing the data changes the guide."""

from __future__ import annotations

import dataclasses

import pytest

import engine
from bot.guides import Guide, TopicNotFound, guide_for
from engine.games.terra_nova import factions as terra_nova_factions
from engine.games.terra_nova import tiles as terra_nova_tiles
from engine.games.terra_nova_2006 import state as tn2006_state
from engine.games.terra_nova_2006 import turn as tn2006_turn
from engine.games.tiny_towns import cards as tiny_towns_cards
from engine.games.tiny_towns import scoring as tiny_towns_scoring


def guide(key: str) -> Guide:
    return guide_for(engine.get(key).info)


def topic_text(key: str, topic: str) -> str:
    found = guide(key).find(topic)
    return "\n".join(page.body for page in found.pages)


# -- finding topics ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("tavern", "tavern"),
        ("Feast Hall", "feast-hall"),
        ("FEAST-HALL", "feast-hall"),
        ("feasthall", "feast-hall"),
        ("  feast ", "feast-hall"),  # a unique beginning
        ("Opaleye's Watch", "opaleyes-watch"),
        ("watch", "opaleyes-watch"),  # the engine's own short name
        ("Schenke", "tavern"),  # the German name
        ("monuments", "monuments"),
    ],
)
def test_tiny_towns_topics_are_found_by_loose_names(typed: str, key: str) -> None:
    assert guide("tiny-towns").find(typed).key == key


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("Sun Worshippers", "sun-worshippers"),
        ("feen", "fairies"),
        ("bonus tile 3", "bonus3"),
        ("Bonus Tiles", "bonus-tiles"),
        ("power actions", "power-actions"),
        ("town tiles", "town-tiles"),
        ("round scoring", "round-tiles"),
        ("faction", "factions"),
    ],
)
def test_terra_nova_topics_are_found_by_loose_names(typed: str, key: str) -> None:
    assert guide("terra-nova").find(typed).key == key


def test_a_miss_names_the_nearest_topics() -> None:
    with pytest.raises(TopicNotFound) as miss:
        guide("terra-nova").find("fakirs")  # Terra Mystica's, not a Terra Nova faction
    assert "fairies" in [topic.key for topic in miss.value.suggestions]

    with pytest.raises(TopicNotFound) as typo:
        guide("tiny-towns").find("tavren")
    assert [topic.key for topic in typo.value.suggestions][:1] == ["tavern"]


def test_an_ambiguous_beginning_is_a_miss_with_every_candidate() -> None:
    with pytest.raises(TopicNotFound) as miss:
        guide("terra-nova").find("s")  # sea dogs, sun worshippers, sand cats, scoring …
    assert len(miss.value.suggestions) == 5


def test_autocomplete_offers_written_topics_first_then_names_beginning_then_containing() -> None:
    tiny = guide("tiny-towns")
    everything = [topic.key for topic in tiny.complete("")]
    written = [key for key, topic in tiny.topics.items() if key and topic.collection is None]
    assert everything[: len(written)] == written
    assert set(everything) == set(tiny.topics) - {""}

    offered = [topic.key for topic in tiny.complete("ta")]
    assert set(offered[:2]) == {"tailor", "tavern"}
    assert "trading-post" not in offered[:2] and "feast-hall" not in offered


# -- worded from the engine's data ---------------------------------------------------------


@pytest.mark.parametrize("faction", terra_nova_factions.FACTIONS, ids=lambda f: f.key)
def test_each_terra_nova_faction_topic_words_its_mat(faction: terra_nova_factions.Faction) -> None:
    text = topic_text("terra-nova", faction.key)
    assert f"**{faction.name}**" in text
    assert f"home terrain **{faction.home}**" in text
    assert f"{faction.start_money} money, {faction.start_houses} houses" in text
    for words in (faction.ability, faction.left.text, faction.right.text):
        assert words in text


def test_terra_nova_tiles_and_power_actions_are_listed_from_the_engine() -> None:
    bonus = topic_text("terra-nova", "bonus-tiles")
    for tile in terra_nova_tiles.BONUS_TILES:
        assert f"`{tile.key}`" in bonus and tile.text in bonus
    towns = topic_text("terra-nova", "town-tiles")
    for town in terra_nova_tiles.TOWN_TILES:
        assert f"`town {town.key}`: {town.points} points" in towns
    rounds = topic_text("terra-nova", "round-tiles")
    assert all(kind.text in rounds for kind in terra_nova_tiles.ROUND_KINDS.values())
    actions = topic_text("terra-nova", "power-actions")
    for action in terra_nova_tiles.POWER_ACTIONS.values():
        assert f"`power {action.key}` ({action.cost} power): {action.text}" in actions


@pytest.mark.parametrize("card", tiny_towns_cards.CARDS.values(), ids=lambda c: c.key)
def test_each_tiny_towns_card_topic_shows_its_text_and_pattern(
    card: tiny_towns_cards.Card,
) -> None:
    text = topic_text("tiny-towns", card.key)
    letters = tiny_towns_cards.RESOURCE_LETTERS
    pattern = "\n".join(" ".join(letters[c] if c else "." for c in row) for row in card.shape)
    assert card.text in text
    assert f"```\n{pattern}\n```" in text
    assert f"`build {card.key} at " in text


def test_tiny_towns_group_scoring_comes_from_the_scoring_tables() -> None:
    tavern = topic_text("tiny-towns", "tavern")
    points = tiny_towns_scoring.TAVERN_POINTS
    assert f"1: {points[1]}, 2: {points[2]}" in tavern
    assert f"{len(points) - 1}+: {points[-1]}" in tavern


def test_terra_nova_2006_scoring_comes_from_the_engine() -> None:
    text = topic_text("terra-nova-2006", "scoring")
    for count, per_cell in tn2006_turn.POINTS_PER_CELL.items():
        assert f"{count} landscape{'s' if count > 1 else ''}: {per_cell} point" in text
    placing = topic_text("terra-nova-2006", "placement")
    for players, figures in tn2006_state.FIGURES_PER_PLAYER.items():
        assert f"{figures} each with {players} players" in placing


def test_changing_the_engines_data_changes_the_guide(monkeypatch: pytest.MonkeyPatch) -> None:
    tavern = tiny_towns_cards.BUILDINGS["tavern"]
    monkeypatch.setitem(
        tiny_towns_cards.BUILDINGS,
        "tavern",
        dataclasses.replace(tavern, text="7 points, changed.", shape=((None, "glass"),)),
    )
    fairies = terra_nova_factions.FACTIONS_BY_KEY["fairies"]
    changed = dataclasses.replace(fairies, start_money=fairies.start_money + 30)
    monkeypatch.setattr(
        terra_nova_factions,
        "FACTIONS",
        tuple(changed if f.key == "fairies" else f for f in terra_nova_factions.FACTIONS),
    )
    monkeypatch.setitem(tn2006_turn.POINTS_PER_CELL, 1, 5)

    tavern_text = topic_text("tiny-towns", "tavern")
    assert "7 points, changed." in tavern_text and "```\n. G\n```" in tavern_text
    assert f"{fairies.start_money + 30} money" in topic_text("terra-nova", "fairies")
    assert "1 landscape: 5 points per cell" in topic_text("terra-nova-2006", "scoring")
