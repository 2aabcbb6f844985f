import HookeCore

extension CollisionShape {
    /// The same outline with every point p moved to `transform.apply(p)`: a part of a
    /// compound body placed in the body's frame. Area and polar moment about the centroid
    /// are unchanged by a rigid motion; the centroid moves with the outline. Rotating a
    /// polygon's vertices and normals keeps it convex and counter-clockwise, so nothing is
    /// validated again.
    public func transformed(by transform: CollisionTransform) -> CollisionShape {
        let mass = MassProperties(area: massProperties.area, centroid: transform.apply(massProperties.centroid),
                                  inertia: massProperties.inertia)
        let moved: Geometry
        switch geometry {
        case let .circle(center, r):
            moved = .circle(center: transform.apply(center), radius: r)
        case let .polygon(p):
            moved = .polygon(ConvexPolygon(unchecked: p.vertices.map(transform.apply), normals: p.normals.map(transform.rotate),
                                           radius: p.radius))
        case let .segment(s):
            // Two distinct finite points stay distinct under a rigid motion.
            moved = .segment(try! EdgeSegment(from: transform.apply(s.start), to: transform.apply(s.end), radius: s.radius))
        }
        return CollisionShape(geometry: moved, massProperties: mass)
    }
}
