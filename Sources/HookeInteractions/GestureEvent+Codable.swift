import Hooke
import HookeIO

/// JSON form of an event: `{"phase": "changed", "time": 0.0083, "touches": [[161, 300]]}`,
/// with one `[x, y]` pair per touch and, when recorded, UIKit's `"velocity"` (`[vx, vy]`
/// for one touch, the pinch's scale rate for two). Decoding reads the value with the format's one
/// reader (`GestureEvent.read`): a wrong type, a touch count other than 1 or 2 or an
/// unknown key is a `DecodingError.dataCorrupted` whose description names the field.
extension GestureEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case phase, time, touches, velocity
    }

    public init(from decoder: any Decoder) throws {
        self = try GestureRecording.decode(decoder) { node throws(ScenarioError) in try Self.read(node, kind: nil) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(phase, forKey: .phase)
        try container.encode(time, forKey: .time)
        var touches = [[location.x, location.y]]
        if let secondLocation { touches.append([secondLocation.x, secondLocation.y]) }
        try container.encode(touches, forKey: .touches)
        if let velocity {
            if secondLocation == nil {
                try container.encode([velocity.x, velocity.y], forKey: .velocity)
            } else {
                try container.encode(velocity.x, forKey: .velocity)
            }
        }
    }
}
