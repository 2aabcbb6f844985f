import Hooke

/// Box2D v3's "many pyramids" benchmark scene (`CreateManyPyramids` in Box2D's
/// `shared/benchmarks.c`, rebuilt in `Benchmarks/peers/box2d_pyramid.c`) in points
/// (1 m = 100 pt, y down), the one builder the benchmark (`hooke-bench --scenario
/// many-pyramids`) and the tests share.
///
/// Box2D's definition, in metres with y up: `gridRows` × `gridColumns` (20 × 20) pyramids
/// of `rowsPerPyramid` (10) rows of 1 m boxes, 55 boxes each, 22 000 in all. Pyramids
/// stand `pitch` = 11 m apart (a base of 10 boxes plus one box of space); the pyramids of
/// grid row g stand on a ground segment at y = 11·g m from x = −110 m to 110 m, so each
/// shelf is 11 m above the one below and one pyramid plus one box of headroom separates
/// them. The bottom-left box of the pyramid in grid row g, column c is centred at
/// (−110 + 1 + 11·c, 11·g + 0.5) m; in row r of a pyramid box k is centred r/2 + k m right
/// of it and r m above it. Boxes are created shelf by shelf, pyramid by pyramid from the
/// left, each pyramid bottom row first and left to right, as Box2D creates them.
///
/// Here: the shelves are the same segments in points — boundaries of the scene's one
/// collision behaviour at y = −1100·g pt, from x = −11 000 to 11 000 pt (Box2D's ground is
/// one static body holding the 20 segments; a boundary is Hooke's static edge) — and every
/// pyramid is centred where Box2D's is, x = −10 450 + 1100·c pt. Inside a pyramid the boxes
/// follow `PyramidScene`'s convention: Hooke's boxes and edges carry a 1 pt skin where
/// Box2D's polygons and segments have none, so neighbouring 100 pt boxes stand `gap`
/// (2 pt) apart and the bottom row `gap` above its shelf, so that skins just touch; a
/// pyramid is 1018 pt wide and 1018 pt tall where Box2D's is 1000 by 1000, its top
/// 1020 pt above its shelf, and box k of row r is centred (k − (9 − r)/2)·102 pt from its
/// pyramid's centre and 52 + 102·r pt above its shelf. The 80 pt left between a
/// pyramid's top and the shelf above, and 82 pt between neighbouring pyramids, keep the
/// pyramids apart as Box2D's 1 m does.
///
/// Materials are Box2D's defaults: friction 0.6 on boxes and shelves (mixed as
/// √(0.6·0.6) = 0.6 in both engines), restitution 0, density 1 (a 1 kg box). The
/// boxes have no velocity damping (`resistance` 0), as Box2D's bodies have none.
///
/// What still differs from Box2D's run, besides the skins and the 2% wider pyramids
/// above (Docs/benchmarks.md, "Box2D v3 in the same run", has each in full): precision —
/// Box2D is `float` throughout, Hooke solves contacts in `Float` and keeps positions and
/// velocities in `Double`; the timing window — the benchmark times every one of the 200
/// steps of each pass, median of 5 passes after a warm-up, where Box2D's own benchmark
/// takes its fastest run and leaves out the first step; and the version — the layout
/// follows the current `shared/benchmarks.c`, the Box2D measured beside it is the 3.1.1
/// of PyPI's pyb2d3 wheel, built for SSE2.
public struct ManyPyramidsScene: Sendable {
    /// Rows of pyramids, one shelf each (Box2D: 20; 5 in its debug build).
    public var gridRows: Int
    /// Pyramids on each shelf (Box2D: 20; 5 in its debug build).
    public var gridColumns: Int
    /// Rows of boxes in one pyramid (Box2D's `baseCount`, 10).
    public var rowsPerPyramid: Int
    /// Side of every box, points (Box2D's 1 m).
    public var side: Double
    /// Space between neighbouring boxes' outlines, and between the bottom row and its
    /// shelf, points: two 1 pt skins (see the type's comment).
    public var gap: Double
    /// Every box's material.
    public var boxProperties: ItemProperties
    /// Coulomb friction of the shelves.
    public var shelfFriction: Double
    /// Restitution of the shelves.
    public var shelfElasticity: Double

