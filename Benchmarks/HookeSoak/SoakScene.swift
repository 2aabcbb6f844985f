import Foundation
import Hooke

/// The soak's mixed scene: one `World` with every behaviour UIKit Dynamics has, built from
/// a seed (Docs/reliability.md, "Soak").
///
/// In a 600 × 900 pt reference box (y down, gravity toward +y unless re-aimed):
/// - **a pile** of 36 free bodies (rectangles, circles, ellipses, triangles and pentagons,
///   18–40 pt) that collide with each other, with the reference-bounds boundary, with a
///   sloped shelf (a segment), a closed wedge on the floor (a path) and an anchored ellipse;
///   two dynamic item behaviours give 12 of them charges ±1 and other materials;
/// - **a rig** of every attachment kind, its bodies colliding with the pile: a rigid rod and
///   a soft spring to anchors, a chain of rigid rods between items ending in a soft spring
///   to another item, a rope to an anchor and a rope between items, a pin to an anchor (with
///   friction torque and an angle range) carrying a second bar on a pin between items, a
///   weld to an anchor, a welded pair, a slider along an axis to an anchor (with a range)
///   and a slider between items;
/// - **two snap bodies**, a continuous push (with offsets, so it turns them) and an
///   instantaneous push on pile bodies;
/// - **fields**: nine kinds over regions of every shape (circle, rectangle, inverse,
///   union, intersection, difference), and a drag field;
/// - **a flick body** driven by `FlickToDismiss`, which is in no collision and no gravity
///   behaviour: the energy check leaves it out, the finiteness check does not.
///
/// What changes during the run (gestures, snaps, pushes, fields, gravity, the solver) is
/// `SoakSimulation`'s; this type only builds the world and keeps the handles.
public struct SoakScene: Sendable {
    /// The reference bounds, points.
    public static let bounds = WorldRect(x: 0, y: 0, width: 600, height: 900)

    /// A soft distance attachment between body centres (or a centre and an anchor): its
    /// stiffness k = m·(2πf)² on the effective mass m along the spring, which is constant
    /// because both offsets are zero (`DistanceJoint`), so ½·k·(d − L)² is its energy.
    public struct SoftSpring: Sendable, Hashable {
        public var item: BodyHandle
        public var other: BodyHandle?
        public var anchor: SIMD2<Double>
        public var length: Double
        public var stiffness: Double
    }

    public var world: World
    /// The pile.
    public var pile: [BodyHandle] = []
    /// The bodies of the attachment rig.
    public var rig: [BodyHandle] = []
    /// The rig's chain (`SoakChain.links`), part of `rig`.
    public var chain: [BodyHandle] = []
    /// The two snapped bodies.
    public var snapped: [BodyHandle] = []
    /// The anchored obstacle.
    public var obstacle: BodyHandle
    /// The body `FlickToDismiss` drives (no collisions, no gravity).
    public var flickBody: BodyHandle
    /// Every dynamic body that exchanges energy with the others: pile, rig, snapped.
    public var energyBodies: [BodyHandle] { pile + rig + snapped }
    /// The soft springs that stay in the scene all the time.
    public var springs: [SoftSpring] = []

    public var gravity: TypedBehaviorHandle<GravityBehavior>
    public var collision: TypedBehaviorHandle<CollisionBehavior>
    public var continuousPush: TypedBehaviorHandle<PushBehavior>
    public var impulsePush: TypedBehaviorHandle<PushBehavior>
    /// Fields that act only while input is on (they can add energy), with their items.
    public var inputFields: [TypedBehaviorHandle<FieldBehavior>] = []
    /// The drag field, on all the time (it only removes energy).
    public var dragField: TypedBehaviorHandle<FieldBehavior>

