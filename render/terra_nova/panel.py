"""The side panel: the round and who is to act, then one card per faction with its score,
money, power bowls, sailing, buildings and bridges left, bonus tile and towns."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.core.messages import Message, msg, plural_msg, stored, term
from engine.games.terra_nova.view import PlayerView, TerraNovaView
from render.common import RGB, Box, disc_sprite, fit_text, font, font_for, mix, paste_centred
from render.language import around_names, say
from render.recent import TABLE_IMAGES, recent

from .glyphs import glyph_sprite
from .layout import PANEL_TOP, card_box
from .pieces import building_of
from .style import (
    CARD,
    CARD_EDGE,
    COIN,
    COIN_EDGE,
    INK,
    MUTED,
    NOW,
    PANEL_LEFT,
    PANEL_RIGHT,
    POWER,
    TOWN,
    WHITE,
    glyph_ink,
    glyph_of,
)

PALACES = 2
PHASES = {
    "neutral": msg("setting neutral houses"),
    "factions": msg("choosing factions"),
    "houses": msg("setting starting houses"),
    "bonus": msg("taking bonus tiles"),
}
#: The size of key text — the status, names and faction names: 11 px and more when the image
#: is shown 520 px wide (docs/architecture.md, "render/").
KEY_SIZE = 30
#: On the card of the faction that took the last turn (in the colour of the map's marks).
LAST_TURN = msg("last turn")
#: The building shapes of a player's supply, by the names the engine gives them.
SUPPLY = ("house", "trading post", "palace")
#: Bowls I, II and III: only bowl III's power can be spent, so it is the strongest shade.
BOWL_SHADES = (0.62, 0.35, 0.0)


def draw_panel(
    image: Image.Image, view: TerraNovaView, colours: Sequence[RGB], language: str
) -> None:
    draw = ImageDraw.Draw(image)
    _draw_status(draw, view, language)
    players = view.players
    acting = set(view.to_act)
    last = view.last_turn.seat if view.last_turn else None
    for seat, player in enumerate(players):
        towns = tuple(town.tile for town in view.towns if town.seat == seat)
        left, top, right, bottom = card_box(seat, len(players))
        size = (right - left, bottom - top)
        card = _card(player, size, colours[seat], (seat in acting, seat == last), towns, language)
        image.paste(card, (left, top))
        if seat in acting:
            tip = (left - 2, (top + bottom) / 2)
            draw.polygon([(tip[0] - 12, tip[1] - 10), (tip[0] - 12, tip[1] + 10), tip], fill=NOW)


def _draw_status(draw: ImageDraw.ImageDraw, view: TerraNovaView, language: str) -> None:
    """Two lines above the cards, in key-text size: the round (or set-up step, or the end),
    and who is to act (names cut short rather than made smaller), or why the game ended."""
    left, width = PANEL_LEFT + 16, PANEL_RIGHT - PANEL_LEFT - 32
    key_font = font(KEY_SIZE)
    if view.phase == "over":
        reason = say(stored(view.end_reason) if view.end_reason else msg("final scores"), language)
        lines = ((say(msg("Game over"), language), INK), (reason, INK))
    else:
        rounds = msg("round {round} of {rounds}", round=view.round, rounds=len(view.round_tiles))
        when = say(PHASES.get(view.phase, rounds), language)
        names = ", ".join(view.players[seat].name for seat in view.to_act)
        before, after = around_names(language)
        room = width - key_font.getlength(before + after)
        names, _ = fit_text(names, KEY_SIZE, room, KEY_SIZE)
        lines = ((f"{when[:1].upper()}{when[1:]}", INK), (before + names + after, NOW))
    for top, (text, colour) in zip((PANEL_TOP + 6, PANEL_TOP + 42), lines, strict=True):
        fitted, text_font = fit_text(text, KEY_SIZE, width, minimum=KEY_SIZE)
        draw.text((left, top), fitted, font=text_font, fill=colour)


@recent(64, budget=TABLE_IMAGES)
def _card(
    player: PlayerView,
    size: tuple[int, int],
    colour: RGB,
    acting_last: tuple[bool, bool],
    towns: tuple[str, ...],
    language: str,
) -> Image.Image:
    """A faction's card, cached: in a game most cards stay the same from one image to the
    next (a view is hashable, so its player can key the cache). `acting`: this seat is to
    act; `last`: it took the last turn."""
    acting, last = acting_last
    image = _blank_card(size, colour, acting).copy()
    draw = ImageDraw.Draw(image)
    box = (0, 0, size[0] - 1, size[1] - 1)
    left, top, right, bottom = box
    rows = _rows(top, bottom)
    _draw_title(draw, box, player, rows[0], language)
    _draw_resources(image, draw, left + 26, rows[1], player, language)
    _draw_supply(image, draw, (left + 26, rows[2]), player, colour, language)
    _draw_tiles(draw, (left + 26, right - 14, rows[3]), player, towns, last, language)
    return image


@lru_cache(maxsize=32)
def _blank_card(size: tuple[int, int], colour: RGB, acting: bool) -> Image.Image:
    """A card's frame, its colour stripe and glyphs, before anything about the player: late
    in a game a move changes two or three cards (the mover's, who acts next, who acted
    last), each drawn again from its frame (do not draw on it: copy it)."""
    image = Image.new("RGB", size, CARD)
    draw = ImageDraw.Draw(image)
    box = (0, 0, size[0] - 1, size[1] - 1)
    left, top, _, bottom = box
    if acting:
        draw.rounded_rectangle(box, radius=10, fill=mix(CARD, NOW, 0.06), outline=NOW, width=4)
    else:
        draw.rounded_rectangle(box, radius=10, fill=CARD, outline=CARD_EDGE, width=1)
    draw.rounded_rectangle((left + 5, top + 8, left + 19, bottom - 8), radius=5, fill=colour)
    rows = _rows(top, bottom)
    glyph = glyph_of(colour)
    if glyph is not None:
        for y in (rows[0], rows[3]):
            paste_centred(image, glyph_sprite(glyph, 11, glyph_ink(colour), colour), (left + 12, y))
    return image


def _rows(top: int, bottom: int) -> list[float]:
    """The vertical centres of a card's four rows."""
    step = (bottom - top - 16) / 4
    return [top + 8 + step * (index + 0.5) for index in range(4)]


