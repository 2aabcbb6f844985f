import Hooke

/// JSON form of an event: `{"phase": "changed", "time": 0.0083, "touches": [[161, 300]]}`,
/// with one `[x, y]` pair per touch. Decoding validates like `init`: a non-finite number,
/// a touch count other than 1 or 2 or an unknown key is a decoding error that names the field.
extension GestureEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case phase, time, touches
    }

    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, allowed: ["phase", "time", "touches"])
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let phase = try container.decode(GesturePhase.self, forKey: .phase)
        let time = try container.decode(Double.self, forKey: .time)
        guard time.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: .time, in: container, debugDescription: "must be finite")
        }
        let touches = try container.decode([[Double]].self, forKey: .touches)
        guard touches.count == 1 || touches.count == 2 else {
            throw DecodingError.dataCorruptedError(
                forKey: .touches, in: container,
                debugDescription: "an event has 1 or 2 touches, got \(touches.count)")
        }
        for (index, touch) in touches.enumerated() where touch.count != 2 {
            throw DecodingError.dataCorruptedError(
                forKey: .touches, in: container,
                debugDescription: "touch \(index) must be [x, y], got \(touch.count) numbers")
        }
        do {
            try self.init(
                phase, time: time, location: SIMD2(touches[0][0], touches[0][1]),
                secondLocation: touches.count == 2 ? SIMD2(touches[1][0], touches[1][1]) : nil)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .touches, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(phase, forKey: .phase)
        try container.encode(time, forKey: .time)
        var touches = [[location.x, location.y]]
        if let secondLocation { touches.append([secondLocation.x, secondLocation.y]) }
        try container.encode(touches, forKey: .touches)
    }
}
