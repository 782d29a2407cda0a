/// The shortest decimal of every finite double, for the numbers `description` writes in exponent
/// form (below 1e-4 or above 2^53 in magnitude): the same digits, with no `String` made.
///
/// Method: Schubfach (Giulietti, "The Schubfach way to render doubles", 2020) as
/// `ShortestDecimal.digits` applies it, with 10^−k approximated (`ScaledPowersOfTen`) where
/// the plain range has it exactly: the scaled interval's ends are rounded to odd in quarters by
/// `scaled`, which orders them against the candidates as the exact values do (the paper's § 9).
/// Unlike Java's `Double.toString`, which the paper writes for, there is no two-digit minimum:
/// the smallest subnormal is `5e-324`, as `description` has it.
extension ShortestDecimal {
    /// (n, e) with n · 10^e the shortest decimal that reads back as `d` (finite, not zero), n
    /// not a multiple of 10; among several, the nearest to `d`, ties to an even n.
    static func exponentForm(_ d: Double) -> (digits: UInt64, exponent: Int) {
        let magnitude = d.magnitude
        let fraction = magnitude.significandBitPattern, biased = Int(magnitude.exponentBitPattern)
        let c = biased == 0 ? fraction : fraction | 1 << 52
        let q = biased == 0 ? -1074 : biased &- 1075
        // The interval's lower half is halved at a power of two, where the next double down is
        // closer, unless that one is subnormal (the same spacing).
        let lopsided = fraction == 0 && biased > 1
        let k = lopsided ? ScaledPowersOfTen.floorLog10ThreeQuartersPow2(q) : ScaledPowersOfTen.floorLog10Pow2(q)
        let h = q &+ ScaledPowersOfTen.floorLog2Pow10(-k) &+ 2
        let g = ScaledPowersOfTen.table[k &- ScaledPowersOfTen.kMin]
        let center = c &<< 2
        let lower = scaled(g, (center &- (lopsided ? 1 : 2)) &<< UInt64(h))
        let upper = scaled(g, (center &+ 2) &<< UInt64(h))
        let middle = scaled(g, center &<< UInt64(h))
        // An end belongs to the interval when c is even: an odd c needs a candidate one beyond.
        let beyond = c & 1
        let integer = middle &>> 2
        let ten = integer / 10 &* 10
        let tenBelow = lower &+ beyond <= ten &<< 2
        let tenAbove = (ten &+ 10) &<< 2 &+ beyond <= upper
        let (n, e): (UInt64, Int)
        if tenBelow != tenAbove {
            (n, e) = (tenBelow ? ten : ten &+ 10, k)
        } else {
            let below = lower &+ beyond <= integer &<< 2
            let above = (integer &+ 1) &<< 2 &+ beyond <= upper
            // Both in: the nearer, compared in quarters with integer + 1/2.
            let half = integer &<< 2 | 2
            let nearer = middle < half || middle == half && integer & 1 == 0
            (n, e) = (!above || below && nearer ? integer : integer &+ 1, k)
        }
        let (digits, places) = TrailingZeros.dropped(from: n, places: 19)
        return (digits, e &+ 19 &- places)
    }

    /// g · x / 2^127 (g: `ScaledPowersOfTen`'s two 63-bit halves) in whole units, its lowest bit
    /// set when a fraction was dropped (round to odd), as the paper's `rop` computes it.
    @inline(__always)
    private static func scaled(_ g: (high: UInt64, low: UInt64), _ x: UInt64) -> UInt64 {
        let x1 = g.low.multipliedFullWidth(by: x).high
        let (y1, y0) = g.high.multipliedFullWidth(by: x)
        let z = (y0 &>> 1) &+ x1
        let mask: UInt64 = 1 &<< 63 &- 1
        return (y1 &+ (z &>> 63)) | ((z & mask) &+ mask) &>> 63
    }
}
