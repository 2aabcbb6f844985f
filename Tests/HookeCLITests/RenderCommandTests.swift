import Foundation
import XCTest

/// `hooke render` run as a user runs it: the page holds the trajectory the World
/// computes, and bad requests are refused before anything is written.
final class RenderCommandTests: CommandTestCase {
    /// The JSON the page embeds (`<script id="hooke-data">`), and its frames decoded from
    /// base64 float32: frames[f][k] is recorded body k's columns at frame f.
    func pageData(_ path: String) throws -> (data: [String: Any], frames: [[[Float]]]) {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let open = try XCTUnwrap(text.range(of: "<script type=\"application/json\" id=\"hooke-data\">"))
        let close = try XCTUnwrap(text.range(of: "</script>", range: open.upperBound..<text.endIndex))
        let json = String(text[open.upperBound..<close.lowerBound])
        let data = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let bytes = try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(data["values"] as? String)))
        let floats = bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let bodies = try XCTUnwrap(data["recorded"] as? [String]).count
        let columns = try XCTUnwrap(data["columns"] as? [String]).count
        let perFrame = bodies * columns
        XCTAssertEqual(floats.count % perFrame, 0)
        let frames = stride(from: 0, to: floats.count, by: perFrame).map { start in
            (0..<bodies).map { k in Array(floats[(start + k * columns)..<(start + (k + 1) * columns)]) }
        }
        return (data, frames)
    }

    /// The box of `SimulateCommandTests.drop` falls as UIKit's integrator makes it:
    /// v ← (v + h·g)/(1 + h·c), y ← y + h·v (g = 1000 pt/s², c = 0.1), and the ball,
    /// with no gravity, slows as u ← u/(1 + h·c), x ← x + h·u; the page stores those
    /// values at every recorded step, to float32's precision.
    func testThePageHoldsTheClosedFormFallOfTheBox() throws {
        let page = path("drop.html")
        let result = try CommandRunner.run(["render", try write(SimulateCommandTests.drop), "--html", page])
        XCTAssertEqual(result.status, 0, result.standardError)
        let (data, frames) = try pageData(page)
        XCTAssertEqual(data["recorded"] as? [String], ["box", "ball"])
        XCTAssertEqual(data["columns"] as? [String], ["x", "y", "angle", "vx", "vy", "omega"])
        // 0.5 s at 1/120 s, recorded every 3 steps: steps 0, 3, …, 60.
        XCTAssertEqual(data["frameSteps"] as? [Double], stride(from: 0, through: 60, by: 3).map(Double.init))
        XCTAssertEqual(frames.count, 21)
        let h = 1.0 / 120, c = 0.1
        var v = 0.0, y = 50.0, u = 12.5, x = 60.0
        for (f, frame) in frames.enumerated() {
            XCTAssertEqual(Double(frame[0][1]), y, accuracy: 1e-6 * max(1, abs(y)), "frame \(f)")
            XCTAssertEqual(Double(frame[0][4]), v, accuracy: 1e-6 * max(1, abs(v)), "frame \(f)")
            XCTAssertEqual(Double(frame[1][0]), x, accuracy: 1e-6 * x, "frame \(f)")
            XCTAssertEqual(Double(frame[1][3]), u, accuracy: 1e-6 * u, "frame \(f)")
            for _ in 0..<3 {
                v = (v + h * 1000) / (1 + h * c)
                y += h * v
                u /= 1 + h * c
                x += h * u
            }
        }
        XCTAssertTrue(result.standardOutput.contains("21 frames of 2 bodies"), result.standardOutput)
    }

    /// A page whose recorded body-steps pass the cap is refused before the run, with
    /// the count and the way out in one line, and nothing is written.
    func testAPageBeyondTheSampleCapIsRefusedBeforeItRuns() throws {
        let page = path("long.html")
        let result = try CommandRunner.run(["render", try write(SimulateCommandTests.drop), "--html", page,
                                            "--duration", "100000"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.contains("recorded body-steps"), result.standardError)
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
        XCTAssertEqual(try contents(), ["scenario.json"])
    }

    /// The page may not replace the scenario it is made from.
    func testThePageCannotOverwriteItsScenario() throws {
        let scenario = try write(SimulateCommandTests.drop)
        let result = try CommandRunner.run(["render", scenario, "--html", scenario])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(try String(contentsOfFile: scenario, encoding: .utf8), SimulateCommandTests.drop)
    }
}
