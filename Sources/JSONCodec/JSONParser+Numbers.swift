/// Numbers: the RFC 8259 grammar checked byte by byte, then converted correctly rounded.
extension Parser {
    /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` starting under `index`.
    mutating func number() throws(JSONParseError) -> Double {
        let start = index
        let isNegative = input[index] == .minus
        if isNegative { index += 1 }
        guard index < input.count, isDigit(input[index]) else { throw unexpected("expected a digit after '-'") }
        // The digits as an integer (wrapping once there are too many to matter: see below).
        var significand: UInt64 = 0
        var digitCount = 0
        if input[index] == .digit0, index + 1 < input.count, isDigit(input[index + 1]) {
            throw error(at: index, "a JSON number cannot have leading zeros")
        }
        readDigits(into: &significand, count: &digitCount)
        var fractionDigits = 0
        if index < input.count, input[index] == .dot {
            index += 1
            guard index < input.count, isDigit(input[index]) else { throw unexpected("expected a digit after the decimal point") }
            let before = digitCount
            readDigits(into: &significand, count: &digitCount)
            fractionDigits = digitCount - before
        }
        var exponent = 0
        if index < input.count, input[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            let isNegativeExponent = index < input.count && input[index] == .minus
            if index < input.count, input[index] == .minus || input[index] == .plus { index += 1 }
            guard index < input.count, isDigit(input[index]) else { throw unexpected("expected a digit in the exponent") }
            while index < input.count, isDigit(input[index]) {
                // Saturates: any exponent this large under- or overflows anyway.
                exponent = min(exponent * 10 + Int(input[index] - .digit0), 1_000_000)
                index += 1
            }
            if isNegativeExponent { exponent = -exponent }
        }
        // Clinger's fast path: a significand below 2^53 is exact as a double, and so is 10^k for
        // k ≤ 22, so a single multiplication or division rounds correctly. (At most 19 digits
        // have not wrapped.)
        let scale = exponent - fractionDigits
        if digitCount <= 19, significand <= 1 << 53, scale.magnitude <= 22 {
            let magnitude = scale < 0 ? Double(significand) / Self.powersOfTen[-scale] : Double(significand) * Self.powersOfTen[scale]
            return isNegative ? -magnitude : magnitude
        }
        #if arch(x86_64)
        if digitCount <= 19, scale.magnitude <= 27, let magnitude = Self.extendedFastPath(significand, scale: scale) {
            return isNegative ? -magnitude : magnitude
        }
        #endif
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start ..< index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error(at: start, "the number \(Self.excerpt(text)) is too large for a 64-bit float")
        }
        return value
    }

    private mutating func readDigits(into significand: inout UInt64, count: inout Int) {
        while index < input.count, isDigit(input[index]) {
            significand = significand &* 10 &+ UInt64(input[index] - .digit0)
            count += 1
            index += 1
        }
    }

    #if arch(x86_64)
    /// The same in 80-bit floats, for the 16 to 19 digits a shortest double mostly has: any
    /// significand below 10^19 is exact in their 64 bits, and so is 10^k for k ≤ 27 (5^27 < 2^64),
    /// so the product or quotient is rounded once to 64 bits, then again to a double's 53. That
    /// second rounding is the correct one unless the 64-bit result lies exactly halfway between two
    /// doubles (its 11 bits below a double's are 0x400): the exact value is within half a 64-bit
    /// unit of it, so from any other pattern it is on the same side of every halfway point. Nil in
    /// that case, for the exact path. (No result here is subnormal or infinite: 10^-27 ≤ |x| < 10^46.)
    private static func extendedFastPath(_ significand: UInt64, scale: Int) -> Double? {
        let power = extendedPowersOfTen[Int(scale.magnitude)]
        let extended = scale < 0 ? Float80(significand) / power : Float80(significand) * power
        guard extended.significandBitPattern & 0x7FF != 0x400 else { return nil }
        return Double(extended)
    }

    /// 10^k at k for 0 ≤ k ≤ 27, all exactly representable in 80 bits; made once, not per number.
    private static let extendedPowersOfTen: [Float80] = (0 ... 27).map { k in
        var result: Float80 = 1
        for _ in 0 ..< k { result *= 10 }  // exact at every step: 5^27 < 2^64
        return result
    }
    #endif

    private func isDigit(_ byte: UInt8) -> Bool { (.digit0 ... .digit9).contains(byte) }

    /// 10^k at k for 0 ≤ k ≤ 22, all exactly representable; made once, not per number.
    private static let powersOfTen: [Double] = (0 ... 22).map { k in
        var result = 1.0
        for _ in 0 ..< k { result *= 10 }  // exact at every step: 10^j = 5^j · 2^j and 5^22 < 2^53
        return result
    }
}
