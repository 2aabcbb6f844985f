import Foundation
@testable import HookeIO
@testable import hooke

/// Fuzz target `sweep-merge`: the inputs of `hooke sweep merge`.
///
/// The input is one or more sweep JSON outputs (`hooke sweep --format json`) separated
/// by lines `---`. Each part goes through `JSONParser`, whose result must print
/// (`JSONValue.text`) as text that reads back to the same value; the parts are then
/// written to scratch files and merged by `SweepMerge.run` as `hooke sweep merge` does,
/// with the merged JSON written to the target's stand-in for /dev/null (`FuzzDevice`,
/// checked to stay a device; a scratch file where none can be made) and, for one input in four (by length), its
/// plot to a scratch file (the plot simulates step responses: the slowest part).
let separator = Array("\n---\n".utf8)
let maximumParts = 4

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = split(Array(UnsafeBufferPointer(start: data, count: size)))
    guard parts.count <= maximumParts else { return 0 }
    var paths: [String] = []
    for (index, part) in parts.enumerated() {
        if let value = try? JSONParser.parse(part) {
            let printed = value.text
            let again = try? JSONParser.parse(Array(printed.utf8))
            fuzzCheck(again == value, "JSONParser does not read back JSONValue.text: \(printed)")
        }
        paths.append(FuzzScratch.write(Data(part), name: "part\(index).json"))
    }
    let out = FuzzDevice.path ?? (FuzzScratch.directory as NSString).appendingPathComponent("merged.json")
    var options = ["--out", out, "--format", "json"]
    if size % 4 == 0 { options += ["--plot", (FuzzScratch.directory as NSString).appendingPathComponent("merged.svg")] }
    _ = try? SweepMerge.run(paths + options)
    FuzzDevice.check()
    FuzzScratch.clear(keeping: ["null"])
    return 0
}

/// The input cut at every `separator`.
func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var parts: [ArraySlice<UInt8>] = []
    var start = 0
    var index = 0
    while index + separator.count <= bytes.count {
        if bytes[index..<index + separator.count].elementsEqual(separator) {
            parts.append(bytes[start..<index])
            index += separator.count
            start = index
        } else {
            index += 1
        }
    }
    parts.append(bytes[start...])
    return parts
}
