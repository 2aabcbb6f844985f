import Hooke
import HookeScenes

/// The rigid-body scenes of `hooke-bench --scenario world`, `pyramid` and `many-pyramids`.
struct WorldBenchScene {
    var world: World
    var boxes: [BodyHandle]
    /// The box whose displacement measures stability (the pyramid's top box).
    var probe: BodyHandle
    var description: String

    /// `count` 20 pt boxes (seeded jitter of position and angle) on a grid above the
    /// floor of a walled box about twice as wide as the settled pile is tall, steps of
    /// 1/120 s with `solver` (UIKit's: 8 velocity and 3 position iterations), gravity
    /// 1000 pt/s².
    static func fallingBoxes(count: Int, solver: SolverMode) throws -> WorldBenchScene {
        var world = try World(configuration: WorldConfiguration(isProfiling: true, solver: solver))
        var generator = SeededGenerator(seed: 0x5EED_B0C5)
        let side = 20.0, pitch = 26.0
        let columns = max(4, Int((2 * Double(count)).squareRoot().rounded(.up)))
        let rows = (count + columns - 1) / columns
        let width = Double(columns) * pitch + 20
        let height = Double(rows) * pitch + 200
        world.referenceBounds = WorldRect(x: 0, y: 0, width: width, height: height)
        var boxes: [BodyHandle] = []
        for k in 0..<count {
            let column = k % columns, row = k / columns
            let center = SIMD2(10 + pitch * (Double(column) + 0.5) + generator.uniform(-2...2),
                               height - 40 - pitch * (Double(row) + 0.5) + generator.uniform(-2...2))
            boxes.append(try world.createBody(BodyDefinition(
                shape: .rectangle(width: side, height: side), center: center, angle: generator.uniform(-0.3...0.3),
                properties: ItemProperties(friction: 0.6))))
        }
        try world.addBehavior(.collision(CollisionBehavior(items: boxes, translatesReferenceBoundsIntoBoundary: true)))
        try world.addBehavior(.gravity(GravityBehavior(items: boxes)))
        return WorldBenchScene(world: world, boxes: boxes, probe: boxes[count - 1],
                               description: "\(count) boxes of 20 pt into a \(Int(width)) × \(Int(height)) pt walled box")
    }

    /// Box2D v3's "large pyramid" benchmark in points (1 m = 100 pt): `rows` rows of
    /// 100 pt boxes (density 1 → 1 kg, friction 0.6) on an anchored ground, gravity
    /// 10 m/s² = 1000 pt/s², steps of 1/60 s with `velocityIterations` velocity and 3
    /// position iterations, sleeping off as in Box2D's benchmark. Boxes stand 2 pt apart so that their 1 pt skins just touch.
    static func pyramid(rows: Int, solver: SolverMode, velocityIterations: Int = 8) throws -> WorldBenchScene {
        var world = try World(configuration: WorldConfiguration(
            timestep: 1.0 / 60, velocityIterations: velocityIterations, positionIterations: 3, isProfiling: true,
            solver: solver, allowsSleeping: false))
        let side = 100.0
        let (_, boxes, _) = try PyramidScene(
            rows: rows, side: side, groundSize: SIMD2(Double(rows + 20) * 2 * side, 100),
            groundProperties: ItemProperties(friction: 0.6),
            boxProperties: ItemProperties(friction: 0.6, resistance: 0, angularResistance: 0)).build(into: &world)
        return WorldBenchScene(world: world, boxes: boxes, probe: boxes[boxes.count - 1],
                               description: "pyramid of \(rows) rows (\(boxes.count) boxes of 100 pt), h = 1/60 s, "
                                   + "\(velocityIterations) velocity + 3 position iterations")
    }

    /// Box2D v3's "many pyramids" benchmark in points (`ManyPyramidsScene`): a `grid` ×
    /// `grid` array of 10-row pyramids (Box2D: 20 × 20, 22 000 boxes), each row of them on
    /// its own shelf, with the world set up as for `pyramid`: steps of 1/60 s, gravity
    /// 1000 pt/s², sleeping off as in Box2D's benchmark. The probe is the last box made
    /// (the top box of the top-right pyramid), as in `Benchmarks/peers/box2d_pyramid.c`.
    static func manyPyramids(grid: Int, solver: SolverMode, velocityIterations: Int = 8) throws -> WorldBenchScene {
        var world = try World(configuration: WorldConfiguration(
            timestep: 1.0 / 60, velocityIterations: velocityIterations, positionIterations: 3, isProfiling: true,
            solver: solver, allowsSleeping: false))
        let scene = ManyPyramidsScene(gridRows: grid, gridColumns: grid)
        let (boxes, _) = try scene.build(into: &world)
        return WorldBenchScene(world: world, boxes: boxes, probe: boxes[boxes.count - 1],
                               description: "\(grid) × \(grid) pyramids of \(scene.rowsPerPyramid) rows "
                                   + "(\(boxes.count) boxes of 100 pt) on \(grid) shelves, h = 1/60 s")
    }
}
