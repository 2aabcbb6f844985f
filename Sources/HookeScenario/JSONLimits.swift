/// Limits every JSON reader of Hooke applies, so that hostile input gets an error
/// instead of exhausting the stack.
public enum JSONLimits {
    /// The deepest nesting of arrays and objects accepted: 512 levels. Foundation's
    /// `JSONSerialization` and `JSONDecoder`, which read scenarios and gesture
    /// recordings, stop at the same depth; `hooke sweep merge`'s reader checks it itself.
    public static let maximumDepth = 512
}
