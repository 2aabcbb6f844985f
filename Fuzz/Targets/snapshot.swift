import Foundation
import Hooke
@testable import HookeIO
import HookeInteractions

/// Fuzz target `snapshot`: a snapshot (Docs/snapshots.md) of a world or of a scenario run,
/// in either form, as `WorldSnapshot(bytes:)` and `ScenarioSnapshot(bytes:)` read it.
///
/// The binary form's header carries the FNV-1a of its payload, which refuses almost every
/// mutation, and the JSON form's envelope names the format, version and kind; so that
/// mutations reach the tree decoder and the checks (`WorldSnapshotState.check`), each
/// input is read as it is, as the payload of a valid header (`framed`) and, when it is
/// JSON, as the state of a JSON document of each kind (`enveloped`).
///
/// An accepted world snapshot is restored and stepped `maximumSteps` times; an accepted
/// scenario snapshot is restored with the example file it was taken of (`Examples`, its
/// `source`), if any, and advanced `maximumSteps` steps.
///
/// Invariants: a restored world's snapshot, taken before and after the steps, is read back
/// from both forms (`binary`, `json`) to a world with the same `stateHash` whose snapshot
/// is the same again in that form; the worlds read back before the steps, stepped as
/// often, end with the original's `stateHash` (a restored world continues bit for bit). A
/// restored run's snapshot restores with the same file, from both forms, to a run at the
/// same step and world `stateHash`, which advances as the original does.
let maximumSteps = 8

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for input in [bytes, framed(bytes)] {
        if let snapshot = try? WorldSnapshot(bytes: input) { exercise(snapshot) }
        if let snapshot = try? ScenarioSnapshot(bytes: input) { exercise(snapshot) }
    }
    if (try? JSONParser.parse(bytes)) != nil, let text = String(validating: bytes, as: UTF8.self) {
        if let snapshot = try? WorldSnapshot(json: enveloped(text, kind: "world")) { exercise(snapshot) }
        if let snapshot = try? ScenarioSnapshot(bytes: Array(enveloped(text, kind: "scenario").utf8)) { exercise(snapshot) }
    }
    return 0
}

/// `payload` under a valid binary header: `HKSN`, the format version, the payload's length
/// and its FNV-1a, all little-endian (`SnapshotBinary.encode`'s header).
func framed(_ payload: [UInt8]) -> [UInt8] {
    var out = SnapshotBinary.magic
    out.reserveCapacity(SnapshotBinary.headerSize + payload.count)
    for (x, count) in [(UInt64(SnapshotDocument.version), 4), (UInt64(payload.count), 8), (SnapshotBinary.fnv1a(payload), 8)] {
        for k in 0..<count { out.append(UInt8(truncatingIfNeeded: x >> UInt64(8 * k))) }
    }
    return out + payload
}

/// The JSON form's document holding `state` (JSON text) as the state of a snapshot of `kind`.
func enveloped(_ state: String, kind: String) -> String {
    "{\"format\":\"\(SnapshotDocument.format)\",\"version\":\(SnapshotDocument.version),\"kind\":\"\(kind)\",\"state\":\(state)}"
}

/// Restores `snapshot`, steps the world and checks the invariants.
func exercise(_ snapshot: WorldSnapshot) {
    var world = World(restoring: snapshot)
    fuzzCheck(world.stepCount == snapshot.stepCount, "a restored world is not at its snapshot's step")
    let copies = readBack(world, when: "as restored")
    for _ in 0..<maximumSteps { world.step() }
    _ = readBack(world, when: "after \(maximumSteps) steps")
    for (form, var copy) in copies {
        for _ in 0..<maximumSteps { copy.step() }
        fuzzCheck(copy.stateHash == world.stateHash,
                  "the world read back from the \(form) form of a restored world's snapshot diverged from it in \(maximumSteps) steps")
    }
}

/// The worlds read back from the binary and JSON forms of `world`'s snapshot, each
/// checked to have `world`'s `stateHash` and to snapshot to the same form again.
func readBack(_ world: World, when: String) -> [(form: String, world: World)] {
    let saved: WorldSnapshot
    do {
        saved = try world.snapshot()
    } catch {
        fuzzCheck(false, "World.snapshot() refuses a restored world (\(when)): \(error)")
        return []
    }
    let binary = saved.binary, json = saved.json
    var worlds: [(form: String, world: World)] = []
    for form in ["binary", "JSON"] {
        do {
            let back = World(restoring: form == "binary" ? try WorldSnapshot(bytes: binary) : try WorldSnapshot(json: json))
            fuzzCheck(back.stateHash == world.stateHash,
                      "the \(form) form of a restored world's snapshot (\(when)) reads back to another stateHash")
            // The same form again (the JSON form writes every NaN as "nan", so it is
            // compared with the JSON form: a NaN's payload is not part of it).
            let again = try? back.snapshot()
            fuzzCheck(form == "binary" ? again?.binary == binary : again?.json == json,
                      "the \(form) form of a restored world's snapshot (\(when)) reads back to a world whose snapshot differs")
            worlds.append((form, back))
        } catch {
            fuzzCheck(false, "the \(form) form of a restored world's snapshot (\(when)) is refused: \(error)")
        }
    }
    return worlds
}

