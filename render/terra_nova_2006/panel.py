"""The side panel: the phase and turn, one card per player (name, score, figures), whose turn
it is (or who won), stones left and the last turn in words.

Key text — what one follows the game by in a phone's chat preview — is drawn in KEY_SIZE;
long names are cut short rather than drawn smaller.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.core import rank
from engine.core.messages import Message, msg, plural_msg
from engine.games.terra_nova_2006.view import (
    LastTurnView,
    PlayerView,
    TerraNova2006View,
    view_winner_text,
)
from render.common import (
    RGB,
    cut,
    fit_text,
    font,
    font_for,
    hex_token_sprite,
    mix,
    paste_centred,
    wrap,
)
from render.language import around_names, say

from .pieces import Seats, figure_sprite
from .style import CARD, CARD_EDGE, HEIGHT, INK, KEY_SIZE, MUTED, PANEL_LEFT, PANEL_RIGHT, STONE

HEADING_TOP = 52
PLAYERS_TOP, PLAYER_ROW, PLAYER_GAP = 100, 90, 8
SCORE_SIZE, DETAIL_SIZE, DETAIL_MINIMUM = 42, 19, 15
#: Lines of key text for who won (names can be long); the last is cut short if need be.
WINNER_LINES = 3
KEY_LINE = KEY_SIZE + 6
LAST_TURN_SIZE, LAST_TURN_LINE = 19, 24
PHASES = {"placement": msg("Placement"), "play": msg("Play")}
#: What separates the parts of a line of the panel.
DOT = " · "


def player_card(seat: int) -> tuple[int, int, int, int]:
    """The box of a seat's card in the side panel (left, top, right, bottom)."""
    top = PLAYERS_TOP + seat * (PLAYER_ROW + PLAYER_GAP)
    return (PANEL_LEFT + 10, top, PANEL_RIGHT - 10, top + PLAYER_ROW)


def draw_panel(image: Image.Image, view: TerraNova2006View, seats: Seats, language: str) -> None:
    draw = ImageDraw.Draw(image)
    left, right = PANEL_LEFT + 16, PANEL_RIGHT - 16
    _draw_heading(draw, view, left, language)
    to_act = set(view.to_act)
    won = set(_winners(view))
    for seat, player in enumerate(view.players):
        colour, label = seats.colours[seat], seats.labels[seat]
        figure = (colour, label)
        _draw_player(image, draw, player, figure, (seat in to_act, seat in won), language)
    y = player_card(len(view.players) - 1)[3] + 14
    y = _draw_status(draw, view, y, left, right, language)
    y = _draw_stones(image, draw, view, y + 16, left, right, language)
    _draw_last_turn(draw, view, y + 22, left, right, language)


def heading(view: TerraNova2006View) -> Message:
    """The phase and the turn, or that the game is over."""
    phase = PHASES.get(view.phase)
    if phase is None:
        return msg("Game over")
    return msg("{phase} · turn {turn}", phase=phase, turn=view.turn)


def _draw_heading(
    draw: ImageDraw.ImageDraw, view: TerraNova2006View, left: int, language: str
) -> None:
    text = say(heading(view), language)
    draw.text((left, HEADING_TOP), text, font=font(KEY_SIZE), fill=INK)


def _winners(view: TerraNova2006View) -> list[int]:
    """The seats that won, ranked as the engine ranks them for `winner_text`; none before
    the end."""
    if view.phase != "over":
        return []
    players = view.players
    return rank([p.score for p in players], [p.resigned for p in players])[0]


def _draw_player(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    player: PlayerView,
    figure: tuple[RGB, str],
    acting_won: tuple[bool, bool],
    language: str,
) -> None:
    """A seat's card: figure, name and score on top, the player's figures below; framed in
    the player's colour, with an arrow beside it, when it is their turn (`acting`); framed in
    ink, with "winner" before the figures, when the player `won`."""
    colour, label = figure
    acting, won = acting_won
    box = player_card(player.seat)
    left, top, right, _ = box
    if acting:
        draw.rounded_rectangle(
            box, radius=10, fill=mix(CARD, colour, 0.22), outline=colour, width=4
        )
        tip = (left - 2, top + PLAYER_ROW / 2)
        draw.polygon([(tip[0] - 12, tip[1] - 10), (tip[0] - 12, tip[1] + 10), tip], fill=colour)
    else:
        edge, width = (INK, 3) if won else (CARD_EDGE, 1)
        draw.rounded_rectangle(box, radius=10, fill=CARD, outline=edge, width=width)
    resigned = player.resigned
    disc_colour = mix(colour, CARD, 0.55) if resigned else colour
    paste_centred(image, figure_sprite(20, disc_colour, label), (left + 32, top + 33))
    ink = MUTED if resigned else INK
    score_left = _draw_score(draw, right - 14, top + 33, player.score, ink)
    _draw_name(draw, left + 62, top + 33, score_left - 14 - (left + 62), player.name, ink)
    _draw_figures(draw, left + 62, top + 69, right - 12 - (left + 62), player, won, language)


def _draw_score(draw: ImageDraw.ImageDraw, right: float, y: float, score: int, ink: RGB) -> float:
    """The score right-aligned at `right`; returns where it begins."""
    text, score_font = str(score), font(SCORE_SIZE)
    draw.text((right, y), text, font=score_font, fill=ink, anchor="rm")
    return right - score_font.getlength(text)


