"""The three strips under the map: the round scoring tiles (the current one marked), the
board's power actions (those used this round crossed out) and the bonus tiles on offer with
the money lying on them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.core.messages import msg, term
from engine.games.terra_nova.tiles import power_action_text
from engine.games.terra_nova.view import TerraNovaView
from render.common import RGB, Box, disc_sprite, fit_text, font, mix, paste_centred, wrap
from render.language import say
from render.recent import TABLE_IMAGES, recent

from .layout import STRIP_CAPTION, strip_box, tile_boxes
from .style import CARD, CARD_EDGE, COIN, COIN_EDGE, CROSS, INK, MUTED, NOW, PAPER, POWER, WHITE

TEXT_SIZE = 15
SMALLEST_TEXT = 12
#: The widest a tile may be in each strip.
WIDEST = (176, 176, 300)

RoundTiles = tuple[tuple[int, str, bool], ...]
Offer = tuple[tuple[str, str, int], ...]
PowerActions = tuple[tuple[str, int, str, bool], ...]


def draw_strips(image: Image.Image, view: TerraNovaView, language: str) -> None:
    """The three strips, each drawn once per content (worded in `language`) and cached:
    within a game they change only when a round ends, a power action is taken or a bonus tile
    changes hands. The tiles' and power actions' texts are the game's words."""
    playing = view.phase != "over"
    rounds: RoundTiles = tuple(
        (t.round, say(term(t.text, "round tile"), language), t.current and playing)
        for t in view.round_tiles
    )
    actions: PowerActions = tuple(
        (a.key, a.cost, say(power_action_text(a.key), language), a.used) for a in view.power_actions
    )
    offer: Offer = tuple(
        (t.tile, say(term(t.text, "bonus tile"), language), t.money) for t in view.bonus_offer
    )
    strips = (
        _round_strip(rounds, view.round, language),
        _power_strip(actions),
        _offer_strip(offer, language),
    )
    for index, strip in enumerate(strips):
        image.paste(strip, _region(index)[:2])


def _region(index: int) -> Box:
    """The part of a strip its tiles cover (its caption belongs to the static layer)."""
    left, top, right, bottom = strip_box(index)
    return (left + STRIP_CAPTION - 4, top + 2, right + 2, bottom + 2)


def _canvas(index: int, count: int) -> tuple[Image.Image, ImageDraw.ImageDraw, list[Box]]:
    """A paper canvas for strip `index`, and its `count` tile boxes in canvas coordinates."""
    left, top, right, bottom = _region(index)
    canvas = Image.new("RGB", (right - left, bottom - top), PAPER)
    boxes = [
        (a - left, b - top, c - left, d - top)
        for a, b, c, d in tile_boxes(strip_box(index), count, WIDEST[index])
    ]
    return canvas, ImageDraw.Draw(canvas), boxes


@recent(16, budget=TABLE_IMAGES)
def _round_strip(tiles: RoundTiles, current_round: int, language: str) -> Image.Image:
    canvas, draw, boxes = _canvas(0, len(tiles))
    _draw_round_tiles(draw, tiles, current_round, boxes, language)
    return canvas


@lru_cache(maxsize=64)
def _power_strip(actions: PowerActions) -> Image.Image:
    canvas, draw, boxes = _canvas(1, len(actions))
    _draw_power_actions(canvas, draw, actions, boxes)
    return canvas


@recent(32, budget=TABLE_IMAGES)
def _offer_strip(offer: Offer, language: str) -> Image.Image:
    canvas, draw, boxes = _canvas(2, max(len(offer), 1))
    _draw_bonus_offer(canvas, draw, offer, boxes, language)
    return canvas


def _tile(draw: ImageDraw.ImageDraw, box: Box, outline: RGB = CARD_EDGE, width: int = 1) -> None:
    draw.rounded_rectangle(box, radius=9, fill=CARD, outline=outline, width=width)


