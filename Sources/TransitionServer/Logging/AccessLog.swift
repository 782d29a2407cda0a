/// The access log: one line per request, after its answer is built.
struct AccessEntry {
    var method: String
    /// The matched route pattern (`/v1/sessions/{id}`) or `unmatched`: what to group by.
    var route: String
    /// The target as sent, path and query, cut at `maxTargetBytes`.
    var target: String
    var status: Int
    /// Body bytes sent (none for HEAD, 204 and 304), compressed when the answer was.
    var bytes: Int
    var seconds: Double
    /// The client's address (a proxy's, behind one).
    var remote: String
    var requestID: String
    /// A valid W3C `traceparent`, as sent.
    var traceparent: String?

    /// Longest target written: a request line may be tens of kilobytes, a log line should not.
    static let maxTargetBytes = 2048

    /// `path?query`, cut to the limit on a character boundary, marked with `…` when cut.
    static func target(path: String, query: String) -> String {
        let whole = query.isEmpty ? path : path + "?" + query
        guard whole.utf8.count > maxTargetBytes else { return whole }
        var cut = Substring(whole)
        while cut.utf8.count > maxTargetBytes - 3 { cut = cut.dropLast() }
        return cut + "…"
    }
}

extension Logger {
    /// Probes and scrapes come every few seconds from machines: only at debug, so they do not
    /// bury the requests people send. Server errors are errors.
    static let quietRoutes: Set<String> = ["/livez", "/readyz", "/metrics"]

    func access(_ e: AccessEntry) {
        let level: LogLevel = e.status >= 500 ? .error : Self.quietRoutes.contains(e.route) ? .debug : .info
        guard isEnabled(level) else { return }
        var fields: [(key: String, value: Value)] = [
            ("method", .string(e.method)), ("route", .string(e.route)), ("target", .string(e.target)),
            ("status", .integer(e.status)), ("bytes", .integer(e.bytes)),
            ("duration_ms", .number(Double(Int(e.seconds * 1e6)) / 1000)),
            ("remote", .string(e.remote)), ("request_id", .string(e.requestID)),
        ]
        if let traceparent = e.traceparent { fields.append(("traceparent", .string(traceparent))) }
        emit(level, "request", fields)
    }
}
