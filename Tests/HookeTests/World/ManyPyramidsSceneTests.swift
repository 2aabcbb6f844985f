import XCTest
import Hooke
@testable import HookeWorld
import HookeScenes

/// `ManyPyramidsScene` against Box2D v3's published "many pyramids" benchmark scene
/// (`CreateManyPyramids` in Box2D's `shared/benchmarks.c`, rebuilt in
/// `Benchmarks/peers/box2d_pyramid.c`), and the scene standing when stepped as the
/// benchmark steps it. Correctness only: `hooke-bench --scenario many-pyramids` times it.
///
/// Box2D's definition, metres, y up: extent 0.5 (1 m boxes), baseCount 10, 20 × 20
/// pyramids; groundDeltaY = 2·0.5·(10 + 1) = 11, groundWidth = 2·0.5·20·11 = 220; shelf i
/// is the segment from (−110, 11·i) to (110, 11·i); the pyramid in shelf row i, column j
/// has centerX = −110 + 11·j + 1 and baseY = 11·i, and its box (row r, j′ = r…9) is at
/// x = (r + 1)·0.5 + (j′ − r) + centerX − 0.5, y = (2r + 1)·0.5 + baseY.
///
/// In Hooke (points, 100 pt = 1 m, y down) each pyramid is centred where Box2D's is, its
/// boxes spread by the 2 pt gaps that let the 1 pt skins just touch (`PyramidScene`): a
/// box Box2D places d metres right of its pyramid's centre and h metres above its shelf
/// is 102·d pt right and 2 + 102·(h − 0.5) + 50 pt above in Hooke.
final class ManyPyramidsSceneTests: XCTestCase {
    /// A box of the grid, by shelf row, column, row in its pyramid and place in that row.
    private struct Box {
        var gridRow: Int, column: Int, row: Int, place: Int

        /// Its index in creation order: 55 boxes per pyramid, 20 pyramids per shelf, and
        /// 10, 9, 8, … boxes in the rows below its own.
        var index: Int { (gridRow * 20 + column) * 55 + (0..<row).reduce(0) { $0 + 10 - $1 } + place }
    }

    func testTheSceneHasBox2DsCountsAndShelves() {
        let scene = ManyPyramidsScene()
        XCTAssertEqual(scene.boxesPerPyramid, 55)
        XCTAssertEqual(scene.boxCount, 20 * 20 * 55)
        XCTAssertEqual(scene.boxCount, 22_000)
        XCTAssertEqual(scene.boxCenters.count, 22_000)
        // Box2D: 20 segments from x = −110 m to 110 m, 11 m apart from y = 0.
        let shelves = scene.shelves
        XCTAssertEqual(shelves.count, 20)
        for (i, shelf) in shelves.enumerated() {
            XCTAssertEqual(shelf.shape, .segment(from: SIMD2(-11_000, -1100 * Double(i)),
                                                 to: SIMD2(11_000, -1100 * Double(i))), "shelf \(i)")
            XCTAssertEqual(shelf.friction, 0.6)
            XCTAssertEqual(shelf.elasticity, 0)
        }
        XCTAssertEqual(scene.boxProperties.friction, 0.6)
        XCTAssertEqual(scene.boxProperties.density, 1)
    }

