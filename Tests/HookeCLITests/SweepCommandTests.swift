import Foundation
import Hooke
import XCTest

/// `hooke sweep` against closed forms derived here and stability theory.
final class SweepCommandTests: CommandTestCase {
    /// The overshoot of an under-damped step from rest is e^{−ζπ/√(1−ζ²)}. The sweep
    /// locates the peak on the cubic Hermite interpolant of exact samples, whose error is
    /// at most max|x⁗|·h⁴/384; the displacement is Re(A·e^{st}) with |s| = ω₀ and
    /// |A| = 1/√(1−ζ²), so |x⁗| ≤ ω₀⁴/√(1−ζ²). (The raw sampled peak alone could be low
    /// by up to ω₀²h²/(8√(1−ζ²)), two orders of magnitude more here.)
    func testOvershootOfAnUnderdampedStepIsTheClosedFormWithinTheInterpolationBound() throws {
        let h = 1.0 / 60
        let rows = try SweepTestSupport.sweepRows([
            "--damping-ratio", "0.05,0.1,0.2,0.3,0.5,0.7,0.9", "--response", "0.25,0.4",
            "--from", "10", "--to", "110", "--timestep", "\(h)", "--duration-limit", "3",
        ])
        XCTAssertEqual(rows.count, 14)
        for row in rows {
            let zeta = try XCTUnwrap(row["dampingRatio"])
            let omega = 2 * Double.pi / (try XCTUnwrap(row["response"]))
            let root = (1 - zeta * zeta).squareRoot()
            let expected = exp(-zeta * Double.pi / root)
            let bound = pow(omega * h, 4) / (384 * root)
            XCTAssertEqual(try XCTUnwrap(row["overshoot"]), expected, accuracy: bound + 1e-12, "ζ = \(zeta)")
            // The first peak is at π/ω_d; checked loosely (a tenth of a step) where the peak
            // is pronounced enough for its time to be well defined.
            if zeta <= 0.5 {
                XCTAssertEqual(try XCTUnwrap(row["peakTime"]), Double.pi / (omega * root), accuracy: h / 10)
            }
        }
    }

    /// With the exact integrator the simulated settling time is the closed-form one
    /// (`Spring.settlingDuration`, the last exit from the band found by root finding) to
    /// within one step, for under-, critically and over-damped springs, several
    /// tolerances and initial velocities of both signs.
    func testSettlingDurationsMatchTheClosedFormWithinOneStep() throws {
        let h = 1.0 / 120
        for tolerance in [0.01, 0.001] {
            let rows = try SweepTestSupport.sweepRows([
                "--damping-ratio", "0.1:1.5:0.1", "--response", "0.2,0.35,0.5", "--initial-velocity", "-4,0,6",
                "--from", "0", "--to", "2", "--tolerance", "\(tolerance)", "--duration-limit", "6",
            ])
            XCTAssertEqual(rows.count, 15 * 3 * 3)
            for row in rows {
                let spring = try Spring(
                    dampingRatio: try XCTUnwrap(row["dampingRatio"]), response: try XCTUnwrap(row["response"]))
                let v0 = try XCTUnwrap(row["initialVelocity"])
                let exact = try spring.settlingDuration(from: 0, to: 2, initialVelocity: v0, tolerance: tolerance)
                XCTAssertEqual(try XCTUnwrap(row["settlingDuration"]), exact, accuracy: h, "\(row)")
            }
        }
    }

    /// A simulation cut off mid-motion must not call a spring settled because its last
    /// sample happens to pass through the band: a point settles within the limit exactly
    /// when the closed form does (to within a step), and otherwise reports no settling.
    func testSettlingIsNotClaimedForMotionCutOffByTheDurationLimit() throws {
        let (h, limit) = (1.0 / 120, 1.5)
        let rows = try SweepTestSupport.sweepRows([
            "--damping-ratio", "0.02:0.4:0.02", "--response", "0.05:0.5:0.025", "--duration-limit", "\(limit)",
        ])
        var cutOff = 0
        for row in rows {
            let spring = try Spring(dampingRatio: try XCTUnwrap(row["dampingRatio"]), response: try XCTUnwrap(row["response"]))
            let exact = try spring.settlingDuration(from: 0, to: 1)
            let simulated = try XCTUnwrap(row["settlingDuration"])
            if exact > limit + h {
                XCTAssertTrue(simulated.isNaN, "settled at \(simulated) s though the closed form settles at \(exact) s")
                cutOff += 1
            } else if exact < limit - h {
                XCTAssertEqual(simulated, exact, accuracy: h)
            }
        }
        XCTAssertGreaterThan(cutOff, 50)
    }

