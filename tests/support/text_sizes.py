"""How large the texts of a board image come out: every text a renderer draws is recorded with
its font size in pixels of the final image and the renderer functions that drew it.

Renderers draw many things enlarged and reduce them afterwards (smooth edges), and cache
what they drew. So while `recording()` is active, every `ImageDraw.text` call is noted with
the image it drew on, every `Image.reduce`/`Image.resize` with how much it shrank which image,
and a text's size is its font size divided by all the shrinking its image went through on the
way into the final image. The renderers' caches are cleared on entry, so every text of the
images rendered inside the block is drawn (and recorded) afresh.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw


@dataclass(frozen=True)
class DrawnText:
    text: str
    #: The font size (em height) in pixels of the final image.
    size: float
    #: `module.function` of every render function on the stack, innermost first.
    callers: tuple[str, ...]

    def drawn_by(self, function: str) -> bool:
        return function in self.callers


@dataclass
class Recording:
    texts: list[DrawnText]


def clear_render_caches() -> None:
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


def _render_callers() -> tuple[str, ...]:
    frame = sys._getframe(2)
    callers: list[str] = []
    while frame is not None:
        module = str(frame.f_globals.get("__name__", ""))
        if module == "render" or module.startswith("render."):
            callers.append(f"{module}.{frame.f_code.co_qualname}")
        frame = frame.f_back  # type: ignore[assignment]
    return tuple(callers)


@contextmanager
def recording() -> Iterator[Recording]:
    """Record the texts drawn inside the block (see the module docstring)."""
    drawn: list[tuple[Image.Image, str, float, tuple[str, ...]]] = []
    shrunk: dict[int, tuple[Image.Image, float]] = {}
    keep: list[Image.Image] = []  # so that no recorded image's id is reused meanwhile
    original_text = ImageDraw.ImageDraw.text
    original_reduce = Image.Image.reduce
    original_resize = Image.Image.resize

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        font = kwargs.get("font") if "font" in kwargs else (args[1] if len(args) > 1 else None)
        size = getattr(font, "size", None)
        if isinstance(text, str) and "\n" not in text and text.strip() and size is not None:
            image = self._image
            drawn.append((image, text, float(size), _render_callers()))
        return original_text(self, xy, text, *args, **kwargs)

    def note(source: Image.Image, result: Image.Image) -> Image.Image:
        if result.width and result.width < source.width:
            shrunk[id(source)] = (result, source.width / result.width)
            keep.extend((source, result))
        return result

    def reduce(self: Image.Image, *args: Any, **kwargs: Any) -> Image.Image:
        return note(self, original_reduce(self, *args, **kwargs))

    def resize(self: Image.Image, *args: Any, **kwargs: Any) -> Image.Image:
        return note(self, original_resize(self, *args, **kwargs))

    clear_render_caches()
    result = Recording([])
    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    Image.Image.reduce = reduce  # type: ignore[method-assign]
    Image.Image.resize = resize  # type: ignore[method-assign]
    try:
        yield result
    finally:
        ImageDraw.ImageDraw.text = original_text  # type: ignore[method-assign]
        Image.Image.reduce = original_reduce  # type: ignore[method-assign]
        Image.Image.resize = original_resize  # type: ignore[method-assign]
        clear_render_caches()

    def shrinking(image: Image.Image) -> float:
        factor = 1.0
        seen = id(image)
        while seen in shrunk:
            image, ratio = shrunk[seen]
            factor *= ratio
            seen = id(image)
        return factor

    result.texts.extend(
        DrawnText(text, size / shrinking(image), callers) for image, text, size, callers in drawn
    )
