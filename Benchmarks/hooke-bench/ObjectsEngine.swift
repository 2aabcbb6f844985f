import CReference
import Hooke

/// How popular animation libraries are written: one object per animation holding its
/// own state and spring, kept in an array and stepped one object at a time. It uses the
/// same exact propagator as every other engine, so the difference measured is the
/// object layout alone (a heap allocation per item, reference counting, dynamic
/// exclusivity checks on class properties), not the integrator.
final class ObjectsEngine: BenchEngine {
    /// One animated 2-D value, as an animation library's spring animation object: its
    /// state as 2-D vectors (as `CGPoint`/`SIMD2` values are) and its spring's
    /// propagator.
    final class SpringAnimation {
        var position: SIMD2<Double>
        var velocity: SIMD2<Double>
        var target: SIMD2<Double>
        let transition: SpringTransition

        init(position: SIMD2<Double>, velocity: SIMD2<Double>, target: SIMD2<Double>,
             transition: SpringTransition) {
            self.position = position
            self.velocity = velocity
            self.target = target
            self.transition = transition
        }

        func retarget(to target: SIMD2<Double>) {
            self.target = target
        }

        /// One exact step: the same arithmetic as the C loop, on both axes at once.
        func step() {
            let phi = transition
            let d = position - target, v = velocity
            position = target + phi.phi11 * d + phi.phi12 * v
            velocity = phi.phi21 * d + phi.phi22 * v
        }
    }

    private var animations: [SpringAnimation] = []

    init(_ workload: SpringsWorkload) {
        animations.reserveCapacity(workload.itemCount)
        for (items, phi) in zip(workload.groups, workload.transitions) {
            for i in items {
                animations.append(SpringAnimation(
                    position: SIMD2(workload.startX[i], workload.startY[i]),
                    velocity: SIMD2(workload.startVX[i], workload.startVY[i]),
                    target: SIMD2(workload.retargets.initialX[i], workload.retargets.initialY[i]),
                    transition: phi))
            }
        }
    }

    func retarget(_ frame: RetargetSchedule.Frame) {
        for i in frame.items {
            animations[i].retarget(to: SIMD2(frame.x[i], frame.y[i]))
        }
    }

    func step(count: Int) {
        for _ in 0..<count {
            for animation in animations {
                animation.step()
            }
        }
    }

    func checksum() -> Double {
        var sum = CompensatedSum()
        for a in animations {
            sum.add(x: a.position.x, y: a.position.y, vx: a.velocity.x, vy: a.velocity.y)
        }
        return sum.value
    }

    /// The heap block of an object as the allocator sized it, plus the array's reference.
    var bytesPerItem: Double {
        guard let first = animations.first else { return 0 }
        let block = withExtendedLifetime(first) {
            hooke_c_allocation_size(Unmanaged.passUnretained(first).toOpaque())
        }
        return Double(block + MemoryLayout<SpringAnimation>.stride)
    }
}
