import Hooke
import HookeIO

/// `Codable`, so that a recording can sit inside a larger document (an app's own file).
/// Decoding reads the value with the format's one reader (`readUnchecked`) and checks
/// the same rules as `init(kind:events:)`: a value of the wrong shape is a
/// `DecodingError.dataCorrupted` whose description names its path; a broken rule is one
/// whose coding path ends at the offending event (`…events[3]`) and whose description
/// is the `GestureRecordingError`'s.
extension GestureRecording: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, events
    }

    private struct EventIndex: CodingKey {
        var intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let raw = try Self.decode(decoder, Self.readUnchecked)
        do {
            try self.init(kind: raw.kind, events: raw.events)
        } catch {
            var path = decoder.codingPath + [CodingKeys.events as any CodingKey]
            if case let .invalidEvent(index, _) = error { path.append(EventIndex(intValue: index)) }
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(events, forKey: .events)
    }
}