    /// Box2D's scene: 20 × 20 pyramids of 10 rows of 100 pt boxes, by default.
    public init(gridRows: Int = 20, gridColumns: Int = 20, rowsPerPyramid: Int = 10, side: Double = 100,
                gap: Double = 2,
                boxProperties: ItemProperties = ItemProperties(elasticity: 0, friction: 0.6, resistance: 0,
                                                               angularResistance: 0),
                shelfFriction: Double = 0.6, shelfElasticity: Double = 0) {
        self.gridRows = gridRows
        self.gridColumns = gridColumns
        self.rowsPerPyramid = rowsPerPyramid
        self.side = side
        self.gap = gap
        self.boxProperties = boxProperties
        self.shelfFriction = shelfFriction
        self.shelfElasticity = shelfElasticity
    }

    /// Boxes in one pyramid.
    public var boxesPerPyramid: Int { rowsPerPyramid * (rowsPerPyramid + 1) / 2 }

    /// Boxes in the scene (22 000 in Box2D's).
    public var boxCount: Int { gridRows * gridColumns * boxesPerPyramid }

    /// Distance between neighbouring pyramids' centres and between neighbouring shelves,
    /// points: a pyramid's base plus one box, in Box2D's box side (1100 pt), not in the
    /// wider pitch of Hooke's gapped boxes, so that every pyramid and shelf stands where
    /// Box2D's does.
    public var pitch: Double { side * Double(rowsPerPyramid + 1) }

    /// Length of every shelf, points: one pitch per pyramid (22 000 pt in Box2D's scene).
    public var shelfLength: Double { pitch * Double(gridColumns) }

    /// The top of shelf `gridRow` (0 is the lowest), points, y down.
    public func shelfY(_ gridRow: Int) -> Double { -pitch * Double(gridRow) }

    /// The x of the centre of the pyramids in grid column `column`, points: Box2D's
    /// bottom-left box sits one box in from the shelf's left end plus `column` pitches, and
    /// the pyramid's centre (rowsPerPyramid − 1)/2 boxes right of that box.
    public func pyramidCenterX(_ column: Int) -> Double {
        -shelfLength / 2 + side + pitch * Double(column) + side * Double(rowsPerPyramid - 1) / 2
    }

    /// The centre each box is built at, in creation order (see the type's comment).
    public var boxCenters: [SIMD2<Double>] {
        var centers: [SIMD2<Double>] = []
        centers.reserveCapacity(boxCount)
        for gridRow in 0..<gridRows {
            for column in 0..<gridColumns {
                centers += PyramidScene.boxCenters(rows: rowsPerPyramid, side: side, gap: gap,
                                                   centerX: pyramidCenterX(column), groundTop: shelfY(gridRow))
            }
        }
        return centers
    }

    /// The shelves as boundaries, lowest first, each named "shelf g".
    public var shelves: [CollisionBehavior.Boundary] {
        (0..<gridRows).map { gridRow in
            let y = shelfY(gridRow)
            return CollisionBehavior.Boundary(
                identifier: "shelf \(gridRow)",
                shape: .segment(from: SIMD2(-shelfLength / 2, y), to: SIMD2(shelfLength / 2, y)),
                elasticity: shelfElasticity, friction: shelfFriction)
        }
    }

    /// The scene built into `world`: the boxes in creation order with the centre each was
    /// built at, one collision behaviour holding the boxes and the shelves, and gravity on
    /// the boxes.
    public func build(into world: inout World) throws -> (boxes: [BodyHandle], start: [SIMD2<Double>]) {
        let start = boxCenters
        var boxes: [BodyHandle] = []
        boxes.reserveCapacity(start.count)
        for center in start {
            boxes.append(try world.createBody(BodyDefinition(
                shape: .rectangle(width: side, height: side), center: center, properties: boxProperties)))
        }
        try world.addBehavior(CollisionBehavior(items: boxes, boundaries: shelves))
        try world.addBehavior(GravityBehavior(items: boxes))
        return (boxes, start)
    }
}
