import Foundation
import Hooke
import XCTest

/// Rigid, springy and rope attachments against pendulum and oscillator physics.
final class WorldAttachmentTests: XCTestCase {
    /// A pendulum of length L = 100 pt (1 m) under g = 1000 pt/s² (10 m/s²) released
    /// from θ₀ = 0.05 rad swings with period T = 4√(L/g)·K(sin(θ₀/2)) (exact for any
    /// amplitude), which is 2π√(L/g)·(1 + θ₀²/16 + …) ≈ 1.98731 s.
    ///
    /// Tolerance 10⁻⁴ relative: semi-implicit Euler's phase error on an oscillator
    /// of angular frequency ω is (ωh)²/24 ≈ 3·10⁻⁵ at h = 1/120 s (ωh = 0.026), the
    /// zero crossings are interpolated where the acceleration vanishes (error O(h³)),
    /// and the rigid joint's projection keeps the length to far below 10⁻³ pt.
    func testRigidPendulumSwingsWithTheExactPeriod() throws {
        let length = 100.0, theta0 = 0.05, g = 1000.0
        let (crossings, measured) = try AttachmentScene.pendulumPeriod(solver: .uikit, length: length, theta0: theta0,
                                                                       steps: 6 * 240)
        XCTAssertGreaterThanOrEqual(crossings.count, 10)
        let exact = 4 * (length / g).squareRoot() * WorldScene.ellipticK(sin(theta0 / 2))
        XCTAssertEqual(exact, 2 * Double.pi * (length / g).squareRoot() * (1 + theta0 * theta0 / 16), accuracy: 1e-6)
        XCTAssertEqual(measured, exact, accuracy: 1e-4 * exact)
        // The small-swing period 2π√(L/g) itself, within the amplitude correction θ₀²/16.
        XCTAssertEqual(measured, 2 * Double.pi * (length / g).squareRoot(), accuracy: 3e-4 * exact)
    }

    /// A rigid attachment released horizontally (the hardest case: speed up to √(2gL))
    /// keeps its length within 0.1 pt at the end of every step for 10 s.
    func testRigidAttachmentKeepsItsLengthForTenSeconds() throws {
        let (storedLength, worst, fastest) = try AttachmentScene.horizontalRelease(solver: .uikit, steps: 1200)
        // The length was taken from the geometry when added.
        XCTAssertEqual(try XCTUnwrap(storedLength), 100, accuracy: 1e-12)
        XCTAssertLessThan(worst, 0.1)
        // It really swung: near the bottom the speed approaches √(2gL) ≈ 447 pt/s
        // (resistance 0; the rigid projection removes a little energy).
        XCTAssertGreaterThan(fastest, 400)
    }

    /// The soft joint on one body hanging on an anchor (effective mass = the body's
    /// mass, no rotation coupling) advances x = L − L₀ and v by the linear map
    ///   v' = (v − h·ω₀²·x)/D,  x' = x + h·v',  D = 1 + 2ζω₀h + ω₀²h²
    /// (from Δλ = −m(Ċ + β + γλ) with γ = 1/(h(c + hk)), β = x·h·k·γ, k = mω₀², c = 2mζω₀).
    /// Its eigenvalues μ give the equivalent continuous s = ln(μ)/h, so the frequency
    /// |s|/2π and damping ratio −Re(s)/|s| that the trajectory must show.
    private func predicted(timestep h: Double, frequency f: Double, damping zeta: Double)
        -> (frequency: Double, damping: Double) {
        let w = 2 * Double.pi * f
        let d = 1 + 2 * zeta * w * h + w * w * h * h
        let trace = 1 - h * h * w * w / d + 1 / d, determinant = 1 / d
        let re = trace / 2, im = (determinant - re * re).squareRoot()
        let sigma = -log(determinant) / (2 * h)       // decay rate −ln|μ|/h, with |μ|² = det
        let omegaD = atan2(im, re) / h
        let omega0 = (sigma * sigma + omegaD * omegaD).squareRoot()
        return (omega0 / (2 * Double.pi), sigma / omega0)
    }

