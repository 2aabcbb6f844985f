import Foundation
import Hooke
import XCTest

/// `hooke sweep` over every parameterisation of `hooke spring`: each grid point's spring
/// is the one its `Spring` initialiser makes, so its metrics are those of the same
/// (m, k, c) swept as stiffness and damping, bit for bit.
final class SweepParameterizationTests: CommandTestCase {
    /// The metric columns a sweep writes.
    private let metricNames = [
        "settlingDuration", "exactSettlingDuration", "overshoot", "peakTime", "riseTime", "oscillations",
        "peakVelocity", "peakAcceleration", "stable",
    ]

    /// Asserts that `row` and `other` hold bit-identical values (NaN equal to NaN) in `names`.
    private func assertSame(_ row: [String: Double], _ other: [String: Double], _ names: [String], _ label: String) {
        for name in names {
            let (a, b) = (row[name] ?? -1, other[name] ?? -2)
            XCTAssertTrue(a == b || (a.isNaN && b.isNaN), "\(label): \(name) \(a) vs \(b)")
        }
    }

    /// One point of each parameterisation against the same spring given as
    /// `--stiffness K --damping C --mass M` (K, C, M printed exactly, as Swift's shortest
    /// round-tripping decimals): the same coefficients and the same metrics.
    func testEveryParameterisationGivesTheMetricsOfItsSpringAsStiffnessAndDamping() throws {
        let cases: [([String], Spring)] = [
            (["--uikit-duration", "0.5", "--uikit-damping", "0.8", "--mass", "2"], try Spring(uikitDuration: 0.5, dampingRatio: 0.8, mass: 2)),
            (["--bounciness", "12", "--speed", "5"], try Spring(bounciness: 12, speed: 5)),
            (["--tension", "170", "--friction", "26"], try Spring(tension: 170, friction: 26)),
            (["--react-spring-frequency", "0.4", "--react-spring-damping", "0.6", "--mass", "3"],
             try Spring(reactSpringFrequency: 0.4, damping: 0.6, mass: 3)),
            (["--preset", "smooth", "--duration", "0.4", "--extra-bounce", "0.1"], try Spring.smooth(duration: 0.4, extraBounce: 0.1)),
            (["--preset", "snappy", "--extra-bounce", "-0.2"], try Spring.snappy(extraBounce: -0.2)),
            (["--preset", "bouncy", "--duration", "0.6"], try Spring.bouncy(duration: 0.6)),
            (["--visual-duration", "0.3", "--bounce", "0.25"], try Spring(visualDuration: 0.3, bounce: 0.25)),
            (["--android-stiffness", "1500", "--android-damping-ratio", "0.5"], try Spring(androidStiffness: 1500, dampingRatio: 0.5)),
            (["--android-stiffness", "400"], try Spring(androidStiffness: 400, dampingRatio: 0.5)),
            // Android's constant names, as hooke spring takes them.
            (["--android-stiffness", "medium-low", "--android-damping-ratio", "low-bouncy"],
             try Spring(androidStiffness: Spring.AndroidStiffness.mediumLow.rawValue,
                        dampingRatio: Spring.AndroidDampingRatio.lowBouncy.rawValue)),
        ]
        let move = ["--from", "10", "--to", "-30", "--initial-velocity", "-25", "--duration-limit", "4"]
        for (options, spring) in cases {
            let swept = try XCTUnwrap(try SweepTestSupport.sweepRows(options + move).first)
            let physical = try XCTUnwrap(try SweepTestSupport.sweepRows(
                ["--stiffness", "\(spring.stiffness)", "--damping", "\(spring.damping)", "--mass", "\(spring.mass)"] + move).first)
            XCTAssertEqual(swept["stiffness"], spring.stiffness, "\(options)")
            XCTAssertEqual(swept["damping"], spring.damping, "\(options)")
            XCTAssertEqual(swept["mass"], spring.mass, "\(options)")
            assertSame(swept, physical, metricNames, options.joined(separator: " "))
        }
    }

