@testable import JSONCodec
import Testing
import TestSupport

/// `ShortestDecimal` (Schubfach with exact products) against the former method kept as an oracle
/// and against `description`, and the facts its arithmetic rests on.
struct ShortestDecimalTests {
    /// A million doubles of every kind (`ShortestDigitsSamples`): the writer writes the former
    /// writer's bytes and `description`'s value, and `digits` gives the oracle's digits and places.
    /// `transition-bench digits N` runs the same check on more.
    @Test func millionDoublesAsTheFormerWriterAndDescription() {
        var samples = ShortestDigitsSamples(seed: 45)
        var digitsDiffer = 0
        for _ in 0 ..< 100 {
            var batch: [Double] = []
            for _ in 0 ..< 10_000 {
                let d = samples.next().value
                batch.append(d)
                let new = ShortestDecimal.digits(d), old = ShortestDecimalOracle.digits(d)
                if new?.digits != old?.digits || new?.places != old?.places {
                    digitsDiffer += 1
                    if digitsDiffer <= 5 { Issue.record("digits of \(d): \(String(describing: new)), former \(String(describing: old))") }
                }
            }
            let mismatches = ShortestDigitsCheck.mismatches(batch)
            #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
            if !mismatches.isEmpty { return }
        }
        #expect(digitsDiffer == 0)
    }

    /// The check itself fails when the writer differs: a wrong digit, a changed notation.
    @Test func theCheckCatchesADifference() {
        #expect(DecimalText(Array("0.0015".utf8)) == DecimalText(Array("1.5e-03".utf8)))
        #expect(DecimalText(Array("-0".utf8)) == DecimalText(Array("0.0".utf8)))
        #expect(DecimalText(Array("0.15".utf8)) != DecimalText(Array("0.16".utf8)))
        #expect(DecimalText(Array("1e+16".utf8)) == DecimalText(Array("10000000000000000".utf8)))
        #expect(ShortestDecimalOracle.text(0.1 + 0.2) == Array("0.30000000000000004".utf8))
        #expect(ShortestDecimalOracle.text(-1e-5) == Array("-1e-05".utf8))
        #expect(ShortestDecimalOracle.text(-0.0) == Array("0".utf8))
        #expect(ShortestDigitsCheck.mismatches([0.5, 1e300, .nan, -3]).isEmpty)
    }

    /// Hand-picked: each branch (a multiple of ten at k + 1 places, the lower or upper neighbour
    /// at k places, a tie to even), powers of two, the range's ends.
    @Test func chosenCases() {
        for (d, digits, places): (Double, UInt64, Int) in [
            (0.5, 5, 1), (0.25, 25, 2), (12.5, 125, 1), (0.1, 1, 1), (0.3, 3, 1), (0.1 + 0.2, 30_000_000_000_000_004, 17),
            (1e-4, 1, 4), (2.675, 2675, 3), (0x1p52, 4_503_599_627_370_496, 0),
            (0x1p53.nextDown, 9_007_199_254_740_991, 0), (0.1.nextUp, 10_000_000_000_000_002, 17), (123456.789, 123_456_789, 3),
        ] {
            let result = ShortestDecimal.digits(d)
            #expect(result?.digits == digits && result?.places == places, "\(d): \(String(describing: result))")
        }
        #expect(ShortestDecimal.digits(1e-4.nextDown) == nil)
        #expect(ShortestDecimal.digits(0x1p53) == nil)
        #expect(ShortestDecimal.digits(.nan) == nil)
        #expect(ShortestDecimal.digits(.infinity) == nil)
        #expect(ShortestDigitsCheck.mismatches([2.675, 0.1 + 0.2, 1e-4, 1e-4.nextDown, 1e9 - 0.5, 0x1p53.nextDown / 2]).isEmpty)
    }

    /// The table is 5^n, exactly (10^n = 5^n · 2^n).
    @Test func powersOfFive() {
        var power: UInt64 = 1
        for (n, entry) in ShortestDecimal.powersOfFive.enumerated() {
            #expect(entry == power, "5^\(n)")
            power *= 5
        }
        #expect(ShortestDecimal.powersOfFive.count == 21)
    }

