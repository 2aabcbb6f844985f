import Foundation
import HookeIO
import HookeWorld

extension Scenario {
    /// Reads and checks a scenario document (Docs/scenarios.md).
    ///
    /// Strict: unknown keys, wrong types, non-finite numbers, impossible values
    /// (negative sizes, density ≤ 0, `until` ≤ `at`, a polygon that is not convex and
    /// counter-clockwise, …) and references to bodies that do not exist are refused.
    ///
    /// - Throws: `ScenarioError` naming the JSON path of the first offending value
    ///   (`behaviors[2].damping`) with what was found and what was expected.
    public static func parse(_ data: Data) throws(ScenarioError) -> Scenario {
        try ScenarioParser.scenario(try document(data))
    }

    /// Reads a scenario document that may carry extra top-level sections the caller
    /// reads itself (HookeInteractions' `interactions`), with everything else checked as
    /// `parse(_:)` checks it.
    ///
    /// - Returns: the scenario and the nodes of the extra sections present, by key.
    /// - Throws: `ScenarioError` as `parse(_:)`.
    package static func parse(
        _ data: Data, extraSections: Set<String>
    ) throws(ScenarioError) -> (scenario: Scenario, sections: [String: ScenarioNode]) {
        let root = try document(data)
        let scenario = try ScenarioParser.scenario(root, extraSections: extraSections)
        var sections: [String: ScenarioNode] = [:]
        // The root is an object: `ScenarioParser.scenario` has read it as one.
        let top = try root.object()
        for key in extraSections {
            if let section = top.optional(key) { sections[key] = section }
        }
        return (scenario, sections)
    }

    /// The document's root value, or a `ScenarioError` for malformed JSON
    /// ("malformed JSON: unexpected end at byte 12").
    static func document(_ data: Data) throws(ScenarioError) -> ScenarioNode {
        do {
            return ScenarioNode(value: try JSONParser.parse(data), path: "")
        } catch {
            throw ScenarioError(path: "", message: "malformed JSON: \(error)")
        }
    }
}

/// The parser proper: one function per object of the format.
enum ScenarioParser {
    static let topLevelKeys: Set<String> = ["world", "bodies", "behaviors", "duration", "record", "queries"]
    static let gesturesRefusal =
        "gestures are not supported yet as a section of their own: a recorded gesture belongs to the "
        + "interaction it drives (interactions[i].gesture, Docs/scenarios.md)"
    static let interactionsRefusal =
        "interaction bodies are read by HookeInteractions (InteractionScenario.parse, as hooke simulate "
        + "does), not by Scenario.parse"

    /// Reads the document; `extraSections` are top-level keys accepted and left to the caller.
    static func scenario(
        _ node: ScenarioNode, extraSections: Set<String> = []
    ) throws(ScenarioError) -> Scenario {
        let top = try node.object(
            allowing: topLevelKeys.union(extraSections),
            refusals: ["gestures": gesturesRefusal, "interactions": interactionsRefusal])
        let world = try top.optional("world").map { n throws(ScenarioError) in try Self.world(n) }
            ?? ScenarioWorld(timestep: ScenarioDefaults.timestep, bounds: nil, substeps: nil)
        let bodies = try Self.bodies(try top.required("bodies", "an array of bodies"))
        let context = Context(bodyIDs: Set(bodies.map(\.id)), world: world)
        var behaviors: [ScenarioBehavior] = []
        if let list = top.optional("behaviors") {
            for element in try list.array() {
                behaviors.append(try Self.behavior(element, context))
            }
        }
        let durationNode = try top.required("duration", "simulated time in seconds")
        let duration = try durationNode.positive()
        try requireStepCount(durationNode, duration, world)
        let record = try top.optional("record").map { n throws(ScenarioError) in
            try Self.record(n, context)
        } ?? ScenarioRecord(every: ScenarioDefaults.recordEvery, items: nil)
        var scenario = Scenario(
            world: world, bodies: bodies, behaviors: behaviors, duration: duration, record: record)
        if let list = top.optional("queries") {
            for element in try list.array() {
                scenario.queries.append(try Self.query(element, context, duration: duration))
            }
        }
        return scenario
    }

