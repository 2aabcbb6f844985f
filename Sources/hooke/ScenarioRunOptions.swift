import HookeIO

/// The options `hooke simulate` and `hooke render` share: the scenario file, `--duration`
/// and `--no-work-limit`.
struct ScenarioRunOptions {
    /// The scenario file's path.
    var input: String
    /// Simulated seconds overriding the file's "duration"; nil keeps the file's.
    var duration: Double?
    /// `--no-work-limit`: the work cap (`SimulateCommand.workLimit`) is lifted.
    var unlimited: Bool

    /// Takes the shared options from `arguments` and finishes it: call it after the
    /// command has taken its own options. `command` names the command in the messages.
    init(_ arguments: inout ArgumentList, command: String) throws(CommandLineError) {
        duration = try arguments.number("--duration")
        unlimited = arguments.flag("--no-work-limit")
        try arguments.finish(allowedPositionals: 1)
        guard let input = arguments.positionals.first else {
            throw CommandLineError("missing scenario file (see hooke \(command) --help)")
        }
        if let duration, duration <= 0 {
            throw CommandLineError("--duration: expected a number of seconds > 0, got \(JSONValue.format(duration))")
        }
        self.input = input
    }
}
