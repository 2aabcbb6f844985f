import Hooke
import HookeIO

/// A scenario run's complete state between two steps — its world (`WorldSnapshot`), its
/// step, the interaction bodies with their gestures' progress — in the binary or JSON
/// form of a world snapshot (Docs/snapshots.md): what `hooke simulate --snapshot-at`
/// writes and `--resume` reads. A run restored from it with the same file continues bit
/// for bit as the uninterrupted run.
///
/// ```swift
/// var run = try file.simulation()
/// while run.step < 60 { try run.advance() }
/// let saved = try run.snapshot().binary
/// var resumed = try InteractionSimulation(file, restoring: try ScenarioSnapshot(bytes: saved))
/// try resumed.advance()                          // step 61, as the original's
/// ```
public struct ScenarioSnapshot: Sendable {
    /// The kind a scenario run's snapshot document names.
    static let kind = "scenario"

    let state: InteractionSimulationState
    let tree: SnapshotValue

    /// The step the run had reached.
    public var step: Int { state.simulation.step }

    /// The binary form (`WorldSnapshot.binary`'s header and tree).
    public var binary: [UInt8] { SnapshotDocument.binary(kind: Self.kind, state: tree) }

    /// The JSON form, one line.
    public var json: String { SnapshotDocument.json(kind: Self.kind, state: tree) }

    init(state: InteractionSimulationState) throws(SnapshotError) {
        self.state = state
        do {
            tree = try SnapshotEncoder().encode(state)
        } catch let error as SnapshotError {
            throw error
        } catch {
            throw SnapshotError(path: "", "\(error)")
        }
    }

    /// Reads a snapshot in either form and checks its world as `WorldSnapshot(bytes:)`
    /// does; what it holds of the interactions is checked against the file when it is
    /// restored.
    ///
    /// - Throws: `SnapshotError` naming the path of the first fault.
    public init(bytes: [UInt8]) throws(SnapshotError) {
        let tree = try SnapshotDocument.state(of: bytes, kind: Self.kind)
        state = try SnapshotDecoder().decode(InteractionSimulationState.self, from: tree)
        self.tree = tree
    }
}

/// What an `InteractionSimulation` carries from one step into the next beyond its file.
struct InteractionSimulationState: Codable, Sendable {
    /// `InteractionScenario.sourceHash` of the file the run is of.
    var source: UInt64
    var simulation: ScenarioSimulationState
    var driven: [InteractionSimulation.Driven]
    var cursors: [Int]
    var bindings: [WorldBinding?]
}

extension InteractionSimulation {
    /// The run's state now, between two steps.
    ///
    /// - Throws: `SnapshotError` as `World.snapshot()` (the paths under `simulation.world`).
    public func snapshot() throws(SnapshotError) -> ScenarioSnapshot {
        let world: ScenarioSimulationState
        do {
            world = try simulation.snapshotState()
        } catch {
            throw SnapshotError(path: "simulation.\(error.path)", error.message)
        }
        return try ScenarioSnapshot(state: InteractionSimulationState(
            source: file.sourceHash, simulation: world, driven: driven, cursors: cursors, bindings: bindings))
    }

    /// The run of `file` that `snapshot` holds: stepping it gives, bit for bit, what the
    /// run the snapshot was taken of would have given.
    ///
    /// - Throws: `SnapshotError` when the snapshot was taken of another file (its
    ///   `sourceHash` differs) or what it holds does not fit the file: another number or
    ///   kind of interactions, a gesture read past its end, a bound body that is not live,
    ///   an item or card index out of range.
    public init(_ file: InteractionScenario, restoring snapshot: ScenarioSnapshot) throws(SnapshotError) {
        let state = snapshot.state
        guard state.source == file.sourceHash else {
            throw SnapshotError(
                path: "source", "the snapshot is of another scenario file (its FNV-1a is \(BitHash.hex(state.source)), "
                    + "this file's \(BitHash.hex(file.sourceHash)))")
        }
        do {
            try self.init(file)
        } catch {
            throw SnapshotError(path: "", "the scenario cannot start: \(error)")
        }
        try simulation.restore(state.simulation, at: "simulation")
        let n = driven.count
        guard state.driven.count == n, state.cursors.count == n, state.bindings.count == n else {
            throw SnapshotError(path: "driven", "\(state.driven.count) interactions, the file has \(n)")
        }
        for index in 0..<n {
            let at = "driven[\(index)]"
            guard Self.fits(state.driven[index], as: driven[index]) else {
                throw SnapshotError(path: at, "not the file's interactions[\(index)] (another kind, size or item)")
            }
            guard (0...file.interactions[index].events.count).contains(state.cursors[index]) else {
                throw SnapshotError(path: "cursors[\(index)]", "past the end of the gesture's \(file.interactions[index].events.count) events")
            }
            let fits = switch (state.bindings[index], bindings[index]) {
            case (nil, nil): true
            case let (restored?, fresh?): restored.fits(fresh, in: simulation.world)
            default: false
            }
            guard fits else {
                throw SnapshotError(path: "bindings[\(index)]", "does not hold the file's world bodies")
            }
        }
        driven = state.driven
        cursors = state.cursors
        bindings = state.bindings
    }

    /// Whether a restored interaction body has the kind and shape of the one the file makes:
    /// the same kind, and the indices it keeps in range.
    private static func fits(_ restored: Driven, as fresh: Driven) -> Bool {
        switch (restored, fresh) {
        case (.swipeCard, .swipeCard), (.pinchReveal, .pinchReveal), (.jellyEdge, .jellyEdge):
            return true
        case let (.meshJellyEdge(r), .meshJellyEdge(f)):
            return r.controlPointCount == f.controlPointCount
        case let (.flick(r), .flick(f)):
            return r.item == f.item
        case let (.cardStack(r), .cardStack(f)):
            return r.cards.count == f.cards.count && (0...r.cards.count).contains(r.top)
        case let (.longPressLift(r), .longPressLift(f)):
            let count = f.homes.count
            return r.homes.count == count && [r.offsets.count, r.scales.count, r.alphas.count, r.drops.count]
                .allSatisfy { $0 == count } && (r.liftedItem.map { (0..<count).contains($0) } ?? true)
        default:
            return false
        }
    }
}
