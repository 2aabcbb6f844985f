import XCTest
import Hooke
@testable import hooke_bench

/// `library-style`, the benchmark's baseline built as Swift animation libraries are, must
/// compute what Docs/benchmarks.md says it computes: per display frame one semi-implicit
/// Euler step of the frame duration,
///
///     v' = v + dt·(−k·(x − target) − c·v)/m,   x' = x + dt·v',
///
/// then the settle test, which puts an animation that has arrived on its target and stops
/// advancing it. These tests check its arithmetic against that recurrence written out by
/// hand, never its speed.
final class LibraryStyleEngineTests: XCTestCase {
    typealias Animation = LibraryStyleSpringAnimation<SIMD2<Double>>

    /// Two frames whose every intermediate is a short binary fraction, so the expected
    /// values are exact whatever order the products are formed in.
    /// k = 4, c = 1, m = 2, dt = 0.5; x: 3 → 1 (v 1), y: −2 → 0 (v 0).
    ///
    ///     frame 1, x: f = −4·2 − 1·1 = −9,        a = −4.5,   v = 1 − 2.25 = −1.25,      x = 3 − 0.625 = 2.375
    ///              y: f = −4·(−2) − 0 = 8,        a = 4,      v = 2,                     y = −2 + 1 = −1
    ///     frame 2, x: f = −4·1.375 + 1.25 = −4.25, a = −2.125, v = −1.25 − 1.0625 = −2.3125, x = 2.375 − 1.15625 = 1.21875
    ///              y: f = −4·(−1) − 2 = 2,        a = 1,      v = 2.5,                   y = −1 + 1.25 = 0.25
    func testTwoFramesWrittenOutByHand() throws {
        var shown: [SIMD2<Double>] = []
        let animation = Animation(
            spring: try Spring(mass: 2, stiffness: 4, damping: 1),
            value: [3, -2], velocity: [1, 0], target: [1, 0],
            valueChanged: { shown.append($0) })
        animation.advance(by: 0.5)
        XCTAssertEqual(animation.velocity, [-1.25, 2])
        XCTAssertEqual(animation.value, [2.375, -1])
        animation.advance(by: 0.5)
        XCTAssertEqual(animation.velocity, [-2.3125, 2.5])
        XCTAssertEqual(animation.value, [1.21875, 0.25])
        XCTAssertEqual(shown, [[2.375, -1], [1.21875, 0.25]], "the value closure gets every frame's value")
        XCTAssertFalse(animation.isFinished)
    }

    /// Ten 60 Hz frames of a workload spring with awkward numbers, against the recurrence
    /// per axis in plain scalars, bit for bit (Swift fuses no multiply–add on its own, so
    /// the same operations round alike).
    func testSixtyHertzFramesMatchTheScalarRecurrenceBitForBit() throws {
        let spring = try Spring(dampingRatio: 0.3, response: 0.5)
        let (k, c, m) = (spring.stiffness, spring.damping, spring.mass)
        let dt = 1.0 / 60
        let target = SIMD2(412.7, 96.25)
        var (x, y, vx, vy) = (731.3, 18.9, -1520.0, 803.5)
        let animation = Animation(spring: spring, value: [x, y], velocity: [vx, vy], target: target,
                                  valueChanged: { _ in })
        for frame in 1...10 {
            animation.advance(by: dt)
            vx = vx + dt * ((-k * (x - target.x) - c * vx) / m)
            vy = vy + dt * ((-k * (y - target.y) - c * vy) / m)
            x = x + dt * vx
            y = y + dt * vy
            XCTAssertEqual(animation.velocity, [vx, vy], "frame \(frame)")
            XCTAssertEqual(animation.value, [x, y], "frame \(frame)")
        }
    }

