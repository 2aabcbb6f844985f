import XCTest
import Hooke
import HookeSoak

/// The soak's UIKit solver gains energy with no input when its chain's rigid rods turn
/// about 0.8 rad per step (Docs/reliability.md, "The soak"). These tests pin that the gain
/// is Box2D 2.3's own, the engine UIKit Dynamics runs on, and not a defect of Hooke's.
///
/// The reference is Box2D 2.3.10 (pybox2d 2.3.10 from PyPI), run from the same state by
/// `Benchmarks/peers/box2d_chain_energy.py` on the output of
/// `hooke-soak --peer-state 3833640` (`make soak-peer`): the soak's chain (three rigid
/// distance joints from an anchor, a soft one to a weight) alone, gravity as re-aimed at
/// that step, 8 velocity and 3 position iterations, h = 1/120 s. The numbers are the
/// energy rise after each of 40 steps in points of lift of the chain, as the script prints
/// them (two decimals); Box2D computes in single precision.
final class FastChainGainsEnergyAsBox2DDoesTests: XCTestCase {
    /// The chain after soak step 3 833 640 (seed 0x50A40001): centre, angle, velocity,
    /// angular velocity of c1, c2, c3 and the weight, as `--peer-state` printed them.
    static let states: [(SIMD2<Double>, Double, SIMD2<Double>, Double)] = [
        (SIMD2(267.85775134502006, 202.88274740691674), 2425.6965798623964,
         SIMD2(651.1300958090009, 345.4572480376887), -33.98638440192816),
        (SIMD2(247.58407171551332, 236.71221604739887), 2444.912428859663,
         SIMD2(-1466.2357052102975, -478.15805414053784), -72.10609149506433),
        (SIMD2(224.41968334738934, 268.94689712560785), 2614.3085830310947,
         SIMD2(-421.91632945638173, 621.644456363706), 96.11489764561354),
        (SIMD2(51.481010588692975, 730.2006602643962), 5590.723079109698,
         SIMD2(-0.005502050936331784, -0.0014672135830195755), 3.7296554733501353e-16),
    ]
    static let gravity = SIMD2(337.53601988673245, 572.1352287122248)

    /// Box2D 2.3's rise after each step, as configured.
    static let box2DRises: [Double] = [
        39.35, 75.44, 107.58, 140.11, 172.07, 204.62, 237.81, 272.0, 306.2, 340.08,
        372.11, 401.54, 428.11, 451.57, 471.6, 487.96, 495.38, 488.1, 475.66, 453.75,
        434.14, 410.36, 388.35, 361.27, 334.52, 304.33, 275.58, 242.0, 211.04, 174.26,
        142.94, 103.92, 68.9, 32.36, -6.11, -45.23, -86.6, -128.08, -172.08, -215.55,
    ]
    /// Box2D 2.3's largest rise over the 40 steps with no position iterations, and at h/4.
    static let box2DLargestRiseWithoutPositionIterations = -12.63
    static let box2DLargestRiseAtQuarterStep = -467.21

    func bodyStates() throws -> [BodyState] {
        // The links' mass and inertia follow from their shapes; a world of their own gives them.
        var world = try World()
        let handles = try SoakChain.build(in: &world)
        return zip(handles, Self.states).map { handle, state in
            var body = world.body(handle)
            (body.center, body.angle, body.velocity, body.angularVelocity) = state
            return body
        }
    }

    func testHookesChainGainsWhatBox2DsGainsStepByStep() throws {
        let rises = try SoakChain.rises(from: bodyStates(), gravity: Self.gravity,
                                        configuration: WorldConfiguration(), steps: 40)
        XCTAssertGreaterThan(rises.max()!, 490, "the gain is there, as in Box2D (495.38 pt)")
        for (n, (hooke, box2D)) in zip(rises, Self.box2DRises).enumerated() {
            // Single against double precision over a chain turning 0.8 rad per step: within
            // 0.5% of the largest rise (the script's two decimals are far finer).
            XCTAssertEqual(hooke, box2D, accuracy: 2.5, "after step \(n + 1)")
        }
    }

    func testWithoutPositionCorrectionOrAtAQuarterStepNeitherGains() throws {
        let states = try bodyStates()
        var noCorrection = WorldConfiguration()
        noCorrection.positionIterations = 0
        let uncorrected = try SoakChain.rises(from: states, gravity: Self.gravity, configuration: noCorrection, steps: 40)
        var quarter = WorldConfiguration()
        quarter.timestep /= 4
        let quarterSteps = try SoakChain.rises(from: states, gravity: Self.gravity, configuration: quarter, steps: 160)
        let quartered = stride(from: 3, to: 160, by: 4).map { quarterSteps[$0] }   // after each step of h, as the script
        // Box2D: −12.63 and −467.21 pt; neither rises above the start.
        XCTAssertLessThan(uncorrected.max()!, 0)
        XCTAssertLessThan(quartered.max()!, 0)
        XCTAssertEqual(uncorrected.max()!, Self.box2DLargestRiseWithoutPositionIterations, accuracy: 2.5)
        XCTAssertEqual(quartered.max()!, Self.box2DLargestRiseAtQuarterStep, accuracy: 2.5)
    }
}
