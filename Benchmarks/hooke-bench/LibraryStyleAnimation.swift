import Foundation

/// What a `library-style` animator knows of an animation: its id, whether it still runs,
/// and how to advance it by one display frame. Animations of every value type sit behind
/// this protocol in one dictionary, as the libraries keep theirs (Wave's animation
/// controller holds `[UUID: AnimatorProviding]`), so the animator calls each through a
/// witness table.
protocol LibraryStyleAnimation: AnyObject {
    var id: UUID { get }
    /// Set by the settle test; a finished animation is skipped until retargeted.
    var isFinished: Bool { get }
    /// Integrates one display frame of `frameDuration` seconds, calls the value closure
    /// and runs the settle test.
    func advance(by frameDuration: Double)
}
