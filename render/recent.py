"""Small caches of the most recently used values by key, for images that are costly to draw
and recur from move to move (a board's layer, the players' panels, the towns).

Each is bounded by the bytes of the images it keeps as well as by entries: a bot with many
tables in play moves from table to table, so a cache keeps the images of the few tables
played last — which is what pays (a table's next move reuses them) — and never more than
its budget (docs/architecture.md, "Memory").
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import wraps
from typing import Any, Generic, ParamSpec, TypeVar

from PIL import Image

V = TypeVar("V")
P = ParamSpec("P")

MB = 1024 * 1024
#: Bytes a pixel takes in Pillow's memory, by mode (RGB is kept in four bytes, as RGBA).
_PIXEL_BYTES = {"1": 1, "L": 1, "P": 1, "I;16": 2, "LA": 4, "RGB": 4, "RGBA": 4, "I": 4, "F": 4}


def image_bytes(value: object) -> int:
    """The bytes of the images in `value`: an image, or a tuple or list holding some."""
    if isinstance(value, Image.Image):
        return value.width * value.height * _PIXEL_BYTES.get(value.mode, 4)
    if isinstance(value, tuple | list):
        return sum(image_bytes(item) for item in value)
    return 0


class Budget:
    """Bytes of images that several caches share: when they hold more, the least recently
    used value of any of them goes first (the newest is kept even if it alone is larger).
    None: no limit but the caches' own number of values."""

    def __init__(self, max_bytes: int | None) -> None:
        self.max_bytes = max_bytes
        self.lock = threading.RLock()
        self._order: OrderedDict[tuple[Recent[Any], Hashable], int] = OrderedDict()
        self.kept_bytes = 0

    def used(self, cache: Recent[Any], key: Hashable) -> None:
        self._order.move_to_end((cache, key))

    def added(self, cache: Recent[Any], key: Hashable, weight: int) -> None:
        self._order[cache, key] = weight
        self.kept_bytes += weight
        self._shrink(0, keep=1)

    def dropped(self, cache: Recent[Any], key: Hashable) -> None:
        self.kept_bytes -= self._order.pop((cache, key), 0)

    def make_room(self, expected: int) -> None:
        """Before a value of about `expected` bytes is made, drop the oldest until it fits:
        the values it replaces are not held beside it, over the budget."""
        self._shrink(expected, keep=0)

    def _shrink(self, expected: int, keep: int) -> None:
        if self.max_bytes is None:
            return
        while len(self._order) > keep and self.kept_bytes + expected > self.max_bytes:
            owner, key = next(iter(self._order))
            owner.forget(key)


