import Foundation
import Hooke
import HookeIO

extension InteractionScenario {
    /// Reads a scenario document with an optional `interactions` section
    /// (Docs/scenarios.md, "Interaction bodies"); the rest of the document is checked as
    /// `Scenario.parse(_:)` checks it.
    ///
    /// Strict as the rest of the format: unknown keys, wrong types, impossible values, a
    /// gesture breaking the recording rules, a gesture of the wrong kind for its body, an
    /// id used twice and a flick naming no body are refused.
    ///
    /// - Throws: `ScenarioError` naming the JSON path (`interactions[1].gesture.events[3]`).
    public static func parse(_ data: Data) throws(ScenarioError) -> InteractionScenario {
        let (scenario, sections) = try Scenario.parse(data, extraSections: ["interactions"])
        var interactions: [ScenarioInteraction] = []
        if let section = sections["interactions"] {
            interactions = try InteractionParser.interactions(section, scenario)
        }
        return InteractionScenario(scenario: scenario, interactions: interactions, sourceHash: SnapshotBinary.fnv1a(data))
    }
}

/// The parser of the `interactions` section, built on the scenario parser's readers.
enum InteractionParser {
    static let commonKeys: Set<String> = ["id", "kind", "gesture"]

    /// The keys of a swipe card's numbers, shared by a card stack.
    static let cardKeys: Set<String> = [
        "home", "size", "screenSize", "rotationDistance", "maximumAngle", "scaleStrength", "minimumScale",
        "overlayDistance", "maximumOverlayAlpha", "decisionThreshold", "minimumExitSpeed",
        "decelerationRate", "returnSpring",
    ]

    static func keys(_ kind: ScenarioInteraction.Kind) -> Set<String> {
        switch kind {
        case .swipeCard:
            return commonKeys.union(cardKeys).union(["fidelity", "articleReturnDuration", "articleReturnCurve", "body"])
        case .cardStack:
            return commonKeys.union(cardKeys).union(["count", "depthScale", "depthOffset", "promotionSpring"])
        case .jellyEdge:
            return commonKeys.union([
                "width", "minHeight", "verticalFactor", "controlPoints", "fidelity", "spring", "attachments",
                "tension", "tensionDamping", "fingerStiffness", "fingerDamping",
            ])
        case .flick:
            return commonKeys.union(["item", "bounds", "speedThreshold", "pushDivisor", "damping", "fidelity"])
        case .pinchReveal:
            return commonKeys.union(["width", "followDuration", "followCurve", "releaseSpring"])
        case .longPressLift:
            return commonKeys.union([
                "homes", "itemSize", "liftedScale", "liftedDrop", "liftedAlpha", "othersScale",
                "minimumPressDuration", "allowableMovement", "fidelity", "spring", "bodies",
            ])
        }
    }

    static func interactions(_ node: ScenarioNode, _ scenario: Scenario) throws(ScenarioError) -> [ScenarioInteraction] {
        var result: [ScenarioInteraction] = []
        // Every row id in use, with what uses it: bodies first, then each interaction's rows.
        var used: [String: String] = [:]
        for (index, body) in scenario.bodies.enumerated() { used[body.id] = "bodies[\(index)]" }
        // Each world body is driven by one interaction at most (a flick or a binding).
        var drivenBy: [String: Int] = [:]
        for (index, element) in try node.array().enumerated() {
            let interaction = try Self.interaction(element, scenario)
            for id in [interaction.id] + interaction.rowIDs {
                if let owner = used[id], !(id == interaction.id && owner == element.path) {
                    throw ScenarioError(
                        path: element.path("id"), message: "id \"\(id)\" is already used by \(owner)")
                }
                used[id] = element.path
            }
            var driven = interaction.boundBodies
            if case let .flick(flick) = interaction.body { driven.append(flick.item) }
            for item in driven {
                if let earlier = drivenBy[item] {
                    let key = interaction.kind == .flick ? "item" : (interaction.kind == .longPressLift ? "bodies" : "body")
                    throw ScenarioError(
                        path: element.path(key), message: "body \"\(item)\" is already driven by interactions[\(earlier)]")
                }
                drivenBy[item] = index
            }
            result.append(interaction)
        }
        return result
    }

