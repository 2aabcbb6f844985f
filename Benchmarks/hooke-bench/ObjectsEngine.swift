import CReference
import Hooke

/// How popular animation libraries are written: one object per animation holding its
/// own state and spring, kept in an array and stepped one object at a time. It uses the
/// same exact propagator as every other engine, so the difference measured is the
/// object layout alone (a heap allocation per item, reference counting, dynamic
/// exclusivity checks on class properties), not the integrator.
final class ObjectsEngine: BenchEngine {
    /// One animated 2-D value, as an animation library's spring animation object.
    final class SpringAnimation {
        var x: Double, y: Double
        var velocityX: Double, velocityY: Double
        var targetX: Double, targetY: Double
        let transition: SpringTransition

        init(x: Double, y: Double, velocityX: Double, velocityY: Double,
             targetX: Double, targetY: Double, transition: SpringTransition) {
            self.x = x
            self.y = y
            self.velocityX = velocityX
            self.velocityY = velocityY
            self.targetX = targetX
            self.targetY = targetY
            self.transition = transition
        }

        func retarget(x: Double, y: Double) {
            targetX = x
            targetY = y
        }

        /// One exact step: the same arithmetic, in the same order, as the C loop.
        func step() {
            let phi = transition
            let dx = x - targetX, dy = y - targetY
            let ux = velocityX, uy = velocityY
            x = targetX + phi.phi11 * dx + phi.phi12 * ux
            y = targetY + phi.phi11 * dy + phi.phi12 * uy
            velocityX = phi.phi21 * dx + phi.phi22 * ux
            velocityY = phi.phi21 * dy + phi.phi22 * uy
        }
    }

    private var animations: [SpringAnimation] = []

    init(_ workload: SpringsWorkload) {
        animations.reserveCapacity(workload.itemCount)
        for (items, phi) in zip(workload.groups, workload.transitions) {
            for i in items {
                animations.append(SpringAnimation(
                    x: workload.startX[i], y: workload.startY[i],
                    velocityX: workload.startVX[i], velocityY: workload.startVY[i],
                    targetX: workload.retargets.initialX[i], targetY: workload.retargets.initialY[i],
                    transition: phi))
            }
        }
    }

    func retarget(_ frame: RetargetSchedule.Frame) {
        for i in frame.items {
            animations[i].retarget(x: frame.x[i], y: frame.y[i])
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
            sum.add(x: a.x, y: a.y, vx: a.velocityX, vy: a.velocityY)
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
