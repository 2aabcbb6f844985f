import Foundation
import Hooke
import HookeIO

/// The soak rig's chain: an anchor – c1 – c2 – c3 by rigid rods, then a soft spring from c3
/// to a weight. One table serves the scene and the comparison with Box2D 2.3
/// (`hooke-soak --peer-state`, `Benchmarks/peers/box2d_chain_energy.py`), so that both
/// build the same joints.
///
/// The chain is where the soak's UIKit solver gains energy with no input (Docs/reliability.md,
/// "The soak"): its rods turn up to 1 rad per step in some free phases.
public enum SoakChain {
    /// One body of the chain: a box, density 1 (mass w·h/10⁴ kg).
    public struct Link: Sendable {
        /// Width and height, points.
        public var size: SIMD2<Double>
        /// Where the scene places it, points.
        public var center: SIMD2<Double>
    }

    /// One attachment of the chain: a point of link `item` (`offset` from its centre in its
    /// own coordinates, pt) to a point of link `other` (`otherOffset`) or, when `other` is
    /// nil, to the world point `anchor`; its rest length (`setLength`, or nil for the distance
    /// in the scene's starting placement), frequency (Hz; 0 for a rigid rod) and damping ratio.
    public struct Joint: Sendable {
        public var item: Int, offset: SIMD2<Double>
        public var other: Int?, otherOffset: SIMD2<Double>, anchor: SIMD2<Double>
        public var setLength: Double?, frequency: Double, damping: Double
    }

    /// c1, c2, c3 and the weight.
    public static let links = [
        Link(size: SIMD2(14, 30), center: SIMD2(290, 210)),
        Link(size: SIMD2(14, 30), center: SIMD2(290, 250)),
        Link(size: SIMD2(14, 30), center: SIMD2(290, 290)),
        Link(size: SIMD2(28, 28), center: SIMD2(290, 360)),
    ]

    /// Three rods end to end from the anchor (290, 170), then the spring to the weight.
    public static let joints = [
        Joint(item: 0, offset: SIMD2(0, -12), other: nil, otherOffset: .zero, anchor: SIMD2(290, 170),
              setLength: nil, frequency: 0, damping: 0),
        Joint(item: 1, offset: SIMD2(0, -12), other: 0, otherOffset: SIMD2(0, 12), anchor: .zero,
              setLength: nil, frequency: 0, damping: 0),
        Joint(item: 2, offset: SIMD2(0, -12), other: 1, otherOffset: SIMD2(0, 12), anchor: .zero,
              setLength: nil, frequency: 0, damping: 0),
        Joint(item: 3, offset: .zero, other: 2, otherOffset: .zero, anchor: .zero,
              setLength: 70, frequency: 1.5, damping: 0.2),
    ]

    /// The rest length of `joint`: its set length, or the distance between its points with
    /// every link at its starting centre and angle 0 (as `AttachmentBehavior` measures it
    /// when added).
    public static func restLength(_ joint: Joint) -> Double {
        if let length = joint.setLength { return length }
        let p = links[joint.item].center + joint.offset
        let q = joint.other.map { links[$0].center + joint.otherOffset } ?? joint.anchor
        return (p - q).length
    }

    /// Creates the links in `world`, placed as `states` says (the scene's starting placement
    /// when nil), and attaches them; returns their handles in the order of `links`.
    @discardableResult
    public static func build(in world: inout World, states: [BodyState]? = nil) throws -> [BodyHandle] {
        var handles: [BodyHandle] = []
        for (index, link) in links.enumerated() {
            var definition = BodyDefinition(shape: .rectangle(width: link.size.x, height: link.size.y),
                                            center: link.center)
            if let state = states?[index] {
                definition.center = state.center
                definition.angle = state.angle
                definition.velocity = state.velocity
                definition.angularVelocity = state.angularVelocity
                definition.properties = state.properties
            }
            handles.append(try world.createBody(definition))
        }
        for joint in joints {
            let item = handles[joint.item], length = restLength(joint)
            if let other = joint.other {
                try world.addBehavior(AttachmentBehavior(item: item, offsetFromCenter: joint.offset, attachedTo: handles[other],
                                                         offsetFromOtherCenter: joint.otherOffset, length: length,
                                                         frequency: joint.frequency, damping: joint.damping))
            } else {
                try world.addBehavior(AttachmentBehavior(item: item, offsetFromCenter: joint.offset,
                                                         attachedToAnchor: joint.anchor, length: length,
                                                         frequency: joint.frequency, damping: joint.damping))
            }
        }
        return handles
    }

