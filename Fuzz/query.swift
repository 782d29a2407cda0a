import TransitionServer

/// Fuzz target `query`: the query-string parser, fed the raw bytes after `?` as the bridge
/// hands them over (a C string made into a `String`, invalid UTF-8 repaired). It must accept or
/// throw a `Problem`, and what it accepts must answer consistently: distinct names, each one's
/// first value the same through the subscript and through `values`.
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
