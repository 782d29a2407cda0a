import JSONCodec

/// Fuzz target `json`: the strict JSON parser, which reads every request body straight from the
/// network. Any input must either parse or throw a `JSONParseError` (never trap, hang or read out
/// of bounds), and what parses must survive the writer: `parse(encode(v)) == v`, the property the
/// server relies on when it echoes a client's animator definition back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let value = try? JSONParser.parse(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    let written = JSONWriter.encode(value)
    guard let reparsed = try? JSONParser.parse(written), reparsed == value else {
        fatalError("the writer's output does not parse back to the same value: \(String(decoding: written, as: UTF8.self))")
    }
    return 0
}
