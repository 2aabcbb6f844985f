/// `Codable`, so that a recording can sit inside a larger document (a scenario file's
/// `gestures`). Decoding checks the same rules as `init(kind:events:)`; a broken rule is a
/// `DecodingError.dataCorrupted` whose coding path ends at the offending event
/// (`…events[3]`), and whose description is the `GestureRecordingError`'s.
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
        try StrictKeys.check(decoder, allowed: ["kind", "events"])
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(GestureKind.self, forKey: .kind)
        let events = try container.decode([GestureEvent].self, forKey: .events)
        do {
            try self.init(kind: kind, events: events)
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
