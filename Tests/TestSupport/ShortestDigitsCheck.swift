import JSONCodec

/// The proof that the writer's numbers are today's: `JSONWriter.number` (no precision) against the
/// former method (`ShortestDecimalOracle.text`, byte for byte) and against `description` (the same
/// decimal value: digits and exponent, whatever the notation). Shared by JSONCodecTests and
/// `transition-bench digits`, which run it on the same samples (`ShortestDigitsSamples`).
public enum ShortestDigitsCheck {
    /// A double the writer wrote differently.
    public struct Mismatch: CustomStringConvertible, Sendable {
        /// Its place in the values checked.
        public let index: Int
        public let value: Double
        public let written: String
        public let oracle: String
        public var description: String {
            "\(value) (bits 0x\(String(value.bitPattern, radix: 16))): written \(written), former writer \(oracle), description \(value.description)"
        }
    }

    /// The doubles of `values` the writer writes differently from the oracle or from `description`.
    /// All are written into one array, as the service writes them (commas between).
    public static func mismatches(_ values: [Double]) -> [Mismatch] {
        var writer = JSONWriter(reservingCapacity: values.count * 24 + 2)
        writer.beginArray()
        for d in values { writer.number(d) }
        writer.endArray()
        let bytes = writer.bytes
        let texts = bytes[1 ..< bytes.count - 1].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard texts.count == values.count else {
            return [Mismatch(index: 0, value: .nan, written: "\(texts.count) numbers for \(values.count)", oracle: "")]
        }
        var found: [Mismatch] = []
        for (index, (d, text)) in zip(values, texts).enumerated() {
            let oracle = ShortestDecimalOracle.text(d)
            let sameAsDescription = !d.isFinite || DecimalText(text) == DecimalText(Array(d.description.utf8))
            if !text.elementsEqual(oracle) || !sameAsDescription {
                found.append(Mismatch(index: index, value: d, written: String(decoding: text, as: UTF8.self), oracle: String(decoding: oracle, as: UTF8.self)))
            }
        }
        return found
    }
}

/// A decimal number's value as its significant digits and exponent, whatever the notation:
/// `0.0015`, `1.5e-03` and `15e-4` are all digits 15, exponent −2 (0.15 × 10^−2). Zero of either
/// sign is no digits, exponent 0, positive.
public struct DecimalText: Equatable {
    var negative = false
    var digits: [UInt8] = []
    var exponent = 0

    public init(_ text: some Collection<UInt8>) {
        var mantissa = Array(text)
        if let e = mantissa.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            exponent = Int(String(decoding: mantissa[(e + 1)...].filter { $0 != UInt8(ascii: "+") }, as: UTF8.self)) ?? .min
            mantissa.removeSubrange(e...)
        }
        if mantissa.first == UInt8(ascii: "-") {
            negative = true
            mantissa.removeFirst()
        }
        let point = mantissa.firstIndex(of: UInt8(ascii: ".")) ?? mantissa.count
        exponent += point
        mantissa.removeAll { $0 == UInt8(ascii: ".") }
        while mantissa.first == UInt8(ascii: "0") {
            mantissa.removeFirst()
            exponent -= 1
        }
        while mantissa.last == UInt8(ascii: "0") { mantissa.removeLast() }
        digits = mantissa
        if digits.isEmpty { (negative, exponent) = (false, 0) }
    }
}
