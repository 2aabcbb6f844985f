import Foundation
import XCTest

/// `hooke tour` run as `make run` runs it (from the checkout, without the benchmark):
/// it writes what it documents and nothing else, and its pages are the scenes' runs.
final class TourCommandTests: CommandTestCase {
    func testTheTourWritesItsPagesAndNothingElse() throws {
        let out = path("tour")
        let result = try CommandRunner.run(["tour", "--out", out, "--no-bench"], in: SimulateCommandTests.root)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("open \(out)/index.html"), result.standardOutput)
        XCTAssertEqual(try contents(), ["tour"])   // checked before the sweep below writes beside it
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        XCTAssertEqual(files, ["index.html", "scenes", "springs-bounce.svg", "springs-damping-ratio.svg",
                               "springs-stiffness.svg", "sweep.csv", "sweep.svg"])
        let scenes = try FileManager.default.contentsOfDirectory(atPath: out + "/scenes").sorted()
        XCTAssertEqual(scenes.count, 14)
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        for scene in scenes {
            XCTAssertTrue(index.contains("href=\"scenes/\(scene)\""), "the index does not link \(scene)")
        }
        // The index shows the recommendation `hooke sweep` prints for the same grid (all
        // but its first line, which names the output file).
        let sweep = try CommandRunner.run(["sweep", "--damping-ratio", "0.5:1:0.05", "--response", "0.2:0.6:0.05",
                                           "--max-overshoot", "0.02", "--objective", "settle", "--out", path("sweep.csv")])
        XCTAssertEqual(sweep.status, 0, sweep.standardError)
        let recommendation = sweep.standardOutput.split(separator: "\n").dropFirst().joined(separator: "\n")
        XCTAssertTrue(recommendation.contains("recommendation (objective: settle"), recommendation)
        let escaped = recommendation.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        XCTAssertTrue(index.contains(escaped), "the index lacks the sweep's recommendation")
        // Every scene page holds as many frames as `hooke simulate` records for the scene.
        for (page, scenario) in [("cradle.html", "cradle.json"), ("interactions-swipe-card.html", "interactions/swipe-card.json")] {
            let simulated = try CommandRunner.run(["simulate", SimulateCommandTests.examples.path + "/" + scenario])
            XCTAssertEqual(simulated.status, 0, simulated.standardError)
            let steps = Set(simulated.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[0] })
            let text = try String(contentsOfFile: out + "/scenes/" + page, encoding: .utf8)
            XCTAssertTrue(text.contains("\"frameSteps\":[") , page)
            let frameSteps = try XCTUnwrap(text.components(separatedBy: "\"frameSteps\":[").dropFirst().first?
                .split(separator: "]").first)
            XCTAssertEqual(frameSteps.split(separator: ",").count, steps.count, page)
        }
        XCTAssertTrue(result.standardError.contains("tour: 16/16 sweep"), result.standardError)
    }

    func testAnOutputThatIsAFileIsRefused() throws {
        let file = try write("not a directory", "tour")
        let result = try CommandRunner.run(["tour", "--out", file, "--no-bench"], in: SimulateCommandTests.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError, "hooke: --out: '\(file)' exists and is not a directory\n")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "not a directory")
    }

    func testAMissingExamplesDirectoryIsRefusedBeforeAnythingIsWritten() throws {
        let result = try CommandRunner.run(["tour", "--out", path("tour"), "--examples", path("none")])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.contains("--examples: no interactions/swipe-card.json"), result.standardError)
        XCTAssertEqual(try contents(), [])
    }
}
