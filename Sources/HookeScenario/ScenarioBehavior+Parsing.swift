import Foundation
import HookeCore
import HookeWorld

extension ScenarioParser {
    static let timingKeys: Set<String> = ["type", "at", "until"]

    enum TypeName: String, CaseIterable {
        case gravity, collision, snap, push, attachment, field, dynamicItem
    }

    static func behavior(_ node: ScenarioNode, _ context: Context) throws(ScenarioError) -> ScenarioBehavior {
        let members = try node.object()
        guard let typeNode = members.optional("type") else {
            let names = TypeName.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw node.fail("missing required key \"type\" (one of \(names))")
        }
        let type = try typeNode.oneOf(TypeName.self)
        let kind: ScenarioBehavior.Kind
        let o: ScenarioObject
        switch type {
        case .gravity:
            o = try node.object(allowing: timingKeys.union(["items", "direction", "angle", "magnitude"]))
            kind = .gravity(try gravity(o, context))
        case .push:
            o = try node.object(allowing: timingKeys.union(
                ["items", "mode", "pushDirection", "angle", "magnitude", "active", "offsets"]))
            kind = .push(try push(o, context))
        case .snap:
            o = try node.object(allowing: timingKeys.union(["item", "point", "damping", "releaseVelocity", "rest"]))
            kind = .snap(try snap(o, context))
        case .attachment:
            let k = try members.optional("kind")?.oneOf(AttachmentBehavior.Kind.self)
                ?? ScenarioDefaults.attachmentKind
            let allowed = attachmentKeys(for: k)
            var refusals: [String: String] = [:]
            for key in allAttachmentKeys.subtracting(allowed) {
                refusals[key] = "\"\(key)\" does not apply to a \(k.rawValue) attachment"
            }
            o = try node.object(allowing: timingKeys.union(allowed), refusals: refusals)
            kind = .attachment(try attachment(o, k, context))
        case .collision:
            o = try node.object(allowing: timingKeys.union(
                ["items", "mode", "boundsAsBoundary", "boundsElasticity", "boundsFriction", "boundsCategories",
                 "boundsCollidesWith", "boundaries"]))
            kind = .collision(try collision(o, context))
        case .field:
            let k = try members.required("kind", "the field's kind").oneOf(FieldKind.Name.self)
            var allowed: Set<String> = [
                "kind", "items", "position", "strength", "falloff", "minimumRadius", "region",
            ]
            var refusals: [String: String] = [:]
            if k.takesDirection { allowed.insert("direction") } else {
                refusals["direction"] = "\"direction\" applies to linearGravity and velocity fields only"
            }
            if k.isNoise { allowed.formUnion(["smoothness", "animationSpeed"]) } else {
                for key in ["smoothness", "animationSpeed"] {
                    refusals[key] = "\"\(key)\" applies to noise and turbulence fields only"
                }
            }
            o = try node.object(allowing: timingKeys.union(allowed), refusals: refusals)
            kind = .field(try field(o, k, context))
        case .dynamicItem:
            o = try node.object(allowing: timingKeys.union(itemPropertyKeys)
                .union(["items", "linearVelocity", "angularVelocity"]))
            kind = .dynamicItem(ScenarioBehavior.DynamicItem(
                items: try references(try o.required("items", "the bodies it acts on"), context),
                properties: try itemProperties(o),
                linearVelocity: try o.optional("linearVelocity")?.vector(),
                angularVelocity: try o.optional("angularVelocity")?.number()))
        }
        var at = ScenarioDefaults.at
        if let a = o.optional("at") {
            at = try a.nonNegative()
            try requireStepCount(a, at, context.world)
        }
        var until: Double?
        if let u = o.optional("until") {
            let value = try u.number()
            guard value > at else {
                throw u.fail("expected a time later than at (\(ScenarioNode.format(at)) s), got \(ScenarioNode.format(value))")
            }
            try requireStepCount(u, value, context.world)
            until = value
        }
        return ScenarioBehavior(kind: kind, at: at, until: until)
    }

