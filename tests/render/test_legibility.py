"""Text that matters is legible at 520 px wide, the width Discord shows an image at in a
phone's chat: for each renderer, the smallest font size of its key texts, scaled to that
width, is at least KEY_TEXT_AT_PREVIEW, and no text at all is smaller than SMALLEST_TEXT in the
full-size image (what one reads after opening and zooming the image). The thresholds and why
they are what they are: docs/architecture.md, "render/".

Sizes are measured while real views are rendered (tests/support/text_sizes.py): every text
drawn, its font size in pixels of the final image, and the function that drew it. Key texts
are those drawn by the functions named in KEY_TEXT — what one follows a game by without
opening the image: whose turn it is and what the round is, the players' names and scores.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from render import render_png
from tests.render import scenes as tn2006_scenes
from tests.render import terra_nova_scenes as tn_scenes
from tests.render import terramara_scenes
from tests.render import tiny_towns_scenes as tt_scenes
from tests.support.text_sizes import DrawnText, recording

#: Discord's preview width of an image in a phone's chat, in CSS pixels.
PREVIEW_WIDTH = 520
#: Key text: at least this font size (px) once the image is scaled to PREVIEW_WIDTH — a cap
#: height of about 7.7 px (the bundled font's capitals are 0.70 em).
KEY_TEXT_AT_PREVIEW = 11.0
#: Any text: at least this font size (px) in the full-size image.
SMALLEST_TEXT = 12.0

#: Per renderer, the functions whose texts are key text (the function that drew a text is
#: the innermost render function on the stack other than the shared text helpers).
KEY_TEXT = {
    "terra-nova": {
        "render.terra_nova.panel._draw_status",
        "render.terra_nova.panel._draw_name",
        "render.terra_nova.panel._draw_score",
    },
    "tiny-towns": {
        "render.tiny_towns.header._draw_round",
        "render.tiny_towns.header._draw_status",
        "render.tiny_towns.towns._draw_name",
        "render.tiny_towns.towns._draw_score",
    },
    "terra-nova-2006": {
        "render.terra_nova_2006.panel._draw_heading",
        "render.terra_nova_2006.panel._draw_status",
        "render.terra_nova_2006.panel._draw_name",
        "render.terra_nova_2006.panel._draw_score",
    },
    "terramara": {
        "render.terramara.panel._draw_stage",
        "render.terramara.panel._draw_status",
        "render.terramara.panel._draw_name",
        "render.terramara.panel._draw_score",
    },
}
#: Helpers that only stamp a text others chose; the drawing function is their caller.
TEXT_HELPERS = ("render.common.", "render.tiny_towns.text.", "render.terramara.canvas.")
#: Units beside a key number (`12 VP`, `-3 pts`): the number is what is read.
UNITS = {"VP", "pts"}
LONG_NAMES = ("Bartholomew the Magnificent", "Anastasia Wilhelmina", "Maximilian von Hohenberg")
IMAGE_WIDTH = {"terra-nova": 1400, "tiny-towns": 1400, "terra-nova-2006": 1200, "terramara": 1040}


def drawing_function(text: DrawnText) -> str:
    return next((c for c in text.callers if not c.startswith(TEXT_HELPERS)), "?")


def renamed(view: dict[str, Any]) -> dict[str, Any]:
    """The view with long player names (names are cut rather than drawn smaller)."""
    players = [
        {**player, "name": LONG_NAMES[seat % len(LONG_NAMES)] + f" {seat}"}
        for seat, player in enumerate(view["players"])
    ]
    return {**view, "players": players}


def views(game: str) -> Iterator[dict[str, Any]]:
    if game == "terra-nova":
        for players in (2, 4):
            moments = list(tn_scenes.play(players, 3))
            for moment in (moments[0], moments[len(moments) // 2], moments[-1]):
                yield tn_scenes.view_of(moment.state)
    elif game == "tiny-towns":
        tiny = tt_scenes.game()
        for players, options in ((1, {}), (3, {"monuments": True}), (6, {"prospectors": True})):
            moments = list(tt_scenes.play(players, 5, {"buildings": "first-game", **options}))
            for moment in (moments[0], moments[len(moments) // 2], moments[-1]):
                yield tiny.view(moment.state, None)
            yield tiny.view(moments[1].state, 0)
    elif game == "terramara":
        for players in (2, 4):
            states = list(terramara_scenes.play(players, 3))
            for state in (states[0], states[len(states) // 2], states[-1]):
                yield terramara_scenes.view_of(state)
    else:
        steps = list(tn2006_scenes.play(2, ("alice", "bob", "carol", "dave")))
        for step in (steps[0], steps[len(steps) // 2], steps[-1]):
            yield step.after


def measured(game: str) -> list[DrawnText]:
    with recording() as drawn:
        for view in views(game):
            render_png(game, view)
            render_png(game, renamed(view))
    assert drawn.texts
    return drawn.texts


def smallest(texts: list[DrawnText]) -> DrawnText:
    return min(texts, key=lambda text: text.size)


@pytest.mark.parametrize("game", ["terra-nova", "tiny-towns", "terra-nova-2006", "terramara"])
def test_key_text_is_legible_at_the_phone_preview_width(game: str) -> None:
    texts = measured(game)
    key = [
        text
        for text in texts
        if drawing_function(text) in KEY_TEXT[game] and text.text not in UNITS
    ]
    found = {drawing_function(text) for text in key}
    assert found == KEY_TEXT[game], f"key functions drew nothing: {KEY_TEXT[game] - found}"
    scale = PREVIEW_WIDTH / IMAGE_WIDTH[game]
    least = smallest(key)
    assert least.size * scale >= KEY_TEXT_AT_PREVIEW, (
        f"{game}: {least.text!r} by {drawing_function(least)} is {least.size:g} px, "
        f"{least.size * scale:.1f} px at {PREVIEW_WIDTH} px wide"
    )
    least = smallest(texts)
    assert least.size >= SMALLEST_TEXT, (
        f"{game}: {least.text!r} by {drawing_function(least)} is {least.size:g} px"
    )
