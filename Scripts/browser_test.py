#!/usr/bin/env python3
"""Opens every page `hooke render` writes for the example scenarios in headless
Chromium and checks what a reader would see (Docs/render.md, "Checked in a browser").

For each scenario of Docs/examples (and Docs/examples/interactions) it writes the page and
the CSV of `hooke simulate` into .build/browser-test/, picks the recorded body that moves
farthest and a recorded step halfway through its motion, and opens
`PAGE#selftest&frames=…&body=…&step=…&x=…&y=…` with the CSV's numbers. The page checks
itself and writes the outcome into <pre id="hooke-selftest">, which --dump-dom prints:

- no script error or console.error;
- the canvas is not blank after the first frame;
- the player's frame count equals the CSV's count of recorded steps;
- after scrubbing to that step, the pixel at the CSV's position of that body has the
  body's fill colour;
- play advances the step readout.

It also checks that the page loads nothing: no src=, href= or url( in it.

    python3 Scripts/browser_test.py [--hooke .build/debug/hooke] [--chromium chromium]

Exit status 0 when every page passes, 1 otherwise.
"""
import argparse
import csv
import glob
import html
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def chosen_body(rows, bounds):
    """The body that moves farthest, and a recorded step halfway through its motion at
    which it is fully opaque (interaction rows carry an alpha) and inside the world's
    bounds (the page shows the bounds when there are some)."""
    by_id = {}
    for row in rows:
        by_id.setdefault(row["id"], []).append(row)
    def travel(track):
        x0, y0 = float(track[0]["x"]), float(track[0]["y"])
        return max(abs(float(r["x"]) - x0) + abs(float(r["y"]) - y0) for r in track)
    body = max(by_id, key=lambda i: travel(by_id[i]))
    def shown(r):
        if bounds is None:
            return True
        x, y = float(r["x"]), float(r["y"])
        left, top, width, height = bounds          # "bounds": [x, y, width, height]
        return left <= x <= left + width and top <= y <= top + height
    track = [r for r in by_id[body] if float(r.get("alpha", 1)) == 1 and float(r.get("scale", 1)) > 0 and shown(r)]
    return body, track[len(track) // 2]


def check(scenario, hooke, chromium, out_dir):
    name = os.path.relpath(scenario, os.path.join(ROOT, "Docs", "examples")).replace(os.sep, "-")[:-5]
    page = os.path.join(out_dir, name + ".html")
    table = os.path.join(out_dir, name + ".csv")
    subprocess.run([hooke, "render", scenario, "--html", page], check=True, capture_output=True)
    subprocess.run([hooke, "simulate", scenario, "--out", table], check=True, capture_output=True)
    with open(table, newline="") as f:
        rows = list(csv.DictReader(f))
    frames = len({r["step"] for r in rows})
    with open(scenario, encoding="utf-8") as f:
        bounds = json.load(f).get("world", {}).get("bounds")
    body, row = chosen_body(rows, bounds)
    text = open(page, encoding="utf-8").read()
    loads = re.findall(r"\b(?:src|href)\s*=|url\(", text)
    query = "&".join(f"{k}={v}" for k, v in [
        ("frames", frames), ("body", body), ("step", row["step"]), ("x", row["x"]), ("y", row["y"])])
    url = "file://" + page + "#selftest&" + query
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=15000",
                          "--dump-dom", url], capture_output=True, text=True, timeout=120).stdout
    found = re.search(r'<pre id="hooke-selftest"[^>]*>(.*?)</pre>', dom, re.S)
    if not found or not found.group(1).strip():
        return name, False, "the page wrote no self-test result (a script error before it ran?)"
    result = json.loads(html.unescape(found.group(1)))
    ok = result.get("ok") is True and not loads
    detail = json.dumps(result["checks"]) + (f"; errors {result['errors']}" if result["errors"] else "")
    if loads:
        detail += f"; the page loads something: {loads}"
    return name, ok, detail


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hooke", default=os.path.join(ROOT, ".build", "debug", "hooke"))
    parser.add_argument("--chromium", default="chromium")
    args = parser.parse_args()
    out_dir = os.path.join(ROOT, ".build", "browser-test")
    os.makedirs(out_dir, exist_ok=True)
    scenarios = sorted(glob.glob(os.path.join(ROOT, "Docs", "examples", "*.json"))
                       + glob.glob(os.path.join(ROOT, "Docs", "examples", "interactions", "*.json")))
    failures = 0
    for scenario in scenarios:
        name, ok, detail = check(scenario, args.hooke, args.chromium, out_dir)
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}")
        failures += not ok
    print(f"browser test: {len(scenarios) - failures} of {len(scenarios)} pages pass")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