    /// Undamped semi-implicit Euler has det M = 1 and tr M = 2 − (ω₀h)²: bounded exactly
    /// while ω₀h ≤ 2. With h = 0.1 s that is response ≥ 0.1π ≈ 0.314 s. The exact
    /// integrator is stable everywhere.
    func testSemiImplicitEulerIsUnstableExactlyWhereOmegaTimesStepExceedsTwo() throws {
        let responses = [0.2, 0.3, 0.31, 0.32, 0.33, 0.5, 1]
        let list = responses.map { "\($0)" }.joined(separator: ",")
        for integrator in ["euler", "exact"] {
            let rows = try SweepTestSupport.sweepRows([
                "--damping-ratio", "0", "--response", list, "--integrator", integrator,
                "--timestep", "0.1", "--duration-limit", "20",
            ])
            XCTAssertEqual(rows.count, responses.count)
            for row in rows {
                let omegaH = 2 * Double.pi / (try XCTUnwrap(row["response"])) * 0.1
                let expectedStable = integrator == "exact" || omegaH <= 2
                XCTAssertEqual(row["stable"], expectedStable ? 1 : 0, "\(integrator) ω₀h = \(omegaH)")
                if !expectedStable {
                    // 200 steps of a map with an eigenvalue beyond −1 grow far past the move.
                    XCTAssertGreaterThan(try XCTUnwrap(row["peakVelocity"]), 1e3)
                }
            }
        }
    }

    /// `maxError` is the largest deviation of the integrator's samples from the closed
    /// form. Reproduced here independently: semi-implicit Euler written out (v += h·a,
    /// then x += h·v) against x(t) = 1 − e^{−λt}(cos ω_d t + (λ/ω_d) sin ω_d t).
    func testMaxErrorOfSemiImplicitEulerMatchesAHandWrittenSimulation() throws {
        let (zeta, response, h, duration) = (0.4, 0.5, 1.0 / 60, 2.0)
        let rows = try SweepTestSupport.sweepRows([
            "--damping-ratio", "\(zeta)", "--response", "\(response)", "--integrator", "euler",
            "--timestep", "\(h)", "--duration-limit", "\(duration)",
        ])
        let omega = 2 * Double.pi / response
        let lambda = zeta * omega
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        var (x, v) = (0.0, 0.0)
        var largest = 0.0
        for n in 1...Int((duration / h).rounded()) {
            v += h * (-omega * omega * (x - 1) - 2 * lambda * v)
            x += h * v
            let t = Double(n) * h
            let exact = 1 - exp(-lambda * t) * (cos(omegaD * t) + lambda / omegaD * sin(omegaD * t))
            largest = max(largest, abs(x - exact))
        }
        XCTAssertEqual(try XCTUnwrap(rows.first?["maxError"]), largest, accuracy: 1e-9 * largest)
        XCTAssertGreaterThan(largest, 1e-3)
    }

