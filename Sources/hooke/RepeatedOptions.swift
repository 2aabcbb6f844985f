/// Options a command accepts more than once (`--vary`, `--metric`, `--max`, `--min` of
/// `hooke sweep --scenario`), taken out of the argument list before `ArgumentList`,
/// which refuses an option given twice, reads the rest.
struct RepeatedOptions {
    /// Every value of each repeated option, in the order given.
    private(set) var values: [String: [String]] = [:]
    /// The arguments that are not repeated options, in order.
    private(set) var remaining: [String] = []

    /// Splits `arguments`: `--name value` and `--name=value` of every name in `names`
    /// are collected; everything else is kept in `remaining`.
    init(_ arguments: [String], names: Set<String>) throws(CommandLineError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if names.contains(argument) {
                guard index + 1 < arguments.count else { throw CommandLineError("\(argument) needs a value") }
                values[argument, default: []].append(arguments[index + 1])
                index += 2
                continue
            }
            if let equals = argument.firstIndex(of: "="), names.contains(String(argument[..<equals])) {
                values[String(argument[..<equals]), default: []].append(String(argument[argument.index(after: equals)...]))
                index += 1
                continue
            }
            remaining.append(argument)
            index += 1
        }
    }

    /// The values of `name`, in the order given (empty when it was not given).
    func all(_ name: String) -> [String] { values[name] ?? [] }
}
