"""The header: the round, its resource and who named it, and who is still to act."""

from __future__ import annotations

from PIL import Image

from engine.games.tiny_towns.view import TinyTownsView
from render.common import fit_text, font, paste_centred

from .cards import Palette, resource_of
from .layers import LEGEND_ROWS, Legend, legend_lefts
from .pieces import cube_sprite, hammer_sprite
from .style import HIGHLIGHT, INK, MARGIN, MUTED
from .text import stamp_text

RESOURCE_CUBE = 40
#: Room left between the header's texts and the legend to their right.
LEGEND_GAP = 16
DONE_ROOM = 160  # kept for the players done with the round when names must be shortened
#: The size of key text — the round, its resource, who is to act, the players' names: 11 px
#: and more when the image is shown 520 px wide (docs/architecture.md, "render/").
KEY_SIZE = 30


def draw_header(image: Image.Image, view: TinyTownsView, palette: Palette, legend: Legend) -> None:
    round_right, status_right = (left - LEGEND_GAP for left in legend_lefts(palette, legend))
    x = _draw_round(image, view, palette, MARGIN, LEGEND_ROWS[0], round_right)
    _draw_deck(image, view, palette, x, LEGEND_ROWS[0], round_right)
    _draw_status(image, view, LEGEND_ROWS[1], status_right)


def round_title(view: TinyTownsView) -> str:
    if view.phase == "keep":
        return "Set-up"
    if view.phase == "over":
        return "Game over"
    return f"Round {view.round}"


def _draw_round(
    image: Image.Image, view: TinyTownsView, palette: Palette, x: int, y: int, right: int
) -> int:
    """The round, its resource as a large cube and word, and how it came about; returns
    where the line ends."""
    key_font = font(KEY_SIZE)
    title = round_title(view)
    stamp_text(image, (x, y), title, key_font, INK, "lm")
    x += round(key_font.getlength(title)) + 20
    resource = view.resource
    kind = view.round_kind
    if view.phase in ("keep", "over"):
        text = _phase_text(view)
    elif kind == "named" and view.hammer is not None:
        paste_centred(image, hammer_sprite(34), (x + 17, y))
        x += 42
        namer = view.players[view.hammer].name
        text = f"named by {namer}" if resource else f"{namer} names the resource"
    elif kind == "choice":
        text = "everyone chooses their own resource"
    elif kind == "solo":
        text = "chosen; face up now:" if resource else "choose one of the face-up cards:"
    elif kind == "none":
        text = "nobody can name a resource: the last round"
    else:
        text = "from the resource deck"
    if resource and view.phase == "play":
        cube = resource_of(palette, resource)
        paste_centred(image, cube_sprite(cube.fill, cube.letter, RESOURCE_CUBE), (x + 20, y))
        x += RESOURCE_CUBE + 10
        stamp_text(image, (x, y), resource, key_font, INK, "lm")
        x += round(key_font.getlength(resource)) + 14
    text, fitted = fit_text(text, KEY_SIZE, right - x, minimum=KEY_SIZE)
    stamp_text(image, (x, y + 1), text, fitted, MUTED if resource else INK, "lm")
    return x + round(fitted.getlength(text)) + 10


def _draw_deck(
    image: Image.Image, view: TinyTownsView, palette: Palette, x: int, y: int, right: int
) -> None:
    """Solo: the face-up resource cards; card and choice rounds: the deck's counts, if room."""
    kind = view.round_kind
    if kind == "solo" and view.phase == "play":
        for key in view.deck.face_up:
            face_up = resource_of(palette, key)
            paste_centred(image, cube_sprite(face_up.fill, face_up.letter, 30), (x + 15, y))
            x += 36
    elif kind in ("card", "choice") and view.phase == "play":
        counts = f"deck {view.deck.draw_pile}, discarded {view.deck.discard_pile}"
        if x + 6 + font(16).getlength(counts) < right:
            stamp_text(image, (x + 6, y + 2), counts, font(16), MUTED, "lm")


def _phase_text(view: TinyTownsView) -> str:
    if view.phase == "keep":
        return "everyone keeps one of their two monument cards"
    return view.winner_text or view.end_reason or ""


def _draw_status(image: Image.Image, view: TinyTownsView, y: int, right: int) -> None:
    """Who is still to act (highlighted) and who is done with this round."""
    if view.phase == "over":
        return
    waiting = [view.players[seat].name for seat in view.to_act]
    done = [p.name for p in view.players if p.seat not in view.to_act and p.status == "done"]
    x = MARGIN
    key_font = font(KEY_SIZE)
    if waiting:
        label = "Waiting for: "
        stamp_text(image, (x, y), label, key_font, INK, "lm")
        x += round(key_font.getlength(label))
        room = right - x - (DONE_ROOM if done else 0)
        names, fitted = fit_text(", ".join(waiting), KEY_SIZE, room, minimum=KEY_SIZE)
        stamp_text(image, (x, y), names, fitted, HIGHLIGHT, "lm")
        x += round(fitted.getlength(names))
    if done and right - x >= DONE_ROOM:
        text = f"   done: {', '.join(done)}"
        text, fitted = fit_text(text, KEY_SIZE, right - x, minimum=KEY_SIZE)
        stamp_text(image, (x, y + 1), text, fitted, MUTED, "lm")
