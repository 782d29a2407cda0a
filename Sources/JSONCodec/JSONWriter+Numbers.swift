/// Number formatting. One format, so equal doubles always give equal bytes:
/// - non-finite → `null` (JSON has no NaN or infinity);
/// - integral with |d| < 2^53 → digits only (`320`, and `-0` → `0`);
/// - otherwise the shortest text that reads back as the same double, as Swift's `description`
///   writes it (`0.15`, `1e-05`, `1.2345678901234568e+16`: valid JSON for every finite value),
///   computed by `ShortestDecimal` in the common plain-decimal range.
extension JSONWriter {
    /// Writes `d`, first rounded to `precision` decimal places when the writer has one.
    public mutating func number(_ d: Double) {
        guard let scale, let precision else {
            appendShortest(d)
            return
        }
        let units = (d * scale).rounded()
        let rounded = units / scale
        if units.magnitude < 0x1p50, rounded == 0 || rounded.magnitude >= 1e-4 {
            // The digits are those of `units`: below 2^50, adjacent multiples of 10^-precision
            // are more than an ulp apart, so `units` / 10^precision, trailing zeros dropped, is
            // the shortest decimal of `rounded`, the same bytes `appendShortest(rounded)` writes.
            appendDecimal(UInt64(units.magnitude), isNegative: units < 0, fractionDigits: precision)
        } else {
            // From 2^53 on, d · 10^precision has no fraction left to round (NaN and ±∞ pass too).
            appendShortest(units.magnitude < 0x1p53 ? rounded : d)
        }
    }

    private mutating func appendShortest(_ d: Double) {
        if !d.isFinite {
            appendValueToken("null")
        } else if d.magnitude < 0x1p53, d == Double(Int64(d)) {  // (cheaper than `rounded`, a libm call)
            appendDecimal(UInt64(d.magnitude), isNegative: d < 0, fractionDigits: 0)
        } else if let (digits, places) = ShortestDecimal.digits(d) {
            appendDecimal(digits, isNegative: d < 0, fractionDigits: places)
        } else {
            let comma = takeComma()
            var text = d.description
            text.withUTF8 { text in
                appendSpare(text.count + 1) { out in
                    var n = 0
                    if comma { out[n] = .comma; n += 1 }
                    return Self.copy(text, to: out, at: n)
                }
            }
        }
    }

    /// Writes ±magnitude / 10^fractionDigits in plain decimal after its comma: trailing fraction
    /// zeros dropped (and the point with them), zero unsigned.
    mutating func appendDecimal(_ magnitude: UInt64, isNegative: Bool, fractionDigits: Int) {
        var rest = magnitude
        var places = fractionDigits
        while places > 0, rest % 10 == 0 {
            rest /= 10
            places -= 1
        }
        let sign = isNegative && magnitude != 0 ? 1 : 0
        let comma = takeComma() ? 1 : 0
        let integerDigits = max(Self.digitCount(rest) - places, 1)  // "0.05" still has its "0"
        let length = comma + sign + integerDigits + (places > 0 ? places + 1 : 0)
        appendSpare(length) { out in
            var end = length
            var integer = rest
            if places > 0 {
                integer = Self.writeDigits(rest, count: places, endingAt: end, in: out)
                end -= places + 1
                out[end] = .dot
            }
            _ = Self.writeDigits(integer, count: integerDigits, endingAt: end, in: out)
            if sign == 1 { out[comma] = .minus }
            if comma == 1 { out[0] = .comma }
            return length
        }
    }

    /// Writes the last `count` decimal digits of `value` (zero-padded) just before `end`;
    /// returns the digits left over, value / 10^count. Digits come two at a time from a table,
    /// and each eight split into independent halves, so that the divisions overlap rather than
    /// form one long chain.
    private static func writeDigits(_ value: UInt64, count: Int, endingAt end: Int, in out: UnsafeMutableBufferPointer<UInt8>) -> UInt64 {
        var value = value
        var position = end
        var remaining = count
        while remaining >= 8 {
            let (rest, eight) = value.quotientAndRemainder(dividingBy: 100_000_000)
            let (high, low) = UInt32(truncatingIfNeeded: eight).quotientAndRemainder(dividingBy: 10_000)
            writePair(low % 100, at: position - 2, in: out)
            writePair(low / 100, at: position - 4, in: out)
            writePair(high % 100, at: position - 6, in: out)
            writePair(high / 100, at: position - 8, in: out)
            value = rest
            position -= 8
            remaining -= 8
        }
        while remaining >= 2 {
            writePair(UInt32(truncatingIfNeeded: value % 100), at: position - 2, in: out)
            value /= 100
            position -= 2
            remaining -= 2
        }
        if remaining == 1 {
            out[position - 1] = .digit0 + UInt8(truncatingIfNeeded: value % 10)
            value /= 10
        }
        return value
    }

    /// Writes `pair` (below 100) as two digits at `position`.
    private static func writePair(_ pair: UInt32, at position: Int, in out: UnsafeMutableBufferPointer<UInt8>) {
        out[position] = digitPairs.utf8Start[Int(pair) * 2]
        out[position + 1] = digitPairs.utf8Start[Int(pair) * 2 + 1]
    }

    /// Decimal digits in `value` (1 for zero), from its bit length: log10(2) ≈ 1233 / 4096.
    private static func digitCount(_ value: UInt64) -> Int {
        let guess = ((64 - value.leadingZeroBitCount) * 1233) >> 12
        return max(guess + (value >= powersOfTen[guess] ? 1 : 0), 1)
    }

    private static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// 10^0 … 10^19, every power of ten a UInt64 holds.
    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1000, 10000,
        100000, 1000000, 10000000, 100000000, 1000000000,
        10000000000, 100000000000, 1000000000000, 10000000000000, 100000000000000,
        1000000000000000, 10000000000000000, 100000000000000000, 1000000000000000000, 10000000000000000000,
    ]
}
