#!/usr/bin/env python3
"""The soak rig's jammed sliders in Box2D 2.3 (pybox2d, from PyPI), for
`JammedSlidersGainEnergyAsBox2DDoesTests` (Docs/reliability.md, "The soak").

In free phase 4 430 of the soak (cycle 8 860) the rig's slider pair gained 45.8 pt of
lift with no input: a drag had pressed the carriage 28.6 pt off its axis and 0.377 rad
off its angle, and the pair stayed so while its velocity grew. Is that Hooke's, or the
method's? The pair alone, in the state the soak traced after step 6 379 700
(`hooke-soak --trace 50,51:6379700:6379700`, rounded), stepped in Box2D 2.3:

- slider: a 40 x 16 pt box, mass 0.064 kg, I = 9.898667 kg pt^2, on a prismatic joint to a
  static anchor at (300, 740) pt along x within +-80 pt (UIKit's sliding attachment: the
  item is body A, the axis in its frame);
- carriage: an 18 x 18 pt box, mass 0.0324 kg, I = 1.7496 kg pt^2, on a prismatic joint to
  the slider at (300, 770) pt along y within +-40 pt;
- gravity 1000 pt/s^2 down, UIKit's default resistance 0.1 (Box2D's linear and angular
  damping), 8 velocity and 3 position iterations, h = 1/120 s; one step from rest, then
  the traced state is set.

Box2D's units are metres with 1 m = 100 pt. Prints, every 10 steps, the slider's x
velocity, the carriage's velocity and angle, and the pair's mechanical energy rise
(kinetic and gravitational, kg pt^2/s^2) since the state was set.

    .build/peers-venv/bin/python3 Benchmarks/peers/box2d_slider_jam.py
"""
import Box2D

PT_PER_M = 100.0
H = 1.0 / 120


def body(world, center, size, mass, inertia):
    b = world.CreateDynamicBody(position=(center[0] / PT_PER_M, center[1] / PT_PER_M),
                                linearDamping=0.1, angularDamping=0.1)
    b.CreatePolygonFixture(box=(size[0] / 2 / PT_PER_M, size[1] / 2 / PT_PER_M), density=1.0, groupIndex=-1)
    b.massData = Box2D.b2MassData(mass=mass, center=(0, 0), I=inertia / PT_PER_M ** 2)
    return b


def energy(bodies):
    e = 0.0
    for b in bodies:
        v = b.linearVelocity
        e += 0.5 * b.mass * (v[0] ** 2 + v[1] ** 2) + 0.5 * b.inertia * b.angularVelocity ** 2
        e -= b.mass * 10.0 * b.position[1]
    return e * PT_PER_M ** 2


def main():
    world = Box2D.b2World(gravity=(0, 10), doSleep=False)
    world.warmStarting = True
    world.continuousPhysics = True
    slider = body(world, (300, 740), (40, 16), 0.064, 9.898666666666665)
    carriage = body(world, (300, 770), (18, 18), 0.0324, 1.7496)
    anchor = world.CreateStaticBody(position=(3.0, 7.4))
    world.CreatePrismaticJoint(bodyA=slider, bodyB=anchor, localAnchorA=(0, 0), localAnchorB=(0, 0),
                               localAxisA=(1, 0), referenceAngle=0, enableLimit=True,
                               lowerTranslation=-0.8, upperTranslation=0.8)
    world.CreatePrismaticJoint(bodyA=slider, bodyB=carriage, localAnchorA=(0, 0.3), localAnchorB=(0, 0),
                               localAxisA=(0, 1), referenceAngle=0, enableLimit=True,
                               lowerTranslation=-0.4, upperTranslation=0.4)
    world.Step(H, 8, 3)
    slider.position, slider.angle = (376.47 / PT_PER_M, 738.74 / PT_PER_M), 0
    slider.linearVelocity = (18.112, 0)
    carriage.position, carriage.angle = (405.11 / PT_PER_M, 798.59 / PT_PER_M), -0.3772
    carriage.linearVelocity = (18.112, 28.96)
    start = energy([slider, carriage])
    print("step,slider_vx,carriage_vx,carriage_vy,carriage_angle,energy_rise")
    for n in range(1, 201):
        world.Step(H, 8, 3)
        if n % 10 == 0:
            v, w = slider.linearVelocity, carriage.linearVelocity
            print("%d,%.2f,%.2f,%.2f,%.4f,%.1f" % (n, v[0] * PT_PER_M, w[0] * PT_PER_M, w[1] * PT_PER_M,
                                                   carriage.angle, energy([slider, carriage]) - start))


if __name__ == "__main__":
    main()
