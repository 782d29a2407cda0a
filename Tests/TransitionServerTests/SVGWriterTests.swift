import JSONCodec
import Testing
import TestSupport
@testable import TransitionServer

/// `SVGWriter.number` copies the bytes it wrote for a fractional value when the same value comes
/// again (its memo): every number, first or repeated, colliding in the memo or not, is the JSON
/// writer's.
@Suite struct SVGWriterTests {
    @Test(arguments: [nil, 0, 2, 15] as [Int?])
    func aRepeatedNumberIsWrittenAsTheFirstTime(precision: Int?) {
        var random = SplitMix64(seed: 0x5E6 &+ UInt64(precision ?? 99))
        // A few hundred distinct values, so that slots are taken again, each asked many times;
        // integers, tiny and huge values and non-finite ones among them.
        var values: [Double] = [0, -0.0, 1, -3, 0.5, 1e-7, -2.5e-9, 1e22, 123_456_789.123_456_7, .nan, .infinity, -.infinity, 0x1p53 + 2]
        for _ in 0..<600 { values.append(Double(Int64(bitPattern: random.next() % 2_000_000) - 1_000_000) / 997) }
        var svg = SVGWriter(precision: precision)
        var json = JSONWriter(precision: precision)
        for k in 0..<20_000 {
            let d = values[Int(random.next() % UInt64(values.count))]
            svg.number(d)
            svg.raw(" ")
            json.number(d.isFinite ? d : 0)
            json.raw(" ")
            if k % 5_000 == 4_999 { #expect(svg.bytes == json.bytes, "precision \(String(describing: precision))") }
        }
        #expect(svg.bytes == json.bytes)
    }
}
