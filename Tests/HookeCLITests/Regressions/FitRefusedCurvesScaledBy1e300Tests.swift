import Foundation
import Hooke
import XCTest

/// `hooke fit` refused good curves whose values were scaled by 10³⁰⁰ or 10⁻³⁰⁰ ("no
/// spring reproduces the curve", or R² = nan): the least squares ran on the raw values,
/// whose squares overflow or underflow.
final class FitRefusedCurvesScaledBy1e300Tests: XCTestCase {
    func testTheSpringOfAScaledCurveIsFoundAtEveryScale() throws {
        // Samples of the exact step response of k = 200, c = 12 (mass 1), 0 → 1, at 60 Hz.
        let spring = try Spring(mass: 1, stiffness: 200, damping: 12)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-fit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for scale in [1e-300, 1.0, 1e300] {
            var csv = "t,value\n"
            for i in 0..<60 {
                let t = Double(i) / 60
                csv += "\(t),\(scale * spring.state(at: t, from: 0, to: 1).value)\n"
            }
            let path = directory.appendingPathComponent("curve-\(scale).csv").path
            try csv.write(toFile: path, atomically: false, encoding: .utf8)
            let fit = try CommandRunner.json(["fit", path, "--json"])
            let stiffness = try XCTUnwrap(fit["stiffnessPerMass"] as? Double, "scale \(scale)")
            let damping = try XCTUnwrap(fit["dampingPerMass"] as? Double, "scale \(scale)")
            XCTAssertEqual(stiffness, 200, accuracy: 1e-6, "scale \(scale)")
            XCTAssertEqual(damping, 12, accuracy: 1e-6, "scale \(scale)")
            let target = try XCTUnwrap((fit["spring"] as? [String: Any])?["to"] as? Double, "target at scale \(scale)")
            XCTAssertEqual(target / scale, 1, accuracy: 1e-9, "scale \(scale)")
        }
    }
}
