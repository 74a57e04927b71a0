"""The guides' example actions are what the engine accepts: every Tiny Towns card's example
build is legal on a town laid out as the example says."""

from __future__ import annotations

import re

import pytest

import engine
from bot.guides import guide_for
from engine.games.tiny_towns.board import NAMES
from engine.games.tiny_towns.cards import CARDS, RESOURCES, Card
from tests.games.tiny_towns.helpers import GAME, OFFER, position, town

_EXAMPLE = re.compile(r"Example: [^\n]*?with (?P<laid>[^`]+), type `(?P<build>[^`]+)`")
_LAID = re.compile(rf"({'|'.join(RESOURCES)}) on ([A-D][1-4])")


@pytest.mark.parametrize("card", CARDS.values(), ids=lambda c: c.key)
def test_each_cards_example_build_is_legal(card: Card) -> None:
    guide = guide_for(engine.get("tiny-towns").info)
    text = "\n".join(page.body for page in guide.find(card.key).pages)
    example = _EXAMPLE.search(text)
    assert example is not None, text
    cells = ["" for _ in NAMES]
    for resource, square in _LAID.findall(example["laid"]):
        cells[NAMES.index(square)] = resource
    offer = [*OFFER] if card.is_monument else ["cottage", card.key]
    monument = card.key if card.is_monument else None
    state = position(town().model_copy(update={"cells": cells, "monument": monument}), offer=offer)
    assert example["build"] in GAME.legal_actions(state, 0)
