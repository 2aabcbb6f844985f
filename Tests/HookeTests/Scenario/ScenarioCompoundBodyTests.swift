import Foundation
import Hooke
import XCTest

/// A body's `"parts"` in a scenario file builds a compound body (`BodyShape.compound`):
/// the parts with their offsets and angles, a mass from their areas, the recorded centre
/// at their centre of mass; a compound query shape probes as its parts.
final class ScenarioCompoundBodyTests: XCTestCase {
    func testPartsMakeOneBodyCentredOnItsMass() throws {
        let json = """
            { "bodies": [ { "id": "ell", "center": [100, 100], "angle": 0.5, "density": 2,
                            "parts": [ { "size": [120, 20] },
                                       { "shape": "ellipse", "size": [20, 20], "offset": [-50, 50], "angle": 0.25 },
                                       { "shape": "polygon", "vertices": [[0, -10], [10, 10], [-10, 10]], "offset": [50, 30] } ] } ],
              "duration": 0.1 }
            """
        let scenario = try Scenario.parse(Data(json.utf8))
        let simulation = try ScenarioSimulation(scenario)
        let ell = try XCTUnwrap(simulation.handle(for: "ell"))
        let state = simulation.world.body(ell)
        guard case let .compound(parts) = state.shape else { return XCTFail("not a compound") }
        XCTAssertEqual(parts.map(\.shape), [.rectangle(width: 120, height: 20), .ellipse(width: 20, height: 20),
                                            .polygon([SIMD2(0, -10), SIMD2(10, 10), SIMD2(-10, 10)])])
        XCTAssertEqual(parts.map(\.angle), [0, 0.25, 0])
        // Areas 2400, 100π and 200; the triangle's centroid (0, 10/3) sits 30 + 10/3 below the centre.
        let areas = [2400, 100 * Double.pi, 200]
        XCTAssertEqual(state.mass, 2 * areas.reduce(0, +) / 10_000, accuracy: 1e-12)
        let c = (areas[1] * SIMD2(-50, 50) + areas[2] * SIMD2(50, 30 + 10.0 / 3)) / areas.reduce(0, +)
        XCTAssertEqual(state.center.x, 100 + cos(0.5) * c.x - sin(0.5) * c.y, accuracy: 1e-9)
        XCTAssertEqual(state.center.y, 100 + sin(0.5) * c.x + cos(0.5) * c.y, accuracy: 1e-9)
        XCTAssertEqual(parts[0].offset.x, -c.x, accuracy: 1e-12)
        XCTAssertEqual(parts[0].offset.y, -c.y, accuracy: 1e-12)
    }

    func testACompoundQueryShapeProbesAsItsParts() throws {
        let json = """
            { "bodies": [ { "id": "a", "size": [10, 10], "center": [0, 0] }, { "id": "b", "size": [10, 10], "center": [100, 0] },
                          { "id": "between", "size": [10, 10], "center": [50, 0] } ],
              "queries": [ { "at": 0, "overlap": { "center": [50, 0],
                             "parts": [ { "size": [4, 4], "offset": [-50, 0] }, { "size": [4, 4], "offset": [50, 0] } ] } } ],
              "duration": 0.1 }
            """
        var simulation = try ScenarioSimulation(try Scenario.parse(Data(json.utf8)))
        var answers: [ScenarioQueryAnswer] = []
        try simulation.run(duration: 0, queries: { answers.append($0) }) { _ in }
        XCTAssertEqual(answers.first?.hits.map(\.id), ["a", "b"])
    }
}