    /// floor(log10) of the interval's width, for every binary exponent of the plain range, in
    /// exact integers: with w = 2^q (or 3/4 · 2^q) and k ≤ 0, 10^k ≤ w < 10^(k+1).
    @Test func decimalExponentIsExactOverThePlainRange() {
        func pow(_ base: UInt128, _ n: Int) -> UInt128 { (0 ..< n).reduce(1) { r, _ in r * base } }
        for q in -66 ... 0 {
            for atPowerOfTwo in [false, true] {
                let k = ShortestDecimal.decimalExponent(binaryExponent: q, atPowerOfTwo: atPowerOfTwo)
                #expect(k <= 0 && k >= -20)
                // w · 4 · 2^−q = 4 (or 3); scaled by 10^−k on both sides.
                let width: UInt128 = atPowerOfTwo ? 3 : 4
                #expect(width * pow(10, -k) >= 4 * pow(2, -q), "q \(q): 10^k above the width")
                if k < 0 { #expect(width * pow(10, -k - 1) < 4 * pow(2, -q), "q \(q): 10^(k+1) not above the width") }
            }
        }
    }

    /// Divisibility by 10^j by multiplication and rotation, against division, near multiples and
    /// at random; and dropping zeros against a loop.
    @Test func trailingZeros() {
        var rng = SplitMix64(seed: 10)
        let cases: [(UInt64, UInt64, UInt64)] = [(1, 0xCCCC_CCCC_CCCC_CCCD, 1_844_674_407_370_955_161), (2, 0x8F5C_28F5_C28F_5C29, 184_467_440_737_095_516),
                                                 (4, 0xD288_CE70_3AFB_7E91, 1_844_674_407_370_955), (8, 0xC767_074B_22E9_0E21, 184_467_440_737)]
        for (j, inverse, limit) in cases {
            let power = (0 ..< j).reduce(UInt64(1)) { r, _ in r * 10 }
            #expect(inverse &* (power >> j) == 1 && limit == UInt64.max / power)
            for _ in 0 ..< 100_000 {
                let multiple = UInt64.random(in: 0 ... UInt64.max / power, using: &rng) * power
                for n in [multiple, multiple &+ 1, multiple &- 1, multiple &+ power / 2, rng.next(), rng.next() >> 5] {
                    let quotient = TrailingZeros.exactQuotient(n, j, inverse: inverse, limit: limit)
                    #expect(quotient == (n % power == 0 ? n / power : nil), "\(n) by 10^\(j)")
                }
            }
        }
        for _ in 0 ..< 100_000 {
            let zeros = Int.random(in: 0 ... 15, using: &rng)
            let n = UInt64.random(in: 0 ... 9_999, using: &rng) * (0 ..< zeros).reduce(UInt64(1)) { r, _ in r * 10 }
            let places = Int.random(in: 0 ... 21, using: &rng)
            var (digits, left) = (n, places)
            while left > 0, digits % 10 == 0 { (digits, left) = (digits / 10, left - 1) }
            let result = TrailingZeros.dropped(from: n, places: places)
            #expect(result.digits == digits && result.places == left, "\(n) at \(places)")
        }
    }

    /// Exponent form from the shortest digits: each end of the range, subnormals, the largest
    /// double, one digit and seventeen, and 2^53 (plain, with `.0`), written as `description`.
    @Test func exponentForm() {
        for d in [5e-324, 1e-323, 2.2250738585072014e-308, 2.2250738585072014e-308.nextDown, 1e-4.nextDown, 1e-5, 1.5e-5, 1e-100,
                  0x1p53.nextUp, 1e16, 1e22, 1e23, 1.2345678901234568e+20, .greatestFiniteMagnitude, 0x1p1023] {
            for value in [d, -d] {
                var writer = JSONWriter(reservingCapacity: 64)
                writer.number(value)
                #expect(writer.bytes == Array(value.description.utf8), "\(value)")
            }
        }
        for (d, digits, exponent): (Double, UInt64, Int) in [(5e-324, 5, -324), (1e23, 1, 23), (.greatestFiniteMagnitude, 17_976_931_348_623_157, 292)] {
            let form = ShortestDecimal.exponentForm(d)
            #expect(form.digits == digits && form.exponent == exponent, "\(d): \(form)")
        }
        for (d, text) in [(0x1p53, "9007199254740992.0"), (-0x1p53, "-9007199254740992.0")] {
            var writer = JSONWriter(reservingCapacity: 64)
            writer.number(d)
            #expect(writer.bytes == Array(text.utf8))
        }
        #expect(ShortestDigitsCheck.mismatches([5e-324, -1e-5, 0x1p53, 0x1p53.nextUp, 1e300, -2.5e-310]).isEmpty)
    }

    /// Each 10^−k of the table is scaled into [2^125, 2^126) (g = ⌊β⌋ + 1), 10^0 exactly.
    @Test func scaledPowersOfTen() {
        let table = ScaledPowersOfTen.table
        #expect(table.count == ScaledPowersOfTen.kMax - ScaledPowersOfTen.kMin + 1)
        for (i, g) in table.enumerated() {
            let value = UInt128(g.high) << 63 | UInt128(g.low)
            #expect(g.low < 1 << 63 && value > 1 << 125 && value <= 1 << 126, "k \(i + ScaledPowersOfTen.kMin)")
        }
        // 10^0: β = 2^125, g = 2^125 + 1; 10^1: β = 10 · 2^122 = 5 · 2^123.
        #expect(table[-ScaledPowersOfTen.kMin].high == 1 << 62 && table[-ScaledPowersOfTen.kMin].low == 1)
        #expect(table[-ScaledPowersOfTen.kMin - 1].high == 5 << 60 && table[-ScaledPowersOfTen.kMin - 1].low == 1)
    }
}