    /// The chain's mechanical energy in `world` (kg·pt²/s²): kinetic, gravitational in
    /// `gravity` (pt/s²) and the spring's ½·k·(d − L)² with k = μ·(2πf)² on the reduced mass
    /// μ of its two links (both points are centres, so the effective mass is constant).
    public static func energy(of handles: [BodyHandle], in world: World, gravity: SIMD2<Double>) -> Double {
        var energy = 0.0
        for handle in handles {
            let b = world.body(handle)
            energy += 0.5 * b.mass * (b.velocity * b.velocity).sum() + 0.5 * b.inertia * b.angularVelocity * b.angularVelocity
            energy -= b.mass * (gravity * b.center).sum()
        }
        for joint in joints where joint.frequency > 0 {
            let a = world.body(handles[joint.item]), b = world.body(handles[joint.other!])
            let reducedMass = a.mass * b.mass / (a.mass + b.mass)
            let stiffness = reducedMass * pow(2 * Double.pi * joint.frequency, 2)
            let stretch = (a.center - b.center).length - restLength(joint)
            energy += 0.5 * stiffness * stretch * stretch
        }
        return energy
    }

    /// The chain alone, from `states` (the links' states in the order of `links`), in a world
    /// of its own with the same solver settings and `gravity` (pt/s²) and nothing else:
    /// no collisions, no fields. Steps it `steps` times and returns the energy rise after each
    /// step in points of lift of the chain (the rise over Σ m·|g|).
    public static func rises(from states: [BodyState], gravity: SIMD2<Double>, configuration: WorldConfiguration,
                             steps: Int) throws -> [Double] {
        var world = try World(configuration: configuration)
        let handles = try build(in: &world, states: states)
        try world.addBehavior(GravityBehavior(items: handles, gravityDirection: gravity / GravityBehavior.pointsPerSecondSquared))
        let start = energy(of: handles, in: world, gravity: gravity)
        let weight = handles.reduce(0) { $0 + world.body($1).mass } * gravity.length
        var rises: [Double] = []
        for _ in 0..<steps {
            world.step()
            rises.append((energy(of: handles, in: world, gravity: gravity) - start) / weight)
        }
        return rises
    }

    /// The chain's state as JSON for the Box2D peer: the settings, gravity (pt/s²), the links
    /// (size, state, mass, inertia, resistances), the joints with their rest lengths, and
    /// Hooke's own rises from the same state (`rises`), so that the peer prints both.
    public static func peerState(_ states: [BodyState], gravity: SIMD2<Double>, configuration: WorldConfiguration,
                                 steps: Int) throws -> String {
        func vector(_ v: SIMD2<Double>) -> JSONValue { .array([.number(v.x), .number(v.y)]) }
        let bodies: [JSONValue] = zip(links, states).map { link, state in
            .object([("size", vector(link.size)), ("center", vector(state.center)), ("angle", .number(state.angle)),
                     ("velocity", vector(state.velocity)), ("angularVelocity", .number(state.angularVelocity)),
                     ("mass", .number(state.mass)), ("inertia", .number(state.inertia)),
                     ("resistance", .number(state.properties.resistance)),
                     ("angularResistance", .number(state.properties.angularResistance))])
        }
        let jointValues: [JSONValue] = joints.map { joint in
            .object([("item", .number(Double(joint.item))), ("offset", vector(joint.offset)),
                     ("other", joint.other.map { .number(Double($0)) } ?? .null), ("otherOffset", vector(joint.otherOffset)),
                     ("anchor", vector(joint.anchor)), ("length", .number(restLength(joint))),
                     ("frequency", .number(joint.frequency)), ("damping", .number(joint.damping))])
        }
        let hooke = try rises(from: states, gravity: gravity, configuration: configuration, steps: steps)
        return JSONValue.object([
            ("timestep", .number(configuration.timestep)),
            ("velocityIterations", .number(Double(configuration.velocityIterations))),
            ("positionIterations", .number(Double(configuration.positionIterations))),
            ("gravity", vector(gravity)), ("bodies", .array(bodies)), ("joints", .array(jointValues)),
            ("hookeRises", .array(hooke.map { .number($0) })),
        ]).text
    }
}
