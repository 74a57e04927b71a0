"""The header: the round, its resource and who named it, and who is still to act."""

from __future__ import annotations

from PIL import Image

from engine.core.messages import Message, msg, stored, term
from engine.games.tiny_towns.view import TinyTownsView, view_final_text
from render.common import fit_text, font, paste_centred
from render.language import say

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
    language = legend.language
    x = _draw_round(image, view, palette, MARGIN, LEGEND_ROWS[0], round_right, language)
    _draw_deck(image, view, palette, x, LEGEND_ROWS[0], round_right, language)
    _draw_status(image, view, LEGEND_ROWS[1], status_right, language)


def round_title(view: TinyTownsView) -> Message:
    if view.phase == "keep":
        return msg("Set-up")
    if view.phase == "over":
        return msg("Game over")
    return msg("Round {round}", round=view.round)


def _draw_round(
    image: Image.Image,
    view: TinyTownsView,
    palette: Palette,
    x: int,
    y: int,
    right: int,
    language: str,
) -> int:
    """The round, its resource as a large cube and word, and how it came about; returns
    where the line ends."""
    key_font = font(KEY_SIZE)
    title = say(round_title(view), language)
    stamp_text(image, (x, y), title, key_font, INK, "lm")
    x += round(key_font.getlength(title)) + 20
    resource = view.resource
    kind = view.round_kind
    said: Message | str
    if view.phase in ("keep", "over"):
        said = _phase_text(view)
    elif kind == "named" and view.hammer is not None:
        paste_centred(image, hammer_sprite(34), (x + 17, y))
        x += 42
        namer = view.players[view.hammer].name
        if resource:
            said = msg("named by {player}", player=namer)
        else:
            said = msg("{player} names the resource", player=namer)
    elif kind == "choice":
        said = msg("everyone chooses their own resource")
    elif kind == "solo":
        said = msg("chosen; face up now:") if resource else msg("choose one of the face-up cards:")
    elif kind == "none":
        said = msg("nobody can name a resource: the last round")
    else:
        said = msg("from the resource deck")
    text = said if isinstance(said, str) else say(said, language)
    if resource and view.phase == "play":
        cube = resource_of(palette, resource)
        paste_centred(image, cube_sprite(cube.fill, cube.letter, RESOURCE_CUBE), (x + 20, y))
        x += RESOURCE_CUBE + 10
        named = say(term(resource, "resource"), language)
        stamp_text(image, (x, y), named, key_font, INK, "lm")
        x += round(key_font.getlength(named)) + 14
    text, fitted = fit_text(text, KEY_SIZE, right - x, minimum=KEY_SIZE)
    stamp_text(image, (x, y + 1), text, fitted, MUTED if resource else INK, "lm")
    return x + round(fitted.getlength(text)) + 10


def _draw_deck(
    image: Image.Image,
    view: TinyTownsView,
    palette: Palette,
    x: int,
    y: int,
    right: int,
    language: str,
) -> None:
    """Solo: the face-up resource cards; card and choice rounds: the deck's counts, if room."""
    kind = view.round_kind
    if kind == "solo" and view.phase == "play":
        for key in view.deck.face_up:
            face_up = resource_of(palette, key)
            paste_centred(image, cube_sprite(face_up.fill, face_up.letter, 30), (x + 15, y))
            x += 36
    elif kind in ("card", "choice") and view.phase == "play":
        counts = say(
            msg(
                "deck {deck}, discarded {discarded}",
                deck=view.deck.draw_pile,
                discarded=view.deck.discard_pile,
            ),
            language,
        )
        if x + 6 + font(16).getlength(counts) < right:
            stamp_text(image, (x + 6, y + 2), counts, font(16), MUTED, "lm")


def _phase_text(view: TinyTownsView) -> Message | str:
    """Set-up's instruction; at the end, the result as the view words it."""
    if view.phase == "keep":
        return msg("everyone keeps one of their two monument cards")
    return view_final_text(view) or (stored(view.end_reason) if view.end_reason else "")


def _draw_status(
    image: Image.Image, view: TinyTownsView, y: int, right: int, language: str
) -> None:
    """Who is still to act (highlighted) and who is done with this round."""
    if view.phase == "over":
        return
    waiting = [view.players[seat].name for seat in view.to_act]
    done = [p.name for p in view.players if p.seat not in view.to_act and p.status == "done"]
    x = MARGIN
    key_font = font(KEY_SIZE)
    if waiting:
        label = say(msg("Waiting for:"), language) + " "
        stamp_text(image, (x, y), label, key_font, INK, "lm")
        x += round(key_font.getlength(label))
        room = right - x - (DONE_ROOM if done else 0)
        names, fitted = fit_text(", ".join(waiting), KEY_SIZE, room, minimum=KEY_SIZE)
        stamp_text(image, (x, y), names, fitted, HIGHLIGHT, "lm")
        x += round(fitted.getlength(names))
    if done and right - x >= DONE_ROOM:
        text = "   " + say(msg("done: {players}", players=", ".join(done)), language)
        text, fitted = fit_text(text, KEY_SIZE, right - x, minimum=KEY_SIZE)
        stamp_text(image, (x, y + 1), text, fitted, MUTED, "lm")