    /// k = 100, c = 10, m = 1, dt = 0.1 from x = 1 at rest, target 0:
    ///
    ///     frame 1: a = −100, v = −10, x = 1 − 1 = 0     (on the target, but moving: runs on)
    ///     frame 2: a = 100,  v = 0,   x = 0             (arrived: finished)
    ///
    /// After that the animator no longer advances it: its value closure is not called again.
    func testTheSettleTestStopsAnAnimationThatHasArrived() throws {
        var calls = 0
        let animation = Animation(
            spring: try Spring(mass: 1, stiffness: 100, damping: 10),
            value: [1, 1], velocity: [0, 0], target: [0, 0],
            valueChanged: { _ in calls += 1 })
        let animator = LibraryStyleAnimator()
        animator.add(animation)
        animator.tick(frameDuration: 0.1)
        XCTAssertEqual(animation.value, [0, 0])
        XCTAssertEqual(animation.velocity, [-10, -10])
        XCTAssertFalse(animation.isFinished, "on the target at 10 pt/s is not at rest")
        XCTAssertEqual(animator.runningCount, 1)
        animator.tick(frameDuration: 0.1)
        XCTAssertEqual(animation.velocity, [0, 0])
        XCTAssertTrue(animation.isFinished)
        XCTAssertEqual(animator.runningCount, 0)
        XCTAssertEqual(animator.count, 1, "a finished animation stays registered, flagged")
        XCTAssertEqual(calls, 2)
        animator.tick(frameDuration: 0.1)
        XCTAssertEqual(calls, 2, "a finished animation is not advanced")
    }

