import Foundation
import XCTest

/// `hooke scroll` against closed forms written out here and against Flutter's published
/// test values.
final class ScrollCommandTests: CommandTestCase {
    /// The CSV rows (t, value, velocity) of a successful `hooke scroll … --sample`.
    private func samples(_ arguments: [String]) throws -> [(t: Double, value: Double, velocity: Double)] {
        let result = try CommandRunner.run(["scroll"] + arguments)
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.first, "t,value,velocity")
        return try lines.dropFirst().map { line in
            let fields = line.split(separator: ",").compactMap { Double($0) }
            XCTAssertEqual(fields.count, 3, String(line))
            return try (XCTUnwrap(fields.first), fields[1], fields[2])
        }
    }

    /// From 100 at 3000 pt/s toward 1000 at UIScrollView's normal rate: the decay
    /// x₀ + v₀(1 − e^(−κt))/κ until T = −ln(1 − κ·900/3000)/κ = 0.45843788195731969760… s
    /// (40 digits), then the critically damped edge spring b + v_b·s·e^(−10s) with
    /// v_b = 3000 − 900κ = 1198.1975963942303835… pt/s.
    func testUIKitFlingIsTheDecayThenTheEdgeSpring() throws {
        let rows = try samples(["--velocity", "3000", "--position", "100", "--bounds", "0:1000", "--sample", "0:3:0.01"])
        XCTAssertEqual(rows.count, 301)
        let kappa = 2.002002670673077351651104610523031719344
        let crossing = 0.4584378819573196976081223553067635170755
        let vb = 1198.19759639423038351400585052927145259
        for row in rows {
            if row.t < crossing {
                XCTAssertEqual(row.value, 100 + 3_000 * (1 - exp(-kappa * row.t)) / kappa, accuracy: 1e-9, "t=\(row.t)")
                XCTAssertEqual(row.velocity, 3_000 * exp(-kappa * row.t), accuracy: 1e-9, "t=\(row.t)")
            } else {
                let s = row.t - crossing
                XCTAssertEqual(row.value, 1_000 + vb * s * exp(-10 * s), accuracy: 1e-9, "t=\(row.t)")
                XCTAssertEqual(row.velocity, vb * (1 - 10 * s) * exp(-10 * s), accuracy: 1e-8, "t=\(row.t)")
            }
        }
        XCTAssertEqual(rows.last!.value, 1_000, accuracy: 1e-6)
        // --rate fast is 0.99 per ms: κ = 10.05033585350144118…; without bounds it rests at v₀/κ.
        let fast = try samples(["--velocity", "1500", "--position", "0", "--rate", "fast", "--sample", "0:6:3"])
        XCTAssertEqual(fast.last!.value, 149.2487437101332590970490693692118705776, accuracy: 1e-9)
        let custom = try samples(["--velocity", "1500", "--position", "0", "--rate", "0.995", "--sample", "0:20:20"])
        XCTAssertEqual(custom.last!.value, 1_500 / (-1_000 * log(0.995)), accuracy: 1e-9)
    }

    /// Released 30 pt past the upper bound moving outward at 200 pt/s: the edge spring at once,
    /// x(t) = 500 + (30 + 500t)e^(−10t).
    func testUIKitReleasePastABoundSpringsBack() throws {
        for row in try samples(["--velocity", "200", "--position", "530", "--bounds", "0:500", "--sample", "0:1:0.1"]) {
            XCTAssertEqual(row.value, 500 + (30 + 500 * row.t) * exp(-10 * row.t), accuracy: 1e-9, "t=\(row.t)")
        }
    }

    /// Paging: the flick would rest at x₀ + v₀/κ; it lands on the nearest page, starting from
    /// the release state. From 0 at 1500 pt/s: 749.2497… → page 800 of 400 pt; snap points
    /// 0,700,1000 → 700; from 1000 at −1200: 1000 − 599.4 = 400.6 → page 400.
    func testPagingLandsOnThePageOfTheProjectedRestingPoint() throws {
        let kappa = -1_000 * log(0.998)
        let cases: [([String], Double, Double, Double)] = [
            (["--page", "400", "--bounds", "0:4000"], 0, 1_500, 800),
            (["--snap-points", "0,700,1000"], 0, 1_500, 700),
            (["--page", "400"], 1_000, -1_200, 400),
        ]
        for (options, x0, v0, page) in cases {
            let rest = x0 + v0 / kappa
            XCTAssertEqual(page, options.contains("--page") ? (rest / 400).rounded() * 400 : page)
            let rows = try samples(["--velocity", "\(v0)", "--position", "\(x0)"] + options + ["--sample", "0:4:0.5"])
            XCTAssertEqual(rows.first!.value, x0)
            XCTAssertEqual(rows.first!.velocity, v0)
            XCTAssertEqual(rows.last!.value, page, accuracy: 1e-9, "\(options)")
            // Critically damped, ω₀ = 10: x(t) = x₁ + (d + (v₀ + 10d)t)e^(−10t), d = x₀ − x₁.
            let d = x0 - page
            for row in rows {
                XCTAssertEqual(row.value, page + (d + (v0 + 10 * d) * row.t) * exp(-10 * row.t), accuracy: 1e-9)
            }
        }
    }

    /// Flutter's "scroll_with_inf_edge_ends" (packages/flutter/test/physics/newton_test.dart)
    /// never reaches an extent, so only the friction (drag 0.135) shows: from 100 at 400,
    /// x(1) ≈ 272, dx(1) ≈ 54, dx(2) ≈ 7 (± 1), dx(3) < 1, x(5) ≈ 300 (± 1).
    func testFlutterBouncingReproducesFluttersFrictionNumbers() throws {
        let rows = try samples(["--model", "flutter-bouncing", "--velocity", "400", "--position", "100",
                                "--sample", "0:5:1"])
        XCTAssertEqual(rows[0].value, 100)
        XCTAssertEqual(rows[0].velocity, 400)
        XCTAssertEqual(rows[1].value, 272, accuracy: 1)
        XCTAssertEqual(rows[1].velocity, 54, accuracy: 1)
        XCTAssertEqual(rows[2].velocity, 7, accuracy: 1)
        XCTAssertLessThan(rows[3].velocity, 1)
        XCTAssertEqual(rows[5].value, 300, accuracy: 1)
        // With a bound in the way, Flutter's default spring (0.5, 100, ζ = 1.1) returns the
        // position exactly to it once done (ScrollSpringSimulation).
        let bounded = try samples(["--model", "flutter-bouncing", "--velocity", "400", "--position", "100",
                                   "--bounds", "0:200", "--sample", "0:5:5"])
        XCTAssertEqual(bounded.last!.value, 200)
    }

    /// Flutter's ClampingScrollSimulation tests (packages/flutter/test/widgets/
    /// scroll_simulation_test.dart): x(0) = position and dx(0) = velocity (1e-10), dx(10) = 0,
    /// for (51, 2866.91537) and (−156.2, 1541.57665). With --bounds it stops at the bound.
    func testFlutterClampingReproducesFluttersInitialAndFinalConditions() throws {
        for (x0, v0) in [(51.0, 2866.91537), (-156.2, 1541.57665)] {
            let rows = try samples(["--model", "flutter-clamping", "--velocity", "\(v0)", "--position", "\(x0)",
                                    "--sample", "0:10:10"])
            XCTAssertEqual(rows[0].value, x0, accuracy: 1e-10)
            XCTAssertEqual(rows[0].velocity, v0, accuracy: 1e-10)
            XCTAssertEqual(rows[1].velocity, 0)
        }
        // From 0 at 8000 the fling travels 7186.36… px (Android's spline distance): a bound at
        // 5000 stops it there, with no velocity.
        let stopped = try samples(["--model", "flutter-clamping", "--velocity", "8000", "--position", "0",
                                   "--bounds", "0:5000", "--sample", "0:3:0.5"])
        XCTAssertEqual(stopped.last!.value, 5_000)
        XCTAssertEqual(stopped.last!.velocity, 0)
        XCTAssertLessThan(stopped[1].value, 5_000)
        let free = try samples(["--model", "flutter-clamping", "--velocity", "8000", "--position", "0", "--sample", "3:3:1"])
        XCTAssertEqual(free[0].value, 7186.362753988744499974062385921910343895, accuracy: 1e-8)
    }

    func testSummaryNamesTheHandoverAndTheRest() throws {
        let result = try CommandRunner.run(["scroll", "--velocity", "3000", "--position", "100", "--bounds", "0:1000"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("bound reached"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("0.458437881957"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("rest time"), result.standardOutput)
        let help = try CommandRunner.run(["scroll", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.standardOutput.contains("--snap-points"))
        XCTAssertTrue(try CommandRunner.run(["--help"]).standardOutput.contains("scroll"))
    }

    /// `--plot` draws the sampled position with the bounds as levels and the crossing marked,
    /// besides writing the CSV.
    func testPlotDrawsTheSampledFling() throws {
        let file = path("fling.svg")
        let rows = try samples(["--velocity", "3000", "--position", "100", "--bounds", "0:1000",
                                "--sample", "0:1.6:0.01", "--plot", file])
        XCTAssertEqual(rows.count, 161)
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<svg") || svg.contains("<svg"), String(svg.prefix(200)))
        XCTAssertTrue(svg.contains("bound reached"))
        XCTAssertTrue(svg.contains("position (pt)"))
        for (arguments, expected) in [
            (["--plot", path("a.svg")], "give --sample"),
            (["--sample", "0:1:0.1", "--plot", path("a.png")], "must end in .svg"),
            (["--sample", "0:1:0.1", "--plot", path("missing/a.svg")], "does not exist"),
        ] {
            let result = try CommandRunner.run(["scroll", "--velocity", "1", "--position", "0"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.standardError.contains(expected), "\(arguments): \(result.standardError)")
        }
        XCTAssertEqual(try contents(), ["fling.svg"])
    }

    /// Every bad invocation: one line on standard error naming the option, nothing on
    /// standard output, status 2.
    func testBadArgumentsExitTwoWithOneLine() throws {
        let base = ["scroll", "--velocity", "1000", "--position", "0"]
        let cases: [([String], String)] = [
            (["scroll", "--position", "0"], "--velocity"),
            (["scroll", "--velocity", "1"], "--position"),
            (["scroll", "--velocity", "fast", "--position", "0"], "--velocity: 'fast' is not a number"),
            (["scroll", "--velocity", "1", "--position", "inf"], "--position"),
            (base + ["--rate", "1.5"], "--rate"),
            (base + ["--rate", "slow"], "--rate"),
            (base + ["--bounds", "10"], "--bounds"),
            (base + ["--bounds", "10:0"], "--bounds"),
            (base + ["--bounds", "a:1"], "--bounds MIN"),
            (base + ["--page", "0"], "--page"),
            (base + ["--page", "-3"], "--page"),
            (base + ["--page", "10", "--snap-points", "0,10"], "give one"),
            (base + ["--snap-points", "0,,10"], "--snap-points"),
            (base + ["--snap-points", "0,900", "--bounds", "0:500"], "--snap-points: 900 is outside --bounds 0:500"),
            (base + ["--model", "ios"], "--model: unknown model 'ios'"),
            (base + ["--model", "flutter-bouncing", "--rate", "fast"], "--rate does not go with --model flutter-bouncing"),
            (base + ["--model", "flutter-clamping", "--page", "100"], "--page does not go with --model flutter-clamping"),
            (base + ["--model", "flutter-bouncing", "--snap-points", "1"], "--snap-points does not go with"),
            (["scroll", "--velocity", "1", "--position", "900", "--model", "flutter-clamping", "--bounds", "0:500"],
             "--position 900 is outside --bounds 0:500"),
            (base + ["--sample", "0:1"], "--sample"),
            (base + ["--sample", "1:0:0.1"], "--sample"),
            (base + ["--frobnicate", "1"], "unknown option --frobnicate"),
            (base + ["--page"], "--page needs a value"),
        ]
        for (arguments, expected) in cases {
            let result = try CommandRunner.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.standardOutput, "", "\(arguments)")
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(expected), "\(arguments): \(result.standardError)")
        }
    }
}
