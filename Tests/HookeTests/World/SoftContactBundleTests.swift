import Hooke
@testable import HookeWorld
import XCTest

/// The soft step's contact set-up, eight lanes at a time (`SoftContactBundle.set`, then
/// `deriveMasses`), against the scalar `Double` formulas the UIKit solver uses for one
/// contact: `ContactPointMath.effectiveMasses` for each point's 1/K along the normal and
/// the tangent, and `ContactBlock` for a two-point contact's K₁₂, K⁻¹ and whether K is
/// well conditioned. The lanes compute in `Float` from inputs rounded to `Float`, so the
/// reference is evaluated on the same rounded inputs and the two agree to `Float`
/// rounding (10⁻⁵ relative here, some ten operations of 6·10⁻⁸ each, with room).
final class SoftContactBundleTests: XCTestCase {
    private let noBody = 100

    /// One lane's contact: its bodies (nil: a boundary) and manifold points.
    private struct LaneCase {
        var a: SoftLaneBody
        var b: SoftLaneBody
        var normal: SIMD2<Double>
        var points: [SIMD2<Double>]
    }

    private func body(_ slot: Int, mass: Double, inertia: Double, center: SIMD2<Double>) -> SoftLaneBody {
        SoftLaneBody(slot: slot, inverseMass: 1 / mass, inverseInertia: 1 / inertia, center: center,
                     velocity: SIMD2(3, -4), angularVelocity: 0.5)
    }

    /// Lanes 0–6 hold contacts of every kind; lane 7 stays empty.
    private func cases() -> [LaneCase] {
        let n = SIMD2(0.6, -0.8), up = SIMD2(0.0, -1.0)
        let boundary = SoftLaneBody(slot: noBody)
        return [
            // A box face on a box face: two points, well conditioned.
            LaneCase(a: body(0, mass: 1, inertia: 1666.7, center: SIMD2(100, 100)),
                     b: body(1, mass: 2, inertia: 3333.3, center: SIMD2(100, 60)),
                     normal: up, points: [SIMD2(80, 80), SIMD2(120, 80)]),
            // A box face on a boundary: two points, only B moves.
            LaneCase(a: boundary, b: body(2, mass: 1.5, inertia: 900, center: SIMD2(-40, 480)),
                     normal: up, points: [SIMD2(-60, 500), SIMD2(-20, 500)]),
            // A corner: one point along a slanted normal.
            LaneCase(a: body(3, mass: 0.7, inertia: 210, center: SIMD2(5, 7)),
                     b: body(4, mass: 3, inertia: 5000, center: SIMD2(40, -30)),
                     normal: n, points: [SIMD2(22, -11)]),
            // A disc on a boundary: one point under the centre.
            LaneCase(a: boundary, b: body(5, mass: 1.2566, inertia: 251.3, center: SIMD2(300, 479)),
                     normal: up, points: [SIMD2(300, 500)]),
            // Two points 10⁻⁶ pt apart: K is singular to rounding, no block.
            LaneCase(a: body(6, mass: 1, inertia: 1666.7, center: SIMD2(0, 0)),
                     b: body(7, mass: 1, inertia: 1666.7, center: SIMD2(0, -40)),
                     normal: up, points: [SIMD2(10, -20), SIMD2(10 + 1e-6, -20)]),
            // Far from the origin: anchors are offsets, so nothing large reaches the lanes.
            LaneCase(a: body(8, mass: 1, inertia: 1666.7, center: SIMD2(1e6, 1e6)),
                     b: body(9, mass: 1, inertia: 1666.7, center: SIMD2(1e6 + 40, 1e6)),
                     normal: SIMD2(1, 0), points: [SIMD2(1e6 + 20, 1e6 - 15), SIMD2(1e6 + 20, 1e6 + 15)]),
            // An anchored body (zero inverse mass and inertia) under a moving one.
            LaneCase(a: SoftLaneBody(slot: 10, center: SIMD2(0, 600)),
                     b: body(11, mass: 1, inertia: 1666.7, center: SIMD2(0, 540)),
                     normal: up, points: [SIMD2(-15, 560), SIMD2(15, 560)]),
        ]
    }

    /// `x` rounded to `Float` and back: the value a lane holds.
    private func rounded(_ x: Double) -> Double { Double(Float(x)) }
    private func rounded(_ v: SIMD2<Double>) -> SIMD2<Double> { SIMD2(rounded(v.x), rounded(v.y)) }

