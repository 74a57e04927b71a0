"""The three strips under the map: the round scoring tiles (the current one marked), the
board's power actions (those used this round crossed out) and the bonus tiles on offer with
the money lying on them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.games.terra_nova.tiles import POWER_ACTIONS
from render.common import RGB, Box, disc_sprite, font, mix, paste_centred, wrap

from .layout import strip_box, tile_boxes
from .style import CARD, CARD_EDGE, COIN, COIN_EDGE, CROSS, INK, MUTED, NOW, POWER, WHITE

TEXT_SIZE = 15


def draw_strips(image: Image.Image, view: Mapping[str, Any]) -> None:
    draw = ImageDraw.Draw(image)
    _draw_round_tiles(draw, view["round_tiles"], view["round"])
    _draw_power_actions(image, draw, set(view.get("power_used", ())))
    _draw_bonus_offer(image, draw, view["bonus_offer"])


def _tile(draw: ImageDraw.ImageDraw, box: Box, outline: RGB = CARD_EDGE, width: int = 1) -> None:
    draw.rounded_rectangle(box, radius=9, fill=CARD, outline=outline, width=width)


def _text_lines(
    draw: ImageDraw.ImageDraw,
    text: str,
    at: tuple[float, float],
    width: float,
    lines: int,
    colour: RGB = INK,
    size: int = TEXT_SIZE,
) -> None:
    """`text` wrapped to `width`, at most `lines` lines from `at` downwards."""
    text_font = font(size)
    x, y = at
    wrapped = wrap(text, text_font, width)
    if len(wrapped) > lines:
        wrapped = [*wrapped[: lines - 1], " ".join(wrapped[lines - 1 :])]
    for line in wrapped:
        draw.text((x, y), line, font=text_font, fill=colour)
        y += size + 3


def _draw_round_tiles(
    draw: ImageDraw.ImageDraw, tiles: Sequence[Mapping[str, Any]], current_round: int
) -> None:
    """Each round's scoring: its points large, what scores them below; the current round is
    framed, past rounds are faded."""
    for tile, box in zip(tiles, tile_boxes(strip_box(0), len(tiles), 176), strict=True):
        left, top, right, _ = box
        past = tile["round"] < current_round
        if tile["current"]:
            _tile(draw, box, NOW, 4)
        else:
            _tile(draw, box)
        ink = mix(INK, CARD, 0.55) if past else INK
        label = f"Round {tile['round']}" + (" · now" if tile["current"] else "")
        draw.text((left + 10, top + 8), label, font=font(17), fill=NOW if tile["current"] else ink)
        points, _, rest = tile["text"].partition(" points ")
        draw.text((right - 10, top + 4), f"+{points}", font=font(32), fill=ink, anchor="ra")
        _text_lines(draw, rest, (left + 10, top + 44), right - left - 20, 3, ink)


def _draw_power_actions(image: Image.Image, draw: ImageDraw.ImageDraw, used: set[str]) -> None:
    """The six power actions: cost in power, what to type, what it does; crossed out in red
    once used this round."""
    actions = list(POWER_ACTIONS.values())
    for action, box in zip(actions, tile_boxes(strip_box(1), len(actions), 176), strict=True):
        left, top, right, bottom = box
        spent = action.key in used
        _tile(draw, box)
        ink = mix(INK, CARD, 0.5) if spent else INK
        token = mix(POWER, CARD, 0.5) if spent else POWER
        paste_centred(
            image,
            disc_sprite(15, token, mix(token, INK, 0.4), str(action.cost), WHITE, None, 17),
            (left + 24, top + 24),
        )
        draw.text((left + 46, top + 24), action.key, font=font(19), fill=ink, anchor="lm")
        _text_lines(draw, action.text, (left + 10, top + 46), right - left - 20, 3, ink, 14)
        if spent:
            for a, b in (((left, top), (right, bottom)), ((left, bottom), (right, top))):
                draw.line([a, b], fill=WHITE, width=9)
                draw.line([a, b], fill=CROSS, width=5)


def _draw_bonus_offer(
    image: Image.Image, draw: ImageDraw.ImageDraw, offer: Sequence[Mapping[str, Any]]
) -> None:
    """The bonus tiles on offer: their key, what they give, and a coin with the money that
    has piled up on them."""
    for tile, box in zip(offer, tile_boxes(strip_box(2), len(offer), 300), strict=True):
        left, top, right, _ = box
        _tile(draw, box)
        draw.text((left + 10, top + 8), tile["tile"], font=font(19), fill=INK)
        if tile["money"]:
            coin = disc_sprite(15, COIN, COIN_EDGE, str(tile["money"]), INK, None, 17)
            paste_centred(image, coin, (right - 22, top + 22))
        income, _, effect = tile["text"].partition("; ")
        draw.text((left + 10, top + 34), income, font=font(17), fill=INK)
        _text_lines(draw, effect, (left + 10, top + 56), right - left - 20, 2, MUTED, 14)
    if not offer:
        left, top, _, bottom = tile_boxes(strip_box(2), 1, 300)[0]
        middle = (top + bottom) / 2
        draw.text((left, middle), "none on offer", font=font(17), fill=MUTED, anchor="lm")
