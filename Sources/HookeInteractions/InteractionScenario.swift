import Hooke

/// A scenario file with interaction bodies: the world part (`Scenario`) and the
/// `interactions` section, each a body of a source article driven by a recorded gesture.
///
/// Hooke's `Scenario.parse(_:)` refuses the `interactions` key (the World does not know
/// gestures); `InteractionScenario.parse(_:)` reads the whole document, and `hooke
/// simulate` runs it. A document without `interactions` reads and runs exactly as with
/// `Scenario`, and its rows have the nine standard columns; with interactions every row
/// has the six more of `columns`.
///
/// ```swift
/// let file = try InteractionScenario.parse(Data(contentsOf: url))
/// let rows = try file.run()       // InteractionSample, step 0 first
/// ```
public struct InteractionScenario: Sendable {
    /// The world, its bodies and behaviours, duration and recording.
    public let scenario: Scenario
    /// The interaction bodies, in file order (the order of their rows, after the bodies').
    public let interactions: [ScenarioInteraction]
    /// FNV-1a (64-bit) of the document's bytes: which file a run's snapshot belongs to
    /// (`ScenarioSnapshot`).
    public let sourceHash: UInt64

    /// The output columns of a scenario with interactions: the nine standard ones, then
    /// scale, alpha, overlay (the swipe card's overlay opacity), overlayMode (`like`,
    /// `nope` or empty), exitSide (`right`, `left` or empty) and state (the phase).
    public static let columns =
        ScenarioSample.columns + ["scale", "alpha", "overlay", "overlayMode", "exitSide", "state"]

    /// A simulation at step 0: the events at time 0 delivered, no step run.
    ///
    /// - Throws: `ScenarioError` as `ScenarioSimulation.init`.
    public func simulation() throws(ScenarioError) -> InteractionSimulation {
        try InteractionSimulation(self)
    }

    /// Runs for `duration` seconds (the scenario's own when nil) and returns the recorded
    /// rows: `record.every` steps apart from step 0; at each, the recorded world bodies in
    /// file order, then every interaction's rows in file order.
    ///
    /// - Throws: `ScenarioError` as `ScenarioSimulation.advance()`.
    public func run(duration: Double? = nil) throws(ScenarioError) -> [InteractionSample] {
        var simulation = try InteractionSimulation(self)
        var rows: [InteractionSample] = []
        try simulation.run(duration: duration) { rows.append($0) }
        return rows
    }
}