    /// react-spring's `config.default` (tension 170, friction 26, mass 1: react-spring's
    /// "Configs" documentation) is stiffness 170, damping 26, mass 1: the whole row of the
    /// tension/friction grid equals that of the stiffness/damping grid, bit for bit, over a
    /// grid of several points.
    func testReactSpringDefaultConfigIsStiffness170Damping26() throws {
        let tension = try SweepTestSupport.sweepRows(["--tension", "120,170,210", "--friction", "14,26", "--integrator", "verlet"])
        let physical = try SweepTestSupport.sweepRows(["--stiffness", "120,170,210", "--damping", "14,26", "--integrator", "verlet"])
        XCTAssertEqual(tension.count, 6)
        for (a, b) in zip(tension, physical) {
            assertSame(a, b, metricNames + ["stiffness", "damping", "mass", "dampingRatio", "response", "maxError"], "tension \(a["tension"]!)")
            XCTAssertEqual(a["tension"], a["stiffness"])
            XCTAssertEqual(a["friction"], a["damping"])
        }
        XCTAssertEqual(tension[2]["stiffness"], 170)
        XCTAssertEqual(tension[3]["damping"], 26)
    }

    /// Published values reached through the grid: Pop's and Rebound's bounciness 12,
    /// speed 5 is tension 193.4144, friction 14.2537; Apple's `Spring(duration: 0.5,
    /// bounce: 0.3)` (`Spring.bouncy`) is stiffness 157.9, damping 17.6; react-spring's
    /// frequency 0.5, damping 1 is tension (2π/0.5)², friction 4π·1/0.5.
    func testPublishedValues() throws {
        let pop = try XCTUnwrap(try SweepTestSupport.sweepRows(["--bounciness", "12", "--speed", "5"]).first)
        XCTAssertEqual(try XCTUnwrap(pop["stiffness"]), 193.4144, accuracy: 5e-5)
        XCTAssertEqual(try XCTUnwrap(pop["damping"]), 14.2537, accuracy: 5e-5)
        XCTAssertEqual(pop["bounciness"], 12)
        XCTAssertEqual(pop["speed"], 5)
        let bouncy = try XCTUnwrap(try SweepTestSupport.sweepRows(["--preset", "bouncy"]).first)
        XCTAssertEqual(try XCTUnwrap(bouncy["stiffness"]), 157.9, accuracy: 0.05)
        XCTAssertEqual(try XCTUnwrap(bouncy["damping"]), 17.6, accuracy: 0.05)
        XCTAssertEqual(try XCTUnwrap(bouncy["bounce"]), 0.3, accuracy: 1e-12)
        let frequency = try XCTUnwrap(try SweepTestSupport.sweepRows(
            ["--react-spring-frequency", "0.5", "--react-spring-damping", "1"]).first)
        XCTAssertEqual(try XCTUnwrap(frequency["stiffness"]), 157.91367041742973, accuracy: 1e-11)
        XCTAssertEqual(try XCTUnwrap(frequency["damping"]), 25.132741228718345, accuracy: 1e-12)
    }

    /// The closed form for SwiftUI's presets: an under-damped step from rest overshoots
    /// by e^{−ζπ/√(1−ζ²)} with ζ = 1 − (base + extra bounce), within the Hermite
    /// interpolation bound ω₀⁴h⁴/(384√(1−ζ²)) (SweepCommandTests).
    func testPresetOvershootIsTheClosedForm() throws {
        let h = 1.0 / 120
        for (preset, base) in [("smooth", 0.0), ("snappy", 0.15), ("bouncy", 0.3)] {
            let rows = try SweepTestSupport.sweepRows(["--preset", preset, "--duration", "0.3,0.5", "--extra-bounce", "0.1:0.4:0.15"])
            XCTAssertEqual(rows.count, 6)
            for row in rows {
                let extra = try XCTUnwrap(row["extraBounce"])
                let zeta = 1 - (base + extra)
                let omega = 2 * Double.pi / (try XCTUnwrap(row["duration"]))
                let root = (1 - zeta * zeta).squareRoot()
                XCTAssertEqual(try XCTUnwrap(row["dampingRatio"]), zeta, accuracy: 1e-12)
                XCTAssertEqual(try XCTUnwrap(row["overshoot"]), exp(-zeta * Double.pi / root),
                               accuracy: pow(omega * h, 4) / (384 * root) + 1e-12, "\(preset) \(row)")
            }
        }
    }

