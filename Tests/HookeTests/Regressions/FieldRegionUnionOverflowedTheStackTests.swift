import Foundation
import Hooke
import XCTest

/// A field region `union` of 100,000 entries crashed the scenario runner: the entries
/// were folded into a chain 10⁵ deep, which `FieldRegion.validate()` (and releasing the
/// chain) walked by recursion until the stack overflowed.
final class FieldRegionUnionOverflowedTheStackTests: XCTestCase {
    static func scenario(region: String) -> String {
        """
        { "bodies": [ { "id": "b", "shape": "rectangle", "size": [10, 10], "center": [0, 0] } ],
          "behaviors": [ { "type": "field", "kind": "radialGravity", "items": ["b"], "region": \(region) } ],
          "duration": 0.05 }
        """
    }

    func testAHundredThousandRegionUnionIsRefusedWithItsPath() {
        let circles = Array(repeating: #"{ "radius": 1 }"#, count: 100_000).joined(separator: ",")
        XCTAssertThrowsError(try Scenario.parse(Data(Self.scenario(region: #"{ "union": [\#(circles)] }"#).utf8))) {
            let error = $0 as? ScenarioError
            XCTAssertEqual(error?.path, "behaviors[0].region.union")
            XCTAssertEqual(error?.message, "expected at most 4096 regions, got 100000")
        }
    }

    /// Regions nested deeper than `FieldRegion.maximumDepth` are refused by the
    /// validation, which walks the tree with a stack of its own.
    func testATooDeepRegionIsRefusedNotRecursedInto() throws {
        var region = FieldRegion.circle(radius: 5)
        for _ in 0..<FieldRegion.maximumDepth { region = .inverse(region) }
        XCTAssertThrowsError(try region.validate()) {
            XCTAssertEqual($0 as? HookeError, .invalidParameter(
                "region.depth", value: 65, requirement: "at most 64 levels of nesting"))
        }
        var shallow = FieldRegion.circle(radius: 5)
        for _ in 1..<FieldRegion.maximumDepth { shallow = .inverse(shallow) }
        XCTAssertNoThrow(try shallow.validate())
    }

    /// The balanced union of the largest accepted list validates (depth 13) and contains
    /// exactly the points the left fold contains: union is associative and commutative.
    func testTheBalancedUnionContainsWhatTheLeftFoldContains() throws {
        var generator = SystemRandomNumberGenerator()
        let rings = (0..<FieldRegion.maximumRegionCount / 2).map { k in
            FieldRegion.difference(.circle(radius: Double(k % 97) + 2), .circle(radius: Double(k % 89)))
        }
        let balanced = try XCTUnwrap(FieldRegion.union(of: rings))
        // 2048 differences of two circles each, plus 2047 unions: 8191 regions, too many.
        XCTAssertThrowsError(try balanced.validate())
        let fewer = Array(rings.prefix(1000))
        let small = try XCTUnwrap(FieldRegion.union(of: fewer))
        try small.validate()
        let leftFold = fewer.dropFirst().reduce(fewer[0]) { .union($0, $1) }
        for _ in 0..<2000 {
            let point = SIMD2(Double.random(in: -120...120, using: &generator),
                              Double.random(in: -120...120, using: &generator))
            XCTAssertEqual(small.contains(point), leftFold.contains(point), "\(point)")
        }
    }
}