    // MARK: - Gravity and push

    /// A vector written either directly (`vectorKey`) or as `angle` + `magnitude`,
    /// UIKit's two coupled views of gravity and push: `magnitude` alone rescales the
    /// vector (or the unit vector at the default angle), `angle` alone turns it and
    /// keeps the default magnitude.
    static func directedVector(
        _ o: ScenarioObject, vectorKey: String,
        defaultUnit: SIMD2<Double>, defaultMagnitude: Double
    ) throws(ScenarioError) -> SIMD2<Double> {
        let vectorNode = o.optional(vectorKey)
        let angleNode = o.optional("angle")
        if vectorNode != nil, let angleNode {
            throw angleNode.fail("give either \"\(vectorKey)\" or \"angle\", not both")
        }
        var unit: SIMD2<Double>? = defaultUnit
        var length = defaultMagnitude
        if let vectorNode {
            let v = try vectorNode.vector()
            length = (v * v).sum().squareRoot()
            unit = length > 0 ? v / length : nil
        } else if let angleNode {
            let a = try angleNode.number()
            unit = SIMD2(cos(a), sin(a))
        }
        if let m = o.optional("magnitude") {
            length = try m.nonNegative()
            if unit == nil {
                throw m.fail("\"\(vectorKey)\" is [0, 0] and has no direction to scale")
            }
        }
        return (unit ?? .zero) * length
    }

    static func gravity(_ o: ScenarioObject, _ context: Context) throws(ScenarioError) -> ScenarioBehavior.Gravity {
        ScenarioBehavior.Gravity(
            items: try references(try o.required("items", "the bodies it acts on"), context),
            direction: try directedVector(
                o, vectorKey: "direction", defaultUnit: ScenarioDefaults.gravityUnitDirection,
                defaultMagnitude: ScenarioDefaults.gravityMagnitude))
    }

    static func push(_ o: ScenarioObject, _ context: Context) throws(ScenarioError) -> ScenarioBehavior.Push {
        let items = try references(try o.required("items", "the bodies it acts on"), context)
        let mode = try o.optional("mode")?.oneOf(PushBehavior.Mode.self) ?? ScenarioDefaults.pushMode
        let direction = try directedVector(
            o, vectorKey: "pushDirection",
            defaultUnit: SIMD2(cos(ScenarioDefaults.pushAngle), sin(ScenarioDefaults.pushAngle)),
            defaultMagnitude: ScenarioDefaults.pushMagnitude)
        var offsets: [String: SIMD2<Double>] = [:]
        if let node = o.optional("offsets") {
            let members = try node.object(expected: "an object mapping item ids to [dx, dy]")
            for (key, entry) in members.entries {
                guard items.contains(key) else {
                    throw entry.fail("\"\(key)\" is not one of this push's items")
                }
                offsets[key] = try entry.vector()
            }
        }
        return ScenarioBehavior.Push(
            items: items, mode: mode, pushDirection: direction,
            active: try o.optional("active")?.bool() ?? ScenarioDefaults.pushActive,
            offsets: offsets)
    }

    // MARK: - Snap

    static func snap(_ o: ScenarioObject, _ context: Context) throws(ScenarioError) -> ScenarioBehavior.Snap {
        ScenarioBehavior.Snap(
            item: try reference(try o.required("item", "the body it snaps"), context),
            point: try o.required("point", "[x, y] in points").vector(),
            damping: try o.optional("damping")?.number(in: 0...1) ?? ScenarioDefaults.snapDamping,
            releaseVelocity: try o.optional("releaseVelocity")?.vector(),
            rest: try o.optional("rest").map { (node) throws(ScenarioError) in try snapRest(node) })
    }

