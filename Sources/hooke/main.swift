import Foundation

/// `hooke`: Hooke's command line. Each subcommand parses its own options; any
/// problem with the input is a `CommandLineError`: one line on standard error and
/// exit status 2.
let usage = """
    usage: hooke COMMAND [OPTIONS]

    Commands:
      spring      describe a spring in every parameterisation, its settling, overshoot
                  and peak, and sample its exact step response
      simulate    run a scenario file on the World and write its trajectory (CSV or JSON)
      render      run a scenario file and write a self-contained HTML page that plays it
      sweep       simulate a grid of springs with the engine's integrator and timestep,
                  measure their step responses and recommend one under constraints;
                  with --scenario, run a scenario over a grid of its own numbers;
                  'sweep merge' combines the parts of a sharded sweep
      scroll      a scroll view's fling: UIScrollView-like deceleration with an edge
                  spring, paging and snap points, or Flutter's bouncing and clamping
                  simulations, summarised or sampled as CSV
      fit         recover a spring from a sampled curve (CSV) by least squares
      tour        write pages that show Hooke at work: scene players, spring plots,
                  a sweep and a quick benchmark (make run)

    Run 'hooke COMMAND --help' for a command's options.
    """

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let output: String
    switch arguments.first {
    case "spring":
        output = try SpringCommand.run(Array(arguments.dropFirst()))
    case "simulate":
        output = try SimulateCommand.run(Array(arguments.dropFirst()))
    case "render":
        output = try RenderCommand.run(Array(arguments.dropFirst()))
    case "sweep":
        output = try SweepCommand.run(Array(arguments.dropFirst()))
    case "fit":
        output = try FitCommand.run(Array(arguments.dropFirst()))
    case "scroll":
        output = try ScrollCommand.run(Array(arguments.dropFirst()))
    case "tour":
        output = try TourCommand.run(Array(arguments.dropFirst()))
    case "--help", "-h", "help":
        output = usage
    case nil:
        throw CommandLineError("missing command\n\(usage)")
    case let command?:
        throw CommandLineError("unknown command '\(command)' (see hooke --help)")
    }
    // A command that streamed its output to standard output has nothing more to say.
    if !output.isEmpty { print(output) }
} catch {
    FileHandle.standardError.write(Data("hooke: \(error)\n".utf8))
    exit(2)
}
