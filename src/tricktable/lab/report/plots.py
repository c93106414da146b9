"""The report's plots, drawn with matplotlib (headless) and kept as PNG bytes to embed or write out.

A few shapes cover every section: bars with 95% intervals, rates along a numbered axis with interval bands,
and histograms of several series side by side.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

import matplotlib

matplotlib.use("Agg")  # no display: the report is drawn in worker-free, screen-free processes

import matplotlib.pyplot as plt
from matplotlib.figure import Figure as MplFigure

from tricktable.lab.report.model import Figure

Interval = tuple[float, float, float]  #: (value, low, high)


def _png(fig: MplFigure) -> bytes:
    buffer = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buffer, format="png", dpi=90)
    plt.close(fig)
    return buffer.getvalue()


def bars(
    name: str, title: str, groups: Sequence[str], series: Mapping[str, Sequence[Interval]], ylabel: str,
    caption: str = "", reference: float | None = None,
) -> Figure:
    """Grouped bars with their 95% intervals: ``series[name][i]`` is the value of group ``i``."""
    fig, ax = plt.subplots(figsize=(max(5.0, 0.9 * len(groups) * max(1, len(series)) + 2), 3.4))
    width = 0.8 / max(1, len(series))
    for k, (label, values) in enumerate(series.items()):
        xs = [i + (k - (len(series) - 1) / 2) * width for i in range(len(values))]
        heights = [v for v, _, _ in values]
        # Clamped: rounding can put an interval's end a hair inside its value (a rate of 0 or 1).
        errors = [[max(0.0, v - lo) for v, lo, _ in values], [max(0.0, hi - v) for v, _, hi in values]]
        ax.bar(xs, heights, width * 0.95, yerr=errors, capsize=3, label=label)
    if reference is not None:
        ax.axhline(reference, color="grey", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(groups)), list(groups))
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(fontsize="small")
    return Figure(name, title, _png(fig), caption)


def lines(
    name: str, title: str, series: Mapping[str, Sequence[tuple[float, float, float, float]]], xlabel: str,
    ylabel: str, caption: str = "",
) -> Figure:
    """Values along a numbered axis with interval bands: ``series[name]`` holds ``(x, value, low, high)``."""
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    for label, points in series.items():
        xs = [p[0] for p in points]
        ax.plot(xs, [p[1] for p in points], marker="o", markersize=3, label=label)
        ax.fill_between(xs, [p[2] for p in points], [p[3] for p in points], alpha=0.2)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(fontsize="small")
    return Figure(name, title, _png(fig), caption)


def histogram(
    name: str, title: str, series: Mapping[str, Sequence[float]], xlabel: str, caption: str = "",
    discrete: bool = True,
) -> Figure:
    """The distribution of each series as shares of its games (so series of different sizes compare)."""
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    values = [v for vs in series.values() for v in vs]
    if values:
        low, high = min(values), max(values)
        middle = sorted(values)[len(values) // 2]
        skewed = low >= 0 and high > 100 * max(1.0, middle)
        if skewed:
            # A few huge values (Tandem Trick's 1,000,000-point misère) would squash the rest into one bin:
            # bins grow geometrically, on a scale linear up to 1 and logarithmic beyond.
            edges = [0.0, *(high ** (i / 40) for i in range(41))]
            ax.set_xscale("symlog", linthresh=1.0)
        elif discrete and high - low <= 60:
            edges = [x - 0.5 for x in range(int(low), int(high) + 2)]
        else:
            step = (high - low) / 30 or 1.0
            edges = [low + i * step for i in range(31)]
        for label, vs in series.items():
            if vs:
                ax.hist(vs, bins=edges, weights=[1 / len(vs)] * len(vs), histtype="step", linewidth=1.5, label=label)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of games")
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(fontsize="small")
    return Figure(name, title, _png(fig), caption)
