import HookeCore

extension Narrowphase {
    /// `polygons` for two boxes (`HullView.halfExtents` nonzero): the same reference
    /// face, incident face, clipping, points and feature ids, computed in the reference
    /// box's own frame, where its faces are the axes x = ±hx, y = ±hy.
    ///
    /// With R = R_Aᵀ·R_B = R(θB − θA) = [[c, −s], [s, c]] and B's centre at
    /// p = R_Aᵀ·(x_B − x_A) in A's frame, B's corners there are p + R·(±hx_B, ±hy_B),
    /// which reach |c|·hx_B + |s|·hy_B from p along x and |s|·hx_B + |c|·hy_B along y.
    /// The separation of A's face x = hx_A, the least of nᵢ·(wⱼ − vᵢ) over B's corners
    /// wⱼ, is then p.x − (|c|·hx_B + |s|·hy_B) − hx_A, and likewise for the other three
    /// faces and, with Rᵀ, for B's faces: two rotations instead of sixteen dot products
    /// per polygon. The points are built in the reference frame and placed in the world
    /// at the end. The arithmetic differs from `polygons` (which works in world
    /// coordinates) by rounding only; `NarrowphaseBoxesTests` compares the two.
    @inlinable package static func boxes(
        _ a: HullView, _ xfA: CollisionTransform, _ b: HullView, _ xfB: CollisionTransform,
        _ margin: Double = 0
    ) -> ContactManifold {
        var m = ContactManifold()
        boxes(placing: xfA, xfB, BoxHull(halfExtents: a.halfExtents, radius: a.radius),
              BoxHull(halfExtents: b.halfExtents, radius: b.radius), margin, into: &m)
        return m
    }

    /// What `boxes` reads of a box hull: its half extents and skin radius, points.
    @usableFromInline package struct BoxHull {
        @usableFromInline package var halfExtents: SIMD2<Double>
        @usableFromInline package var radius: Double

        @inlinable package init(halfExtents: SIMD2<Double>, radius: Double) {
            self.halfExtents = halfExtents
            self.radius = radius
        }
    }

