import Hooke
import HookeInteractions
import XCTest

/// Flick to dismiss (article 003) against values written out independently: the mass of a
/// rectangle (density·w·h/10⁴ kg, 100 pt = 1 m), the push's Δv = 100·J/m with
/// J = speed/35 along the release direction, the straight path of a body with no
/// resistance, and the least-squares release velocity of a finger moving at constant
/// velocity (which is that velocity).
final class FlickToDismissTests: XCTestCase {
    let h = 1.0 / 120
    let bounds = WorldRect(x: 0, y: 0, width: 375, height: 667)

    /// One run: the world stepped at h, the flick told after each step, the events due
    /// handed over after it (the playback rule), the body's state recorded after each step.
    struct Run {
        var world: World
        var flick: FlickToDismiss
        var states: [BodyState] = []
        var phases: [FlickToDismiss.Phase] = []
        /// Step after which the last event was handled.
        var releaseStep = 0
    }

    func run(
        size: SIMD2<Double>, density: Double, center: SIMD2<Double>, events: [GestureEvent], steps: Int,
        resistance: Double = 0, fidelity: InteractionFidelity = .physical
    ) throws -> Run {
        var world = try World()
        let item = try world.createBody(BodyDefinition(
            shape: .rectangle(width: size.x, height: size.y), center: center,
            properties: ItemProperties(density: density, resistance: resistance, angularResistance: 0)))
        var flick = try FlickToDismiss(item: item, in: world, bounds: bounds, fidelity: fidelity)
        var states: [BodyState] = []
        var phases: [FlickToDismiss.Phase] = []
        var releaseStep = 0
        var next = 0
        func deliver(upTo time: Double, step: Int) throws {
            while next < events.count, events[next].time <= time + 1e-6 * h {
                try flick.handle(events[next], in: &world)
                if events[next].phase.isTerminal { releaseStep = step }
                next += 1
            }
        }
        try deliver(upTo: 0, step: 0)
        states.append(world.body(item))
        phases.append(flick.phase)
        for step in 1...steps {
            world.step()
            flick.didStep(&world)
            try deliver(upTo: Double(step) * h, step: step)
            states.append(world.body(item))
            phases.append(flick.phase)
        }
        return Run(world: world, flick: flick, states: states, phases: phases, releaseStep: releaseStep)
    }

    func testBothSidesOfTheThreshold() throws {
        let direction = SIMD2(0.6, 0.8)
        for (factor, dismissed) in [(1.01, true), (0.99, false)] {
            let velocity = 1000 * factor * direction
            let events = try panStream(start: SIMD2(187, 333), translation: SIMD2(30, 40), velocity: velocity)
            let result = try run(size: SIMD2(100, 100), density: 1, center: SIMD2(187, 333), events: events, steps: 40)
            XCTAssertEqual(result.flick.releaseVelocity!.x, velocity.x, accuracy: 1e-6)
            XCTAssertEqual(result.flick.releaseVelocity!.y, velocity.y, accuracy: 1e-6)
            XCTAssertEqual(result.phases[result.releaseStep], dismissed ? .dismissing : .returning, "factor \(factor)")
        }
    }

    /// At article fidelity the view moves by a transform: the centre is exactly at the
    /// centre at grab plus the finger's translation.
    func testAtArticleFidelityTheItemFollowsTheFingerExactly() throws {
        let start = SIMD2(187.0, 333)
        let events = try panStream(start: SIMD2(200, 350), translation: SIMD2(-25, 60), velocity: SIMD2(-150, 400))
        let result = try run(size: SIMD2(100, 100), density: 1, center: start, events: events, steps: 30, fidelity: .article)
        for event in events where !event.phase.isTerminal {
            let step = Int((event.time / h).rounded())
            XCTAssertClose(result.states[step].center, start + (event.location - events[0].location), accuracy: 1e-9)
        }
    }

