"""The header (round, what is asked of whom, the last placement) and one panel per player:
VP so far, person, resources raw and processed, tracks, workers (used or not), members,
crafted artifacts, the reserved card and the person's own pieces."""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.games.terramara.view import PlayerView, TerramaraView
from render.common import RGB, mix, paste_centred
from render.recent import TABLE_IMAGES, Recent

from .canvas import Canvas
from .layout import BOARD_RIGHT, Layout, draft_rows
from .pieces import Seats, token
from .style import (
    BODY,
    CARD,
    CARD_EDGE,
    HEAD,
    HIGHLIGHT,
    INK,
    KEY,
    LINE,
    MARGIN,
    MUTED,
    PAPER,
    SMALL,
    TITLE,
    USED,
    WHITE,
)
from .words import person_phrase

PANEL_PAD = 10
LINE_STEP = 24
ROMAN = ("", "I", "II", "III", "IV")


def draw_header(canvas: Canvas, view: TerramaraView) -> None:
    _draw_stage(canvas, view)
    _draw_status(canvas, view)


def _draw_stage(canvas: Canvas, view: TerramaraView) -> None:
    x = MARGIN + 2 + canvas.width("Terramara", TITLE) + 14
    canvas.text((x, 12), stage(view), KEY, INK)


def _draw_status(canvas: Canvas, view: TerramaraView) -> None:
    """Who must act and what is asked of them (cut short, never drawn smaller)."""
    colour = HIGHLIGHT if view.to_act else INK
    canvas.fitted((MARGIN + 2, 46), status_line(view), KEY, colour, BOARD_RIGHT - MARGIN - 4)


def stage(view: TerramaraView) -> str:
    if view.phase == "over":
        return "final scores"
    if view.phase == "neutral":
        return "set-up: neutral scouts"
    if view.phase == "draft":
        return "set-up: persons and start cards"
    return f"round {view.round} of 5"


def status_line(view: TerramaraView) -> str:
    """Who must act now and what is asked of them, in words."""
    names = [p.name for p in view.players]
    if view.phase == "over":
        ranked = sorted(view.players, key=lambda p: -p.score.total)
        return "Game over: " + " · ".join(f"{p.name} {p.score.total} VP" for p in ranked)
    if view.decisions:
        asks = []
        for decision in view.decisions:
            left = f" ({decision.remaining} left)" if decision.remaining > 1 else ""
            source = f" ({decision.source})" if decision.source else ""
            asks.append(f"{names[decision.seat]}{source}: {decision.prompt}{left}")
        return "; ".join(asks)
    who = ", ".join(names[seat] for seat in view.to_act)
    if view.phase == "neutral":
        return f"{who} puts a neutral scout on the board"
    if view.phase == "draft":
        return f"{who} picks a person or a start resource card"
    if view.step == "after":
        return f"{who}: craft or reserve, free actions, then done"
    last = _last_words(view)
    return f"{who} to place a member" + (f" · last: {last}" if last else "")


def _last_words(view: TerramaraView) -> str:
    last = view.last
    if last is None:
        return ""
    return f"{view.players[last.seat].name}'s {last.member} to {last.space}"


def draw_panels(image: Image.Image, view: TerramaraView, layout: Layout, seats: Seats) -> None:
    """Each player's panel; a panel is drawn again only when what it shows changed."""
    last_hut = view.last.seat if view.last is not None and view.last.space_id == "hut" else None
    for player in view.players:
        left, top, right, bottom = layout.panel_box(player.seat)
        size = (right - left, bottom - top)
        colour, label = seats.colours[player.seat], seats.labels[player.seat]
        hut_was_last = last_hut == player.seat
        key = (player.model_dump_json(), size, colour, label, hut_was_last)

        def make(player: PlayerView = player, key: tuple[Any, ...] = key) -> Image.Image:
            panel = Image.new("RGB", key[1], PAPER)
            draw_panel(panel, player, *key[2:])
            return panel

        image.paste(PANELS.get(key, make), (left, top))


#: The panels drawn lately: a move changes one or two of them.
PANELS: Recent[Image.Image] = Recent(32, budget=TABLE_IMAGES)


def draw_panel(
    image: Image.Image, player: PlayerView, colour: RGB, label: str, hut_was_last: bool
) -> None:
    """The panel of `player`, filling `image`."""
    canvas = Canvas(image)
    box = (0, 0, image.width, image.height)
    left, top, right, _ = box
    if player.to_act:
        canvas.rect(box, fill=mix(CARD, colour, 0.12), outline=HIGHLIGHT, width=4, radius=10)
    else:
        canvas.rect(box, fill=CARD, outline=CARD_EDGE, width=2, radius=10)
    x = left + PANEL_PAD
    paste_centred(image, token("square", 30, colour, label), (x + 16, top + 22))
    score_width = _draw_score(canvas, player, right - PANEL_PAD, top + 22)
    badges = _badges(player)
    badge_width = sum(canvas.width(word, SMALL) + 16 for word, _ in badges)
    room = right - x - 40 - score_width - badge_width - 20
    bx = x + 40 + _draw_name(canvas, player, (x + 40, top + 22), room) + 10
    for word, fill in badges:
        width = canvas.width(word, SMALL) + 10
        canvas.rect((round(bx), top + 11, round(bx + width), top + 33), fill=fill, radius=5)
        canvas.text((bx + 5, top + 22), word, SMALL, WHITE if fill != USED else INK, anchor="lm")
        bx += width + 6
    y: float = top + 44
    canvas.text((x, y), _person(player), SMALL, INK)
    y += LINE_STEP
    _resources(canvas, player, x, y, right - PANEL_PAD)
    y += LINE_STEP + 2
    canvas.text((x, y), _tracks(player), SMALL, INK)
    y += LINE_STEP
    _workers(canvas, player, x, y)
    y += LINE_STEP
    members = _members(player)
    canvas.text((x, y), members, SMALL, HIGHLIGHT if hut_was_last else INK)
    y += LINE_STEP
    y = canvas.paragraph((x, y), _artifacts(player), SMALL, INK, right - x - PANEL_PAD, max_lines=2)
    extra = _extras(player)
    if extra:
        canvas.paragraph((x, y + 2), extra, SMALL, INK, right - x - PANEL_PAD, max_lines=2)


