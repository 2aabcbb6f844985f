import Foundation
import Hooke
import XCTest

/// The named springs and the parameterisations of SwiftUI's settling duration, Android,
/// Jetpack Compose and Motion, against the numbers their sources publish.
final class SpringPresetTests: XCTestCase {
    /// Apple, SwiftUI: `smooth`, `snappy` and `bouncy` are `Spring(duration:bounce:)` with
    /// duration 0.5 s and base bounces 0, 0.15 and 0.3 (their `extraBounce` documentation);
    /// the overview's `Spring(duration: 0.5, bounce: 0.3)` is (mass 1, stiffness 157.9,
    /// damping 17.6). `interactive` is response 0.15 s, damping fraction 0.86.
    func testSwiftUIPresetsHaveTheirPublishedDurationAndBounce() throws {
        for (spring, bounce) in [(Spring.smooth, 0.0), (Spring.snappy, 0.15), (Spring.bouncy, 0.3)] {
            XCTAssertEqual(spring.duration, 0.5, accuracy: 1e-15)
            XCTAssertEqual(spring.bounce, bounce, accuracy: 1e-15)
            XCTAssertEqual(spring.dampingRatio, 1 - bounce, accuracy: 1e-15)
        }
        XCTAssertEqual(Spring.bouncy.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(Spring.bouncy.damping, 17.6, accuracy: 0.05)
        XCTAssertEqual(Spring.interactive.response, 0.15, accuracy: 1e-15)
        XCTAssertEqual(Spring.interactive.dampingRatio, 0.86, accuracy: 1e-15)
        // extraBounce adds to the base; the total must stay in (−1, 1].
        XCTAssertEqual(try Spring.snappy(duration: 0.3, extraBounce: 0.1).bounce, 0.25, accuracy: 1e-15)
        XCTAssertEqual(try Spring.snappy(duration: 0.3, extraBounce: 0.1).duration, 0.3, accuracy: 1e-15)
        XCTAssertThrowsError(try Spring.bouncy(extraBounce: 0.8)) { error in
            XCTAssertTrue("\(error)".hasPrefix("extraBounce must be"), "\(error)")
        }
    }

    /// SwiftUI's `Spring(settlingDuration:dampingRatio:epsilon:)` solves the rule UIKit's
    /// durations use (Framer's published spring: 3 s, ζ = 0.25 → tension 54.83363359078326,
    /// friction 3.702486785620688); at any ε the decay reaches ε at the duration:
    /// (ζ/√(1 − ζ²))·e^{−ζω₀T} = ε, and (1 + ω₀T)·e^{−ω₀T} = ε when critical.
    func testSettlingDurationMakesTheDecayReachEpsilonAtTheDuration() throws {
        let framer = try Spring(settlingDuration: 3, dampingRatio: 0.25)
        XCTAssertEqual(framer.stiffness, 54.83363359078326, accuracy: 1e-12 * 54.8)
        XCTAssertEqual(framer.damping, 3.702486785620688, accuracy: 1e-12 * 3.7)
        XCTAssertEqual(framer, try Spring(uikitDuration: 3, dampingRatio: 0.25))
        for epsilon in [1e-2, 1e-3, 1e-5] {
            for zeta in [0.1, 0.5, 0.9] {
                let spring = try Spring(settlingDuration: 0.8, dampingRatio: zeta, epsilon: epsilon)
                let w0 = spring.naturalFrequency
                XCTAssertEqual(zeta / (1 - zeta * zeta).squareRoot() * exp(-zeta * w0 * 0.8), epsilon, accuracy: 1e-12 * epsilon)
                XCTAssertEqual(spring.settlingDurationParameter(epsilon: epsilon), 0.8, accuracy: 1e-13)
            }
            let critical = try Spring(settlingDuration: 0.8, dampingRatio: 1, epsilon: epsilon)
            let x = critical.naturalFrequency * 0.8
            XCTAssertEqual((1 + x) * exp(-x), epsilon, accuracy: 1e-12 * epsilon)
        }
        for (zeta, epsilon) in [(1.2, 0.001), (0.0005, 0.001), (0.5, 0.0), (0.5, 1.0)] {
            XCTAssertThrowsError(try Spring(settlingDuration: 1, dampingRatio: zeta, epsilon: epsilon))
        }
        XCTAssertTrue(try Spring(dampingRatio: 1.5, response: 1).settlingDurationParameter().isNaN)
    }

    /// androidx.dynamicanimation `SpringForce` and Compose `Spring`: STIFFNESS_HIGH 10000,
    /// MEDIUM 1500, (Compose) MEDIUM_LOW 400, LOW 200, VERY_LOW 50; DAMPING_RATIO_HIGH_BOUNCY
    /// 0.2, MEDIUM_BOUNCY 0.5, LOW_BOUNCY 0.75, NO_BOUNCY 1; mass 1, so ω₀ = √k.
    func testAndroidConstantsAndTheUnitMassSpring() throws {
        XCTAssertEqual(Spring.AndroidStiffness.allCases.map(\.rawValue), [10_000, 1_500, 400, 200, 50])
        XCTAssertEqual(Spring.AndroidDampingRatio.allCases.map(\.rawValue), [0.2, 0.5, 0.75, 1])
        let spring = try Spring(androidStiffness: 1_500, dampingRatio: 0.5)
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.naturalFrequency, 1_500.0.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(spring.dampingRatio, 0.5, accuracy: 1e-15)
        XCTAssertEqual(try Spring(mass: 2, stiffness: 3000, damping: 10).androidStiffness, 1500)
        XCTAssertEqual(SpringPreset.android.spring, spring)
        XCTAssertEqual(SpringPreset.compose.spring.dampingRatio, 1, accuracy: 1e-15)
        XCTAssertThrowsError(try Spring(androidStiffness: 0, dampingRatio: 1))
    }

    /// Motion (motion.dev) `getSpringOptions`: ω₀ = 2π/(1.2·visualDuration), k = ω₀²,
    /// c = 2·clamp(1 − bounce, 0.05, 1)·√k; its `spring()` defaults (0.3 s, bounce 0.3) give
    /// k = 304.617…, c = 24.4346…; its default physical spring is k 100, c 10, m 1.
    func testMotionVisualDurationAndBounce() throws {
        let spring = try Spring(visualDuration: 0.3, bounce: 0.3)
        let root = 2 * Double.pi / 0.36
        XCTAssertEqual(spring.stiffness, root * root, accuracy: 1e-12 * root * root)
        XCTAssertEqual(spring.damping, 2 * 0.7 * root, accuracy: 1e-12 * root)
        XCTAssertEqual(spring.visualDuration, 0.3, accuracy: 1e-15)
        XCTAssertEqual(try XCTUnwrap(spring.motionBounce), 0.3, accuracy: 1e-15)
        // Motion clamps the ratio to [0.05, 1].
        XCTAssertEqual(try Spring(visualDuration: 0.3, bounce: 0.99).dampingRatio, 0.05, accuracy: 1e-15)
        XCTAssertEqual(try Spring(visualDuration: 0.3, bounce: -2).dampingRatio, 1, accuracy: 1e-15)
        XCTAssertNil(try Spring(dampingRatio: 1.5, response: 1).motionBounce)
        XCTAssertEqual(SpringPreset.motion.spring, try Spring(mass: 1, stiffness: 100, damping: 10))
    }

    /// react-spring's documentation, "Common configs": default 170/26, gentle 120/14, wobbly
    /// 180/12, stiff 210/20, slow 280/60, molasses 280/120 (tension/friction, mass 1).
    func testReactSpringConfigs() throws {
        let expected: [SpringPreset: (Double, Double)] = [
            .reactSpringDefault: (170, 26), .gentle: (120, 14), .wobbly: (180, 12), .stiff: (210, 20), .slow: (280, 60),
            .molasses: (280, 120),
        ]
        for (preset, (tension, friction)) in expected {
            XCTAssertEqual(preset.spring.tension, tension, preset.rawValue)
            XCTAssertEqual(preset.spring.friction, friction, preset.rawValue)
            XCTAssertEqual(preset.spring.mass, 1, preset.rawValue)
        }
        XCTAssertEqual(SpringPreset.wobbly.spring.dampingRatio, 12 / (2 * 180.0.squareRoot()), accuracy: 1e-15)
        XCTAssertEqual(Set(SpringPreset.allCases.map(\.rawValue)).count, SpringPreset.allCases.count)
    }

    /// Apple, `UIView.animate(…initialSpringVelocity:…)`: "A value of 1 corresponds to the total
    /// animation distance traversed in one second. For example, if the total animation
    /// distance is 200 points and you want the start of the animation to match a view
    /// velocity of 100 pt/s, use a value of 0.5."
    func testUIKitInitialVelocityIsAFractionOfTheDistancePerSecond() {
        XCTAssertEqual(Spring.uikitInitialVelocity(100, from: 0, to: 200), 0.5)
        XCTAssertEqual(Spring.velocity(uikitInitialVelocity: 0.5, from: 0, to: 200), 100)
        XCTAssertEqual(Spring.uikitInitialVelocity(-100, from: 300, to: 100), 0.5)
        XCTAssertTrue(Spring.uikitInitialVelocity(100, from: 5, to: 5).isNaN)
    }
}