    /// `{"screenScale": s}` (half a device pixel) or `{"position": pt}`, each with an
    /// optional `"rotation"` in radians (0.1° when absent).
    static func snapRest(_ node: ScenarioNode) throws(ScenarioError) -> SnapRest {
        let o = try node.object(allowing: ["screenScale", "position", "rotation"])
        func threshold(_ value: Double, _ key: String) throws(ScenarioError) -> RestThreshold {
            do { return try RestThreshold(value) } catch {
                throw ScenarioError(path: node.path(key), message: "gives a band of \(value), which must be finite and > 0")
            }
        }
        let rotation = try o.optional("rotation").map { (r) throws(ScenarioError) in try threshold(try r.positive(), "rotation") }
        let position: RestThreshold
        switch (o.optional("screenScale"), o.optional("position")) {
        case let (scale?, nil): position = try threshold(0.5 / (try scale.positive()), "screenScale")
        case let (nil, points?): position = try threshold(try points.positive(), "position")
        case (_?, _?): throw node.fail("give \"screenScale\" or \"position\", not both")
        case (nil, nil): throw node.fail("needs \"screenScale\" (half a device pixel) or \"position\" (points)")
        }
        return SnapRest(position: position, rotation: rotation ?? .rotation)
    }

    // MARK: - Attachment

    static let attachmentBaseKeys: Set<String> = ["kind", "item", "anchor", "to", "offset", "toOffset", "breakingForce"]
    static let allAttachmentKeys = attachmentBaseKeys.union(
        ["length", "frequency", "damping", "axis", "range", "frictionTorque", "frictionForce", "motorSpeed", "maximumForce"])

    static func attachmentKeys(for kind: AttachmentBehavior.Kind) -> Set<String> {
        switch kind {
        case .distance: return attachmentBaseKeys.union(["length", "frequency", "damping"])
        case .limit: return attachmentBaseKeys.union(["length"])
        case .sliding: return attachmentBaseKeys.union(["axis", "range", "frictionForce", "motorSpeed"])
        case .fixed: return attachmentBaseKeys.union(["frequency", "damping"])
        case .pin: return attachmentBaseKeys.union(["range", "frictionTorque", "motorSpeed"])
        case .drag: return attachmentBaseKeys.subtracting(["to", "toOffset"]).union(["frequency", "damping", "maximumForce"])
        }
    }

    static func attachment(
        _ o: ScenarioObject, _ kind: AttachmentBehavior.Kind, _ context: Context
    ) throws(ScenarioError) -> ScenarioBehavior.Attachment {
        let item = try reference(try o.required("item", "the attached body"), context)
        let anchor = try o.optional("anchor")?.vector()
        var to: String?
        if let toNode = o.optional("to") {
            let other = try reference(toNode, context)
            guard other != item else { throw toNode.fail("an item cannot be attached to itself") }
            to = other
        }
        switch kind {
        case .distance, .limit:
            if anchor != nil, let toNode = o.optional("to") {
                throw toNode.fail("a \(kind.rawValue) attachment takes either \"anchor\" or \"to\", not both")
            }
            if anchor == nil, to == nil {
                throw o.node.fail("missing required key \"anchor\" or \"to\" (what the item is attached to)")
            }
        case .drag:
            if anchor == nil {
                throw o.node.fail("missing required key \"anchor\" (where the grip pulls, [x, y] in points)")
            }
        case .sliding, .fixed, .pin:
            if anchor == nil {
                throw o.node.fail("missing required key \"anchor\" (the joint's location, [x, y] in points)")
            }
        }
        if to == nil, let n = o.optional("toOffset") {
            throw n.fail("\"toOffset\" needs \"to\" (a second item)")
        }
        var axis: SIMD2<Double>?
        if kind == .sliding {
            let n = try o.required("axis", "the axis of translation [x, y]")
            let v = try n.vector()
            let length = (v * v).sum().squareRoot()
            guard length > 0 else { throw n.fail("expected a non-zero axis, got [0, 0]") }
            axis = v / length
        }
        var range: ClosedRange<Double>?
        if let n = o.optional("range") {
            let a = try n.array(count: 2, of: "an array of 2 numbers [min, max]")
            let lo = try a[0].number(), hi = try a[1].number()
            guard lo <= 0, 0 <= hi else {
                throw n.fail("expected [min, max] with min <= 0 <= max, got [\(ScenarioNode.format(lo)), \(ScenarioNode.format(hi))]")
            }
            range = lo...hi
        }
        return ScenarioBehavior.Attachment(
            kind: kind, item: item, anchor: anchor, to: to,
            offset: try o.optional("offset")?.vector() ?? ScenarioDefaults.attachmentOffset,
            toOffset: try o.optional("toOffset")?.vector() ?? ScenarioDefaults.attachmentOffset,
            length: try o.optional("length")?.nonNegative(),
            frequency: try o.optional("frequency")?.nonNegative() ?? ScenarioDefaults.attachmentFrequency,
            damping: try o.optional("damping")?.nonNegative() ?? ScenarioDefaults.attachmentDamping,
            axis: axis, range: range,
            frictionTorque: try o.optional("frictionTorque")?.nonNegative() ?? ScenarioDefaults.frictionTorque,
            frictionForce: try o.optional("frictionForce")?.nonNegative() ?? ScenarioDefaults.frictionForce,
            motorSpeed: try o.optional("motorSpeed")?.number() ?? ScenarioDefaults.motorSpeed,
            breakingForce: try o.optional("breakingForce")?.positive(),
            maximumForce: try o.optional("maximumForce")?.positive())
    }

