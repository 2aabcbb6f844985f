/// The committed golden hashes (`GoldenScenes`), by `GoldenScenes.key` — platform and
/// flavour — then by scene: 16 hexadecimal digits of FNV-1a over the final state's bits.
///
/// A key missing here is a platform or build nobody has committed hashes for:
/// `GoldenHashTests` then skips, naming the values to commit (`hooke-soak --golden` prints
/// them too). A scene whose hash changes is a change in the engine's arithmetic: commit the
/// new value only when the change is meant, and say why in the commit.
public enum GoldenHashes {
    public static let committed: [String: [String: String]] = [:]
}
