import Foundation
import HookeIO

/// One labelled gesture recording of a `--gestures DIR` corpus (a `GestureRecording` of
/// HookeInteractions with what it was meant to do): a JSON file holding
/// exactly `{"label": "dismiss" | "keep", "gesture": {…}}`, the gesture in the format of
/// a scenario interaction's `gesture` (Docs/scenarios.md), the label what the person
/// who made the gesture meant the card to do.
struct LabelledGestureRecording {
    enum Label: String {
        case dismiss, keep
    }

    /// The file's name in the directory.
    let name: String
    let label: Label
    let gesture: JSONValue

    /// Reads a recording's bytes; the gesture itself is checked later, by the scenario
    /// parser, once it is in its interaction.
    ///
    /// - Throws: one line naming `file` and the key at fault.
    init(name: String, data: Data, file: String) throws(CommandLineError) {
        let json: JSONValue
        do { json = try JSONParser.parse(data) } catch {
            throw CommandLineError("--gestures: \(file): not JSON (\(error))")
        }
        let format = "a recording is {\"label\": \"dismiss\"|\"keep\", \"gesture\": {…}}"
        guard case let .object(members) = json else {
            throw CommandLineError("--gestures: \(file): not a JSON object; \(format)")
        }
        for (key, _) in members where key != "label" && key != "gesture" {
            throw CommandLineError("--gestures: \(file): unknown key \"\(key)\"; \(format)")
        }
        guard let labelValue = json["label"] else { throw CommandLineError("--gestures: \(file): label: required; \(format)") }
        guard case let .string(text) = labelValue, let label = Label(rawValue: text) else {
            throw CommandLineError("--gestures: \(file): label: expected \"dismiss\" or \"keep\", got \(labelValue.text)")
        }
        guard let gesture = json["gesture"] else { throw CommandLineError("--gestures: \(file): gesture: required; \(format)") }
        guard case .object = gesture else {
            throw CommandLineError("--gestures: \(file): gesture: expected an object {\"kind\", \"events\"}")
        }
        self.name = name
        self.label = label
        self.gesture = gesture
    }
}
