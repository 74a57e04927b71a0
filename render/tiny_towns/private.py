"""A player's own image adds a strip under the public image with their monument card(s):
the two dealt cards while they choose, then the one they kept."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.core.messages import Message, msg
from engine.games.tiny_towns.view import CardView, OwnPlayerView, TinyTownsView
from render.common import Box, font, font_for
from render.language import say

from .cards import CardSize, Palette, card_sprite
from .style import CARD, INK, MUTED, building_fill
from .text import stamp_text

MONUMENT_CARD = CardSize(width=380, height=214, band=36, cell=30, shape_rows=3, text_size=15)


def secret_holder(view: TinyTownsView) -> OwnPlayerView | None:
    """The viewer's player entry when it carries monument cards; None for the public view
    (and in games without monuments)."""
    if view.viewer is None:
        return None
    player = view.players[view.viewer]
    return player if isinstance(player, OwnPlayerView) and player.monument_cards else None


def draw_private(
    image: Image.Image, box: Box, player: OwnPlayerView, palette: Palette, language: str
) -> None:
    draw = ImageDraw.Draw(image)
    left, top, _, _ = box
    draw.rounded_rectangle(box, 12, fill=CARD, outline=building_fill("monument"), width=3)
    kept = player.kept_monument
    name = player.name
    title = say(
        msg("Only for {player}: keep one of these monuments", player=name)
        if kept is None
        else msg("Only for {player}: your monument", player=name),
        language,
    )
    stamp_text(image, (left + 16, top + 22), title, font_for(title, 22), INK, "lm")
    cards = player.monument_cards
    x, card_top = left + 16, top + 44
    for card in cards:
        face = card_sprite(card, MONUMENT_CARD, palette, language)
        image.paste(face, (x, card_top), face)
        x += MONUMENT_CARD.width + 16
    hints = _hints(cards, kept, built=player.monument is not None)
    for number, line in enumerate(hints):
        text = say(line, language) if isinstance(line, Message) else line
        stamp_text(image, (x + 8, card_top + 8 + 26 * number), text, font(18), MUTED)


def _hints(cards: list[CardView], kept: str | None, built: bool) -> list[Message | str]:
    """What the player may do with their monument; commands are shown as typed."""
    if kept is None:
        return [msg("Keep one by typing:"), *(f"keep {card.key}" for card in cards)]
    if built:
        return [msg("Built: everyone sees it in your town now.")]
    return [msg("Nobody else sees it. Only you may build it, once.")]
