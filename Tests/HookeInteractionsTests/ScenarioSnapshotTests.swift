import Foundation
import Hooke
@testable import HookeInteractions
import XCTest

/// A scenario run's snapshot (Docs/snapshots.md, "A scenario run"): every interaction
/// kind restores and continues row for row, and a snapshot that does not fit the file it
/// is restored with is refused at its path rather than trapping in a later step.
final class ScenarioSnapshotTests: XCTestCase {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Docs/examples/interactions")

    func file(_ name: String) throws -> InteractionScenario {
        try InteractionScenario.parse(Data(contentsOf: Self.examples.appendingPathComponent(name)))
    }

    /// Each interaction example (every kind, bound and standalone) snapshotted mid-gesture,
    /// restored from both forms, and stepped beside the original: the same rows and the
    /// same world hash at every step.
    func testEveryInteractionKindContinuesRowForRow() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 8)
        for name in names {
            let scenario = try file(name)
            var run = try scenario.simulation()
            while run.step < 45 { try run.advance() }
            let snapshot = try run.snapshot()
            var restored = [
                try InteractionSimulation(scenario, restoring: try ScenarioSnapshot(bytes: snapshot.binary)),
                try InteractionSimulation(scenario, restoring: try ScenarioSnapshot(bytes: Array(snapshot.json.utf8))),
            ]
            for _ in 0..<150 {
                try run.advance()
                for k in restored.indices {
                    try restored[k].advance()
                    XCTAssertEqual(restored[k].samples(), run.samples(), "\(name), step \(run.step)")
                    XCTAssertEqual(restored[k].simulation.world.stateHash, run.simulation.world.stateHash, name)
                }
            }
        }
    }

    /// The lift's snapshot with an index edited out of range, and one restored with another
    /// file: refused, naming where.
    func testASnapshotThatDoesNotFitTheFileIsRefused() throws {
        let lift = try file("long-press-lift.json")
        var run = try lift.simulation()
        while run.step < 100 { try run.advance() }
        var document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try run.snapshot().json.utf8)) as? [String: Any])
        var state = try XCTUnwrap(document["state"] as? [String: Any])
        var driven = try XCTUnwrap(state["driven"] as? [[String: Any]])
        var body = try XCTUnwrap(driven[0]["longPressLift"] as? [String: Any])
        var fields = try XCTUnwrap(body["_0"] as? [String: Any])
        fields["liftedItem"] = 99
        body["_0"] = fields
        driven[0]["longPressLift"] = body
        state["driven"] = driven
        document["state"] = state
        let edited = try ScenarioSnapshot(bytes: Array(try JSONSerialization.data(withJSONObject: document)))
        XCTAssertThrowsError(try InteractionSimulation(lift, restoring: edited)) { error in
            XCTAssertEqual((error as? SnapshotError)?.path, "driven[0]", "\(error)")
        }
        XCTAssertThrowsError(try InteractionSimulation(try file("swipe-card.json"), restoring: try run.snapshot())) { error in
            XCTAssertEqual((error as? SnapshotError)?.path, "source", "\(error)")
        }
    }
}
