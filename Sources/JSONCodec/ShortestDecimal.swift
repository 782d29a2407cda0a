/// The shortest decimal that reads back as a given double, for the plain-notation range the
/// writer meets most (snapshot coordinates, times, alphas): the digits Swift's `description`
/// writes, with one 64 × 128-bit product and no division by a variable.
///
/// Method: Schubfach (Raffaello Giulietti, "The Schubfach way to render doubles", 2020), its
/// choice of scale and candidates, written here with exact products. With d = c · 2^q, every
/// real in d's rounding interval reads back as d: in quarters of 2^q, [4c − 2, 4c + 2] (its lower
/// half is halved, 4c − 1, at a power of two, where the next double down is closer); the ends
/// belong to it when c is even, because reading rounds ties to even.
/// 1. Scale by 10^−k, k = floor(log10 of the interval's width): the scaled width is at least 1
///    and below 10, so the interval holds at most one multiple of 10, and one of the two
///    integers beside d · 10^−k at least (their distances to d sum to 1, no more than the
///    interval's two sides).
/// 2. If it holds a multiple of 10, that is the shortest decimal (unique at k + 1 places; with
///    trailing zeros when fewer places hold it too), its zeros dropped.
/// 3. Otherwise the shortest has k places: of floor(d · 10^−k) and the next integer, the one in
///    the interval, or when both are, the one nearest d (ties to even), as `description` does.
/// In the plain range 10^−k is an integer (k ≤ 0), so the scaled values are exact, not the
/// general method's 126-bit approximations rounded to odd: d · 10^−k · 2^64 = c · 5^−k · 2^(64 + q − k)
/// in 128 bits, its high word the integer part and its low word the exact binary fraction.
enum ShortestDecimal {
    /// (n, k) with n / 10^k the shortest decimal that reads back as `d`, n not a multiple of 10
    /// unless k is 0, when 1e-4 ≤ |d| < 2^53 (where `description` writes plain decimals too);
    /// nil otherwise.
    ///
    /// The bounds keep everything in range: q is −66 to 0 and k −20 to 0, 2^64 · 10^−k · 2^q is
    /// below 2^68 (10^−k < 10 · 2^−q, or 40/3 · 2^−q at a power of two), so the interval's ends
    /// in quarters, below 4 · 2^53 · 40/3 · 2^64, fit 128 bits with 59 bits of integer part.
    @inline(__always)
    static func digits(_ d: Double) -> (digits: UInt64, places: Int)? {
        let magnitude = d.magnitude
        guard magnitude >= 1e-4, magnitude < 0x1p53 else { return nil }
        // Wrapping operators throughout: the bounds rule out overflow, and checks would cost
        // more than the arithmetic.
        let fraction = magnitude.significandBitPattern
        let c = fraction | 1 << 52
        let q = Int(magnitude.exponentBitPattern) &- 1075
        let atPowerOfTwo = fraction == 0
        let scale = scales[q &+ 66 &+ (atPowerOfTwo ? 67 : 0)]
        let places = scale.places, unit = scale.unit
        let center = UInt128(c &<< 2) &* unit
        let lower = quarters(center &- (atPowerOfTwo ? unit : unit &<< 1))
        let upper = quarters(center &+ unit &<< 1)
        // An end belongs to the interval when c is even: an odd c needs a candidate one beyond.
        let beyond = c & 1
        let integer = UInt64(truncatingIfNeeded: center &>> 64) &>> 2
        let ten = integer / 10 &* 10
        let tenBelow = lower &+ beyond <= ten &<< 2
        let tenAbove = (ten &+ 10) &<< 2 &+ beyond <= upper
        if tenBelow != tenAbove {
            return TrailingZeros.dropped(from: tenBelow ? ten : ten &+ 10, places: places)
        }
        let below = lower &+ beyond <= integer &<< 2
        let above = (integer &+ 1) &<< 2 &+ beyond <= upper
        // Both in: the nearer, compared in quarters with integer + 1/2 (exact unless `quarters`
        // rounded, and then odd, never equal to it).
        let half = integer &<< 2 | 2
        let scaled = quarters(center)
        let nearer = scaled < half || scaled == half && integer & 1 == 0
        return (!above || below && nearer ? integer : integer &+ 1, places)
    }

    /// For each q from −66 to 0, then the same at a power of two: the places k of the scale and
    /// 2^q in units of 10^−k, times 2^64 (`unit`), made once so that a number pays no 128-bit
    /// shift by a variable.
    private static let scales: [(places: Int, unit: UInt128)] = [false, true].flatMap { atPowerOfTwo in
        (-66...0).map { q in
            let places = -decimalExponent(binaryExponent: q, atPowerOfTwo: atPowerOfTwo)
            return (places, UInt128(powersOfFive[places]) &<< UInt128(truncatingIfNeeded: 64 &+ q &+ places))
        }
    }

    /// floor(log10 w) for the width w of a rounding interval in the plain range: 2^q, or 3/4 · 2^q
    /// at a power of two (q from −66 to 0). log10 2 ≈ 78913 / 2^18 and log10(3/4) ≈ −32751 / 2^18
    /// are close enough over that range for the floor to be exact (`ShortestDecimalTests`).
    @inline(__always)
    static func decimalExponent(binaryExponent q: Int, atPowerOfTwo: Bool) -> Int {
        (q &* 78913 &- (atPowerOfTwo ? 32751 : 0)) &>> 18
    }

    /// A 128-bit value in quarters times 2^64, as whole quarters with the fraction's trace: the
    /// integer part, its lowest bit set when a fraction was dropped ("round to odd", Schubfach's
    /// device). Compared with an even integer, it orders as the exact value does.
    @inline(__always)
    private static func quarters(_ x: UInt128) -> UInt64 {
        UInt64(truncatingIfNeeded: x &>> 64) | (UInt64(truncatingIfNeeded: x) != 0 ? 1 : 0)
    }

    /// 5^0 … 5^20: 10^n = 5^n · 2^n, the power of two joining the shift.
    static let powersOfFive: [UInt64] = [
        1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125, 9765625, 48828125, 244140625,
        1220703125, 6103515625, 30517578125, 152587890625, 762939453125, 3814697265625,
        19073486328125, 95367431640625,
    ]
}
