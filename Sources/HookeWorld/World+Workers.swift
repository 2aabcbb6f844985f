import HookeCore

extension World {
    /// The most threads a world's solver runs on.
    public static let maximumWorkerCount = 64

    /// The threads the soft step's solver stages run on (`SolverMode.softStep`): the
    /// stepping thread and `workerCount − 1` helpers, as Box2D v3's `workerCount`. 1 by
    /// default. Every count gives the same result bit for bit (each stage is split into
    /// fixed parts of independent bodies, or of contacts of one colour, with a barrier
    /// between colours; Docs/collisions.md, "Threads"). UIKit's solver and the stages
    /// around the solver run on the stepping thread.
    ///
    /// The count is not state: snapshots leave it out, `stateHash` does not feed it, and
    /// copies of a world share the helpers (a copy stepped while another uses them steps
    /// on its own thread alone).
    public var workerCount: Int { solverWorkers?.participants ?? 1 }

    /// Sets `workerCount`, starting or stopping the helper threads.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `workerCount` unless it is in
    ///   1…`maximumWorkerCount`.
    public mutating func setWorkerCount(_ count: Int) throws(HookeError) {
        guard (1...Self.maximumWorkerCount).contains(count) else {
            throw .invalidParameter("workerCount", value: Double(count), requirement: "in 1...\(Self.maximumWorkerCount)")
        }
        guard count != workerCount else { return }
        solverWorkers = count == 1 ? nil : SolverWorkers(participants: count)
    }
}
