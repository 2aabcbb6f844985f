import Foundation
import Hooke
import XCTest

/// A throwing `SpringBatch.init` leaked its rest queue (256 bytes per throw under ASan):
/// the queue was a property's default value, allocated before the parameters were
/// checked, and a class whose init throws never runs its deinit.
final class SpringBatchInitLeakedItsRestQueueTests: XCTestCase {
    func testARefusedBatchAllocatesNothingThatOutlivesIt() throws {
        // Resident memory from /proc/self/statm (pages, second field), Linux's own count.
        func residentBytes() throws -> Int {
            let text = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
            guard let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
                throw XCTSkip("no resident size in /proc/self/statm")
            }
            return pages * Int(getpagesize())
        }
        guard FileManager.default.fileExists(atPath: "/proc/self/statm") else { throw XCTSkip("no /proc") }
        // Warm up whatever the first refusals allocate once (error metadata, strings).
        for _ in 0..<1_000 { _ = try? SpringBatch<Double>(timestep: -1) }
        let before = try residentBytes()
        for _ in 0..<50_000 {
            _ = try? SpringBatch<Double>(timestep: -1)
            _ = try? SpringBatch<Float>(restTolerance: 2)
        }
        let grown = try residentBytes() - before
        // A leak of one 256-byte queue per refusal would be 25.6 MB.
        XCTAssertLessThan(grown, 8 << 20, "resident memory grew by \(grown) bytes over 100 000 refusals")
    }
}
