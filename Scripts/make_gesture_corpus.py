#!/usr/bin/env python3
"""Writes the labelled gesture corpus of Docs/sweep.md ("Tune a card's decision on
recordings"): Docs/examples/gestures/*.json, one horizontal pan each, and the swipe card
scenario they are played on, Docs/examples/sweep/swipe-card-decision.json.

    python3 Scripts/make_gesture_corpus.py          # (re)write the files
    python3 Scripts/make_gesture_corpus.py --check  # exit 1 if the committed files differ

Plain Python 3, no packages, seeded: the same files on every machine.

Each recording is {"label": "dismiss" | "keep", "gesture": {"kind": "pan", "events": [...]}},
the format `hooke sweep --gestures DIR` reads. A finger lands on the card at (160, 300)
at t = 0.1 s and moves horizontally by a signed distance D (plus a small vertical drift)
over T seconds, along the cubic Hermite curve that starts at rest and ends with the
release velocity V: x(t) = 160 + D*h01(s) + T*V*h11(s), s = (t - 0.1)/T. One event per
1/120 s (the scenario's step), each with the exact velocity of the curve (what UIKit's
recogniser would report), then "ended" at the last point.

The labelling rule (the person's intent, fixed before any card is tuned): a gesture
means "dismiss" when the finger's release offset carried on for 0.2 s at the release
velocity lands at least 110 pt from where it started, |D + 0.2 s * V| >= 110 pt, and
"keep" otherwise. A card whose projection is Decay.project with rate r,
dx + V/1000 * r/(1-r), matches that rule at r/(1-r) = 200 (r = 0.995025...) and
threshold 110 pt; the shipped card uses the UIKit defaults (0.998, 120 pt).

Kinds (the name's middle word), eight of each but four pull-backs:
  slow-long   D 130...200 pt, V 0...150 pt/s with the drag, T = D / (200...350 pt/s)
  flick       D 15...60 pt, V 500...1500 pt/s with the drag, T 0.06...0.15 s
  slow-short  D 10...70 pt, V 0...120 pt/s, T = D / (100...250 pt/s) at least 0.1 s
  near        D 60...115 pt, V -150...300 pt/s, T 0.2...0.6 s (near the rule's edge)
  pull-back   D 120...170 pt, V -900...-400 pt/s (back toward the centre), T 0.4...0.7 s
"""
import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Docs", "examples", "gestures")
SCENARIO = os.path.join(ROOT, "Docs", "examples", "sweep", "swipe-card-decision.json")

STEP = 1 / 120
START = 0.1
TOUCH = (160.0, 300.0)
PROJECTION = 0.2   # s: how far the labeller carries the release velocity
INTENT = 110.0     # pt: a projected offset at least this far means "dismiss"


def label(distance, velocity):
    return "dismiss" if abs(distance + PROJECTION * velocity) >= INTENT else "keep"


def gesture(distance, velocity, duration, drift):
    """The events of a pan by `distance` (pt, signed) over `duration` (s) ending at
    `velocity` (pt/s, signed), drifting `drift` pt vertically (linearly)."""
    n = max(2, round(duration / STEP))
    duration = n * STEP
    events = []
    for k in range(n + 1):
        s = k / n
        h01 = -2 * s ** 3 + 3 * s ** 2
        h11 = s ** 3 - s ** 2
        dh01 = -6 * s ** 2 + 6 * s
        dh11 = 3 * s ** 2 - 2 * s
        x = TOUCH[0] + distance * h01 + duration * velocity * h11
        y = TOUCH[1] + drift * s
        vx = (distance * dh01) / duration + velocity * dh11
        vy = drift / duration
        phase = "began" if k == 0 else ("ended" if k == n else "changed")
        events.append({
            "phase": phase,
            "time": round(START + k * STEP, 6),
            "touches": [[round(x, 3), round(y, 3)]],
            "velocity": [round(vx, 3), round(vy, 3)],
        })
    return {"kind": "pan", "events": events}


def corpus():
    rng = random.Random(23)
    plans = []
    kinds = [("slow-long", 8), ("flick", 8), ("slow-short", 8), ("near", 8), ("pull-back", 4)]
    for kind, count in kinds:
        for _ in range(count):
            side = rng.choice([-1, 1])
            if kind == "slow-long":
                d = rng.uniform(130, 200); v = rng.uniform(0, 150); t = d / rng.uniform(200, 350)
            elif kind == "flick":
                d = rng.uniform(15, 60); v = rng.uniform(500, 1500); t = rng.uniform(0.06, 0.15)
            elif kind == "slow-short":
                d = rng.uniform(10, 70); v = rng.uniform(0, 120); t = max(0.1, d / rng.uniform(100, 250))
            elif kind == "near":
                d = rng.uniform(60, 115); v = rng.uniform(-150, 300); t = rng.uniform(0.2, 0.6)
            else:
                d = rng.uniform(120, 170); v = rng.uniform(-900, -400); t = rng.uniform(0.4, 0.7)
            drift = rng.uniform(-15, 15)
            plans.append((kind, side, round(d, 1), round(v), t, round(drift, 1)))
    files = {}
    for number, (kind, side, d, v, t, drift) in enumerate(plans, start=1):
        name = "%02d-%s-%s.json" % (number, kind, "right" if side > 0 else "left")
        recording = {"label": label(d, v), "gesture": gesture(side * d, side * v, t, drift)}
        files[name] = json.dumps(recording, indent=1) + "\n"
    return files


def scenario():
    """The swipe card of Docs/examples/interactions/swipe-card.json with the decision's
    numbers written out, so that `--vary` can reach them; its own gesture is a plain
    drag (every recording replaces it)."""
    document = {
        "world": {"timestep": STEP},
        "bodies": [],
        "interactions": [{
            "id": "card", "kind": "swipeCard", "home": [160, 190], "size": [200, 260], "screenSize": [320, 568],
            "decisionThreshold": 120, "decelerationRate": 0.998, "minimumExitSpeed": 600,
            "gesture": gesture(150.0, 100.0, 0.5, 0.0),
        }],
        "duration": 2.5,
    }
    return json.dumps(document, indent=1) + "\n"


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        sys.exit("usage: make_gesture_corpus.py [--check]")
    wanted = {os.path.join(CORPUS, name): text for name, text in corpus().items()}
    wanted[SCENARIO] = scenario()
    if check:
        stale = [path for path, text in wanted.items()
                 if not os.path.exists(path) or open(path, encoding="utf-8").read() != text]
        extra = [os.path.join(CORPUS, name) for name in os.listdir(CORPUS)
                 if name.endswith(".json") and os.path.join(CORPUS, name) not in wanted] if os.path.isdir(CORPUS) else []
        for path in stale + extra:
            print("out of date: %s" % os.path.relpath(path, ROOT))
        if stale or extra:
            print("run python3 Scripts/make_gesture_corpus.py (make gesture-corpus)")
            sys.exit(1)
        print("gesture corpus up to date (%d recordings)" % (len(wanted) - 1))
        return
    os.makedirs(CORPUS, exist_ok=True)
    for name in os.listdir(CORPUS):
        if name.endswith(".json") and os.path.join(CORPUS, name) not in wanted:
            os.remove(os.path.join(CORPUS, name))
    for path, text in wanted.items():
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    labels = [json.loads(text)["label"] for path, text in wanted.items() if path != SCENARIO]
    print("wrote %d recordings (%d dismiss, %d keep) to %s and %s" % (
        len(labels), labels.count("dismiss"), labels.count("keep"),
        os.path.relpath(CORPUS, ROOT), os.path.relpath(SCENARIO, ROOT)))


if __name__ == "__main__":
    main()
