import HookeCore
import HookeWorld

/// What a `ScenarioSimulation` carries from one step into the next beyond its file:
/// the world, the step count, the handles of the file's behaviours in the world, and
/// the events of the last step.
package struct ScenarioSimulationState: Codable, Sendable {
    package var world: WorldSnapshot
    package var step: Int
    package var added: [BehaviorHandle?]
    package var events: [ScenarioEvent]
}

extension ScenarioSimulation {
    /// The run's state now, between two steps.
    ///
    /// - Throws: `SnapshotError` as `World.snapshot()`.
    package func snapshotState() throws(SnapshotError) -> ScenarioSimulationState {
        do {
            return ScenarioSimulationState(world: try world.snapshot(), step: step, added: added, events: events)
        } catch {
            throw SnapshotError(path: error.path.isEmpty ? "world" : "world.\(error.path)", error.message)
        }
    }

    /// Puts the run in `state` (read from a snapshot of a run of the same file).
    ///
    /// - Throws: `SnapshotError` naming `step` or `added` when they do not fit the file.
    package mutating func restore(_ state: ScenarioSimulationState, at path: String) throws(SnapshotError) {
        guard state.added.count == scenario.behaviors.count else {
            throw SnapshotError(path: "\(path).added", "\(state.added.count) behaviours, the scenario has \(scenario.behaviors.count)")
        }
        guard (0...Scenario.maximumStepCount).contains(state.step),
              state.world.stepCount == state.step * scenario.worldStepsPerStep else {
            throw SnapshotError(path: "\(path).step", "\(state.step) is not the world's step count over its substeps")
        }
        world = World(restoring: state.world)
        step = state.step
        added = state.added
        events = state.events
    }
}
