import Foundation
import XCTest

/// The scenes the tour adds to Docs/examples behave as their physics says.
final class TourScenesTests: XCTestCase {
    /// Each body's recorded rows (x, y, vx, vy by step) from `hooke simulate` of an example.
    func tracks(_ example: String) throws -> [String: [(step: Int, x: Double, y: Double, vx: Double, vy: Double)]] {
        let result = try CommandRunner.run(["simulate", SimulateCommandTests.examples.path + "/" + example])
        XCTAssertEqual(result.status, 0, result.standardError)
        var tracks: [String: [(step: Int, x: Double, y: Double, vx: Double, vy: Double)]] = [:]
        for line in result.standardOutput.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",").map(String.init)
            tracks[f[2], default: []].append((Int(f[0])!, Double(f[3])!, Double(f[4])!, Double(f[6])!, Double(f[7])!))
        }
        return tracks
    }

    /// Equal elastic balls pass the first ball's momentum and energy down the row
    /// (conservation of both in a head-on elastic collision of equal masses): the last
    /// ball swings up to the height the first was let go from, the middle ones barely
    /// move. Sequential impulses lose a little of it (about 1 % here), so 3 % is allowed.
    func testNewtonsCradleSwingsTheLastBallUpToTheFirstBallsHeight() throws {
        let t = try tracks("cradle.json")
        let anchorY = 150.0, length = 150.0
        let dropHeight = (anchorY + length) - t["ball0"]![0].y          // above the lowest point
        let ball4Peak = (anchorY + length) - t["ball4"]!.map(\.y).min()!
        XCTAssertEqual(ball4Peak, dropHeight, accuracy: 0.03 * dropHeight)
        // The last ball rises within the first swing (a quarter period is about
        // π/2·√(L/g) ≈ 0.6 s; it leaves after the first ball's quarter swing).
        let peakStep = t["ball4"]!.min { $0.y < $1.y }!.step
        XCTAssertLessThan(Double(peakStep) / 120, 1.5)
        for id in ["ball1", "ball2", "ball3"] {
            let xs = t[id]!.map(\.x)
            XCTAssertLessThan(xs.max()! - xs.min()!, 0.1 * length, id)
        }
    }

    /// A spring field pulls toward its position, and the item's resistance takes its
    /// energy: the thrown tile comes to rest on the field point of the quadrant it was
    /// thrown into (up and right: the top-right corner field at (315, 60)).
    func testStickyCornersTileComesToRestOnTheCornerItWasThrownTo() throws {
        let last = try XCTUnwrap(try tracks("sticky-corners.json")["tile"]?.last)
        XCTAssertEqual(last.x, 315, accuracy: 0.1)
        XCTAssertEqual(last.y, 60, accuracy: 0.1)
        XCTAssertEqual(last.vx, 0)
        XCTAssertEqual(last.vy, 0)
    }

    /// The 24-row pyramid on the soft step stands: every box ends at rest (asleep), none
    /// has slid sideways by more than 2 pt or sunk by more than the skins' compression.
    func testThePyramidStandsOnTheSoftStep() throws {
        let t = try tracks("pyramid.json")
        XCTAssertEqual(t.count, 300)
        for (id, track) in t {
            let first = track[0], last = track[track.count - 1]
            XCTAssertEqual(last.vx, 0, id)
            XCTAssertEqual(last.vy, 0, id)
            XCTAssertEqual(last.x, first.x, accuracy: 2, id)
            XCTAssertEqual(last.y, first.y, accuracy: 8, id)
        }
    }
}
