/// Rejects keys a JSON object should not have, so that a misspelt field ("tim") is an
/// error rather than silently ignored — the same rule as scenario files.
struct StrictKeys: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    /// Throws a `DecodingError.dataCorrupted` at the unknown key's path.
    static func check(_ decoder: any Decoder, allowed: Set<String>) throws {
        let container = try decoder.container(keyedBy: StrictKeys.self)
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath + [key],
                debugDescription: "unknown key (expected one of \(allowed.sorted().joined(separator: ", ")))"))
        }
    }
}