    /// Peak velocity and acceleration against closed forms: a critically damped step of
    /// size D from rest has velocity D·ω₀²·t·e^{−ω₀t}, largest at t = 1/ω₀ (D·ω₀/e),
    /// sampled within D·ω₀·(ω₀h)²/2 of it; its acceleration is largest at t = 0, where
    /// it is k·D/m exactly.
    func testPeakVelocityAndAccelerationAreTheClosedForms() throws {
        let h = 0.001
        let rows = try SweepTestSupport.sweepRows([
            "--damping-ratio", "1", "--response", "0.3,0.6", "--mass", "1,2", "--from", "0", "--to", "50",
            "--timestep", "\(h)", "--duration-limit", "3",
        ])
        for row in rows {
            let omega = 2 * Double.pi / (try XCTUnwrap(row["response"]))
            XCTAssertEqual(try XCTUnwrap(row["peakVelocity"]), 50 * omega / M_E, accuracy: 50 * omega * pow(omega * h, 2) / 2)
            XCTAssertEqual(try XCTUnwrap(row["peakAcceleration"]), 50 * omega * omega, accuracy: 1e-9 * 50 * omega * omega)
        }
    }

    /// `--max-peak-velocity` and `--max-peak-acceleration` exclude the points above them;
    /// `--objective peak-velocity|peak-acceleration` recommends the smallest among the rest.
    func testPeakConstraintsAndObjectives() throws {
        let grid = ["sweep", "--damping-ratio", "0.4:1:0.2", "--response", "0.2:0.6:0.1", "--format", "json"]
        for (objective, name) in [("peak-velocity", "peakVelocity"), ("peak-acceleration", "peakAcceleration")] {
            let all = try CommandRunner.json(grid + ["--objective", objective])
            let points = try XCTUnwrap(all["points"] as? [[String: Any]])
            let values = points.compactMap { $0[name] as? Double }
            let median = values.sorted()[values.count / 2]
            let limitOption = objective == "peak-velocity" ? "--max-peak-velocity" : "--max-peak-acceleration"
            let best = try XCTUnwrap(all["recommendation"] as? [String: Any])
            XCTAssertEqual(best[name] as? Double, values.min())
            // With the objective settle and a limit at the median, the recommendation is the
            // fastest-settling point at or below it.
            let limited = try CommandRunner.json(grid + [limitOption, "\(median)"])
            let chosen = try XCTUnwrap(limited["recommendation"] as? [String: Any])
            XCTAssertLessThanOrEqual(try XCTUnwrap(chosen[name] as? Double), median)
            let admitted = points.filter { ($0[name] as! Double) <= median && ($0["settlingDuration"] as? Double) != nil }
            XCTAssertEqual(chosen["settlingDuration"] as? Double, admitted.compactMap { $0["settlingDuration"] as? Double }.min())
            let constraints = try XCTUnwrap((limited["settings"] as? [String: Any])?["constraints"] as? [String: Any])
            XCTAssertEqual(constraints[objective == "peak-velocity" ? "maxPeakVelocity" : "maxPeakAcceleration"] as? Double, median)
        }
    }

    /// `make run`'s sweep (TourCommand.sweepArguments) recommends the smallest response:
    /// it warns, on one line of standard error and in JSON, naming --response and "below".
    /// A recommendation inside the grid, and one at the end of its parameter's domain
    /// (Pop's speed 20), are not warned about.
    func testEdgeWarningNamesTheAxisAndTheDirection() throws {
        let tour = ["sweep", "--damping-ratio", "0.5:1:0.05", "--response", "0.2:0.6:0.05", "--max-overshoot", "0.02", "--objective", "settle"]
        let run = try CommandRunner.run(tour)
        XCTAssertEqual(run.status, 0, run.standardError)
        let line = run.standardError.trimmingCharacters(in: .newlines)
        XCTAssertFalse(line.contains("\n"), line)
        XCTAssertTrue(line.contains("warning"), line)
        XCTAssertTrue(line.contains("minimum of --response (0.2); extend --response below 0.2"), line)
        XCTAssertFalse(line.contains("--damping-ratio"), line)
        let json = try CommandRunner.json(tour + ["--format", "json"])
        let warnings = try XCTUnwrap(json["edgeWarnings"] as? [[String: Any]])
        XCTAssertEqual(warnings.count, 1)
        XCTAssertEqual(warnings.first?["option"] as? String, "--response")
        XCTAssertEqual(warnings.first?["extend"] as? String, "below")
        XCTAssertEqual(warnings.first?["value"] as? Double, 0.2)

        // Overshoot as the objective over ζ = 0.5…0.9 recommends the largest ratio.
        let top = try CommandRunner.run(["sweep", "--damping-ratio", "0.5:0.9:0.1", "--response", "0.3", "--objective", "overshoot"])
        XCTAssertTrue(top.standardError.contains("maximum of --damping-ratio (0.9); extend --damping-ratio above 0.9"), top.standardError)
        XCTAssertFalse(top.standardError.contains("--response"), "a single-valued axis is not warned about")

        // The settling-time optimum of ζ (about 0.8 for a 0.1 % band) lies inside 0.5…1.2.
        let inside = try CommandRunner.run(["sweep", "--damping-ratio", "0.5:1.2:0.05", "--response", "0.3"])
        XCTAssertEqual(inside.standardError, "")
        let pop = try CommandRunner.json(["sweep", "--bounciness", "0,10", "--speed", "10,20", "--format", "json"])
        let recommendation = try XCTUnwrap(pop["recommendation"] as? [String: Any])
        XCTAssertEqual(recommendation["speed"] as? Double, 20)
        XCTAssertEqual((pop["edgeWarnings"] as? [Any])?.count, 0)
    }

