import Foundation
import XCTest

/// `hooke fit` recovers known springs from noisy synthetic curves and refuses curves
/// that are not spring-like.
final class FitCommandTests: CommandTestCase {
    /// The step response of a mass-1 spring x'' + c·x' + k·x = 0 about `target`, written
    /// out here from the roots of s² + c·s + k (independently of Hooke):
    /// under-damped e^{−λt}(A cos ω_d t + B sin ω_d t), over-damped A e^{r₁t} + B e^{r₂t}.
    private func closedForm(k: Double, c: Double, start: Double, target: Double, v0: Double, t: Double) -> Double {
        let x0 = start - target
        let lambda = c / 2
        let discriminant = lambda * lambda - k
        if discriminant < 0 {
            let omegaD = (-discriminant).squareRoot()
            let b = (v0 + lambda * x0) / omegaD
            return target + exp(-lambda * t) * (x0 * cos(omegaD * t) + b * sin(omegaD * t))
        }
        let mu = discriminant.squareRoot()
        let (r1, r2) = (-lambda + mu, -lambda - mu)
        // A + B = x0, r1·A + r2·B = v0.
        let a = (v0 - r2 * x0) / (r1 - r2)
        return target + a * exp(r1 * t) + (x0 - a) * exp(r2 * t)
    }

