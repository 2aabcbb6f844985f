import HookeCore

/// Contact manifolds between two placed shapes (the collision stage's narrowphase).
///
/// Every pair reduces to one of three routines on core hulls (a circle is a one-point
/// hull with a radius, an edge a two-point hull with normals n and −n):
/// - `circles`: two points with radii;
/// - `polygonAndCircle`: the polygon face of greatest separation, then the face or
///   vertex region of the circle's centre (Box2D's `b2CollidePolygonAndCircle`);
/// - `polygons`: separating axes over both polygons' face normals, reference face
///   from the larger separation (A preferred within 0.1·slop so the choice does not
///   flicker), incident face the most anti-parallel face of the other polygon,
///   clipped to the reference face's side planes (Sutherland–Hodgman), as Box2D's
///   `b2CollidePolygons` (E. Catto, "Contact Manifolds", GDC 2007); two boxes take
///   `boxes` (Narrowphase+Boxes.swift), the same construction in the reference box's
///   own frame, where every face is an axis.
///
/// Separations are those of the skinned outlines; a point is kept only when it is
/// ≤ `speculativeDistance` (0 by default: only when the cores are within the combined
/// skin rA + rB). The soft step keeps points up to 2 pt apart, as Box2D v3 does, so
/// that a contact exists before the shapes touch and a resting one does not flicker.
public enum Narrowphase {
    /// The manifold between `shapeA` placed by `transformA` and `shapeB` by `transformB`;
    /// normal from A to B; points whose skinned separation is at most
    /// `speculativeDistance` (pt, ≥ 0).
    @inlinable public static func collide(
        _ shapeA: CollisionShape, _ transformA: CollisionTransform,
        _ shapeB: CollisionShape, _ transformB: CollisionTransform,
        speculativeDistance margin: Double = 0
    ) -> ContactManifold {
        shapeA.hull.withView { a in
            shapeB.hull.withView { b in collide(a, transformA, b, transformB, margin) }
        }
    }

    /// The manifold between two borrowed hulls (see `collide(_:_:_:_:speculativeDistance:)`).
    @inline(__always)
    @inlinable package static func collide(
        _ a: HullView, _ xfA: CollisionTransform, _ b: HullView, _ xfB: CollisionTransform, _ margin: Double
    ) -> ContactManifold {
        switch (a.count, b.count) {
        case (1, 1):
            return circles(a, xfA, b, xfB, margin)
        case (_, 1):
            return polygonAndCircle(a, xfA, b, xfB, margin)
        case (1, _):
            return polygonAndCircle(b, xfB, a, xfA, margin).swapped
        default:
            // Boxes (most pairs of a pile or stack) take the axis-aligned shortcut.
            if a.halfExtents.x > 0 && b.halfExtents.x > 0 { return boxes(a, xfA, b, xfB, margin) }
            return polygons(a, xfA, b, xfB, margin)
        }
    }

    /// `collide` of hulls `ka` and `kb` of a borrowed table, written into `m` in place:
    /// two boxes build their manifold there from the table's half extents and radii
    /// alone (no hull view is made for them), the other pairs assign the returned one.
    @inline(__always)
    @inlinable package static func collide(
        _ hulls: HullTable.Borrowed, _ ka: Int, _ xfA: CollisionTransform, _ kb: Int, _ xfB: CollisionTransform,
        _ margin: Double, into m: inout ContactManifold
    ) {
        let ha = hulls.halfExtents[ka], hb = hulls.halfExtents[kb]
        if ha.x > 0 && hb.x > 0 {
            boxes(placing: xfA, xfB, BoxHull(halfExtents: ha, radius: hulls.radius[ka]),
                  BoxHull(halfExtents: hb, radius: hulls.radius[kb]), margin, into: &m)
        } else {
            m = collide(hulls[ka], xfA, hulls[kb], xfB, margin)
        }
    }

