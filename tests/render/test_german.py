"""Board images in German (issue 16): every label, heading, panel text and legend of the four
games is worded through the catalogues, and English images are not changed by it.

- A German board differs from the English one, and is the same size (the layout does not move).
- Every message a German board words is translated: render's own words always; a game's own
  words (`term(word, context)`) once that game has its catalogue (the games' terms are
  translated beside each game's engine).
- A German board never shows an English cached layer, and the other way round.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from typing import Any

import pytest
from PIL import Image, ImageChops

import engine
import render.language
from engine.core.i18n import missing
from engine.core.messages import Message
from engine.core.playout import random_playout
from render import render_png
from render.palettes import NAMES
from tests.support.text_sizes import clear_render_caches

GAMES = [game.info.key for game in engine.all_games()]
#: Contexts the engine gives to a game's own words (docs/i18n.md).
GAME_WORDS = {
    "artifact",
    "bonus tile",
    "building",
    "colour",
    "faction",
    "member",
    "person",
    "resource",
    "round tile",
    "solo rank",
    "terrain",
    "track",
}


def late_view(key: str, share: float = 0.8, seed: int = 7) -> Any:
    """The public view of a seeded random game at the most players, `share` of the way in."""
    game = engine.get(key)
    names = list(NAMES[: game.info.max_players])
    state = game.new_game(names, seed, None)
    log = random_playout(game, names, seed).log
    for seat, text in log[: round(len(log) * share)]:
        state, _ = game.apply(state, seat, text)
    return game.view(state, 0)


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@contextmanager
def worded() -> Iterator[list[Message]]:
    """Every message the renderers word inside the block."""
    said: list[Message] = []
    original = render.language.word

    def recording(message: Message | str, language: str = "en") -> str:
        if isinstance(message, Message):
            said.append(message)
        return original(message, language)

    render.language.word = recording  # type: ignore[assignment]
    try:
        yield said
    finally:
        render.language.word = original


def has_catalogue(game_key: str) -> bool:
    package = type(engine.get(game_key)).__module__.rsplit(".", 1)[0]
    return resources.files(package).joinpath("locales", "de.po").is_file()


def untranslated(message: Message, game_catalogue: bool) -> list[str]:
    """The keys of `message` and its parameters German lacks; a game's word only counts once
    its game has a catalogue."""
    lacking = []
    if game_catalogue or message.context not in GAME_WORDS:
        alone = Message(message.key, {}, message.context, message.plural)
        lacking += [f"{message.context or ''}|{key}" for key in missing(alone, "de")]
    for value in message.params.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, Message):
                lacking += untranslated(item, game_catalogue)
    return lacking


@pytest.mark.parametrize("key", GAMES)
def test_a_german_board_words_every_label_in_german(key: str) -> None:
    view = late_view(key)
    with worded() as said:
        german = render_png(key, view, "de")
    english = render_png(key, view)
    assert said, "the board worded nothing"
    lacking = sorted({k for message in said for k in untranslated(message, has_catalogue(key))})
    assert not lacking, f"{key}: German lacks {lacking}"
    shown, expected = image(german), image(english)
    assert shown.size == expected.size
    assert ImageChops.difference(shown, expected).getbbox() is not None


@pytest.mark.parametrize("key", GAMES)
def test_english_and_german_boards_do_not_share_cached_layers(key: str) -> None:
    """Each language's boards drawn with the other language's caches warm come out as drawn
    from cold caches: no cached layer, card, town or panel of one shows in the other."""
    views = [late_view(key, share, seed=11) for share in (0.3, 0.6)]

    def cold(language: str) -> list[bytes]:
        clear_render_caches()
        return [render_png(key, view, language) for view in views]

    english, german = cold("en"), cold("de")
    assert all(de != en for de, en in zip(german, english, strict=True))
    assert [render_png(key, view) for view in views] == english  # German caches warm
    assert [render_png(key, view, "de") for view in views] == german  # English caches warm
