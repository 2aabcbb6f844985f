import XCTest
import CReference
import HookeBatch
import HookeCore

/// `c-best-services` (Benchmarks/CReference/CBestServices.c) must do what `SpringBatch`
/// does beside the step — retargets through checked handles, a rest event per item due
/// its group's settle steps after its last arming, a group found quiescent reporting its
/// unreported items — so that the benchmark compares the same work in C and in Swift.
/// Driven alike, frame by frame, both must hold the same columns bit for bit and report
/// the same items at rest in the same frames.
final class CBestServicesMatchesSpringBatchTests: XCTestCase {
    func testColumnsAndRestEventsMatchSpringBatchFrameByFrame() throws {
        let springs = CBestMatchesSpringBatchTests.springs, sizes = CBestMatchesSpringBatchTests.groupSizes
        let h = CBestMatchesSpringBatchTests.timestep
        var values = CBestMatchesSpringBatchTests.Values(state: 0x5E7_71CE5)
        let batch = try SpringBatch<Double>(timestep: h)
        let groups = UnsafeMutablePointer<hooke_c_best_columns_d>.allocate(capacity: sizes.count)
        var handles: [SpringBatch<Double>.Handle] = []
        for (g, (spring, size)) in zip(springs, sizes).enumerated() {
            let items = (0..<size).map { _ in
                CBestMatchesSpringBatchTests.Item(
                    x: values.next(0...1000), y: values.next(0...1000), vx: values.next(-2000...2000),
                    vy: values.next(-2000...2000), tx: values.next(0...1000), ty: values.next(0...1000))
            }
            handles += items.map {
                batch.add(position: SIMD2($0.x, $0.y), target: SIMD2($0.tx, $0.ty), velocity: SIMD2($0.vx, $0.vy),
                          spring: spring)
            }
            let group = CBestD(items)
            (groups + g).initialize(to: group.c)
        }
        XCTAssertEqual(handles.map(\.index), Array(0..<handles.count))
        var services = hooke_c_best_services()
        let settle = springs.map { Int64(batch.restSteps(for: $0) ?? -1) }
        XCTAssertTrue(hooke_cbs_init(&services, sizes, settle, sizes.count))
        defer {
            for g in sizes.indices { hooke_c_best_free_d(groups + g) }
            groups.deallocate()
            hooke_cbs_free(&services)
        }

        var stepsTaken = 0, reported = 0, settledGroups = 0
        func step(_ steps: Int, frame: String) {
            batch.step(count: steps)
            var remaining = steps
            while remaining > 0 {
                let segment = min(remaining, 64 - stepsTaken % 64)
                for g in sizes.indices {
                    let phi = springs[g].transition(over: h)
                    hooke_c_best_frame_d(groups + g, 0, groups[g].count, segment, phi.phi11, phi.phi12, phi.phi21,
                                         phi.phi22, CBestMatchesSpringBatchTests.fused)
                }
                remaining -= segment
                stepsTaken += segment
                if stepsTaken % 64 == 0 {
                    for g in sizes.indices where !groups[g].quiescent
                        && hooke_c_best_settle_d(groups + g, h, 2) {
                        settledGroups += 1
                        XCTAssertTrue(hooke_cbs_report_group(&services, g))
                    }
                }
            }
            XCTAssertTrue(hooke_cbs_record_due(&services, Int64(stepsTaken)))
            let expected = Set(batch.drainRestEvents().map(\.index))
            let got = Set(UnsafeBufferPointer(start: services.events, count: services.event_count).map { Int($0.index) })
            XCTAssertEqual(services.event_count, got.count, "\(frame): an item reported twice")
            services.event_count = 0
            XCTAssertEqual(got, expected, frame)
            reported += got.count
            assertColumnsEqual(frame)
        }
        func assertColumnsEqual(_ frame: String) {
            batch.withColumns { columns in
                var slot = 0
                for g in sizes.indices {
                    for i in 0..<groups[g].count {
                        let c = groups[g]
                        XCTAssertEqual([c.dx[i], c.dy[i], c.vx[i], c.vy[i], c.tx[i], c.ty[i]].map(\.bitPattern),
                                       [columns.dx[slot], columns.dy[slot], columns.vx[slot], columns.vy[slot],
                                        columns.tx[slot], columns.ty[slot]].map(\.bitPattern),
                                       "\(frame): group \(g) item \(i)")
                        slot += 1
                    }
                }
            }
        }
        func retarget(_ picked: [Int], frame: String) {
            let x = picked.map { _ in values.next(0...1000) }, y = picked.map { _ in values.next(0...1000) }
            batch.retarget(picked.map { handles[$0] }, to: zip(x, y).map { SIMD2($0, $1) })
            let c = picked.map { hooke_cbs_handle(index: Int64($0), generation: 0) }
            hooke_cbs_retarget_d(&services, groups, c, c.count, x, y, Int64(stepsTaken))
        }

        // Retargets in random order across groups, an item twice in one frame now and then,
        // frames of 1, 2 and 3 steps, long enough for events of every group to come due.
        for frame in 0..<400 {
            var picked = (0..<(frame % 5 == 0 ? 6 : 0)).map { _ in Int(values.next(0...Double(handles.count - 1))) }
            if frame % 35 == 0, let first = picked.first { picked.append(first) }
            retarget(picked, frame: "frame \(frame)")
            step([2, 1, 3][frame % 3], frame: "frame \(frame)")
        }
        // Quiet: the groups converge and are settled, reporting what is still unreported.
        for frame in 0..<600 { step(2, frame: "quiet frame \(frame)") }
        XCTAssertGreaterThan(settledGroups, 0, "no group went quiescent: its reporting was not exercised")
        XCTAssertGreaterThan(reported, handles.count, "too few events to tell the two apart")
        // A retarget wakes a settled group; its event comes due again.
        retarget([0, 40], frame: "wake-up")
        for frame in 0..<300 { step(2, frame: "frame \(frame) since the wake-up") }
    }
}
