import HookeCore

/// Placed outlines under small integer keys, in a dynamic AABB tree, for point, ray,
/// shape-cast and overlap queries (the World's queries, `LongPressLift`'s hit test).
///
/// Each key's leaf holds a fat box: the tight box of the placed outline (skin included)
/// grown by `margin` and stretched by the displacement `move` is told about, so that a
/// shape moving a little keeps its leaf. The invariant every query rests on: each
/// tight box lies inside its leaf's box. A query walks the tree to the leaves whose
/// boxes meet it, then tests each candidate's exact outline, so results are exact and
/// queries do not change the index. Keys are dense (a key is an array index): use
/// slots, not hashes.
package struct ShapeIndex: Sendable {
    /// How far a fat box extends beyond the tight box on every side, points (Box2D's
    /// aabb margin of 0.1 m, as the broadphase uses).
    package static let margin = 10.0

    private var tree = DynamicAABBTree()
    private var leafOfKey: [Int] = []
    private var keyOfLeaf: [Int] = []
    private var shapes: [CollisionShape?] = []
    private var transforms: [CollisionTransform] = []

    package init() {}

    /// Whether `key` holds a shape.
    package func contains(_ key: Int) -> Bool { key < leafOfKey.count && leafOfKey[key] != DynamicAABBTree.null }

    /// Stores `shape` under `key` (replacing what was there), placed by `transform`.
    /// A placement with a non-finite coordinate is not stored.
    package mutating func insert(_ key: Int, _ shape: CollisionShape, placedBy transform: CollisionTransform) {
        if contains(key) { remove(key) }
        if key >= leafOfKey.count {
            let grow = key + 1 - leafOfKey.count
            leafOfKey += repeatElement(DynamicAABBTree.null, count: grow)
            shapes += repeatElement(nil, count: grow)
            transforms += repeatElement(.identity, count: grow)
        }
        let box = shape.aabb(transform)
        guard Self.isFinite(box) else { return }
        let leaf = tree.insert(box.expanded(by: Self.margin))
        if leaf >= keyOfLeaf.count { keyOfLeaf += repeatElement(-1, count: leaf + 1 - keyOfLeaf.count) }
        keyOfLeaf[leaf] = key
        leafOfKey[key] = leaf
        shapes[key] = shape
        transforms[key] = transform
    }

    /// Removes `key`'s shape (nothing when it holds none).
    package mutating func remove(_ key: Int) {
        guard contains(key) else { return }
        let leaf = leafOfKey[key]
        tree.remove(leaf)
        keyOfLeaf[leaf] = -1
        leafOfKey[key] = DynamicAABBTree.null
        shapes[key] = nil
    }

    /// Places `key`'s shape by `transform`; its leaf is re-inserted only when the new
    /// tight box leaves the fat one, with a new fat box stretched by `displacement`
    /// (points: where the shape is heading, so that it keeps the leaf longer). A
    /// non-finite placement is ignored.
    package mutating func move(_ key: Int, to transform: CollisionTransform, displacement: SIMD2<Double> = .zero) {
        guard contains(key), let shape = shapes[key] else { return }
        let box = shape.aabb(transform)
        guard Self.isFinite(box), displacement.x.isFinite, displacement.y.isFinite else { return }
        transforms[key] = transform
        let leaf = leafOfKey[key]
        guard !tree.box(leaf).contains(box) else { return }
        var fat = box.expanded(by: Self.margin)
        fat.lower += Planar.minimum(displacement, .zero)
        fat.upper += Planar.maximum(displacement, .zero)
        tree.move(leaf, to: fat)
    }

    /// Keys whose outline holds `point` (boundary included), ascending.
    package func keys(
        at point: SIMD2<Double>, includingSkin: Bool, where accept: (Int) -> Bool = { _ in true }
    ) -> [Int] {
        var found: [Int] = []
        tree.query(AABB(unchecked: point, point)) { leaf in
            let key = keyOfLeaf[leaf]
            if accept(key), let shape = shapes[key], shape.contains(point, placedBy: transforms[key], includingSkin: includingSkin) {
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
            if accept(key), let shape = shapes[key],
               let hit = shape.rayCast(from: start, to: end, placedBy: transforms[key], includingSkin: includingSkin) {
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
            guard accept(key), let shape = shapes[key],
                  let hit = shape.rayCast(from: start, to: end, placedBy: transforms[key], includingSkin: includingSkin)
            else { return maximum }
            if let b = best, (b.hit.fraction, rank(b.key)) <= (hit.fraction, rank(key)) { return maximum }
            best = (key, hit)
            return hit.fraction
        }
        return best
    }

    /// Every outline `shape`, placed by `transform` and moved by `translation`, touches
    /// along the way, first touched first (equal fractions by ascending key); outlines it
    /// overlaps from the start come first with fraction 0.
    package func castHits(
        _ shape: CollisionShape, placedBy transform: CollisionTransform, translation: SIMD2<Double>,
        includingSkin: Bool, where accept: (Int) -> Bool = { _ in true }
    ) -> [(key: Int, hit: RayIntersection)] {
        let start = shape.aabb(transform)
        let swept = start.union(AABB(unchecked: start.lower + translation, start.upper + translation))
        var found: [(key: Int, hit: RayIntersection)] = []
        tree.query(swept) { leaf in
            let key = keyOfLeaf[leaf]
            if accept(key), let other = shapes[key],
               let hit = shape.cast(placedBy: transform, translation: translation, against: other,
                                    placedBy: transforms[key], includingSkin: includingSkin) {
                found.append((key, hit))
            }
            return true
        }
        return found.sorted { ($0.hit.fraction, $0.key) < ($1.hit.fraction, $1.key) }
    }

    /// Keys whose outline shares a point with `shape` placed by `transform`, ascending.
    package func keys(
        overlapping shape: CollisionShape, placedBy transform: CollisionTransform, includingSkin: Bool,
        where accept: (Int) -> Bool = { _ in true }
    ) -> [Int] {
        var found: [Int] = []
        tree.query(shape.aabb(transform)) { leaf in
            let key = keyOfLeaf[leaf]
            if accept(key), let other = shapes[key],
               shape.overlaps(other, placedBy: transform, transforms[key], includingSkin: includingSkin) {
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
    package func transform(of key: Int) -> CollisionTransform? { contains(key) ? transforms[key] : nil }

    /// Whether every stored shape's tight box lies inside its leaf's box and the tree is
    /// well formed: the invariant the queries rest on (tests).
    package func validate() -> Bool {
        guard tree.validate() else { return false }
        for key in leafOfKey.indices where contains(key) {
            guard let shape = shapes[key], tree.box(leafOfKey[key]).contains(shape.aabb(transforms[key])) else { return false }
        }
        return true
    }

    private static func isFinite(_ box: AABB) -> Bool {
        box.lower.x.isFinite && box.lower.y.isFinite && box.upper.x.isFinite && box.upper.y.isFinite
    }
}
