import TransitionServer

/// Fuzz target `query`: the query-string parser, fed the raw bytes after `?` made into a `String`
/// as the bridge makes them (invalid UTF-8 repaired; NUL bytes, which the bridge's C string
/// cannot carry, are kept, so the fuzzer covers a little more than the server). It must accept or
/// throw a `Problem`, and what it accepts must answer consistently: distinct names, each one's
/// first value the same through the subscript and through `values`. What the routes make of the
/// parameters is the `snapshots` target's part.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let raw = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let query = try? QueryParameters(raw) else { return 0 }
    let names = query.names
    precondition(Set(names).count == names.count, "names repeats a name")
    for name in names {
        let values = query.values(name)
        precondition(!values.isEmpty && query[name] == values.first, "'\(name)' answers differently by subscript and values")
    }
    return 0
}