    /// Refuses a time (seconds) that is more than `Scenario.maximumStepCount` steps of
    /// the world's timestep, so that every conversion of a scenario's times to steps is
    /// a whole number a run can count to.
    static func requireStepCount(_ node: ScenarioNode, _ time: Double, _ world: ScenarioWorld) throws(ScenarioError) {
        let steps = time / world.timestep
        guard steps <= Double(Scenario.maximumStepCount) else {
            throw node.fail("\(ScenarioNode.format(time)) s is \(ScenarioNode.format(steps.rounded(.up))) steps of "
                + "world.timestep \(ScenarioNode.format(world.timestep)) s, more than the \(Scenario.maximumStepCount) a "
                + "scenario may count")
        }
    }

    /// What later objects need to know about earlier ones.
    struct Context {
        let bodyIDs: Set<String>
        let world: ScenarioWorld
    }

    // MARK: - world

    static func world(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioWorld {
        let o = try node.object(allowing: ["timestep", "bounds", "substeps", "solver", "sleeping"])
        let timestep = try o.optional("timestep")?.positive() ?? ScenarioDefaults.timestep
        var bounds: ScenarioWorld.Bounds?
        if let b = o.optional("bounds") {
            let a = try b.array(count: 4, of: "an array of 4 numbers [x, y, width, height]")
            bounds = ScenarioWorld.Bounds(
                x: try a[0].number(), y: try a[1].number(),
                width: try a[2].positive(), height: try a[3].positive())
        }
        let solver = try o.optional("solver")?.oneOf(ScenarioWorld.Solver.self) ?? .uikit
        let substepsNode = o.optional("substeps")
        let substeps = try substepsNode?.positiveInteger()
        if solver == .softStep, let n = substeps, !(2...64).contains(n) {
            throw ScenarioError(path: substepsNode!.path, message: "the soft step takes 2 to 64 substeps, got \(n)")
        }
        let sleeping = try o.optional("sleeping")?.bool() ?? true
        return ScenarioWorld(timestep: timestep, bounds: bounds, substeps: substeps, solver: solver, sleeping: sleeping)
    }

    // MARK: - bodies

    static let bodyKeys: Set<String> = Set([
        "id", "shape", "size", "vertices", "parts", "center", "angle", "velocity", "angularVelocity", "kinematic",
        "sensor", "categories", "collidesWith",
    ]).union(itemPropertyKeys)

    static let itemPropertyKeys: Set<String> = [
        "density", "elasticity", "friction", "resistance", "angularResistance",
        "allowsRotation", "anchored", "charge",
    ]

    enum ShapeName: String, CaseIterable { case rectangle, ellipse, polygon }

    static func bodies(_ node: ScenarioNode) throws(ScenarioError) -> [ScenarioBody] {
        var bodies: [ScenarioBody] = []
        var firstIndex: [String: Int] = [:]
        for (index, element) in try node.array().enumerated() {
            let body = try Self.body(element)
            if let earlier = firstIndex[body.id] {
                throw ScenarioError(
                    path: element.path("id"),
                    message: "duplicate body id \"\(body.id)\" (already used by bodies[\(earlier)])")
            }
            firstIndex[body.id] = index
            bodies.append(body)
        }
        return bodies
    }

    static func body(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioBody {
        let o = try node.object(allowing: bodyKeys)
        let id = try o.required("id", "a unique body identifier").identifier()
        let shape = try Self.shape(o)
        let kinematic = try o.optional("kinematic")?.bool() ?? false
        if kinematic, try o.optional("anchored")?.bool() == true {
            throw ScenarioError(path: o.node.path("kinematic"),
                                message: "a body is kinematic (moved by its velocity) or anchored (static), not both")
        }
        var body = ScenarioBody(
            id: id, shape: shape,
            center: try o.required("center", "[x, y] in points").vector(),
            angle: try o.optional("angle")?.number() ?? ScenarioDefaults.angle,
            velocity: try o.optional("velocity")?.vector() ?? ScenarioDefaults.velocity,
            angularVelocity: try o.optional("angularVelocity")?.number()
                ?? ScenarioDefaults.angularVelocity,
            properties: try itemProperties(o))
        body.isKinematic = kinematic
        body.isSensor = try o.optional("sensor")?.bool() ?? false
        body.collisionFilter = try o.collisionFilter()
        return body
    }

    /// The `shape` of a body or a query with its `size` or `vertices`, or its `parts`.
    static func shape(_ o: ScenarioObject) throws(ScenarioError) -> ScenarioBody.Shape {
        if let node = o.optional("parts") {
            for key in ["shape", "size", "vertices"] {
                try o.forbid(key, "a body with \"parts\" takes its shape from them, not \"\(key)\"")
            }
            return .compound(parts: try parts(node))
        }
        let shapeName = try o.optional("shape")?.oneOf(ShapeName.self) ?? .rectangle
        switch shapeName {
        case .polygon:
            try o.forbid("size", "a polygon takes \"vertices\", not \"size\"")
            let v = try o.required("vertices", "convex counter-clockwise [[x, y], ...]")
            let vertices = try v.points(minimum: 3)
            if let problem = ScenarioPolygon.problem(with: vertices) { throw v.fail(problem) }
            return .polygon(vertices: vertices)
        case .rectangle, .ellipse:
            try o.forbid("vertices", "only a polygon takes \"vertices\"; a \(shapeName.rawValue) takes \"size\"")
            let size = try positiveSize(try o.required("size", "[width, height] in points"))
            return shapeName == .rectangle ? .rectangle(size: size) : .ellipse(size: size)
        }
    }

    static let partKeys: Set<String> = ["shape", "size", "vertices", "offset", "angle"]

    /// A body's `"parts"`: 1 to `BodyShape.maximumPartCount` objects, each a shape with
    /// an `offset` from the body's centre (default [0, 0]) and an `angle` (default 0).
    static func parts(_ node: ScenarioNode) throws(ScenarioError) -> [ScenarioBody.Part] {
        let elements = try node.array()
        guard (1...BodyShape.maximumPartCount).contains(elements.count) else {
            throw node.fail("a compound body takes 1 to \(BodyShape.maximumPartCount) parts, got \(elements.count)")
        }
        var parts: [ScenarioBody.Part] = []
        for element in elements {
            let o = try element.object(allowing: partKeys)
            parts.append(ScenarioBody.Part(shape: try shape(o), offset: try o.optional("offset")?.vector() ?? .zero,
                                           angle: try o.optional("angle")?.number() ?? 0))
        }
        return parts
    }

    /// `[width, height]`, both > 0.
    static func positiveSize(_ node: ScenarioNode) throws(ScenarioError) -> SIMD2<Double> {
        let a = try node.array(count: 2, of: "an array of 2 numbers [width, height]")
        return SIMD2(try a[0].positive(), try a[1].positive())
    }

    /// The dynamic-item properties present in `o` (on a body or a dynamicItem behaviour).
    static func itemProperties(_ o: ScenarioObject) throws(ScenarioError) -> ScenarioItemProperties {
        ScenarioItemProperties(
            density: try o.optional("density")?.positive(),
            elasticity: try o.optional("elasticity")?.number(in: 0...1),
            friction: try o.optional("friction")?.nonNegative(),
            resistance: try o.optional("resistance")?.nonNegative(),
            angularResistance: try o.optional("angularResistance")?.nonNegative(),
            allowsRotation: try o.optional("allowsRotation")?.bool(),
            anchored: try o.optional("anchored")?.bool(),
            charge: try o.optional("charge")?.number())
    }

    // MARK: - record

    static func record(_ node: ScenarioNode, _ context: Context) throws(ScenarioError) -> ScenarioRecord {
        let o = try node.object(allowing: ["every", "items"])
        var every = ScenarioDefaults.recordEvery
        if let e = o.optional("every") {
            if case let .string(s) = e.value {
                guard s == "step" else {
                    throw e.fail("expected \"step\" or a whole number of steps >= 1, got \"\(s)\"")
                }
            } else {
                do { every = try e.positiveInteger() } catch {
                    throw e.fail("expected \"step\" or a whole number of steps >= 1, got "
                        + describe(e))
                }
            }
        }
        let items = try o.optional("items").map { n throws(ScenarioError) in
            try references(n, context)
        }
        return ScenarioRecord(every: every, items: items)
    }

    /// The number itself, or what was found instead.
    private static func describe(_ node: ScenarioNode) -> String {
        if case let .number(x) = node.value { return ScenarioNode.format(x) }
        return node.found
    }

    // MARK: - references

    /// A list of distinct body ids, each naming a body.
    static func references(_ node: ScenarioNode, _ context: Context) throws(ScenarioError) -> [String] {
        let ids = try node.identifiers()
        for (index, id) in ids.enumerated() where !context.bodyIDs.contains(id) {
            throw ScenarioError(path: node.path(index), message: noBody(id))
        }
        return ids
    }

    /// One body id naming a body.
    static func reference(_ node: ScenarioNode, _ context: Context) throws(ScenarioError) -> String {
        let id = try node.identifier()
        guard context.bodyIDs.contains(id) else { throw node.fail(noBody(id)) }
        return id
    }

    static func noBody(_ id: String) -> String { "no body has id \"\(id)\"" }
}
