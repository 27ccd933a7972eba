"""SVG plots of the figures that scale: drawn here, as text, so that no plotting library is
needed. write_plots() returns {key: file name} of the plots it drew, for report.md to link.
"""

import math
import os

from sklib import qemu
from sklib.bench.steps import BOOT_STEPS, STEP

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"]


def esc(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def nice_ticks(low, high, count=5):
    """Round numbers (1, 2, 5 x 10^k) spanning [low, high] on a linear axis."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    magnitude = 10 ** int(f"{raw:e}".split("e")[1])
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    ticks = [int(low // step) * step]
    while ticks[-1] < high:
        ticks.append(ticks[-1] + step)
    return ticks


def short_number(value):
    for limit, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(value) >= limit:
            text = f"{value / limit:.1f}".rstrip("0").rstrip(".")
            return text + suffix
    return f"{value:g}"


def text_width(text, size=12):
    """How wide text is drawn, at most, in pixels: the charts' font is sans-serif, DejaVu Sans
    on Debian, whose digits and most letters advance 0.55 to 0.64 em; 0.64 em a character, so
    that a margin made from it holds the text (a fixed margin cut the long labels)."""
    return math.ceil(len(str(text)) * size * 0.64)


def svg_start(width, height, title):
    """The first lines of a chart: the canvas, white, with title centred on top."""
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'font-family="sans-serif" font-size="12">',
            f'<rect width="{width}" height="{height}" fill="white"/>',
            f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">{esc(title)}</text>']


def write_svg(path, lines):
    """Close the chart begun by svg_start() and write it to path; True (it was drawn)."""
    with open(path, "w") as f:
        f.write("\n".join(lines + ["</svg>"]) + "\n")
    return True


def line_chart(path, title, xlabel, ylabel, series, xlog2=False, ylog=False):
    """series: [(label, [(x, y), ...], dashed)]. Log axes use powers of 2 (x) and of 10 (y)."""
    # The legend, right of the plot: its line (38 px) and the longest label.
    right = 38 + max(text_width(label) for label, _, _ in series) + 12
    width, height, left, top, bottom = 530 + right, 440, 90, 40, 60
    points = [p for _, pts, _ in series for p in pts if p[1] is not None and p[1] > 0]
    if not points:
        return False
    fx = (lambda v: math.log2(v)) if xlog2 else (lambda v: v)
    fy = (lambda v: math.log10(v)) if ylog else (lambda v: v)
    xs = [fx(x) for x, _ in points]
    ys = [fy(y) for _, y in points]
    x0, x1 = min(xs), max(xs)
    if ylog:
        y0, y1 = math.floor(min(ys)), math.ceil(max(ys))
        yticks = list(range(y0, y1 + 1))
    else:
        yticks = nice_ticks(0, max(ys))
        y0, y1 = yticks[0], yticks[-1]
    x1 = x1 if x1 > x0 else x0 + 1
    y1 = y1 if y1 > y0 else y0 + 1
    plot_w, plot_h = width - left - right, height - top - bottom

    def px(v):
        return left + (fx(v) - x0) / (x1 - x0) * plot_w

    def py_raw(v):
        return top + plot_h - (v - y0) / (y1 - y0) * plot_h

    out = svg_start(width, height, title)
    for t in yticks:
        y = py_raw(t)
        label = short_number(10 ** t) if ylog else short_number(t)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" '
                   'stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{label}</text>')
    xticks = sorted({x for x, _ in points})
    for t in xticks:
        x = px(t)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + plot_h}" '
                   'stroke="#eee"/>')
        out.append(f'<text x="{x:.1f}" y="{top + plot_h + 16}" text-anchor="middle">'
                   f'{short_number(t) if not xlog2 or t < 1024 else str(t // 1024) + "Ki"}</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" '
               'stroke="black"/>')
    out.append(f'<text x="{left + plot_w / 2}" y="{height - 15}" text-anchor="middle">'
               f'{esc(xlabel)}</text>')
    out.append(f'<text transform="translate(18,{top + plot_h / 2}) rotate(-90)" '
               f'text-anchor="middle">{esc(ylabel)}</text>')
    for i, (label, pts, dashed) in enumerate(series):
        colour = COLOURS[i % len(COLOURS)]
        dash = ' stroke-dasharray="6,4"' if dashed else ""
        good = [(x, y) for x, y in pts if y is not None and y > 0]
        coords = " ".join(f"{px(x):.1f},{py_raw(fy(y)):.1f}" for x, y in good)
        out.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" '
                   f'stroke-width="2"{dash}/>')
        for x, y in good:
            out.append(f'<circle cx="{px(x):.1f}" cy="{py_raw(fy(y)):.1f}" r="3" fill="{colour}"/>')
        ly = top + 14 + i * 18
        out.append(f'<line x1="{left + plot_w + 12}" y1="{ly - 4}" x2="{left + plot_w + 32}" '
                   f'y2="{ly - 4}" stroke="{colour}" stroke-width="2"{dash}/>')
        out.append(f'<text x="{left + plot_w + 38}" y="{ly}">{esc(label)}</text>')
    return write_svg(path, out)


def bar_chart(path, title, bars):
    """Horizontal bars on a log scale: bars = [(label, value)], value > 0."""
    bars = [(label, value) for label, value in bars if value and value > 0]
    if not bars:
        return False
    # The labels, right-aligned left of the bars, and the values right of the longest bar:
    # the margins are as wide as the longest of each.
    left = 16 + max(text_width(label) for label, _ in bars)
    right = 16 + max(text_width(f"{value:,}") for _, value in bars)
    top, row, plot_w = 40, 22, 420
    width = left + plot_w + right
    height = top + row * len(bars) + 40
    top_decade = math.ceil(math.log10(max(v for _, v in bars)))
    low_decade = max(0, math.floor(math.log10(min(v for _, v in bars))) - 1)

    def bar_len(v):
        return (math.log10(v) - low_decade) / (top_decade - low_decade) * plot_w

    out = svg_start(width, height, title)
    for d in range(low_decade, top_decade + 1):
        x = left + (d - low_decade) / (top_decade - low_decade) * plot_w
        out.append(f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{height - 30}" '
                   'stroke="#ddd"/>')
        out.append(f'<text x="{x:.1f}" y="{height - 16}" text-anchor="middle">'
                   f'{short_number(10 ** d)}</text>')
    for i, (label, value) in enumerate(bars):
        y = top + i * row
        out.append(f'<text x="{left - 8}" y="{y + 14}" text-anchor="end">{esc(label)}</text>')
        out.append(f'<rect x="{left}" y="{y + 3}" width="{bar_len(value):.1f}" height="{row - 6}" '
                   f'fill="{COLOURS[0]}"/>')
        out.append(f'<text x="{left + bar_len(value) + 6:.1f}" y="{y + 14}">{value:,}</text>')
    return write_svg(path, out)


def write_plots(out_dir, report, quick):
    plots = {}
    series = []
    for arch, fig in report["arches"].items():
        syn = fig["extable"]["synthetic"]
        dashed = arch != qemu.ARCHES[0]
        for key, label in (("bsearch", "binary search"), ("linear", "linear scan")):
            points = [(s["entries"], s[key] / s["lookups"]) for s in syn]
            series.append((f"{arch} {label}", points, dashed))
    if line_chart(os.path.join(out_dir, "extable.svg"), "Exception table: instructions per lookup",
                  "entries in the table", "instructions per lookup (log)", series,
                  xlog2=True, ylog=True):
        plots["extable"] = "extable.svg"
    for arch, fig in report["arches"].items():
        steps = fig["boot_steps"].get("default") or fig["boot_steps"]["max"]
        name = f"boot-steps-{arch}.svg"
        if bar_chart(os.path.join(out_dir, name),
                     f"{arch}: instructions per boot step (log scale)",
                     [(f"{s['step']}. {BOOT_STEPS.get(s['step'], s['name'])}", s["delta"])
                      for s in steps]):
            plots[f"boot-steps-{arch}"] = name
        if not quick and fig.get("smp"):
            name = f"bringup-{arch}.svg"
            if line_chart(os.path.join(out_dir, name),
                          f"{arch}: boot step {STEP['smp']} (secondary CPUs) against CPU count",
                          "CPUs", "instructions (all CPUs, virtual time)",
                          [(f"step {STEP['smp']}", [(r["cpus"], r["smp_step_insns"]) for r in fig["smp"]],
                            False)]):
                plots[f"bringup-{arch}"] = name
    return plots
