import Foundation
import Testing
@testable import TransitionServer

/// `t`, `from` and `to`: plain decimals are read without `strtod` (`Application.plainDecimal`),
/// which must give the double `Double(_:)` reads, for every one.
@Suite struct TimeParameterTests {
    @Test func plainDecimalsReadAsDoubleReadsThem() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200_000 {
            let whole = Int.random(in: 0...10_000_000, using: &generator)
            let fraction = String(UInt64.random(in: 0...999_999_999_999_999, using: &generator)).prefix(Int.random(in: 1...15, using: &generator))
            for text in ["\(whole)", "\(whole).\(fraction)", "0.\(fraction)", "\(whole % 1000).\(fraction)"] {
                let expected = try #require(Double(text))
                let read = Application.plainDecimal(text)
                if text.utf8.filter({ $0 != UInt8(ascii: ".") }).count <= 15 {
                    #expect(read?.bitPattern == expected.bitPattern, "\(text)")
                } else {
                    #expect(read == nil, "\(text)")
                }
            }
        }
    }

    @Test func otherFormsAreLeftToDouble() throws {
        for text in ["", ".5", "5.", "1e3", "+1", "-0", "1.2.3", "0x10", "1 ", "1234567890123456", "0.0000000000000001"] {
            #expect(Application.plainDecimal(text) == nil, "\(text)")
        }
        // What the parameter accepts is unchanged.
        #expect(try Application.time("1e-3", name: "t") == 0.001)
        #expect(try Application.time(".5", name: "t") == 0.5)
        #expect(try Application.time("0.25", name: "t") == 0.25)
        #expect(throws: Problem.self) { try Application.time("0x10", name: "t") }
        #expect(throws: Problem.self) { try Application.time("10000000.5", name: "t") }
    }
}
