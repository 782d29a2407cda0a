/// The bytes of JSON's grammar, named, for the parser and the writer (computed properties, so
/// they fold to constants).
extension UInt8 {
    @inlinable static var quote: UInt8 { UInt8(ascii: "\"") }
    @inlinable static var backslash: UInt8 { UInt8(ascii: "\\") }
    @inlinable static var slash: UInt8 { UInt8(ascii: "/") }
    @inlinable static var comma: UInt8 { UInt8(ascii: ",") }
    @inlinable static var colon: UInt8 { UInt8(ascii: ":") }
    @inlinable static var minus: UInt8 { UInt8(ascii: "-") }
    @inlinable static var plus: UInt8 { UInt8(ascii: "+") }
    @inlinable static var dot: UInt8 { UInt8(ascii: ".") }
    @inlinable static var digit0: UInt8 { UInt8(ascii: "0") }
    @inlinable static var digit9: UInt8 { UInt8(ascii: "9") }
    @inlinable static var openBrace: UInt8 { UInt8(ascii: "{") }
    @inlinable static var closeBrace: UInt8 { UInt8(ascii: "}") }
    @inlinable static var openBracket: UInt8 { UInt8(ascii: "[") }
    @inlinable static var closeBracket: UInt8 { UInt8(ascii: "]") }
    @inlinable static var space: UInt8 { UInt8(ascii: " ") }
    @inlinable static var tab: UInt8 { UInt8(ascii: "\t") }
    @inlinable static var lineFeed: UInt8 { UInt8(ascii: "\n") }
    @inlinable static var carriageReturn: UInt8 { UInt8(ascii: "\r") }
}
