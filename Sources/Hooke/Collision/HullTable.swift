/// A core hull borrowed for one query: vertices, outward normals (one per vertex; a
/// one-point hull's normal is unused) and the skin radius, points.
///
/// Why borrowed: a `ConvexPolygon` holds two arrays, and every copy of one (or of a
/// `CollisionShape`, which holds it twice) retains and releases them. The narrowphase
/// runs once per contact per step, so it reads hulls through pointers instead; the
/// pointers are valid only inside the `withView` / `HullTable.withHulls` call that made
/// them.
struct HullView {
    let vertices: UnsafeBufferPointer<SIMD2<Double>>
    let normals: UnsafeBufferPointer<SIMD2<Double>>
    let radius: Double

    var count: Int { vertices.count }
}

extension ConvexPolygon {
    /// Calls `body` with this hull borrowed.
    @inline(__always)
    func withView<R>(_ body: (HullView) -> R) -> R {
        vertices.withUnsafeBufferPointer { v in
            normals.withUnsafeBufferPointer { n in body(HullView(vertices: v, normals: n, radius: radius)) }
        }
    }
}

/// The core hulls of many shapes in flat columns: hull k owns entries
/// `start[k] ..< start[k + 1]` of `vertices` and `normals`, and `radius[k]`.
///
/// The world's contact set keeps one per proxy table, so that the collision stages read
/// every shape through three arrays instead of one array per shape.
struct HullTable: Sendable {
    private(set) var start: [Int] = [0]
    private(set) var vertices: [SIMD2<Double>] = []
    /// Aligned with `vertices`: a circle's single point gets a zero normal.
    private(set) var normals: [SIMD2<Double>] = []
    private(set) var radius: [Double] = []

    /// Number of hulls.
    var count: Int { radius.count }

    /// Appends `shape`'s core hull as hull `count`.
    mutating func append(_ shape: CollisionShape) {
        let hull = shape.hull
        vertices += hull.vertices
        normals += hull.normals
        if hull.normals.count < hull.vertices.count {
            normals += repeatElement(.zero, count: hull.vertices.count - hull.normals.count)
        }
        radius.append(hull.radius)
        start.append(vertices.count)
    }

    /// The bounding box of hull `k` placed by `transform`, skin included, points: the
    /// same arithmetic as `CollisionShape.aabb`, so the two agree to the last bit.
    func aabb(_ k: Int, _ transform: CollisionTransform) -> AABB {
        let first = start[k], end = start[k + 1]
        var lo = transform.apply(vertices[first]), hi = lo
        for e in (first + 1)..<end {
            let w = transform.apply(vertices[e])
            lo = CollisionMath.minimum(lo, w)
            hi = CollisionMath.maximum(hi, w)
        }
        let r = SIMD2(repeating: radius[k])
        return AABB(unchecked: lo - r, hi + r)
    }

    /// Calls `body` with an accessor that borrows any hull of the table.
    @inline(__always)
    func withHulls<R>(_ body: (Borrowed) -> R) -> R {
        start.withUnsafeBufferPointer { s in
            vertices.withUnsafeBufferPointer { v in
                normals.withUnsafeBufferPointer { n in
                    radius.withUnsafeBufferPointer { r in
                        body(Borrowed(start: s, vertices: v, normals: n, radius: r))
                    }
                }
            }
        }
    }

    /// The table's columns borrowed: `self[k]` is hull k.
    struct Borrowed {
        let start: UnsafeBufferPointer<Int>
        let vertices: UnsafeBufferPointer<SIMD2<Double>>
        let normals: UnsafeBufferPointer<SIMD2<Double>>
        let radius: UnsafeBufferPointer<Double>

        @inline(__always)
        subscript(k: Int) -> HullView {
            let range = start[k]..<start[k + 1]
            return HullView(
                vertices: UnsafeBufferPointer(rebasing: vertices[range]),
                normals: UnsafeBufferPointer(rebasing: normals[range]), radius: radius[k])
        }
    }
}