    /// Within both thresholds (0.01 pt, 0.01 pt/s) after a frame, the animation is put
    /// exactly on its target at rest, and the value closure gets the target; just outside
    /// the speed threshold it runs on.
    func testArrivingWithinTheThresholdsSnapsOntoTheTarget() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 20)
        let target = SIMD2(250.0, 40.0)
        var shown: SIMD2<Double>? = nil
        let near = Animation(spring: spring, value: target + [0.004, -0.003], velocity: [0, 0], target: target,
                             valueChanged: { shown = $0 })
        // After one 1/60 s frame: v = 1/60·(−100·0.004) = −0.0067 pt/s, |x − target| < 0.005.
        near.advance(by: 1.0 / 60)
        XCTAssertTrue(near.isFinished)
        XCTAssertEqual(near.value, target)
        XCTAssertEqual(near.velocity, .zero)
        XCTAssertEqual(shown, target)

        let moving = Animation(spring: spring, value: target, velocity: [0.02, 0], target: target,
                               valueChanged: { _ in })
        // v = 0.02 + 1/60·(−20·0.02) = 0.0133 pt/s: above 0.01, so it runs on.
        moving.advance(by: 1.0 / 60)
        XCTAssertFalse(moving.isFinished)
    }

    /// A retarget through the animator finds the animation by id, moves its target and
    /// sets a finished animation running again, keeping its value and velocity.
    func testRetargetByIdRestartsAFinishedAnimation() throws {
        let animation = Animation(spring: try Spring(mass: 1, stiffness: 100, damping: 10),
                                  value: [1, 1], velocity: [0, 0], target: [0, 0], valueChanged: { _ in })
        let animator = LibraryStyleAnimator()
        animator.add(animation)
        animator.tick(frameDuration: 0.1)
        animator.tick(frameDuration: 0.1)
        XCTAssertTrue(animation.isFinished)
        XCTAssertTrue(animator.retarget(animation.id, to: SIMD2(5.0, -5.0)))
        XCTAssertFalse(animation.isFinished)
        XCTAssertEqual(animation.target, [5, -5])
        XCTAssertEqual(animation.value, [0, 0])
        animator.tick(frameDuration: 0.1)
        // a = 100·5 = 500 → v = 50, x = 5 (and mirrored in y).
        XCTAssertEqual(animation.value, [5, -5])
        XCTAssertFalse(animator.retarget(UUID(), to: SIMD2(0.0, 0.0)), "no animation has a fresh id")
    }

    /// The engine over a small workload, retargets included, against
    /// `LibraryStyleRecurrence` (the gate's replay), and every item against the scalar
    /// recurrence run here item by item. Each item is retargeted every 100 frames, as in
    /// the benchmark, long enough for the stiffer springs to settle in between.
    func testEngineMatchesTheRecurrenceItemByItem() {
        let workload = SpringsWorkload(itemCount: 200, retargetShare: 0.01, seed: 7)
        let engine = LibraryStyleEngine(workload)
        let recurrence = LibraryStyleRecurrence(workload)
        let plan = FramePlan(stepsPerRepetition: 120, stepsPerFrame: 2)
        for repetition in 0..<4 {
            plan.run(engine, workload.retargets, repetition: repetition)
            plan.run(recurrence, workload.retargets, repetition: repetition)
        }
        XCTAssertEqual(engine.checksum().bitPattern, recurrence.checksum().bitPattern)

        // Each item again from its start, frame by frame, with its own target history.
        let dt = 2 * SpringsWorkload.timestep
        var settles = 0
        for (items, spring) in zip(workload.groups, workload.springs) {
            let (k, c, m) = (spring.stiffness, spring.damping, spring.mass)
            for i in items {
                var (x, y, vx, vy) = (workload.startX[i], workload.startY[i], workload.startVX[i], workload.startVY[i])
                var (tx, ty) = (workload.retargets.initialX[i], workload.retargets.initialY[i])
                var finished = false
                for f in 0..<(4 * plan.framesPerRepetition) {
                    let frame = workload.retargets.frame(f)
                    if frame.items.contains(i) {
                        (tx, ty, finished) = (frame.x[i], frame.y[i], false)
                    }
                    guard !finished else { continue }
                    vx = vx + dt * ((-k * (x - tx) - c * vx) / m)
                    vy = vy + dt * ((-k * (y - ty) - c * vy) / m)
                    x = x + dt * vx
                    y = y + dt * vy
                    if (x - tx) * (x - tx) + (y - ty) * (y - ty) < 0.01 * 0.01, vx * vx + vy * vy < 0.01 * 0.01 {
                        (x, y, vx, vy, finished) = (tx, ty, 0, 0, true)
                        settles += 1
                    }
                }
                let animation = engine.animation(i)
                XCTAssertEqual(animation.value, [x, y], "item \(i)")
                XCTAssertEqual(animation.velocity, [vx, vy], "item \(i)")
                XCTAssertEqual(engine.screen.positions[i], [x, y], "item \(i): the value closure set its view")
            }
        }
        XCTAssertGreaterThan(settles, 0, "the run exercises the settle test")
    }

    /// It animates the workload's springs, only with a first-order integrator: released
    /// from rest 100 pt from its target, each spring stays within 20 pt of the exact
    /// solution (`Spring.transition`) over a second of 60 Hz frames. Semi-implicit Euler
    /// is 3–15 pt off there (ω₀·dt is 0.17–0.42 for these springs); integrating 1/120 s
    /// per 1/60 s frame would be 25–65 pt off (SciPy's `expm` against the same recurrence).
    func testItFollowsTheExactSolutionToFirstOrder() {
        for (zeta, response) in SpringsWorkload.springParameters {
            let spring = try! Spring(dampingRatio: zeta, response: response)
            let phi = spring.transition(over: 1.0 / 60)
            let animation = Animation(spring: spring, value: [100, 0], velocity: .zero, target: .zero,
                                      valueChanged: { _ in })
            var (d, v) = (100.0, 0.0)
            var worst = 0.0
            for _ in 0..<60 {
                animation.advance(by: 1.0 / 60)
                (d, v) = (phi.phi11 * d + phi.phi12 * v, phi.phi21 * d + phi.phi22 * v)
                worst = max(worst, abs(animation.value.x - d))
            }
            XCTAssertLessThan(worst, 20, "ζ = \(zeta), response \(response) s")
            XCTAssertGreaterThan(worst, 0, "ζ = \(zeta): Euler is not the exact propagator")
        }
    }
}
