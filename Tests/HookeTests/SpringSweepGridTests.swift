import Foundation
import Hooke
import XCTest

/// `SpringSweepAxis` and `SpringSweepGrid` against axis arithmetic: counts from
/// ⌊(B − A)/STEP⌋ + 1 and products, indices from the row-major formula, springs from the
/// closed forms of the parameterisations.
final class SpringSweepGridTests: XCTestCase {
    func testARangeHasTheValuesOfItsArithmetic() throws {
        // ⌊(1 − 0.5)/0.05⌋ + 1 = 11, the last one B itself.
        let zeta = try SpringSweepAxis(from: 0.5, through: 1, by: 0.05)
        XCTAssertEqual(zeta.count, 11)
        XCTAssertEqual(zeta[0], 0.5)
        XCTAssertEqual(zeta[10], 1)
        // 0.3/0.1 is 2.9999999999999996 in binary: B is still reached (4 values), and the
        // values are the decimals typed, not 0.30000000000000004.
        XCTAssertEqual(try SpringSweepAxis(from: 0, through: 0.3, by: 0.1).values, [0, 0.1, 0.2, 0.3])
        // B not on the lattice: ⌊1/0.3⌋ + 1 = 4 values, B not among them.
        XCTAssertEqual(try SpringSweepAxis(from: 1, through: 2, by: 0.3).values, [1, 1.3, 1.6, 1.9])
        // A = B: one value.
        XCTAssertEqual(try SpringSweepAxis(from: 2, through: 2, by: 1).values, [2])
        // A list is kept as given.
        XCTAssertEqual(SpringSweepAxis(values: [3, 1, 2]).values, [3, 1, 2])
    }

    func testARangeThatCannotBeIsRefused() {
        assertAxisRefused(.stepNotPositive(0)) { try SpringSweepAxis(from: 0, through: 1, by: 0) }
        assertAxisRefused(.stepNotPositive(-1)) { try SpringSweepAxis(from: 0, through: 1, by: -1) }
        assertAxisRefused(.emptyRange(start: 2, end: 1)) { try SpringSweepAxis(from: 2, through: 1, by: 0.1) }
        // (10⁷ − 0)/1 = 10⁷ steps: 10⁷ + 1 values, one too many; 10⁷ − 1 steps is the most.
        assertAxisRefused(.tooManyValues(maximum: 10_000_000)) { try SpringSweepAxis(from: 0, through: 1e7, by: 1) }
        XCTAssertEqual(try SpringSweepAxis(from: 0, through: 1e7 - 1, by: 1).count, 10_000_000)
        assertAxisRefused(.nonFiniteBound("end", value: .infinity)) { try SpringSweepAxis(from: 0, through: .infinity, by: 1) }
    }

    /// The grid's count is the product of its axes' counts, and point i's axis indices
    /// satisfy i = ((i₁·n₂ + i₂)·n_mass + i_mass)·n_velocity + i_velocity.
    func testPointsAreNumberedRowMajor() throws {
        let grid = try SpringSweepGrid(
            .dampingRatioResponse, first: try SpringSweepAxis(from: 0.5, through: 1, by: 0.1),
            second: SpringSweepAxis(values: [0.2, 0.3, 0.4]), mass: SpringSweepAxis(values: [1, 2]),
            initialVelocity: try SpringSweepAxis(from: -1, through: 1, by: 1))
        XCTAssertEqual(grid.count, 6 * 3 * 2 * 3)
        var expected = 0
        for i1 in 0..<6 {
            for i2 in 0..<3 {
                for im in 0..<2 {
                    for iv in 0..<3 {
                        XCTAssertEqual(expected, ((i1 * 3 + i2) * 2 + im) * 3 + iv)
                        XCTAssertEqual(grid.coordinates(of: expected), [i1, i2, im, iv])
                        XCTAssertEqual(grid.index(of: [i1, i2, im, iv]), expected)
                        expected += 1
                    }
                }
            }
        }
        // The defaults: one mass of 1 kg, starting from rest.
        let plain = try SpringSweepGrid(.stiffnessDamping, first: SpringSweepAxis(values: [100, 200]),
                                        second: SpringSweepAxis(values: [5]))
        XCTAssertEqual(plain.count, 2)
        XCTAssertEqual(plain.mass.values, [1])
        XCTAssertEqual(plain.initialVelocity.values, [0])
    }