def _draw_name(
    draw: ImageDraw.ImageDraw, x: float, y: float, width: float, name: str, ink: RGB
) -> None:
    """The player's name in key-text size, cut short if it does not fit `width`."""
    name, name_font = fit_text(name, KEY_SIZE, width, minimum=KEY_SIZE)
    draw.text((x, y), name, font=name_font, fill=ink, anchor="lm")


def _draw_figures(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    width: float,
    player: PlayerView,
    won: bool,
    language: str,
) -> None:
    """Where the player's figures are: on the board, and still to place or out of the game
    when there are any; or that the player resigned. A winner's line begins with "winner"."""
    detail = DOT.join(say(part, language) for part in figures(player))
    prefix = say(msg("winner"), language) + DOT if won else ""
    _, detail_font = fit_text(prefix + detail, DETAIL_SIZE, width, minimum=DETAIL_MINIMUM)
    if prefix:
        draw.text((x, y), prefix, font=detail_font, fill=INK, anchor="lm")
        x += detail_font.getlength(prefix)
    draw.text((x, y), detail, font=detail_font, fill=MUTED, anchor="lm")


def figures(player: PlayerView) -> list[Message]:
    """Where the player's figures are (on the board, and still to place or out of the game
    when there are any), or that the player resigned."""
    if player.resigned:
        return [msg("resigned")]
    parts = [msg("{count} on board", count=player.figures_on_board)]
    if player.figures_to_place:
        parts.append(msg("{count} to place", count=player.figures_to_place))
    if player.figures_out:
        parts.append(msg("{count} out", count=player.figures_out))
    return parts


def _draw_status(
    draw: ImageDraw.ImageDraw,
    view: TerraNova2006View,
    top: int,
    left: int,
    right: int,
    language: str,
) -> int:
    """Whose turn it is and what is left of it, or who won, in key-text size; returns the
    next free y."""
    key_font = font(KEY_SIZE)
    width = right - left
    if view.phase == "over":
        winner = view_winner_text(view)
        winners = say(winner, language) if winner else ""
        lines = wrap(winners, font_for(winners, KEY_SIZE), width, most=WINNER_LINES)
    else:
        before, after = around_names(language)
        names = ", ".join(view.players[seat].name for seat in view.to_act)
        room = width - key_font.getlength(before + after)
        names, _ = fit_text(names, KEY_SIZE, room, KEY_SIZE)
        if view.phase == "placement":
            task = msg("Place a figure")
        else:
            count = view.actions_left
            task = plural_msg(
                "{count} action left this turn", "{count} actions left this turn", count=count
            )
        lines = [before + names + after, say(task, language)]
    y = top
    for line in lines:
        text, line_font = fit_text(line, KEY_SIZE, width, minimum=KEY_SIZE)
        draw.text((left, y), text, font=line_font, fill=INK)
        y += KEY_LINE
    return y


def _draw_stones(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: TerraNova2006View,
    top: int,
    left: int,
    right: int,
    language: str,
) -> int:
    """Stones left of the shared supply, in figures and as a bar; returns its bottom."""
    stones_left = view.stones_left
    total = stones_left + len(view.stones)
    paste_centred(image, hex_token_sprite(12, *STONE), (left + 12, top + 12))
    draw.text(
        (left + 32, top + 12),
        say(msg("Stones left: {left} of {total}", left=stones_left, total=total), language),
        font=font(20),
        fill=INK,
        anchor="lm",
    )
    bar_top = top + 32
    draw.rounded_rectangle((left, bar_top, right, bar_top + 10), radius=5, fill=CARD_EDGE)
    if total and stones_left:
        filled = left + (right - left) * stones_left / total
        draw.rounded_rectangle((left, bar_top, filled, bar_top + 10), radius=5, fill=STONE[0])
    return bar_top + 10


def _draw_last_turn(
    draw: ImageDraw.ImageDraw,
    view: TerraNova2006View,
    top: int,
    left: int,
    right: int,
    language: str,
) -> None:
    """The last turn in words, in as many lines as the panel has room for."""
    last = view.last_turn
    if last is None:
        return
    text = describe_last_turn(view, last, language)
    draw.text((left, top), say(msg("Last turn"), language), font=font(LAST_TURN_SIZE), fill=MUTED)
    body_font = font_for(text, LAST_TURN_SIZE)
    y = top + LAST_TURN_LINE + 4
    room = max(1, (HEIGHT - 24 - y) // LAST_TURN_LINE)
    for line in wrap(text, body_font, right - left, most=room):
        draw.text((left, y), cut(line, body_font, right - left), font=body_font, fill=INK)
        y += LAST_TURN_LINE


def describe_last_turn(view: TerraNova2006View, last: LastTurnView, language: str) -> str:
    """The last turn in a few words, matching what the arrows and rings show."""
    parts: list[Message] = []
    if last.placed:
        parts.append(msg("placed a figure on {cell}", cell=last.placed))
    if last.moves:
        moves = ", ".join(f"{m.start}-{m.end}" for m in last.moves)
        parts.append(msg("moved {moves}", moves=moves))
    if last.stones:
        parts.append(msg("stone {cells}", cells=", ".join(last.stones)))
    if last.passed:
        parts.append(msg("passed"))
    for index in last.areas:
        area = view.areas[index]
        parts.append(
            plural_msg(
                "closed an area of {count} cell for {points} points",
                "closed an area of {count} cells for {points} points",
                count=area.size,
                points=area.points,
            )
        )
    name = view.players[last.seat].name
    return f"{name}: " + "; ".join(say(part, language) for part in parts or [msg("no action")])
