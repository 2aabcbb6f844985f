import Foundation
import Hooke
import HookeIO

/// The grid options of `hooke sweep` (`--damping-ratio`…, each `V`, `V1,V2,…` or
/// `A:B:STEP`) and the grid's JSON, onto HookeTuning's `SpringSweepGrid`; every error
/// names the option.
extension SpringSweepGrid.Parameterization {
    /// The two options, as typed: `hooke spring`'s names for the same parameters.
    var options: (String, String) {
        switch self {
        case .dampingRatioResponse: return ("--damping-ratio", "--response")
        case .stiffnessDamping: return ("--stiffness", "--damping")
        case .durationBounce: return ("--duration", "--bounce")
        case .uikitDurationDamping: return ("--uikit-duration", "--uikit-damping")
        case .popBouncinessSpeed: return ("--bounciness", "--speed")
        case .reactSpringTensionFriction: return ("--tension", "--friction")
        case .reactSpringFrequencyDamping: return ("--react-spring-frequency", "--react-spring-damping")
        case .smoothDurationExtraBounce, .snappyDurationExtraBounce, .bouncyDurationExtraBounce:
            return ("--duration", "--extra-bounce")
        case .motionVisualDurationBounce: return ("--visual-duration", "--bounce")
        case .androidStiffnessDampingRatio: return ("--android-stiffness", "--android-damping-ratio")
        }
    }

    /// The value of an option that may be left out (nil: it must be given).
    func defaultValue(_ axis: SpringSweepGrid.Axis) -> String? {
        switch (self, axis) {
        case (.durationBounce, .second), (.motionVisualDurationBounce, .second): return "0"
        case (.smoothDurationExtraBounce, _), (.snappyDurationExtraBounce, _), (.bouncyDurationExtraBounce, _):
            // SwiftUI's defaults: duration 0.5 s, no extra bounce.
            return axis == .first ? "0.5" : "0"
        case (.androidStiffnessDampingRatio, .second):
            return JSONValue.format(Spring.AndroidDampingRatio.mediumBouncy.rawValue)
        default: return nil
        }
    }

    /// The SwiftUI preset's name for `--preset` (nil for the other parameterisations).
    var presetName: String? {
        switch self {
        case .smoothDurationExtraBounce: return "smooth"
        case .snappyDurationExtraBounce: return "snappy"
        case .bouncyDurationExtraBounce: return "bouncy"
        default: return nil
        }
    }

    /// The options that choose this parameterisation: `--preset NAME` for a SwiftUI
    /// preset, else its two options less those another parameterisation shares
    /// (`--bounce` belongs to `--duration` and `--visual-duration`).
    var keys: [String] {
        if let presetName { return ["--preset \(presetName)"] }
        let shared = Self.allCases.filter { $0 != self && $0.presetName == nil }
            .flatMap { [$0.options.0, $0.options.1] }
        return [options.0, options.1].filter { !shared.contains($0) }
    }

    /// The option that gives `axis`.
    func option(_ axis: SpringSweepGrid.Axis) -> String {
        switch axis {
        case .first: return options.0
        case .second: return options.1
        case .mass: return "--mass"
        case .initialVelocity: return "--initial-velocity"
        }
    }

    /// The two field names, as written in CSV and JSON.
    var fields: (String, String) { parameterNames }

    /// How the parameterisation is named in messages: its options (and preset).
    var label: String {
        if let presetName { return "--preset \(presetName) \(options.0) \(options.1)" }
        return "\(options.0) \(options.1)"
    }
}