    /// The physical drag is the grip's spring: a drag attachment held at the centre, whose
    /// anchor each event moves to the centre at grab plus the finger's translation. On a
    /// free body that is, step by step, the implicit Euler step of the critically damped
    /// spring of 20 Hz towards the anchor (Catto, "Soft Constraints"), written out here:
    /// v₂ = (v₁ − h·ω²·(x₁ − T))/(1 + 2ζωh + h²ω²), x₂ = x₁ + h·v₂.
    func testThePhysicalDragIsTheGripsSpringTowardsTheFinger() throws {
        let start = SIMD2(187.0, 333)
        let events = try panStream(start: SIMD2(200, 350), translation: SIMD2(-25, 60), velocity: SIMD2(-150, 400))
        let result = try run(size: SIMD2(100, 100), density: 1, center: start, events: events, steps: 30)
        let omega = 2 * Double.pi * FlickToDismiss.gripFrequency, zeta = FlickToDismiss.gripDamping
        var x = start, v = SIMD2<Double>.zero, target = start
        var next = 1
        for step in 1...result.releaseStep {
            v = (v - h * omega * omega * (x - target)) / (1 + 2 * zeta * omega * h + h * h * omega * omega)
            x += h * v
            XCTAssertClose(result.states[step].center, x, accuracy: 1e-9, "step \(step)")
            XCTAssertEqual(result.states[step].angle, 0, "held by its centre, it does not turn")
            // The events due after this step move the anchor for the next one.
            while next < events.count, events[next].time <= Double(step) * h + 1e-6 * h {
                target = start + (events[next].location - events[0].location)
                next += 1
            }
        }
        XCTAssertEqual(result.phases[result.releaseStep], .returning)
    }

    /// Dragged by physics, the photo pushes a box in its way instead of passing through it:
    /// the finger jumps 300 pt to the right, past the box, in one event. Moved by a
    /// transform (article fidelity) the photo is put beyond the box; gripped, it is pulled
    /// there as a body, and continuous collision stops it at the box, which it then pushes
    /// ahead, staying on the near side.
    func testADraggedPhotoPushesABoxInItsWayInsteadOfPassingThrough() throws {
        func drag(_ fidelity: InteractionFidelity) throws -> (photo: Double, box: Double) {
            var world = try World()
            let photo = try world.createBody(BodyDefinition(shape: .rectangle(width: 100, height: 100), center: SIMD2(100, 300)))
            let box = try world.createBody(BodyDefinition(shape: .rectangle(width: 60, height: 60), center: SIMD2(260, 300)))
            try world.addBehavior(.collision(CollisionBehavior(items: [photo, box])))
            var flick = try FlickToDismiss(item: photo, in: world, bounds: bounds, fidelity: fidelity)
            var events = [try GestureEvent(.began, time: 0, location: SIMD2(100, 300))]
            for k in 1...60 { events.append(try GestureEvent(.changed, time: Double(k) * h, location: SIMD2(400, 300))) }
            try play(events, into: &flick, in: &world, steps: 61)
            return (world.body(photo).center.x, world.body(box).center.x)
        }
        let physical = try drag(.physical), article = try drag(.article)
        XCTAssertLessThan(article.box, article.photo, "the teleported photo passed the box")
        XCTAssertGreaterThan(physical.box, physical.photo + 80, "the gripped photo pushed the box ahead of it")
        XCTAssertGreaterThan(physical.box, 260)
    }

    func testPushChangesTheVelocityBy100TimesSpeedOver35OverMass() throws {
        // 120 × 80 pt at density 2: m = 2·120·80/10⁴ = 1.92 kg.
        let mass = 2.0 * 120 * 80 / 10_000
        let velocity = SIMD2(1500.0, -900)
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        let events = try panStream(start: SIMD2(187, 333), translation: SIMD2(40, -20), velocity: velocity)
        let result = try run(size: SIMD2(120, 80), density: 2, center: SIMD2(187, 333), events: events, steps: 30)
        let n = result.releaseStep
        XCTAssertEqual(result.phases[n], .dismissing)
        // Before the push acts, the thrown item has no velocity of its own (UIKit's view moved by a transform).
        XCTAssertEqual(result.states[n].velocity, .zero)
        let expected = (100 * (speed / 35) / mass) * (velocity / speed)
        XCTAssertEqual(result.states[n + 1].velocity.x, expected.x, accuracy: 1e-9 * speed)
        XCTAssertEqual(result.states[n + 1].velocity.y, expected.y, accuracy: 1e-9 * speed)
        XCTAssertEqual(result.states[n + 1].angularVelocity, 0)
    }

