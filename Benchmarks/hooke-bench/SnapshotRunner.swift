import Hooke
import HookeIO

/// The `snapshot` scenario (Docs/snapshots.md, "Size and speed"): the soft-step pyramid
/// after one second, its snapshot's size — whole, per box, per section — and the time to
/// write and to read it, beside one world step. Prints one table.
struct SnapshotRunner {
    let options: BenchOptions
    let progress: Progress

    /// The body columns that change as bodies move: pose and velocities, the previous
    /// pose for drawing between steps, force and torque accumulators, the sleep state.
    static let motionColumns = ["center", "angle", "velocity", "angularVelocity", "previousCenter", "previousAngle",
                                "force", "torque", "isAwake", "sleepTime"]

    func run() -> String {
        let repetitions = options.effectiveRepetitions
        var rows = [["rows", "boxes", "contacts", "binary bytes", "bytes/box", "bodies bytes/box", "motion bytes/box",
                     "contacts bytes/contact", "JSON bytes", "write ms", "read+restore ms", "step ms"]]
        for count in options.items(for: .snapshot) {
            progress.show("snapshot: pyramid of \(count) rows")
            do {
                var scene = try WorldBenchScene.pyramid(rows: count, solver: .softStep(substeps: 4))
                for _ in 0..<60 { scene.world.step() }
                let snapshot = try scene.world.snapshot()
                let binary = snapshot.binary, json = snapshot.json
                let boxes = Double(scene.boxes.count)
                let sections = Self.members(snapshot.tree)
                let bodies = sections["bodies"].map(Self.members) ?? [:]
                let motion = Self.motionColumns.reduce(0) { $0 + Self.bytes(bodies[$1]) }
                let contactList = sections["contacts"].map(Self.members)?["contacts"]
                let contactCount = if case let .array(items)? = contactList { items.count } else { 0 }
                var sink = 0
                let write = Timing.measure(repetitions: repetitions) { _ in sink &+= (try? scene.world.snapshot().binary.count) ?? 0 }
                let read = Timing.measure(repetitions: repetitions) { _ in
                    if let restored = try? WorldSnapshot(bytes: binary) { sink &+= World(restoring: restored).stepCount }
                }
                var stepped = scene.world
                let step = Timing.measure(repetitions: repetitions) { _ in stepped.step() }
                precondition(sink != 0, "snapshot: nothing was written or read")
                rows.append([
                    String(count), String(scene.boxes.count), String(contactCount), String(binary.count),
                    NumberFormat.significant(Double(binary.count) / boxes),
                    NumberFormat.significant(Double(Self.bytes(sections["bodies"])) / boxes),
                    NumberFormat.significant(Double(motion) / boxes),
                    NumberFormat.significant(Double(Self.bytes(contactList)) / Double(max(contactCount, 1))),
                    String(json.utf8.count), NumberFormat.significant(write.median * 1e3),
                    NumberFormat.significant(read.median * 1e3), NumberFormat.significant(step.median * 1e3),
                ])
            } catch {
                // Every input above is a constant the code chose; a refusal is a defect.
                preconditionFailure("snapshot: \(error)")
            }
        }
        return (["snapshot  (soft-step pyramid after 60 steps of 1/60 s; one thread; \(repetitions) repetitions after "
                    + "a warm-up; a section's bytes are its binary form's on its own, keys included)"]
            + ConsoleTable.align(rows) + [""]).joined(separator: "\n")
    }

    /// An object's members by key (empty for anything else).
    static func members(_ value: SnapshotValue) -> [String: SnapshotValue] {
        guard case let .object(members) = value else { return [:] }
        return Dictionary(members, uniquingKeysWith: { first, _ in first })
    }

    /// The bytes of a value's binary form on its own.
    static func bytes(_ value: SnapshotValue?) -> Int { value.map { SnapshotBinary.payload($0).count } ?? 0 }
}
