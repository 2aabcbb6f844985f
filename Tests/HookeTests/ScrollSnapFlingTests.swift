import Foundation
import Hooke
import XCTest

/// `ScrollSnapPoints` and `ScrollSnapFling`: the projected resting point picks the page or
/// snap point the closed form predicts, and the spring lands there from the release state.
final class ScrollSnapFlingTests: XCTestCase {
    func testProjectionPicksThePageTheClosedFormPredicts() throws {
        // From 0 at 1500 pt/s at 0.998/ms the flick would rest at v₀/κ = 749.24974974968288…
        // (40 digits, mpmath): pages of 400 pt → page 2 (800). At 0.99/ms it rests at
        // 149.24874371013325… → page 0.
        let pages = try ScrollSnapPoints(pageSize: 400, limits: 0...4_000)
        let normal = try ScrollSnapFling(snapPoints: pages, position: 0, velocity: 1_500)
        XCTAssertEqual(normal.projectedPosition, 749.2497497496828826473196290804407274086, accuracy: 1e-12)
        XCTAssertEqual(normal.target, 800)
        let fast = try ScrollSnapFling(snapPoints: pages, position: 0, velocity: 1_500, decelerationRate: .fast)
        XCTAssertEqual(fast.projectedPosition, 149.2487437101332590970490693692118705776, accuracy: 1e-12)
        XCTAssertEqual(fast.target, 0)
        // Over many flicks the target is the page round(x(∞)/s)·s of x(∞) = x₀ + v₀/κ.
        let kappa = -1_000 * log(0.998)
        for v0 in stride(from: -3_000.0, through: 3_000.0, by: 137.0) {
            let fling = try ScrollSnapFling(snapPoints: pages, position: 1_000, velocity: v0)
            let rest = 1_000 + v0 / kappa
            XCTAssertEqual(fling.target, min(max((rest / 400).rounded() * 400, 0), 4_000), "v₀=\(v0)")
        }
    }

    func testTheContinuousProjectionAndWWDCsProjectionDifferOnlyNearAMidpoint() throws {
        // Decay.project is shorter than v₀/κ by the factor r(−ln r)/(1 − r) ≈ 0.999 at
        // 0.998/ms: 1500 pt/s projects to 748.5 pt (WWDC) against 749.2497… (continuous).
        // Pages of 1498.4 pt put the midpoint at 749.2, between the two: the continuous
        // resting point rounds up to the next page, WWDC's projection down to this one.
        XCTAssertEqual(Decay.project(velocity: 1_500.0, decelerationRate: .normal), 748.5, accuracy: 1e-9)
        let pages = try ScrollSnapPoints(pageSize: 1_498.4)
        let fling = try ScrollSnapFling(snapPoints: pages, position: 0, velocity: 1_500)
        XCTAssertEqual(fling.target, 1_498.4)
        XCTAssertEqual(pages.nearest(to: Decay.project(velocity: 1_500.0, decelerationRate: .normal)), 0)
    }

    func testTheSpringLandsOnTheTargetFromTheReleaseState() throws {
        // Critically damped (ω₀ = 10) from displacement x₀ − x₁ = −800 and v₀ = 1500:
        // x(t) = x₁ + (−800 + (1500 − 8000)t)e^(−10t): continuous at the release, at rest on
        // the page after its rest time.
        let pages = try ScrollSnapPoints(pageSize: 400, limits: 0...4_000)
        let fling = try ScrollSnapFling(snapPoints: pages, position: 0, velocity: 1_500)
        XCTAssertEqual(fling.position(at: 0), 0)
        XCTAssertEqual(fling.velocity(at: 0), 1_500)
        for t in [0.05, 0.2, 0.6] {
            XCTAssertEqual(fling.position(at: t), 800 + (-800 - 6_500 * t) * exp(-10 * t), accuracy: 1e-9)
        }
        let pixel = try RestThreshold.position(screenScale: 2)
        let rest = fling.restTime(threshold: pixel)
        for k in 0...240 { XCTAssertLessThanOrEqual(abs(fling.position(at: rest + Double(k) / 120) - 800), 0.25) }
        XCTAssertGreaterThan(abs(fling.position(at: rest - 1.0 / 120) - 800), 0.25)
        // A slow flick that does not carry past the midpoint falls back: from 230 at −20 pt/s
        // the projection is 230 − 20/κ = 220.01, nearer 400 than 0, so the spring turns the
        // motion around without a jump in velocity.
        let back = try ScrollSnapFling(snapPoints: pages, position: 230, velocity: -20)
        XCTAssertEqual(back.target, 400)
        XCTAssertEqual(back.velocity(at: 0), -20)
        XCTAssertEqual(back.position(at: 5), 400, accuracy: 1e-9)
    }

    func testPagesAreClampedToTheLimitsAndPointsAreTheNearest() throws {
        // 0...1000 in pages of 300: 0, 300, 600, 900, and the end flush at 1000.
        let pages = try ScrollSnapPoints(pageSize: 300, limits: 0...1_000)
        XCTAssertEqual(pages.nearest(to: 1_200), 1_000)
        XCTAssertEqual(pages.nearest(to: 980), 900)
        XCTAssertEqual(pages.nearest(to: -400), 0)
        XCTAssertEqual(pages.pageSize, 300)
        // The origin is the lower limit.
        let shifted = try ScrollSnapPoints(pageSize: 100, limits: 50...1_000)
        XCTAssertEqual(shifted.nearest(to: 260), 250)
        let points = try ScrollSnapPoints(points: [700, 0, 120, 350])
        XCTAssertNil(points.pageSize)
        XCTAssertEqual(points.nearest(to: 500), 350)
        XCTAssertEqual(points.nearest(to: 526), 700)
        XCTAssertEqual(points.nearest(to: 60), 0)      // a tie goes to the lower point
        XCTAssertEqual(points.nearest(to: -1e6), 0)
    }

    func testBadSnapPointsNameTheParameter() {
        func name(_ make: () throws -> Any) -> String? {
            do { _ = try make(); return nil } catch let HookeError.invalidParameter(name, _, _) { return name } catch { return "?" }
        }
        XCTAssertEqual(name { try ScrollSnapPoints(pageSize: 0) }, "pageSize")
        XCTAssertEqual(name { try ScrollSnapPoints(pageSize: .nan) }, "pageSize")
        XCTAssertEqual(name { try ScrollSnapPoints(points: []) }, "points")
        XCTAssertEqual(name { try ScrollSnapPoints(points: [1, .infinity]) }, "points")
        XCTAssertEqual(name { try ScrollSnapPoints(points: [1, 2_000], limits: 0...1_000) }, "points")
        XCTAssertEqual(name { try ScrollSnapFling(snapPoints: ScrollSnapPoints(pageSize: 1), position: 0, velocity: .nan) },
                       "velocity")
    }
}
