import Foundation
import XCTest

/// `hooke sweep merge` converted a part's `"shard": {"count": 1e300}` to an Int and died
/// with SIGILL; a fractional index or count was silently truncated. Both are now refused
/// as an invalid shard, with status 2 and no output.
final class SweepMergeShardCountBeyondIntTrappedTests: CommandTestCase {
    func testAShardCountBeyondIntOrNotWholeIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try SweepTestSupport.mergePart(in: directory)
        XCTAssertTrue(text.contains(#""shard":{"index":0,"count":1}"#))

        for shard in [#"{"index":0,"count":1e300}"#, #"{"index":0,"count":9223372036854775808}"#,
                      #"{"index":0,"count":1.5}"#, #"{"index":0.5,"count":1}"#] {
            let broken = text.replacingOccurrences(of: #""shard":{"index":0,"count":1}"#, with: "\"shard\":\(shard)")
            try Data(broken.utf8).write(to: directory.appendingPathComponent("broken.json"))
            let result = try CommandRunner.run(["sweep", "merge", "broken.json", "--out", "out.json"], in: directory)
            XCTAssertEqual(result.status, 2, "\(shard): \(result.standardError)")
            XCTAssertEqual(result.standardError, "hooke: merge: broken.json has no valid shard index/count\n", shard)
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
        }
    }
}
