"""Whole games through the service, every reply read as the people who see it: no secret
reaches anybody else, and no reply is longer than one Discord message."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from bot.commands import help_text
from bot.service import Channel, GameCatalog, Reply, Service
from bot.store import Store
from engine.core import Game, Rng
from engine.games.tiny_towns import TinyTowns, TinyTownsState
from engine.games.tiny_towns.cards import CARDS, fold
from tests.bot.helpers import ALICE, BOB, CAROL, ManualClock, drawn_view, fake_renderer

from .whole_games import Seen, WholeGame, oddly

#: Discord's limit for the text of one message.
DISCORD_MESSAGE_LIMIT = 2000
USERS = (ALICE, BOB, CAROL)
KEEP_SPELLINGS = (
    "keep,{key}",
    "KEEP {name}",
    "keep\t{key}",
    "keep   {name} ;",
    " Keep , {key} ",
    "kEEp,{name},",
)


def tiny_towns_spelling(text: str, rng: Rng) -> str:
    """A kept monument typed every way the parser accepts; other actions oddly."""
    if not text.startswith("keep "):
        return oddly(text, rng)
    key = text.removeprefix("keep ")
    form = KEEP_SPELLINGS[rng.below(len(KEEP_SPELLINGS))]
    return form.format(key=key, name=CARDS[key].name)


def unbuilt_monuments(state: TinyTownsState, seat: int) -> set[str]:
    """The monument cards dealt to `seat` that nobody else may know: all until built."""
    built = {cell for town in state.towns for cell in town.cells}
    return set(state.towns[seat].dealt) - built


def named(text: str, card: str) -> bool:
    """Whether `text` names `card` in any spelling (case, spaces and punctuation ignored;
    short aliases such as `watch` are everyday words and left out)."""
    folded = fold(text)
    long_aliases = [alias for alias in CARDS[card].aliases if len(fold(alias)) > 8]
    return any(fold(alias) in folded for alias in (card, CARDS[card].name, *long_aliases))


def no_secret_of_others(seen: Seen) -> None:
    """Neither the text nor the image of a reply names a monument of a player who may not see
    it: for a public reply, nobody's; for a private one, anybody's but the reader's."""
    state: TinyTownsState = seen.state
    own = None if seen.audience is None else seen.audience.name
    image = "" if seen.reply.image is None else json.dumps(drawn_view(seen.reply.image.png))
    for seat, player in enumerate(state.players):
        if player == own:
            continue
        for card in unbuilt_monuments(state, seat):
            assert not named(seen.reply.text, card), (player, card, seen.reply.text)
            assert not named(image, card), (player, card, "image")


@pytest.mark.parametrize("seed", [4, 21])
async def test_no_kept_monument_reaches_anybody_else_in_a_whole_tiny_towns_game(
    store: Store, clock: ManualClock, seed: int
) -> None:
    service = Service(store, games=GameCatalog([TinyTowns()]), renderer=fake_renderer, clock=clock)
    game = WholeGame(service, USERS, no_secret_of_others, tiny_towns_spelling, seed=seed)

    await game.play("tiny-towns", {"monuments": "true"})

    assert game.replies > 300


def fits_one_message(seen: Seen) -> None:
    assert len(seen.reply.text) <= DISCORD_MESSAGE_LIMIT, seen.reply.text


@pytest.mark.parametrize("game", engine.all_games(), ids=lambda game: game.info.key)
async def test_every_reply_of_a_whole_game_fits_one_discord_message(
    store: Store, clock: ManualClock, game: Game[Any]
) -> None:
    service = Service(store, games=GameCatalog([game]), renderer=fake_renderer, clock=clock)
    whole = WholeGame(service, USERS, fits_one_message, oddly, seed=7)

    await whole.play(game.info.key, {})

    assert whole.replies > 100


async def test_the_rules_of_every_game_and_the_help_fit_one_discord_message(
    service: Service,
) -> None:
    full = Service(service.store)  # the registered games
    here = Channel("rules")
    replies = [await full.rules(here, game.info.key) for game in engine.all_games()]
    replies += [full.game_list(), Reply(help_text())]
    for reply in replies:
        assert len(reply.text) <= DISCORD_MESSAGE_LIMIT, reply.text[:80]
