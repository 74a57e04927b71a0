"""German names typed in notation (issue 16): a game's terms in the contexts it names are
aliases of their English words, read before the game parses a text; the log keeps the
canonical English."""

from __future__ import annotations

import pytest

import engine
from engine.core import ParseError
from engine.core.aliases import aliases_of, canonical_words
from engine.core.i18n import missing
from engine.games.tiny_towns.cards import CARDS, RESOURCES, card_term, resource_term

TABLE = {"holz": "wood", "festung eisenwurzel": "Fort Ironweed", "glas": "glass"}


def test_whole_words_and_names_are_replaced_whatever_their_case_and_hyphens() -> None:
    assert canonical_words("place HOLZ b2", TABLE) == "place wood b2"
    assert canonical_words("keep Festung-Eisenwurzel", TABLE) == "keep Fort Ironweed"
    assert canonical_words("keep festung   eisenwurzel", TABLE) == "keep Fort Ironweed"
    assert canonical_words("swap glas for holz", TABLE) == "swap glass for wood"


def test_a_word_inside_another_word_is_left_alone() -> None:
    assert canonical_words("place holzfäller b2; glasig", TABLE) == "place holzfäller b2; glasig"
    assert canonical_words("place wood B2", {}) == "place wood B2"


def test_the_aliases_are_the_german_terms_of_the_contexts_a_game_names() -> None:
    table = aliases_of("engine.games.tiny_towns", ("resource", "building"))
    assert table["holz"] == "wood" and table["weizen"] == "wheat"
    assert table["landhaus"] == "Cottage" and table["opalagues wacht"] == "Opaleye's Watch"
    assert "bank" not in table  # the same in both languages: nothing to replace
    assert "meisterarchitekt" not in table  # a solo rank is no word of the notation


def test_a_german_name_plays_and_the_log_keeps_the_canonical_text() -> None:
    game = engine.get("tiny-towns")
    state = game.new_game(["alice", "bob"], 3, {"monuments": False})
    resource = state.resource
    german = {"wood": "Holz", "wheat": "Weizen", "brick": "Ziegel", "glass": "Glas"}
    typed = f"place {german.get(resource, 'Stein')} b2"
    assert game.canonical_text(state, 0, typed) == f"place {resource} B2"
    _, events = game.apply(state, 0, typed)
    assert events[0].text == f"alice places {resource} on B2"


def test_an_error_quotes_the_text_as_it_was_typed() -> None:
    game = engine.get("tiny-towns")
    state = game.new_game(["alice", "bob"], 3)
    with pytest.raises(ParseError) as caught:
        game.apply(state, 0, "place Holz Z9")
    assert str(caught.value).startswith("'place Holz Z9' is not understood")


@pytest.mark.parametrize("key", sorted(CARDS))
def test_every_card_has_a_german_name(key: str) -> None:
    assert missing(card_term(key), "de") == []


@pytest.mark.parametrize("key", RESOURCES)
def test_every_resource_has_a_german_name(key: str) -> None:
    assert missing(resource_term(key), "de") == []


def test_a_german_faction_name_chooses_the_faction() -> None:
    game = engine.get("terra-nova")
    state = game.new_game(["alice", "bob"], 5)
    assert game.phase(state, state.current).kinds == frozenset({"choose"})
    assert game.canonical_text(state, state.current, "choose Seebären") == "choose sea-dogs"
    assert game.canonical_text(state, state.current, "choose feen") == "choose fairies"


def test_a_factions_german_name_in_its_data_is_the_catalogues() -> None:
    """factions.txt keeps each faction's German name for the rules guide; the catalogue's
    term is what events say and the notation accepts: the two agree."""
    from engine.core.i18n import word
    from engine.games.terra_nova.factions import FACTIONS, faction_term

    assert {f.key: f.german for f in FACTIONS} == {
        f.key: word(faction_term(f.key), "de") for f in FACTIONS
    }
