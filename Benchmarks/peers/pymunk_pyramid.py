#!/usr/bin/env python3
"""Box2D's "large pyramid" in Chipmunk2D (through pymunk), the scene
`hooke-bench --scenario pyramid` runs in Hooke's World.

Scene, in points with 1 m = 100 pt: `rows` rows of 100 pt boxes (mass 1 kg,
friction 0.6) on a static ground, gravity 1000 pt/s² down the screen (y down, as
Hooke), 500 steps of 1/60 s. Chipmunk's iterations setting (default 10 here) plays
the part of the velocity iterations. Boxes are placed exactly touching (Chipmunk
keeps a collision slop of its own: `space.collision_slop`, set to 0.5 pt as
Hooke's linear slop).

Prints ms per step (the median of three runs' mean step time, wall clock,
time.perf_counter) and the stability measures of hooke-bench: the top box's largest
displacement from its start and its final offset, how many boxes ended more than half a
box sideways from their start (a collapse spreads sideways; settling under load moves
down), and how many boxes sleep at the end.

    python3 Benchmarks/peers/pymunk_pyramid.py [--rows 100] [--steps 500] [--iterations 10]
"""
import argparse
import statistics
import time

import pymunk


def build(rows, iterations):
    space = pymunk.Space()
    space.gravity = (0, 1000)
    space.iterations = iterations
    space.collision_slop = 0.5
    space.sleep_time_threshold = 0.5
    side = 100.0
    ground = pymunk.Segment(space.static_body, (-(rows + 20) * side, 0), ((rows + 20) * side, 0), 0)
    ground.friction = 0.6
    space.add(ground)
    boxes = []
    for row in range(rows):
        count = rows - row
        y = -side / 2 - row * side
        for k in range(count):
            x = (k - (count - 1) / 2) * side
            body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (side, side)))
            body.position = (x, y)
            shape = pymunk.Poly.create_box(body, (side, side))
            shape.friction = 0.6
            space.add(body, shape)
            boxes.append(body)
    return space, boxes


def run(rows, steps, iterations):
    space, boxes = build(rows, iterations)
    top = boxes[-1]
    start = top.position
    starts = [b.position for b in boxes]
    drift = 0.0
    dt = 1.0 / 60
    t0 = time.perf_counter()
    for _ in range(steps):
        space.step(dt)
        drift = max(drift, (top.position - start).length)
    elapsed = time.perf_counter() - t0
    sleeping = sum(1 for b in boxes if b.is_sleeping)
    sideways = sum(1 for b, p in zip(boxes, starts) if abs(b.position.x - p.x) > 50)
    final = top.position - start
    return 1000 * elapsed / steps, drift, sleeping, len(boxes), sideways, final


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100)
    parser.add_argument("--steps", type=int, default=500)
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    results = [run(args.rows, args.steps, args.iterations) for _ in range(args.runs)]
    ms = statistics.median(r[0] for r in results)
    _, drift, sleeping, count, sideways, final = results[-1]
    print(f"pymunk {pymunk.version} (Chipmunk {pymunk.chipmunk_version.split('-')[0]}): "
          f"pyramid rows={args.rows} ({count} boxes), {args.steps} steps of 1/60 s, "
          f"iterations={args.iterations}")
    print(f"ms/step {ms:.3f} (median of {args.runs} runs: "
          + ", ".join(f"{r[0]:.3f}" for r in results) + ")")
    print(f"top box max displacement {drift:.3f} pt, final ({final.x:.1f}, {final.y:.1f}); "
          f"moved sideways > half a box {sideways}/{count}; sleeping {sleeping}/{count}")


if __name__ == "__main__":
    main()
