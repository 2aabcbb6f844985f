import HookeCore

/// Placed outlines under small integer keys, in a dynamic AABB tree, for point, ray,
/// shape-cast and overlap queries (the World's queries, `LongPressLift`'s hit test).
/// An outline is one or more convex pieces in one frame (a compound body's parts): it
/// holds a point any piece holds, a ray enters it where it enters the first piece, and
/// a shape touches it when it touches any piece.
///
/// Each key's leaf holds a fat box: the tight box of the placed outline (skin included)
/// grown by `margin` and stretched by the displacement `move` is told about, so that a
/// shape moving a little keeps its leaf. The invariant every query rests on: each
/// tight box lies inside its leaf's box. A placement is stored as a position and an
/// angle, and turned into a `CollisionTransform` only for the shapes a query tests.
///
/// `move` runs once per moving body per World step, so it first tries two bounds on the
/// new tight box that cost no trigonometry, and computes the box only when neither lies
/// inside the leaf's box:
/// - the disc of radius `reach` about the new position, which holds the outline at
///   every angle (a compact shape's leaf box holds that disc, see `fatBox`);
/// - the last computed tight box, carried to the new position and grown by
///   reach·|Δθ| on every side, Δθ being the turn since it was computed: turning by Δθ
///   moves each point of the outline by a chord of at most reach·|Δθ|.
/// The second keeps a slowly sinking or creeping pile (a body drifted past `margin`,
/// whose leaf still holds it) off the exact path. Neither changes when a leaf moves:
/// only when the exact box leaves the leaf's box. A query walks the tree to the leaves
/// whose boxes meet it, then tests each candidate's exact outline, so results are exact
/// and queries do not change the index. Keys are dense (a key is an array index): use
/// slots, not hashes.
package struct ShapeIndex: Sendable, Codable {
    /// How far a fat box extends beyond the tight box on every side, points (Box2D's
    /// aabb margin of 0.1 m, as the broadphase uses).
    package static let margin = 10.0

    private var tree = DynamicAABBTree()
    private var leafOfKey: [Int] = []
    private var keyOfLeaf: [Int] = []
    /// Each key's pieces (empty: no outline).
    private var shapes: [[CollisionShape]] = []
    private var positions: [SIMD2<Double>] = []
    private var angles: [Double] = []
    /// Largest distance from the placement's origin to the outline, skin included, points.
    private var reach: [Double] = []
    /// Each key's leaf box, by key: a copy of the tree's, so that `move` reads memory in
    /// key order instead of the key's scattered tree node.
    private var fatBoxes: [AABB] = []
    /// The last computed tight box of each key, relative to the position it was
    /// computed at (points), and the angle it was computed at (radians): `move`'s
    /// second bound.
    private var tightOffsets: [AABB] = []
    private var tightAngles: [Double] = []
    // fatBoxes, tightOffsets and tightAngles are not encoded: decoding derives them.

    package init() {}

    private enum CodingKeys: String, CodingKey {
        case tree, leafOfKey, keyOfLeaf, shapes, positions, angles, reach
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        tree = try c.decode(DynamicAABBTree.self, forKey: .tree)
        leafOfKey = try c.decode([Int].self, forKey: .leafOfKey)
        keyOfLeaf = try c.decode([Int].self, forKey: .keyOfLeaf)
        shapes = try c.decode([[CollisionShape]].self, forKey: .shapes)
        positions = try c.decode([SIMD2<Double>].self, forKey: .positions)
        angles = try c.decode([Double].self, forKey: .angles)
        reach = try c.decode([Double].self, forKey: .reach)
        // A leaf outside the tree, or a column of the wrong length, is left for
        // structuralFault to name.
        fatBoxes = leafOfKey.map { leaf in
            tree.nodes.indices.contains(leaf) ? tree.box(leaf) : AABB(unchecked: .zero, .zero)
        }
        tightOffsets = Array(repeating: AABB(unchecked: .zero, .zero), count: leafOfKey.count)
        tightAngles = Array(repeating: 0, count: leafOfKey.count)
        guard shapes.count == leafOfKey.count, positions.count == leafOfKey.count, angles.count == leafOfKey.count
        else { return }
        for key in leafOfKey.indices {
            guard let box = Self.aabb(shapes[key], placement(key)) else { continue }
            noteTightBox(key, box, at: positions[key], angle: angles[key])
        }
    }

    /// What is wrong with the index's structure, nil when nothing (a snapshot's check):
    /// the tree's, the columns' lengths, and leaves and keys naming each other.
    package func structuralFault() -> String? {
        if let fault = tree.structuralFault() { return "tree: \(fault)" }
        let keys = leafOfKey.count
        guard shapes.count == keys, positions.count == keys, angles.count == keys, reach.count == keys,
              fatBoxes.count == keys, tightOffsets.count == keys, tightAngles.count == keys,
              keyOfLeaf.count <= tree.nodes.count else {
            return "the key columns do not have one entry per key"
        }
        for (key, leaf) in leafOfKey.enumerated() where leaf != DynamicAABBTree.null {
            guard tree.nodes.indices.contains(leaf), tree.nodes[leaf].height == 0, keyOfLeaf.indices.contains(leaf),
                  keyOfLeaf[leaf] == key, !shapes[key].isEmpty else {
                return "key \(key)'s leaf \(leaf) is not a leaf that names it"
            }
            guard shapes[key].allSatisfy(\.hull.isWellFormed) else { return "key \(key) has a malformed outline" }
        }
        for (leaf, key) in keyOfLeaf.enumerated() where key != -1 {
            guard (0..<keys).contains(key), leafOfKey[key] == leaf else { return "leaf \(leaf) names key \(key), which is not its" }
        }
        for (leaf, node) in tree.nodes.enumerated() where node.height == 0 {
            guard keyOfLeaf.indices.contains(leaf), keyOfLeaf[leaf] != -1 else { return "leaf \(leaf) names no key" }
        }
        return nil
    }

    /// Whether `key` holds a shape.
    package func contains(_ key: Int) -> Bool { key < leafOfKey.count && leafOfKey[key] != DynamicAABBTree.null }

    /// Stores the outline `pieces` under `key` (replacing what was there), placed at
    /// `position` (points) turned by `angle` (radians). A placement with a non-finite
    /// coordinate, or no piece, is not stored.
    package mutating func insert(_ key: Int, _ pieces: [CollisionShape], at position: SIMD2<Double>, angle: Double) {
        if contains(key) { remove(key) }
        if key >= leafOfKey.count {
            let grow = key + 1 - leafOfKey.count
            leafOfKey += repeatElement(DynamicAABBTree.null, count: grow)
            fatBoxes += repeatElement(AABB(unchecked: .zero, .zero), count: grow)
            tightOffsets += repeatElement(AABB(unchecked: .zero, .zero), count: grow)
            tightAngles += repeatElement(0, count: grow)
            shapes += repeatElement([], count: grow)
            positions += repeatElement(.zero, count: grow)
            angles += repeatElement(0, count: grow)
            reach += repeatElement(0, count: grow)
        }
        guard let box = Self.aabb(pieces, CollisionTransform(position: position, angle: angle)), Self.isFinite(box)
        else { return }
        reach[key] = pieces.reduce(0) { r, piece in
            max(r, piece.hull.vertices.reduce(0) { max($0, Planar.length($1)) } + piece.hull.radius)
        }
        let fat = Self.fatBox(box, discBox(key, position), .zero)
        let leaf = tree.insert(fat)
        fatBoxes[key] = fat
        noteTightBox(key, box, at: position, angle: angle)
        if leaf >= keyOfLeaf.count { keyOfLeaf += repeatElement(-1, count: leaf + 1 - keyOfLeaf.count) }
        keyOfLeaf[leaf] = key
        leafOfKey[key] = leaf
        shapes[key] = pieces
        positions[key] = position
        angles[key] = angle
    }

    /// Removes `key`'s shape (nothing when it holds none).
    package mutating func remove(_ key: Int) {
        guard contains(key) else { return }
        let leaf = leafOfKey[key]
        tree.remove(leaf)
        keyOfLeaf[leaf] = -1
        leafOfKey[key] = DynamicAABBTree.null
        shapes[key] = []
    }

    /// Places `key`'s shape at `position` turned by `angle`; its leaf is re-inserted only
    /// when the new tight box leaves the fat one, with a new fat box stretched by
    /// `displacement` (points: where the shape is heading, so that it keeps the leaf
    /// longer). A non-finite placement is ignored.
    package mutating func move(_ key: Int, to position: SIMD2<Double>, angle: Double, displacement: SIMD2<Double> = .zero) {
        guard contains(key) else { return }
        let fat = fatBoxes[key]
        // A NaN fails every comparison, so a non-finite position takes the exact path.
        if angle.isFinite, fat.contains(discBox(key, position)) || fat.contains(turnedBox(key, position, angle)) {
            positions[key] = position
            angles[key] = angle
            return
        }
        guard let box = Self.aabb(shapes[key], CollisionTransform(position: position, angle: angle)),
              Self.isFinite(box), displacement.x.isFinite, displacement.y.isFinite else { return }
        (positions[key], angles[key]) = (position, angle)
        noteTightBox(key, box, at: position, angle: angle)
        guard !fat.contains(box) else { return }
        fatBoxes[key] = Self.fatBox(box, discBox(key, position), displacement)
        tree.move(leafOfKey[key], to: fatBoxes[key])
    }

    /// Stores `box`, the tight box of `key`'s outline at `position` turned by `angle`,
    /// for `turnedBox`.
    private mutating func noteTightBox(_ key: Int, _ box: AABB, at position: SIMD2<Double>, angle: Double) {
        tightOffsets[key] = AABB(unchecked: box.lower - position, box.upper - position)
        tightAngles[key] = angle
    }

    /// A box holding `key`'s outline at `position` turned by `angle`: the last computed
    /// tight box moved to `position` and grown by reach·|Δθ|, plus 10⁻¹² of the
    /// coordinates' size for the rounding of moving it (the exact box is computed from
    /// the new position, this one from the old box's offsets).
    private func turnedBox(_ key: Int, _ position: SIMD2<Double>, _ angle: Double) -> AABB {
        let offsets = tightOffsets[key], r = reach[key]
        let rounding = 1e-12 * (max(abs(position.x), abs(position.y)) + r)
        let grow = SIMD2(repeating: r * abs(angle - tightAngles[key]) + rounding)
        return AABB(unchecked: position + offsets.lower - grow, position + offsets.upper + grow)
    }

    /// The box of the disc of radius `reach` about `position`: it holds `key`'s outline
    /// at every angle.
    private func discBox(_ key: Int, _ position: SIMD2<Double>) -> AABB {
        AABB(unchecked: position - SIMD2(repeating: reach[key]), position + SIMD2(repeating: reach[key]))
    }

    /// A leaf's box: the tight box grown by `margin`, widened to the disc box when that is
    /// at most 1.5 times as wide and tall (so that a compact shape keeps its leaf while it
    /// turns, and a long one does not inflate the queries' candidates), and stretched by
    /// `displacement`.
    private static func fatBox(_ box: AABB, _ disc: AABB, _ displacement: SIMD2<Double>) -> AABB {
        var fat = box.expanded(by: margin)
        let size = box.upper - box.lower, discSize = disc.upper - disc.lower
        if discSize.x <= 1.5 * size.x && discSize.y <= 1.5 * size.y { fat = fat.union(disc.expanded(by: margin)) }
        fat.lower += Planar.minimum(displacement, .zero)
        fat.upper += Planar.maximum(displacement, .zero)
        return fat
    }

    /// The placement `key`'s shape was last given.
    private func placement(_ key: Int) -> CollisionTransform { CollisionTransform(position: positions[key], angle: angles[key]) }

    /// Keys whose outline holds `point` (boundary included), ascending.
    package func keys(
        at point: SIMD2<Double>, includingSkin: Bool, where accept: (Int) -> Bool = { _ in true }
    ) -> [Int] {
        var found: [Int] = []
        tree.query(AABB(unchecked: point, point)) { leaf in
            let key = keyOfLeaf[leaf]
            if accept(key), shapes[key].contains(where: {
                $0.contains(point, placedBy: placement(key), includingSkin: includingSkin)
            }) {
                found.append(key)
            }
            return true
        }
        return found.sorted()
    }

    /// Every outline the segment from `start` to `end` enters, nearest first (equal
    /// fractions by ascending key).
    package func rayHits(
        from start: SIMD2<Double>, to end: SIMD2<Double>, includingSkin: Bool, where accept: (Int) -> Bool = { _ in true }
    ) -> [(key: Int, hit: RayIntersection)] {
        var found: [(key: Int, hit: RayIntersection)] = []
        tree.rayCast(from: start, along: end - start, maximum: 1) { leaf, maximum in
            let key = keyOfLeaf[leaf]
            if accept(key), let hit = rayCast(key, from: start, to: end, includingSkin: includingSkin) {
                found.append((key, hit))
            }
            return maximum
        }
        return found.sorted { ($0.hit.fraction, $0.key) < ($1.hit.fraction, $1.key) }
    }

    /// The nearest outline the segment enters (equal fractions: the smallest `rank`,
    /// the key itself by default). The walk skips boxes beyond the nearest hit so far.
    package func closestRayHit(
        from start: SIMD2<Double>, to end: SIMD2<Double>, includingSkin: Bool, where accept: (Int) -> Bool = { _ in true },
        rank: (Int) -> UInt64 = { UInt64($0) }
    ) -> (key: Int, hit: RayIntersection)? {
        var best: (key: Int, hit: RayIntersection)? = nil
        tree.rayCast(from: start, along: end - start, maximum: 1) { leaf, maximum in
            let key = keyOfLeaf[leaf]
            guard accept(key), let hit = rayCast(key, from: start, to: end, includingSkin: includingSkin)
            else { return maximum }
            if let b = best, (b.hit.fraction, rank(b.key)) <= (hit.fraction, rank(key)) { return maximum }
            best = (key, hit)
            return hit.fraction
        }
        return best
    }

    /// Every outline the outline `pieces`, placed by `transform` and moved by
    /// `translation`, touches along the way, first touched first (equal fractions by
    /// ascending key); outlines it overlaps from the start come first with fraction 0.
    /// Each hit is the first touch of any of its pieces with any piece of the outline.
    package func castHits(
        _ pieces: [CollisionShape], placedBy transform: CollisionTransform, translation: SIMD2<Double>,
        includingSkin: Bool, where accept: (Int) -> Bool = { _ in true }
    ) -> [(key: Int, hit: RayIntersection)] {
        guard let start = Self.aabb(pieces, transform) else { return [] }
        let swept = start.union(AABB(unchecked: start.lower + translation, start.upper + translation))
        var found: [(key: Int, hit: RayIntersection)] = []
        tree.query(swept) { leaf in
            let key = keyOfLeaf[leaf]
            guard accept(key) else { return true }
            var first: RayIntersection?
            for piece in pieces {
                for other in shapes[key] {
                    if let hit = piece.cast(placedBy: transform, translation: translation, against: other,
                                            placedBy: placement(key), includingSkin: includingSkin),
                       hit.fraction < first?.fraction ?? .infinity {
                        first = hit
                    }
                }
            }
            if let first { found.append((key, first)) }
            return true
        }
        return found.sorted { ($0.hit.fraction, $0.key) < ($1.hit.fraction, $1.key) }
    }

    /// Keys whose outline shares a point with the outline `pieces` placed by
    /// `transform`, ascending.
    package func keys(
        overlapping pieces: [CollisionShape], placedBy transform: CollisionTransform, includingSkin: Bool,
        where accept: (Int) -> Bool = { _ in true }
    ) -> [Int] {
        guard let box = Self.aabb(pieces, transform) else { return [] }
        var found: [Int] = []
        tree.query(box) { leaf in
            let key = keyOfLeaf[leaf]
            if accept(key), pieces.contains(where: { piece in
                shapes[key].contains { piece.overlaps($0, placedBy: transform, placement(key), includingSkin: includingSkin) }
            }) {
                found.append(key)
            }
            return true
        }
        return found.sorted()
    }

    /// Keys whose leaf box meets `box`, ascending: every key whose outline (skin
    /// included) meets the box, and possibly a few more; `accept` makes the exact test.
    package func candidates(meeting box: AABB, where accept: (Int) -> Bool) -> [Int] {
        var found: [Int] = []
        tree.query(box) { leaf in
            let key = keyOfLeaf[leaf]
            if accept(key) { found.append(key) }
            return true
        }
        return found.sorted()
    }

    /// The placement `key`'s shape was last given (tests).
    package func transform(of key: Int) -> CollisionTransform? { contains(key) ? placement(key) : nil }

    /// Whether every stored shape's tight box lies inside its leaf's box, each key's copy
    /// of its leaf box equals the tree's, and the tree is well formed: the invariants the
    /// queries and `move` rest on (tests).
    package func validate() -> Bool {
        guard tree.validate() else { return false }
        for key in leafOfKey.indices where contains(key) {
            let leafBox = tree.box(leafOfKey[key])
            guard let box = Self.aabb(shapes[key], placement(key)), leafBox.contains(box), fatBoxes[key] == leafBox
            else { return false }
        }
        return true
    }

    /// Where the segment from `start` to `end` first enters `key`'s outline.
    private func rayCast(_ key: Int, from start: SIMD2<Double>, to end: SIMD2<Double>,
                         includingSkin: Bool) -> RayIntersection? {
        var first: RayIntersection?
        for piece in shapes[key] {
            if let hit = piece.rayCast(from: start, to: end, placedBy: placement(key), includingSkin: includingSkin),
               hit.fraction < first?.fraction ?? .infinity {
                first = hit
            }
        }
        return first
    }

    /// The box around every piece placed by `transform` (skins included); nil for none.
    private static func aabb(_ pieces: [CollisionShape], _ transform: CollisionTransform) -> AABB? {
        guard var box = pieces.first?.aabb(transform) else { return nil }
        for piece in pieces.dropFirst() { box = box.union(piece.aabb(transform)) }
        return box
    }

    private static func isFinite(_ box: AABB) -> Bool {
        box.lower.x.isFinite && box.lower.y.isFinite && box.upper.x.isFinite && box.upper.y.isFinite
    }
}
