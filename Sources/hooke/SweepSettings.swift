import Foundation
import Hooke
import HookeIO

/// The move, the simulation and the constraints of a sweep: everything besides the grid
/// that its output depends on. Written into JSON outputs so that `hooke sweep merge`
/// can check that its parts belong together and recompute the recommendation.
struct SweepSettings: Equatable {
    var from = 0.0
    var to = 1.0
    var tolerance = 0.001
    var timestep = 1.0 / 120
    var integrator = IntegratorKind.exact
    var durationLimit = 10.0
    var constraints = SpringSweepConstraints()
    /// The platforms the recommendation is printed for (`--code`).
    var code = SpringCode.Target.defaults
    /// The largest error of the CSS `linear()` curve, a fraction of the move (`--css-max-error`).
    var cssMaxError = 0.002

    static func parse(_ arguments: inout ArgumentList) throws(CommandLineError) -> SweepSettings {
        var settings = SweepSettings()
        settings.from = try arguments.number("--from", default: 0)
        settings.to = try arguments.number("--to", default: 1)
        settings.tolerance = try arguments.number("--tolerance", default: 0.001)
        guard settings.tolerance > 0, settings.tolerance < 1 else {
            throw CommandLineError("--tolerance must be in (0, 1), got \(JSONValue.format(settings.tolerance))")
        }
        settings.timestep = try arguments.number("--timestep", default: 1.0 / 120)
        guard settings.timestep > 0 else {
            throw CommandLineError("--timestep must be > 0, got \(JSONValue.format(settings.timestep))")
        }
        if let name = try arguments.string("--integrator") {
            guard let kind = IntegratorKind(rawValue: name) else {
                let names = IntegratorKind.allCases.map(\.rawValue).joined(separator: "|")
                throw CommandLineError("--integrator: '\(name)' is not one of \(names)")
            }
            settings.integrator = kind
        }
        settings.durationLimit = try arguments.number("--duration-limit", default: 10)
        guard settings.durationLimit >= settings.timestep else {
            throw CommandLineError(
                "--duration-limit must be at least one --timestep (\(JSONValue.format(settings.timestep)) s), got \(JSONValue.format(settings.durationLimit))")
        }
        guard settings.durationLimit / settings.timestep <= Double(SpringSweep.maximumStepCount) else {
            throw CommandLineError("--duration-limit: more than \(SpringSweep.maximumStepCount) steps of --timestep")
        }
        settings.constraints = try SpringSweepConstraints.parse(&arguments)
        if let text = try arguments.string("--code") { settings.code = try SpringCode.Target.parse(text) }
        settings.cssMaxError = try arguments.number("--css-max-error", default: 0.002)
        guard settings.cssMaxError > 0, settings.cssMaxError <= 0.1 else {
            throw CommandLineError("--css-max-error must be in (0, 0.1] (a fraction of the move), got \(JSONValue.format(settings.cssMaxError))")
        }
        return settings
    }

    func makeSweep() throws(CommandLineError) -> SpringSweep {
        do {
            return try SpringSweep(
                start: from, target: to, tolerance: tolerance, timestep: timestep,
                integrator: integrator, durationLimit: durationLimit)
        } catch {
            throw CommandLineError("invalid sweep: \(error)")
        }
    }

    var json: JSONValue {
        .object([
            ("from", .number(from)),
            ("to", .number(to)),
            ("tolerance", .number(tolerance)),
            ("timestep", .number(timestep)),
            ("integrator", .string(integrator.rawValue)),
            ("durationLimit", .number(durationLimit)),
            ("constraints", constraints.json),
            ("code", .array(code.map { .string($0.rawValue) })),
            ("cssMaxError", .number(cssMaxError)),
        ])
    }

    init() {}

    init(json: JSONValue, source: String) throws(CommandLineError) {
        func number(_ key: String) throws(CommandLineError) -> Double {
            guard case let .number(value)? = json[key] else {
                throw CommandLineError("\(source): settings have no \(key)")
            }
            return value
        }
        from = try number("from")
        to = try number("to")
        tolerance = try number("tolerance")
        timestep = try number("timestep")
        durationLimit = try number("durationLimit")
        guard case let .string(name)? = json["integrator"], let kind = IntegratorKind(rawValue: name) else {
            throw CommandLineError("\(source): settings have no known integrator")
        }
        integrator = kind
        guard let constraintsJSON = json["constraints"] else {
            throw CommandLineError("\(source): settings have no constraints")
        }
        constraints = try SpringSweepConstraints(json: constraintsJSON, source: source)
        guard case let .array(names)? = json["code"] else { throw CommandLineError("\(source): settings have no code list") }
        code = []
        for name in names {
            guard case let .string(text) = name, let target = SpringCode.Target(rawValue: text) else {
                throw CommandLineError("\(source): settings have an unknown code target")
            }
            code.append(target)
        }
        cssMaxError = try number("cssMaxError")
    }
}

