import HookeCore

// Part of stage 13 of the step pipeline (World+Step.swift), before islands go to sleep:
// snaps with a `SnapRest` end their item's motion at the first step after which nothing
// that remains of it can be seen (SnapRestModel.swift has the rule and its proof).

extension World {
    /// For each snap with a `SnapRest` whose item moves under that snap alone — awake,
    /// dynamic, alone in its island with the snap's four springs and no contact, no force,
    /// torque or falling this step — places the item exactly at the snap point, at angle
    /// 0, still, with the springs' stored impulses cleared, once its remaining motion
    /// provably stays within the rest bands; then puts it to sleep when the world allows
    /// sleeping (so the snap reports `behaviorCameToRest` this step). Part of the
    /// `restDetection` stage.
    mutating func snapRest() {
        var loneIsland: [Int]? = nil
        for slot in behaviors.order {
            guard let nodes = behaviors.records[slot] else { continue }
            for n in nodes.indices {
                guard case let .snap(snap) = nodes[n].kind, let rest = snap.rest, nodes[n].joints.count == 4,
                      let i = liveSlot(snap.item) else { continue }
                if loneIsland == nil { loneIsland = islandsOfLoneBodies() }
                guard movesUnderSnapAlone(i, island: loneIsland![i], slot: slot, node: n),
                      let model = snapRestModel(for: i, damping: snap.damping) else { continue }
                let e = snapRestState(of: i, snappedTo: snap.snapPoint, joints: nodes[n].joints, scale: model.scale)
                let bands = model.decisionBands(position: rest.position.value, rotation: rest.rotation.value)
                guard model.staysWithin(bands, from: e) else { continue }
                bodies.center[i] = snap.snapPoint
                bodies.angle[i] = 0
                bodies.velocity[i] = .zero
                bodies.angularVelocity[i] = 0
                for k in 0..<4 { behaviors.records[slot]![n].joints[k].impulse = .zero }
                if configuration.allowsSleeping { sleep(i) }
            }
        }
    }

    /// Body `i`'s state as `SnapRestModel` reads it: offset from `point`, angle,
    /// velocities and the snap's four stored impulses, each times `scale`.
    func snapRestState(of i: Int, snappedTo point: SIMD2<Double>, joints: [JointState], scale: [Double]) -> [Double] {
        zip([bodies.center[i].x - point.x, bodies.center[i].y - point.y, bodies.angle[i],
             bodies.velocity[i].x, bodies.velocity[i].y, bodies.angularVelocity[i],
             joints[0].impulse.x, joints[1].impulse.x, joints[2].impulse.x, joints[3].impulse.x],
            scale).map { $0 * $1 }
    }

    /// For each body slot, the island it is alone in (−1 if none).
    private func islandsOfLoneBodies() -> [Int] {
        let islands = scratch.islands
        var island = [Int](repeating: -1, count: bodies.count)
        for k in 0..<max(islands.bodyStart.count - 1, 0) where islands.bodyStart[k + 1] - islands.bodyStart[k] == 1 {
            island[islands.bodies[islands.bodyStart[k]]] = k
        }
        return island
    }

    /// Whether body `i`, alone in `island` (−1: not alone), moved this step under the snap
    /// (`slot`, `node`) alone: awake, dynamic, unforced, with no touching contact and no
    /// joint but that snap's four. A body that cannot turn must sit at angle 0.
    private func movesUnderSnapAlone(_ i: Int, island: Int, slot: Int, node: Int) -> Bool {
        guard island >= 0, bodies.isAwake[i], !bodies.isStatic[i], !bodies.isKinematic[i],
              bodies.force[i] == .zero, bodies.torque[i] == 0,
              !bodies.hasGravity[i] || scratch.gravity == .zero,
              bodies.inverseInertia[i] > 0 || bodies.angle[i] == 0 else { return false }
        let islands = scratch.islands
        guard islands.contactStart[island + 1] == islands.contactStart[island],
              islands.jointStart[island + 1] - islands.jointStart[island] == 4 else { return false }
        for e in islands.jointStart[island]..<islands.jointStart[island + 1] {
            let joint = scratch.joints.references[islands.joints[e]]
            if joint.slot != slot || joint.node != node { return false }
        }
        return true
    }

    /// The linearised step of body `i` under a snap of `damping`, measured once per key.
    private mutating func snapRestModel(for i: Int, damping: Double) -> SnapRestModel? {
        let p = bodies.properties[i]
        let key = SnapRestModel.Key(size: bodies.shape[i].size, inverseMass: bodies.inverseMass[i],
                                    inverseInertia: bodies.inverseInertia[i], resistance: p.resistance,
                                    angularResistance: p.angularResistance, damping: damping,
                                    configuration: configuration)
        if let model = scratch.snapRestModels[key] { return model }
        let model = SnapRestModel(key)
        scratch.snapRestModels[key] = .some(model)
        return model
    }
}
