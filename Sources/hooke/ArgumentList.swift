import Foundation

/// The arguments of one subcommand, consumed option by option.
///
/// Options are `--name value` or `--name=value`; flags are `--name`. Every option may be
/// given once. After a command has taken what it knows, `finish()` refuses anything
/// left over, so a misspelt option is an error rather than silently ignored.
struct ArgumentList {
    private var options: [String: String] = [:]
    private var flags: Set<String> = []
    private(set) var positionals: [String] = []
    private var consumed: Set<String> = []
    /// An option given last with no value after it. Whether that is a missing value or
    /// a misspelt option is known only once the command has taken what it knows, so
    /// `finish()` says which.
    private var withoutValue: String?

    /// Splits `arguments` into options, flags and positionals.
    ///
    /// - Parameter flagNames: the options that take no value (for example `--json`).
    init(_ arguments: some Sequence<String>, flagNames: Set<String>) throws(CommandLineError) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String? = nil
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if options[name] != nil || flags.contains(name) {
                throw CommandLineError("\(name) is given more than once")
            }
            if flagNames.contains(name) {
                guard inlineValue == nil else { throw CommandLineError("\(name) takes no value") }
                flags.insert(name)
            } else if let value = inlineValue ?? iterator.next() {
                options[name] = value
            } else {
                withoutValue = name
            }
        }
    }

    /// Whether the user gave `name` (an option or a flag), without consuming it.
    func has(_ name: String) -> Bool {
        options[name] != nil || flags.contains(name) || withoutValue == name
    }

    /// Takes the flag `name`; true when it was given.
    mutating func flag(_ name: String) -> Bool {
        consumed.insert(name)
        return flags.contains(name)
    }

    /// Takes the raw text of option `name`.
    ///
    /// - Throws: "`name` needs a value" when it was given last with nothing after it.
    mutating func string(_ name: String) throws(CommandLineError) -> String? {
        consumed.insert(name)
        if name == withoutValue { throw CommandLineError("\(name) needs a value") }
        return options[name]
    }

    /// Takes option `name` as a finite number.
    mutating func number(_ name: String) throws(CommandLineError) -> Double? {
        guard let text = try string(name) else { return nil }
        return try Self.parseNumber(text, option: name)
    }

    /// Takes option `name` as a finite number, or `defaultValue` when absent.
    mutating func number(_ name: String, default defaultValue: Double) throws(CommandLineError) -> Double {
        try number(name) ?? defaultValue
    }

    /// Refuses options nobody took, a known option given without its value, and any
    /// positional argument beyond `allowedPositionals`.
    func finish(allowedPositionals: Int = 0) throws(CommandLineError) {
        let given = Array(options.keys) + Array(flags) + (withoutValue.map { [$0] } ?? [])
        let unknown = given.filter { !consumed.contains($0) }.sorted()
        if let first = unknown.first {
            throw CommandLineError("unknown option \(first) (see --help)")
        }
        if let withoutValue {
            throw CommandLineError("\(withoutValue) needs a value")
        }
        if positionals.count > allowedPositionals {
            throw CommandLineError("unexpected argument '\(positionals[allowedPositionals])' (see --help)")
        }
    }

    /// Parses a finite decimal number; names the option in the error.
    static func parseNumber(_ text: String, option: String) throws(CommandLineError) -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)) else {
            throw CommandLineError("\(option): '\(text)' is not a number")
        }
        guard value.isFinite else {
            throw CommandLineError("\(option): '\(text)' is not a finite number")
        }
        return value
    }
}
