import Foundation
import Hooke
import HookeIO
import HookeInteractions

/// The page `hooke render` writes: the scene's geometry and the recorded trajectory as
/// one JSON object inside one HTML file, with the player (`RenderPlayer`) that draws it.
///
/// The trajectory is stored as 32-bit floats in base64, frame after frame, each frame
/// the recorded bodies in `recordedIDs` order, each body `columns` values; a body missing
/// from a frame (an interaction row that has not started) is NaN there.
struct RenderPage {
    /// The most recorded body-steps a page holds: 2·10⁶ × 6 floats is 48 MB of data,
    /// 64 MB as base64, which a browser still parses in about a second.
    static let maximumSamples = 2_000_000

    /// The stored columns of a row; interactions add scale, alpha and overlay.
    static let baseColumns = ["x", "y", "angle", "vx", "vy", "omega"]
    static let interactionColumns = ["scale", "alpha", "overlay"]

    let file: InteractionScenario
    let title: String
    /// The recorded rows' ids, in row order.
    private(set) var recordedIDs: [String]
    private var index: [String: Int] = [:]
    private let columns: [String]
    /// The frames' values so far, and the step of each frame.
    private var values: [Float] = []
    private var frameSteps: [Int] = []
    /// Interaction rows' states per frame and body, as indices into `stateNames`.
    private var states: [Int] = []
    private var stateNames: [String] = []
    private var stateIndex: [String: Int] = [:]
    /// Contacts: frame, 0 began / 1 ended, x, y.
    private var contacts: [Double] = []

    var frameCount: Int { frameSteps.count }

    init(file: InteractionScenario, title: String) {
        self.file = file
        self.title = title
        var ids = file.scenario.record.items ?? file.scenario.bodies.map(\.id)
        for id in file.interactions.flatMap(\.rowIDs) where !ids.contains(id) { ids.append(id) }
        recordedIDs = ids
        for (k, id) in ids.enumerated() { index[id] = k }
        columns = Self.baseColumns + (file.interactions.isEmpty ? [] : Self.interactionColumns)
    }

    /// Adds one recorded row.
    mutating func add(_ row: InteractionSample) {
        let s = row.sample
        if frameSteps.last != s.step { startFrame(step: s.step) }
        guard let k = index[s.id] else { return }
        let width = columns.count, frame = frameSteps.count - 1
        let base = (frame * recordedIDs.count + k) * width
        let numbers = [s.center.x, s.center.y, s.angle, s.velocity.x, s.velocity.y, s.angularVelocity,
                       row.scale, row.alpha, row.overlay]
        for c in 0..<width { values[base + c] = Float(numbers[c]) }
        if !file.interactions.isEmpty {
            let name = row.state
            let stateNumber = stateIndex[name] ?? {
                stateNames.append(name)
                stateIndex[name] = stateNames.count - 1
                return stateNames.count - 1
            }()
            states[frame * recordedIDs.count + k] = stateNumber
        }
    }

    private mutating func startFrame(step: Int) {
        frameSteps.append(step)
        values.append(contentsOf: repeatElement(.nan, count: recordedIDs.count * columns.count))
        if !file.interactions.isEmpty { states.append(contentsOf: repeatElement(-1, count: recordedIDs.count)) }
    }

    /// Adds an event: contacts flash where they began and ended.
    mutating func add(_ event: ScenarioEvent) {
        // Frame n holds step n·every; an event of step s flashes from frame ⌊s / every⌋.
        let frame = Double(event.step / file.scenario.record.every)
        switch event.kind {
        case let .contactBegan(contact): contacts += [frame, 0, contact.point.x, contact.point.y]
        case let .contactEnded(contact): contacts += [frame, 1, contact.point.x, contact.point.y]
        default: break
        }
    }

    // MARK: - The page

    /// The whole HTML file.
    var html: String {
        // The data sits in a script element: "<" is written as \u003c so that no id can
        // close the element (JSON allows the escape anywhere in a string).
        let data = dataJSON.text.replacingOccurrences(of: "<", with: "\\u003c")
        return RenderPlayer.page(title: title, data: data)
    }