extension SpringSweepGrid {
    /// The one-line message of `error` about a grid of `parameterization`, naming the option.
    static func message(_ error: SpringSweepGridError, _ parameterization: Parameterization) -> String {
        switch error {
        case let .valueOutsideDomain(axis, value, domain):
            return "\(parameterization.option(axis)): \(JSONValue.format(value)) must be \(domain)"
        case let .tooManyPoints(total):
            return "the grid has \(JSONValue.format(total)) points, more than \(maximumCount); use fewer values"
        case let .massNotSwept(kind, _):
            return "--mass does not go with \(kind.label): those springs have mass 1"
        case let .invalidSpring(_, a, b, m, reason):
            let (name1, name2) = parameterization.options
            let mass = parameterization.hasUnitMass ? "" : " --mass \(JSONValue.format(m))"
            return "\(name1) \(JSONValue.format(a)) \(name2) \(JSONValue.format(b))\(mass): \(reason)"
        }
    }

    /// Point `index`, or the message naming its options.
    func commandLinePoint(_ index: Int) throws(CommandLineError) -> Point {
        do throws(SpringSweepGridError) {
            return try point(index)
        } catch {
            throw CommandLineError(Self.message(error, parameterization))
        }
    }

    /// Reads the grid's options, naming the flag in every error.
    static func parse(_ arguments: inout ArgumentList) throws(CommandLineError) -> SpringSweepGrid {
        let presets = Parameterization.allCases.filter { $0.presetName != nil }
        let others = Parameterization.allCases.filter { $0.presetName == nil }
        let choice: Parameterization
        if let name = try arguments.string("--preset") {
            guard let preset = presets.first(where: { $0.presetName == name }) else {
                let names = presets.compactMap(\.presetName).joined(separator: "|")
                throw CommandLineError("--preset: '\(name)' is not one of \(names) (SwiftUI's presets with --extra-bounce)")
            }
            choice = preset
        } else {
            let chosen = others.filter { $0.keys.contains(where: arguments.has) }
            guard let first = chosen.first else {
                if arguments.has("--extra-bounce") { throw CommandLineError("--extra-bounce needs --preset smooth|snappy|bouncy") }
                let all = Parameterization.allCases.flatMap { [$0.options.0, $0.options.1] }
                if let given = all.first(where: arguments.has) {
                    let owners = others.filter { [$0.options.0, $0.options.1].contains(given) }.flatMap(\.keys)
                    throw CommandLineError("\(given) needs \(owners.joined(separator: " or ")) (see hooke sweep --help)")
                }
                let list = others.map(\.label).joined(separator: " | ")
                throw CommandLineError(
                    "choose the swept spring parameters: \(list) | --preset smooth|snappy|bouncy --duration --extra-bounce (see hooke sweep --help)")
            }
            if chosen.count > 1 {
                let given = chosen.prefix(2).map { kind in kind.keys.first(where: arguments.has) ?? kind.keys[0] }
                throw CommandLineError("conflicting parameterisations: \(given[0]) and \(given[1]); sweep one")
            }
            choice = first
        }
        let (name1, name2) = choice.options
        let stray = Parameterization.allCases.flatMap { [$0.options.0, $0.options.1] }
            .filter { $0 != name1 && $0 != name2 } + (choice.presetName == nil ? ["--extra-bounce"] : [])
        if let option = stray.first(where: arguments.has) {
            throw CommandLineError("\(option) does not go with \(choice.label) (see hooke sweep --help)")
        }
        if choice.hasUnitMass, arguments.has("--mass") {
            throw CommandLineError("--mass does not go with \(choice.label): those springs have mass 1")
        }
        guard let text1 = try arguments.string(name1) ?? choice.defaultValue(.first) else {
            throw CommandLineError("\(name2) needs \(name1)")
        }
        guard let text2 = try arguments.string(name2) ?? choice.defaultValue(.second) else {
            throw CommandLineError("\(name1) needs \(name2)")
        }
        let first = try axis(parsing: text1, option: name1)
        let second = try axis(parsing: text2, option: name2)
        let mass = try axis(parsing: try arguments.string("--mass") ?? "1", option: "--mass")
        let velocity = try axis(parsing: try arguments.string("--initial-velocity") ?? "0", option: "--initial-velocity")
        do throws(SpringSweepGridError) {
            return try SpringSweepGrid(choice, first: first, second: second, mass: mass, initialVelocity: velocity)
        } catch {
            throw CommandLineError(message(error, choice))
        }
    }