    static func interaction(_ node: ScenarioNode, _ scenario: Scenario) throws(ScenarioError) -> ScenarioInteraction {
        let kindNode = try node.object()
            .required("kind", "one of " + ScenarioInteraction.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
        let kind = try kindNode.oneOf(ScenarioInteraction.Kind.self)
        let o = try node.object(allowing: keys(kind))
        let id = try o.required("id", "a unique identifier").identifier()
        let gestureNode = try o.required("gesture", "the recorded gesture {\"kind\": ..., \"events\": [...]}")
        let gesture = try Self.gesture(gestureNode)
        var events = gesture.events
        let body: ScenarioInteraction.Body
        var bound: [String] = []
        var attachments: [ScenarioInteraction.Attachment] = []
        switch kind {
        case .swipeCard:
            try require(gesture, [.pan], gestureNode)
            var home: SIMD2<Double>?
            if let node = o.optional("body") {
                let world = try worldBody(node, scenario)
                try o.forbid("home", "a card bound to a world body starts at that body's centre (\"body\")")
                bound = [world.id]
                home = world.center
            }
            body = .swipeCard(SwipeCard(configuration: try swipeCardConfiguration(o, home: home)))
        case .cardStack:
            try require(gesture, [.pan], gestureNode)
            let card = try swipeCardConfiguration(o)
            let count = try o.required("count", "the number of cards, 1...10000").positiveInteger()
            let depthScale = try o.optional("depthScale")?.number(in: 0...0.999) ?? 0.05
            let depthOffset = try o.optional("depthOffset")?.number() ?? 8
            let promotion = try o.optional("promotionSpring").map { n throws(ScenarioError) in try spring(n) }
                ?? CardStack.defaultPromotionSpring
            body = .cardStack(try hooke(o) { () throws(HookeError) in
                try CardStack(count: count, card: card, depthScale: depthScale, depthOffset: depthOffset,
                              promotionSpring: promotion)
            })
        case .jellyEdge:
            try require(gesture, [.pan], gestureNode)
            let defaults = try hooke { () throws(HookeError) in try JellyEdge() }
            let width = try o.optional("width")?.positive() ?? defaults.width
            let minHeight = try o.optional("minHeight")?.number() ?? defaults.minHeight
            let factor = try o.optional("verticalFactor")?.nonNegative() ?? defaults.verticalFactor
            // 1 (or absent): the article's single control point; 3 or more: the spring mesh.
            var controlPoints = 1
            if let node = o.optional("controlPoints") {
                controlPoints = try node.positiveInteger()
                guard controlPoints == 1 || (3...4096).contains(controlPoints) else {
                    throw node.fail("expected 1 (the article's single control point) or 3...4096 (a spring mesh), "
                        + "got \(controlPoints)")
                }
            }
            let fidelity = try Self.fidelity(o)
            if let node = o.optional("attachments") {
                attachments = try Self.attachments(node, scenario, anchor: SIMD2(width / 2, minHeight))
            }
            let springNode = o.optional("spring")
            let spring = try springNode.map { n throws(ScenarioError) in try Self.spring(n) }
            if controlPoints == 1 {
                for key in meshKeys {
                    try o.forbid(key, "\"\(key)\" sets a spring mesh's network; it needs \"controlPoints\" ≥ 3")
                }
                if fidelity == .article, let spring, let springNode, !spring.uikitDuration().isFinite {
                    throw springNode.fail("the article's UIView spring needs a damping ratio in (0.001, 1], "
                        + "got \(spring.dampingRatio)")
                }
                body = .jellyEdge(try hooke(o) { () throws(HookeError) in
                    try JellyEdge(width: width, minHeight: minHeight, verticalFactor: factor,
                                  spring: spring ?? JellyEdge.defaultSpring, fidelity: fidelity)
                })
            } else {
                if fidelity == .article, let node = o.optional("fidelity") {
                    throw node.fail("the article's edge has one control point: \"article\" needs \"controlPoints\": 1")
                }
                let parameters = try meshParameters(o, anchor: spring ?? MeshJellyEdge.articleSpring)
                body = .meshJellyEdge(try hooke(o) { () throws(HookeError) in
                    try MeshJellyEdge(width: width, minHeight: minHeight, verticalFactor: factor,
                                      controlPoints: controlPoints, parameters: parameters)
                })
            }
        case .flick:
            try require(gesture, [.pan], gestureNode)
            let itemNode = try o.required("item", "the id of the world body to flick")
            let item = try itemNode.identifier()
            guard scenario.body(item) != nil else { throw itemNode.fail("no body has id \"\(item)\"") }
            let bounds: WorldRect
            if let b = o.optional("bounds") {
                bounds = try rect(b)
            } else if let w = scenario.world.bounds {
                bounds = WorldRect(x: w.x, y: w.y, width: w.width, height: w.height)
            } else {
                throw o.node.fail("missing required key \"bounds\" ([x, y, width, height] the body is thrown out of; "
                    + "world.bounds when absent, and the world has none)")
            }
            body = .flick(ScenarioInteraction.Flick(
                item: item, bounds: bounds,
                speedThreshold: try o.optional("speedThreshold")?.nonNegative() ?? 1000,
                pushDivisor: try o.optional("pushDivisor")?.positive() ?? 35,
                damping: try o.optional("damping")?.number(in: 0...1) ?? 0.5,
                fidelity: try Self.fidelity(o)))
        case .pinchReveal:
            try require(gesture, [.pinch], gestureNode)
            let defaults = try hooke { () throws(HookeError) in try PinchReveal() }
            let width = try o.optional("width")?.positive() ?? defaults.width
            let follow = try o.optional("followDuration")?.positive() ?? defaults.followDuration
            let curve = try o.optional("followCurve").map { n throws(ScenarioError) in try timingCurve(n) }
                ?? defaults.followCurve
            let release = try o.optional("releaseSpring").map { n throws(ScenarioError) in try spring(n) }
                ?? defaults.releaseSpring
            body = .pinchReveal(try hooke(o) { () throws(HookeError) in
                try PinchReveal(width: width, followDuration: follow, followCurve: curve, releaseSpring: release)
            })
        case .longPressLift:
            try require(gesture, [.longPress, .pan], gestureNode)
            let homes: [SIMD2<Double>]
            if let node = o.optional("bodies") {
                try o.forbid("homes", "items bound to world bodies start at those bodies' centres (\"bodies\")")
                let ids = try node.identifiers()
                guard !ids.isEmpty else { throw node.fail("expected at least one body id") }
                var items: [ScenarioBody] = []
                for (k, id) in ids.enumerated() {
                    let element = ScenarioNode(value: .string(id), path: node.path(k))
                    let world = try worldBody(element, scenario)
                    if items.contains(where: { $0.id == id }) { throw element.fail("body \"\(id)\" is listed twice") }
                    items.append(world)
                }
                bound = ids
                homes = items.map(\.center)
            } else {
                homes = try o.required("homes", "the items' home centres [[x, y], ...]").points(minimum: 1)
            }
            let itemSize = try size(try o.required("itemSize", "[width, height] of each item in points"))
            var style = LongPressLift.Style()
            style.liftedScale = try o.optional("liftedScale")?.nonNegative() ?? style.liftedScale
            style.liftedDrop = try o.optional("liftedDrop")?.number() ?? style.liftedDrop
            style.liftedAlpha = try o.optional("liftedAlpha")?.number(in: 0...1) ?? style.liftedAlpha
            style.othersScale = try o.optional("othersScale")?.nonNegative() ?? style.othersScale
            let fidelity = try Self.fidelity(o)
            let spring = try o.optional("spring").map { n throws(ScenarioError) in try Self.spring(n) }
                ?? LongPressLift.defaultSpring
            let lift = try hooke(o) { () throws(HookeError) in
                try LongPressLift(homes: homes, itemSize: itemSize, style: style, spring: spring, fidelity: fidelity)
            }
            body = .longPressLift(lift)
            if gesture.kind == .pan {
                let duration = try o.optional("minimumPressDuration")?.nonNegative() ?? 0.3
                let movement = try o.optional("allowableMovement")?.nonNegative() ?? 10
                let recognised = try hooke(o) { () throws(HookeError) in
                    try gesture.recognizingLongPress(minimumPressDuration: duration, allowableMovement: movement)
                }
                events = recognised?.events ?? []
            } else {
                for key in ["minimumPressDuration", "allowableMovement"] {
                    try o.forbid(key, "\"\(key)\" recognises a long press in a pan (a touch stream); "
                        + "this gesture is already a longPress")
                }
            }
        }
        return ScenarioInteraction(id: id, body: body, gesture: gesture, events: events, boundBodies: bound,
                                   attachments: attachments)
    }

    // MARK: - gesture

    /// A recording in the format of `GestureRecording`'s JSON, checked by its rules; a
    /// broken rule is reported at the offending event's path.
    static func gesture(_ node: ScenarioNode) throws(ScenarioError) -> GestureRecording {
        let raw = try GestureRecording.readUnchecked(node)
        guard !raw.events.isEmpty else { throw raw.list.fail("expected at least one event") }
        do {
            return try GestureRecording(kind: raw.kind, events: raw.events)
        } catch {
            switch error {
            case let .invalidEvent(index, problem): throw raw.eventNodes[index].fail(problem)
            case .empty, .unreadable: throw node.fail(error.description)
            }
        }
    }

    static func require(_ gesture: GestureRecording, _ kinds: [GestureKind], _ node: ScenarioNode) throws(ScenarioError) {
        guard kinds.contains(gesture.kind) else {
            let names = kinds.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            throw ScenarioError(
                path: node.path("kind"), message: "this body is driven by a \(names) gesture, got \"\(gesture.kind.rawValue)\"")
        }
    }

    // MARK: - values

    /// `[{"item": id, "length": ≥ 0, "frequency": ≥ 0, "damping": ≥ 0}, …]`; the length
    /// defaults to the body's distance from `anchor` (the control point at rest).
    static func attachments(
        _ node: ScenarioNode, _ scenario: Scenario, anchor: SIMD2<Double>
    ) throws(ScenarioError) -> [ScenarioInteraction.Attachment] {
        var result: [ScenarioInteraction.Attachment] = []
        for element in try node.array() {
            let o = try element.object(allowing: ["item", "length", "frequency", "damping"])
            let body = try worldBody(try o.required("item", "the id of the world body to hang"), scenario)
            let d = body.center - anchor
            result.append(ScenarioInteraction.Attachment(
                item: body.id, length: try o.optional("length")?.nonNegative() ?? (d * d).sum().squareRoot(),
                frequency: try o.optional("frequency")?.nonNegative() ?? 0,
                damping: try o.optional("damping")?.nonNegative() ?? 0))
        }
        return result
    }

    /// The world body named at `node`, which must exist.
    static func worldBody(_ node: ScenarioNode, _ scenario: Scenario) throws(ScenarioError) -> ScenarioBody {
        let id = try node.identifier()
        guard let body = scenario.body(id) else { throw node.fail("no body has id \"\(id)\"") }
        return body
    }

    /// The card's numbers; `home` when given (a bound body's centre) instead of the key.
    static func swipeCardConfiguration(
        _ o: ScenarioObject, home boundHome: SIMD2<Double>? = nil
    ) throws(ScenarioError) -> SwipeCardConfiguration {
        let d = try hooke { () throws(HookeError) in try SwipeCardConfiguration() }
        var home = try o.optional("home")?.vector() ?? d.home
        if let boundHome { home = boundHome }
        let size = try o.optional("size").map { n throws(ScenarioError) in try Self.size(n) } ?? d.size
        let screen = try o.optional("screenSize").map { n throws(ScenarioError) in try Self.size(n) } ?? d.screenSize
        let rotationDistance = try o.optional("rotationDistance")?.positive() ?? d.rotationDistance
        let maximumAngle = try o.optional("maximumAngle")?.nonNegative() ?? d.maximumAngle
        let scaleStrength = try o.optional("scaleStrength")?.positive() ?? d.scaleStrength
        let minimumScale = try o.optional("minimumScale")?.number(in: 0...1) ?? d.minimumScale
        let overlayDistance = try o.optional("overlayDistance")?.positive() ?? d.overlayDistance
        let maximumOverlayAlpha = try o.optional("maximumOverlayAlpha")?.number(in: 0...1) ?? d.maximumOverlayAlpha
        let decisionThreshold = try o.optional("decisionThreshold")?.nonNegative() ?? d.decisionThreshold
        let minimumExitSpeed = try o.optional("minimumExitSpeed")?.nonNegative() ?? d.minimumExitSpeed
        let rate = try o.optional("decelerationRate").map { n throws(ScenarioError) in try decelerationRate(n) }
            ?? d.decelerationRate
        let returnSpring = try o.optional("returnSpring").map { n throws(ScenarioError) in try spring(n) }
            ?? d.returnSpring
        let fidelity = try Self.fidelity(o)
        let returnDuration = try o.optional("articleReturnDuration")?.positive() ?? d.articleReturnDuration
        let returnCurve = try o.optional("articleReturnCurve").map { n throws(ScenarioError) in try timingCurve(n) }
            ?? d.articleReturnCurve
        return try hooke(o) { () throws(HookeError) in
            try SwipeCardConfiguration(
                home: home, size: size, screenSize: screen, rotationDistance: rotationDistance,
                maximumAngle: maximumAngle, scaleStrength: scaleStrength, minimumScale: minimumScale,
                overlayDistance: overlayDistance, maximumOverlayAlpha: maximumOverlayAlpha,
                decisionThreshold: decisionThreshold, decelerationRate: rate, returnSpring: returnSpring,
                minimumExitSpeed: minimumExitSpeed, fidelity: fidelity, articleReturnDuration: returnDuration,
                articleReturnCurve: returnCurve)
        }
    }

    /// The keys of a spring mesh's network besides its anchor `spring`.
    static let meshKeys = ["tension", "tensionDamping", "fingerStiffness", "fingerDamping"]

    /// A mesh's network: each point's anchor is `anchor` on a unit mass (so k/m and c/m,
    /// which alone set the motion), the rest from the keys or their defaults.
    static func meshParameters(_ o: ScenarioObject, anchor: Spring) throws(ScenarioError) -> MeshJellyEdge.Parameters {
        let d = try hooke { () throws(HookeError) in try MeshJellyEdge.Parameters() }
        let tension = try o.optional("tension")?.positive() ?? d.tension
        let tensionDamping = try o.optional("tensionDamping")?.nonNegative() ?? d.tensionDamping
        let fingerStiffness = try o.optional("fingerStiffness")?.positive() ?? d.fingerStiffness
        let fingerDamping = try o.optional("fingerDamping")?.nonNegative() ?? d.fingerDamping
        return try hooke(o) { () throws(HookeError) in
            try MeshJellyEdge.Parameters(
                pointMass: 1, anchorStiffness: anchor.stiffness / anchor.mass, anchorDamping: anchor.damping / anchor.mass,
                tension: tension, tensionDamping: tensionDamping,
                fingerStiffness: fingerStiffness, fingerDamping: fingerDamping)
        }
    }

    /// A spring in one of the forms animation APIs publish, told apart by its keys:
    /// `{"dampingRatio", "response"}` (SwiftUI's `.spring(response:dampingFraction:)`),
    /// `{"duration", "bounce"}` (SwiftUI's `Spring(duration:bounce:)`, bounce 0 when
    /// absent), `{"uikitDuration", "dampingRatio"}` (`UIView.animate(withDuration:
    /// usingSpringWithDamping:)`), `{"stiffness", "damping", "mass"}` (`CASpringAnimation`,
    /// mass 1 when absent). Seconds, N/m, N·s/m, kg.
    static func spring(_ node: ScenarioNode) throws(ScenarioError) -> Spring {
        let forms = "{\"dampingRatio\", \"response\"}, {\"duration\", \"bounce\"}, "
            + "{\"uikitDuration\", \"dampingRatio\"} or {\"stiffness\", \"damping\", \"mass\"}"
        let probe = try node.object(expected: "a spring " + forms)
        if probe.has("stiffness") {
            let o = try node.object(allowing: ["stiffness", "damping", "mass"])
            let k = try o.required("stiffness", "N/m").positive()
            let c = try o.required("damping", "N·s/m").nonNegative()
            let m = try o.optional("mass")?.positive() ?? 1
            return try hooke(o) { () throws(HookeError) in try Spring(mass: m, stiffness: k, damping: c) }
        } else if probe.has("uikitDuration") {
            let o = try node.object(allowing: ["uikitDuration", "dampingRatio"])
            let duration = try o.required("uikitDuration", "the animation's duration in s").positive()
            let zeta = try o.required("dampingRatio", "usingSpringWithDamping, in (0, 1]").positive()
            return try hooke(o) { () throws(HookeError) in try Spring(uikitDuration: duration, dampingRatio: zeta) }
        } else if probe.has("response") {
            let o = try node.object(allowing: ["dampingRatio", "response"])
            let response = try o.required("response", "the undamped period in s").positive()
            let zeta = try o.required("dampingRatio", "a damping ratio > 0").positive()
            return try hooke(o) { () throws(HookeError) in try Spring(dampingRatio: zeta, response: response) }
        } else if probe.has("duration") {
            let o = try node.object(allowing: ["duration", "bounce"])
            let duration = try o.required("duration", "the perceptual duration in s").positive()
            let bounce = try o.optional("bounce")?.number() ?? 0
            return try hooke(o) { () throws(HookeError) in try Spring(duration: duration, bounce: bounce) }
        }
        throw node.fail("expected a spring " + forms)
    }

    /// `"normal"` (0.998 per ms, a scroll view's), `"fast"` (0.99) or a rate in (0, 1).
    static func decelerationRate(_ node: ScenarioNode) throws(ScenarioError) -> DecelerationRate {
        if case .string = node.value {
            switch try node.string() {
            case "normal": return .normal
            case "fast": return .fast
            case let other: throw node.fail("expected \"normal\", \"fast\" or a rate in (0, 1), got \"\(other)\"")
            }
        }
        let rate = try node.number()
        guard rate > 0, rate < 1 else { throw node.fail("expected a rate in (0, 1) per millisecond, got \(rate)") }
        return try hooke { () throws(HookeError) in try DecelerationRate(rate: rate) }
    }

    /// A named Core Animation curve (`"linear"`, `"easeIn"`, `"easeOut"`,
    /// `"easeInEaseOut"`, `"default"`) or its control points `[x1, y1, x2, y2]`.
    static func timingCurve(_ node: ScenarioNode) throws(ScenarioError) -> TimingCurve {
        if case .string = node.value {
            switch try node.string() {
            case "linear": return .linear
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "easeInEaseOut": return .easeInEaseOut
            case "default": return .default
            case let other:
                throw node.fail("expected \"linear\", \"easeIn\", \"easeOut\", \"easeInEaseOut\", \"default\" "
                    + "or [x1, y1, x2, y2], got \"\(other)\"")
            }
        }
        let a = try node.array(count: 4, of: "a named curve or [x1, y1, x2, y2]")
        let (x1, y1, x2, y2) = (try a[0].number(in: 0...1), try a[1].number(), try a[2].number(in: 0...1), try a[3].number())
        return try hooke { () throws(HookeError) in try TimingCurve(x1: x1, y1: y1, x2: x2, y2: y2) }
    }

    /// `"physical"` (the default) or `"article"`.
    static func fidelity(_ o: ScenarioObject) throws(ScenarioError) -> InteractionFidelity {
        try o.optional("fidelity")?.oneOf(InteractionFidelity.self) ?? .physical
    }

    /// `[width, height]`, both > 0.
    static func size(_ node: ScenarioNode) throws(ScenarioError) -> SIMD2<Double> {
        let a = try node.array(count: 2, of: "an array of 2 numbers [width, height]")
        return SIMD2(try a[0].positive(), try a[1].positive())
    }

    /// `[x, y, width, height]`, width and height > 0.
    static func rect(_ node: ScenarioNode) throws(ScenarioError) -> WorldRect {
        let a = try node.array(count: 4, of: "an array of 4 numbers [x, y, width, height]")
        return WorldRect(x: try a[0].number(), y: try a[1].number(), width: try a[2].positive(), height: try a[3].positive())
    }

    /// Runs a constructor whose arguments the readers have already checked; a refusal
    /// left over (a rule the readers do not know) is reported at the interaction's path.
    static func hooke<T>(_ o: ScenarioObject? = nil, _ make: () throws(HookeError) -> T) throws(ScenarioError) -> T {
        do { return try make() } catch { throw ScenarioError(path: o?.path ?? "", message: "\(error)") }
    }
}
