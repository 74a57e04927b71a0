"""German words are longer than English ones: every label drawn in a room of fixed width (not
cut short or wrapped by the renderer) fits that room in German, measured with its font."""

from __future__ import annotations

from engine.core.messages import Message, msg, term
from render.common import Font, font_for
from render.language import say
from render.terra_nova import layers as tn_layers
from render.terra_nova import style as tn_style
from render.terra_nova.layout import STRIP_CAPTION
from render.terra_nova_2006 import layers as tn2006_layers
from render.terra_nova_2006 import style as tn2006_style
from render.terramara import board as tm_board
from render.terramara import layout as tm_layout
from render.terramara import style as tm_style
from render.tiny_towns import header as tt_header
from render.tiny_towns import layers as tt_layers
from render.tiny_towns import towns as tt_towns
from render.tiny_towns.cards import Resource
from render.tiny_towns.layout import PAD, layout_for
from render.tiny_towns.style import MARGIN

GERMAN = "de"


def width(text: str, size: int) -> float:
    chosen: Font = font_for(text, size)
    return chosen.getlength(text)


def too_wide(messages: list[Message], size: int, room: float) -> list[str]:
    """The German texts of `messages` wider than `room` at `size`."""
    texts = [say(message, GERMAN) for message in messages]
    return [
        f"{text!r}: {width(text, size):.0f} > {room:.0f}"
        for text in texts
        if width(text, size) > room
    ]


def test_tiny_towns_status_chips_fit_the_narrowest_town() -> None:
    narrowest = min(p.box[2] - p.box[0] for n in range(1, 7) for p in layout_for(n, 7).towns)
    statuses = [
        *tt_towns.ACTING_TEXT.values(),
        msg("to name the resource"),
        msg("to place the {resource} in hand", resource=term("wheat", "resource")),
        msg("to choose and place a resource"),
        msg("owes a decision"),
        msg("finished in round {round}", round=16),
        msg("waiting for the resource"),
        msg("done for this round"),
    ]
    room = narrowest - 2 * PAD - 2 - 16 - 4  # the chip's left, its padding, the frame
    assert not too_wide(statuses, tt_towns.CHIP_SIZE, room)


def test_tiny_towns_legend_leaves_the_header_its_room() -> None:
    """The legend is right-aligned beside the header's lines: the status line keeps room for
    its label, a name and the players done."""
    palette = tuple(
        Resource(key, key[0].upper(), (0, 0, 0))
        for key in ("wood", "wheat", "brick", "glass", "stone")
    )
    legend = tt_layers.Legend(hammer=True, monuments=True, language=GERMAN)
    status_left = tt_layers.legend_lefts(palette, legend)[1]
    label = say(msg("Waiting for:"), GERMAN) + " "
    needed = width(label, tt_header.KEY_SIZE) + width("Bartholomew", tt_header.KEY_SIZE)
    room = status_left - tt_header.LEGEND_GAP - MARGIN
    assert needed + tt_header.DONE_ROOM <= room


def test_terra_nova_strip_captions_and_legend_fit() -> None:
    lines = [
        line for caption in tn_layers.STRIP_CAPTIONS for line in say(caption, GERMAN).split("\n")
    ]
    assert all(width(line, 19) <= STRIP_CAPTION - 8 for line in lines), lines
    label = 17
    terrains = sum(
        38 + width(say(term(t, "terrain"), GERMAN), label) + 14 for t in tn_style.TERRAINS
    )
    buildings = sum(
        32 + width(say(term(b, "building"), GERMAN), label) + 16 for b in tn_layers.BUILDINGS
    )
    assert 18 + terrains + 14 + buildings <= tn_style.PANEL_LEFT


def test_terra_nova_2006_legend_and_panel_lines_fit() -> None:
    names = [say(term(name, "terrain"), GERMAN) for _, name, _ in tn2006_style.LANDSCAPES.values()]
    swatch = 2 * tn2006_layers.SWATCH_RADIUS + 6
    total = sum(swatch + width(name, tn2006_layers.LEGEND_SIZE) for name in names)
    assert total + 8 * (len(names) - 1) <= tn2006_style.BOARD_RIGHT - 32
    room = tn2006_style.PANEL_RIGHT - tn2006_style.PANEL_LEFT - 32
    assert not too_wide([msg("Stones left: {left} of {total}", left=100, total=100)], 20, room - 32)
    heading = msg("{phase} · turn {turn}", phase=msg("Placement"), turn=100)
    assert not too_wide([heading, msg("Game over")], tn2006_style.KEY_SIZE, room)


def test_terramara_labels_fit_their_boxes() -> None:
    layout = tm_layout.layout_for(4, 3)
    small, body = tm_style.SMALL, tm_style.BODY
    milestones = tm_layout.BOARD_LEFT - (tm_layout.ROAD_LEFT + 32)
    assert not too_wide(
        [*tm_board.MILESTONE_WORDS.values(), msg("1 VP per culture")], small, milestones
    )
    node = layout.outpost_node(1)
    assert not too_wide([msg("after round {round}", round=6)], small, node[2] - node[0] - 36)
    tile = layout.tile_box(1, "left")
    tile_room = tile[2] - tile[0] - 14 - 10
    outpost = (
        say(msg("{id} outpost", id="OP-A"), GERMAN),
        say(msg("road node {node}", node="O6"), GERMAN),
    )
    crossroad = say(msg("{id} crossroad", id="X-10"), GERMAN)
    both = say(msg("both carts at {node} or beyond", node="C6"), GERMAN)
    assert width(outpost[0], body) + width(outpost[1], small) <= tile_room
    assert width(crossroad, body) + width(both, small) <= tile_room
    space = min(b[2] - b[0] for b in layout.space_boxes(1, "left", 3))
    assert not too_wide([tm_board.SINGLE, msg("FIRE")], body, space - 20)
    assert not too_wide([msg("used")], small, 60 - 8)
    rounds = layout.round_boxes()
    assert not too_wide([msg("Rounds, workers left")], small, rounds[-1][2] - rounds[0][0])
    slot = layout.slot_box(1)
    slot_room = slot[2] - slot[0] - 4 - width("cul 14+", small) - 6
    assert not too_wide([msg("slot {slot}", slot=8)], body, slot_room)