def _draw_title(
    draw: ImageDraw.ImageDraw, box: Box, player: PlayerView, y: float, language: str
) -> None:
    """Player and faction name, and the score."""
    left, _, right, _ = box
    score_left = _draw_score(draw, right - 14, y, player.score)
    points = say(msg("VP"), language)
    draw.text((score_left - 6, y + 8), points, font=font(15), fill=MUTED, anchor="rm")
    named = term(player.faction_name, "faction") if player.faction_name else None
    faction = say(named or msg("no faction yet"), language)
    _draw_name(draw, left + 26, y, score_left - 34 - (left + 26), player.name, faction)


def _draw_score(draw: ImageDraw.ImageDraw, right: float, y: float, score: int) -> float:
    """The score right-aligned at `right`; returns where it begins."""
    text, score_font = str(score), font(36)
    draw.text((right, y + 2), text, font=score_font, fill=INK, anchor="rm")
    return right - score_font.getlength(text)


def _draw_name(
    draw: ImageDraw.ImageDraw, x: float, y: float, width: float, name: str, faction: str
) -> None:
    """`name · faction` in key-text size, or the name (cut short if need be) over the
    faction's name in a smaller size when both do not fit `width`."""
    name, name_font = fit_text(name, KEY_SIZE, width, minimum=KEY_SIZE)
    text = f"{name} · {faction}"
    if name_font.getlength(text) <= width and font_for(text, KEY_SIZE) is name_font:
        draw.text((x, y), text, font=name_font, fill=INK, anchor="lm")
        return
    draw.text((x, y - 8), name, font=name_font, fill=INK, anchor="lm")
    _draw_faction(draw, x, y + 16, faction)


def _draw_faction(draw: ImageDraw.ImageDraw, x: float, y: float, faction: str) -> None:
    """The faction's name under a player's name (the card's colour and glyph name it too)."""
    draw.text((x, y), faction, font=font(17), fill=MUTED, anchor="lm")