    /// A spring attachment of 2 Hz and damping ratio 0.1 oscillates as its discrete
    /// soft-constraint map predicts (to 0.1 %), and converges to the requested
    /// frequency and damping ratio at first order in h: the numerical damping of the
    /// implicit soft step adds about ω₀h/2 to ζ (0.05 at 1/120 s, 0.005 at 1/1200 s).
    func testSpringAttachmentHasTheRequestedFrequencyAndDampingRatio() throws {
        let f = 2.0, zeta = 0.1
        var errors: [Double] = []
        for h in [1.0 / 120, 1.0 / 1200] {
            let measured = try AttachmentScene.springOscillation(solver: .uikit, timestep: h, frequency: f,
                                                                 damping: zeta, seconds: 3)
            XCTAssertEqual(measured.offAxis, 0)   // motion stays on the joint's axis
            let expected = predicted(timestep: h, frequency: f, damping: zeta)
            XCTAssertEqual(measured.frequency, expected.frequency, accuracy: 1e-3 * f)
            XCTAssertEqual(measured.damping, expected.damping, accuracy: 1e-3)
            let omegaH = 2 * Double.pi * f * h
            XCTAssertEqual(measured.damping, zeta, accuracy: 0.6 * omegaH)
            XCTAssertEqual(measured.frequency, f, accuracy: f * omegaH)
            errors.append(measured.damping - zeta)
        }
        // First order: ten times smaller step, about ten times smaller error.
        XCTAssertEqual(errors[0] / errors[1], 10, accuracy: 1)
        XCTAssertEqual(errors[1], 0.005, accuracy: 0.001)
    }

    /// A rope (limit) does not act while slack — the body falls freely, y_n as in
    /// semi-implicit Euler — and afterwards holds it within its length plus slop.
    func testRopeIsSlackUntilTautThenHolds() throws {
        var world = try WorldScene.world()
        let bob = try world.createBody(WorldScene.square(at: SIMD2(0, 20)))
        try world.addBehavior(.gravity(GravityBehavior(items: [bob])))
        try world.addBehavior(.attachment(AttachmentBehavior(kind: .limit, item: bob, attachedToAnchor: .zero,
                                                             length: 100)))
        let g = 1000.0, h = 1.0 / 120
        var maximum = 0.0
        for n in 1...360 {
            world.step()
            let y = world.body(bob).center.y
            let free = 20 + g * h * h * Double(n * (n + 1)) / 2
            if free < 80 { XCTAssertEqual(y, free, accuracy: 1e-9) }
            maximum = max(maximum, y)
        }
        XCTAssertLessThan(maximum, 100.5)
        XCTAssertEqual(world.body(bob).center.y, 100, accuracy: 0.5)
    }

    /// Two items joined to each other: the joint's effect is equal and opposite
    /// (momentum is conserved without gravity) and the length is kept.
    func testItemToItemRigidAttachmentConservesMomentum() throws {
        var world = try WorldScene.world()
        let a = try world.createBody(WorldScene.square(20, at: SIMD2(0, 0)))
        let b = try world.createBody(WorldScene.square(10, at: SIMD2(80, 0)))
        try world.setLinearVelocity(SIMD2(0, 300), for: b)
        try world.addBehavior(.attachment(AttachmentBehavior(item: a, attachedTo: b)))
        let ma = world.body(a).mass, mb = world.body(b).mass
        let p0 = mb * SIMD2<Double>(0, 300)
        for _ in 0..<240 {
            world.step()
            let sa = world.body(a), sb = world.body(b)
            let p = ma * sa.velocity + mb * sb.velocity
            XCTAssertEqual(p.x, p0.x, accuracy: 1e-9)
            XCTAssertEqual(p.y, p0.y, accuracy: 1e-9)
            let d = sb.center - sa.center
            XCTAssertEqual((d * d).sum().squareRoot(), 80, accuracy: 0.1)
        }
    }
}
