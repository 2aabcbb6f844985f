import HookeCore

// Stages 1 to 3 of the step pipeline (World+Step.swift): the behaviours' actions, the
// forces and impulses of gravity and pushes, and the fields' forces, all gathered into
// each body's force and torque before the collision stages.

extension World {
    // MARK: - 1. userActions

    /// Runs every behaviour's action, in behaviour order (pre-order within a tree).
    /// Actions are collected first, so an action may add or remove behaviours.
    mutating func userActions() {
        var actions: [@Sendable (inout World) -> Void] = []
        for s in behaviors.order {
            for node in behaviors.records[s] ?? [] {
                if let a = node.action { actions.append(a) }
            }
        }
        for action in actions { action(&self) }
    }

    // MARK: - 2. forces

    /// Clears the accumulators, marks the bodies that fall and sets the world's gravity
    /// (the last gravity behaviour wins), accumulates continuous pushes and applies
    /// instantaneous ones (which then turn inactive).
    mutating func forces() {
        for i in 0..<bodies.count {
            bodies.force[i] = .zero
            bodies.torque[i] = 0
            bodies.hasGravity[i] = false
        }
        var gravity = SIMD2<Double>.zero
        for s in behaviors.order {
            guard var nodes = behaviors.records[s] else { continue }
            var changed = false
            for n in nodes.indices {
                switch nodes[n].kind {
                case let .gravity(g):
                    gravity = g.acceleration
                    for h in g.items { if let i = liveSlot(h) { bodies.hasGravity[i] = true } }
                case var .push(push) where push.active:
                    // UIKit units to internal ones: N → kg·pt/s², N·s → kg·pt/s.
                    let vector = Self.pointsPerMetre * push.pushDirection
                    for h in push.items {
                        guard let i = liveSlot(h), !bodies.isStatic[i] else { continue }
                        let r = Planar.rotate(push.targetOffsetFromCenter(for: h), by: bodies.angle[i])
                        switch push.mode {
                        case .continuous:
                            guard vector != .zero else { continue }
                            bodies.force[i] += vector
                            bodies.torque[i] += Planar.cross(r, vector)
                        case .instantaneous:
                            // Box2D's ApplyLinearImpulse: Δv = J/m, Δω = (r × J)/I.
                            bodies.velocity[i] += bodies.inverseMass[i] * vector
                            bodies.angularVelocity[i] += bodies.inverseInertia[i] * Planar.cross(r, vector)
                        }
                        wake(i)
                    }
                    if push.mode == .instantaneous {
                        push.active = false
                        nodes[n].kind = .push(push)
                        changed = true
                    }
                default: break
                }
            }
            if changed { behaviors.records[s] = nodes }
        }
        scratch.gravity = gravity
    }

    // MARK: - 3. fields

    /// Evaluates every field behaviour once on each of its awake dynamic items and adds
    /// the force to the body's accumulator, converted from newtons to kg·pt/s² (×100),
    /// so that `integrateVelocities` gives a = 100·F/m pt/s². The probe carries the
    /// velocity as it is after this step's instantaneous pushes, and the time at the
    /// start of the step.
    mutating func fields(_ h: Double) {
        let time = elapsedTime
        for s in behaviors.order {
            guard let nodes = behaviors.records[s] else { continue }
            for node in nodes {
                guard case let .field(f) = node.kind else { continue }
                for handle in f.items {
                    guard let i = liveSlot(handle), !bodies.isStatic[i], bodies.isAwake[i] else { continue }
                    let probe = FieldProbe(unchecked: bodies.center[i], velocity: bodies.velocity[i],
                                           mass: 1 / bodies.inverseMass[i], charge: bodies.properties[i].charge,
                                           time: time, deltaTime: h)
                    let force = f.field.force(on: probe)
                    guard force.x.isFinite, force.y.isFinite, force != .zero else { continue }
                    bodies.force[i] += Self.pointsPerMetre * force
                }
            }
        }
    }
}
