import Foundation
import Hooke
import XCTest

/// `Spring.settlingDuration` spun for ever on valid, nearly undamped springs
/// (`hooke spring --stiffness 1e40 --damping 1`, `1 / 1e-16`, `1e30 / 1e-30`,
/// `1e300 / 1e-300`): the last extremum above the band had an index k past 2⁵³, where
/// the rounding-correction loop's `k -= 1` leaves k unchanged.
final class SettlingDurationSpunPast2To53Tests: XCTestCase {
    /// Runs `body` on another thread and fails (instead of hanging the suite) when it
    /// has not returned within `seconds`.
    func returns<T: Sendable>(
        within seconds: Double, _ label: String, _ body: @escaping @Sendable () -> T
    ) -> T? {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        Thread.detachNewThread {
            box.value = body()
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            XCTFail("\(label) did not return within \(seconds) s")
            return nil
        }
        return box.value
    }

    /// The reported springs settle when their envelope does: for ζ → 0 the free
    /// response from rest is x₀·e^{−λt}·cos(ω_d t − φ)/√(1 − ζ²) with λ = c/(2m), whose
    /// extrema are closer together than a Double time resolves, so the last exit from
    /// the band ε·|x₀| is the envelope's crossing t = ln(1/ε)/λ (to the resolution of t).
    func testNearlyUndampedSpringsSettleWhenTheirEnvelopeDoes() throws {
        for (stiffness, damping) in [(1e40, 1.0), (1.0, 1e-16), (1e30, 1e-30), (1e300, 1e-300)] {
            let spring = try Spring(mass: 1, stiffness: stiffness, damping: damping)
            let label = "stiffness \(stiffness), damping \(damping)"
            guard let t = returns(within: 10, label, { try? spring.settlingDuration(from: 0, to: 1) }) else { continue }
            let lambda = damping / 2
            let envelope = log(1 / 0.001) / lambda
            let result = try XCTUnwrap(t, label)
            XCTAssertEqual(result, envelope, accuracy: 1e-9 * envelope, label)
        }
    }

    /// Every spring with stiffness and damping from 10⁻³⁰⁰ to 10³⁰⁰ (mass 1, and masses
    /// 10⁻³⁰⁰ and 10³⁰⁰) returns a time ≥ 0 or infinity, never NaN, and every call
    /// returns promptly.
    func testSettlingReturnsForEveryMagnitude() throws {
        var springs: [Spring] = []
        let exponents = stride(from: -300, through: 300, by: 25).map { pow(10.0, Double($0)) }
        for mass in [1e-300, 1.0, 1e300] {
            for stiffness in exponents {
                for damping in exponents {
                    if let spring = try? Spring(mass: mass, stiffness: stiffness, damping: damping) {
                        springs.append(spring)
                    }
                }
            }
        }
        XCTAssertGreaterThan(springs.count, 1000)
        let captured = springs
        let results = returns(within: 60, "the \(springs.count) springs") {
            captured.map { spring in
                [(0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (1e-300, 1e300, -1e300)].map { start, target, velocity in
                    (try? spring.settlingDuration(from: start, to: target, initialVelocity: velocity)) ?? 0
                }
            }
        }
        for (spring, times) in zip(springs, results ?? []) {
            for t in times {
                XCTAssertTrue(t >= 0, "m \(spring.mass) k \(spring.stiffness) c \(spring.damping): \(t)")
            }
        }
    }
}

/// A value handed from the worker thread to the waiting test.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