def _draw_score(canvas: Canvas, player: PlayerView, right: float, middle: float) -> float:
    """VP so far, right-aligned; returns its width."""
    return canvas.text((right, middle), f"{player.score.total} VP", TITLE, INK, anchor="rm")


def _draw_name(canvas: Canvas, player: PlayerView, at: tuple[float, float], room: float) -> float:
    """The player's name, cut short to `room` (never drawn smaller); returns its width."""
    ink = MUTED if player.resigned else INK
    return canvas.fitted(at, player.name, KEY, ink, room, anchor="lm")


def _badges(player: PlayerView) -> list[tuple[str, RGB]]:
    found: list[tuple[str, RGB]] = []
    if player.to_act:
        found.append(("to act", HIGHLIGHT))
    if player.start_player:
        found.append(("start", INK))
    if player.resigned:
        found.append(("resigned", USED))
    return found


def _person(player: PlayerView) -> str:
    person = player.person
    if person is None:
        return "no person"
    if person.experienced:
        return f"{person.name}, experienced: {person_phrase(person.experienced_side)}"
    return f"{person.name}, young: {person_phrase(person.young)}"


def _resources(canvas: Canvas, player: PlayerView, x: int, y: float, right: int) -> None:
    """Four columns, one per kind: the raw count, then the processed count."""
    width = (right - x) / 4
    for index, (raw, processed) in enumerate(zip(player.raw, player.processed, strict=True)):
        at = x + index * width
        canvas.text((at, y), f"{raw} {player.raw[raw]}", BODY, INK)
        canvas.text((at + width * 0.42, y), f"{processed} {player.processed[processed]}", BODY, INK)


def _tracks(player: PlayerView) -> str:
    carts = " + ".join(player.carts)
    banners = f"banners {len(player.banners)} ({player.banners_left} left)"
    return (
        f"mil {player.military} (power {ROMAN[player.power_level]}) · cul {player.culture}"
        f" · carts {carts} · {banners}"
    )


def _workers(canvas: Canvas, player: PlayerView, x: int, y: float) -> None:
    at = x + canvas.text((x, y), "workers", SMALL, INK) + 8
    if not player.workers:
        canvas.text((at, y), "none", SMALL, MUTED)
    for worker in player.workers:
        word = f"L{worker.level}" + (" used" if worker.used else "")
        width = canvas.width(word, SMALL) + 10
        fill = USED if worker.used else mix(CARD, INK, 0.12)
        canvas.rect(
            (round(at), y - 2, round(at + width), y + 20), fill=fill, outline=CARD_EDGE, radius=4
        )
        canvas.text((at + 5, y), word, SMALL, MUTED if worker.used else INK)
        at += width + 6


def _members(player: PlayerView) -> str:
    home = []
    if player.chief_home:
        home.append("chief")
    home.append(f"{player.scouts_home} of {player.scouts} scouts")
    if player.warriors:
        home.append(f"{player.warriors} warrior{'s' if player.warriors != 1 else ''}")
    words = "at home: " + ", ".join(home)
    if player.hut:
        words += " · hut: " + ", ".join(player.hut)
    return words


def _artifacts(player: PlayerView) -> str:
    if not player.artifacts:
        return "artifacts: none"
    names = [
        f"{owned.card.id} {owned.card.name}" + (" (used)" if owned.rotated else "")
        for owned in player.artifacts
    ]
    return "artifacts: " + ", ".join(names)


def _extras(player: PlayerView) -> str:
    parts = []
    if player.reserved is not None:
        card = player.reserved
        parts.append(f"reserved: {card.id} {card.name} ({card.cost}, {card.vp} VP)")
    if player.bonus_tiles:
        parts.append("own bonus tiles: " + " ".join(tile.id for tile in player.bonus_tiles))
    if player.own_crossroad is not None:
        here = len(player.own_crossroad.members)
        parts.append(
            f"own crossroad {player.own_crossroad.id} ({player.own_crossroad.effect}; {here} here)"
        )
    if player.own_outpost is not None:
        parts.append(f"own outpost {player.own_outpost.id}")
    return " · ".join(parts)


def draw_draft(canvas: Canvas, view: TerramaraView, layout: Layout) -> None:
    """The persons and start resource cards on offer, and who picks in which order."""
    lines = draft_rows(view)
    if not lines:
        return
    top = layout.draft_top
    bottom = layout.panels_top - 8
    canvas.rect((MARGIN, top, BOARD_RIGHT, bottom), fill=CARD, outline=HIGHLIGHT, width=2, radius=8)
    canvas.text((MARGIN + 10, top + 6), "Set-up: persons and start resource cards", HEAD, INK)
    y = top + 32
    for line, continued in lines:
        at = (MARGIN + (30 if continued else 10), y)
        canvas.fitted(at, line, SMALL, INK, BOARD_RIGHT - MARGIN - 40)
        y += LINE
