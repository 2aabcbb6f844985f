#!/usr/bin/env python3
"""Plot step responses of springs for Docs/springs.md, from Hooke's own closed form.

For each damping ratio the curve comes from the `hooke` command line:

    hooke spring --damping-ratio Z --response 1 --sample 0:3:0.01

which prints CSV with the header `t,value,velocity` (a unit step from 0 to 1, from rest).
The script draws the curves as a self-contained SVG (no plotting library needed) at
Docs/plots/step-responses.svg.

Usage (from the package root):

    swift build -c release --product hooke
    python3 Scripts/plot_step_responses.py [--hooke .build/release/hooke] [--output PATH]

Without --hooke the script uses .build/release/hooke or .build/debug/hooke if present,
else `swift run hooke`.
"""
import argparse
import csv
import io
import os
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
DAMPING_RATIOS = [0.2, 0.5, 0.8, 1.0, 2.0]
COLOURS = ["#d62728", "#ff7f0e", "#2ca02c", "#1f77b4", "#9467bd"]
SAMPLE = "0:3:0.01"


def hooke_command(explicit):
    if explicit:
        return [explicit]
    for configuration in ("release", "debug"):
        path = os.path.join(ROOT, ".build", configuration, "hooke")
        if os.access(path, os.X_OK):
            return [path]
    return ["swift", "run", "--package-path", ROOT, "hooke"]


def step_response(command, zeta):
    args = command + ["spring", "--damping-ratio", repr(zeta), "--response", "1", "--sample", SAMPLE]
    result = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        sys.exit(f"`{' '.join(args)}` failed ({result.returncode}):\n{result.stderr}")
    rows = list(csv.reader(io.StringIO(result.stdout)))
    if not rows or [h.strip() for h in rows[0]] != ["t", "value", "velocity"]:
        sys.exit(f"`{' '.join(args)}` did not print the CSV header t,value,velocity")
    return [(float(r[0]), float(r[1])) for r in rows[1:] if r]


def svg(curves):
    width, height = 640, 400
    left, right, top, bottom = 56, 130, 20, 44
    t_min, t_max, y_min, y_max = 0.0, 3.0, 0.0, 1.6
    pw, ph = width - left - right, height - top - bottom

    def px(t):
        return left + (t - t_min) / (t_max - t_min) * pw

    def py(y):
        return top + (1 - (y - y_min) / (y_max - y_min)) * ph

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for i in range(7):
        t = i * 0.5
        out.append(f'<line x1="{px(t):.1f}" y1="{top}" x2="{px(t):.1f}" y2="{top + ph}" stroke="#e5e5e5"/>')
        out.append(f'<text x="{px(t):.1f}" y="{top + ph + 16}" text-anchor="middle">{t:g}</text>')
    for i in range(9):
        y = i * 0.2
        out.append(f'<line x1="{left}" y1="{py(y):.1f}" x2="{left + pw}" y2="{py(y):.1f}" stroke="#e5e5e5"/>')
        out.append(f'<text x="{left - 6}" y="{py(y) + 4:.1f}" text-anchor="end">{y:.1f}</text>')
    out.append(f'<line x1="{left}" y1="{py(1):.1f}" x2="{left + pw}" y2="{py(1):.1f}" stroke="#888" stroke-dasharray="4 3"/>')
    out.append(f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#444"/>')
    out.append(f'<text x="{left + pw / 2}" y="{height - 8}" text-anchor="middle">time t / response T</text>')
    out.append(f'<text transform="translate(14 {top + ph / 2}) rotate(-90)" text-anchor="middle">value (unit step from rest)</text>')
    for k, (zeta, points) in enumerate(curves):
        colour = COLOURS[k % len(COLOURS)]
        path = " ".join(f"{px(t):.2f},{py(min(max(y, y_min), y_max)):.2f}" for t, y in points)
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="1.8" points="{path}"/>')
        ly = top + 14 + 20 * k
        out.append(f'<line x1="{left + pw + 14}" y1="{ly}" x2="{left + pw + 38}" y2="{ly}" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{left + pw + 44}" y="{ly + 4}">ζ = {zeta:g}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hooke", help="path to the hooke executable")
    parser.add_argument("--output", default=os.path.join(ROOT, "Docs", "plots", "step-responses.svg"))
    args = parser.parse_args()
    command = hooke_command(args.hooke)
    curves = [(zeta, step_response(command, zeta)) for zeta in DAMPING_RATIOS]
    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w") as f:
        f.write(svg(curves))
    print("wrote", os.path.relpath(args.output, ROOT))


if __name__ == "__main__":
    main()
