import HookeIO

extension OutputFile {
    /// Writes a command's output file, reporting a failure as a command-line error
    /// after the option that named the file (`--out: cannot write …`).
    static func write(_ text: String, to path: String, option: String) throws(CommandLineError) {
        do {
            try write(text, to: path)
        } catch {
            throw CommandLineError("\(option): \(error)")
        }
    }
}

extension OutputFile {
    /// Refuses a command whose outputs (option, path) coincide with one another or with
    /// one of its input files, before anything runs.
    static func requireDistinct(outputs: [(option: String, path: String?)], inputs: [String]) throws(CommandLineError) {
        var uses = inputs.map { Use("input", $0, isOutput: false) }
        for (option, path) in outputs { if let path { uses.append(Use(option, path, isOutput: true)) } }
        do {
            try requireDistinct(uses)
        } catch {
            throw CommandLineError(error.description)
        }
    }
}
