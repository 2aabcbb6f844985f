import Foundation

/// A sampled curve read from CSV: times (s) and values, in file order. What a fit can
/// describe is `SpringFit`'s to judge (HookeLinear); this reads the file.
struct FitCurve {
    let times: [Double]
    let values: [Double]

    /// Reads `path`. A first line that is not all numbers is the header; `columns` is
    /// `TIME,VALUE` by header name or by 1-based position (default: `t,value` when the
    /// header has them, else the first two columns).
    init(path: String, columns: String?) throws(CommandLineError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandLineError("fit: cannot read \(path)")
        }
        var lines = String(decoding: data, as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .enumerated().filter { !$0.element.isEmpty && !$0.element.hasPrefix("#") }
        guard let first = lines.first else { throw CommandLineError("fit: \(path) is empty") }
        let firstFields = first.element.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var header: [String]? = nil
        if firstFields.contains(where: { Double($0) == nil }) {
            header = firstFields
            lines.removeFirst()
        }
        let (timeColumn, valueColumn) = try Self.columns(columns, header: header, width: firstFields.count)
        var times: [Double] = []
        var values: [Double] = []
        for (lineNumber, line) in lines {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count > max(timeColumn, valueColumn) else {
                throw CommandLineError("fit: \(path) line \(lineNumber + 1) has \(fields.count) fields, need column \(max(timeColumn, valueColumn) + 1)")
            }
            guard let t = Double(fields[timeColumn]), t.isFinite, let x = Double(fields[valueColumn]), x.isFinite else {
                throw CommandLineError("fit: \(path) line \(lineNumber + 1): not a finite number in the time or value column")
            }
            times.append(t)
            values.append(x)
        }
        self.times = times
        self.values = values
    }

    private static func columns(_ text: String?, header: [String]?, width: Int) throws(CommandLineError) -> (Int, Int) {
        guard let text else {
            if let header, let t = header.firstIndex(of: "t"), let value = header.firstIndex(of: "value") {
                return (t, value)
            }
            guard width >= 2 else { throw CommandLineError("fit: the CSV needs two columns (time, value)") }
            return (0, 1)
        }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard names.count == 2 else { throw CommandLineError("--columns: expected TIME,VALUE, got '\(text)'") }
        func resolve(_ name: String) throws(CommandLineError) -> Int {
            if let header, let index = header.firstIndex(of: name) { return index }
            if let position = Int(name), position >= 1, position <= width { return position - 1 }
            throw CommandLineError("--columns: no column '\(name)' (header: \(header?.joined(separator: ",") ?? "none"))")
        }
        let (time, value) = (try resolve(names[0]), try resolve(names[1]))
        guard time != value else {
            throw CommandLineError("--columns: TIME and VALUE are the same column (\(time + 1)) in '\(text)'")
        }
        return (time, value)
    }
}