/// Restores `snapshot` with the example file it was taken of, advances the run and
/// checks the invariants. A snapshot of no example file is refused by all (its `source`).
func exercise(_ snapshot: ScenarioSnapshot) {
    for file in Examples.files {
        guard var run = try? InteractionSimulation(file, restoring: snapshot) else { continue }
        fuzzCheck(run.step == snapshot.step, "a restored run is not at its snapshot's step")
        let saved: ScenarioSnapshot
        do {
            saved = try run.snapshot()
        } catch {
            fuzzCheck(false, "InteractionSimulation.snapshot() refuses a restored run: \(error)")
            return
        }
        var copies: [(form: String, run: InteractionSimulation)] = []
        for form in ["binary", "JSON"] {
            do {
                let back = try ScenarioSnapshot(bytes: form == "binary" ? saved.binary : Array(saved.json.utf8))
                let copy = try InteractionSimulation(file, restoring: back)
                fuzzCheck(copy.step == run.step && copy.simulation.world.stateHash == run.simulation.world.stateHash,
                          "the \(form) form of a restored run's snapshot restores to another step or stateHash")
                copies.append((form, copy))
            } catch {
                fuzzCheck(false, "the \(form) form of a restored run's snapshot is refused: \(error)")
            }
        }
        for _ in 0..<maximumSteps {
            let advanced = (try? run.advance()) != nil
            for index in copies.indices {
                let copied = (try? copies[index].run.advance()) != nil
                fuzzCheck(copied == advanced && copies[index].run.simulation.world.stateHash == run.simulation.world.stateHash,
                          "the run read back from the \(copies[index].form) form of a restored run's snapshot diverged from it")
            }
            if !advanced { break }
        }
    }
}

/// The scenario files whose runs' snapshots the target restores: Docs/examples' floor,
/// table (compound bodies) and queries (a sensor, queries), byte for byte, since a
/// snapshot names its file by the FNV-1a of the file's bytes (`sourceHash`).
enum Examples {
    static let files: [InteractionScenario] = [floor, table, queries].map { text in
        do {
            return try InteractionScenario.parse(Data(text.utf8))
        } catch {
            fatalError("fuzz: an example scenario is refused: \(error)")
        }
    }

    /// Docs/examples/floor.json.
    static let floor = """
        {
          "world": { "bounds": [0, 0, 375, 667] },
          "bodies": [
            { "id": "box", "size": [80, 80], "center": [120, 100], "angle": 0.3, "elasticity": 0.5 },
            { "id": "ball", "shape": "ellipse", "size": [40, 40], "center": [250, 60] }
          ],
          "behaviors": [
            { "type": "gravity", "items": ["box", "ball"] },
            { "type": "collision", "items": ["box", "ball"], "mode": "everything", "boundsAsBoundary": true,
              "boundaries": [ { "id": "shelf", "from": [200, 400], "to": [375, 450] } ] }
          ],
          "duration": 2.0,
          "record": { "every": "step" }
        }

        """

    /// Docs/examples/table.json.
    static let table = """
        {
          "world": { "bounds": [0, 0, 375, 667] },
          "bodies": [
            { "id": "table", "center": [180, 500], "friction": 0.6,
              "parts": [
                { "size": [200, 16], "offset": [0, -40] },
                { "size": [16, 80], "offset": [-88, 8] },
                { "size": [16, 80], "offset": [88, 8] }
              ] },
            { "id": "hook", "center": [150, 120], "angle": 0.2, "friction": 0.6,
              "parts": [
                { "size": [90, 16] },
                { "size": [16, 60], "offset": [37, 38] },
                { "shape": "ellipse", "size": [30, 30], "offset": [-45, 0] }
              ] },
            { "id": "ball", "shape": "ellipse", "size": [40, 40], "center": [230, 60], "elasticity": 0.5 }
          ],
          "behaviors": [
            { "type": "gravity", "items": ["table", "hook", "ball"] },
            { "type": "collision", "items": ["table", "hook", "ball"], "mode": "everything", "boundsAsBoundary": true }
          ],
          "duration": 3.0,
          "record": { "every": "step" }
        }

        """

    /// Docs/examples/queries.json.
    static let queries = """
        {
          "world": {"bounds": [0, 0, 300, 400]},
          "bodies": [
            {"id": "box", "size": [60, 40], "center": [150, 100]},
            {"id": "zone", "size": [300, 40], "center": [150, 300], "anchored": true, "sensor": true}
          ],
          "behaviors": [
            {"type": "gravity", "items": ["box"]},
            {"type": "collision", "items": ["box", "zone"], "boundsAsBoundary": true}
          ],
          "duration": 1,
          "record": {"every": 60},
          "queries": [
            {"at": 0, "ray": {"from": [150, 0], "to": [150, 400]}},
            {"at": 0, "cast": {"shape": "ellipse", "size": [20, 20], "center": [20, 100], "translation": [260, 0]}},
            {"at": 0.5, "point": [150, 300]},
            {"at": 0.5, "ray": {"from": [150, 0], "to": [150, 400]}, "closest": true},
            {"at": 0.5, "rect": [0, 0, 300, 250]}
          ]
        }


        """
}
