/// A problem with what the user typed. The CLI prints its message on one line to
/// standard error and exits with status 2; it never shows a stack trace.
struct CommandLineError: Error, CustomStringConvertible {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
