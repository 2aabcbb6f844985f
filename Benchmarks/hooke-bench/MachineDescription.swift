import Foundation

/// The processor a run measured on, as `/proc/cpuinfo` names it: what a result file must
/// carry to be compared with another machine's, and the name of the folder results of
/// this machine are kept in (`Benchmarks/results/<slug>/`).
///
/// Read from the first processor's block of `/proc/cpuinfo` (Linux). Elsewhere every
/// field is "unknown" or empty: the benchmark's figures come from Linux machines.
struct MachineDescription: Codable, Sendable, Equatable {
    /// The "model name" line (x86), e.g. "AMD EPYC 9R14 96-Core Processor"; a virtual
    /// machine may shorten it to "AMD EPYC".
    var cpuModel: String
    /// "family F, model M, stepping S" from the same block, which tells apart processors
    /// that a virtual machine gives the same short name ("AMD EPYC" family 25 model 17 is
    /// Zen 4); empty where the lines are missing.
    var cpuSignature: String
    /// The vector instruction sets the processor reports, of those that change what the
    /// compiled loops can do (`Self.vectorFlags`, in that order): "flags" on x86,
    /// "Features" on ARM.
    var isa: [String]
    /// Processors the operating system runs threads on.
    var logicalProcessors: Int

    /// The flags worth recording, widest first: AVX-512 (foundation and the subsets the
    /// loops use), AVX2, FMA, AVX, SSE4.2; ARM's SVE and Advanced SIMD.
    static let vectorFlags = ["avx512f", "avx512dq", "avx512bw", "avx512vl", "avx2", "fma", "avx", "sse4_2",
                              "sve2", "sve", "asimd"]

    /// This machine.
    static func current() -> MachineDescription {
        let text = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        return parse(cpuinfo: text, logicalProcessors: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The description in a `/proc/cpuinfo` text: its first processor's block.
    static func parse(cpuinfo: String, logicalProcessors: Int) -> MachineDescription {
        var fields: [String: String] = [:]
        for line in cpuinfo.split(separator: "\n", omittingEmptySubsequences: false) {
            // A blank line ends the first processor's block; the others repeat it.
            if line.trimmingCharacters(in: .whitespaces).isEmpty { if !fields.isEmpty { break } else { continue } }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if fields[key] == nil { fields[key] = value }
        }
        let flags = Set((fields["flags"] ?? fields["Features"] ?? "").split(separator: " ").map(String.init))
        let signature = [("cpu family", "family"), ("model", "model"), ("stepping", "stepping")]
            .compactMap { key, name in fields[key].map { "\(name) \($0)" } }
            .joined(separator: ", ")
        return MachineDescription(cpuModel: fields["model name"] ?? fields["Processor"] ?? "unknown",
                                  cpuSignature: signature, isa: vectorFlags.filter(flags.contains),
                                  logicalProcessors: logicalProcessors)
    }

    /// The folder name of this processor's results: the model name in lower case, every
    /// run of characters other than a–z and 0–9 turned into one hyphen, none at either
    /// end ("AMD EPYC 9R14 96-Core Processor" → "amd-epyc-9r14-96-core-processor").
    /// `Benchmarks/peers/result_files.py` applies the same rule.
    var slug: String {
        var slug = ""
        var pendingHyphen = false
        for scalar in cpuModel.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingHyphen && !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return slug.isEmpty ? "unknown-cpu" : slug
    }
}
