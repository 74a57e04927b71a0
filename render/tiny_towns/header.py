"""The header: the round, its resource and who named it, and who is still to act."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.common import fit_text, font, paste_centred

from .cards import Palette, resource_of
from .layers import LEGEND_ROWS
from .pieces import cube_sprite, hammer_sprite
from .style import HIGHLIGHT, INK, MARGIN, MUTED
from .text import stamp_text

ROUND_LEFT = MARGIN + 196
RESOURCE_CUBE = 40
#: Where the header's texts must stop: the legend lies to the right.
ROUND_RIGHT, STATUS_RIGHT = 930, 800
DONE_ROOM = 120  # kept for the players done with the round when names must be shortened


def draw_header(image: Image.Image, view: Mapping[str, Any], palette: Palette) -> None:
    draw = ImageDraw.Draw(image)
    y = LEGEND_ROWS[0]
    title = round_title(view)
    stamp_text(image, (ROUND_LEFT, y), title, font(26), INK, "lm")
    x = ROUND_LEFT + round(font(26).getlength(title)) + 20
    _draw_round_resource(image, draw, view, palette, x, y)
    _draw_status(image, view, LEGEND_ROWS[1])


def round_title(view: Mapping[str, Any]) -> str:
    if view["phase"] == "keep":
        return "Set-up"
    if view["phase"] == "over":
        return "Game over"
    return f"Round {view['round']}"


def _draw_round_resource(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    palette: Palette,
    x: int,
    y: int,
) -> None:
    """The round's resource as a large cube and how it came about."""
    resource = view["resource"]
    kind = view["round_kind"]
    if view["phase"] in ("keep", "over"):
        text = _phase_text(view)
    elif kind == "named" and view["hammer"] is not None:
        paste_centred(image, hammer_sprite(34), (x + 17, y))
        x += 42
        namer = view["players"][view["hammer"]]["name"]
        text = f"named by {namer}" if resource else f"{namer} names the resource"
    elif kind == "choice":
        text = "everyone chooses their own resource"
    elif kind == "solo":
        text = "chosen; face up now:" if resource else "choose one of the face-up cards:"
    elif kind == "none":
        text = "nobody can name a resource: the last round"
    else:
        text = "from the resource deck"
    if resource and view["phase"] == "play":
        cube = resource_of(palette, resource)
        paste_centred(image, cube_sprite(cube.fill, cube.letter, RESOURCE_CUBE), (x + 20, y))
        x += RESOURCE_CUBE + 10
        stamp_text(image, (x, y), resource, font(26), INK, "lm")
        x += round(font(26).getlength(resource)) + 12
    text, fitted = fit_text(text, 21, ROUND_RIGHT - x, minimum=14)
    stamp_text(image, (x, y + 1), text, fitted, MUTED if resource else INK, "lm")
    x += round(fitted.getlength(text)) + 10
    if kind == "solo" and view["phase"] == "play":
        for key in view["deck"]["face_up"]:
            face_up = resource_of(palette, key)
            paste_centred(image, cube_sprite(face_up.fill, face_up.letter, 30), (x + 15, y))
            x += 36
    elif kind in ("card", "choice") and view["phase"] == "play":
        deck = view["deck"]
        counts = f"deck {deck['draw_pile']}, discarded {deck['discard_pile']}"
        if x + 6 + font(16).getlength(counts) < ROUND_RIGHT:
            stamp_text(image, (x + 6, y + 2), counts, font(16), MUTED, "lm")


def _phase_text(view: Mapping[str, Any]) -> str:
    if view["phase"] == "keep":
        return "everyone keeps one of their two monument cards"
    return str(view.get("winner_text") or view.get("end_reason") or "")


def _draw_status(image: Image.Image, view: Mapping[str, Any], y: int) -> None:
    """Who is still to act (highlighted) and who is done with this round."""
    if view["phase"] == "over":
        return
    waiting = [view["players"][seat]["name"] for seat in view["to_act"]]
    done = [
        p["name"]
        for p in view["players"]
        if p["seat"] not in view["to_act"] and p["status"] == "done"
    ]
    x = MARGIN
    text_font = font(21)
    if waiting:
        label = "Waiting for: "
        stamp_text(image, (x, y), label, text_font, INK, "lm")
        x += round(text_font.getlength(label))
        room = STATUS_RIGHT - x - (DONE_ROOM if done else 0)
        names, fitted = fit_text(", ".join(waiting), 21, room, minimum=14)
        stamp_text(image, (x, y), names, fitted, HIGHLIGHT, "lm")
        x += round(fitted.getlength(names))
    if done:
        text, fitted = fit_text(f"   done: {', '.join(done)}", 19, STATUS_RIGHT - x, minimum=12)
        stamp_text(image, (x, y + 1), text, fitted, MUTED, "lm")