def _draw_resources(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    player: PlayerView,
    language: str,
) -> None:
    """Money, the three power bowls and sailing."""
    paste_centred(image, disc_sprite(14, COIN, COIN_EDGE, "$", COIN_EDGE, None, 15), (x + 14, y))
    money = str(player.money)
    draw.text((x + 34, y), money, font=font(27), fill=INK, anchor="lm")
    x += 34 + max(font(27).getlength(money), 30) + 18
    for numeral, count, shade in zip(("I", "II", "III"), player.bowls, BOWL_SHADES, strict=True):
        draw.text((x, y), numeral, font=font(15), fill=MUTED, anchor="lm")
        x += font(15).getlength(numeral) + 4
        fill = mix(POWER, WHITE, shade)
        ink = INK if shade > 0.5 else WHITE
        bowl = disc_sprite(15, fill, mix(POWER, INK, 0.3), str(count), ink, None, 17)
        paste_centred(image, bowl, (x + 15, y))
        x += 40
    x += 8
    if player.max_sailing is not None:
        sail = msg("sail {step}/{most}", step=player.sailing, most=player.max_sailing)
        sailing = say(sail, language)
        draw.text((x, y), sailing, font=font(19), fill=INK, anchor="lm")


def _draw_supply(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    player: PlayerView,
    colour: RGB,
    language: str,
) -> None:
    """How many houses, trading posts, palaces and bridges are still to build."""
    x, y = at
    left = say(msg("left"), language)
    draw.text((x, y), left, font=font(15), fill=MUTED, anchor="lm")
    x += max(38, font(15).getlength(left) + 6)
    counts = (player.houses_left, player.trading_posts_left, PALACES - len(player.palaces))
    for kind, count in zip(SUPPLY, counts, strict=True):
        paste_centred(image, building_of(kind, 22, colour), (x + 14, y - 1))
        draw.text((x + 32, y), f"{count}", font=font(21), fill=INK, anchor="lm")
        x += 66
    draw.line([(x, y + 5), (x + 26, y - 5)], fill=INK, width=11)
    draw.line([(x, y + 5), (x + 26, y - 5)], fill=colour, width=7)
    glyph = glyph_of(colour)
    if glyph is not None:
        paste_centred(image, glyph_sprite(glyph, 7, glyph_ink(colour), colour), (x + 13, y))
    draw.text((x + 34, y), f"{player.bridges_left}", font=font(21), fill=INK, anchor="lm")


def _draw_tiles(
    draw: ImageDraw.ImageDraw,
    row: tuple[float, float, float],
    player: PlayerView,
    towns: Sequence[str],
    last: bool,
    language: str,
) -> None:
    """The bonus tile held, towns founded (with their tiles), and whether the faction took
    the last turn, passed, or which once-a-round actions it has used. `row`: where the row
    begins and ends, and its middle."""
    x, right, y = row
    bonus = player.bonus or say(msg("no bonus tile"), language)
    bonus_font = font(17)
    width = bonus_font.getlength(bonus) + 16
    draw.rounded_rectangle((x, y - 13, x + width, y + 13), radius=6, fill=WHITE, outline=CARD_EDGE)
    draw.text((x + 8, y), bonus, font=bonus_font, fill=INK, anchor="lm")
    x += width + 14
    draw.regular_polygon((x + 10, y, 10), 5, fill=TOWN if towns else CARD_EDGE, outline=INK)
    label = say(plural_msg("{count} town", "{count} towns", count=len(towns)), language)
    chosen = [tile for tile in towns if tile]
    if chosen:
        label += ": " + ", ".join(chosen)
    if player.towns_to_choose:
        choose = msg("{count} tile to choose", count=player.towns_to_choose)
        label += ", " + say(choose, language)
    flag = ", ".join(say(part, language) for part in _flag(player))
    last_turn = say(LAST_TURN, language)
    if last:
        flag = f"{last_turn} · {flag}" if flag else last_turn
    flag, flag_font = fit_text(flag, 17, (right - x) / 2, minimum=12)
    if flag:
        draw.text((right, y), flag, font=flag_font, fill=MUTED, anchor="rm")
    if last and flag.startswith(last_turn):
        rest = flag_font.getlength(flag[len(last_turn) :])
        draw.text((right - rest, y), last_turn, font=flag_font, fill=NOW, anchor="rm")
    room = right - (x + 26) - flag_font.getlength(flag) - 10
    label, label_font = fit_text(label, 17, room, minimum=12)
    draw.text((x + 26, y), label, font=label_font, fill=INK, anchor="lm")


def _flag(player: PlayerView) -> list[Message]:
    """That the player resigned or passed, or the once-a-round actions they used."""
    if player.resigned:
        return [msg("resigned")]
    if player.passed:
        return [msg("passed")]
    return [msg("{action} used", action=action) for action in player.used_this_round]