    /// Boxes whose centres were worked out by hand from Box2D's definition (the type's
    /// comment), first in metres as Box2D places them, then in Hooke's points.
    func testBoxesStandWhereBox2DPutsThemWithTheSkinGaps() {
        let centers = ManyPyramidsScene().boxCenters
        let cases: [(box: Box, box2D: SIMD2<Double>, hooke: SIMD2<Double>)] = [
            // The first box: shelf 0, pyramid 0, bottom row, left. centerX = −109; x = 0.5 + 0 − 109 − 0.5
            // = −109 m, y = 0.5 m. Its pyramid's centre is −109 + 4.5 = −104.5 m (−10 450 pt); the box is
            // 4.5 boxes left of it: −10 450 − 4.5·102 = −10 909 pt, and 2 + 50 pt above the shelf.
            (Box(gridRow: 0, column: 0, row: 0, place: 0), SIMD2(-109, 0.5), SIMD2(-10_909, -52)),
            // The top of that pyramid (index 54): row 9, j′ = 9: x = 5 + 0 − 109 − 0.5 = −104.5 m,
            // y = 9.5 m. Hooke: on the pyramid's centre, 2 + 50 + 9·102 = 970 pt above the shelf.
            (Box(gridRow: 0, column: 0, row: 9, place: 0), SIMD2(-104.5, 9.5), SIMD2(-10_450, -970)),
            // Shelf 3, column 7, row 2, place 4 (j′ = 6): centerX = −110 + 77 + 1 = −32,
            // x = 1.5 + 4 − 32 − 0.5 = −27 m, y = 2.5 + 33 = 35.5 m. Its pyramid's centre is
            // −32 + 4.5 = −27.5 m (−2750 pt); the box is 0.5 box right of it: −2750 + 51 = −2699 pt;
            // 2 + 50 + 2·102 = 256 pt above the shelf at −3300 pt.
            (Box(gridRow: 3, column: 7, row: 2, place: 4), SIMD2(-27, 35.5), SIMD2(-2699, -3556)),
            // The last box (index 21 999, Box2D's and box2d_pyramid.c's probe): shelf 19, column 19,
            // top. centerX = −110 + 209 + 1 = 100, x = 5 + 100 − 0.5 = 104.5 m, y = 9.5 + 209 = 218.5 m;
            // in Hooke 10 450 pt, 970 pt above the shelf at −20 900 pt.
            (Box(gridRow: 19, column: 19, row: 9, place: 0), SIMD2(104.5, 218.5), SIMD2(10_450, -21_870)),
            // Shelf 19, column 19, bottom right: x = 0.5 + 9 + 100 − 0.5 = 109 m (1 m in from the
            // shelf's end, as the first box is), y = 209.5 m.
            (Box(gridRow: 19, column: 19, row: 0, place: 9), SIMD2(109, 209.5), SIMD2(10_909, -20_952)),
        ]
        XCTAssertEqual(cases[3].box.index, 21_999)
        for (box, box2D, hooke) in cases {
            // Box2D's placement in points, y down: its pyramid's centre, then the offsets.
            let pyramidCenter = SIMD2(-10_450 + 1100 * Double(box.column), -1100 * Double(box.gridRow))
            let box2DPoints = SIMD2(100 * box2D.x, -100 * box2D.y)
            let offset = box2DPoints - pyramidCenter
            XCTAssertEqual(hooke.x, pyramidCenter.x + 1.02 * offset.x, accuracy: 1e-9, "\(box)")
            XCTAssertEqual(hooke.y, pyramidCenter.y - (2 + 102 * (-offset.y / 100 - 0.5) + 50), accuracy: 1e-9, "\(box)")
            XCTAssertEqual(centers[box.index], hooke, "\(box)")
        }
    }

    /// Every box is built where `boxCenters` says, 100 pt square, in creation order, with
    /// the shelves in its one collision behaviour.
    func testBuildPlacesEveryBox() throws {
        let scene = ManyPyramidsScene(gridRows: 2, gridColumns: 3)
        var world = try World()
        let (boxes, start) = try scene.build(into: &world)
        XCTAssertEqual(boxes.count, 2 * 3 * 55)
        XCTAssertEqual(start, scene.boxCenters)
        for (h, c) in zip(boxes, start) {
            XCTAssertEqual(world.body(h).center, c)
            XCTAssertEqual(world.body(h).shape, .rectangle(width: 100, height: 100))
        }
    }

    /// The skin gaps keep Box2D's contact structure: every box touches its neighbours in
    /// its row, the two boxes under it or its shelf, 45 + 90 + 10 = 145 touching contacts
    /// per 10-row pyramid, the 58 000 that Box2D 3.1.1 counts in its 22 000-box scene
    /// (`box2d_pyramid --scene many_pyramids`, field `contacts`).
    func testEveryPyramidHasBox2DsContacts() throws {
        let scene = ManyPyramidsScene(gridRows: 2, gridColumns: 2)
        var world = try World(configuration: WorldConfiguration(
            timestep: 1.0 / 60, solver: .softStep(substeps: 4), allowsSleeping: false))
        _ = try scene.build(into: &world)
        world.step()
        world.step()
        let touching = world.contacts.contacts.filter { $0.manifold.pointCount > 0 }.count
        XCTAssertEqual(touching, 4 * 145)
    }

    /// Stepped as the benchmark steps it (soft step, 4 substeps, 1/60 s, sleeping off) for
    /// two seconds, a 3 × 3 grid of the scene's pyramids stands: no box falls through its
    /// shelf or off it, none moves 1 pt sideways (a toppling pyramid moves its boxes by tens
    /// of points), and the top boxes sink only by the soft contacts' deflection.
    func testAGridOfPyramidsStandsUnderTheSoftStep() throws {
        let scene = ManyPyramidsScene(gridRows: 3, gridColumns: 3)
        var world = try World(configuration: WorldConfiguration(
            timestep: 1.0 / 60, solver: .softStep(substeps: 4), allowsSleeping: false))
        let (boxes, start) = try scene.build(into: &world)
        for _ in 0..<120 { world.step() }
        var sideways = 0.0, sink = 0.0
        for (i, (h, c)) in zip(boxes, start).enumerated() {
            let body = world.body(h)
            XCTAssertTrue(body.center.x.isFinite && body.center.y.isFinite, "box \(i)")
            let shelf = scene.shelfY(i / (3 * 55))
            // Above its own shelf: its bottom edge (y down) at most a few points into it.
            XCTAssertLessThan(body.center.y + 50, shelf + 1, "box \(i) went through its shelf")
            sideways = max(sideways, abs(body.center.x - c.x))
            sink = max(sink, body.center.y - c.y)
        }
        XCTAssertLessThan(sideways, 1)
        XCTAssertLessThan(sink, 20)
        XCTAssertFalse(world.isPaused, "sleeping is off: the boxes are stepped for ever")
    }
}
