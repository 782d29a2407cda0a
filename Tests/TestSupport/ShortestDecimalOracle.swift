/// The writer's former shortest-digits method, kept as an oracle: `ShortestDecimal` (JSONCodec)
/// must give the same digits for every double, and `ShortestDigitsCheck` compares the two (as
/// ServiceViewTests keeps the service's former path). Slow and exact: a loop of 128-bit products
/// and 64-bit divisions.
///
/// Method: with d = m · 2^e, every real in d's rounding interval reads back as d. Scaled by 4 so
/// that its ends are integers, the interval is [4m − 2, 4m + 2] · 2^(e−2) (its lower half is
/// halved, 4m − 1, just above a power of two, where the next double down is closer); the ends
/// belong to it when m is even, because reading rounds ties to even.
/// 1. Scale by 10^k with k chosen for 17 or 18 significant digits: 17 always suffice, so the
///    integers in the scaled interval, [first, last], are the candidates with k places.
/// 2. Drop trailing places while the interval still holds a multiple of 10 (n at k − 1 places
///    reads back iff 10n at k places does): the fewest places give the shortest decimal.
/// 3. Of the candidates left, take the one nearest d (ties to even), as `description` does.
public enum ShortestDecimalOracle {
    /// (n, k) with n / 10^k the shortest decimal that reads back as `d`, when 1e-4 ≤ |d| < 2^53
    /// (where `description` writes plain decimals too); nil otherwise.
    ///
    /// The bounds keep everything in range: |d| ≥ 1e-4 means e ≥ −66 and k ≤ 21, so
    /// (4m + 2) · 10^k < 2^55 · 2^70 fits 128 bits and 18 digits fit 64.
    public static func digits(_ d: Double) -> (digits: UInt64, places: Int)? {
        let magnitude = d.magnitude
        guard magnitude >= 1e-4, magnitude < 0x1p53 else { return nil }
        let exponent = Int(magnitude.exponentBitPattern)
        let shift = UInt128(1077 - exponent)  // 2^(e−2) = 2^−shift
        // floor(log10 d) is floor(log2 d · log10 2) or one more; log10 2 ≈ 1233 / 4096.
        let places = 16 - (((exponent - 1023) * 1233) >> 12)
        let power = powersOfTen[places]
        let m = UInt128(magnitude.significandBitPattern | 1 << 52)
        let center = 4 &* m &* power
        let low = center &- (magnitude.significandBitPattern == 0 && exponent > 1 ? 1 : 2) &* power
        let high = center &+ 2 &* power
        let inclusive = m & 1 == 0
        let mask: UInt128 = (1 &<< shift) &- 1

        var first = UInt64(truncatingIfNeeded: low &>> shift &+ (low & mask != 0 || !inclusive ? 1 : 0))
        var last = UInt64(truncatingIfNeeded: high &>> shift &- (high & mask == 0 && !inclusive ? 1 : 0))
        // d · 10^k = nearest + what was dropped: `dropped` is the last digit dropped, `sticky`
        // whether anything below it (digits or the binary fraction) was non-zero.
        var nearest = UInt64(truncatingIfNeeded: center &>> shift)
        var dropped: UInt64 = 0
        var sticky = center & mask != 0
        var dropCount = 0
        /// Drops `count` places (`power` = 10^count) if the interval still holds a candidate.
        func drop(_ count: Int, _ power: UInt64) -> Bool {
            guard dropCount + count <= places, (first &+ power &- 1) / power <= last / power else { return false }
            first = (first &+ power &- 1) / power
            last /= power
            let removed = nearest % power
            nearest /= power
            sticky = sticky || dropped != 0 || removed % (power / 10) != 0
            dropped = removed / (power / 10)
            dropCount += count
            return true
        }
        // Whether a drop works only turns false as the count grows, so eights, then at most one
        // four, two and one find the largest count in few steps (short decimals drop up to 20).
        while drop(8, 100_000_000) {}
        _ = drop(4, 10_000)
        _ = drop(2, 100)
        _ = drop(1, 10)
        let roundsUp = if dropCount == 0 {
            center & mask > 1 &<< (shift &- 1) || center & mask == 1 &<< (shift &- 1) && nearest & 1 == 1
        } else {
            dropped > 5 || dropped == 5 && (sticky || nearest & 1 == 1)
        }
        if roundsUp { nearest &+= 1 }
        return (min(max(nearest, first), last), places - dropCount)
    }

    /// The bytes the writer wrote for `d` (no precision) before `ShortestDecimal`: `null` when not
    /// finite; `digits`'s decimal in plain notation, trailing zeros and a bare point dropped, `-0`
    /// as `0`; outside `digits`'s range, integers below 2^53 as digits only and the rest as
    /// `description` writes them.
    public static func text(_ d: Double) -> [UInt8] {
        guard d.isFinite else { return Array("null".utf8) }
        guard let (digits, places) = digits(d) else {
            var text = d.description
            // Integers below 2^53 lose `.0`; from 2^53 on, `description` stands (`9007199254740992.0`).
            if d.magnitude < 0x1p53, text.hasSuffix(".0") { text.removeLast(2) }
            return text == "-0" ? Array("0".utf8) : Array(text.utf8)
        }
        var figures = Array(String(digits).utf8)
        if places > 0 {
            if figures.count <= places { figures.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: places + 1 - figures.count), at: 0) }
            figures.insert(UInt8(ascii: "."), at: figures.count - places)
            while figures.last == UInt8(ascii: "0") { figures.removeLast() }
            if figures.last == UInt8(ascii: ".") { figures.removeLast() }
        }
        return d < 0 && digits != 0 ? [UInt8(ascii: "-")] + figures : figures
    }

    /// 10^0 … 10^21.
    private static let powersOfTen: [UInt128] = [
        1, 10, 100, 1000,
        10000, 100000, 1000000, 10000000,
        100000000, 1000000000, 10000000000, 100000000000,
        1000000000000, 10000000000000, 100000000000000, 1000000000000000,
        10000000000000000, 100000000000000000, 1000000000000000000, 10000000000000000000,
        100000000000000000000, 1000000000000000000000,
    ]
}
