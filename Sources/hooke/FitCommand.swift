import Foundation
import Hooke
import HookeLinear
import HookeIO

/// `hooke fit`: recover the spring behind a sampled curve.
enum FitCommand {
    static let usage = """
        usage: hooke fit CURVE.csv [--columns TIME,VALUE] [--from X0] [--to X1]
                        [--initial-velocity V | --fit-velocity] [--min-r-squared R] [--json]

        Fits a mass-normalised spring (stiffness k/m, damping c/m) to a sampled curve —
        for example a recorded iOS animation — by Levenberg-Marquardt least squares on
        the exact solution, and prints it in every parameterisation with the residual,
        R² and standard errors.

          --columns TIME,VALUE   header names or 1-based positions (default: t,value
                                 when the header has them, else the first two columns)
          --from X0              the start value (default: fitted)
          --to X1                the target value (default: fitted)
          --initial-velocity V   fixed initial velocity (default 0)
          --fit-velocity         fit the initial velocity too
          --min-r-squared R      refuse fits with R² below R (default 0.99)
          --json                 one JSON object

        Curves with fewer than 10 samples, non-increasing times, a constant value, or a
        best fit below --min-r-squared are refused with the reason (exit status 2).
        """

    /// The one-line message of a refused curve. `FitCurve` has read only finite numbers
    /// and the options are finite, so `SpringFit`'s initialiser refuses nothing here.
    static func message(_ error: SpringFitError) -> String {
        switch error {
        case let .timeNotIncreasing(sample, previous, time):
            return "fit: time is not increasing at sample \(sample) (\(JSONValue.format(previous)) then \(JSONValue.format(time)))"
        case .valuesTooFarApart:
            return "fit: the value is constant or too large to subtract; there is no motion to fit"
        case .tooFewSamples, .constantValue, .notSpringLike:
            return "fit: \(error)"
        }
    }

    static func run(_ arguments: [String]) throws(CommandLineError) -> String {
        var arguments = try ArgumentList(arguments, flagNames: ["--json", "--help", "--fit-velocity"])
        if arguments.flag("--help") { return usage }
        let columns = try arguments.string("--columns")
        let start = try arguments.number("--from")
        let target = try arguments.number("--to")
        let fixedVelocity = try arguments.number("--initial-velocity")
        let fitVelocity = arguments.flag("--fit-velocity")
        if fitVelocity, fixedVelocity != nil {
            throw CommandLineError("--fit-velocity and --initial-velocity exclude each other")
        }
        let minimumRSquared = try arguments.number("--min-r-squared", default: 0.99)
        guard minimumRSquared <= 1 else {
            throw CommandLineError("--min-r-squared must be <= 1, got \(JSONValue.format(minimumRSquared))")
        }
        let json = arguments.flag("--json")
        guard arguments.positionals.count == 1 else {
            throw CommandLineError(arguments.positionals.isEmpty ? "fit: give the CSV file of the curve" : "fit: give one CSV file")
        }
        let path = arguments.positionals[0]
        try arguments.finish(allowedPositionals: 1)

        let curve = try FitCurve(path: path, columns: columns)
        let problem: SpringFit
        do throws(HookeError) {
            problem = try SpringFit(
                times: curve.times, values: curve.values, start: start, target: target,
                initialVelocity: fitVelocity ? nil : (fixedVelocity ?? 0))
        } catch {
            throw CommandLineError("fit: \(error)")
        }
        let fit: SpringFitResult
        do throws(SpringFitError) {
            fit = try problem.solve()
        } catch {
            throw CommandLineError(message(error))
        }
        guard fit.rSquared >= minimumRSquared else {
            throw CommandLineError(
                "fit: not spring-like: the best spring leaves R² = \(JSONValue.short(fit.rSquared)) < \(JSONValue.format(minimumRSquared)) (RMS residual \(JSONValue.short(fit.residualRMS)))")
        }
        let spring: Spring
        let motion: SpringReport.Motion
        do {
            spring = try Spring(mass: 1, stiffness: fit.stiffness, damping: fit.damping)
            motion = try SpringReport.Motion(
                spring: spring, start: fit.start, target: fit.target, initialVelocity: fit.initialVelocity,
                tolerance: 0.001)
        } catch {
            throw CommandLineError("fit: not spring-like: \(error)")
        }
        let report = SpringReport(spring: spring, motion: motion)
        // ζ = c/(2√k) for m = 1: first-order propagation of the (uncorrelated part of the) errors.
        let zeta = spring.dampingRatio
        let zetaError = zeta * ((fit.dampingError / fit.damping) * (fit.dampingError / fit.damping)
            + 0.25 * (fit.stiffnessError / fit.stiffness) * (fit.stiffnessError / fit.stiffness)).squareRoot()

        if json {
            var members: [(String, JSONValue)] = [
                ("samples", .number(Double(curve.times.count))),
                ("stiffnessPerMass", .finite(fit.stiffness)),
                ("stiffnessPerMassStandardError", .finite(fit.stiffnessError)),
                ("dampingPerMass", .finite(fit.damping)),
                ("dampingPerMassStandardError", .finite(fit.dampingError)),
                ("dampingRatioStandardError", .finite(zetaError)),
                ("startStandardError", .finite(fit.startError)),
                ("targetStandardError", .finite(fit.targetError)),
                ("initialVelocityStandardError", .finite(fit.initialVelocityError)),
                ("residualRMS", .finite(fit.residualRMS)),
                ("rSquared", .finite(fit.rSquared)),
                ("iterations", .number(Double(fit.iterations))),
            ]
            members.append(("spring", report.json(samples: nil)))
            return JSONValue.object(members).text
        }
        func plusMinus(_ value: Double, _ error: Double?) -> String {
            guard let error else { return "\(JSONValue.short(value)) (fixed)" }
            return "\(JSONValue.short(value)) ± \(JSONValue.short(error))"
        }
        let lines = [
            "fit of \(curve.times.count) samples from \(path) (mass-normalised: mass 1)",
            "  stiffness k/m       \(plusMinus(fit.stiffness, fit.stiffnessError)) 1/s²",
            "  damping c/m         \(plusMinus(fit.damping, fit.dampingError)) 1/s",
            "  damping ratio       \(plusMinus(zeta, zetaError))",
            "  start               \(plusMinus(fit.start, fit.startError))",
            "  target              \(plusMinus(fit.target, fit.targetError))",
            "  initial velocity    \(plusMinus(fit.initialVelocity, fit.initialVelocityError)) /s",
            "  residual RMS        \(JSONValue.short(fit.residualRMS))",
            "  R²                  \(String(format: "%.6f", fit.rSquared))",
            "  (± one standard error from the linearised covariance s²(JᵀJ)⁻¹)",
            "",
            report.summary,
        ]
        return lines.joined(separator: "\n")
    }
}
