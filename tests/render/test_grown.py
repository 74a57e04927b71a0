"""Terra Nova (2006)'s boards are drawn from the image before with only the new stones added
(render/recent.py `Grown`), and the areas' badges are pasted as drawn before; the images are
the ones drawn afresh — stones and areas drawn again, every badge drawn on the board — and,
sampled, the ones drawn from cold caches, along whole games with moves taken back (a jump to
an earlier position, as an undo gives) and another table's boards drawn in between."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

from render import render_png
from render.recent import Grown
from render.terra_nova_2006 import image_of, pieces
from render.terra_nova_2006.pieces import SCORED, STONED
from tests.render.test_palettes import views
from tests.support.text_sizes import clear_render_caches

KEY = "terra-nova-2006"


def schedule(lengths: tuple[int, int]) -> list[tuple[int, int]]:
    """(table, move) in the order they are drawn: the first table's whole game, moves taken
    back every 30 moves (12 at once, then played again), the second table's moves in
    between."""
    order: list[tuple[int, int]] = []
    for move in range(lengths[0]):
        order.append((0, move))
        if move % 30 == 29:
            order += [(0, back) for back in range(move - 12, move + 1)]
        if move < lengths[1]:
            order.append((1, move))
    return order


class DrawEveryBadge:
    """Stands in for `pieces.BADGES`: no badge's patch, so each is drawn on the board."""

    def get(self, key: object, make: object) -> None:
        return None


def drawn_afresh(view: Any) -> bytes:
    """The image with the caches of what recurs from move to move (stones, scored areas)
    emptied first, and every badge drawn on the board."""
    for cache in (STONED, SCORED):
        cache.cache_clear()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pieces, "BADGES", DrawEveryBadge())
        return image_of(view).tobytes()


def test_boards_drawn_from_the_one_before_are_the_boards_drawn_afresh() -> None:
    games = (list(views(KEY, seed=5, every=1)), list(views(KEY, seed=6, every=1))[:90])
    assert len(games[0]) > 250  # a whole game, a hundred stones and more by its end
    order = schedule((len(games[0]), len(games[1])))
    clear_render_caches()
    grown = {(table, move): image_of(games[table][move]).tobytes() for table, move in order}
    for (table, move), image in grown.items():
        assert image == drawn_afresh(games[table][move]), f"table {table}, move {move}"


def test_sampled_boards_are_the_boards_drawn_from_cold_caches() -> None:
    game = list(views(KEY, seed=5, every=1))
    clear_render_caches()
    warm = {move: render_png(KEY, view) for move, view in enumerate(game)}
    for move in range(0, len(game), 40):
        clear_render_caches()
        assert warm[move] == render_png(KEY, game[move]), f"move {move}"


def test_a_grown_image_is_never_given_for_parts_it_lacks_or_has_too_many() -> None:
    """Another key, fewer parts than any kept image (a move taken back), or more new parts
    than the cache adds, is drawn afresh; a few more parts grow the kept image with the
    missing ones only."""
    made: list[tuple[str, tuple[str, ...]]] = []
    added: list[tuple[str, ...]] = []

    def copy(key: str, parts: tuple[str, ...]) -> Image.Image:
        def make() -> Image.Image:
            made.append((key, parts))
            return Image.new("L", (1, 1), len(parts))

        def add(image: Image.Image, new: Any) -> None:
            added.append(tuple(new))
            image.putpixel((0, 0), image.getpixel((0, 0)) + len(new))  # type: ignore[operator]

        return cache.copy_of(key, parts, make, add)

    cache = Grown(2, most_added=2)
    assert copy("a", ("x",)).getpixel((0, 0)) == 1
    assert copy("a", ("x", "y", "z")).getpixel((0, 0)) == 3
    assert added == [("y", "z")]
    assert copy("a", ("x", "y")).getpixel((0, 0)) == 2  # taken back: drawn afresh
    assert copy("b", ("x", "y", "z")).getpixel((0, 0)) == 3  # another board: drawn afresh
    assert made == [("a", ("x",)), ("a", ("x", "y")), ("b", ("x", "y", "z"))]
    assert copy("a", ("x", "y", "w")).getpixel((0, 0)) == 3  # from ("x", "y"), the nearest
    assert added == [("y", "z"), ("w",)]
    made.clear()
    assert copy("a", ("x", "y", "w", "p", "q")).getpixel((0, 0)) == 5  # from ("x", "y", "w")
    assert copy("a", ("x", "y", "w", "p", "q", "r", "s", "t")).getpixel((0, 0)) == 8
    assert made == [("a", ("x", "y", "w", "p", "q", "r", "s", "t"))]  # three to add: afresh


def test_a_settled_badge_is_kept_on_the_board_and_a_fresh_one_drawn_on_each_image() -> None:
    """Once the turn that closed an area is over, its badge is part of the kept board (drawn
    once); while it is highlighted it is drawn on the image, as every later badge would be."""
    game = list(views(KEY, seed=5, every=1))

    def closed(move: int) -> list[int]:
        """The areas the last turn closed at `move`."""
        return list((game[move]["last_turn"] or {}).get("areas", []))

    settled = next(
        move
        for move in range(1, len(game))
        if len(game[move]["areas"]) >= 3
        and not closed(move - 1)
        and not closed(move)
        and game[move - 1]["areas"] == game[move]["areas"]
    )
    fresh = next(move for move in range(1, len(game)) if closed(move))
    pasted: list[pieces.Badge] = []
    original = pieces.Badge.paste

    def counted(badge: pieces.Badge, *args: Any) -> None:
        pasted.append(badge)
        original(badge, *args)

    clear_render_caches()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pieces.Badge, "paste", counted)
        image_of(game[settled - 1])
        pasted.clear()
        image_of(game[settled])
        assert pasted == []
        image_of(game[fresh - 1])
        pasted.clear()
        image_of(game[fresh])
        assert [badge.fresh for badge in pasted] == [True] * len(closed(fresh))
