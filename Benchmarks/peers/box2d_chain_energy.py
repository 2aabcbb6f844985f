#!/usr/bin/env python3
"""The soak rig's chain in Box2D 2.3 (pybox2d, from PyPI), from the state
`hooke-soak --peer-state STEP` prints, beside Hooke's own steps of the same chain.

The question it answers (Docs/reliability.md, "The soak"): when the chain's rigid rods
turn fast, Hooke's UIKit solver gains energy with no input. Is that Hooke's, or the
method's — does Box2D 2.3, the engine under UIKit Dynamics, gain the same from the same
state?

The chain alone, in both engines: three rigid distance joints (frequency 0) from an
anchor through three 14 x 30 pt boxes, a soft distance joint (1.5 Hz, damping ratio 0.2)
to a 28 x 28 pt box, gravity and the bodies' linear and angular damping as the soak had
them, no collisions and no fields. Box2D's units are metres with 1 m = 100 pt
(`../shared/uikit-engine.md`): positions and speeds are divided by 100, inertia by 10^4;
the masses are set exactly. Box2D steps in single precision, Hooke in double.

Prints the energy rise after every 5 steps in points of lift of the chain (the change in
kinetic, gravitational and spring energy over the chain's weight, the soak's unit), for
Box2D as configured (8 velocity, 3 position iterations, h = 1/120 s), with no position
iterations, and at h/4, beside Hooke's rise as configured.

    hooke-soak --peer-state 3833640 > chain.json
    python3 Benchmarks/peers/box2d_chain_energy.py chain.json
"""
import argparse
import json
import math

import Box2D

PT_PER_M = 100.0


def build(state):
    g = state["gravity"]
    world = Box2D.b2World(gravity=(g[0] / PT_PER_M, g[1] / PT_PER_M), doSleep=False)
    world.warmStarting = True
    world.continuousPhysics = True
    bodies = []
    for b in state["bodies"]:
        w, h = b["size"]
        body = world.CreateDynamicBody(
            position=(b["center"][0] / PT_PER_M, b["center"][1] / PT_PER_M), angle=b["angle"],
            linearDamping=b["resistance"], angularDamping=b["angularResistance"])
        # groupIndex -1: no two chain bodies collide, as in Hooke's chain world (no collision behaviour).
        body.CreatePolygonFixture(box=(w / 2 / PT_PER_M, h / 2 / PT_PER_M), density=1.0, groupIndex=-1)
        body.massData = Box2D.b2MassData(mass=b["mass"], center=(0, 0), I=b["inertia"] / PT_PER_M ** 2)
        body.linearVelocity = (b["velocity"][0] / PT_PER_M, b["velocity"][1] / PT_PER_M)
        body.angularVelocity = b["angularVelocity"]
        bodies.append(body)
    for j in state["joints"]:
        item = bodies[j["item"]]
        if j["other"] is None:
            # UIKit: a static body at the anchor point, joined to the item point.
            a = j["anchor"]
            other = world.CreateStaticBody(position=(a[0] / PT_PER_M, a[1] / PT_PER_M))
            other_local = (0, 0)
        else:
            other = bodies[int(j["other"])]
            other_local = (j["otherOffset"][0] / PT_PER_M, j["otherOffset"][1] / PT_PER_M)
        world.CreateJoint(Box2D.b2DistanceJointDef(
            bodyA=item, bodyB=other,
            localAnchorA=(j["offset"][0] / PT_PER_M, j["offset"][1] / PT_PER_M), localAnchorB=other_local,
            length=j["length"] / PT_PER_M, frequencyHz=j["frequency"], dampingRatio=j["damping"],
            collideConnected=False))
    return world, bodies


def energy(state, bodies):
    """Kinetic, gravitational and spring energy in kg pt^2/s^2, as SoakChain.energy."""
    g = state["gravity"]
    total = 0.0
    centers = []
    for spec, body in zip(state["bodies"], bodies):
        x, y = body.position[0] * PT_PER_M, body.position[1] * PT_PER_M
        vx, vy = body.linearVelocity[0] * PT_PER_M, body.linearVelocity[1] * PT_PER_M
        w = body.angularVelocity
        total += 0.5 * spec["mass"] * (vx * vx + vy * vy) + 0.5 * spec["inertia"] * w * w
        total -= spec["mass"] * (g[0] * x + g[1] * y)
        centers.append((x, y))
    for j in state["joints"]:
        if j["frequency"] > 0:
            ma, mb = state["bodies"][j["item"]]["mass"], state["bodies"][int(j["other"])]["mass"]
            k = ma * mb / (ma + mb) * (2 * math.pi * j["frequency"]) ** 2
            (ax, ay), (bx, by) = centers[j["item"]], centers[int(j["other"])]
            stretch = math.hypot(ax - bx, ay - by) - j["length"]
            total += 0.5 * k * stretch * stretch
    return total


def rises(state, steps, position_iterations, split):
    world, bodies = build(state)
    weight = sum(b["mass"] for b in state["bodies"]) * math.hypot(*state["gravity"])
    start = energy(state, bodies)
    h = state["timestep"] / split
    out = []
    for _ in range(steps):
        for _ in range(split):
            world.Step(h, int(state["velocityIterations"]), position_iterations)
        out.append((energy(state, bodies) - start) / weight)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("state", help="the JSON hooke-soak --peer-state printed")
    args = parser.parse_args()
    with open(args.state) as f:
        state = json.load(f)
    hooke = state["hookeRises"]
    steps = len(hooke)
    iterations = int(state["positionIterations"])
    turn = max(abs(b["angularVelocity"]) for b in state["bodies"]) * state["timestep"]
    print(f"Box2D {Box2D.__version__} (pybox2d), the chain from the soak's state; fastest link turns "
          f"{turn:.2f} rad per step")
    columns = [("Hooke, as configured", hooke),
               ("Box2D, as configured", rises(state, steps, iterations, 1)),
               ("Box2D, no position iterations", rises(state, steps, 0, 1)),
               ("Box2D, h/4", rises(state, steps, iterations, 4))]
    print("| energy rise, pt of lift of the chain | " + " | ".join(name for name, _ in columns) + " |")
    print("|---:|" + "---:|" * len(columns))
    for n in range(4, steps, 5):
        print(f"| after step {n + 1} | " + " | ".join(f"{values[n]:.2f}" for _, values in columns) + " |")
    print("| largest | " + " | ".join(f"{max(values):.2f}" for _, values in columns) + " |")


if __name__ == "__main__":
    main()
