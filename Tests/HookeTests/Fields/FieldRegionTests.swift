import Hooke
import XCTest

/// Region membership against truth tables written out by hand.
final class FieldRegionTests: XCTestCase {
    // A: the disc of radius 100 pt. B: the 300 × 100 pt rectangle (|x| ≤ 150, |y| ≤ 50).
    let a = FieldRegion.circle(radius: 100)
    let b = FieldRegion.rectangle(size: [300, 100])

    // Points and whether they are in A and in B.
    let points: [(name: String, point: SIMD2<Double>, inA: Bool, inB: Bool)] = [
        ("both", [0, 0], true, true),
        ("A only", [0, 80], true, false),
        ("B only", [140, 0], false, true),
        ("neither", [0, 200], false, false),
        ("neither, corner", [-140, -90], false, false),
    ]

    func testCircleAndRectangle() {
        for p in points {
            XCTAssertEqual(a.contains(p.point), p.inA, p.name)
            XCTAssertEqual(b.contains(p.point), p.inB, p.name)
        }
    }

    func testCombinationsFollowTheirTruthTables() {
        // Expected columns: union, intersection, A − B, B − A, not A, infinite.
        let expected: [String: [Bool]] = [
            "both": [true, true, false, false, false, true],
            "A only": [true, false, true, false, false, true],
            "B only": [true, false, false, true, true, true],
            "neither": [false, false, false, false, true, true],
            "neither, corner": [false, false, false, false, true, true],
        ]
        let regions: [FieldRegion] = [
            .union(a, b), .intersection(a, b), .difference(a, b), .difference(b, a), .inverse(a), .infinite,
        ]
        for p in points {
            let row = regions.map { $0.contains(p.point) }
            XCTAssertEqual(row, expected[p.name], p.name)
        }
    }

    func testNestedRegions() {
        // A ring 50…100 pt, cut to the band |y| ≤ 50 of B by intersection, then
        // inverted.
        let ring = FieldRegion.difference(.circle(radius: 100), .circle(radius: 50))
        XCTAssertFalse(ring.contains([0, 0]))
        XCTAssertTrue(ring.contains([0, -75]))
        XCTAssertFalse(ring.contains([0, 101]))
        let band = FieldRegion.intersection(ring, b)
        XCTAssertTrue(band.contains([75, 0]))
        XCTAssertFalse(band.contains([0, -75]))
        XCTAssertTrue(FieldRegion.inverse(band).contains([0, -75]))
        XCTAssertFalse(FieldRegion.inverse(.inverse(band)).contains([0, -75]))
    }

    func testBoundariesAreInside() {
        XCTAssertTrue(a.contains([100, 0]))
        XCTAssertTrue(a.contains([60, -80]))
        XCTAssertFalse(a.contains([60, -80.000001]))
        XCTAssertTrue(b.contains([150, 50]))
        XCTAssertTrue(b.contains([-150, -50]))
        XCTAssertFalse(b.contains([150.000001, 0]))
        XCTAssertTrue(FieldRegion.circle(radius: 0).contains([0, 0]))
        XCTAssertFalse(FieldRegion.circle(radius: 0).contains([1e-9, 0]))
    }

    func testInvalidRegionsAreRejectedByName() {
        XCTAssertThrowsError(try FieldRegion.circle(radius: -1).validate()) { error in
            XCTAssertEqual(error as? HookeError, .invalidParameter("region.radius", value: -1, requirement: "finite and >= 0"))
        }
        XCTAssertThrowsError(try FieldRegion.union(.infinite, .rectangle(size: [.nan, 3])).validate()) { error in
            guard case let .invalidParameter(name, _, _)? = error as? HookeError else { return XCTFail() }
            XCTAssertEqual(name, "region.size.width")
        }
        XCTAssertThrowsError(try FieldRegion.inverse(.rectangle(size: [3, -.infinity])).validate()) { error in
            guard case let .invalidParameter(name, _, _)? = error as? HookeError else { return XCTFail() }
            XCTAssertEqual(name, "region.size.height")
        }
        XCTAssertThrowsError(try Field(.drag, region: .difference(.infinite, .circle(radius: .infinity))))
        XCTAssertNoThrow(try FieldRegion.difference(.circle(radius: 0), .rectangle(size: [0, 0])).validate())
    }
}
