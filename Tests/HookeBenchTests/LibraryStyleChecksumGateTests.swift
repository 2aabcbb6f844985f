import XCTest
@testable import hooke_bench

/// The checksum gate's rule for `library-style` (`ChecksumAgreement`): it is not compared
/// with the exact engines, whose state its Euler steps do not reproduce, but must equal
/// its own recurrence's checksum bit for bit.
final class LibraryStyleChecksumGateTests: XCTestCase {
    private func record(_ engine: EngineKind, checksum: Double, recurrence: Double? = nil) -> BenchRecord {
        var record = BenchRecord(
            scenario: .springs, items: 10, threads: 1, engine: engine,
            plan: FramePlan(stepsPerRepetition: 2, stepsPerFrame: 2), retargetsPerFrame: 1,
            timing: Timing(seconds: [1]), bytesPerItem: 0, checksum: checksum)
        record.recurrenceChecksum = recurrence
        return record
    }

    func testLibraryStyleIsHeldToItsRecurrenceNotToTheExactEngines() {
        let exact = record(.cLoop, checksum: 1000)
        // 5% from the exact engine's: the discretisation error, not a failure.
        let agreeing = record(.libraryStyle, checksum: 1050, recurrence: 1050)
        XCTAssertEqual(ChecksumAgreement.mismatches(in: [exact, agreeing]), [])
        XCTAssertEqual(ChecksumAgreement.discretisationDifferences(in: [exact, agreeing]).count, 1)

        let offByOneUlp = record(.libraryStyle, checksum: 1050, recurrence: 1050.0.nextUp)
        XCTAssertEqual(ChecksumAgreement.mismatches(in: [exact, offByOneUlp]).count, 1)

        let notReplayed = record(.libraryStyle, checksum: 1050)
        XCTAssertEqual(ChecksumAgreement.mismatches(in: [notReplayed]).count, 1,
                       "a record without its recurrence's checksum fails, alone too")
    }
}