    private func writeCurve(
        k: Double, c: Double, start: Double, target: Double, v0: Double = 0, duration: Double, step: Double,
        noise: Double, seed: UInt64, header: String = "t,value"
    ) throws -> String {
        var generator = SeededGaussian(seed: seed)
        var lines = [header]
        let count = Int((duration / step).rounded())
        for n in 0...count {
            let t = Double(n) * step
            let value = closedForm(k: k, c: c, start: start, target: target, v0: v0, t: t) + noise * generator.next()
            lines.append("\(t),\(value)")
        }
        let url = directory.appendingPathComponent("curve.csv")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func number(_ object: [String: Any], _ key: String) throws -> Double {
        try XCTUnwrap(object[key] as? Double ?? (object[key] as? Int).map(Double.init), "missing \(key)")
    }

    /// An under-damped spring (ζ = 0.3, response 0.5 s: k = 157.91, c = 7.54) sampled at
    /// 60 Hz for 1.5 s with Gaussian noise of 0.5 % of the move, start and target fitted:
    /// k/m and c/m within 1 %.
    func testFitRecoversAnUnderdampedSpringFromANoisyCurve() throws {
        let omega = 2 * Double.pi / 0.5
        let (k, c) = (omega * omega, 2 * 0.3 * omega)
        let path = try writeCurve(k: k, c: c, start: 0, target: 100, duration: 1.5, step: 1.0 / 60, noise: 0.5, seed: 7)
        let object = try CommandRunner.json(["fit", path, "--json"])
        XCTAssertEqual(try number(object, "stiffnessPerMass"), k, accuracy: 0.01 * k)
        XCTAssertEqual(try number(object, "dampingPerMass"), c, accuracy: 0.01 * c)
        XCTAssertGreaterThan(try number(object, "rSquared"), 0.999)
        // The noise was 0.5: the residual RMS estimates it.
        XCTAssertEqual(try number(object, "residualRMS"), 0.5, accuracy: 0.1)
        // The true values lie within a few standard errors.
        XCTAssertLessThan(abs(try number(object, "stiffnessPerMass") - k), 4 * (try number(object, "stiffnessPerMassStandardError")))
    }

    /// An over-damped spring (k = 60, c = 20: ζ ≈ 1.29) moving from 20 to −30 with an
    /// initial velocity of −80 /s, fitted with --fit-velocity (five parameters) from
    /// named columns in another order: k/m and c/m within 1 %.
    ///
    /// Over-damped curves are sums of two decaying exponentials, which are notoriously
    /// ill-conditioned to separate: with 0.2 % noise the standard error of k/m is about
    /// 3 %. So the noise here is 0.02 % of the move, and the reported standard errors are
    /// checked to cover the truth.
    func testFitRecoversAnOverdampedSpringWithInitialVelocity() throws {
        let (k, c) = (60.0, 20.0)
        var generator = SeededGaussian(seed: 11)
        var lines = ["value,time"]
        for n in 0...360 {
            let t = Double(n) / 120
            lines.append("\(closedForm(k: k, c: c, start: 20, target: -30, v0: -80, t: t) + 0.01 * generator.next()),\(t)")
        }
        let url = directory.appendingPathComponent("over.csv")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let object = try CommandRunner.json(["fit", url.path, "--columns", "time,value", "--fit-velocity", "--json"])
        XCTAssertEqual(try number(object, "stiffnessPerMass"), k, accuracy: 0.01 * k)
        XCTAssertEqual(try number(object, "dampingPerMass"), c, accuracy: 0.01 * c)
        let spring = try XCTUnwrap(object["spring"] as? [String: Any])
        XCTAssertEqual(try number(spring, "initialVelocity"), -80, accuracy: 0.8)
        XCTAssertEqual(try number(spring, "to"), -30, accuracy: 0.01)
        XCTAssertLessThan(abs(try number(object, "dampingPerMass") - c), 4 * (try number(object, "dampingPerMassStandardError")))
    }

    /// A stiff, lightly damped spring (ζ = 0.1) with start and target given, 1 % noise.
    func testFitRecoversALightlyDampedSpringWithFixedEnds() throws {
        let omega = 30.0
        let (k, c) = (omega * omega, 2 * 0.1 * omega)
        let path = try writeCurve(k: k, c: c, start: 5, target: 1, duration: 2, step: 1.0 / 120, noise: 0.04, seed: 3)
        let object = try CommandRunner.json(["fit", path, "--from", "5", "--to", "1", "--json"])
        XCTAssertEqual(try number(object, "stiffnessPerMass"), k, accuracy: 0.01 * k)
        XCTAssertEqual(try number(object, "dampingPerMass"), c, accuracy: 0.01 * c)
    }

    /// Curves that are not spring-like are refused with the reason, exit status 2.
    func testFitRefusesCurvesThatAreNotSpringLike() throws {
        func file(_ name: String, _ rows: [String]) throws -> String {
            let url = directory.appendingPathComponent(name)
            try (["t,value"] + rows).joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        var generator = SeededGaussian(seed: 5)
        let noise = (0..<200).map { "\(Double($0) / 100),\(generator.next())" }
        // A ramp that keeps going: no spring settles like that within the window's shape.
        let sawtooth = (0..<200).map { "\(Double($0) / 100),\(Double($0 % 50))" }
        let cases: [(String, String)] = [
            (try file("few.csv", ["0,0", "0.1,0.5", "0.2,0.9"]), "too few samples"),
            (try file("back.csv", (0..<20).map { "\($0 == 10 ? 0.05 : Double($0) / 10),\(Double($0))" }), "not increasing"),
            (try file("flat.csv", (0..<20).map { "\(Double($0) / 10),3" }), "constant"),
            (try file("noise.csv", noise), "not spring-like"),
            (try file("saw.csv", sawtooth), "not spring-like"),
        ]
        for (path, reason) in cases {
            let result = try CommandRunner.run(["fit", path])
            XCTAssertEqual(result.status, 2, path)
            XCTAssertTrue(result.standardError.contains(reason), "\(path): \(result.standardError)")
            XCTAssertFalse(result.standardError.trimmingCharacters(in: .newlines).contains("\n"))
        }
    }
}

/// The documentation's example recording, generated by Scripts/sweep_fit_example.py with
/// mpmath from .spring(response: 0.45, dampingFraction: 0.4) plus 0.5 pt noise.
final class FitRecordedExampleTests: XCTestCase {
    func testFitRecoversTheSpringOfTheCommittedRecording() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("Docs/examples/sweep/recorded-animation.csv").path
        let object = try CommandRunner.json(["fit", path, "--columns", "time,y", "--json"])
        let omega = 2 * Double.pi / 0.45
        let k = try XCTUnwrap(object["stiffnessPerMass"] as? Double)
        let c = try XCTUnwrap(object["dampingPerMass"] as? Double)
        XCTAssertEqual(k, omega * omega, accuracy: 0.01 * omega * omega)
        XCTAssertEqual(c, 2 * 0.4 * omega, accuracy: 0.01 * 2 * 0.4 * omega)
    }
}
