"""Colour arithmetic for the browser tests' colour checks: how a colour looks to a reader with a red-green
colour vision deficiency (Machado, Oliveira & Fernandes 2009, "A Physiologically-based Model for Simulation of
Color Vision Deficiency", the matrices for severity 1.0, applied to linear RGB), and how far apart two colours
look (CIEDE2000, Sharma, Wu & Dalal 2005, on CIELAB under D65)."""

from __future__ import annotations

import math
import re

Colour = tuple[float, float, float]

#: Machado et al. 2009, severity 1.0: linear RGB in, linear RGB out.
SIMULATIONS: dict[str, tuple[Colour, Colour, Colour]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
}


def parse_css(text: str) -> Colour:
    """``rgb(12, 34, 56)`` (as getComputedStyle gives it) or ``#0c2238`` as sRGB in 0..1."""
    if text.startswith("#"):
        return tuple(int(text[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]
    numbers = [float(x) for x in re.findall(r"[\d.]+", text)[:3]]
    return (numbers[0] / 255, numbers[1] / 255, numbers[2] / 255)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(colour: Colour, deficiency: str) -> Colour:
    """How ``colour`` (sRGB) looks with ``deficiency`` ("protanopia", "deuteranopia"), as sRGB."""
    linear = [_linear(c) for c in colour]
    rows = SIMULATIONS[deficiency]
    return tuple(_gamma(sum(m * c for m, c in zip(row, linear, strict=True))) for row in rows)  # type: ignore[return-value]


def lab(colour: Colour) -> Colour:
    """sRGB (D65) to CIELAB."""
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(one: Colour, two: Colour) -> float:
    """CIEDE2000 between two sRGB colours."""
    return delta_e_lab(lab(one), lab(two))


def delta_e_lab(one: Colour, two: Colour) -> float:
    """CIEDE2000 between two CIELAB colours."""
    l1, a1, b1 = one
    l2, a2, b2 = two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dl, dc = l2 - l1, c2 - c1
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    dhh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_bar = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * c_bar
    sh = 1 + 0.015 * c_bar * t
    rotation = math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))
    rt = -2 * math.sqrt(c_bar**7 / (c_bar**7 + 25**7)) * math.sin(rotation)
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def hue(colour: Colour) -> float:
    """The HSL hue of an sRGB colour, in degrees."""
    r, g, b = colour
    high, low = max(colour), min(colour)
    if high == low:
        return 0.0
    span = high - low
    if high == r:
        return (60 * (g - b) / span) % 360
    if high == g:
        return 60 * (b - r) / span + 120
    return 60 * (r - g) / span + 240


def contrast_ratio(one: Colour, two: Colour) -> float:
    """WCAG 2 contrast ratio of two sRGB colours (1 to 21; AA asks 4.5 for text)."""

    def luminance(colour: Colour) -> float:
        r, g, b = (_linear(c) for c in colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)
