"""The side panel: players, whose turn, stones left and the last turn in words."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.terra_nova_2006.view import LastTurnView, PlayerView, TerraNova2006View
from render.common import (
    RGB,
    fit_text,
    font,
    font_for,
    hex_token_sprite,
    mix,
    paste_centred,
    wrap,
)

from .pieces import Seats, figure_sprite
from .style import CARD, CARD_EDGE, INK, MUTED, PANEL_LEFT, PANEL_RIGHT, STONE

PLAYER_ROW, PLAYER_GAP, PLAYERS_TOP = 84, 6, 98


def player_card(seat: int) -> tuple[int, int, int, int]:
    """The box of a seat's card in the side panel (left, top, right, bottom)."""
    top = PLAYERS_TOP + seat * (PLAYER_ROW + PLAYER_GAP)
    return (PANEL_LEFT + 10, top, PANEL_RIGHT - 10, top + PLAYER_ROW)


def draw_panel(image: Image.Image, view: TerraNova2006View, seats: Seats) -> None:
    draw = ImageDraw.Draw(image)
    left, right = PANEL_LEFT + 16, PANEL_RIGHT - 16
    phase = view.phase
    heading = "Final board" if phase == "over" else f"Turn {view.turn} · {phase} phase"
    draw.text((left, 66), heading, font=font(19), fill=MUTED)
    to_act = set(view.to_act)
    for seat, player in enumerate(view.players):
        colour, label = seats.colours[seat], seats.labels[seat]
        _draw_player(image, draw, player, colour, label, seat in to_act, seat)
    y = player_card(len(view.players) - 1)[3] + 10
    y = _draw_status(draw, view, y, left, right)
    y = _draw_stones(image, draw, view, y + 14, left, right)
    _draw_last_turn(draw, view, y + 16, left, right)


def _draw_player(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    player: PlayerView,
    colour: RGB,
    label: str,
    acting: bool,
    seat: int,
) -> None:
    box = player_card(seat)
    left, top, right, _ = box
    if acting:
        draw.rounded_rectangle(
            box, radius=10, fill=mix(CARD, colour, 0.22), outline=colour, width=4
        )
    else:
        draw.rounded_rectangle(box, radius=10, fill=CARD, outline=CARD_EDGE, width=1)
    resigned = player.resigned
    disc_colour = mix(colour, CARD, 0.55) if resigned else colour
    paste_centred(image, figure_sprite(20, disc_colour, label), (left + 32, top + 32))
    name_colour = MUTED if resigned else INK
    score = str(player.score)
    score_font = font(34)
    score_width = score_font.getlength(score)
    name, name_font = fit_text(player.name, 24, right - left - 74 - score_width - 16, minimum=15)
    draw.text((left + 62, top + 32), name, font=name_font, fill=name_colour, anchor="lm")
    draw.text((right - 12, top + 32), score, font=score_font, fill=name_colour, anchor="rm")
    if resigned:
        detail = "resigned"
    else:
        detail = (
            f"on board {player.figures_on_board} · to place {player.figures_to_place}"
            f" · out {player.figures_out}"
        )
    draw.text((left + 14, top + 66), detail, font=font(16), fill=MUTED, anchor="lm")
    if acting:
        tip = (left - 2, top + PLAYER_ROW / 2)
        draw.polygon([(tip[0] - 12, tip[1] - 10), (tip[0] - 12, tip[1] + 10), tip], fill=colour)


def _draw_status(
    draw: ImageDraw.ImageDraw, view: TerraNova2006View, top: int, left: int, right: int
) -> int:
    """Whose turn and what is left to do, or the winner; returns the next free y."""
    title_font = font(23)
    if view.phase == "over":
        title = "Game over"
        body = view.winner_text or ""
    else:
        suffix = " to act"
        names = ", ".join(view.players[seat].name for seat in view.to_act)
        names, _ = fit_text(names, 23, right - left - title_font.getlength(suffix), minimum=23)
        title = names + suffix
        left_count = view.actions_left
        if view.phase == "placement":
            body = "Place a figure on any empty hex."
        else:
            body = f"{left_count} action{'s' if left_count != 1 else ''} left this turn."
    draw.text((left, top), title, font=font_for(title, 23), fill=INK)
    y = top + 32
    body_font = font_for(body, 18)
    for line in wrap(body, body_font, right - left):
        draw.text((left, y), line, font=body_font, fill=INK)
        y += 23
    return y


def _draw_stones(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: TerraNova2006View,
    top: int,
    left: int,
    right: int,
) -> int:
    stones_left = view.stones_left
    total = stones_left + len(view.stones)
    paste_centred(image, hex_token_sprite(12, *STONE), (left + 12, top + 12))
    draw.text(
        (left + 32, top + 12),
        f"Stones left: {stones_left} of {total}",
        font=font(18),
        fill=INK,
        anchor="lm",
    )
    bar_top = top + 30
    draw.rounded_rectangle((left, bar_top, right, bar_top + 10), radius=5, fill=CARD_EDGE)
    if total and stones_left:
        filled = left + (right - left) * stones_left / total
        draw.rounded_rectangle((left, bar_top, filled, bar_top + 10), radius=5, fill=STONE[0])
    return bar_top + 10


def _draw_last_turn(
    draw: ImageDraw.ImageDraw, view: TerraNova2006View, top: int, left: int, right: int
) -> None:
    last = view.last_turn
    if last is None:
        return
    text = describe_last_turn(view, last)
    draw.text((left, top), "Last turn", font=font(17), fill=MUTED)
    body_font = font_for(text, 17)
    y = top + 24
    for line in wrap(text, body_font, right - left)[:4]:
        draw.text((left, y), line, font=body_font, fill=INK)
        y += 21


def describe_last_turn(view: TerraNova2006View, last: LastTurnView) -> str:
    """The last turn in a few words, matching what the arrows and rings show."""
    parts: list[str] = []
    if last.placed:
        parts.append(f"placed a figure on {last.placed}")
    if last.moves:
        parts.append("moved " + ", ".join(f"{m.start}-{m.end}" for m in last.moves))
    if last.stones:
        parts.append("stone " + ", ".join(last.stones))
    if last.passed:
        parts.append("passed")
    for index in last.areas:
        area = view.areas[index]
        cells = "cell" if area.size == 1 else "cells"
        parts.append(f"closed an area of {area.size} {cells} for {area.points} points")
    name = view.players[last.seat].name
    return f"{name}: " + "; ".join(parts or ["no action"])
