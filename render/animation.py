"""A game replayed as an animated GIF: one frame per position, each with a caption.

GIF rather than APNG because Discord animates GIFs in the chat and shows APNGs as still
images. Frames are board images (PNG bytes from `render_png`, any size) scaled to one width,
with a caption strip under the board saying which action led to the position. Pillow writes
each frame after the first as the rectangle that changed only, so a move costs little.

The file must fit Discord's upload limit: if it comes out too large, it is drawn again
narrower (down to `MIN_WIDTH`), then with every other move left out (the first and last
positions always stay) until it fits.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import GifImagePlugin, Image, ImageChops, ImageDraw

from .common import fit_text

#: Discord's default upload limit (10 MiB), less room for the rest of the request.
UPLOAD_LIMIT = 10 * 1024 * 1024 - 256 * 1024
#: The widest frame drawn: wider than a phone's chat preview (520 px), narrow enough that a
#: long game fits the limit at once.
MAX_WIDTH = 720
MIN_WIDTH = 360
#: How long a move is shown, the first position, and the last (held before looping).
MOVE_MS = 400
FIRST_MS = 1500
LAST_MS = 5000

_CAPTION_BACKGROUND = (32, 32, 40)
_CAPTION_TEXT = (245, 245, 245)


@dataclass(frozen=True, slots=True)
class Animation:
    gif: bytes
    #: The positions shown (fewer than given when moves had to be left out).
    frames: int
    width: int
    #: Every `step`-th move is shown (1: all of them).
    step: int


def animate(
    pngs: Sequence[bytes],
    captions: Sequence[str],
    *,
    limit: int = UPLOAD_LIMIT,
    width: int = MAX_WIDTH,
) -> Animation:
    """The positions `pngs` (the first before any move shown, the last held), each captioned
    by the matching entry of `captions`, as a looping GIF of at most `limit` bytes."""
    if not pngs or len(pngs) != len(captions):
        raise ValueError("animate needs one caption per image, and at least one image")
    step = 1
    width = min(width, Image.open(io.BytesIO(pngs[0])).width)
    while True:
        chosen = _thinned(len(pngs), step)
        gif = _encode([pngs[i] for i in chosen], [captions[i] for i in chosen], width)
        if len(gif) <= limit or (width <= MIN_WIDTH and len(chosen) <= 2):
            return Animation(gif, len(chosen), width, step)
        if width > MIN_WIDTH:
            width = max(MIN_WIDTH, int(width * math.sqrt(limit / len(gif)) * 0.95))
        else:
            step *= 2


def _thinned(count: int, step: int) -> list[int]:
    """Every `step`-th index of `count`, always with the first and the last."""
    chosen = list(range(0, count, step))
    if chosen[-1] != count - 1:
        chosen.append(count - 1)
    return chosen


def _encode(pngs: Sequence[bytes], captions: Sequence[str], width: int) -> bytes:
    """The GIF: one palette for every frame (from the first and last positions); each frame
    after the first holds only the rectangle that changed, its unchanged pixels transparent,
    so that a move costs about as many bytes as the pixels it changed. Frames are written
    one by one as they are drawn (Pillow's frame writer), so memory holds two of them, not
    the whole game."""
    count = len(pngs)
    ends = [_frame(pngs[0], captions[0], width), _frame(pngs[-1], captions[-1], width)]
    palette = _shared_palette(ends)
    first = _paletted(ends[0], palette)
    header, _ = GifImagePlugin.getheader(first, None, {"loop": 0})
    chunks = [*header, *GifImagePlugin.getdata(first, duration=FIRST_MS if count > 1 else LAST_MS)]
    previous = ends[0]
    for index in range(1, count):
        current = ends[1] if index == count - 1 else _frame(pngs[index], captions[index], width)
        duration = LAST_MS if index == count - 1 else MOVE_MS
        chunks += _changes_only(_paletted(current, palette), previous, current, duration)
        previous = current
    return b"".join(chunks) + b";"


#: The palette index kept for "unchanged since the previous frame".
TRANSPARENT = 255


def _shared_palette(samples: Sequence[Image.Image]) -> Image.Image:
    """A palette of 255 colours (index 255 stays free) fitted to the sample frames."""
    strip = Image.new("RGB", (samples[0].width, sum(sample.height for sample in samples)))
    top = 0
    for sample in samples:
        strip.paste(sample, (0, top))
        top += sample.height
    return strip.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _paletted(frame: Image.Image, palette: Image.Image) -> Image.Image:
    return frame.quantize(palette=palette, dither=Image.Dither.NONE)


def _changes_only(
    paletted: Image.Image, previous: Image.Image, current: Image.Image, duration: int
) -> list[bytes]:
    """The frame data of `paletted` cut to the rectangle where `previous` and `current`
    differ, every pixel equal in both made transparent (drawn over the previous frame)."""
    difference = ImageChops.difference(previous, current).convert("L")
    box = difference.getbbox() or (0, 0, 1, 1)
    unchanged = difference.point(lambda level: 255 if level == 0 else 0)
    changed = paletted.copy()
    changed.paste(TRANSPARENT, (0, 0), unchanged)
    return GifImagePlugin.getdata(
        changed.crop(box),
        offset=box[:2],
        duration=duration,
        transparency=TRANSPARENT,
        disposal=1,
    )


def _frame(png: bytes, caption: str, width: int) -> Image.Image:
    """The board scaled to `width`, with the caption in a strip below."""
    board = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(board.height * width / board.width)
    board = board.resize((width, height), Image.Resampling.LANCZOS)
    strip = max(24, width // 24)
    frame = Image.new("RGB", (width, height + strip), _CAPTION_BACKGROUND)
    frame.paste(board, (0, 0))
    text, font = fit_text(caption, strip * 2 // 3, width - strip, minimum=12)
    ImageDraw.Draw(frame).text(
        (strip // 2, height + strip // 2), text, font=font, fill=_CAPTION_TEXT, anchor="lm"
    )
    return frame
