#!/usr/bin/env python3
"""Writes the interaction examples under Docs/examples/interactions/: one scenario per
source article, each with a recorded gesture sampled at 120 Hz.

The gestures are piecewise linear in time (constant finger velocity on each piece), so
the release velocity a least-squares fit finds is the velocity of the last piece, and
every row of a drag can be checked against the finger's position at that time.

Run: python3 Scripts/interaction_examples.py
"""
import json
import os

H = 1.0 / 120
OUT = os.path.join(os.path.dirname(__file__), "..", "Docs", "examples", "interactions")


def path(waypoints, start_step):
    """Events from waypoints [(step, (x, y) or ((x, y), (x, y)))]: linear in between,
    one event per step from start_step to the last waypoint's step."""
    events = []
    first, last = waypoints[0][0], waypoints[-1][0]
    assert first == start_step
    for k in range(first, last + 1):
        for (k0, p0), (k1, p1) in zip(waypoints, waypoints[1:]):
            if k0 <= k <= k1:
                u = (k - k0) / (k1 - k0)
                break
        if isinstance(p0[0], (list, tuple)):
            touches = [[a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1])] for a, b in zip(p0, p1)]
        else:
            touches = [[p0[0] + u * (p1[0] - p0[0]), p0[1] + u * (p1[1] - p0[1])]]
        phase = "began" if k == first else ("ended" if k == last else "changed")
        events.append({"phase": phase, "time": k * H, "touches": touches})
    return events


def write(name, document):
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(document, f, indent=1)
        f.write("\n")


# 000 swipe card: a slow drag out to dx = +150 and back to +60, let go while slowly
# moving back (returns home); then a fast drag to the left (swiped left, leaves).
write("swipe-card.json", {
    "world": {"timestep": H},
    "bodies": [],
    "interactions": [{
        "id": "card", "kind": "swipeCard", "home": [160, 190], "size": [200, 260], "screenSize": [320, 568],
        "gesture": {"kind": "pan", "events":
            path([(12, (160, 300)), (48, (310, 320)), (84, (220, 330)), (96, (218, 330))], 12)
            + path([(144, (150, 300)), (156, (90, 296)), (168, (60, 294))], 144)},
    }],
    "duration": 2.5,
})

# 001 long-press lift: three items; the finger goes down on the middle one at 0.1 s,
# holds still (recognised at 0.4 s), drags it to (260, 220) and lets go at 1.2 s.
write("long-press-lift.json", {
    "world": {"timestep": H},
    "bodies": [],
    "interactions": [{
        "id": "grid", "kind": "longPressLift", "homes": [[100, 100], [200, 100], [300, 100]],
        "itemSize": [80, 80], "minimumPressDuration": 0.3,
        "gesture": {"kind": "pan", "events": path([(12, (205, 104)), (84, (205, 104)), (120, (265, 224)),
                                                   (144, (265, 224))], 12)},
    }],
    "duration": 2.0,
})

# 002 pinch reveal: the fingers go down around x = 510, spread to 300 and 760, hold,
# then open a little further and let go while spreading (opens).
write("pinch-reveal.json", {
    "world": {"timestep": H},
    "bodies": [],
    "interactions": [{
        "id": "picture", "kind": "pinchReveal", "width": 1024, "followDuration": 0.3,
        "gesture": {"kind": "pinch", "events": path([
            (12, ((480, 400), (540, 400))), (48, ((300, 400), (760, 400))), (96, ((300, 400), (760, 400))),
            (108, ((280, 400), (780, 400)))], 12)},
    }],
    "duration": 2.0,
})

# 003 flick: two photos in a 375 x 667 world. "slow" is let go at 400 pt/s and snaps back;
# "fast" is let go at 1800 pt/s to the right and is thrown out of the bounds.
write("flick.json", {
    "world": {"timestep": H, "bounds": [0, 0, 375, 667]},
    "bodies": [
        {"id": "slow", "size": [100, 100], "center": [187.5, 200]},
        {"id": "fast", "size": [100, 100], "center": [187.5, 450], "resistance": 0},
    ],
    "interactions": [
        {"id": "slow-flick", "kind": "flick", "item": "slow",
         "gesture": {"kind": "pan", "events": path([(12, (190, 210)), (36, (250, 190)), (60, (250 + 400 * 0.2, 190))], 12)}},
        {"id": "fast-flick", "kind": "flick", "item": "fast", "speedThreshold": 1000, "pushDivisor": 35,
         "gesture": {"kind": "pan", "events": path([(12, (180, 460)), (24, (180 + 1800 * 0.1, 460))], 12)}},
    ],
    "duration": 2.0,
})

