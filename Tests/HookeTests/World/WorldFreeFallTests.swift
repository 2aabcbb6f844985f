import Hooke
import XCTest

/// Free fall under UIKit gravity against the closed forms of semi-implicit Euler.
final class WorldFreeFallTests: XCTestCase {
    /// Semi-implicit Euler with constant acceleration g: v_n = n·g·h and
    /// y_n = y₀ + h·Σ_{k=1..n} v_k = y₀ + g·h²·n(n+1)/2.
    func testFreeFallFollowsTheDiscreteSemiImplicitEulerForm() throws {
        var world = try WorldScene.world()
        let y0 = 37.5
        let body = try world.createBody(WorldScene.square(at: SIMD2(0, y0)))
        try world.addBehavior(.gravity(GravityBehavior(items: [body])))
        let g = 1000.0, h = 1.0 / 120
        for n in 1...240 {
            world.step()
            let state = world.body(body)
            let nd = Double(n)
            XCTAssertEqual(state.center.y, y0 + g * h * h * nd * (nd + 1) / 2, accuracy: 1e-9 * (1 + state.center.y))
            XCTAssertEqual(state.velocity.y, nd * g * h, accuracy: 1e-9 * nd * g * h)
            XCTAssertEqual(state.center.x, 0)
        }
        XCTAssertEqual(world.elapsedTime, 2, accuracy: 1e-12)
    }

    /// With resistance c each step is v_n = (v_{n−1} + g·h)·r with r = 1/(1 + h·c), so
    /// v_n = g·h·r(1 − rⁿ)/(1 − r) (a geometric series) and, summing again,
    /// y_n − y₀ = h·Σ v_k = g·h²·r/(1 − r)·[n − r(1 − rⁿ)/(1 − r)].
    func testFreeFallWithResistanceFollowsThePadeDampedForm() throws {
        var world = try WorldScene.world()
        let c = 2.5
        let body = try world.createBody(WorldScene.square(at: .zero, properties: ItemProperties(resistance: c)))
        try world.addBehavior(.gravity(GravityBehavior(items: [body], angle: .pi / 2, magnitude: 0.8)))
        let g = 800.0, h = 1.0 / 120, r = 1 / (1 + h * c)
        for n in 1...360 {
            world.step()
            let nd = Double(n)
            let rn = pow(r, nd)
            let v = g * h * r * (1 - rn) / (1 - r)
            let y = g * h * h * r / (1 - r) * (nd - r * (1 - rn) / (1 - r))
            let state = world.body(body)
            XCTAssertEqual(state.velocity.y, v, accuracy: 1e-9 * v)
            XCTAssertEqual(state.center.y, y, accuracy: 1e-9 * y)
        }
        // Terminal speed g/c approached: the Padé form's fixed point is v* = g·h·r/(1 − r) = g/c.
        XCTAssertEqual(world.body(body).velocity.y, g / c, accuracy: 0.01 * g / c)
    }

    /// A body may move at most 200 pt per step: the speed saturates at 200/h = 24 000 pt/s.
    func testSpeedIsClampedToTwoHundredPointsPerStep() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(WorldScene.square(at: .zero))
        try world.addBehavior(.gravity(GravityBehavior(items: [body], gravityDirection: SIMD2(0, 100))))
        for _ in 0..<60 { world.step() }
        let before = world.body(body).center.y
        world.step()
        let after = world.body(body)
        XCTAssertEqual(after.velocity.y, 24_000, accuracy: 1e-9)
        XCTAssertEqual(after.center.y - before, 200, accuracy: 1e-9)
    }
}