    /// Builds a point from a point `core` on the incident (B) core outline, the
    /// reference plane through `planePoint` with normal `normal` (from A to B), and the
    /// radii: the surfaces are cA = core + (rA − (core − planePoint)·n)·n on A's skin
    /// and cB = core − rB·n on B's; the point sits midway, the separation is (cB − cA)·n.
    @inline(__always)
    @inlinable package static func point(
        core: SIMD2<Double>, planePoint: SIMD2<Double>, normal: SIMD2<Double>,
        radiusA: Double, radiusB: Double, feature: ContactFeature, localPoint: SIMD2<Double>
    ) -> ManifoldPoint {
        let depth = Planar.dot(core - planePoint, normal)
        let cA = core + (radiusA - depth) * normal
        let cB = core - radiusB * normal
        return ManifoldPoint(
            position: (cA + cB) / 2, separation: depth - radiusA - radiusB, feature: feature, localPoint: localPoint)
    }

    /// Two discs (or any two one-point hulls).
    @inlinable package static func circles(
        _ a: HullView, _ xfA: CollisionTransform, _ b: HullView, _ xfB: CollisionTransform,
        _ margin: Double = 0
    ) -> ContactManifold {
        let pA = xfA.apply(a.vertices[0]), pB = xfB.apply(b.vertices[0])
        let d = pB - pA
        let distance = Planar.length(d)
        var m = ContactManifold()
        guard distance <= a.radius + b.radius + margin else { return m }
        // Concentric discs have no preferred direction; +y (down the screen) is as good as any.
        let normal = distance > 1e-12 ? d / distance : SIMD2(0, 1)
        m.normal = normal
        m.kind = .circles
        m.localPoint = a.vertices[0]
        m.radiusA = a.radius
        m.radiusB = b.radius
        m.append(point(
            core: pB, planePoint: pA, normal: normal, radiusA: a.radius, radiusB: b.radius,
            feature: ContactFeature(indexA: 0, kindA: .vertex, indexB: 0, kindB: .vertex), localPoint: b.vertices[0]))
        return m
    }

    /// A polygon (or edge) A against a one-point hull B.
    @inlinable package static func polygonAndCircle(
        _ a: HullView, _ xfA: CollisionTransform, _ b: HullView, _ xfB: CollisionTransform,
        _ margin: Double = 0
    ) -> ContactManifold {
        var m = ContactManifold()
        let total = a.radius + b.radius
        let reach = total + margin
        // The circle's centre in A's frame.
        let c = xfA.inverseApply(xfB.apply(b.vertices[0]))
        let n = a.count
        var best = 0, separation = -Double.infinity
        for i in 0..<n {
            let s = Planar.dot(a.normals[i], c - a.vertices[i])
            if s > reach { return m }
            if s > separation { separation = s; best = i }
        }
        let v1 = a.vertices[best], v2 = a.vertices[(best + 1) % n]
        let u1 = Planar.dot(c - v1, v2 - v1), u2 = Planar.dot(c - v2, v1 - v2)
        let localNormal: SIMD2<Double>, closest: SIMD2<Double>, feature: ContactFeature
        if separation > 1e-12 && u1 <= 0 {
            // Vertex region of v1.
            guard Planar.distance(c, v1) <= reach else { return m }
            localNormal = Planar.normalize(c - v1)
            closest = v1
            feature = ContactFeature(indexA: best, kindA: .vertex, indexB: 0, kindB: .vertex)
        } else if separation > 1e-12 && u2 <= 0 {
            let i2 = (best + 1) % n
            guard Planar.distance(c, v2) <= reach else { return m }
            localNormal = Planar.normalize(c - v2)
            closest = v2
            feature = ContactFeature(indexA: i2, kindA: .vertex, indexB: 0, kindB: .vertex)
        } else {
            // Face region, or the centre inside the core: push out along the face normal.
            localNormal = a.normals[best]
            closest = c - separation * localNormal
            feature = ContactFeature(indexA: best, kindA: .face, indexB: 0, kindB: .vertex)
        }
        let normal = xfA.rotate(localNormal)
        m.normal = normal
        // A vertex region anchors point to point, a face region to the face.
        m.kind = feature.kindA == .vertex ? .circles : .faceA
        m.localNormal = localNormal
        m.localPoint = closest
        if m.kind == .faceA { m.localPoint = v1 }
        m.radiusA = a.radius
        m.radiusB = b.radius
        m.append(point(
            core: xfA.apply(c), planePoint: xfA.apply(closest), normal: normal,
            radiusA: a.radius, radiusB: b.radius, feature: feature, localPoint: b.vertices[0]))
        return m
    }