# 004 jelly edge: pulled down and to the right, pushed up above the rest line (clamped),
# pulled down again and let go moving down; springs back.
write("jelly-edge.json", {
    "world": {"timestep": H},
    "bodies": [],
    "interactions": [{
        "id": "edge", "kind": "jellyEdge", "width": 375, "minHeight": 100, "verticalFactor": 0.7,
        "gesture": {"kind": "pan", "events": path([(12, (180, 50)), (48, (240, 250)), (72, (200, 10)),
                                                   (96, (190, 180)), (102, (190, 200))], 12)},
    }],
    "duration": 2.5,
})

# A stack of four swipe cards (the pattern article 000 builds toward): a flick to the right
# at 1200 pt/s let go at dx = 70 swipes card 0, and the next grows the rest of the way into
# place on the promotion spring; card 1 is dragged out
# slowly to dx = +90, held, and let go still (returns, the card behind shrinks back); then
# flicked left at 1500 pt/s (swiped left).
write("card-stack.json", {
    "world": {"timestep": H},
    "bodies": [],
    "interactions": [{
        "id": "stack", "kind": "cardStack", "count": 4, "home": [160, 220], "size": [200, 260],
        "screenSize": [320, 568], "depthScale": 0.05, "depthOffset": 8,
        "promotionSpring": {"dampingRatio": 1, "response": 0.3},
        "gesture": {"kind": "pan", "events":
            path([(12, (160, 300)), (19, (160 + 1200 * 7 / 120, 300))], 12)
            + path([(84, (150, 300)), (132, (240, 305)), (156, (240, 305))], 84)
            + path([(240, (160, 300)), (252, (160 - 1500 * 0.1, 300))], 240)},
    }],
    "duration": 3.0,
})

# The bodies in the World (Docs/scenarios.md, "Bodies in the World"). A photo card bound to
# a world body is flicked right at 1200 pt/s into a pile of three boxes beside it: the card
# is let go to the World when swiped, knocks the pile over and bounces back off it (the
# card feels no gravity; the boxes do, and settle on the floor).
write("card-into-boxes.json", {
    "world": {"timestep": H, "bounds": [0, 0, 700, 568]},
    "bodies": [
        {"id": "photo", "size": [200, 260], "center": [160, 300], "elasticity": 0},
        {"id": "box0", "size": [60, 60], "center": [450, 538]},
        {"id": "box1", "size": [60, 60], "center": [450, 478]},
        {"id": "box2", "size": [60, 60], "center": [450, 418]},
    ],
    "behaviors": [
        {"type": "gravity", "items": ["box0", "box1", "box2"]},
        {"type": "collision", "items": ["photo", "box0", "box1", "box2"], "mode": "everything",
         "boundsAsBoundary": True},
    ],
    "interactions": [{
        "id": "card", "kind": "swipeCard", "body": "photo", "screenSize": [700, 568],
        "gesture": {"kind": "pan", "events": path([(12, (160, 400)), (21, (160 + 1200 * 9 / 120, 400))], 12)},
    }],
    "duration": 2.5,
})

# A long-press lift of three world bodies held home by snaps: the left item is lifted
# and dragged onto the middle one, which is pushed aside, and both go home after the drop.
write("lift-in-world.json", {
    "world": {"timestep": H},
    "bodies": [{"id": f"item{k}", "size": [80, 80], "center": [100 + 100 * k, 100]} for k in range(3)],
    "behaviors": [{"type": "collision", "items": ["item0", "item1", "item2"], "mode": "items"}],
    "interactions": [{
        "id": "grid", "kind": "longPressLift", "bodies": ["item0", "item1", "item2"], "itemSize": [80, 80],
        "gesture": {"kind": "pan", "events": path([(12, (100, 100)), (60, (100, 100)), (96, (195, 100)),
                                                   (120, (195, 100))], 12)},
    }],
    "duration": 2.5,
})
