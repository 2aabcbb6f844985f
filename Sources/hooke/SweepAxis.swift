import Foundation

/// The values one swept option takes: `V`, `V1,V2,…` or `A:B:STEP` (B inclusive, as in
/// `--sample`: values A + i·STEP computed from the index, B counted as reached within a
/// millionth of a step).
struct SweepAxis {
    /// The option's name, e.g. `--damping-ratio`.
    let option: String
    /// The values, listed or as an arithmetic range computed index by index, so that
    /// the size of a grid is known (and refused) before any value is made.
    private let storage: Storage

    private enum Storage {
        case list([Double])
        case range(start: Double, step: Double, end: Double, count: Int)
    }

    /// The most values one axis may take.
    static let maximumCount = 10_000_000

    init(option: String, values: [Double]) {
        self.option = option
        self.storage = .list(values)
    }

    init(parsing text: String, option: String) throws(CommandLineError) {
        self.option = option
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
            guard step > 0 else { throw CommandLineError("\(option): STEP must be > 0, got \(JSONValue.format(step))") }
            guard end >= start else {
                throw CommandLineError("\(option): B (\(JSONValue.format(end))) is below A (\(JSONValue.format(start))), the range is empty")
            }
            let span = (end - start) / step
            guard span < Double(Self.maximumCount) else {
                throw CommandLineError("\(option): more than \(Self.maximumCount) values; use a larger STEP")
            }
            storage = .range(start: start, step: step, end: end, count: Int((span + 1e-6).rounded(.down)) + 1)
        } else {
            let items = trimmed.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard items.count <= Self.maximumCount else {
                throw CommandLineError("\(option): more than \(Self.maximumCount) values")
            }
            var values: [Double] = []
            for item in items {
                guard !item.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw CommandLineError("\(option): empty item in the list '\(text)'")
                }
                values.append(try ArgumentList.parseNumber(item, option: option))
            }
            storage = .list(values)
        }
    }

    /// The number of values.
    var count: Int {
        switch storage {
        case let .list(values): return values.count
        case let .range(_, _, _, count): return count
        }
    }

    /// Value `index` (0 ≤ index < count).
    subscript(index: Int) -> Double {
        switch storage {
        case let .list(values):
            return values[index]
        case let .range(start, step, end, count):
            // Rounded to 15 significant digits: 0.1 + 2·0.1 is the 0.3 the user meant,
            // not 0.30000000000000004 (a change of at most an ulp or two).
            let raw = start + Double(index) * step
            let value = Double(String(format: "%.15g", raw)) ?? raw
            return index == count - 1 && abs(value - end) <= 1e-6 * step ? end : value
        }
    }

    /// Every value, in order.
    var values: [Double] { (0..<count).map { self[$0] } }

    /// Refuses values outside `requirement`, naming the option. Every requirement is an
    /// interval and a range's values lie between its two ends, so a range is checked at
    /// its ends (the first failing one is named).
    func require(_ description: String, _ predicate: (Double) -> Bool) throws(CommandLineError) {
        let bad: Double?
        switch storage {
        case let .list(values): bad = values.first { !predicate($0) }
        case .range: bad = [self[0], self[count - 1]].first { !predicate($0) }
        }
        if let bad {
            throw CommandLineError("\(option): \(JSONValue.format(bad)) must be \(description)")
        }
    }
}