    /// `boxes` written into `m` in place (the world's narrowphase passes the contact's
    /// own manifold: a manifold is 184 bytes, and returning it through two calls cost
    /// as much as computing it).
    ///
    /// The placements come first: the arguments outnumber the floating-point argument
    /// registers, and those left for the stack should be the ones read one by one. With
    /// B's placement last, its cosine and sine were stored to the stack separately and
    /// read back as one vector, a load the processor cannot forward from two stores,
    /// which stalled every call.
    @inline(__always)
    @inlinable package static func boxes(
        placing xfA: CollisionTransform, _ xfB: CollisionTransform, _ a: BoxHull, _ b: BoxHull,
        _ margin: Double, into m: inout ContactManifold
    ) {
        m = ContactManifold()
        let total = a.radius + b.radius
        let reach = total + margin
        let ha = a.halfExtents, hb = b.halfExtents
        // B's turn relative to A.
        let c = xfA.cosine * xfB.cosine + xfA.sine * xfB.sine
        let s = xfA.cosine * xfB.sine - xfA.sine * xfB.cosine
        let d = xfB.position - xfA.position
        let centreB = xfA.inverseRotate(d), centreA = xfB.inverseRotate(-d)
        let ac = abs(c), asin = abs(s)
        let (edgeA, separationA) = boxFaceSeparation(
            centre: centreB, extentX: ac * hb.x + asin * hb.y, extentY: asin * hb.x + ac * hb.y, halfExtents: ha)
        if separationA > reach { return }
        let (edgeB, separationB) = boxFaceSeparation(
            centre: centreA, extentX: ac * ha.x + asin * ha.y, extentY: asin * ha.x + ac * ha.y, halfExtents: hb)
        if separationB > reach { return }

        // Reference box 1 (A unless B's face is clearly better, as in `polygons`); the
        // incident box 2 stands in 1's frame at centre p2, turned by (c, s2).
        let flip = separationB > separationA + 0.1 * CollisionParameters.linearSlop
        let poly1 = flip ? b : a, poly2 = flip ? a : b
        let xf1 = flip ? xfB : xfA, edge1 = flip ? edgeB : edgeA
        let s2 = flip ? -s : s, p2 = flip ? centreA : centreB
        let h1 = poly1.halfExtents, h2 = poly2.halfExtents
        let n1 = boxNormal(edge1)

        // Incident face: the most anti-parallel to n1. In box 2's frame n1 is
        // q = R₂ᵀ·n1, and 2's face normals (0, −1), (1, 0), (0, 1), (−1, 0) give the
        // dot products −q.y, q.x, q.y, −q.x (the first least one wins, as in `polygons`).
        let qx = c * n1.x + s2 * n1.y, qy = -s2 * n1.x + c * n1.y
        var incident = 0, minDot = -qy
        if qx < minDot { minDot = qx; incident = 1 }
        if qy < minDot { minDot = qy; incident = 2 }
        if -qx < minDot { incident = 3 }
        let i1 = incident, i2 = (incident + 1) & 3
        @inline(__always) func place(_ v: SIMD2<Double>) -> SIMD2<Double> {
            p2 + SIMD2(c * v.x - s2 * v.y, s2 * v.x + c * v.y)
        }
        var clip = ClipPair(
            (place(boxCorner(i1, h2)), ContactFeature(indexA: edge1, kindA: .face, indexB: i1, kindB: .vertex)),
            (place(boxCorner(i2, h2)), ContactFeature(indexA: edge1, kindA: .face, indexB: i2, kindB: .vertex)))

        // The reference face runs from v11 to v12 along the tangent (−n.y, n.x) (the
        // normalised edge of a counter-clockwise box); side planes widened by the skins.
        let edge2 = (edge1 + 1) & 3
        let v11 = boxCorner(edge1, h1), v12 = boxCorner(edge2, h1)
        let tangent = SIMD2(-n1.y, n1.x)
        let sideOffset1 = -Planar.dot(tangent, v11) + total
        let sideOffset2 = Planar.dot(tangent, v12) + total
        guard clip.clip(normal: -tangent, offset: sideOffset1, vertexIndex: edge1),
              clip.clip(normal: tangent, offset: sideOffset2, vertexIndex: edge2)
        else { return }

        let normal = xf1.rotate(n1)
        m.normal = flip ? -normal : normal
        m.kind = flip ? .faceB : .faceA
        m.localNormal = n1
        m.localPoint = v11
        m.radiusA = a.radius
        m.radiusB = b.radius
        for k in 0..<2 {
            let (core, feature) = k == 0 ? clip.first : clip.second
            // The core point in box 2's frame: R₂ᵀ·(core − p2).
            let r = core - p2
            var p = point(
                core: core, planePoint: v11, normal: n1,
                radiusA: poly1.radius, radiusB: poly2.radius, feature: flip ? feature.swapped : feature,
                localPoint: SIMD2(c * r.x + s2 * r.y, -s2 * r.x + c * r.y))
            guard p.separation <= margin else { continue }
            p.position = xf1.apply(p.position)
            m.append(p)
        }
        if m.pointCount == 0 { m.normal = .zero }
    }

    /// Corner `i` of a box of half extents `h` (the hull's vertex i, exactly): corners
    /// and faces come from the index, so the box routine reads no hull arrays.
    @inline(__always)
    @inlinable package static func boxCorner(_ i: Int, _ h: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(i == 1 || i == 2 ? h.x : -h.x, i >= 2 ? h.y : -h.y)
    }

    /// The outward normal of a box's face `i` (the hull's normal i).
    @inline(__always)
    @inlinable package static func boxNormal(_ i: Int) -> SIMD2<Double> {
        SIMD2(i == 1 ? 1 : i == 3 ? -1 : 0, i == 0 ? -1 : i == 2 ? 1 : 0)
    }

    /// The face of a box (half extents `halfExtents`, at the origin, unturned) of
    /// greatest separation from another box whose centre is `centre` and whose corners
    /// reach `extentX` and `extentY` from it along the axes: faces 0…3 are y = −hy,
    /// x = hx, y = hy, x = −hx (outward normals (0, −1), (1, 0), (0, 1), (−1, 0)).
    @inline(__always)
    @inlinable package static func boxFaceSeparation(
        centre p: SIMD2<Double>, extentX: Double, extentY: Double, halfExtents h: SIMD2<Double>
    ) -> (edge: Int, separation: Double) {
        var edge = 0, best = -p.y - extentY - h.y
        let right = p.x - extentX - h.x, bottom = p.y - extentY - h.y, left = -p.x - extentX - h.x
        if right > best { best = right; edge = 1 }
        if bottom > best { best = bottom; edge = 2 }
        if left > best { best = left; edge = 3 }
        return (edge, best)
    }
}
