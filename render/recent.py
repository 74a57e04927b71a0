"""A small cache of the most recently used values by key, for images that are costly to draw
and recur from move to move (a board's layer, the players' panels, the towns)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

from PIL import Image

V = TypeVar("V")


class Recent(Generic[V]):
    """At most `size` values; the least recently used one goes first. `cache_clear` empties
    it, as `functools` caches are emptied (tests that measure drawing clear every cache)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        # An instance's method, not the class's: code that clears every `cache_clear` it
        # finds in a module must not find an unbound one on the class.
        self.cache_clear = self._values.clear

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept for `key`, made (and kept) if there is none."""
        if key in self._values:
            self._values.move_to_end(key)
            return self._values[key]
        value = self._values[key] = make()
        if len(self._values) > self.size:
            self._values.popitem(last=False)
        return value


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
    is drawn afresh instead. Entries are grown in place, under a lock, as boards are drawn in
    worker threads.
    """

    def __init__(self, size: int) -> None:
        self.size = size
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
                if entry_key == key and shown <= wanted
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