class Recent(Generic[V]):
    """At most `size` values, and within `budget` (bytes of images, which several caches may
    share; `max_bytes` gives the cache a budget of its own); the least recently used ones go
    first. `weigh` gives a value's bytes (default: `image_bytes`). `cache_clear` empties it,
    as `functools` caches are emptied (tests that measure drawing clear every cache). Safe
    to share between the threads that draw."""

    def __init__(
        self,
        size: int,
        max_bytes: int | None = None,
        weigh: Callable[[V], int] = image_bytes,
        budget: Budget | None = None,
    ) -> None:
        self.size = size
        self.budget = budget or Budget(max_bytes)
        self._weigh = weigh
        self._values: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        # An instance's method, not the class's: code that clears every `cache_clear` it
        # finds in a module must not find an unbound one on the class.
        self.cache_clear = self._clear

    def _clear(self) -> None:
        with self.budget.lock:
            for key in list(self._values):
                self.forget(key)

    def forget(self, key: Hashable) -> None:
        """Drop the value of `key` (the budget's lock held)."""
        del self._values[key]
        self.budget.dropped(self, key)

    def kept(self) -> list[tuple[Hashable, V]]:
        """The keys and values kept, the least recently used first (without using them)."""
        with self.budget.lock:
            return [(key, value) for key, (value, _) in self._values.items()]

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept for `key`, made (and kept) if there is none."""
        with self.budget.lock:
            if key in self._values:
                self._values.move_to_end(key)
                self.budget.used(self, key)
                return self._values[key][0]
            self.budget.make_room(max((w for _, w in self._values.values()), default=0))
        value = make()
        weight = self._weigh(value)
        with self.budget.lock:
            if key in self._values:  # made meanwhile by another thread
                self.forget(key)
            self._values[key] = (value, weight)
            self.budget.added(self, key, weight)
            while len(self._values) > self.size:
                self.forget(next(iter(self._values)))
        return value


#: The images a table's next moves reuse and other tables' do not — its board's layer with
#: what was built there, its towns, panels, cards and strips — shared by every game's caches
#: of them: with many tables in play it holds those of the tables played last, and the whole
#: of one table of any game fits (a Terramara layer is about 7 MB, six Tiny Towns towns 5).
TABLE_IMAGES = Budget(16 * MB)


def recent(
    size: int, megabytes: float | None = None, budget: Budget | None = None
) -> Callable[[Callable[P, V]], Callable[P, V]]:
    """Like `functools.lru_cache(size)` for a function of hashable arguments that draws an
    image, within `megabytes` of images of its own or a shared `budget` (see `Recent`)."""

    def decorate(function: Callable[P, V]) -> Callable[P, V]:
        max_bytes = None if megabytes is None else int(megabytes * MB)
        cache: Recent[V] = Recent(size, max_bytes, budget=budget)

        @wraps(function)
        def cached(*args: P.args, **kwargs: P.kwargs) -> V:
            key = (args, tuple(sorted(kwargs.items())))
            return cache.get(key, lambda: function(*args, **kwargs))

        cached.cache_clear = cache.cache_clear  # type: ignore[attr-defined]
        cached.cache = cache  # type: ignore[attr-defined]
        return cached

    return decorate


def draw_region(
    cache: Recent[Image.Image],
    image: Image.Image,
    box: tuple[int, int, int, int],
    key: Hashable,
    draw: Callable[[], None],
) -> None:
    """Draw a region of `image` with `draw`, or paste it as it was drawn before for `key`.

    `key` must name everything the region shows, including what lay under it before drawing
    (the cached layer), and `draw` must not reach outside `box`: a move changes one or two
    players' parts of a board, so the others are pasted rather than drawn again
    (tests/render/test_palettes.py renders whole games with and without the caches).
    """
    drawn = False

    def make() -> Image.Image:
        nonlocal drawn
        drawn = True
        draw()
        return image.crop(box)

    region = cache.get(key, make)
    if not drawn:
        image.paste(region, box[:2])


class Grown:
    """Images that grow by parts (Terra Nova (2006)'s stones), for the most recent few: an
    image with more parts is drawn from a kept one by adding only the parts it lacks.

    An entry is kept by its `key` (everything under the parts) and the parts it shows; a
    view is drawn from the entry of the same key whose parts are all among the view's (the
    most of them), so another table or a move undone never gets a part it does not show: it
    is drawn afresh instead. So is a view that lacks more than `most_added` of an entry's
    parts: adding parts one by one costs more than drawing them all at once when there are
    many — a late board drawn from another table's early one, say, whose few stones are all
    among its hundred (Terra Nova (2006): 15–23 ms against ~3 ms). Entries are grown in
    place, under a lock, as boards are drawn in worker threads.
    """

    def __init__(self, size: int, most_added: int) -> None:
        self.size = size
        self.most_added = most_added
        self._entries: list[tuple[Hashable, set[Hashable], Image.Image]] = []
        self._lock = threading.Lock()
        self.cache_clear = self._entries.clear

    def copy_of(
        self,
        key: Hashable,
        parts: Sequence[Hashable],
        make: Callable[[], Image.Image],
        add: Callable[[Image.Image, Sequence[Hashable]], None],
    ) -> Image.Image:
        """A copy of the image with `parts`: `make()` draws a new one with all of them,
        `add(image, new)` adds `new` to an image with the others, giving the same pixels."""
        wanted = set(parts)
        with self._lock:
            kept = [
                index
                for index, (entry_key, shown, _) in enumerate(self._entries)
                if entry_key == key
                and shown <= wanted
                and len(wanted) - len(shown) <= self.most_added
            ]
            if kept:
                index = max(kept, key=lambda i: len(self._entries[i][1]))
                _, shown, image = self._entries.pop(index)
                new = [part for part in parts if part not in shown]
                if new:
                    add(image, new)
            else:
                image = make()
            self._entries.insert(0, (key, wanted, image))
            del self._entries[self.size :]
            return image.copy()