/// The constraint options of `hooke sweep` and their JSON, onto HookeTuning's
/// `SpringSweepConstraints`.
extension SpringSweepConstraints {
    static func parse(_ arguments: inout ArgumentList) throws(CommandLineError) -> SpringSweepConstraints {
        var constraints = SpringSweepConstraints()
        constraints.maxOvershoot = try arguments.number("--max-overshoot")
        if let value = constraints.maxOvershoot, value < 0 {
            throw CommandLineError("--max-overshoot must be >= 0 (a fraction of the move), got \(JSONValue.format(value))")
        }
        constraints.maxSettle = try arguments.number("--max-settle")
        if let value = constraints.maxSettle, value < 0 {
            throw CommandLineError("--max-settle must be >= 0 seconds, got \(JSONValue.format(value))")
        }
        constraints.minOscillations = try count(&arguments, "--min-oscillations")
        constraints.maxOscillations = try count(&arguments, "--max-oscillations")
        if let low = constraints.minOscillations, let high = constraints.maxOscillations, low > high {
            throw CommandLineError("--min-oscillations (\(low)) is above --max-oscillations (\(high))")
        }
        constraints.maxPeakVelocity = try arguments.number("--max-peak-velocity")
        if let value = constraints.maxPeakVelocity, value < 0 {
            throw CommandLineError("--max-peak-velocity must be >= 0 (points per second), got \(JSONValue.format(value))")
        }
        constraints.maxPeakAcceleration = try arguments.number("--max-peak-acceleration")
        if let value = constraints.maxPeakAcceleration, value < 0 {
            throw CommandLineError(
                "--max-peak-acceleration must be >= 0 (points per second squared), got \(JSONValue.format(value))")
        }
        if let name = try arguments.string("--objective") {
            guard let objective = SpringSweepObjective(rawValue: name) else {
                let names = SpringSweepObjective.allCases.map(\.rawValue).joined(separator: "|")
                throw CommandLineError("--objective: '\(name)' is not one of \(names)")
            }
            constraints.objective = objective
        }
        return constraints
    }

    private static func count(_ arguments: inout ArgumentList, _ option: String) throws(CommandLineError) -> Int? {
        guard let value = try arguments.number(option) else { return nil }
        guard value >= 0, value == value.rounded(), value < 1e9 else {
            throw CommandLineError("\(option) must be a whole number >= 0, got \(JSONValue.format(value))")
        }
        return Int(value)
    }

    var json: JSONValue {
        .object([
            ("maxOvershoot", maxOvershoot.map(JSONValue.number) ?? .null),
            ("maxSettle", maxSettle.map(JSONValue.number) ?? .null),
            ("minOscillations", minOscillations.map { .number(Double($0)) } ?? .null),
            ("maxOscillations", maxOscillations.map { .number(Double($0)) } ?? .null),
            ("maxPeakVelocity", maxPeakVelocity.map(JSONValue.number) ?? .null),
            ("maxPeakAcceleration", maxPeakAcceleration.map(JSONValue.number) ?? .null),
            ("objective", .string(objective.rawValue)),
        ])
    }

    init(json: JSONValue, source: String) throws(CommandLineError) {
        func optional(_ key: String) -> Double? {
            if case let .number(value)? = json[key] { return value }
            return nil
        }
        let maxOvershoot = optional("maxOvershoot")
        let maxSettle = optional("maxSettle")
        let minOscillations = optional("minOscillations").map { Int($0) }
        let maxOscillations = optional("maxOscillations").map { Int($0) }
        let maxPeakVelocity = optional("maxPeakVelocity")
        let maxPeakAcceleration = optional("maxPeakAcceleration")
        guard case let .string(name)? = json["objective"], let objective = SpringSweepObjective(rawValue: name) else {
            throw CommandLineError("\(source): constraints have no known objective")
        }
        self.init(
            maxOvershoot: maxOvershoot, maxSettle: maxSettle, minOscillations: minOscillations,
            maxOscillations: maxOscillations, maxPeakVelocity: maxPeakVelocity,
            maxPeakAcceleration: maxPeakAcceleration, objective: objective)
    }
}
