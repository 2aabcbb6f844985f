import HookeCore

/// A snapshot as a file holds it: a tree under a header (binary) or an envelope (JSON)
/// that says what it is a snapshot of and in which format version (Docs/snapshots.md).
///
/// The binary form's payload and the JSON form's document are both
/// `{"kind": KIND, "state": STATE}`; the JSON form adds `"format": "hooke-snapshot"` and
/// `"version"` first, which the binary form keeps in its header.
package enum SnapshotDocument {
    /// The format version this Hooke writes and reads.
    package static let version: UInt32 = 1
    package static let format = "hooke-snapshot"

    /// The binary form of `state`, a snapshot of a `kind` ("world", "scenario").
    package static func binary(kind: String, state: SnapshotValue) -> [UInt8] {
        SnapshotBinary.encode(.object([("kind", .string(kind)), ("state", state)]), version: version)
    }

    /// The JSON form of `state`, one line.
    package static func json(kind: String, state: SnapshotValue) -> String {
        JSONValue.object([
            ("format", .string(format)), ("version", .number(Double(version))), ("kind", .string(kind)), ("state", state.json),
        ]).text
    }

    /// Whether `bytes` start as the binary form does.
    package static func isBinary(_ bytes: [UInt8]) -> Bool { bytes.starts(with: SnapshotBinary.magic) }

    /// The state of a snapshot of a `kind`, from either form (the binary one when the
    /// bytes start with its magic).
    ///
    /// - Throws: `SnapshotError`: not a snapshot, another version, damaged, or of another
    ///   kind.
    package static func state(of bytes: [UInt8], kind: String) throws(SnapshotError) -> SnapshotValue {
        let document: SnapshotValue
        if isBinary(bytes) {
            document = try SnapshotBinary.decode(bytes, versions: version...version).0
        } else {
            let json: JSONValue
            do {
                json = try JSONParser.parse(bytes)
            } catch {
                throw SnapshotError(path: "", "not a Hooke snapshot: neither its binary form nor JSON (\(error))")
            }
            guard json["format"] == .string(format) else {
                throw SnapshotError(path: "format", "expected \"\(format)\": not a Hooke snapshot")
            }
            guard json["version"] == .number(Double(version)) else {
                throw SnapshotError(path: "version", "expected \(version), the format version this Hooke reads, got \(json["version"]?.text ?? "nothing")")
            }
            document = SnapshotValue(json: json)
        }
        guard case let .object(members) = document,
              let written = members.first(where: { $0.0 == "kind" })?.1, let state = members.first(where: { $0.0 == "state" })?.1
        else { throw SnapshotError(path: "", "not a Hooke snapshot: no kind and state") }
        guard written == .string(kind) else {
            throw SnapshotError(path: "kind", "a snapshot of a \(written.json.text), expected one of a \"\(kind)\"")
        }
        return state
    }
}
