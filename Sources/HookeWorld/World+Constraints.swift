// Stages 8 and 10 of the step pipeline under UIKit's solver (World+Step.swift): the
// velocity iterations over every island's joints and contacts, then the position
// iterations. The contact rows themselves are in World+ContactSolver.swift, the joints'
// in JointSet.

extension World {
    // MARK: - 8. solveConstraints

    /// Sets up every island's contacts, then its joints (warm-started with the last
    /// impulses scaled by h/h_previous), runs the velocity iterations (each: every
    /// joint, then every contact) and stores the impulses.
    /// Islands are independent, so solving them one after another in a single sweep
    /// gives each the same sequence of operations as a per-island solve.
    mutating func solveConstraints(_ h: Double) {
        let ratio = previousTimestep > 0 ? h / previousTimestep : 0
        prepareContacts(warmStartRatio: ratio)
        warmStartContacts()
        for k in scratch.islands.joints {
            scratch.joints.prepare(k, &bodies, timestep: h, warmStartRatio: ratio)
        }
        for _ in 0..<configuration.velocityIterations {
            for k in scratch.islands.joints { scratch.joints.solveVelocity(k, &bodies) }
            solveContactVelocities()
        }
        storeContactImpulses()
        storeJointImpulses()
        previousTimestep = h
    }

    /// Keeps each island joint's accumulated impulses in its behaviour for the next
    /// step's warm start.
    mutating func storeJointImpulses() {
        for k in scratch.islands.joints {
            let r = scratch.joints.references[k]
            scratch.joints.store(k, into: &behaviors.records[Int(r.slot)]![Int(r.node)].joints[Int(r.joint)])
        }
    }

    // MARK: - 10. correctPositions

    /// Up to `positionIterations` passes over each island's contacts, then its rigid
    /// joints, stopping when the deepest contact penetration is within 1.5 pt and every
    /// joint within slop; records per island whether it converged, and in
    /// `jointPositionError` the largest joint error the last pass of an island that did not
    /// converge measured. The soft step's contacts correct themselves: only joints are
    /// passed over then.
    mutating func correctPositions() {
        let islandCount = scratch.islands.bodyStart.count - 1
        scratch.islands.positionSolved = [Bool](repeating: false, count: max(islandCount, 0))
        jointPositionError = .zero
        let correctsContacts = configuration.solver == .uikit
        for island in 0..<max(islandCount, 0) {
            let range = scratch.islands.jointStart[island]..<scratch.islands.jointStart[island + 1]
            let contactRange = correctsContacts
                ? scratch.islands.contactStart[island]..<scratch.islands.contactStart[island + 1] : 0..<0
            if !correctsContacts && range.isEmpty {
                scratch.islands.positionSolved[island] = true
                continue
            }
            var islandJointError = JointPositionError.zero
            for _ in 0..<configuration.positionIterations {
                var ok = contactRange.isEmpty || solveContactPositions(contactRange)
                islandJointError = .zero
                for e in range {
                    let error = scratch.joints.solvePosition(scratch.islands.joints[e], &bodies)
                    islandJointError = islandJointError.union(error)
                    ok = ok && error.isWithinSlop
                }
                if ok {
                    scratch.islands.positionSolved[island] = true
                    break
                }
            }
            if !scratch.islands.positionSolved[island] {
                jointPositionError = jointPositionError.union(islandJointError)
            }
        }
    }
}
