/// Structure-of-arrays storage of every body, indexed by slot.
///
/// Hot data (positions, velocities, inverse masses, force accumulators) sit in
/// separate columns read by the step's loops; cold data (definitions, shapes) apart.
/// Slots of removed bodies go to a free list and their generation moves on.
struct BodyStorage: Sendable, Codable {
    // MARK: Slots
    var generation: [UInt32] = []
    var isAlive: [Bool] = []
    var freeSlots: [Int32] = []
    /// Creation sequence number (Box2D walks its body list newest first).
    var sequence: [UInt64] = []

    // MARK: Hot: state
    var center: [SIMD2<Double>] = []
    var angle: [Double] = []
    var velocity: [SIMD2<Double>] = []
    var angularVelocity: [Double] = []

    // MARK: Warm: the pose at the start of the last step, for render interpolation
    var previousCenter: [SIMD2<Double>] = []
    var previousAngle: [Double] = []

    // MARK: Hot: per-step accumulators (internal units: kg·pt/s², kg·pt²/s²)
    var force: [SIMD2<Double>] = []
    var torque: [Double] = []
    var hasGravity: [Bool] = []

    // MARK: Hot: mass
    var inverseMass: [Double] = []
    var inverseInertia: [Double] = []
    var isStatic: [Bool] = []
    /// Moves only by its own velocity (`BodyDefinition.isKinematic`); zero inverse mass
    /// and inertia, but integrated.
    var isKinematic: [Bool] = []

    // MARK: Sleep
    var isAwake: [Bool] = []
    var sleepTime: [Double] = []

    // MARK: Cold
    var shape: [BodyShape] = []
    /// Properties from the body's definition (before dynamic item behaviours).
    var ownProperties: [ItemProperties] = []
    /// Properties in force (definition overridden by dynamic item behaviours).
    var properties: [ItemProperties] = []
    /// Collision categories and masks (`BodyDefinition.collisionFilter`).
    var collisionFilter: [CollisionFilter] = []
    /// Whether the body's shape is a sensor (`BodyDefinition.isSensor`).
    var isSensor: [Bool] = []

    var count: Int { isAlive.count }

    /// Appends or reuses a slot for `definition`; returns its index.
    mutating func insert(_ definition: BodyDefinition, sequence seq: UInt64) -> Int {
        let i: Int
        if let free = freeSlots.popLast() {
            i = Int(free)
            generation[i] &+= 1
            if generation[i] == 0 { generation[i] = 1 }
            isAlive[i] = true
            sequence[i] = seq
            center[i] = definition.center
            angle[i] = definition.angle
            previousCenter[i] = definition.center
            previousAngle[i] = definition.angle
            velocity[i] = definition.velocity
            angularVelocity[i] = definition.angularVelocity
            force[i] = .zero
            torque[i] = 0
            hasGravity[i] = false
            isAwake[i] = true
            sleepTime[i] = 0
            shape[i] = definition.shape
            ownProperties[i] = definition.properties
            properties[i] = definition.properties
            inverseMass[i] = 0
            inverseInertia[i] = 0
            isStatic[i] = false
            isKinematic[i] = definition.isKinematic
            collisionFilter[i] = definition.collisionFilter
            isSensor[i] = definition.isSensor
        } else {
            i = count
            generation.append(1)
            isAlive.append(true)
            sequence.append(seq)
            center.append(definition.center)
            angle.append(definition.angle)
            previousCenter.append(definition.center)
            previousAngle.append(definition.angle)
            velocity.append(definition.velocity)
            angularVelocity.append(definition.angularVelocity)
            force.append(.zero)
            torque.append(0)
            hasGravity.append(false)
            isAwake.append(true)
            sleepTime.append(0)
            shape.append(definition.shape)
            ownProperties.append(definition.properties)
            properties.append(definition.properties)
            inverseMass.append(0)
            inverseInertia.append(0)
            isStatic.append(false)
            isKinematic.append(definition.isKinematic)
            collisionFilter.append(definition.collisionFilter)
            isSensor.append(definition.isSensor)
        }
        updateMass(i)
        return i
    }

    /// Copies every slot's centre and angle into `previousCenter` and `previousAngle`, in
    /// place (the columns have the same length, so nothing is allocated).
    mutating func recordPreviousPoses() {
        previousCenter.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: center) }
        previousAngle.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: angle) }
    }

    /// Recomputes inverse mass and inertia from shape and properties (Box2D's
    /// `ResetMassData`): static when anchored, no rotation when not allowed.
    mutating func updateMass(_ i: Int) {
        let p = properties[i]
        if p.isAnchored {
            isStatic[i] = true
            inverseMass[i] = 0
            inverseInertia[i] = 0
            velocity[i] = .zero
            angularVelocity[i] = 0
            return
        }
        isStatic[i] = false
        if isKinematic[i] {
            inverseMass[i] = 0
            inverseInertia[i] = 0
            return
        }
        let m = mass(i)
        inverseMass[i] = 1 / m
        if p.allowsRotation {
            inverseInertia[i] = 1 / (m * shape[i].inertiaPerUnitMass)
        } else {
            inverseInertia[i] = 0
            angularVelocity[i] = 0
        }
    }

    /// Mass in kg from density·area/10⁴ (area in pt²), ignoring anchoring.
    func mass(_ i: Int) -> Double { properties[i].density * shape[i].area / 10_000 }
}