def _text_lines(
    draw: ImageDraw.ImageDraw,
    paragraphs: Sequence[tuple[str, RGB]],
    box: Box,
    largest: int = TEXT_SIZE,
) -> None:
    """Paragraphs (text, colour) wrapped into `box` one below the other, in the largest font
    (down to SMALLEST_TEXT) that fits them all; cut short with an ellipsis if even that is
    too large."""
    left, top, right, bottom = box
    width = right - left

    def wrapped(size: int) -> list[tuple[str, RGB]]:
        return [
            (line, colour) for text, colour in paragraphs for line in wrap(text, font(size), width)
        ]

    size = largest
    lines = wrapped(size)
    while size > SMALLEST_TEXT and len(lines) * (size + 3) > bottom - top:
        size -= 1
        lines = wrapped(size)
    room = max(1, (bottom - top) // (size + 3))
    if len(lines) > room:
        last, colour = lines[room - 1]
        while last and font(size).getlength(last + "...") > width:
            last = last[:-1]
        lines = [*lines[: room - 1], (last.rstrip() + "...", colour)]
    for index, (line, colour) in enumerate(lines):
        draw.text((left, top + index * (size + 3)), line, font=font(size), fill=colour)


def _draw_round_tiles(
    draw: ImageDraw.ImageDraw,
    tiles: RoundTiles,
    current_round: int,
    boxes: Sequence[Box],
    language: str,
) -> None:
    """Each round's scoring (`2 points per house built`): its points large, what scores them
    below; the current round is framed, past rounds are faded."""
    for (number, text, current), box in zip(tiles, boxes, strict=True):
        left, top, right, bottom = box
        past = number < current_round
        if current:
            _tile(draw, box, NOW, 4)
        else:
            _tile(draw, box)
        ink = mix(INK, CARD, 0.55) if past else INK
        points, _, rest = text.partition(" ")
        rest = rest.partition(" ")[2]  # after the word for points
        points_width = font(32).getlength(f"+{points}")
        draw.text((right - 10, top + 4), f"+{points}", font=font(32), fill=ink, anchor="ra")
        label = say(msg("Round {round}", round=number), language)
        if current:
            label += " · " + say(msg("now"), language)
        label, label_font = fit_text(label, 17, right - left - 28 - points_width, minimum=12)
        draw.text((left + 10, top + 8), label, font=label_font, fill=NOW if current else ink)
        _text_lines(draw, [(rest, ink)], (left + 10, top + 44, right - 10, bottom - 4))


def _draw_power_actions(
    image: Image.Image, draw: ImageDraw.ImageDraw, actions: PowerActions, boxes: Sequence[Box]
) -> None:
    """The board's power actions: cost in power, what to type, what it does; crossed out in
    red once used this round."""
    for (key, cost, text, spent), box in zip(actions, boxes, strict=True):
        left, top, right, bottom = box
        _tile(draw, box)
        ink = mix(INK, CARD, 0.5) if spent else INK
        token = mix(POWER, CARD, 0.5) if spent else POWER
        paste_centred(
            image,
            disc_sprite(15, token, mix(token, INK, 0.4), str(cost), WHITE, None, 17),
            (left + 24, top + 24),
        )
        draw.text((left + 46, top + 24), key, font=font(19), fill=ink, anchor="lm")
        _text_lines(draw, [(text, ink)], (left + 10, top + 44, right - 10, bottom - 4), 14)
        if spent:
            for a, b in (((left, top), (right, bottom)), ((left, bottom), (right, top))):
                draw.line([a, b], fill=WHITE, width=9)
                draw.line([a, b], fill=CROSS, width=5)


def _draw_bonus_offer(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    offer: Offer,
    boxes: Sequence[Box],
    language: str,
) -> None:
    """The bonus tiles on offer: their key, what they give, and a coin with the money that
    has piled up on them."""
    for (key, text, money), box in zip(offer, boxes, strict=False):
        left, top, right, bottom = box
        _tile(draw, box)
        draw.text((left + 10, top + 8), key, font=font(19), fill=INK)
        if money:
            coin = disc_sprite(15, COIN, COIN_EDGE, str(money), INK, None, 17)
            paste_centred(image, coin, (right - 22, top + 22))
        income, _, effect = text.partition("; ")
        paragraphs = [(income, INK), (effect, MUTED)] if effect else [(income, INK)]
        _text_lines(draw, paragraphs, (left + 10, top + 36, right - 8, bottom - 2), 17)
    if not offer:
        left, top, _, bottom = boxes[0]
        middle = (top + bottom) / 2
        none = say(msg("none on offer"), language)
        draw.text((left, middle), none, font=font(17), fill=MUTED, anchor="lm")
