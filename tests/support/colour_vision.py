"""Seeing board images as colour-blind players do, and telling whether two pieces still differ.

Simulation: the dichromat model of Brettel, Viénot & Mollon (1997) for protanopia,
deuteranopia and tritanopia at full severity (the worst case), as ColorAide implements it
(`Color.filter(..., method="brettel")`, in linear sRGB). Colour difference: CIEDE2000 (ΔE00),
ColorAide's `delta_e(..., method="2000")`. ColorAide is a maintained, pure-Python colour
library, so the test needs neither NumPy nor hand-copied matrices.

A board PNG is a palette image, so simulating it means simulating its palette (at most 256
colours): exact for the image, and fast.
"""

from __future__ import annotations

from functools import cache

from coloraide import Color
from PIL import Image

from render.common import RGB

DEFICIENCIES = ("protan", "deutan", "tritan")
#: Two colours at least this far apart (ΔE00) tell pieces apart by colour alone. A ΔE00 of
#: about 2 is just noticeable for large patches side by side; pieces on a board are small and
#: apart, so we ask for ten times that (20, the step between neighbouring hues of the usual
#: categorical palettes).
DISTINGUISHABLE = 20.0
#: Pieces whose colours are closer must carry marks that differ: at least this many pixels
#: where the two pieces, as the colour-blind player sees them, differ by DISTINGUISHABLE.
MARK_PIXELS = 25


def _color(colour: RGB) -> Color:
    return Color("srgb", [channel / 255 for channel in colour])


@cache
def simulate(colour: RGB, deficiency: str) -> RGB:
    """`colour` as a full dichromat of the kind `deficiency` (protan, deutan, tritan) sees it."""
    seen = _color(colour).filter(deficiency, method="brettel").convert("srgb").fit("srgb")
    red, green, blue = (round(min(max(v, 0.0), 1.0) * 255) for v in seen.coords())
    return (red, green, blue)


@cache
def delta_e(a: RGB, b: RGB) -> float:
    """CIEDE2000 between two sRGB colours."""
    return float(_color(a).delta_e(_color(b), method="2000"))


def seen_apart(a: RGB, b: RGB, deficiency: str) -> float:
    """ΔE00 between two colours as a dichromat of the kind `deficiency` sees them."""
    return delta_e(simulate(a, deficiency), simulate(b, deficiency))


def _palette(image: Image.Image) -> list[RGB]:
    flat = image.getpalette() or []
    return [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]


def marked_pixels(a: Image.Image, b: Image.Image, deficiency: str) -> int:
    """How many pixels of two equally large palette images, both seen with `deficiency`,
    differ by at least DISTINGUISHABLE: the marks that tell them apart without colour."""
    assert a.mode == b.mode == "P" and a.size == b.size
    palettes = (_palette(a), _palette(b))
    count = 0
    pairs: dict[tuple[int, int], bool] = {}
    for index_a, index_b in zip(a.tobytes(), b.tobytes(), strict=True):
        key = (index_a, index_b)
        apart = pairs.get(key)
        if apart is None:
            apart = pairs[key] = (
                seen_apart(palettes[0][index_a], palettes[1][index_b], deficiency)
                >= DISTINGUISHABLE
            )
        count += apart
    return count
