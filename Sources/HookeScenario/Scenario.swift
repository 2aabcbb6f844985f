import Foundation

/// A scenario file for `hooke simulate`: a world, its bodies, the behaviours acting on
/// them over time, how long to run and what to record.
///
/// A `Scenario` is only ever produced by `Scenario.parse(_:)`, which refuses any
/// document that breaks the format (Docs/scenarios.md); every value it holds has
/// therefore been checked: ids are unique and every reference names a body, sizes
/// and densities are positive, polygons are convex and counter-clockwise,
/// `until > at`, and so on.
///
/// ```swift
/// let scenario = try Scenario.parse(Data(contentsOf: url))
/// for body in scenario.bodies { print(body.id, body.center) }
/// ```
public struct Scenario: Sendable, Equatable {
    public let world: ScenarioWorld
    /// Bodies in file order (the order of recorded rows).
    public let bodies: [ScenarioBody]
    /// Behaviours in file order.
    public let behaviors: [ScenarioBehavior]
    /// Simulated time to run, in seconds (> 0).
    public let duration: Double
    public let record: ScenarioRecord
    /// Questions asked of the world during the run, in file order.
    public var queries: [ScenarioQuery] = []

    /// The body named `id`, if any.
    public func body(_ id: String) -> ScenarioBody? { bodies.first { $0.id == id } }
}
