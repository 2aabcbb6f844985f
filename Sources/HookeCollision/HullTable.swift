import HookeCore

/// A core hull borrowed for one query: vertices, outward normals (one per vertex; a
/// one-point hull's normal is unused), the skin radius and, for a box, its half
/// extents, points.
///
/// Why borrowed: a `ConvexPolygon` holds two arrays, and every copy of one (or of a
/// `CollisionShape`, which holds it twice) retains and releases them. The narrowphase
/// runs once per contact per step, so it reads hulls through pointers instead; the
/// pointers are valid only inside the `withView` / `HullTable.withHulls` call that made
/// them.
@usableFromInline package struct HullView {
    @usableFromInline package let vertices: UnsafeBufferPointer<SIMD2<Double>>
    @usableFromInline package let normals: UnsafeBufferPointer<SIMD2<Double>>
    @usableFromInline package let radius: Double
    /// (hx, hy) when the hull is the box `ConvexPolygon.box` makes at the origin with no
    /// turn — vertices (−hx, −hy), (hx, −hy), (hx, hy), (−hx, hy), face normals
    /// (0, −1), (1, 0), (0, 1), (−1, 0) — so that `Narrowphase.boxes` may collide it;
    /// zero otherwise.
    @usableFromInline package let halfExtents: SIMD2<Double>

    @inlinable package init(
        vertices: UnsafeBufferPointer<SIMD2<Double>>, normals: UnsafeBufferPointer<SIMD2<Double>>,
        radius: Double, halfExtents: SIMD2<Double>
    ) {
        (self.vertices, self.normals, self.radius, self.halfExtents) = (vertices, normals, radius, halfExtents)
    }

    @inlinable package var count: Int { vertices.count }

    /// The half extents of a hull that is an origin-centred, unturned box, else zero
    /// (see `halfExtents`); the comparisons are exact, so a hull qualifies only when
    /// the box routine's axis-aligned arithmetic describes it to the last bit.
    @inlinable package static func boxHalfExtents(
        vertices v: UnsafeBufferPointer<SIMD2<Double>>, normals n: UnsafeBufferPointer<SIMD2<Double>>
    ) -> SIMD2<Double> {
        guard v.count == 4, n.count == 4 else { return .zero }
        let h = v[2]
        guard h.x > 0, h.y > 0,
              v[0] == -h, v[1] == SIMD2(h.x, -h.y), v[3] == SIMD2(-h.x, h.y),
              n[0] == SIMD2(0, -1), n[1] == SIMD2(1, 0), n[2] == SIMD2(0, 1), n[3] == SIMD2(-1, 0)
        else { return .zero }
        return h
    }
}

extension ConvexPolygon {
    /// Calls `body` with this hull borrowed.
    @inline(__always)
    @inlinable package func withView<R>(_ body: (HullView) -> R) -> R {
        vertices.withUnsafeBufferPointer { v in
            normals.withUnsafeBufferPointer { n in
                body(HullView(vertices: v, normals: n, radius: radius,
                              halfExtents: HullView.boxHalfExtents(vertices: v, normals: n)))
            }
        }
    }
}

/// The core hulls of many shapes in flat columns: hull k owns entries
/// `start[k] ..< start[k + 1]` of `vertices` and `normals`, and `radius[k]`.
///
/// The world's contact set keeps one per proxy table, so that the collision stages read
/// every shape through three arrays instead of one array per shape.
@usableFromInline package struct HullTable: Sendable, Codable {
    @usableFromInline package private(set) var start: [Int] = [0]
    @usableFromInline package private(set) var vertices: [SIMD2<Double>] = []
    /// Aligned with `vertices`: a circle's single point gets a zero normal.
    @usableFromInline package private(set) var normals: [SIMD2<Double>] = []
    @usableFromInline package private(set) var radius: [Double] = []
    /// `HullView.halfExtents` of each hull (zero when it is not a box).
    @usableFromInline package private(set) var halfExtents: [SIMD2<Double>] = []

    /// An empty table.
    @inlinable package init() {}

    /// Number of hulls.
    @inlinable package var count: Int { radius.count }

    /// Appends `shape`'s core hull as hull `count`.
    @usableFromInline package mutating func append(_ shape: CollisionShape) {
        let hull = shape.hull
        vertices += hull.vertices
        normals += hull.normals
        if hull.normals.count < hull.vertices.count {
            normals += repeatElement(.zero, count: hull.vertices.count - hull.normals.count)
        }
        radius.append(hull.radius)
        start.append(vertices.count)
        let first = start[start.count - 2]
        halfExtents.append(vertices.withUnsafeBufferPointer { v in
            normals.withUnsafeBufferPointer { n in
                HullView.boxHalfExtents(vertices: UnsafeBufferPointer(rebasing: v[first...]),
                                        normals: UnsafeBufferPointer(rebasing: n[first...]))
            }
        })
    }

    /// The bounding box of hull `k` placed by `transform`, skin included, points: the
    /// same arithmetic as `CollisionShape.aabb`, so the two agree to the last bit.
    @inlinable package func aabb(_ k: Int, _ transform: CollisionTransform) -> AABB {
        let first = start[k], end = start[k + 1]
        var lo = transform.apply(vertices[first]), hi = lo
        for e in (first + 1)..<end {
            let w = transform.apply(vertices[e])
            lo = Planar.minimum(lo, w)
            hi = Planar.maximum(hi, w)
        }
        let r = SIMD2(repeating: radius[k])
        return AABB(unchecked: lo - r, hi + r)
    }

    /// Calls `body` with an accessor that borrows any hull of the table.
    @inline(__always)
    @inlinable package func withHulls<R>(_ body: (Borrowed) -> R) -> R {
        start.withUnsafeBufferPointer { s in
            vertices.withUnsafeBufferPointer { v in
                normals.withUnsafeBufferPointer { n in
                    radius.withUnsafeBufferPointer { r in
                        halfExtents.withUnsafeBufferPointer { h in
                            body(Borrowed(start: s, vertices: v, normals: n, radius: r, halfExtents: h))
                        }
                    }
                }
            }
        }
    }

    /// The table's columns borrowed: `self[k]` is hull k.
    @usableFromInline package struct Borrowed {
        @usableFromInline package let start: UnsafeBufferPointer<Int>
        @usableFromInline package let vertices: UnsafeBufferPointer<SIMD2<Double>>
        @usableFromInline package let normals: UnsafeBufferPointer<SIMD2<Double>>
        @usableFromInline package let radius: UnsafeBufferPointer<Double>
        @usableFromInline package let halfExtents: UnsafeBufferPointer<SIMD2<Double>>

        @inlinable package init(
            start: UnsafeBufferPointer<Int>, vertices: UnsafeBufferPointer<SIMD2<Double>>,
            normals: UnsafeBufferPointer<SIMD2<Double>>, radius: UnsafeBufferPointer<Double>,
            halfExtents: UnsafeBufferPointer<SIMD2<Double>>
        ) {
            (self.start, self.vertices, self.normals, self.radius, self.halfExtents)
                = (start, vertices, normals, radius, halfExtents)
        }

        @inline(__always)
        @inlinable package subscript(k: Int) -> HullView {
            let range = start[k]..<start[k + 1]
            return HullView(
                vertices: UnsafeBufferPointer(rebasing: vertices[range]),
                normals: UnsafeBufferPointer(rebasing: normals[range]), radius: radius[k],
                halfExtents: halfExtents[k])
        }
    }
}
