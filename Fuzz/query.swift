import TransitionServer

/// Fuzz target `query`: the query-string parser, fed the raw bytes after `?` made into a `String`
/// as the bridge makes them (invalid UTF-8 repaired; NUL bytes, which the bridge's C string
/// cannot carry, are kept, so the fuzzer covers a little more than the server). It must accept or
/// throw a `Problem`, and what it accepts must answer consistently: each name `firstName(notIn:)`
/// finds past the ones found before is a new one, and its first value is the same through the
/// subscript and through `values`. What the routes make of the
/// parameters is the `snapshots` target's part.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let raw = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let query = try? QueryParameters(raw) else { return 0 }
    var names: [String] = []
    while let name = query.firstName(notIn: names) {
        precondition(!names.contains(name) && names.count < QueryParameters.maxCount, "firstName(notIn:) repeats a name")
        let values = query.values(name)
        precondition(!values.isEmpty && query[name] == values.first, "'\(name)' answers differently by subscript and values")
        names.append(name)
    }
    return 0
}
