import Hooke
@testable import HookeBatch
import XCTest

/// Where `AlignedBuffer` puts its first element, and that growing keeps the elements.
final class AlignedBufferTests: XCTestCase {
    func testPageOffsetHoldsThroughGrowthAndElementsAreKept() {
        for offset in [0, 64, 1024, 2048, 3072, 4032] {
            let buffer = AlignedBuffer<Double>(pageOffset: offset)
            for n in [1, 17, 300, 5000] {
                let live = buffer.capacity
                for i in 0..<live { buffer.base[i] = Double(i) }
                buffer.reserve(n, keeping: live)
                XCTAssertEqual(Int(bitPattern: buffer.base) % 4096, offset, "offset \(offset), capacity \(buffer.capacity)")
                XCTAssertGreaterThanOrEqual(buffer.capacity, n)
                XCTAssertTrue((0..<live).allSatisfy { buffer.base[$0] == Double($0) }, "elements kept")
            }
        }
    }

    func testWithoutAnOffsetTheFirstElementIsOnALine() {
        let buffer = AlignedBuffer<Float>()
        for n in [16, 100, 10_000] {
            buffer.reserve(n, keeping: 0)
            XCTAssertEqual(Int(bitPattern: buffer.base) % 64, 0)
        }
    }
}
