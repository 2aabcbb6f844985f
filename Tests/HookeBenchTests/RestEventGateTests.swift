import XCTest
@testable import hooke_bench

/// The gate's rule for engines that drain rest events (`ChecksumAgreement`): an engine
/// meant to reproduce another bit for bit (`c-best-services` and `hooke`) must also have
/// drained as many rest events; `c-best`, which keeps none, is held to the state only.
final class RestEventGateTests: XCTestCase {
    private func record(_ engine: EngineKind, restEvents: Int?) -> BenchRecord {
        var record = BenchRecord(
            scenario: .springs, items: 10, threads: 1, engine: engine,
            plan: FramePlan(stepsPerRepetition: 2, stepsPerFrame: 2), retargetsPerFrame: 1,
            timing: Timing(seconds: [1]), bytesPerItem: 0, checksum: 1000)
        record.restEvents = restEvents
        return record
    }

    func testAnEngineBitIdenticalToHookeMustDrainAsManyRestEvents() {
        let hooke = record(.hooke, restEvents: 453_750)
        XCTAssertEqual(ChecksumAgreement.mismatches(in: [hooke, record(.cBestServices, restEvents: 453_750)]), [])
        XCTAssertEqual(ChecksumAgreement.mismatches(in: [hooke, record(.cBestServices, restEvents: 453_749)]).count, 1)
        XCTAssertEqual(ChecksumAgreement.mismatches(in: [hooke, record(.cBest, restEvents: nil)]), [])
    }
}
