import Foundation
import Hooke
import HookeInteractions
import XCTest

/// Measures one `MeshJellyEdge` step (both axes) and the exponential paid when the pulled
/// point or h changes (prints ns; meaningful in release:
/// `swift test -c release --disable-swift-testing --filter MeshJellyEdgeTiming`).
final class MeshJellyEdgeTiming: XCTestCase {
    func testStepAndStepMapCost() throws {
        for m in [16, 64] {
            var edge = try MeshJellyEdge(controlPoints: m)
            edge.handle(try GestureEvent(.began, time: 0, location: SIMD2(100, 150)))
            edge.handle(try GestureEvent(.changed, time: 0, location: SIMD2(130, 300)))
            edge.step(by: 1.0 / 120)        // the first step map (and the libraries' start-up)
            // A new pulled point: the next step builds its map, one exponential.
            edge.handle(try GestureEvent(.ended, time: 0, location: SIMD2(130, 300)))
            edge.handle(try GestureEvent(.began, time: 0, location: SIMD2(300, 150)))
            var start = DispatchTime.now().uptimeNanoseconds
            edge.step(by: 1.0 / 120)
            let build = Double(DispatchTime.now().uptimeNanoseconds - start)
            let steps = 20_000
            start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<steps { edge.step(by: 1.0 / 120) }
            let perStep = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(steps)
            print(String(format: "MeshJellyEdge m = %d: step map %.1f µs, %.0f ns per step (both axes)",
                         m, build / 1e3, perStep))
            XCTAssertEqual(edge.phase, .dragging)
            XCTAssertTrue(edge.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        }
    }
}
