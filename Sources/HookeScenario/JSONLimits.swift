import HookeIO

/// Limits every JSON reader of Hooke applies, so that hostile input gets an error
/// instead of exhausting the stack.
public enum JSONLimits {
    /// The deepest nesting of arrays and objects accepted: 512 levels. Scenarios,
    /// gesture recordings and `hooke sweep merge`'s parts are all read by one parser,
    /// which stops there.
    public static let maximumDepth = JSONParser.maximumDepth
}