    /// The largest separation of `poly2`'s core from a face of `poly1`'s core, and that
    /// face: maxᵢ minⱼ nᵢ·(v₂ⱼ − v₁ᵢ), all in poly2's frame.
    @inlinable package static func maxSeparation(
        _ poly1: HullView, _ xf1: CollisionTransform, _ poly2: HullView, _ xf2: CollisionTransform
    ) -> (edge: Int, separation: Double) {
        if poly1.count == 4 && poly2.count == 4 { return maxSeparationOfBoxes(poly1, xf1, poly2, xf2) }
        var bestEdge = 0, best = -Double.infinity
        for i in 0..<poly1.count {
            let s = separation(of: poly1, xf1, face: i, from: poly2, xf2)
            if s > best { best = s; bestEdge = i }
        }
        return (bestEdge, best)
    }

    /// `maxSeparation` for two four-vertex hulls (the boxes `boxes` does not take: turned
    /// or off-centre ones, and other quadrilaterals), with poly1's four faces in the
    /// four lanes of SIMD4 vectors. Each lane performs the scalar routine's operations
    /// in the same order (products and sums rounded one by one, no fused multiply-adds;
    /// the running minimum replaced only by a smaller value, as `min` does), so the
    /// result is the same to the last bit.
    @inline(__always)
    @inlinable package static func maxSeparationOfBoxes(
        _ poly1: HullView, _ xf1: CollisionTransform, _ poly2: HullView, _ xf2: CollisionTransform
    ) -> (edge: Int, separation: Double) {
        typealias Lanes = SIMD4<Double>
        let n = poly1.normals, v = poly1.vertices
        let nx = Lanes(n[0].x, n[1].x, n[2].x, n[3].x), ny = Lanes(n[0].y, n[1].y, n[2].y, n[3].y)
        let vx = Lanes(v[0].x, v[1].x, v[2].x, v[3].x), vy = Lanes(v[0].y, v[1].y, v[2].y, v[3].y)
        let c1 = xf1.cosine, s1 = xf1.sine, c2 = xf2.cosine, s2 = xf2.sine
        // Faces in poly2's frame: normal = R₂ᵀ·R₁·n, v1 = R₂ᵀ·(p₁ + R₁·v − p₂).
        let rx = c1 * nx - s1 * ny, ry = s1 * nx + c1 * ny
        let normalX = c2 * rx + s2 * ry, normalY = -s2 * rx + c2 * ry
        let qx = xf1.position.x + (c1 * vx - s1 * vy) - xf2.position.x
        let qy = xf1.position.y + (s1 * vx + c1 * vy) - xf2.position.y
        let v1x = c2 * qx + s2 * qy, v1y = -s2 * qx + c2 * qy
        var s = Lanes(repeating: .infinity)
        for w in poly2.vertices {
            let d = normalX * (w.x - v1x) + normalY * (w.y - v1y)
            s.replace(with: d, where: d .< s)
        }
        var bestEdge = 0, best = -Double.infinity
        for i in 0..<4 where s[i] > best {
            best = s[i]
            bestEdge = i
        }
        return (bestEdge, best)
    }

