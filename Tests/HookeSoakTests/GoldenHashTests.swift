import HookeCore
import HookeSoak
import XCTest

/// The golden determinism hashes (Docs/reliability.md, "Golden determinism hashes"): the
/// reference scenes' final states, bit for bit, against the hashes committed for this
/// platform and build, and every thread count against one thread.
final class GoldenHashTests: XCTestCase {
    /// Box2D's determinism test: the threaded engines give the same bits for every
    /// worker count. Checked on every platform, committed hashes or not.
    func testEveryThreadCountGivesTheHashOfOneThread() throws {
        let one = try GoldenScenes.threadedHashes(threads: 1)
        for threads in GoldenScenes.threadCounts.dropFirst() {
            let hashes = try GoldenScenes.threadedHashes(threads: threads)
            XCTAssertEqual(hashes.map(\.name), one.map(\.name))
            for (scene, reference) in zip(hashes, one) {
                XCTAssertEqual(BitHash.hex(scene.hash), BitHash.hex(reference.hash),
                               "\(scene.name) at \(threads) threads differs from 1 thread")
            }
        }
    }

    /// Every scene against the committed table; a platform or build with no row is
    /// skipped with the row to commit in the message, never passed silently.
    func testTheScenesGiveTheCommittedHashes() throws {
        let key = GoldenScenes.key
        let hashes = try GoldenScenes.hashes()
        XCTAssertEqual(hashes.map(\.name).count, Set(hashes.map(\.name)).count, "scene names are unique")
        guard let committed = GoldenHashes.committed[key] else {
            let row = hashes.map { "        \"\($0.name)\": \"\(BitHash.hex($0.hash))\"," }.joined(separator: "\n")
            print("golden hashes to commit for \(key) (Benchmarks/HookeSoak/Golden/GoldenHashes.swift):\n"
                  + "    \"\(key)\": [\n\(row)\n    ],")
            throw XCTSkip("no golden hashes committed for \(key); the values to commit: "
                          + hashes.map { "\($0.name) \(BitHash.hex($0.hash))" }.joined(separator: ", "))
        }
        XCTAssertEqual(Set(committed.keys), Set(hashes.map(\.name)), "the committed scenes for \(key)")
        for (name, hash) in hashes {
            XCTAssertEqual(BitHash.hex(hash), committed[name], "\(name) on \(key): the arithmetic changed")
        }
    }

    /// The same scene twice in one process gives the same bits (the hash depends on the
    /// state alone).
    func testASceneRunTwiceGivesTheSameHash() throws {
        XCTAssertEqual(try GoldenScenes.pyramid(solver: .softStep(substeps: 4)),
                       try GoldenScenes.pyramid(solver: .softStep(substeps: 4)))
    }

    /// FNV-1a over little-endian 64-bit words: the offset basis for nothing, the published
    /// vector for eight zero bytes, and different hashes for +0 and −0.
    func testBitHashIsFNV1aOverTheBitPatterns() {
        XCTAssertEqual(BitHash().value, 0xCBF2_9CE4_8422_2325)
        var zero = BitHash()
        zero.combine(bits: 0)
        // FNV-1a 64 of eight zero bytes.
        var expected: UInt64 = 0xCBF2_9CE4_8422_2325
        for _ in 0..<8 { expected = (expected ^ 0) &* 0x0000_0100_0000_01B3 }
        XCTAssertEqual(zero.value, expected)
        var plus = BitHash(), minus = BitHash()
        plus.combine(0.0)
        minus.combine(-0.0)
        XCTAssertNotEqual(plus.value, minus.value)
        var a = BitHash()
        a.combine(bits: 0x0102_0304_0506_0708)
        // The bytes are fed least significant first: 08 07 … 01.
        var b: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte: UInt64 in [8, 7, 6, 5, 4, 3, 2, 1] { b = (b ^ byte) &* 0x0000_0100_0000_01B3 }
        XCTAssertEqual(a.value, b)
        XCTAssertEqual(BitHash.hex(0xAB), "00000000000000ab")
    }
}
