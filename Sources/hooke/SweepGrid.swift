import Foundation
import Hooke

/// The grid of a sweep: one parameterisation's two axes, a mass axis and an
/// initial-velocity axis. Points are numbered in row-major order — the first axis
/// outermost, the initial velocity innermost:
///
///     index = ((i₁·n₂ + i₂)·n_mass + i_mass)·n_velocity + i_velocity
///
/// which is the order of every output and the order shards partition.
struct SweepGrid {
    /// The parameterisations a sweep can span.
    enum Parameterization: String, CaseIterable {
        case dampingRatioResponse = "dampingRatio,response"
        case stiffnessDamping = "stiffness,damping"
        case durationBounce = "duration,bounce"

        /// The two options, as typed.
        var options: (String, String) {
            switch self {
            case .dampingRatioResponse: return ("--damping-ratio", "--response")
            case .stiffnessDamping: return ("--stiffness", "--damping")
            case .durationBounce: return ("--duration", "--bounce")
            }
        }

        /// The two field names, as written in CSV and JSON.
        var fields: (String, String) {
            switch self {
            case .dampingRatioResponse: return ("dampingRatio", "response")
            case .stiffnessDamping: return ("stiffness", "damping")
            case .durationBounce: return ("duration", "bounce")
            }
        }

        func spring(_ a: Double, _ b: Double, mass: Double) throws(HookeError) -> Spring {
            switch self {
            case .dampingRatioResponse: return try Spring(dampingRatio: a, response: b, mass: mass)
            case .stiffnessDamping: return try Spring(mass: mass, stiffness: a, damping: b)
            case .durationBounce: return try Spring(duration: a, bounce: b, mass: mass)
            }
        }
    }

    let parameterization: Parameterization
    let first: SweepAxis
    let second: SweepAxis
    let mass: SweepAxis
    let initialVelocity: SweepAxis

    /// The most points one grid may hold.
    static let maximumCount = 200_000_000

    /// The four axes in index order.
    var axes: [SweepAxis] { [first, second, mass, initialVelocity] }

    var count: Int { first.count * second.count * mass.count * initialVelocity.count }

    /// Axis indices (first, second, mass, velocity) of point `index`.
    func coordinates(of index: Int) -> [Int] {
        var rest = index
        var result = [0, 0, 0, 0]
        for (axis, values) in axes.enumerated().reversed() {
            result[axis] = rest % values.count
            rest /= values.count
        }
        return result
    }

    /// The point index of axis indices (first, second, mass, velocity).
    func index(of coordinates: [Int]) -> Int {
        zip(axes, coordinates).reduce(0) { $0 * $1.0.count + $1.1 }
    }

    /// The parameters of one grid point.
    struct Point {
        let index: Int
        let spring: Spring
        let initialVelocity: Double
        /// The swept values exactly as given (the spring's getters would recompute them
        /// with rounding).
        let first: Double
        let second: Double
        let mass: Double
    }

    func point(_ index: Int) throws(CommandLineError) -> Point {
        let c = coordinates(of: index)
        let (a, b, m) = (first[c[0]], second[c[1]], mass[c[2]])
        do {
            let spring = try parameterization.spring(a, b, mass: m)
            return Point(
                index: index, spring: spring, initialVelocity: initialVelocity[c[3]],
                first: a, second: b, mass: m)
        } catch {
            throw CommandLineError(
                "\(parameterization.options.0) \(JSONValue.format(a)) \(parameterization.options.1) \(JSONValue.format(b)) --mass \(JSONValue.format(m)): \(error)")
        }
    }

    /// Reads the grid's options, naming the flag in every error.
    static func parse(_ arguments: inout ArgumentList) throws(CommandLineError) -> SweepGrid {
        let chosen = Parameterization.allCases.filter {
            arguments.has($0.options.0) || arguments.has($0.options.1)
        }
        guard let choice = chosen.first else {
            let list = Parameterization.allCases.map { "\($0.options.0) \($0.options.1)" }.joined(separator: " | ")
            throw CommandLineError("choose the swept spring parameters: \(list) (see hooke sweep --help)")
        }
        if chosen.count > 1 {
            throw CommandLineError(
                "conflicting parameterisations: \(choice.options.0) and \(chosen[1].options.0); sweep one")
        }
        let (name1, name2) = choice.options
        guard let text1 = try arguments.string(name1) else { throw CommandLineError("\(name2) needs \(name1)") }
        let secondText = try arguments.string(name2) ?? (choice == .durationBounce ? "0" : nil)
        guard let text2 = secondText else { throw CommandLineError("\(name1) needs \(name2)") }
        let first = try SweepAxis(parsing: text1, option: name1)
        let second = try SweepAxis(parsing: text2, option: name2)
        let mass = try SweepAxis(parsing: try arguments.string("--mass") ?? "1", option: "--mass")
        let velocity = try SweepAxis(
            parsing: try arguments.string("--initial-velocity") ?? "0", option: "--initial-velocity")
        switch choice {
        case .dampingRatioResponse:
            try first.require(">= 0") { $0 >= 0 }
            try second.require("> 0") { $0 > 0 }
        case .stiffnessDamping:
            try first.require("> 0") { $0 > 0 }
            try second.require(">= 0") { $0 >= 0 }
        case .durationBounce:
            try first.require("> 0") { $0 > 0 }
            try second.require("in (-1, 1]") { $0 > -1 && $0 <= 1 }
        }
        try mass.require("> 0") { $0 > 0 }
        let grid = SweepGrid(
            parameterization: choice, first: first, second: second, mass: mass, initialVelocity: velocity)
        let total = grid.axes.reduce(1.0) { $0 * Double($1.count) }
        guard total <= Double(maximumCount) else {
            throw CommandLineError("the grid has \(JSONValue.format(total)) points, more than \(maximumCount); use fewer values")
        }
        return grid
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

    /// Rebuilds a grid from `json`.
    init(json: JSONValue, source: String) throws(CommandLineError) {
        func numbers(_ key: String) throws(CommandLineError) -> [Double] {
            guard case let .array(items)? = json[key] else {
                throw CommandLineError("\(source): grid has no \(key) list")
            }
            var values: [Double] = []
            for item in items {
                guard case let .number(value) = item else { throw CommandLineError("\(source): grid \(key) is not numeric") }
                values.append(value)
            }
            guard !values.isEmpty else { throw CommandLineError("\(source): grid \(key) is empty") }
            return values
        }
        guard case let .string(name)? = json["parameterization"], let kind = Parameterization(rawValue: name) else {
            throw CommandLineError("\(source): grid has no known parameterization")
        }
        parameterization = kind
        first = SweepAxis(option: kind.options.0, values: try numbers(kind.fields.0))
        second = SweepAxis(option: kind.options.1, values: try numbers(kind.fields.1))
        mass = SweepAxis(option: "--mass", values: try numbers("mass"))
        initialVelocity = SweepAxis(option: "--initial-velocity", values: try numbers("initialVelocity"))
    }

    init(parameterization: Parameterization, first: SweepAxis, second: SweepAxis, mass: SweepAxis, initialVelocity: SweepAxis) {
        self.parameterization = parameterization
        self.first = first
        self.second = second
        self.mass = mass
        self.initialVelocity = initialVelocity
    }
}

extension JSONValue {
    /// The member `key` of an object, nil for anything else.
    subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }
}