    // MARK: - Collision

    static func collision(_ o: ScenarioObject, _ context: Context) throws(ScenarioError) -> ScenarioBehavior.Collision {
        let items = try references(try o.required("items", "the bodies that collide"), context)
        let mode = try o.optional("mode")?.oneOf(CollisionBehavior.Mode.self)
            ?? ScenarioDefaults.collisionMode
        let boundsAsBoundary = try o.optional("boundsAsBoundary")?.bool() ?? ScenarioDefaults.boundsAsBoundary
        if boundsAsBoundary, context.world.bounds == nil, let n = o.optional("boundsAsBoundary") {
            throw n.fail("needs world.bounds [x, y, width, height]")
        }
        for key in ["boundsElasticity", "boundsFriction", "boundsCategories", "boundsCollidesWith"] where !boundsAsBoundary {
            if let n = o.optional(key) { throw n.fail("\"\(key)\" applies only with \"boundsAsBoundary\": true") }
        }
        var boundaries: [CollisionBehavior.Boundary] = []
        var ids: Set<String> = []
        for element in try o.optional("boundaries")?.array() ?? [] {
            let b = try element.object(allowing: ["id", "from", "to", "path", "elasticity", "friction",
                                                  "categories", "collidesWith"])
            let idNode = try b.required("id", "the boundary's identifier")
            let id = try idNode.identifier()
            guard ids.insert(id).inserted else { throw idNode.fail("duplicate boundary id \"\(id)\"") }
            let shape: CollisionBehavior.BoundaryShape
            if let p = b.optional("path") {
                if b.has("from") || b.has("to") {
                    throw p.fail("a boundary takes either \"from\" and \"to\", or \"path\", not both")
                }
                let points = try p.points(minimum: 2)
                // UIKit closes a path's subpath; two points make one edge.
                shape = .path(points, closed: points.count >= 3)
            } else {
                let from = try b.required("from", "a segment's start [x, y], or a \"path\"").vector()
                let toNode = try b.required("to", "the segment's end [x, y]")
                let to = try toNode.vector()
                guard to != from else { throw toNode.fail("a segment needs two distinct points") }
                shape = .segment(from: from, to: to)
            }
            boundaries.append(.init(
                identifier: id, shape: shape,
                elasticity: try b.optional("elasticity")?.number(in: 0...1) ?? ScenarioDefaults.boundaryElasticity,
                friction: try b.optional("friction")?.nonNegative() ?? ScenarioDefaults.boundaryFriction,
                filter: try b.collisionFilter()))
        }
        return ScenarioBehavior.Collision(
            items: items, mode: mode, boundsAsBoundary: boundsAsBoundary, boundaries: boundaries,
            boundsElasticity: try o.optional("boundsElasticity")?.number(in: 0...1) ?? ScenarioDefaults.boundaryElasticity,
            boundsFriction: try o.optional("boundsFriction")?.nonNegative() ?? ScenarioDefaults.boundaryFriction,
            boundsFilter: CollisionFilter(
                categories: try o.optional("boundsCategories")?.categoryBits() ?? CollisionFilter.default.categories,
                collidesWith: try o.optional("boundsCollidesWith")?.categoryBits() ?? CollisionFilter.default.collidesWith))
    }

