import Foundation
@testable import hooke

/// Fuzz target `fit-csv`: the curve file of `hooke fit`.
///
/// The input is written to a scratch file and fitted by `FitCommand.run` exactly as
/// `hooke fit CURVE.csv` runs (read by `FitCurve`, checked and solved by HookeLinear's
/// `SpringFit`, reported). Comment lines are ignored by the reader, so a first line
/// `#args OPTION…` carries extra options for the command (for example
/// `#args --columns time,y --fit-velocity --json`). Without it the file is fitted with
/// the defaults when its length is even, with `--fit-velocity --json` when odd.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let path = FuzzScratch.write(bytes, name: "curve.csv")
    let text = String(decoding: bytes.prefix(256), as: UTF8.self)
    if text.hasPrefix("#args ") {
        let line = text.dropFirst(6).prefix { $0 != "\n" && $0 != "\r" }
        let options = line.split(separator: " ").map(String.init)
        _ = try? FitCommand.run([path] + options)
    } else {
        _ = try? FitCommand.run(size % 2 == 0 ? [path] : [path, "--fit-velocity", "--json"])
    }
    return 0
}