    /// Builds the scene with `solver`; `seed` places and shapes the pile.
    public init(seed: UInt64, solver: SolverMode = .uikit) throws {
        var random = SplitMix64(seed: seed)
        var world = try World(configuration: WorldConfiguration(isProfiling: false, solver: solver))
        world.referenceBounds = Self.bounds

        // The pile: a 6 × 6 grid with jitter, shapes in turn.
        var pile: [BodyHandle] = []
        for k in 0..<36 {
            let column = k % 6, row = k / 6
            let center = SIMD2(70 + 92 * Double(column) + random.uniform(-8...8),
                               430 + 45 * Double(row) + random.uniform(-5...5))
            let a = random.uniform(18...40), b = random.uniform(18...40)
            let shape: BodyShape
            switch k % 5 {
            case 0: shape = .rectangle(width: a, height: b)
            case 1: shape = .ellipse(width: a, height: a)
            case 2: shape = .ellipse(width: a, height: 0.6 * a + 8)
            case 3: shape = .polygon([SIMD2(0, -a / 2), SIMD2(a / 2, a / 2), SIMD2(-a / 2, a / 2)])
            default:
                shape = .polygon((0..<5).map { i in
                    let t = 2 * Double.pi * Double(i) / 5
                    return SIMD2(a / 2 * cos(t), a / 2 * sin(t))   // positive shoelace area, as the scenario triangle
                })
            }
            pile.append(try world.createBody(BodyDefinition(
                shape: shape, center: center, angle: random.uniform(-0.5...0.5),
                velocity: SIMD2(random.uniform(-100...100), random.uniform(-100...100)),
                properties: ItemProperties(friction: random.uniform(0.1...0.8)))))
        }

        let obstacle = try world.createBody(BodyDefinition(
            shape: .ellipse(width: 90, height: 50), center: SIMD2(480, 780), angle: 0.3,
            properties: ItemProperties(isAnchored: true)))

        // The rig.
        func box(_ w: Double, _ h: Double, _ c: SIMD2<Double>) throws -> BodyHandle {
            try world.createBody(BodyDefinition(shape: .rectangle(width: w, height: h), center: c))
        }
        var springs: [SoftSpring] = []
        var rig: [BodyHandle] = []
        // Every rigid joint path from an anchor is shorter than the anchor's distance to the
        // walls, so no joint can press a body through them.
        // Rigid rod to an anchor, from a point off the centre (it swings and turns).
        let rod = try box(24, 24, SIMD2(160, 280))
        try world.addBehavior(AttachmentBehavior(item: rod, offsetFromCenter: SIMD2(0, -8), attachedToAnchor: SIMD2(160, 160)))
        // Soft spring to an anchor, at the centre.
        let bob = try world.createBody(BodyDefinition(shape: .ellipse(width: 26, height: 26), center: SIMD2(70, 190)))
        try world.addBehavior(AttachmentBehavior(item: bob, attachedToAnchor: SIMD2(70, 80), length: 90,
                                                 frequency: 2, damping: 0.1))
        springs.append(SoftSpring(item: bob, other: nil, anchor: SIMD2(70, 80), length: 90,
                                  stiffness: world.body(bob).mass * pow(2 * Double.pi * 2, 2)))
        // A chain of rigid rods: anchor – c1 – c2 – c3, then a soft spring c3 – weight (`SoakChain`).
        let chain = try SoakChain.build(in: &world)
        let (c1, c2, c3, weight) = (chain[0], chain[1], chain[2], chain[3])
        let mc3 = world.body(c3).mass, mw = world.body(weight).mass
        springs.append(SoftSpring(item: weight, other: c3, anchor: .zero, length: SoakChain.restLength(SoakChain.joints[3]),
                                  stiffness: (mc3 * mw / (mc3 + mw)) * pow(2 * Double.pi * SoakChain.joints[3].frequency, 2)))
        // A rope to an anchor, and a rope between items.
        let r1 = try world.createBody(BodyDefinition(shape: .ellipse(width: 22, height: 22), center: SIMD2(420, 250)))
        let r2 = try box(20, 20, SIMD2(430, 330))
        try world.addBehavior(AttachmentBehavior(kind: .limit, item: r1, attachedToAnchor: SIMD2(420, 170), length: 140))
        try world.addBehavior(AttachmentBehavior(kind: .limit, item: r2, attachedTo: r1, length: 100))
        // A bar on a pin to an anchor at its left end, with friction and a range; a second
        // bar pinned to its right end.
        let bar = try box(70, 12, SIMD2(413, 130)), bar2 = try box(44, 10, SIMD2(470, 130))
        var pin = try world.attachment(.pin, item: bar, anchorPoint: SIMD2(380, 130))
        pin.frictionTorque = 0.02
        pin.attachmentRange = -1.2...1.2
        try world.addBehavior(pin)
        try world.addBehavior(try world.attachment(.pin, item: bar2, attachedTo: bar, anchorPoint: SIMD2(448, 130)))
        // A weld to an anchor, and a welded pair.
        let welded = try box(30, 30, SIMD2(540, 200))
        try world.addBehavior(try world.attachment(.fixed, item: welded, anchorPoint: SIMD2(540, 200)))
        let w1 = try box(24, 24, SIMD2(470, 230)), w2 = try world.createBody(BodyDefinition(
            shape: .ellipse(width: 24, height: 24), center: SIMD2(494, 230)))
        try world.addBehavior(try world.attachment(.fixed, item: w1, attachedTo: w2, anchorPoint: SIMD2(482, 230)))
        // A slider along x to an anchor within ±80 pt, and a slider on it along y within ±40 pt.
        let slider = try box(40, 16, SIMD2(300, 740)), carriage = try box(18, 18, SIMD2(300, 770))
        var slide = try world.attachment(.sliding, item: slider, anchorPoint: SIMD2(300, 740),
                                         axisOfTranslation: SIMD2(1, 0))
        slide.attachmentRange = -80...80
        try world.addBehavior(slide)
        var slide2 = try world.attachment(.sliding, item: slider, attachedTo: carriage, anchorPoint: SIMD2(300, 770),
                                          axisOfTranslation: SIMD2(0, 1))
        slide2.attachmentRange = -40...40
        try world.addBehavior(slide2)
        rig = [rod, bob, c1, c2, c3, weight, r1, r2, bar, bar2, welded, w1, w2, slider, carriage]

        let snapped = [try box(30, 30, SIMD2(150, 850)),
                       try world.createBody(BodyDefinition(shape: .ellipse(width: 40, height: 26), center: SIMD2(420, 850)))]
        let flickBody = try box(60, 60, SIMD2(300, 450))

        let all = pile + rig + snapped
        var collision = CollisionBehavior(items: all + [obstacle], translatesReferenceBoundsIntoBoundary: true)
        collision.addBoundary(withIdentifier: "shelf", from: SIMD2(0, 700), to: SIMD2(150, 740), elasticity: 0.1, friction: 0.5)
        collision.addBoundary(withIdentifier: "wedge", path: [SIMD2(250, 900), SIMD2(300, 850), SIMD2(350, 900)],
                              elasticity: 0.5, friction: 0.1)
        let collisionHandle = try world.addBehavior(collision)
        let gravity = try world.addBehavior(GravityBehavior(items: all))
        try world.addBehavior(DynamicItemBehavior(items: Array(pile[0..<6]), elasticity: 0.6, friction: 0.1, charge: 1))
        try world.addBehavior(DynamicItemBehavior(items: Array(pile[6..<12]), friction: 0.9, resistance: 0.5,
                                                  angularResistance: 0.5, charge: -1))

        var push = PushBehavior(items: [pile[12], pile[13], pile[14], pile[15]], mode: .continuous, active: false)
        push.setTargetOffsetFromCenter(SIMD2(6, 0), for: pile[12])
        push.setTargetOffsetFromCenter(SIMD2(0, -5), for: pile[14])
        let continuousPush = try world.addBehavior(push)
        var impulse = PushBehavior(items: Array(pile[16..<22]), mode: .instantaneous, active: false)
        impulse.setTargetOffsetFromCenter(SIMD2(4, 4), for: pile[16])
        let impulsePush = try world.addBehavior(impulse)

        // Fields: every built-in kind but the custom one, over every kind of region.
        let inputFieldList: [Field] = [
            try Field(.radialGravity, position: SIMD2(300, 450), region: .circle(radius: 200), strength: 4,
                      minimumRadius: 20),
            try Field(.vortex, position: SIMD2(150, 300), region: .rectangle(size: SIMD2(200, 200)), strength: 1,
                      minimumRadius: 20),
            try Field(.noise(smoothness: 0.5, animationSpeed: 1, seed: seed), position: SIMD2(300, 450),
                      region: .inverse(.circle(radius: 250)), strength: 5),
            try Field(.turbulence(smoothness: 0.3, animationSpeed: 2, seed: seed &+ 1), position: SIMD2(300, 750),
                      region: .difference(.rectangle(size: SIMD2(600, 300)), .circle(radius: 100)), strength: 0.5),
            try Field(.spring, position: SIMD2(450, 300),
                      region: .union(.circle(radius: 60), .rectangle(size: SIMD2(200, 40))), strength: 20),
            try Field(.electric, position: SIMD2(300, 200),
                      region: .intersection(.circle(radius: 300), .rectangle(size: SIMD2(600, 200))), strength: 0.05,
                      minimumRadius: 20),
            try Field(.magnetic, position: SIMD2(300, 600), region: .circle(radius: 300), strength: 0.05, falloff: 0),
            try Field(.velocity(direction: SIMD2(0.5, 0)), position: SIMD2(300, 880),
                      region: .rectangle(size: SIMD2(600, 40)), strength: 1),
            try Field(.linearGravity(direction: SIMD2(0, -9.8)), position: SIMD2(300, 100),
                      region: .difference(.rectangle(size: SIMD2(600, 200)), .circle(radius: 80)), strength: 1),
        ]
        var inputFields: [TypedBehaviorHandle<FieldBehavior>] = []
        for field in inputFieldList {
            inputFields.append(try world.addBehavior(FieldBehavior(items: [], field: field)))
        }
        let dragField = try world.addBehavior(FieldBehavior(
            items: all, field: try Field(.drag, position: SIMD2(300, 450), region: .circle(radius: 260), strength: 0.02)))

        self.world = world
        self.pile = pile
        self.rig = rig
        self.chain = chain
        self.snapped = snapped
        self.obstacle = obstacle
        self.flickBody = flickBody
        self.springs = springs
        self.gravity = gravity
        self.collision = collisionHandle
        self.continuousPush = continuousPush
        self.impulsePush = impulsePush
        self.inputFields = inputFields
        self.dragField = dragField
    }
}
