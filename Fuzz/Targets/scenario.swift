import Foundation
import Hooke
import HookeInteractions
@testable import hooke

/// Fuzz target `scenario`: a scenario file as `hooke simulate` reads it.
///
/// The input is parsed with `InteractionScenario.parse` (which runs `Scenario.parse` on
/// everything but the `interactions` section) and, for documents without interactions,
/// with `Scenario.parse` too: the two must agree. An accepted scenario is then built and
/// run on the World as `hooke simulate` runs it (`InteractionScenario.run`, the rows
/// formatted as CSV and JSON by `SimulateCommand`), for at most `maximumSteps` steps so
/// that one input takes milliseconds.
let maximumSteps = 48

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let plain = try? Scenario.parse(bytes)
    guard let file = try? InteractionScenario.parse(bytes) else {
        fuzzCheck(plain == nil, "Scenario.parse accepts a document InteractionScenario.parse refuses")
        return 0
    }
    if let plain {
        fuzzCheck(file.interactions.isEmpty && file.scenario == plain,
                  "Scenario.parse and InteractionScenario.parse read the same document differently")
    }
    // The scenario's own duration when it is short; else the first `maximumSteps` steps
    // (a duration of at most 48 h, which is finite: h is at most 1.8e308 / 48 here).
    let capped = file.scenario.stepCount() > maximumSteps
    let h = file.scenario.world.timestep
    let duration = capped && (Double(maximumSteps) * h).isFinite ? Double(maximumSteps) * h : nil
    guard let rows = try? file.run(duration: duration) else { return 0 }
    let extended = !file.interactions.isEmpty
    for row in rows {
        _ = SimulateCommand.csvLine(row, extended: extended)
        _ = SimulateCommand.jsonObject(row, extended: extended)
    }
    return 0
}
