import HookeCore
import HookeIO

/// A `World`'s complete state, taken between two steps, in a compact versioned binary
/// form or in JSON: a world restored from it continues bit for bit as the original would
/// have (Docs/snapshots.md).
///
/// ```swift
/// let saved = try world.snapshot()
/// try Data(saved.binary).write(to: url)        // or saved.json
/// // … later, or in another process:
/// let snapshot = try WorldSnapshot(bytes: Array(try Data(contentsOf: url)))
/// var resumed = World(restoring: snapshot)
/// resumed.step()                                 // the step the original would take
/// ```
///
/// What it holds: the configuration and clock (with its pending fraction of a step),
/// every body (its description, pose, velocities, forces, sleep timer), every behaviour
/// with its joints' accumulated impulses, the contacts with their manifolds, feature ids
/// and impulses, both broadphase trees, the events pending for the next step, and the
/// rotation cache. What it cannot hold: closures — a behaviour's `action` and a `custom`
/// field — so `World.snapshot()` refuses a world that has one.
public struct WorldSnapshot: Sendable {
    /// The kind a world snapshot's document names.
    static let kind = "world"

    let state: WorldSnapshotState
    /// The state's tree, from which both forms are written.
    package let tree: SnapshotValue

    init(state: WorldSnapshotState, tree: SnapshotValue) {
        self.state = state
        self.tree = tree
    }

    /// The number of steps the world had taken.
    public var stepCount: Int { state.stepCount }

    /// The binary form: a 24-byte header (magic `HKSN`, format version, length, FNV-1a
    /// hash of the rest) and the state (Docs/snapshots.md, "The binary form").
    public var binary: [UInt8] { SnapshotDocument.binary(kind: Self.kind, state: tree) }

    /// The JSON form, one line: every number in the shortest text that reads back to the
    /// same bits (Docs/snapshots.md, "The JSON form").
    public var json: String { SnapshotDocument.json(kind: Self.kind, state: tree) }

    /// Reads a snapshot in either form (binary when it starts with `HKSN`, JSON otherwise)
    /// and checks it: the header and hash, then every value as the World's own entry
    /// points would, every index and count in range, both trees well formed.
    ///
    /// - Throws: `SnapshotError` naming the path of the first fault
    ///   (`bodies.center[3]`…) and what is wrong with it.
    public init(bytes: [UInt8]) throws(SnapshotError) {
        try self.init(tree: SnapshotDocument.state(of: bytes, kind: Self.kind), at: "")
    }

    /// Reads the JSON form (`init(bytes:)` of its UTF-8).
    public init(json: String) throws(SnapshotError) { try self.init(bytes: Array(json.utf8)) }

    /// A snapshot of the state in `tree`, checked, whose paths are named under `path`.
    init(tree: SnapshotValue, at path: String) throws(SnapshotError) {
        var state: WorldSnapshotState
        do {
            state = try SnapshotDecoder().decode(WorldSnapshotState.self, from: tree)
        } catch {
            throw SnapshotError(path: path.isEmpty ? error.path : (error.path.isEmpty ? path : "\(path).\(error.path)"),
                                error.message)
        }
        try state.check(at: path)
        state.contacts.rebuildHulls()
        self.init(state: state, tree: tree)
    }
}

extension WorldSnapshot: Codable {
    /// Reads the state a snapshot holds and checks it as `init(bytes:)` does, naming
    /// faults under the decoder's path: how a world snapshot is embedded in a larger one
    /// (a scenario run's, `ScenarioSnapshot`).
    public init(from decoder: any Decoder) throws {
        var state = try WorldSnapshotState(from: decoder)
        try state.check(at: SnapshotError.path(decoder.codingPath))
        state.contacts.rebuildHulls()
        self.init(state: state, tree: try SnapshotEncoder().encode(state))
    }

    public func encode(to encoder: any Encoder) throws { try state.encode(to: encoder) }
}

extension World {
    /// The world's complete state now, between two steps.
    ///
    /// - Throws: `SnapshotError` naming the behaviour whose action or custom field is a
    ///   closure, which a snapshot cannot hold (`behaviorHandles` order: "behaviors[2]").
    public func snapshot() throws(SnapshotError) -> WorldSnapshot {
        for (k, slot) in behaviors.order.enumerated() {
            for (n, node) in (behaviors.records[slot] ?? []).enumerated() {
                let at = "behaviors[\(k)]" + (n == 0 ? "" : ", node \(n) of its tree")
                if node.action != nil { throw SnapshotError(path: at, "an action closure cannot be saved in a snapshot") }
                if case let .field(f) = node.kind, case .custom = f.field.kind {
                    throw SnapshotError(path: at, "a custom field's closure cannot be saved in a snapshot")
                }
            }
        }
        let state = WorldSnapshotState(self)
        do {
            return WorldSnapshot(state: state, tree: try SnapshotEncoder().encode(state))
        } catch let error as SnapshotError {
            throw error
        } catch {
            throw SnapshotError(path: "", "\(error)")
        }
    }

    /// The world a snapshot holds, as it was when the snapshot was taken: stepping it
    /// gives, bit for bit, what stepping the original would have given.
    public init(restoring snapshot: WorldSnapshot) {
        self.init(state: snapshot.state)
    }
}
