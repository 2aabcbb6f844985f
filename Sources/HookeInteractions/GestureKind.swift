/// The kind of gesture a recording holds, named after the UIKit recogniser it mirrors.
///
/// - `pan`: one touch (`UIPanGestureRecognizer`); bodies read the translation from the
///   location at `began`.
/// - `pinch`: two touches (`UIPinchGestureRecognizer`); every event carries both.
/// - `longPress`: one touch (`UILongPressGestureRecognizer`): `began` is the moment the
///   press is recognised (after the minimum press duration), not the touch-down — see
///   `GestureRecording.recognizingLongPress(minimumPressDuration:allowableMovement:)`.
public enum GestureKind: String, Sendable, Hashable, Codable, CaseIterable {
    case pan
    case pinch
    case longPress

    /// How many touch locations each event of this kind carries: 1 for pan and long press, 2 for pinch.
    public var touchCount: Int { self == .pinch ? 2 : 1 }
}
