/// FNV-1a (64-bit) over the exact bit patterns of floating-point values: the golden
/// determinism hashes (`GoldenScenes`) and the World's per-step state hash
/// (`World.stateHash`). Two states hash alike only if every value has the same bits —
/// +0 and −0, or two NaN payloads, hash differently.
///
/// Each value is fed as its 64-bit pattern (a `Float`'s 32 bits widened with zeros),
/// least significant byte first, so the hash does not depend on the machine's byte order.
public struct BitHash: Sendable, Hashable {
    /// FNV-1a's 64-bit offset basis.
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    /// FNV-1a's 64-bit prime.
    public static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of the values fed so far.
    public private(set) var value = BitHash.offsetBasis
    /// How many values were fed.
    public private(set) var count = 0

    public init() {}

    /// Feeds the eight bytes of `bits`, least significant first.
    public mutating func combine(bits: UInt64) {
        var v = value
        for shift in stride(from: 0, to: 64, by: 8) {
            v ^= (bits >> UInt64(shift)) & 0xFF
            v = v &* Self.prime
        }
        value = v
        count += 1
    }

    /// Feeds a `Double`'s bit pattern.
    public mutating func combine(_ x: Double) { combine(bits: x.bitPattern) }

    /// Feeds a `Float`'s bit pattern (widened to 64 bits with zeros).
    public mutating func combine(_ x: Float) { combine(bits: UInt64(x.bitPattern)) }

    /// Feeds both coordinates.
    public mutating func combine(_ p: SIMD2<Double>) {
        combine(p.x)
        combine(p.y)
    }

    /// Feeds an integer's two's-complement bits.
    public mutating func combine(_ n: Int) { combine(bits: UInt64(bitPattern: Int64(n))) }

    /// Feeds an unsigned integer's bits.
    public mutating func combine(_ n: UInt64) { combine(bits: n) }

    /// Feeds a flag as 0 or 1.
    public mutating func combine(_ flag: Bool) { combine(bits: flag ? 1 : 0) }

    /// The value as 16 hexadecimal digits, as the committed table writes it.
    public var hex: String { Self.hex(value) }

    /// `value` as 16 hexadecimal digits, zero-padded.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