    private func assertClose(_ lane: Float, _ reference: Double, _ what: String, lane index: Int,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Double(lane), reference, accuracy: 1e-5 * abs(reference) + 1e-30,
                       "lane \(index): \(what)", file: file, line: line)
    }

    func testLaneMassesMatchTheScalarFormulas() throws {
        let lanes = cases()
        var bundle = SoftContactBundle(noBody: noBody)
        for (lane, c) in lanes.enumerated() {
            var manifold = ContactManifold()
            manifold.normal = c.normal
            for p in c.points {
                manifold.append(ManifoldPoint(position: p, separation: -0.5, feature: ContactFeature(rawValue: 0)))
            }
            let contact = Contact(pair: ProxyPair(ProxyID(rawValue: 2 * lane), ProxyID(rawValue: 2 * lane + 1)),
                                  proxyA: Int32(2 * lane), proxyB: Int32(2 * lane + 1),
                                  bodyA: Int32(c.a.slot), bodyB: Int32(c.b.slot), manifold: manifold,
                                  friction: 0.6, restitution: 0)
            bundle.set(lane, contact: lane, contact, c.a, c.b,
                       softness: Softness(hertz: 30, dampingRatio: 10, timestep: 1.0 / 240), warmStartRatio: 1)
        }
        bundle.clear(7, noBody: noBody)
        bundle.deriveMasses()

        for (lane, c) in lanes.enumerated() {
            let n = rounded(c.normal)
            let (mA, iA) = (rounded(c.a.inverseMass), rounded(c.a.inverseInertia))
            let (mB, iB) = (rounded(c.b.inverseMass), rounded(c.b.inverseInertia))
            let rA = c.points.map { rounded($0 - c.a.center) }, rB = c.points.map { rounded($0 - c.b.center) }
            for (j, point) in [bundle.first, bundle.second].enumerated() {
                guard j < c.points.count else {
                    XCTAssertEqual(point.normalMass[lane], 0, "lane \(lane): the missing second point has no mass")
                    XCTAssertEqual(point.tangentMass[lane], 0, "lane \(lane): the missing second point has no mass")
                    continue
                }
                let masses = ContactPointMath.effectiveMasses(
                    rA: rA[j], rB: rB[j], normal: n, inverseMassA: mA, inverseInertiaA: iA,
                    inverseMassB: mB, inverseInertiaB: iB)
                assertClose(point.normalMass[lane], masses.normal, "point \(j) normal mass", lane: lane)
                assertClose(point.tangentMass[lane], masses.tangent, "point \(j) tangent mass", lane: lane)
                XCTAssertEqual(point.maxNormalImpulse[lane], 0)
            }
            guard c.points.count == 2 else {
                XCTAssertEqual(bundle.coupling[lane], 0, "lane \(lane)")
                XCTAssertEqual(bundle.hasBlock[lane], 0, "lane \(lane)")
                continue
            }
            let cross = { (r: SIMD2<Double>) in r.x * n.y - r.y * n.x }
            let k12 = mA + mB + iA * cross(rA[0]) * cross(rA[1]) + iB * cross(rB[0]) * cross(rB[1])
            assertClose(bundle.coupling[lane], k12, "K₁₂", lane: lane)
            let block = ContactBlock(normal: n, rA1: rA[0], rB1: rB[0], rA2: rA[1], rB2: rB[1],
                                     inverseMassA: mA, inverseInertiaA: iA, inverseMassB: mB, inverseInertiaB: iB)
            XCTAssertEqual(bundle.hasBlock[lane] != 0, block != nil, "lane \(lane): block or not")
            if let block {
                assertClose(bundle.inverse11[lane], block.inv11, "(K⁻¹)₁₁", lane: lane)
                assertClose(bundle.inverse12[lane], block.inv12, "(K⁻¹)₁₂", lane: lane)
                assertClose(bundle.inverse22[lane], block.inv22, "(K⁻¹)₂₂", lane: lane)
            } else {
                XCTAssertEqual(bundle.inverse11[lane], 0, "lane \(lane)")
                XCTAssertEqual(bundle.inverse12[lane], 0, "lane \(lane)")
                XCTAssertEqual(bundle.inverse22[lane], 0, "lane \(lane)")
            }
        }

        // The empty lane computes nothing: no masses, no bodies but "no body".
        XCTAssertEqual(bundle.contact[7], -1)
        XCTAssertEqual(Int(bundle.bodyA[7]), noBody)
        XCTAssertEqual(Int(bundle.bodyB[7]), noBody)
        for point in [bundle.first, bundle.second] {
            XCTAssertEqual(point.normalMass[7], 0)
            XCTAssertEqual(point.tangentMass[7], 0)
        }
        XCTAssertEqual(bundle.hasBlock[7], 0)
    }

    /// A lane reused for a one-point contact after a two-point one keeps nothing of it:
    /// the bundles are kept from step to step and only rewritten.
    func testAOnePointContactClearsTheLanesSecondPoint() throws {
        var bundle = SoftContactBundle(noBody: noBody)
        let a = body(0, mass: 1, inertia: 1666.7, center: SIMD2(0, 0))
        let b = body(1, mass: 1, inertia: 1666.7, center: SIMD2(0, -40))
        func contact(_ points: [SIMD2<Double>]) -> Contact {
            var manifold = ContactManifold()
            manifold.normal = SIMD2(0, -1)
            for p in points {
                manifold.append(ManifoldPoint(position: p, separation: -0.5, feature: ContactFeature(rawValue: 0)))
            }
            return Contact(pair: ProxyPair(ProxyID(rawValue: 0), ProxyID(rawValue: 1)), proxyA: 0, proxyB: 1,
                           bodyA: 0, bodyB: 1, manifold: manifold, friction: 0.6, restitution: 0,
                           normalImpulses: SIMD2(5, 7), tangentImpulses: SIMD2(1, 2))
        }
        let softness = Softness(hertz: 30, dampingRatio: 10, timestep: 1.0 / 240)
        bundle.set(3, contact: 0, contact([SIMD2(-20, -20), SIMD2(20, -20)]), a, b, softness: softness,
                   warmStartRatio: 1)
        bundle.deriveMasses()
        XCTAssertEqual(bundle.hasBlock[3], 1)
        bundle.set(3, contact: 0, contact([SIMD2(-20, -20)]), a, b, softness: softness, warmStartRatio: 1)
        bundle.deriveMasses()
        XCTAssertEqual(bundle.hasBlock[3], 0)
        XCTAssertEqual(bundle.coupling[3], 0)
        XCTAssertEqual(bundle.second.normalMass[3], 0)
        XCTAssertEqual(bundle.second.normalImpulse[3], 0)
        XCTAssertEqual(bundle.second.tangentImpulse[3], 0)
        XCTAssertEqual(bundle.second.anchorBX[3], 0)
        XCTAssertEqual(bundle.first.normalImpulse[3], 5)
    }
}
