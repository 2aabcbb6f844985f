import Foundation
import HookeIO
import HookeInteractions

/// The labelled recordings of `--gestures DIR`, each to be played in place of the
/// scenario's deciding interaction's gesture: the directory's `*.json` files (others
/// and subdirectories are ignored), read in sorted name order so that every run, shard
/// and thread count sees them alike.
struct GestureCorpus: Sendable {
    /// The most recordings a directory may hold, and the largest file: a sweep runs
    /// every grid point once per recording, and all of them stay in memory.
    static let maximumCount = 1000
    static let maximumFileSize = 1 << 20

    /// What the outputs say about the corpus; parts of a sharded sweep must agree on it.
    struct Summary: Equatable {
        let directory: String
        /// FNV-1a (16 hex digits) of every file's name and bytes, in order.
        let hash: String
        let dismissCount: Int
        let keepCount: Int
        let interaction: String
        let bodyID: String

        var count: Int { dismissCount + keepCount }

        var json: JSONValue {
            .object([
                ("directory", .string(directory)), ("hash", .string(hash)),
                ("recordings", .number(Double(count))), ("dismiss", .number(Double(dismissCount))),
                ("keep", .number(Double(keepCount))), ("interaction", .string(interaction)), ("body", .string(bodyID)),
            ])
        }

        init(directory: String, hash: String, dismissCount: Int, keepCount: Int, interaction: String, bodyID: String) {
            self.directory = directory
            self.hash = hash
            self.dismissCount = dismissCount
            self.keepCount = keepCount
            self.interaction = interaction
            self.bodyID = bodyID
        }

        init(json: JSONValue, source: String) throws(CommandLineError) {
            guard case let .string(directory)? = json["directory"], case let .string(hash)? = json["hash"],
                case let .number(dismiss)? = json["dismiss"], case let .number(keep)? = json["keep"],
                case let .string(interaction)? = json["interaction"], case let .string(body)? = json["body"],
                dismiss >= 0, keep >= 0, dismiss + keep <= Double(GestureCorpus.maximumCount),
                dismiss == dismiss.rounded(), keep == keep.rounded()
            else { throw CommandLineError("merge: \(source): its gestures member is not valid") }
            self.init(directory: directory, hash: hash, dismissCount: Int(dismiss), keepCount: Int(keep),
                      interaction: interaction, bodyID: body)
        }
    }

    let recordings: [LabelledGestureRecording]
    let interaction: DecidingInteraction
    let summary: Summary

    /// Reads `directory` and checks every recording by putting its gesture into the
    /// first grid point's scenario and reading that as `hooke simulate` would.
    ///
    /// - Throws: one line naming the directory or the file and what is wrong.
    init(directory: String, grid: BehaviorSweepGrid) throws(CommandLineError) {
        let interaction = try DecidingInteraction(in: grid.document)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
                .filter { name in
                    var isDirectory: ObjCBool = false
                    let path = (directory as NSString).appendingPathComponent(name)
                    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
                }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        } catch {
            throw CommandLineError("--gestures: \(directory): cannot read the directory")
        }
        guard !names.isEmpty else { throw CommandLineError("--gestures: \(directory) holds no .json recording") }
        guard names.count <= Self.maximumCount else {
            throw CommandLineError(
                "--gestures: \(directory) holds \(names.count) .json files, more than \(Self.maximumCount)")
        }
        let base = grid.document(grid.values(0))
        var hash = FNV1a()
        var recordings: [LabelledGestureRecording] = []
        for name in names {
            let file = (directory as NSString).appendingPathComponent(name)
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            if let size = (attributes?[.size] as? NSNumber)?.intValue, size > Self.maximumFileSize {
                throw CommandLineError("--gestures: \(file): \(size) bytes, more than \(Self.maximumFileSize)")
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandLineError("--gestures: \(file): cannot read the file")
            }
            guard data.count <= Self.maximumFileSize else {
                throw CommandLineError("--gestures: \(file): \(data.count) bytes, more than \(Self.maximumFileSize)")
            }
            let recording = try LabelledGestureRecording(name: name, data: data, file: file)
            let duration: Double
            do {
                duration = try InteractionScenario.parse(
                    Data(interaction.replacingGesture(in: base, with: recording.gesture).text.utf8)).scenario.duration
            } catch {
                // The parser names the key from the document's root; the file holds the
                // gesture at "gesture".
                let message = "\(error)".replacingOccurrences(of: interaction.gesturePath, with: "gesture")
                throw CommandLineError("--gestures: \(file): \(message)")
            }
            // A gesture still going at the end would be counted as a card that stayed,
            // whatever the card's numbers: a recording the scenario cannot judge.
            if case let .array(events)? = recording.gesture["events"], case let .number(last)? = events.last?["time"],
                last >= duration
            {
                throw CommandLineError(
                    "--gestures: \(file): gesture.events[\(events.count - 1)]: time \(JSONValue.format(last)) "
                        + "is not before the scenario's end (duration \(JSONValue.format(duration)) s)")
            }
            hash.feed(Data(name.utf8))
            hash.feed(Data([0]))
            hash.feed(data)
            hash.feed(Data([0]))
            recordings.append(recording)
        }
        self.recordings = recordings
        self.interaction = interaction
        summary = Summary(
            directory: directory, hash: hash.hex,
            dismissCount: recordings.count { $0.label == .dismiss }, keepCount: recordings.count { $0.label == .keep },
            interaction: "interactions[\(interaction.index)]", bodyID: interaction.bodyID)
    }

    /// FNV-1a (64-bit) over bytes.
    private struct FNV1a {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func feed(_ bytes: Data) {
            for byte in bytes {
                value ^= UInt64(byte)
                value = value &* 0x0000_0100_0000_01B3
            }
        }

        var hex: String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }
}
