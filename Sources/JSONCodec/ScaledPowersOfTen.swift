/// 10^−k for every decimal exponent a double's shortest digits need (k from −324 to 292), as
/// 126-bit integers: 10^−k = β · 2^r with 2^125 ≤ β < 2^126, stored as g = ⌊β⌋ + 1 in two 63-bit
/// halves, the table of Schubfach (Giulietti, 2020, § 9), whose proof shows that g's error leaves
/// every comparison `ShortestDecimal.exponentForm` makes as the exact value would.
///
/// Made once, at the first number written in exponent form, in exact integer arithmetic: 10^n by
/// repeated multiplication, β by a shift of it, or, for k > 0, by dividing 2^e by 10^k.
enum ScaledPowersOfTen {
    static let kMin = -324, kMax = 292

    /// floor(log10 2^e), for |e| ≤ 5456 (the paper's `flog10pow2`).
    @inline(__always)
    static func floorLog10Pow2(_ e: Int) -> Int { (e &* 661_971_961_083) &>> 41 }

    /// floor(log10 (3/4 · 2^e)), the same range.
    @inline(__always)
    static func floorLog10ThreeQuartersPow2(_ e: Int) -> Int { (e &* 661_971_961_083 &- 274_743_187_321) &>> 41 }

    /// floor(log2 10^e), the same range.
    @inline(__always)
    static func floorLog2Pow10(_ e: Int) -> Int { (e &* 913_124_641_741) &>> 38 }

    /// g for each k from `kMin` on.
    static let table: [(high: UInt64, low: UInt64)] = {
        var power: [UInt64] = [1]  // 10^n, words least significant first
        var powers = [power]
        for _ in 1 ... -kMin {
            power = timesTen(power)
            powers.append(power)
        }
        return (kMin ... kMax).map { k in
            let shift = 125 &- floorLog2Pow10(-k)  // β = 10^−k · 2^shift
            let beta = k <= 0 ? bits(of: powers[-k], shiftedBy: shift) : quotient(ofPowerOfTwo: shift, by: powers[k])
            let g = beta &+ 1
            return (UInt64(truncatingIfNeeded: g &>> 63), UInt64(truncatingIfNeeded: g) & (1 &<< 63 &- 1))
        }
    }()

    /// 10 · x.
    private static func timesTen(_ x: [UInt64]) -> [UInt64] {
        var carry: UInt64 = 0
        var product = x.map { word in
            let (high, low) = word.multipliedFullWidth(by: 10)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            carry = high &+ (overflow ? 1 : 0)
            return sum
        }
        if carry != 0 { product.append(carry) }
        return product
    }

    /// ⌊x · 2^shift⌋, known to be below 2^128.
    private static func bits(of x: [UInt64], shiftedBy shift: Int) -> UInt128 {
        var result: UInt128 = 0
        for i in 0 ..< 128 {
            let bit = i &- shift
            guard bit >= 0, bit / 64 < x.count else { continue }
            if x[bit / 64] &>> UInt64(bit % 64) & 1 == 1 { result |= 1 &<< UInt128(i) }
        }
        return result
    }

    /// ⌊2^e / d⌋, known to be below 2^126: long division, one bit at a time, from the remainder
    /// 2^(e − 126), which is below d.
    private static func quotient(ofPowerOfTwo e: Int, by d: [UInt64]) -> UInt128 {
        var remainder = [UInt64](repeating: 0, count: d.count &+ 1)
        remainder[(e &- 126) / 64] = 1 &<< UInt64((e &- 126) % 64)
        var quotient: UInt128 = 0
        for _ in 0 ..< 126 {
            var carry: UInt64 = 0
            for i in remainder.indices {
                let word = remainder[i]
                remainder[i] = word &<< 1 | carry
                carry = word &>> 63
            }
            quotient &<<= 1
            if !isLess(remainder, d) {
                var borrow = false
                for i in remainder.indices {
                    let (a, o1) = remainder[i].subtractingReportingOverflow(i < d.count ? d[i] : 0)
                    let (b, o2) = a.subtractingReportingOverflow(borrow ? 1 : 0)
                    remainder[i] = b
                    borrow = o1 || o2
                }
                quotient |= 1
            }
        }
        return quotient
    }

    /// x < y, for words least significant first (x at least as long as y).
    private static func isLess(_ x: [UInt64], _ y: [UInt64]) -> Bool {
        for i in stride(from: x.count &- 1, through: 0, by: -1) {
            let other = i < y.count ? y[i] : 0
            if x[i] != other { return x[i] < other }
        }
        return false
    }
}