    /// A point carries its values as given and the spring they mean:
    /// k = m·(2π/R)² and c = 4π·ζ·m/R for (ζ, R); the pair itself for (k, c).
    func testAPointIsTheSpringOfItsValues() throws {
        let grid = try SpringSweepGrid(
            .dampingRatioResponse, first: SpringSweepAxis(values: [0.3, 0.7]), second: SpringSweepAxis(values: [0.4]),
            mass: SpringSweepAxis(values: [2]), initialVelocity: SpringSweepAxis(values: [5]))
        let point = try grid.point(1)
        XCTAssertEqual(point.index, 1)
        XCTAssertEqual(point.first, 0.7)
        XCTAssertEqual(point.second, 0.4)
        XCTAssertEqual(point.mass, 2)
        XCTAssertEqual(point.initialVelocity, 5)
        let omega = 2 * Double.pi / 0.4
        XCTAssertEqual(point.spring.stiffness, 2 * omega * omega, accuracy: 1e-9 * 2 * omega * omega)
        XCTAssertEqual(point.spring.damping, 4 * Double.pi * 0.7 * 2 / 0.4, accuracy: 1e-12 * 100)
        XCTAssertEqual(point.sweepCase, SpringSweepCase(spring: point.spring, initialVelocity: 5))

        let physical = try SpringSweepGrid(.stiffnessDamping, first: SpringSweepAxis(values: [300]),
                                           second: SpringSweepAxis(values: [20]))
        XCTAssertEqual(try physical.point(0).spring.stiffness, 300)
        XCTAssertEqual(try physical.point(0).spring.damping, 20)
    }

    /// Values outside a parameter's domain are refused before any point is made, naming
    /// the axis; a range is refused at the end that lies outside.
    func testValuesOutsideTheirDomainAreRefused() throws {
        let one = SpringSweepAxis(values: [1])
        assertGridRefused(.valueOutsideDomain(.first, value: -0.5, domain: .nonNegative)) {
            try SpringSweepGrid(.dampingRatioResponse, first: SpringSweepAxis(values: [0.5, -0.5]), second: one)
        }
        assertGridRefused(.valueOutsideDomain(.second, value: 0, domain: .positive)) {
            try SpringSweepGrid(.dampingRatioResponse, first: one, second: try SpringSweepAxis(from: 0, through: 1, by: 0.5))
        }
        assertGridRefused(.valueOutsideDomain(.second, value: 1.5, domain: .bounce)) {
            try SpringSweepGrid(.durationBounce, first: one, second: try SpringSweepAxis(from: 0, through: 1.5, by: 0.5))
        }
        assertGridRefused(.valueOutsideDomain(.first, value: 0, domain: .positive)) {
            try SpringSweepGrid(.stiffnessDamping, first: SpringSweepAxis(values: [0]), second: one)
        }
        assertGridRefused(.valueOutsideDomain(.mass, value: -1, domain: .positive)) {
            try SpringSweepGrid(.stiffnessDamping, first: one, second: one, mass: try SpringSweepAxis(from: -1, through: 1, by: 1))
        }
        assertGridRefused(.valueOutsideDomain(.initialVelocity, value: .infinity, domain: .finite)) {
            try SpringSweepGrid(.stiffnessDamping, first: one, second: one, initialVelocity: SpringSweepAxis(values: [.infinity]))
        }
        // Bounce 1 (no damping) and −0.99 are in (−1, 1].
        XCTAssertNoThrow(try SpringSweepGrid(.durationBounce, first: one, second: SpringSweepAxis(values: [-0.99, 1])))
    }

    /// 10 001 × 9 001 × 3 = 270 057 003 points, beyond the limit: refused from the axes'
    /// counts, without making a value.
    func testAGridBeyondTheLimitIsRefusedFromItsCounts() throws {
        assertGridRefused(.tooManyPoints(270_057_003)) {
            try SpringSweepGrid(
                .dampingRatioResponse, first: try SpringSweepAxis(from: 0, through: 1, by: 0.0001),
                second: try SpringSweepAxis(from: 0.1, through: 1, by: 0.0001), mass: try SpringSweepAxis(from: 1, through: 3, by: 1))
        }
    }

    /// Values each in their domain can still make no spring: a response of 10⁻²⁰⁰ s
    /// makes k = (2π/R)² overflow.
    func testAPointThatMakesNoSpringSaysWhichAndWhy() throws {
        let grid = try SpringSweepGrid(.dampingRatioResponse, first: SpringSweepAxis(values: [0.5]),
                                       second: SpringSweepAxis(values: [0.3, 1e-200]))
        XCTAssertNoThrow(try grid.point(0))
        XCTAssertThrowsError(try grid.point(1)) { error in
            guard case let .invalidSpring(index, first, second, mass, reason)? = error as? SpringSweepGridError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual([Double(index), first, second, mass], [1, 0.5, 1e-200, 1])
            guard case let .invalidParameter(name, _, _) = reason else { return XCTFail("\(reason)") }
            XCTAssertEqual(name, "stiffness")
        }
    }

    private func assertAxisRefused(
        _ expected: SpringSweepAxisError, line: UInt = #line, _ body: () throws -> SpringSweepAxis
    ) {
        XCTAssertThrowsError(try body(), line: line) { XCTAssertEqual($0 as? SpringSweepAxisError, expected, line: line) }
    }

    private func assertGridRefused(
        _ expected: SpringSweepGridError, line: UInt = #line, _ body: () throws -> SpringSweepGrid
    ) {
        XCTAssertThrowsError(try body(), line: line) { XCTAssertEqual($0 as? SpringSweepGridError, expected, line: line) }
    }
}
