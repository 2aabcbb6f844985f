import Foundation
import Synchronization
import Hooke
import XCTest

/// `World.workerCount`: the soft step's solver stages shared between threads give the
/// one-thread step bit for bit, as Box2D v3's determinism test requires of every worker
/// count (its `test_determinism.c` compares hashes across worker counts).
final class WorldWorkerCountTests: XCTestCase {
    /// A 20-row pyramid (210 boxes, enough contacts for the stages to be shared) and, in
    /// the same world, 40 loose boxes falling on the ground beside it: every step's
    /// `stateHash` with 2 and 3 threads equals the one-thread hash, through the landing of
    /// the loose boxes and the settling of the pyramid.
    func testTwoAndThreeThreadsStepBitIdenticallyToOne() throws {
        func scene(workers: Int) throws -> World {
            var (world, _, _) = try CollisionScene.pyramid(solver: .softStep(substeps: 4), rows: 20)
            var loose: [BodyHandle] = []
            for k in 0..<40 {
                loose.append(try world.createBody(BodyDefinition(
                    shape: .rectangle(width: 30, height: 30),
                    center: SIMD2(500 + Double(k % 8) * 34, -150 - Double(k / 8) * 34), angle: 0.1 * Double(k))))
            }
            try world.addBehavior(.gravity(GravityBehavior(items: loose)))
            try world.addBehavior(.collision(CollisionBehavior(items: loose + [world.bodyHandles[0]])))
            try world.setWorkerCount(workers)
            return world
        }
        var one = try scene(workers: 1), two = try scene(workers: 2), three = try scene(workers: 3)
        XCTAssertEqual(two.workerCount, 2)
        for step in 1...120 {
            one.step()
            two.step()
            three.step()
            XCTAssertEqual(two.stateHash, one.stateHash, "2 threads, step \(step)")
            XCTAssertEqual(three.stateHash, one.stateHash, "3 threads, step \(step)")
            if two.stateHash != one.stateHash || three.stateHash != one.stateHash { break }
        }
    }

    /// Copies of a world share its helpers; two copies stepped at once on two threads both
    /// step right (the one that finds the helpers busy steps alone).
    func testCopiesSteppedAtOnceAgreeWithOneThread() throws {
        var (world, _, _) = try CollisionScene.pyramid(solver: .softStep(substeps: 4), rows: 20)
        var reference = world
        try world.setWorkerCount(2)
        for _ in 0..<60 { reference.step() }
        let copies = world
        let hashes = Mutex<[UInt64]>([0, 0])
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            var w = copies
            for _ in 0..<60 { w.step() }
            let hash = w.stateHash
            hashes.withLock { $0[k] = hash }
        }
        XCTAssertEqual(hashes.withLock { $0 }, [reference.stateHash, reference.stateHash])
    }

    func testWorkerCountIsRefusedOutsideItsRange() throws {
        var world = try World()
        for count in [0, -1, World.maximumWorkerCount + 1] {
            XCTAssertThrowsError(try world.setWorkerCount(count)) { error in
                XCTAssertTrue("\(error)".contains("workerCount"), "\(error)")
            }
        }
        try world.setWorkerCount(4)
        XCTAssertEqual(world.workerCount, 4)
        try world.setWorkerCount(1)
        XCTAssertEqual(world.workerCount, 1)
    }
}
