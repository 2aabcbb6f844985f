import Foundation
@testable import HookeWorld
import Hooke
import XCTest

/// A world restored from a snapshot continues bit for bit: checked against the
/// uninterrupted world itself, step by step, by the state hash (FNV-1a over every value a
/// step carries on) and every body's pose and velocities, on every example scenario.
final class WorldSnapshotTests: XCTestCase {
    /// Runs `file`'s scenario halfway (at most `limit` steps), takes a snapshot, restores
    /// it from both forms, and steps original and restored worlds side by side.
    func assertRestoresExactly(_ file: URL, limit: Int = 240, after: Int = 120) throws {
        let name = file.lastPathComponent
        var run = try Scenario.parse(Data(contentsOf: file)).simulation()
        let half = min(run.scenario.stepCount(duration: nil) / 2, limit)
        while run.step < half { try run.advance() }
        var original = run.world
        let snapshot = try original.snapshot()
        let fromBinary = World(restoring: try WorldSnapshot(bytes: snapshot.binary))
        let fromJSON = World(restoring: try WorldSnapshot(json: snapshot.json))
        // The restored worlds write the same bytes again.
        XCTAssertTrue(try fromBinary.snapshot().binary == snapshot.binary, "\(name): the binary round trip changed bytes")
        XCTAssertTrue(try fromJSON.snapshot().binary == snapshot.binary, "\(name): the JSON round trip changed bytes")
        var restored = [fromBinary, fromJSON]
        XCTAssertEqual(restored.map(\.stateHash), [original.stateHash, original.stateHash], name)
        for step in 0..<after {
            original.step()
            for k in restored.indices {
                restored[k].step()
                XCTAssertEqual(restored[k].stateHash, original.stateHash, "\(name): step \(step + 1) after the snapshot")
            }
            if restored.contains(where: { $0.stateHash != original.stateHash }) { break }
        }
        for h in original.bodyHandles {
            let a = original.body(h)
            for r in restored {
                let b = r.body(h)
                XCTAssertEqual([a.center.x, a.center.y, a.angle, a.velocity.x, a.velocity.y, a.angularVelocity].map(\.bitPattern),
                               [b.center.x, b.center.y, b.angle, b.velocity.x, b.velocity.y, b.angularVelocity].map(\.bitPattern), name)
            }
        }
    }

    func testEveryExampleScenarioRestoresBitForBit() throws {
        let files = try FileManager.default
            .contentsOfDirectory(at: ScenarioExamplesTests.examplesDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertGreaterThanOrEqual(files.count, 10)
        for file in files { try assertRestoresExactly(file, after: file.lastPathComponent == "stack.json" ? 20 : 120) }
    }
}
