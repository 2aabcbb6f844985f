import Hooke

/// The World calls an app makes per touch or per frame besides `step()`
/// (Docs/collisions.md, "Queries"; Docs/uikit-dynamics.md): a point query and a ray cast
/// over a settled pile, and a dragged attachment's anchor moved through
/// `update(_:_:)`. Each is O(log n + hits) or O(1) in the pile's size; a call that grows
/// with the World (a copy of the World in a closure cost 8 µs per query and 4 µs per
/// update) shows here as a cost that grows from one size to the next.
enum WorldCallTiming {
    /// A pile of `count` 20 pt boxes dropped into a box 40 boxes wide and settled for 2 s
    /// under the soft step (untimed), with one dragged attachment on its first box.
    private static func pile(count: Int) throws -> (World, [BodyHandle], TypedBehaviorHandle<AttachmentBehavior>) {
        let columns = 40, side = 20.0, pitch = 24.0
        var world = try World(configuration: WorldConfiguration(solver: .softStep(substeps: 4)))
        let rows = (count + columns - 1) / columns
        world.referenceBounds = WorldRect(x: 0, y: 0, width: Double(columns) * pitch, height: Double(rows + 2) * pitch)
        var boxes: [BodyHandle] = []
        for k in 0..<count {
            let center = SIMD2((Double(k % columns) + 0.5) * pitch, (Double(k / columns) + 0.5) * pitch)
            boxes.append(try world.createBody(BodyDefinition(shape: .rectangle(width: side, height: side), center: center)))
        }
        try world.addBehavior(.gravity(GravityBehavior(items: boxes)))
        try world.addBehavior(.collision(CollisionBehavior(items: boxes, mode: .everything,
                                                           translatesReferenceBoundsIntoBoundary: true)))
        for _ in 0..<240 { world.step() }
        let drag = try world.addBehavior(AttachmentBehavior(item: boxes[0], attachedToAnchor: world.body(boxes[0]).center))
        return (world, boxes, drag)
    }

    /// Per size: `bodies(at:)` at each box's centre (the checksum counts the boxes found
    /// under their own centres, so it must equal the calls), `castRay` across the pile at
    /// every box row, and `update(_:_:)` moving the drag's anchor.
    static func calls(sizes: [Int], repetitions: Int) throws -> [ComponentTiming] {
        var timings: [ComponentTiming] = []
        for count in sizes {
            var (world, boxes, drag) = try pile(count: count)
            let centers = boxes.map { world.body($0).center }
            var next = 0
            timings.append(.measure(group: "world point query, settled pile", variant: "bodies(at:)", items: count,
                                    calls: count, repetitions: repetitions) {
                defer { next = (next + 1) % count }
                return (try? world.bodies(at: centers[next]))?.contains(boxes[next]) == true ? 1 : 0
            })
            let width = world.referenceBounds!.size.x
            let heights = Set(centers.map { ($0.y / 4).rounded() * 4 }).sorted()
            var row = 0
            timings.append(.measure(group: "world ray cast, settled pile", variant: "castRay", items: count,
                                    calls: heights.count, repetitions: repetitions) {
                defer { row = (row + 1) % heights.count }
                let hits = (try? world.castRay(from: SIMD2(0, heights[row]), to: SIMD2(width, heights[row]))) ?? []
                return Double(hits.count)
            })
            let home = centers[0]
            var frame = 0
            timings.append(.measure(group: "world update, dragged attachment", variant: "update(_:_:)", items: count,
                                    calls: 1000, repetitions: repetitions) {
                frame += 1
                let anchor = home + SIMD2(Double(frame % 100) * 0.5, 0)
                try? world.update(drag) { $0.anchorPoint = anchor }
                return world[drag].anchorPoint?.x ?? .nan
            })
        }
        return timings
    }
}
