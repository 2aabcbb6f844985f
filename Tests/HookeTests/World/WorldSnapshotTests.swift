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

    // MARK: - What a snapshot refuses

    /// A small world with every kind of state: a box resting on a floor (contacts with
    /// impulses, sleep timers), a pendulum (a joint with impulses), an anchored sensor.
    func scene() throws -> World {
        var world = try World()
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 400, height: 600)
        let box = try world.createBody(BodyDefinition(shape: .rectangle(width: 40, height: 40), center: [100, 500]))
        let bob = try world.createBody(BodyDefinition(shape: .ellipse(width: 20, height: 20), center: [300, 300]))
        _ = try world.addBehavior(.gravity(GravityBehavior(items: [box, bob])))
        _ = try world.addBehavior(.collision(CollisionBehavior(items: [box, bob], mode: .everything,
                                                               translatesReferenceBoundsIntoBoundary: true)))
        _ = try world.addBehavior(.attachment(AttachmentBehavior(item: bob, attachedToAnchor: [200, 300])))
        for _ in 0..<90 { world.step() }
        return world
    }

    /// The JSON form with `edit` applied to its parsed document.
    func edited(_ world: World, _ edit: (inout [String: Any]) throws -> Void) throws -> String {
        var document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(world.snapshot().json.utf8)) as? [String: Any])
        var state = try XCTUnwrap(document["state"] as? [String: Any])
        try edit(&state)
        document["state"] = state
        return String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
    }

    func assertRefused(_ json: String, at path: String, _ message: String = "", file: StaticString = #filePath,
                       line: UInt = #line) {
        do {
            _ = try WorldSnapshot(json: json)
            XCTFail("accepted a snapshot that should be refused at \(path)", file: file, line: line)
        } catch {
            XCTAssertTrue(error.path.hasPrefix(path), "\(error)", file: file, line: line)
            XCTAssertTrue(message.isEmpty || error.message.contains(message), "\(error)", file: file, line: line)
        }
    }

    func testTheSceneRoundTripsAndHasContactsAndJoints() throws {
        let world = try scene()
        let state = WorldSnapshotState(world)
        XCTAssertFalse(state.contacts.contacts.isEmpty)
        XCTAssertTrue(state.behaviors.records.compactMap { $0 }.joined().contains { !$0.joints.isEmpty })
        XCTAssertEqual(World(restoring: try WorldSnapshot(json: try edited(world) { _ in })).stateHash, world.stateHash)
    }

    /// Closures cannot be saved: the behaviour holding one is named.
    func testAWorldWithAnActionOrACustomFieldIsRefusedNamingTheBehaviour() throws {
        var world = try scene()
        _ = try world.addBehavior(Behavior(.group, action: { _ in }))
        XCTAssertThrowsError(try world.snapshot()) { error in
            XCTAssertEqual((error as? SnapshotError)?.path, "behaviors[3]")
        }
        var fielded = try scene()
        let custom = try Field(.custom { _ in .zero })
        _ = try fielded.addBehavior(.field(FieldBehavior(items: fielded.bodyHandles, field: custom)))
        XCTAssertThrowsError(try fielded.snapshot()) { error in
            XCTAssertEqual((error as? SnapshotError)?.message, "a custom field's closure cannot be saved in a snapshot")
        }
    }

    /// The binary form's header: magic, version, length and hash.
    func testDamagedTruncatedAndForeignBytesAreRefused() throws {
        let bytes = try scene().snapshot().binary
        var flipped = bytes
        flipped[bytes.count / 2] ^= 1
        var version = bytes
        version[4] = 2
        for (input, message) in [
            (Array(bytes.dropLast()), "truncated or padded"),
            (bytes + [0], "truncated or padded"),
            (flipped, "the state's hash does not match"),
            (version, "snapshot format version 2"),
            (Array(bytes.prefix(10)), "fewer than its 24-byte header"),
            (Array("{}".utf8), "expected \"hooke-snapshot\""),
            (Array("not json".utf8), "not a Hooke snapshot"),
        ] {
            XCTAssertThrowsError(try WorldSnapshot(bytes: input)) { error in
                XCTAssertTrue((error as? SnapshotError)?.message.contains(message) ?? false, "\(error)")
            }
        }
    }

    /// A snapshot whose hash is right but whose contents are inconsistent (edited by hand,
    /// or written by something else) is refused at the first fault, named by its path,
    /// before any step could trap or loop on it.
    func testInconsistentContentsAreRefusedAtTheirPath() throws {
        let world = try scene()
        func at(_ state: inout [String: Any], _ keys: [String], _ value: Any) throws {
            func set(_ object: inout Any, _ keys: ArraySlice<String>) throws {
                guard let key = keys.first else { object = value; return }
                if let index = Int(key) {
                    var array = try XCTUnwrap(object as? [Any])
                    try set(&array[index], keys.dropFirst())
                    object = array
                } else {
                    var dictionary = try XCTUnwrap(object as? [String: Any])
                    var child: Any = dictionary[key] as Any
                    try set(&child, keys.dropFirst())
                    dictionary[key] = child
                    object = dictionary
                }
            }
            var object: Any = state
            try set(&object, keys[...])
            state = try XCTUnwrap(object as? [String: Any])
        }
        let cases: [([String], Any, String)] = [
            (["bodiesNewestFirst", "0"], 7, "bodiesNewestFirst[0]"),
            (["bodies", "center", "0", "0"], "nan", "bodies[0]"),
            (["bodies", "angle"], [0.0], "bodies"),
            (["awakeCount"], 5, "awakeCount"),
            (["contacts", "contacts", "0", "proxyA"], 999, "contacts.contacts[0]"),
            // Found by the snapshot fuzz target: a NaN in a manifold point, which no step writes.
            (["contacts", "contacts", "0", "manifold", "first", "separation"], "nan", "contacts.contacts[0]"),
            (["contacts", "broadPhase", "tree", "root"], 999, "contacts.broadPhase"),
            (["contacts", "broadPhase", "tree", "nodes", "0", "parent"], 0, "contacts.broadPhase"),
            (["shapeIndex", "tree", "root"], 999, "shapeIndex"),
            (["behaviors", "records", "2", "0", "joints"], [] as [Any], "behaviors.records[2][0].joints"),
            (["behaviors", "records", "0", "0", "subtreeSize"], 3, "behaviors.records[0]"),
            (["behaviors", "order", "0"], 1, "behaviors.order"),
            (["clock", "step"], 0, "clock"),
            (["configuration", "velocityIterations"], 0, "configuration"),
            (["bodies", "shape", "0"], ["rectangle": ["width": -1, "height": 4]], "bodies[0].shape"),
        ]
        for (keys, value, path) in cases {
            assertRefused(try edited(world) { try at(&$0, keys, value) }, at: path)
        }
    }
}
