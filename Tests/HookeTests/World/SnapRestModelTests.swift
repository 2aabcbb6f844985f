import Foundation
import HookeCore
@testable import HookeWorld
import XCTest

/// `SnapRestModel`, the linearised step that `SnapBehavior.rest` decides by, against the
/// World's step it was measured on.
final class SnapRestModelTests: XCTestCase {
    /// The margin by which the rule narrows its bands (4t/L) rests on the World departing
    /// from its linearisation by much less. From the state at which each of 40 start states
    /// comes to rest, the World is stepped 300 times beside the linear map: the positions
    /// differ by at most a fifth of the margin. Prints the largest departure.
    func testTheWorldDepartsFromItsLinearisedStepByLessThanAFifthOfTheMargin() throws {
        let rest = try SnapRest(screenScale: 3)
        var worst = 0.0
        for s in WorldSnapRestTests.starts(count: 40) {
            var (free, item) = try WorldSnapRestTests.world(s, rest: nil, allowsSleeping: false)
            var (ruled, same) = try WorldSnapRestTests.world(s, rest: rest, allowsSleeping: true)
            let i = try XCTUnwrap(free.liveSlot(item))
            let model = try XCTUnwrap(SnapRestModel(SnapRestModel.Key(
                size: free.bodies.shape[i].size, inverseMass: free.bodies.inverseMass[i],
                inverseInertia: free.bodies.inverseInertia[i], resistance: s.properties.resistance,
                angularResistance: s.properties.angularResistance, damping: s.damping,
                configuration: free.configuration)))
            while !ruled.body(same).isResting {
                free.step()
                ruled.step()
            }
            let slot = try XCTUnwrap(free.behaviors.order.first)
            let joints = try XCTUnwrap(free.behaviors.records[slot])[0].joints
            let p = WorldSnapRestTests.snapPoint
            var e = free.snapRestState(of: i, snappedTo: p, joints: joints, scale: model.scale)
            for _ in 0..<300 {
                e = (0..<10).map { r in (0..<10).reduce(0) { $0 + model.transition[r * 10 + $1] * e[$1] } }
                free.step()
                let d = free.bodies.center[i] - p
                worst = max(worst, abs(d.x - e[0]), abs(d.y - e[1]))
            }
        }
        let band = rest.position.value
        let margin = 1 - model(band).x / band
        print("snap rest model: largest departure \(worst / band) of a band of \(band) pt; margin \(margin)")
        XCTAssertLessThan(worst / band, margin / 5)
    }

    /// The decision bands for a band of `t` points and 0.1°, for an item whose half
    /// diagonal is under t/0.1° (so the position band is the wider).
    private func model(_ t: Double) -> SIMD3<Double> {
        let key = SnapRestModel.Key(size: SIMD2(20, 20), inverseMass: 1 / 400, inverseInertia: 6 / (400 * 800),
                                    resistance: 0.1, angularResistance: 0.1, damping: 0.5,
                                    configuration: WorldConfiguration())
        return SnapRestModel(key)!.decisionBands(position: t, rotation: RestThreshold.rotation.value)
    }
}