    func testSnapStartsWithTheReleaseVelocityAndEndsAtTheCentre() throws {
        let home = SIMD2(187.0, 333)
        let velocity = SIMD2(300.0, -200)
        let events = try panStream(start: SIMD2(190, 340), translation: SIMD2(70, -50), velocity: velocity)
        let result = try run(
            size: SIMD2(100, 100), density: 1, center: home, events: events, steps: 600, resistance: 0.1)
        let n = result.releaseStep
        XCTAssertEqual(result.phases[n], .returning)
        // The grip has brought the body to the finger's velocity (to 0.1 %) and the snap
        // leaves with exactly that velocity: no jump.
        XCTAssertClose(result.states[n - 1].velocity, velocity, accuracy: 1e-3 * 360)
        XCTAssertClose(result.states[n].velocity, velocity, accuracy: 1e-6)
        // Steady tracking trails the grip's anchor by v·2ζ/ω, and the anchor was last set
        // one event (h·v) before the release point.
        let omega = 2 * Double.pi * FlickToDismiss.gripFrequency
        XCTAssertClose(result.states[n].center, home + SIMD2(70, -50) - velocity * (h + 2 / omega), accuracy: 0.01)
        // Five seconds later it rests at the original centre (Box2D's rest thresholds).
        let last = result.states[result.states.count - 1]
        XCTAssertClose(last.center, home, accuracy: 0.5)
        XCTAssertTrue(last.isResting)
        XCTAssertEqual(result.flick.phase, .resting)
    }

    /// Article fidelity: the article's `UISnapBehavior` takes a view moved by a transform,
    /// which has no velocity in the animator, so the snap starts from rest where the finger
    /// let go, and still ends at the centre.
    func testAtArticleFidelityTheSnapStartsFromRest() throws {
        let home = SIMD2(187.0, 333)
        let events = try panStream(start: SIMD2(190, 340), translation: SIMD2(70, -50), velocity: SIMD2(300, -200))
        let result = try run(size: SIMD2(100, 100), density: 1, center: home, events: events, steps: 600,
                             resistance: 0.1, fidelity: .article)
        let n = result.releaseStep
        XCTAssertEqual(result.phases[n], .returning)
        XCTAssertEqual(result.states[n].velocity, .zero)
        XCTAssertEqual(result.states[n].angularVelocity, 0)
        XCTAssertClose(result.states[n].center, home + SIMD2(70, -50), accuracy: 1e-9)
        XCTAssertClose(result.states[result.states.count - 1].center, home, accuracy: 0.5)
        XCTAssertEqual(result.flick.phase, .resting)
    }

    /// The article's `default: handleEnd(gr)` treats a cancelled pan as an ended one: above
    /// 1000 pt/s it is thrown. At physical fidelity a cancel always snaps back.
    func testACancelledFastPanIsThrownOnlyAtArticleFidelity() throws {
        let events = try panStream(start: SIMD2(187, 333), translation: SIMD2(30, 40), velocity: SIMD2(900, 1200),
                                   end: .cancelled)
        for (fidelity, phase) in [(InteractionFidelity.article, FlickToDismiss.Phase.dismissing), (.physical, .returning)] {
            let result = try run(size: SIMD2(100, 100), density: 1, center: SIMD2(187, 333), events: events,
                                 steps: 40, fidelity: fidelity)
            XCTAssertEqual(result.phases[result.releaseStep], phase, "\(fidelity)")
        }
    }

    /// The article's `Debouncer(delay: 0.5)` runs `animator.removeAllBehaviors()` half a
    /// second after a throw: at article fidelity the thrown body stops dead exactly 60
    /// steps (0.5 s at 120 Hz) after the throw and stays; at physical fidelity it flies on.
    /// The throw is slow enough (a 10 kg body pushed at speed/35) to stay inside the bounds.
    func testAnArticleThrowIsLetGoHalfASecondLater() throws {
        let phases: [GesturePhase] = [.began, .changed, .changed, .changed, .ended]
        var events: [GestureEvent] = []
        for (k, phase) in phases.enumerated() {
            let x: Double = 100 + 10 * Double(k)    // 10 pt per 1/120 s: 1200 pt/s
            events.append(try GestureEvent(phase, time: Double(k) * h, location: SIMD2(x, 300)))
        }
        let article = try run(size: SIMD2(100, 100), density: 10, center: SIMD2(100, 300), events: events,
                              steps: 120, fidelity: .article)
        let release = article.releaseStep
        XCTAssertEqual(article.phases[release], .dismissing)
        // Δv = 100·(1200/35)/10 pt/s along x on the step after the throw, no resistance.
        XCTAssertEqual(article.states[release + 1].velocity.x, 100 * (1200.0 / 35) / 10, accuracy: 1e-6)
        XCTAssertGreaterThan(article.states[release + 59].velocity.x, 300, "still flying at 59 steps")
        XCTAssertEqual(article.states[release + 60].velocity, .zero, "let go at 0.5 s")
        XCTAssertEqual(article.phases[release + 60], .resting)
        XCTAssertEqual(article.states.last!.center, article.states[release + 60].center)
        XCTAssertNil(article.flick.throwTime)

        let physical = try run(size: SIMD2(100, 100), density: 10, center: SIMD2(100, 300), events: events,
                               steps: 120)
        XCTAssertEqual(physical.states.last!.velocity.x, 100 * (1200.0 / 35) / 10, accuracy: 1e-6)
        XCTAssertEqual(physical.phases.last!, .dismissed, "it flew on out of the bounds")
    }

