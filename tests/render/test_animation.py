"""The replay animation (render/animation.py): one frame per position with its caption, the
first and last shown longer, and a file that fits the limit by drawing narrower, then by
leaving moves out."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageSequence

from render.animation import FIRST_MS, LAST_MS, MOVE_MS, animate


def board(step: int, width: int = 900, height: int = 600) -> bytes:
    """A board whose squares fill one by one, noise-like, so frames do not compress away."""
    image = Image.new("RGB", (width, height), (240, 235, 220))
    draw = ImageDraw.Draw(image)
    for index in range(step * 40):
        x, y = (index * 37) % width, (index * 53) % height
        draw.rectangle((x, y, x + 9, y + 9), fill=((index * 61) % 256, (index * 17) % 256, 90))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def frames_of(gif: bytes) -> list[Image.Image]:
    return [frame.convert("RGB") for frame in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))]


def test_every_position_is_a_frame_timed_and_captioned() -> None:
    pngs = [board(step) for step in range(5)]
    animation = animate(pngs, [f"#{step}" for step in range(5)])
    gif = Image.open(io.BytesIO(animation.gif))
    assert (gif.format, gif.n_frames, animation.step) == ("GIF", 5, 1)
    durations = []
    for frame in ImageSequence.Iterator(gif):
        durations.append(frame.info["duration"])
    assert durations == [FIRST_MS, MOVE_MS, MOVE_MS, MOVE_MS, LAST_MS]
    assert gif.width == 720 and gif.height > 720 * 600 // 900  # the caption strip below
    shown = frames_of(animation.gif)
    assert shown[0].tobytes() != shown[4].tobytes()
    # The caption strip differs from frame to frame (its text).
    strip = (0, shown[0].height - 20, shown[0].width, shown[0].height)
    assert shown[1].crop(strip).tobytes() != shown[2].crop(strip).tobytes()


def test_a_file_too_large_is_drawn_narrower_then_with_moves_left_out() -> None:
    pngs = [board(step) for step in range(12)]
    captions = [f"#{step}" for step in range(12)]
    whole = animate(pngs, captions)
    narrower = animate(pngs, captions, limit=len(whole.gif) * 4 // 5)
    assert len(narrower.gif) <= len(whole.gif) * 4 // 5
    assert narrower.width < whole.width and (narrower.step, narrower.frames) == (1, 12)
    thinned = animate(pngs, captions, limit=len(whole.gif) // 2)
    assert len(thinned.gif) <= len(whole.gif) // 2
    assert thinned.width == 360 and thinned.step > 1 and thinned.frames < 12
    assert frames_of(thinned.gif)[-1].size == frames_of(thinned.gif)[0].size
