import JSONCodec

/// The expression at `key`; an absent one (`fallback`) is located at `key` all the same.
func expr(_ r: inout SpecReader, _ key: String, default fallback: Double?) throws(SimulationError) -> Located<Expression> {
    guard let v = r.value(key) else {
        if let fallback { return Located(.constant(fallback), at: r.path(key)) }
        throw SimulationError(r.path(key), "is required")
    }
    return try .decode(v, at: r.path(key))
}

/// Expressions for a fixed-length JSON array (`[tx, ty]`), or `nil` when `json` is not one.
func exprList(_ json: JSONValue, count: Int, at pointer: String) throws(SimulationError) -> [Located<Expression>]? {
    guard let list = json.arrayValue else { return nil }
    guard list.count == count else { throw SimulationError(pointer, "expected \(count) numbers, found \(list.count)") }
    var result: [Located<Expression>] = []
    for (i, item) in list.enumerated() { result.append(try .decode(item, at: SpecReader.child(pointer, String(i)))) }
    return result
}