    // MARK: - Field

    static func field(
        _ o: ScenarioObject, _ kind: FieldKind.Name, _ context: Context
    ) throws(ScenarioError) -> ScenarioBehavior.Field {
        let items = try references(try o.required("items", "the bodies it acts on"), context)
        let law = FieldKind(
            kind,
            direction: kind.takesDirection ? try o.required("direction", "[x, y] of the \(kind.rawValue) field").vector() : .zero,
            smoothness: try o.optional("smoothness")?.number(in: 0...1) ?? ScenarioDefaults.fieldSmoothness,
            animationSpeed: try o.optional("animationSpeed")?.nonNegative() ?? ScenarioDefaults.fieldAnimationSpeed)
        let position = try o.optional("position")?.vector() ?? ScenarioDefaults.fieldPosition
        let strength = try o.optional("strength")?.number() ?? ScenarioDefaults.fieldStrength
        let falloff = try o.optional("falloff")?.number()
        let minimumRadius = try o.optional("minimumRadius")?.nonNegative() ?? ScenarioDefaults.fieldMinimumRadius
        let region: FieldRegion = try o.optional("region").map { n throws(ScenarioError) in try Self.region(n) } ?? .infinite
        do {
            return ScenarioBehavior.Field(
                items: items,
                field: try Field(law, position: position, region: region, strength: strength, falloff: falloff,
                                 minimumRadius: minimumRadius))
        } catch {
            // Every value above was read finite and in its range; what is left is the
            // region tree's size and depth (`FieldRegion.validate()`).
            throw o.node.fail("\(error)")
        }
    }

    static let regionKeys: Set<String> = ["radius", "size", "inverse", "union", "intersection", "difference"]

    static func region(_ node: ScenarioNode) throws(ScenarioError) -> FieldRegion {
        let o = try node.object(allowing: regionKeys)
        guard o.members.count == 1, let key = o.members.keys.first else {
            let given = o.members.keys.sorted().joined(separator: ", ")
            throw node.fail("expected a region with exactly one of radius, size, inverse, union, "
                + "intersection, difference; got " + (given.isEmpty ? "none" : given))
        }
        let n = try o.required(key, "")
        switch key {
        case "radius": return .circle(radius: try n.positive())
        case "size": return .rectangle(size: try positiveSize(n))
        case "inverse": return .inverse(try region(n))
        case "difference":
            let a = try n.array(count: 2, of: "an array of 2 regions [a, b] (a minus b)")
            return .difference(try region(a[0]), try region(a[1]))
        default:
            let a = try n.array()
            guard a.count >= 2 else { throw n.fail("expected an array of 2 or more regions, got \(a.count)") }
            guard a.count <= FieldRegion.maximumRegionCount else {
                throw n.fail("expected at most \(FieldRegion.maximumRegionCount) regions, got \(a.count)")
            }
            var regions: [FieldRegion] = []
            for element in a { regions.append(try region(element)) }
            // Two or more regions: never nil.
            return (key == "union" ? FieldRegion.union(of: regions) : FieldRegion.intersection(of: regions)) ?? .infinite
        }
    }
}
