import Hooke

/// Box2D's "large pyramid" benchmark scene in points (1 m = 100 pt), the one builder the
/// benchmark (`hooke-bench --scenario pyramid`), the golden hashes and the tests share:
/// `rows` rows of square boxes, row r holding rows − r of them, on an anchored ground
/// whose top is y = 0, centred on x = 0; neighbouring boxes stand `gap` apart (2 pt: their
/// 1 pt skins just touch), the bottom row `gap` above the ground. One collision behaviour
/// holds the ground and the boxes, and gravity acts on the boxes.
public struct PyramidScene: Sendable {
    /// Rows of boxes (rows·(rows + 1)/2 boxes).
    public var rows: Int
    /// Side of every box, points.
    public var side: Double
    /// Width and height of the ground, points.
    public var groundSize: SIMD2<Double>
    /// The ground's material (anchored whatever this says).
    public var groundProperties: ItemProperties
    /// Every box's material.
    public var boxProperties: ItemProperties
    /// Space between neighbouring boxes' outlines, points.
    public var gap: Double = 2

    public init(rows: Int, side: Double, groundSize: SIMD2<Double>,
                groundProperties: ItemProperties = ItemProperties(), boxProperties: ItemProperties = ItemProperties()) {
        self.rows = rows
        self.side = side
        self.groundSize = groundSize
        self.groundProperties = groundProperties
        self.boxProperties = boxProperties
    }

    /// The scene built into `world`: the ground, the boxes bottom row first and left to
    /// right, and the centre each box was built at.
    public func build(into world: inout World) throws
        -> (ground: BodyHandle, boxes: [BodyHandle], start: [SIMD2<Double>]) {
        var ground = groundProperties
        ground.isAnchored = true
        let groundBody = try world.createBody(BodyDefinition(
            shape: .rectangle(width: groundSize.x, height: groundSize.y), center: SIMD2(0, groundSize.y / 2),
            properties: ground))
        let start = Self.boxCenters(rows: rows, side: side, gap: gap)
        var boxes: [BodyHandle] = []
        boxes.reserveCapacity(start.count)
        for center in start {
            boxes.append(try world.createBody(BodyDefinition(
                shape: .rectangle(width: side, height: side), center: center, properties: boxProperties)))
        }
        try world.addBehavior(CollisionBehavior(items: [groundBody] + boxes))
        try world.addBehavior(GravityBehavior(items: boxes))
        return (groundBody, boxes, start)
    }

    /// The centres of one pyramid's boxes, bottom row first and left to right: `rows`
    /// rows of `side` boxes, `gap` apart, the bottom row `gap` above a ground whose top
    /// is y = `groundTop` (y down), centred on x = `centerX`. `ManyPyramidsScene` lays
    /// out each of its pyramids with it. With both offsets 0 the sums below are exact, so
    /// the large pyramid, and the golden hashes built on it, are bit for bit what they
    /// were before the offsets existed.
    public static func boxCenters(rows: Int, side: Double, gap: Double, centerX: Double = 0, groundTop: Double = 0)
        -> [SIMD2<Double>] {
        var centers: [SIMD2<Double>] = []
        centers.reserveCapacity(rows * (rows + 1) / 2)
        for row in 0..<rows {
            let count = rows - row
            let y = groundTop + (-(gap + side / 2) - Double(row) * (side + gap))
            for k in 0..<count {
                centers.append(SIMD2(centerX + (Double(k) - Double(count - 1) / 2) * (side + gap), y))
            }
        }
        return centers
    }
}
