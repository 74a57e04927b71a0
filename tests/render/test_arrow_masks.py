"""An arrow is stamped through masks trimmed to the pixels it covers, its casing drawn on a
copy of its core (render/common.py `arrow_masks`); the image is the one stamped through
whole masks drawn apart, for the arrows of whole games."""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image, ImageDraw

from engine.games.terra_nova_2006.view import TerraNova2006View
from render.common import ARROWS, Point, ToMask, arrow_outline, bounding_box, draw_arrow, shape_mask
from render.terra_nova_2006.layers import board_for
from render.terra_nova_2006.layout import cells_of
from render.terra_nova_2006.style import HEIGHT, WIDTH
from tests.render.test_palettes import views

COLOUR, CASING = (230, 160, 20), (250, 250, 250)


def stamped_whole(image: Image.Image, start: Point, end: Point, width: float) -> None:
    """The arrow as drawn before trimming: each mask drawn apart on its whole box."""
    head = width * 3.2
    core = arrow_outline(start, end, width, head)
    box = bounding_box([start, end], head + width * 2)
    casing_width = max(2.0, width / 2.5)

    def draw_casing(mask: Image.Image, to_mask: ToMask, k: float) -> None:
        points = to_mask(core)
        draw = ImageDraw.Draw(mask)
        draw.polygon(points, fill=255)
        draw.line([*points, points[0]], fill=255, width=round(casing_width * 2 * k), joint="curve")

    def draw_core(mask: Image.Image, to_mask: ToMask, k: float) -> None:
        ImageDraw.Draw(mask).polygon(to_mask(core), fill=255)

    for colour, draw_shape in ((CASING, draw_casing), (COLOUR, draw_core)):
        region, mask = shape_mask(image.size, box, draw_shape)
        image.paste(colour, region, mask)


Arrow = tuple[Point, Point, float]

#: Arrows that reach over the image's edges (their masks are clipped).
AT_THE_EDGES: list[Arrow] = [
    ((5.5, 7.25), (60.1, -20.3), 6.0),
    ((WIDTH - 10.7, HEIGHT - 3.2), (WIDTH + 15.0, HEIGHT - 40.6), 5.7),
]


def game_arrows(seed: int) -> Iterator[Arrow]:
    """The arrows of the last turns of a whole game, as the board draws them."""
    for data in views("terra-nova-2006", seed=seed, every=1):
        view = TerraNova2006View.of(data)
        layout = board_for(cells_of(view), "en").layout
        width = max(4.0, layout.radius * 0.18)
        for move in view.last_turn.moves if view.last_turn else []:
            yield layout.centre(move.start), layout.centre(move.end), width


def test_trimmed_arrow_masks_stamp_what_whole_masks_stamp() -> None:
    ground = Image.effect_noise((WIDTH, HEIGHT), 60).convert("RGB")
    arrows = [*AT_THE_EDGES, *game_arrows(3), *game_arrows(8)]
    assert len(arrows) > 100
    for start, end, width in arrows:
        ARROWS.cache_clear()
        trimmed, whole = ground.copy(), ground.copy()
        draw_arrow(trimmed, start, end, COLOUR, CASING, width)
        stamped_whole(whole, start, end, width)
        assert trimmed.tobytes() == whole.tobytes(), f"arrow {start} -> {end}"
