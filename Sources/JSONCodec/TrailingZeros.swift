/// Dropping a decimal's trailing fraction zeros without dividing: n is a multiple of 10^j
/// exactly when n · (5^j)⁻¹ mod 2^64, rotated right by j bits, is at most (2^64 − 1) / 10^j, and
/// that rotation is then n / 10^j (Granlund and Montgomery, "Division by invariant integers
/// using multiplication", PLDI 1994, § 9: a multiple of an odd number times its inverse is the
/// exact quotient, and a rotation tests and divides by the power of two at once).
enum TrailingZeros {
    /// n / 10^places as (m, p) with m / 10^p the same value and m not a multiple of 10 unless p
    /// is 0: eights of zeros, then at most a four, a two and a one.
    @inline(__always)
    static func dropped(from n: UInt64, places: Int) -> (digits: UInt64, places: Int) {
        var digits = n
        var places = places
        while places >= 8, let quotient = exactQuotient(digits, 8, inverse: 0xC767_074B_22E9_0E21, limit: 184_467_440_737) {
            digits = quotient
            places &-= 8
        }
        if places >= 4, let quotient = exactQuotient(digits, 4, inverse: 0xD288_CE70_3AFB_7E91, limit: 1_844_674_407_370_955) {
            digits = quotient
            places &-= 4
        }
        if places >= 2, let quotient = exactQuotient(digits, 2, inverse: 0x8F5C_28F5_C28F_5C29, limit: 184_467_440_737_095_516) {
            digits = quotient
            places &-= 2
        }
        if places >= 1, let quotient = exactQuotient(digits, 1, inverse: 0xCCCC_CCCC_CCCC_CCCD, limit: 1_844_674_407_370_955_161) {
            digits = quotient
            places &-= 1
        }
        return (digits, places)
    }

    /// n / 10^j when it is an integer, nil otherwise; `inverse` is (5^j)⁻¹ mod 2^64 and `limit`
    /// (2^64 − 1) / 10^j.
    @inline(__always)
    static func exactQuotient(_ n: UInt64, _ j: UInt64, inverse: UInt64, limit: UInt64) -> UInt64? {
        let product = n &* inverse
        let rotated = product &>> j | product &<< (64 &- j)
        return rotated <= limit ? rotated : nil
    }
}
