/// Doubles for proving the writer's shortest digits, from a seeded generator: each kind in turn,
/// so that any count of samples covers every kind alike.
public struct ShortestDigitsSamples {
    public enum Kind: Int, CaseIterable, Sendable {
        /// Any 64 bits: every exponent, NaNs and infinities included.
        case bitPattern
        /// Any significand at an exponent of the plain-decimal range (2^−14 to 2^53).
        case plainRange
        /// ±n / 10^p below 4000 in magnitude, p from 0 to 17: short decimals, the numbers a
        /// snapshot holds, and long ones.
        case decimal
        /// 2^e and its neighbours one ulp away, every exponent: where the rounding interval is
        /// lopsided.
        case powerOfTwo
        /// The double nearest 10^e and its neighbours, every exponent a double reaches.
        case powerOfTen
        /// Below 2^−1022.
        case subnormal
        /// Within 64 ulps of where the writer changes its way of writing: 1e-4 and 2^53 (plain
        /// decimal or `description`), 1e9 (the few-places check's end), and 1e16.
        case rangeBoundary
    }

    var rng: SplitMix64
    var index = 0

    public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    /// The next sample and its kind; the sign is random.
    public mutating func next() -> (value: Double, kind: Kind) {
        let kind = Kind(rawValue: index % Kind.allCases.count)!
        index += 1
        let value: Double
        switch kind {
        case .bitPattern:
            value = Double(bitPattern: rng.next())
        case .plainRange:
            let exponent = UInt64.random(in: 1023 - 14 ... 1023 + 52, using: &rng)
            value = Double(bitPattern: exponent << 52 | rng.next() >> 12)
        case .decimal:
            let places = Int.random(in: 0 ... 17, using: &rng)
            let power = Self.powersOfTen[places]
            let units = places <= 15 ? UInt64.random(in: 0 ..< 4000 * UInt64(power), using: &rng) : UInt64.random(in: 0 ..< 4_000_000_000_000_000_000, using: &rng)
            value = Double(units) / power
        case .powerOfTwo:
            value = Self.neighbour(Double(sign: .plus, exponent: Int.random(in: -1074 ... 1023, using: &rng), significand: 1), &rng)
        case .powerOfTen:
            value = Self.neighbour(Double("1e\(Int.random(in: -323 ... 308, using: &rng))")!, &rng)
        case .subnormal:
            value = Double(bitPattern: rng.next() & 0x000F_FFFF_FFFF_FFFF)
        case .rangeBoundary:
            let edge = [1e-4, 0x1p53, 1e9, 1e16][Int.random(in: 0 ..< 4, using: &rng)]
            value = Double(bitPattern: UInt64(Int64(edge.bitPattern) + Int64.random(in: -64 ... 64, using: &rng)))
        }
        return (Bool.random(using: &rng) ? -value : value, kind)
    }

    /// `d`, or the double one ulp above or below it.
    static func neighbour(_ d: Double, _ rng: inout SplitMix64) -> Double {
        switch Int.random(in: 0 ..< 3, using: &rng) {
        case 0: d.nextDown
        case 1: d
        default: d.nextUp
        }
    }

    /// 10^0 … 10^17, exact.
    static let powersOfTen: [Double] = (0 ... 17).map { p in (0 ..< p).reduce(1.0) { r, _ in r * 10 } }
}
