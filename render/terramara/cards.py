"""Artifact cards and bonus tiles, drawn legibly: a card shows its id, category and level on a
band in the category's colour, its name, cost, VP and effects in short form."""

from __future__ import annotations

from functools import cache

from PIL import Image

from engine.games.terramara.content import artifact_term
from engine.games.terramara.view import BonusView, CardView
from render.common import Box, mix, text_colour_on
from render.language import ENGLISH

from .canvas import Canvas
from .style import BODY, CARD, CARD_EDGE, CATEGORIES, INK, MUTED, SMALL
from .words import card_lines

BAND = 26


def card_sprite(card: CardView, width: int, height: int, language: str = ENGLISH) -> Image.Image:
    """A card `width` × `height` px, worded in `language` (cached per card and language:
    cards recur in every image)."""
    return _card_sprite(card.model_dump_json(), width, height, language)


@cache
def _card_sprite(card_json: str, width: int, height: int, language: str) -> Image.Image:
    card = CardView.model_validate_json(card_json)
    image = Image.new("RGB", (width, height), CARD)
    canvas = Canvas(image, language)
    colour = CATEGORIES[card.category]
    canvas.rect((0, 0, width, height), fill=CARD, outline=mix(colour, INK, 0.3), width=2, radius=6)
    canvas.rect((0, 0, width, BAND), fill=colour, radius=6)
    canvas.rect((0, BAND - 8, width, BAND), fill=colour)
    band_ink = text_colour_on(colour)
    canvas.text((7, BAND / 2), f"{card.id} · L{card.level}", SMALL, band_ink, anchor="lm")
    canvas.text((width - 7, BAND / 2), f"{card.vp} VP", BODY, band_ink, "rm")
    name = canvas.say(artifact_term(card.id))
    y = canvas.paragraph((7, BAND + 3), name, BODY, INK, width - 14, max_lines=2)
    y += 2
    canvas.line([(6, y), (width - 6, y)], CARD_EDGE)
    canvas.text((7, y + 3), card.cost, BODY, INK)
    y += 25
    for line in card_lines(card.effect, card.category):
        y = canvas.paragraph((7, y), canvas.say(line), SMALL, MUTED, width - 12, max_lines=3)
    return image


def draw_bonus(canvas: Canvas, box: Box, tile: BonusView, title: str = "") -> None:
    """A bonus tile: its id and level on top, its effect below (wrapped)."""
    left, top, right, bottom = box
    canvas.rect(box, fill=mix(CARD, BONUS_TINT, 0.25), outline=BONUS_EDGE, width=2, radius=5)
    canvas.text((left + 5, top + 3), title or f"{tile.id}", SMALL, MUTED)
    canvas.paragraph(
        (left + 5, top + 22),
        tile.text,
        SMALL,
        INK,
        right - left - 10,
        max_lines=(bottom - top - 24) // 19,
    )


BONUS_TINT = (232, 196, 98)
BONUS_EDGE = (176, 140, 50)