    func testDismissedItemReportsLeavingTheBoundsAtTheStepItsBoxExits() throws {
        let velocity = SIMD2(2100.0, 0)
        let size = SIMD2(100.0, 60)
        let mass = 1.0 * size.x * size.y / 10_000
        let events = try panStream(start: SIMD2(180, 300), translation: SIMD2(33, 0), velocity: velocity)
        let center = SIMD2(187.0, 333)
        let result = try run(size: size, density: 1, center: center, events: events, steps: 120)
        let n = result.releaseStep
        // No resistance, no gravity: after the push the centre moves h·Δv per step in a
        // straight line: x(n + k) = x(n) + k·h·Δv, starting at the release point.
        let x0 = result.states[n].center.x
        let dv = 100 * (velocity.x / 35) / mass
        // The box [x − w/2, x + w/2] has left [0, 375] once x − w/2 > 375.
        var k = 1
        while x0 + Double(k) * h * dv - size.x / 2 <= bounds.maximum.x { k += 1 }
        XCTAssertEqual(result.flick.exitStep, n + k)
        XCTAssertEqual(result.flick.exitTime!, Double(n + k) * h, accuracy: 1e-12)
        XCTAssertEqual(result.phases[n + k - 1], .dismissing)
        XCTAssertEqual(result.phases[n + k], .dismissed)
        XCTAssertEqual(result.states[n + k].center.x, x0 + Double(k) * h * dv, accuracy: 1e-9 * x0)
        XCTAssertEqual(result.states[n + k].center.y, result.states[n].center.y, accuracy: 1e-9)
    }

    func testParametersAreValidated() throws {
        var world = try World()
        let item = try world.createBody(BodyDefinition(shape: .rectangle(width: 10, height: 10)))
        XCTAssertThrowsError(try FlickToDismiss(item: item, in: world, bounds: bounds, pushDivisor: 0)) { error in
            XCTAssertEqual((error as? HookeError).map { "\($0)" }?.contains("pushDivisor"), true)
        }
        XCTAssertThrowsError(try FlickToDismiss(item: item, in: world, bounds: bounds, speedThreshold: .nan))
        XCTAssertThrowsError(try FlickToDismiss(item: item, in: world, bounds: bounds, snapDamping: 1.5))
        XCTAssertThrowsError(
            try FlickToDismiss(item: item, in: world, bounds: WorldRect(x: 0, y: 0, width: 0, height: 10)))
        // A removed body is a bad value of the description: it throws, printing the handle.
        let removed = try world.createBody(BodyDefinition(shape: .rectangle(width: 10, height: 10)))
        world.removeBody(removed)
        XCTAssertThrowsError(try FlickToDismiss(item: removed, in: world, bounds: bounds)) { error in
            guard case let .invalidHandle(name, handle, _)? = error as? HookeError else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "item")
            XCTAssertEqual(handle, "body#\(removed.index).\(removed.generation)")
        }
        // A custom threshold and divisor are used.
        let custom = try FlickToDismiss(item: item, in: world, bounds: bounds, speedThreshold: 500, pushDivisor: 10)
        XCTAssertTrue(custom.dismisses(releaseVelocity: SIMD2(300, 401)))
        XCTAssertFalse(custom.dismisses(releaseVelocity: SIMD2(300, 399)))
        XCTAssertEqual(custom.pushImpulse(releaseVelocity: SIMD2(300, 400)), SIMD2(30, 40))
    }
}

/// The snippet of Docs/interactions.md ("Flick to dismiss"), compiled and run.
final class FlickToDismissGuideTests: XCTestCase {
    func testGuideSnippet() throws {
        var world = try World()
        let photo = try world.createBody(BodyDefinition(shape: .rectangle(width: 100, height: 100),
                                                        center: SIMD2(187.5, 333.5)))
        var flick = try FlickToDismiss(item: photo, in: world, bounds: WorldRect(x: 0, y: 0, width: 375, height: 667),
                                       speedThreshold: 1000, pushDivisor: 35)
        let events = try panStream(start: SIMD2(190, 340), translation: SIMD2(60, 0), velocity: SIMD2(1500, 0))
        try play(events, into: &flick, in: &world, steps: 60)
        XCTAssertEqual(flick.phase, .dismissed)
        XCTAssertNotNil(flick.exitStep)
    }
}