    /// The values of one option: `V`, `V1,V2,…` or `A:B:STEP` (B inclusive, as in
    /// `--sample`).
    static func axis(parsing text: String, option: String) throws(CommandLineError) -> SpringSweepAxis {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw CommandLineError("\(option): empty value") }
        if trimmed.contains(":") {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else {
                throw CommandLineError("\(option): expected A:B:STEP, got '\(text)'")
            }
            let start = try ArgumentList.parseNumber(parts[0], option: "\(option) A")
            let end = try ArgumentList.parseNumber(parts[1], option: "\(option) B")
            let step = try ArgumentList.parseNumber(parts[2], option: "\(option) STEP")
            do throws(SpringSweepAxisError) {
                return try SpringSweepAxis(from: start, through: end, by: step)
            } catch {
                switch error {
                case let .stepNotPositive(step):
                    throw CommandLineError("\(option): STEP must be > 0, got \(JSONValue.format(step))")
                case let .emptyRange(start, end):
                    throw CommandLineError(
                        "\(option): B (\(JSONValue.format(end))) is below A (\(JSONValue.format(start))), the range is empty")
                case .tooManyValues:
                    throw CommandLineError("\(option): \(error); use a larger STEP")
                case .nonFiniteBound:
                    // parseNumber has refused every number that is not finite.
                    throw CommandLineError("\(option): \(error)")
                }
            }
        }
        // Counted before any item is parsed, so that a list too long is refused at once.
        let items = trimmed.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard items.count <= SpringSweepAxis.maximumCount else {
            throw CommandLineError("\(option): more than \(SpringSweepAxis.maximumCount) values")
        }
        var values: [Double] = []
        for item in items {
            guard !item.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw CommandLineError("\(option): empty item in the list '\(text)'")
            }
            if let constant = SpringCommand.androidNames[option]?[item.trimmingCharacters(in: .whitespaces)] {
                values.append(constant)  // high, medium-bouncy…, as hooke spring takes them
                continue
            }
            values.append(try ArgumentList.parseNumber(item, option: option))
        }
        return SpringSweepAxis(values: values)
    }

    /// The grid as JSON: enough to rebuild it (parts of a sharded sweep compare it).
    var json: JSONValue {
        .object([
            ("parameterization", .string(parameterization.rawValue)),
            (parameterization.fields.0, .array(first.values.map(JSONValue.number))),
            (parameterization.fields.1, .array(second.values.map(JSONValue.number))),
            ("mass", .array(mass.values.map(JSONValue.number))),
            ("initialVelocity", .array(initialVelocity.values.map(JSONValue.number))),
        ])
    }

    /// Rebuilds a grid from `json`, unchecked as a merge's parts were checked when written.
    init(json: JSONValue, source: String) throws(CommandLineError) {
        func numbers(_ key: String) throws(CommandLineError) -> SpringSweepAxis {
            guard case let .array(items)? = json[key] else {
                throw CommandLineError("\(source): grid has no \(key) list")
            }
            var values: [Double] = []
            for item in items {
                guard case let .number(value) = item else { throw CommandLineError("\(source): grid \(key) is not numeric") }
                values.append(value)
            }
            guard !values.isEmpty else { throw CommandLineError("\(source): grid \(key) is empty") }
            return SpringSweepAxis(values: values)
        }
        guard case let .string(name)? = json["parameterization"], let kind = Parameterization(rawValue: name) else {
            throw CommandLineError("\(source): grid has no known parameterization")
        }
        self.init(
            unchecked: kind, first: try numbers(kind.fields.0), second: try numbers(kind.fields.1),
            mass: try numbers("mass"), initialVelocity: try numbers("initialVelocity"))
    }
}
