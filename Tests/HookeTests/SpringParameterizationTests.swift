import Foundation
import Hooke
import XCTest

/// Conversions against published numbers and defining properties, and exact round trips.
final class SpringParameterizationTests: XCTestCase {
    // MARK: SwiftUI

    func testSwiftUIDurationAndBounceReproduceAppleDocumentation() throws {
        // Apple, SwiftUI `Spring` overview: Spring(duration: 0.5, bounce: 0.3) has
        // (mass, stiffness, damping) = (1.0, 157.9, 17.6), and Spring(mass: 1,
        // stiffness: 100, damping: 10) has (duration, bounce) = (0.63, 0.5).
        let spring = try Spring(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(spring.mass, 1.0)
        XCTAssertEqual(spring.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(spring.damping, 17.6, accuracy: 0.05)
        let physical = try Spring(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(physical.duration, 0.63, accuracy: 0.005)
        XCTAssertEqual(physical.bounce, 0.5, accuracy: 1e-15)
    }

    func testSwiftUIBounceMapsToDampingRatio() throws {
        // b ≥ 0: ζ = 1 − b; b < 0: ζ = 1/(1 + b). Duration is the undamped period.
        XCTAssertEqual(try Spring(duration: 1, bounce: 0).dampingRatio, 1, accuracy: 1e-15)
        XCTAssertEqual(try Spring(duration: 1, bounce: 1).dampingRatio, 0)
        XCTAssertEqual(try Spring(duration: 1, bounce: 0.25).dampingRatio, 0.75, accuracy: 1e-15)
        XCTAssertEqual(try Spring(duration: 1, bounce: -0.5).dampingRatio, 2, accuracy: 1e-15)
        XCTAssertEqual(try Spring(duration: 1, bounce: -0.75).dampingRatio, 4, accuracy: 1e-14)
        let spring = try Spring(duration: 0.8, bounce: 0.2, mass: 3)
        XCTAssertEqual(spring.naturalFrequency, 2 * Double.pi / 0.8, accuracy: 1e-14)
        XCTAssertEqual(spring.mass, 3)
    }

    func testSwiftUIRoundTrips() throws {
        for duration in [0.05, 0.35, 2.0, 40] {
            for bounce in [-0.95, -0.5, -1e-3, 0, 1e-3, 0.3, 0.99, 1] {
                for mass in [1.0, 0.2] {
                    let spring = try Spring(duration: duration, bounce: bounce, mass: mass)
                    XCTAssertEqual(spring.duration, duration, accuracy: 1e-12 * duration)
                    XCTAssertEqual(spring.bounce, bounce, accuracy: 1e-12, "duration \(duration), bounce \(bounce)")
                }
            }
        }
    }

    func testDampingRatioAndResponseRoundTrip() throws {
        for zeta in [0, 0.3, 1, 1 + 1e-10, 2.5, 40] {
            for response in [0.01, 0.4, 7] {
                let spring = try Spring(dampingRatio: zeta, response: response, mass: 0.7)
                XCTAssertEqual(spring.dampingRatio, zeta, accuracy: 1e-12 * max(zeta, 1))
                XCTAssertEqual(spring.response, response, accuracy: 1e-12 * response)
            }
        }
    }

    // MARK: UIKit

    func testUIKitDurationReproducesFramersPublishedSpring() throws {
        // framer/SpringsExample: UIView.animate(withDuration: 3, usingSpringWithDamping: 0.25)
        // matches CASpringAnimation with tension 54.83363359078326, friction 3.702486785620688
        // (Framer's SpringCurveValueConverter, 12 Newton steps in double precision).
        let spring = try Spring(uikitDuration: 3, dampingRatio: 0.25)
        XCTAssertEqual(spring.stiffness, 54.83363359078326, accuracy: 1e-12 * 54.83363359078326)
        XCTAssertEqual(spring.damping, 3.702486785620688, accuracy: 1e-12 * 3.702486785620688)
        XCTAssertEqual(spring.mass, 1)
    }

    func testUIKitDurationSatisfiesTheDefiningEquation() throws {
        // ζ < 1: (ζ/√(1 − ζ²))·e^{−ζω₀T} = 0.001; ζ = 1: (1 + ω₀T)·e^{−ω₀T} = 0.001.
        for duration in [0.2, 0.5, 3, 10] {
            for zeta in [0.002, 0.1, 0.5, 0.8, 0.99] {
                let spring = try Spring(uikitDuration: duration, dampingRatio: zeta, mass: 2)
                let omega0 = spring.naturalFrequency
                let level = zeta / (1 - zeta * zeta).squareRoot() * exp(-zeta * omega0 * duration)
                XCTAssertEqual(level, 0.001, accuracy: 1e-12, "T = \(duration), ζ = \(zeta)")
                XCTAssertEqual(spring.dampingRatio, zeta, accuracy: 1e-14)
                XCTAssertEqual(spring.mass, 2)
            }
            let critical = try Spring(uikitDuration: duration, dampingRatio: 1)
            let x = critical.naturalFrequency * duration
            XCTAssertEqual((1 + x) * exp(-x), 0.001, accuracy: 1e-15)
            XCTAssertEqual(x, SpringFixtures.criticalEpsilonTime, accuracy: 1e-13)
        }
    }

    func testUIKitDurationRoundTrips() throws {
        for duration in [0.01, 0.3, 3, 20] {
            for zeta in [0.0011, 0.1, 0.25, 0.7, 0.99, 1] {
                let spring = try Spring(uikitDuration: duration, dampingRatio: zeta, mass: 0.5)
                XCTAssertEqual(spring.uikitDuration(), duration, accuracy: 1e-12 * duration, "T = \(duration), ζ = \(zeta)")
            }
        }
        // Over-damped springs and nearly undamped ones have no UIKit duration.
        XCTAssertTrue(try Spring(dampingRatio: 1.2, response: 1).uikitDuration().isNaN)
        XCTAssertTrue(try Spring(dampingRatio: 0.0005, response: 1).uikitDuration().isNaN)
    }

    // MARK: Pop / Rebound

    func testPopBouncinessAndSpeedReproducePublishedTensionAndFriction() throws {
        // Pop's convertBounciness:speed: and Rebound's SpringConfig.fromBouncinessAndSpeed:
        // bounciness 12, speed 5 → tension 193.4144, friction 14.2537.
        let spring = try Spring(bounciness: 12, speed: 5)
        XCTAssertEqual(spring.stiffness, 193.4144, accuracy: 1e-4)
        XCTAssertEqual(spring.damping, 14.2537, accuracy: 1e-4)
        XCTAssertEqual(spring.mass, 1)
    }

    func testPopRoundTrips() throws {
        for bounciness in [0.0, 1, 4, 12, 19.5, 20] {
            for speed in [0.0, 2, 5, 12, 20] {
                let spring = try Spring(bounciness: bounciness, speed: speed)
                let b = try XCTUnwrap(spring.bounciness, "bounciness \(bounciness), speed \(speed)")
                let s = try XCTUnwrap(spring.speed)
                XCTAssertEqual(b, bounciness, accuracy: 1e-12, "bounciness \(bounciness), speed \(speed)")
                XCTAssertEqual(s, speed, accuracy: 1e-12, "bounciness \(bounciness), speed \(speed)")
            }
        }
        // The same motion with another mass has the same bounciness and speed.
        let heavy = try Spring(mass: 3, stiffness: 3 * 193.4144, damping: 3 * 14.2537)
        XCTAssertEqual(try XCTUnwrap(heavy.bounciness), 12, accuracy: 1e-3)
        XCTAssertEqual(try XCTUnwrap(heavy.speed), 5, accuracy: 1e-3)
    }

    func testPopInverseIsNilOutsideWhatTheMappingProduces() throws {
        // Far over-damped: more friction than Pop's "no bounce" friction for that tension.
        XCTAssertNil(try Spring(mass: 1, stiffness: 193.4, damping: 60).bounciness)
        // Stiffer than speed 20 gives.
        XCTAssertNil(try Spring(mass: 1, stiffness: 5000, damping: 30).speed)
        XCTAssertNil(try Spring(mass: 1, stiffness: 5000, damping: 30).bounciness)
        // Softer than speed 0 gives (Origami tension below 0.5).
        XCTAssertNil(try Spring(mass: 1, stiffness: 10, damping: 1).speed)
    }

    // MARK: react-spring

    func testReactSpringFrequencyAndDampingGivePublishedTensionAndFriction() throws {
        // frequency 0.5 s, damping ratio 1 → tension (4π)², friction 8π.
        let spring = try Spring(reactSpringFrequency: 0.5, damping: 1)
        XCTAssertEqual(spring.tension, 157.91367041742973, accuracy: 1e-12 * 157.91367041742973)
        XCTAssertEqual(spring.friction, 25.132741228718345, accuracy: 1e-12 * 25.132741228718345)
        XCTAssertEqual(spring.mass, 1)
    }

    func testReactSpringRoundTrips() throws {
        for frequency in [0.01, 0.5, 3] {
            for damping in [0, 0.2, 1, 3] {
                let spring = try Spring(reactSpringFrequency: frequency, damping: damping, mass: 2.5)
                XCTAssertEqual(spring.response, frequency, accuracy: 1e-12 * frequency)
                XCTAssertEqual(spring.dampingRatio, damping, accuracy: 1e-12 * max(damping, 1))
                XCTAssertEqual(spring.tension, pow(2 * Double.pi / frequency, 2) * 2.5, accuracy: 1e-12 * spring.tension)
            }
        }
        let physical = try Spring(tension: 170, friction: 26, mass: 1)
        XCTAssertEqual(physical.stiffness, 170)
        XCTAssertEqual(physical.damping, 26)
        XCTAssertEqual(physical.tension, 170)
        XCTAssertEqual(physical.friction, 26)
    }

    // MARK: Errors

    func testConversionsRejectInvalidInputsNamingTheParameter() {
        XCTAssertEqual(parameterName { _ = try Spring(duration: 0, bounce: 0) }, "duration")
        XCTAssertEqual(parameterName { _ = try Spring(duration: .nan) }, "duration")
        for bounce in [-1, -1.5, 1.0000001, .nan, .infinity] {
            XCTAssertEqual(parameterName { _ = try Spring(duration: 1, bounce: bounce) }, "bounce")
        }
        XCTAssertEqual(parameterName { _ = try Spring(duration: 1, bounce: 0, mass: 0) }, "mass")

        XCTAssertEqual(parameterName { _ = try Spring(uikitDuration: -1, dampingRatio: 0.5) }, "uikitDuration")
        XCTAssertEqual(parameterName { _ = try Spring(uikitDuration: .infinity, dampingRatio: 0.5) }, "uikitDuration")
        for zeta in [0, 0.0009, 1.0000001, 2, .nan] {
            XCTAssertEqual(parameterName { _ = try Spring(uikitDuration: 1, dampingRatio: zeta) }, "dampingRatio")
        }
        XCTAssertEqual(parameterName { _ = try Spring(uikitDuration: 1, dampingRatio: 0.5, mass: -2) }, "mass")

        XCTAssertEqual(parameterName { _ = try Spring(bounciness: 21, speed: 5) }, "bounciness")
        XCTAssertEqual(parameterName { _ = try Spring(bounciness: .nan, speed: 5) }, "bounciness")
        XCTAssertEqual(parameterName { _ = try Spring(bounciness: 4, speed: -1) }, "speed")

        XCTAssertEqual(parameterName { _ = try Spring(tension: 0, friction: 1) }, "tension")
        XCTAssertEqual(parameterName { _ = try Spring(tension: 1, friction: -1) }, "friction")
        XCTAssertEqual(parameterName { _ = try Spring(tension: 1, friction: 1, mass: .nan) }, "mass")
        XCTAssertEqual(parameterName { _ = try Spring(reactSpringFrequency: 0, damping: 1) }, "reactSpringFrequency")
        XCTAssertEqual(parameterName { _ = try Spring(reactSpringFrequency: 1, damping: -0.1) }, "damping")

        XCTAssertEqual(parameterName { _ = try Spring(dampingRatio: -0.1, response: 1) }, "dampingRatio")
        XCTAssertEqual(parameterName { _ = try Spring(dampingRatio: 0.5, response: 0) }, "response")
    }
}