    /// A sharded sweep over a new parameterisation with the new constraints and code
    /// options merges into exactly what one process writes (the options travel in the
    /// parts' settings).
    func testShardedSweepOfNewOptionsMergesByteForByte() throws {
        let grid = ["sweep", "--bounciness", "2:18:4", "--speed", "4,8,12", "--initial-velocity", "0,3",
                    "--max-peak-velocity", "8", "--objective", "peak-acceleration", "--code", "css,compose",
                    "--css-max-error", "0.004"]
        let whole = try CommandRunner.run(grid + ["--out", "whole.json"], in: directory)
        XCTAssertEqual(whole.status, 0, whole.standardError)
        for index in 0..<3 {
            let part = try CommandRunner.run(grid + ["--shard", "\(index)/3", "--out", "part\(index).json"], in: directory)
            XCTAssertEqual(part.status, 0, part.standardError)
        }
        let merged = try CommandRunner.run(["sweep", "merge", "part2.json", "part0.json", "part1.json", "--out", "merged.json"], in: directory)
        XCTAssertEqual(merged.status, 0, merged.standardError)
        XCTAssertEqual(merged.standardError, whole.standardError)
        let bytes = { (name: String) throws -> Data in try Data(contentsOf: self.directory.appendingPathComponent(name)) }
        XCTAssertEqual(try bytes("merged.json"), try bytes("whole.json"))
        let text = try XCTUnwrap(String(data: try bytes("whole.json"), encoding: .utf8))
        XCTAssertTrue(text.contains("\"code\":[\"css\",\"compose\"],\"cssMaxError\":0.004"), "the settings carry --code")
        XCTAssertTrue(text.contains("\"maxPeakVelocity\":8"))
        XCTAssertTrue(text.contains("\"parameterization\":\"bounciness,speed\""))
    }

    /// Bad input: exit status 2, one line naming the option, no output file.
    func testBadInputNamesTheOption() throws {
        let out = directory.appendingPathComponent("out.csv").path
        let cases: [([String], String)] = [
            (["--bounciness", "25", "--speed", "5"], "--bounciness"),
            (["--bounciness", "5", "--speed", "1:30:10"], "--speed"),
            (["--bounciness", "5", "--speed", "5", "--mass", "2"], "--mass"),
            (["--uikit-duration", "0.5", "--uikit-damping", "1.5"], "--uikit-damping"),
            (["--uikit-duration", "0.5"], "--uikit-damping"),
            (["--tension", "170"], "--friction"),
            (["--tension", "-1", "--friction", "26"], "--tension"),
            (["--react-spring-frequency", "0", "--react-spring-damping", "1"], "--react-spring-frequency"),
            (["--preset", "wobbly"], "--preset"),
            (["--preset", "bouncy", "--extra-bounce", "0.8"], "--extra-bounce"),
            (["--preset", "smooth", "--bounce", "0.2"], "--bounce"),
            (["--extra-bounce", "0.1"], "--extra-bounce"),
            (["--visual-duration", "0.3", "--damping", "2"], "--damping"),
            (["--android-stiffness", "0"], "--android-stiffness"),
            (["--bounce", "0.3"], "--bounce"),
            (["--tension", "170", "--friction", "26", "--max-peak-velocity", "-1"], "--max-peak-velocity"),
            (["--tension", "170", "--friction", "26", "--max-peak-acceleration", "x"], "--max-peak-acceleration"),
            (["--tension", "170", "--friction", "26", "--objective", "fastest"], "--objective"),
            (["--tension", "170", "--friction", "26", "--code", "swiftui,qt"], "--code"),
            (["--tension", "170", "--friction", "26", "--css-max-error", "0"], "--css-max-error"),
        ]
        try assertSweepRefuses(cases, out: out)
    }
}