    /// `maxSeparation` both ways for a pair in which one hull is an edge (two points, faces
    /// n and −n): the edge collides only from the side its partner's centre is on, its
    /// front (Box2D 2.3's edge collider, `b2EPCollider`'s `m_front`). Its own axis is the
    /// front normal alone, and of the partner's faces only those that face the front —
    /// world normal n with n·front ≤ sin 2° (b2_angularSlop) — may be the reference: a
    /// face turned away from the edge would push the partner out through the back. With
    /// both sides open, a body sunk more than half into a boundary edge was pushed out of
    /// the bounds.
    @inline(never)
    @usableFromInline package static func edgeSeparations(
        _ a: HullView, _ xfA: CollisionTransform, _ b: HullView, _ xfB: CollisionTransform
    ) -> (edgeA: Int, separationA: Double, edgeB: Int, separationB: Double) {
        let aIsEdge = a.count == 2
        let (edge, xfEdge, other, xfOther) = aIsEdge ? (a, xfA, b, xfB) : (b, xfB, a, xfA)
        // The edge's face whose normal points to the partner's centre (face 0 when the
        // centre is on the line).
        let n0 = xfEdge.rotate(edge.normals[0])
        let toCentre = xfOther.position - xfEdge.apply(edge.vertices[0])
        let frontFace = Planar.dot(n0, toCentre) >= 0 ? 0 : 1
        let front = frontFace == 0 ? n0 : xfEdge.rotate(edge.normals[1])
        let edgeSeparation = separation(of: edge, xfEdge, face: frontFace, from: other, xfOther)
        let limit = 0.034899496702500969  // sin 2°
        var otherFace = 0, otherSeparation = -Double.infinity
        for i in 0..<other.count where Planar.dot(xfOther.rotate(other.normals[i]), front) <= limit {
            let s = separation(of: other, xfOther, face: i, from: edge, xfEdge)
            if s > otherSeparation { otherSeparation = s; otherFace = i }
        }
        return aIsEdge
            ? (frontFace, edgeSeparation, otherFace, otherSeparation)
            : (otherFace, otherSeparation, frontFace, edgeSeparation)
    }

    /// minⱼ n·(v₂ⱼ − v₁) for face `face` of `poly1` (normal n, first vertex v₁) against
    /// `poly2`'s vertices, with face i expressed in poly2's frame: one term of `maxSeparation`.
    @inlinable @inline(__always)
    package static func separation(
        of poly1: HullView, _ xf1: CollisionTransform, face i: Int, from poly2: HullView, _ xf2: CollisionTransform
    ) -> Double {
        let normal = xf2.inverseRotate(xf1.rotate(poly1.normals[i]))
        let v1 = xf2.inverseApply(xf1.apply(poly1.vertices[i]))
        var s = Double.infinity
        for v2 in poly2.vertices { s = min(s, Planar.dot(normal, v2 - v1)) }
        return s
    }

