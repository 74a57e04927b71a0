"""The render caches' bounds (render/recent.py): a cache keeps at most its number of values
and, with other caches sharing its byte budget, at most the budget's bytes of images — the
least recently used value of any of them goes first, the newest always stays."""

from __future__ import annotations

from PIL import Image

from render.recent import MB, Budget, Recent, image_bytes, recent


def picture(megabytes: int) -> Image.Image:
    """An RGB image of `megabytes` in Pillow's memory (four bytes a pixel)."""
    return Image.new("RGB", (1024, 256 * megabytes))


def test_an_image_weighs_its_pixels_in_pillows_memory() -> None:
    assert image_bytes(picture(2)) == 2 * MB
    assert image_bytes(Image.new("L", (100, 10))) == 1000
    assert image_bytes(("layout", picture(1), [picture(1)])) == 2 * MB
    assert image_bytes("no image") == 0


def test_caches_sharing_a_budget_drop_the_least_recently_used_of_any() -> None:
    budget = Budget(4 * MB)
    layers: Recent[Image.Image] = Recent(8, budget=budget)
    towns: Recent[Image.Image] = Recent(8, budget=budget)
    layers.get("a", lambda: picture(2))
    towns.get("t1", lambda: picture(1))
    towns.get("t2", lambda: picture(1))
    assert layers.get("a", lambda: picture(9)).height == 512  # kept, and used last now
    towns.get("t3", lambda: picture(1))  # 5 MB: t1, the least recently used, goes
    assert budget.kept_bytes == 4 * MB
    made: list[str] = []

    def draw_t1() -> Image.Image:
        made.append("t1")
        return picture(1)

    towns.get("t1", draw_t1)
    assert made == ["t1"]
    assert layers.get("a", lambda: picture(9)).height == 512
    assert budget.kept_bytes == 4 * MB


def test_the_newest_value_stays_even_over_the_budget() -> None:
    cache: Recent[Image.Image] = Recent(8, max_bytes=3 * MB)
    cache.get("small", lambda: picture(1))
    cache.get("large", lambda: picture(4))
    assert cache.budget.kept_bytes == 4 * MB
    assert cache.get("large", lambda: picture(1)).height == 1024


def test_room_is_made_before_a_value_is_drawn() -> None:
    """The values a new one replaces are not held beside it while it is drawn."""
    cache: Recent[Image.Image] = Recent(8, max_bytes=5 * MB)
    cache.get("first", lambda: picture(3))
    held: list[int] = []

    def draw() -> Image.Image:
        held.append(cache.budget.kept_bytes)
        return picture(3)

    cache.get("second", draw)
    assert held == [0]


def test_a_cache_keeps_at_most_its_number_of_values_and_clears() -> None:
    cache: Recent[Image.Image] = Recent(2)
    for key in "abc":
        cache.get(key, lambda: picture(1))
    assert cache.budget.kept_bytes == 2 * MB
    cache.cache_clear()
    assert cache.budget.kept_bytes == 0


def test_a_cached_function_draws_once_per_arguments() -> None:
    calls: list[int] = []

    @recent(4, megabytes=8)
    def draw(size: int) -> Image.Image:
        calls.append(size)
        return picture(size)

    assert draw(1) is draw(1)
    draw(2)
    assert calls == [1, 2]
