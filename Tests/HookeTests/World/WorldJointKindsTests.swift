import Foundation
import Hooke
import XCTest

/// Pin, fixed and sliding attachments against rigid-body mechanics.
final class WorldJointKindsTests: XCTestCase {
    /// A 10 × 200 pt rod pinned at its top end swings as a physical pendulum:
    /// T = 4√(I_p/(m·g·d))·K(sin(θ₀/2)) with I_p = m(w² + h²)/12 + m·d² about the pin and
    /// d = 100 pt from pin to centre. The pin couples rotation and translation, so this
    /// checks the revolute joint's full effective mass. Tolerance 10⁻⁴: the phase error
    /// of semi-implicit Euler is (ωh)²/24 ≈ 2·10⁻⁵ here.
    func testPinnedRodSwingsAsAPhysicalPendulum() throws {
        var world = try WorldScene.world()
        let theta0 = 0.08, d = 100.0, g = 1000.0
        let rod = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 10, height: 200),
            center: SIMD2(-d * sin(theta0), d * cos(theta0)), angle: theta0, properties: WorldScene.frictionless))
        try world.addBehavior(.gravity(GravityBehavior(items: [rod])))
        try world.addBehavior(.attachment(world.attachment(.pin, item: rod, anchorPoint: .zero)))
        var times: [Double] = [0], xs: [Double] = [-d * sin(theta0)]
        var worstGap = 0.0
        for _ in 0..<(5 * 276) {
            world.step()
            let s = world.body(rod)
            times.append(world.elapsedTime)
            xs.append(s.center.x)
            // The rod's top end stays on the pin.
            let top = s.center + SIMD2(100 * sin(s.angle), -100 * cos(s.angle))
            worstGap = max(worstGap, (top * top).sum().squareRoot())
        }
        let measured = WorldScene.meanPeriod(crossings: WorldScene.zeroCrossings(times: times, values: xs))
        let inertiaPerMass = (10.0 * 10 + 200 * 200) / 12 + d * d
        let exact = 4 * (inertiaPerMass / (g * d)).squareRoot() * WorldScene.ellipticK(sin(theta0 / 2))
        XCTAssertEqual(measured, exact, accuracy: 1e-4 * exact)
        XCTAssertLessThan(worstGap, 0.01)
    }

    /// A pin's friction torque τ decelerates a body pinned at its centre uniformly:
    /// ω_n = ω₀ − n·h·τ/I until it stops, then holds it (angular impulse theorem;
    /// 1 N·m = 10⁴ kg·pt²/s², I = m(w² + h²)/12).
    func testPinFrictionTorqueDeceleratesUniformly() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(BodyDefinition(shape: .rectangle(width: 100, height: 100),
                                                       angularVelocity: 6, properties: WorldScene.frictionless))
        var pin = try world.attachment(.pin, item: body, anchorPoint: .zero)
        pin.frictionTorque = 0.5
        try world.addBehavior(.attachment(pin))
        let inertia = 1.0 * (100.0 * 100 + 100 * 100) / 12 / 10_000   // kg·m²
        let alpha = 0.5 / inertia                                       // 3 rad/s²
        let h = 1.0 / 120
        for n in 1...300 {
            world.step()
            let expected = max(6 - Double(n) * h * alpha, 0)
            XCTAssertEqual(world.angularVelocity(for: body), expected, accuracy: 1e-9)
        }
        XCTAssertEqual(world.body(body).center, .zero)
    }

    /// A pin's angle range stops the relative rotation at its ends (within Box2D's 2°
    /// angular slop). The range bounds the other side's angle minus the item's; for a
    /// pin to the world that is minus the item's angle.
    func testPinRangeLimitsTheAngle() throws {
        var world = try WorldScene.world()
        let rod = try world.createBody(BodyDefinition(shape: .rectangle(width: 200, height: 10),
                                                      center: SIMD2(100, 0), properties: WorldScene.frictionless))
        try world.addBehavior(.gravity(GravityBehavior(items: [rod])))
        var pin = try world.attachment(.pin, item: rod, anchorPoint: .zero)
        pin.attachmentRange = -0.5...0.4
        try world.addBehavior(.attachment(pin))
        var largest = 0.0
        for _ in 0..<240 {
            world.step()
            largest = max(largest, world.body(rod).angle)
        }
        // Released horizontally it falls clockwise (positive item angle, negative joint
        // angle) and stops at the lower end: item angle 0.5 rad.
        XCTAssertGreaterThan(largest, 0.49)
        XCTAssertLessThan(largest, 0.5 + 2 * Double.pi / 180)
    }

    /// Two welded bodies move as one rigid body: the total momentum after an impulse
    /// is the impulse, and their relative position and angle stay fixed.
    func testFixedAttachmentMovesAsOneBody() throws {
        var world = try WorldScene.world()
        let a = try world.createBody(BodyDefinition(shape: .rectangle(width: 60, height: 40), center: .zero,
                                                    properties: WorldScene.frictionless))
        let b = try world.createBody(BodyDefinition(shape: .ellipse(width: 30, height: 30), center: SIMD2(50, 10),
                                                    angle: 0.3, properties: WorldScene.frictionless))
        try world.addBehavior(.attachment(world.attachment(.fixed, item: a, attachedTo: b, anchorPoint: SIMD2(30, 0))))
        var push = PushBehavior(items: [b], mode: .instantaneous, pushDirection: SIMD2(0, 2))
        push.setTargetOffsetFromCenter(SIMD2(10, 0), for: b)
        try world.addBehavior(.push(push))
        let ma = world.body(a).mass, mb = world.body(b).mass
        for _ in 0..<240 {
            world.step()
            let sa = world.body(a), sb = world.body(b)
            let p = ma * sa.velocity + mb * sb.velocity
            XCTAssertEqual(p.x, 0, accuracy: 1e-9)
            XCTAssertEqual(p.y, 200, accuracy: 1e-9)   // 2 N·s = 200 kg·pt/s
            XCTAssertEqual(sb.angle - sa.angle, 0.3, accuracy: 2e-3)
            let local = SIMD2(cos(-sa.angle) * (sb.center.x - sa.center.x) - sin(-sa.angle) * (sb.center.y - sa.center.y),
                              sin(-sa.angle) * (sb.center.x - sa.center.x) + cos(-sa.angle) * (sb.center.y - sa.center.y))
            XCTAssertEqual(local.x, 50, accuracy: 0.1)
            XCTAssertEqual(local.y, 10, accuracy: 0.1)
        }
        XCTAssertNotEqual(world.body(a).angularVelocity, 0)   // the off-centre push spins the pair
    }

    /// A slider along x under gravity at 45° moves only along x, with the axis
    /// component of gravity: v_n = n·h·g·cos 45°, until its range end (+50 pt) stops it.
    func testSlidingAttachmentMovesAlongItsAxisWithinItsRange() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(BodyDefinition(shape: .rectangle(width: 40, height: 40), center: SIMD2(10, 20),
                                                       properties: WorldScene.frictionless))
        var slide = try world.attachment(.sliding, item: body, anchorPoint: SIMD2(10, 20), axisOfTranslation: SIMD2(1, 0))
        slide.attachmentRange = -50...50
        try world.addBehavior(.attachment(slide))
        try world.addBehavior(.gravity(GravityBehavior(items: [body], angle: .pi / 4, magnitude: 1)))
        let g = 1000.0, h = 1.0 / 120
        var n = 0
        while true {
            world.step()
            n += 1
            let s = world.body(body)
            XCTAssertEqual(s.center.y, 20, accuracy: 1e-9)
            XCTAssertEqual(s.angle, 0, accuracy: 1e-12)
            // The item's own axis coordinate: the slider's translation is −(x − 10).
            if s.center.x - 10 < 49 {
                XCTAssertEqual(s.velocity.x, Double(n) * h * g * cos(.pi / 4), accuracy: 1e-9)
            } else {
                break
            }
            if n > 240 { break }
        }
        for _ in 0..<120 { world.step() }
        // The translation is measured from the item's point to the world's along the
        // item's axis, so the item moving +x runs to the lower end, −50: x = 10 + 50.
        XCTAssertEqual(world.body(body).center.x, 60, accuracy: 0.6)
        XCTAssertGreaterThan(n, 30)
    }
}