    /// Two polygons (or edges): separating axis, reference/incident faces, clipping.
    @inline(__always)
    @inlinable package static func polygons(
        _ a: HullView, _ xfA: CollisionTransform, _ b: HullView, _ xfB: CollisionTransform,
        _ margin: Double = 0
    ) -> ContactManifold {
        var m = ContactManifold()
        let total = a.radius + b.radius
        let edgeA: Int, separationA: Double, edgeB: Int, separationB: Double
        if a.count == 2 || b.count == 2 {
            (edgeA, separationA, edgeB, separationB) = edgeSeparations(a, xfA, b, xfB)
        } else {
            (edgeA, separationA) = maxSeparation(a, xfA, b, xfB)
            (edgeB, separationB) = maxSeparation(b, xfB, a, xfA)
        }
        if separationA > total + margin || separationB > total + margin { return m }

        // Prefer A's face unless B's is clearly better (0.1·slop), so that nearly equal
        // separations do not swap the reference face from one step to the next.
        let flip = separationB > separationA + 0.1 * CollisionParameters.linearSlop
        let poly1 = flip ? b : a, xf1 = flip ? xfB : xfA, edge1 = flip ? edgeB : edgeA
        let poly2 = flip ? a : b, xf2 = flip ? xfA : xfB

        // Incident face: the face of poly2 whose normal is most anti-parallel to the
        // reference normal.
        let refNormalIn2 = xf2.inverseRotate(xf1.rotate(poly1.normals[edge1]))
        var incident = 0, minDot = Double.infinity
        for i in 0..<poly2.count {
            let d = Planar.dot(refNormalIn2, poly2.normals[i])
            if d < minDot { minDot = d; incident = i }
        }
        let n2 = poly2.count
        let i1 = incident, i2 = incident + 1 == n2 ? 0 : incident + 1
        var clip = ClipPair(
            (xf2.apply(poly2.vertices[i1]), ContactFeature(indexA: edge1, kindA: .face, indexB: i1, kindB: .vertex)),
            (xf2.apply(poly2.vertices[i2]), ContactFeature(indexA: edge1, kindA: .face, indexB: i2, kindB: .vertex)))

        let n1 = poly1.count
        let edge2 = edge1 + 1 == n1 ? 0 : edge1 + 1
        let v11 = xf1.apply(poly1.vertices[edge1]), v12 = xf1.apply(poly1.vertices[edge2])
        let tangent = Planar.normalize(v12 - v11)
        let normal = Planar.cross(tangent, 1.0)
        // Side planes through the reference face's ends, widened by the skins so that
        // rounded corners still count.
        let sideOffset1 = -Planar.dot(tangent, v11) + total
        let sideOffset2 = Planar.dot(tangent, v12) + total
        guard clip.clip(normal: -tangent, offset: sideOffset1, vertexIndex: edge1),
              clip.clip(normal: tangent, offset: sideOffset2, vertexIndex: edge2)
        else { return m }

        m.normal = flip ? -normal : normal
        m.kind = flip ? .faceB : .faceA
        m.localNormal = poly1.normals[edge1]
        m.localPoint = poly1.vertices[edge1]
        m.radiusA = a.radius
        m.radiusB = b.radius
        // The two clip points in order (not a two-element array: no allocation per manifold).
        for k in 0..<2 {
            let (core, feature) = k == 0 ? clip.first : clip.second
            let p = point(
                core: core, planePoint: v11, normal: normal,
                radiusA: poly1.radius, radiusB: poly2.radius, feature: flip ? feature.swapped : feature,
                localPoint: xf2.inverseApply(core))
            if p.separation <= margin { m.append(p) }
        }
        if m.pointCount == 0 { m.normal = .zero }
        return m
    }

    /// Two clip points with their features, clipped in place.
    @usableFromInline package struct ClipPair {
        @usableFromInline package var first: (SIMD2<Double>, ContactFeature)
        @usableFromInline package var second: (SIMD2<Double>, ContactFeature)

        @inlinable package init(_ first: (SIMD2<Double>, ContactFeature), _ second: (SIMD2<Double>, ContactFeature)) {
            self.first = first
            self.second = second
        }

        /// Sutherland–Hodgman clipping of the segment to the half-plane
        /// normal·p ≤ offset; false when fewer than two points remain. A point created on
        /// the clip line takes the reference polygon's vertex `vertexIndex` as its feature
        /// on A and the incident face on B.
        @inline(__always)
        @inlinable package mutating func clip(normal: SIMD2<Double>, offset: Double, vertexIndex: Int) -> Bool {
            let d0 = Planar.dot(normal, first.0) - offset
            let d1 = Planar.dot(normal, second.0) - offset
            if d0 <= 0 && d1 <= 0 { return true }
            guard d0 * d1 < 0 else { return false }
            let t = d0 / (d0 - d1)
            let p = first.0 + t * (second.0 - first.0)
            let made = (p, ContactFeature(indexA: vertexIndex, kindA: .vertex, indexB: first.1.indexB, kindB: .face))
            // Keep the inside point in its place, the new one replaces the outside point.
            if d0 <= 0 { second = made } else { first = second; second = made }
            return true
        }
    }
}