    private var dataJSON: JSONValue {
        let scenario = file.scenario
        func point(_ p: SIMD2<Double>) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
        func numbers(_ xs: [Double]) -> JSONValue { .array(xs.map { .number($0) }) }
        // Anchored on the body itself, or by a dynamic item behaviour (drawn grey).
        var anchoredIDs = Set(scenario.bodies.filter { $0.properties.anchored == true }.map(\.id))
        for behavior in scenario.behaviors {
            if case let .dynamicItem(d) = behavior.kind, d.properties.anchored == true { anchoredIDs.formUnion(d.items) }
        }
        func shapeJSON(_ shape: BodyShape) -> [(String, JSONValue)] {
            switch shape {
            case let .rectangle(w, h): [("kind", .string("rectangle")), ("size", point(SIMD2(w, h)))]
            case let .ellipse(w, h): [("kind", .string("ellipse")), ("size", point(SIMD2(w, h)))]
            case let .polygon(vertices): [("kind", .string("polygon")), ("vertices", .array(vertices.map(point)))]
            case let .compound(parts):
                [("kind", .string("compound")), ("parts", .array(parts.map { part in
                    .object(shapeJSON(part.shape) + [("offset", point(part.offset)), ("angle", .number(part.angle))])
                }))]
            }
        }
        let bodies: [JSONValue] = scenario.bodies.map { body in
            // The world's body: a compound centred on its centre of mass, as the frames record it.
            let placed = body.bodyDefinition.centredOnMass
            return .object([("id", .string(body.id)), ("shape", .object(shapeJSON(placed.shape))),
                            ("center", point(placed.center)), ("angle", .number(body.angle)),
                            ("anchored", .bool(anchoredIDs.contains(body.id)))])
        }
        var boundaries: [JSONValue] = [], joints: [JSONValue] = [], snaps: [JSONValue] = [], fields: [JSONValue] = []
        let h = scenario.world.timestep
        for behavior in scenario.behaviors {
            // The frames (recorded steps) during which the behaviour acts.
            let window: [(String, JSONValue)] = [("at", .number(behavior.at / h)),
                                                 ("until", behavior.until.map { .number($0 / h) } ?? .null)]
            switch behavior.kind {
            case let .collision(collision):
                for boundary in collision.boundaries {
                    let (points, closed) = switch boundary.shape {
                    case let .segment(from, to): ([from, to], false)
                    case let .path(points, closed): (points, closed)
                    }
                    boundaries.append(.object([("id", .string(boundary.identifier)), ("points", .array(points.map(point))),
                                               ("closed", .bool(closed))]))
                }
            case let .attachment(a):
                joints.append(.object([("kind", .string(a.kind.rawValue)), ("item", .string(a.item)),
                                       ("to", a.to.map { .string($0) } ?? .null), ("anchor", a.anchor.map(point) ?? .null),
                                       ("offset", point(a.offset)), ("toOffset", point(a.toOffset))] + window))
            case let .snap(snap):
                snaps.append(.object([("item", .string(snap.item)), ("point", point(snap.point))] + window))
            case let .field(f):
                if f.field.region != .infinite {
                    fields.append(.object([("kind", f.field.kind.name.map { .string($0.rawValue) } ?? .null),
                                           ("position", point(f.field.position)),
                                           ("region", Self.region(f.field.region))] + window))
                }
            case .gravity, .push, .dynamicItem:
                break
            }
        }
        let bounds = scenario.world.bounds.map { numbers([$0.x, $0.y, $0.width, $0.height]) } ?? .null
        let bytes = values.withUnsafeBufferPointer { Data(buffer: $0) }
        return .object([
            ("format", .number(1)), ("title", .string(title)), ("timestep", .number(h)),
            ("frameSteps", numbers(frameSteps.map(Double.init))), ("bounds", bounds),
            ("bodies", .array(bodies)), ("boundaries", .array(boundaries)), ("joints", .array(joints)),
            ("snaps", .array(snaps)), ("fields", .array(fields)),
            ("recorded", .array(recordedIDs.map { .string($0) })), ("columns", .array(columns.map { .string($0) })),
            ("values", .string(bytes.base64EncodedString())),
            ("states", numbers(states.map(Double.init))), ("stateNames", .array(stateNames.map { .string($0) })),
            ("contacts", numbers(contacts)), ("looks", looksJSON),
        ])
    }

    /// The region as the player draws it: every part's outline. (`.infinite` has none;
    /// a parsed scenario holds it only where no region is given.)
    private static func region(_ region: FieldRegion) -> JSONValue {
        switch region {
        case .infinite: .object([("kind", .string("union")), ("of", .array([]))])
        case let .circle(radius): .object([("kind", .string("circle")), ("radius", .number(radius))])
        case let .rectangle(size): .object([("kind", .string("rectangle")), ("size", .array([.number(size.x), .number(size.y)]))])
        case let .inverse(inner): .object([("kind", .string("inverse")), ("of", Self.region(inner))])
        case let .union(a, b): .object([("kind", .string("union")), ("of", .array([Self.region(a), Self.region(b)]))])
        case let .intersection(a, b): .object([("kind", .string("intersection")), ("of", .array([Self.region(a), Self.region(b)]))])
        case let .difference(a, b): .object([("kind", .string("difference")), ("of", .array([Self.region(a), Self.region(b)]))])
        }
    }
}
