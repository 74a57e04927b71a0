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
import re
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
from engine.games.tiny_towns.state import Town
from engine.games.tiny_towns.view import owed_message, pending_text
from render import render_png
from render.palettes import NAMES
from tests.support.english import english_in
from tests.support.text_sizes import clear_render_caches, recording

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


#: A drawn line counts as a sentence when it has this many words of three letters or more
#: (names, cell names and the design's notation — `2 st, ca, 1 mil` — have fewer).
SENTENCE_WORDS = 3
_LONG_WORD = re.compile(r"\b[A-Za-z]*[a-z][A-Za-z]*\b")
#: Terramara's notation: its tracks' and resources' codes (`1 cul, 1 rch`, `2 raw?`), upper
#: case codes (`ASH`, `LEA`) aside.
NOTATION = {"cul", "rch", "mil", "raw"}


def words(line: str) -> list[str]:
    """The words of a line that are words of a language, not notation."""
    return [w for w in _LONG_WORD.findall(line) if len(w) >= 3 and w not in NOTATION]


def moments(key: str, seed: int = 5) -> list[Any]:
    """Views of a seeded random game at the most players, from its start (set-up, a draft)
    to its end, public and the first seat's."""
    game = engine.get(key)
    names = list(NAMES[: game.info.max_players])
    state = game.new_game(names, seed, None)
    log = random_playout(game, names, seed).log
    marks = {round(len(log) * share) for share in (0.0, 0.03, 0.4, 0.8)}
    views = []
    for index, (seat, text) in enumerate(log):
        if index in marks:
            views += [game.view(state, None), game.view(state, 0)]
        state, _ = game.apply(state, seat, text)
    return [*views, game.view(state, None), game.view(state, 0)]


def drawn(key: str, view: Any, language: str) -> list[str]:
    """The lines of text a board of `view` draws in `language`, in drawing order (the
    palettes' colour samples, drawn on images never shown, left out)."""
    with recording() as record:
        render_png(key, view, language)
    return [
        text.text
        for text in record.texts
        if not any(caller.startswith("render.terramara.palette.") for caller in text.callers)
    ]


@pytest.mark.parametrize("key", GAMES)
def test_a_german_board_draws_no_english_sentence(key: str) -> None:
    """Whatever a German board draws is German: no line it draws is also drawn, word for
    word, on the English board of the same view (a text the view carries in English and the
    renderer drew as it was: an end reason, a card's ability, a decision's prompt), none
    holds an English sentence of a catalogue, and the view's English result (`winner_text`,
    `end_reason`) is not drawn, not even wrapped over several lines."""
    found: set[str] = set()
    for view in moments(key):
        english = drawn(key, view, "en")
        german = drawn(key, view, "de")
        names = [player["name"] for player in view["players"]]
        results = [view.get(field) for field in ("winner_text", "end_reason")]
        found.update(text for text in results if text and text in " ".join(german))
        for line in set(english) & set(german):
            bare = line
            for name in names:
                bare = bare.replace(name, "")
            if len(words(bare)) >= SENTENCE_WORDS:
                found.add(line)
        found.update(fragment for line in german for fragment in english_in(line))
    assert sorted(found) == [], sorted(found)


@pytest.mark.parametrize("item", ["put:0", "guild:1", "guild:2", "watch", "university"])
def test_what_a_tiny_towns_player_owes_is_read_back_into_its_message(item: str) -> None:
    """The view carries what a town owes as English (`owes`); the renderer reads it back into
    the message, which a German board words in German."""
    town = Town(cells=["warehouse", *[""] * 15])
    owed = pending_text(town, item)
    assert owed_message(owed.english()) == owed
    assert not missing(owed_message(owed.english()), "de")