    /// Turning points outside the band for a step from rest: the extrema are
    /// x₀·(−ρ)ᵏ with ρ = e^{−ζπ/√(1−ζ²)}, so there are #{k ≥ 1 : ρᵏ > tolerance}.
    func testOscillationCountIsTheNumberOfExtremaOutsideTheBand() throws {
        let tolerance = 0.01
        let rows = try SweepTestSupport.sweepRows([
            "--damping-ratio", "0.05:0.75:0.05", "--response", "0.3", "--tolerance", "\(tolerance)",
            "--duration-limit", "8",
        ])
        var checked = 0
        for row in rows {
            let zeta = try XCTUnwrap(row["dampingRatio"])
            let rho = exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot())
            let exponents = (1...400).map { pow(rho, Double($0)) }
            // Skip ratios within 1 % of the band edge, where h-level rounding decides.
            if exponents.contains(where: { abs($0 / tolerance - 1) < 0.01 }) { continue }
            XCTAssertEqual(row["oscillations"], Double(exponents.count { $0 > tolerance }), "ζ = \(zeta)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 10)
    }

    /// Critically damped from rest: x(t) = 1 − (1 + ω₀t)e^{−ω₀t}. Its 10 % and 90 % times
    /// are found here by bisection; the rise time is their difference.
    func testRiseTimeOfACriticallyDampedStep() throws {
        let response = 0.5
        let rows = try SweepTestSupport.sweepRows(["--damping-ratio", "1", "--response", "\(response)"])
        let omega = 2 * Double.pi / response
        func time(reaching level: Double) -> Double {
            var (low, high) = (0.0, 10.0)
            for _ in 0..<200 {
                let middle = (low + high) / 2
                if 1 - (1 + omega * middle) * exp(-omega * middle) < level { low = middle } else { high = middle }
            }
            return low
        }
        XCTAssertEqual(try XCTUnwrap(rows.first?["riseTime"]), time(reaching: 0.9) - time(reaching: 0.1), accuracy: 1e-5)
        XCTAssertEqual(try XCTUnwrap(rows.first?["overshoot"]), 0)
        XCTAssertTrue(try XCTUnwrap(rows.first?["peakTime"]).isNaN)
    }

    /// The recommendation meets its constraints, and no grid point that meets them has a
    /// smaller settling duration (checked by reading every row of the CSV).
    func testRecommendationMeetsItsConstraintsAndNoFeasiblePointBeatsIt() throws {
        let csv = directory.appendingPathComponent("grid.csv").path
        let grid = [
            "--damping-ratio", "0.2:1.2:0.05", "--response", "0.2:0.6:0.05", "--initial-velocity", "0,3",
            "--max-overshoot", "0.02", "--min-oscillations", "1", "--max-settle", "0.6",
        ]
        let written = try CommandRunner.run(["sweep"] + grid + ["--out", csv])
        XCTAssertEqual(written.status, 0, written.standardError)
        let rows = try SweepTestSupport.rows(csv: try String(contentsOfFile: csv, encoding: .utf8))
        let document = try CommandRunner.json(["sweep"] + grid + ["--format", "json"])
        let recommendation = try XCTUnwrap(document["recommendation"] as? [String: Any])
        let index = try XCTUnwrap(recommendation["index"] as? Int)
        let best = try XCTUnwrap(rows.first { $0["index"] == Double(index) })

        func feasible(_ row: [String: Double]) -> Bool {
            let settle = row["settlingDuration"]!
            return row["stable"] == 1 && settle.isFinite && settle <= 0.6 && row["overshoot"]! <= 0.02
                && row["oscillations"]! >= 1
        }
        XCTAssertTrue(feasible(best))
        let feasibleRows = rows.filter(feasible)
        XCTAssertGreaterThan(feasibleRows.count, 1)
        XCTAssertLessThan(feasibleRows.count, rows.count)
        for row in feasibleRows {
            XCTAssertGreaterThanOrEqual(row["settlingDuration"]!, best["settlingDuration"]!, "row \(row["index"]!)")
            if row["settlingDuration"] == best["settlingDuration"] {
                XCTAssertGreaterThanOrEqual(row["index"]!, best["index"]!)
            }
        }
        XCTAssertEqual(recommendation["swiftUI"] as? String,
                       ".spring(response: \(JSONFormat.short(best["response"]!)), dampingFraction: \(JSONFormat.short(best["dampingRatio"]!)))")
    }

    /// Impossible constraints give no recommendation (null) and name the binding one.
    func testImpossibleConstraintsNameTheBindingConstraint() throws {
        let document = try CommandRunner.json([
            "sweep", "--damping-ratio", "0.2:0.6:0.1", "--response", "0.3,0.5", "--max-overshoot", "0.001",
            "--format", "json",
        ])
        XCTAssertTrue(document["recommendation"] is NSNull)
        let reason = try XCTUnwrap(document["noRecommendation"] as? String)
        XCTAssertTrue(reason.contains("--max-overshoot 0.001 excludes 10"), reason)
        XCTAssertTrue(reason.contains("--max-overshoot 0.001 removed the last 10"), reason)
    }

    /// Splitting the points over threads does not change a single bit of the output.
    func testThreadCountDoesNotChangeTheResults() throws {
        let grid = ["sweep", "--stiffness", "50:500:10", "--damping", "2:30:2", "--integrator", "verlet",
                    "--timestep", "0.02", "--duration-limit", "3", "--format", "csv"]
        let one = try CommandRunner.run(grid + ["--threads", "1"])
        let three = try CommandRunner.run(grid + ["--threads", "3"])
        XCTAssertEqual(one.status, 0, one.standardError)
        XCTAssertEqual(one.standardOutput.split(separator: "\n").count, 46 * 15 + 1)
        XCTAssertEqual(one.standardOutput, three.standardOutput)
    }

    /// Bad input: one line naming the option, exit status 2, and no output file.
    func testBadInputIsRefusedWithOneLineAndNoOutputFile() throws {
        let out = directory.appendingPathComponent("out.csv").path
        let cases: [([String], String)] = [
            (["--damping-ratio", "0.9:0.1:0.1", "--response", "0.3"], "--damping-ratio"),
            (["--damping-ratio", "0.5", "--response", "0.3,,0.5"], "--response"),
            (["--damping-ratio", "0.5", "--response", "1:2:0"], "--response"),
            (["--damping-ratio", "0.5", "--response", "nan"], "--response"),
            (["--damping-ratio", "0.5", "--response", "inf"], "--response"),
            (["--damping-ratio", "0.5", "--response", "0.3", "--mass", "-1"], "--mass"),
            (["--damping-ratio", "0.5", "--response", "0.3", "--tolerance", "-0.01"], "--tolerance"),
            (["--damping-ratio", "0.5", "--response", "0.3", "--timestep", "0"], "--timestep"),
            (["--damping-ratio", "0.5", "--response", "0.3", "--integrator", "leapfrog"], "--integrator"),
            (["--damping-ratio", "0.5", "--response", "0.3", "--shard", "3/3"], "--shard"),
            (["--damping-ratio", "0.5", "--response", "0.3", "--from", "1e999"], "--from"),
            (["--duration", "0.5", "--bounce", "-1"], "--bounce"),
            (["--stiffness", "100"], "--damping"),
            (["--damping-ratio", "0.5", "--response", "0.3", "--max-overshoot", "-0.1"], "--max-overshoot"),
        ]
        try assertSweepRefuses(cases, out: out)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }

    /// `--plot` writes an SVG with the heatmap cells, overshoot contours, the marked
    /// recommendation and one step response per neighbour.
    func testPlotIsAnSVGWithHeatmapContoursAndResponses() throws {
        let plot = directory.appendingPathComponent("sweep.svg").path
        let result = try CommandRunner.run([
            "sweep", "--damping-ratio", "0.2:1:0.1", "--response", "0.2:0.5:0.05", "--max-overshoot", "0.05",
            "--plot", plot,
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        let svg = try String(contentsOfFile: plot, encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<svg"))
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
        // The cells, the two plots' frames and the tolerance band (the clip region's
        // rectangle is not drawn).
        let rectangles = svg.components(separatedBy: "<rect x=").count - 1
        XCTAssertEqual(rectangles - (svg.components(separatedBy: "<clipPath").count - 1), 9 * 7 + 3)
        XCTAssertTrue(svg.contains(">5%</text>"), "the 5 % overshoot contour")
        XCTAssertTrue(svg.contains("stroke=\"red\""), "the recommendation mark")
        XCTAssertTrue(svg.contains("(recommended)"))
        // The recommendation plus its neighbours along both axes (2 to 4 of them).
        let contours = svg.components(separatedBy: "stroke=\"white\"").count - 1
        XCTAssertGreaterThan(contours, 0)
        let responses = svg.components(separatedBy: "<polyline").count - 1
        XCTAssertTrue((3...5).contains(responses), "\(responses) step responses")
    }
}

/// Six significant digits, as the CLI prints numbers in code snippets.
enum JSONFormat {
    static func short(_ value: Double) -> String {
        let rounded = Double(String(format: "%.6g", value))!
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : rounded.description
    }
}
