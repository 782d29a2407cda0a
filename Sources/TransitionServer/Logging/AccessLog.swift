/// The access log: one line per request, after its answer is built.
struct AccessEntry {
    var method: String
    /// The matched route pattern (`/v1/sessions/{id}`) or `unmatched`: what to group by.
    var route: String
    var path: String
    var query: String
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

    /// `path?query` as sent, cut to the limit at a UTF-8 sequence boundary and marked with `…`
    /// when cut. Linear in the limit, whatever the target's length.
    var target: String {
        let whole = query.isEmpty ? path : path + "?" + query
        let bytes = whole.utf8
        guard bytes.count > Self.maxTargetBytes else { return whole }
        var end = bytes.index(bytes.startIndex, offsetBy: Self.maxTargetBytes - 3)
        while end > bytes.startIndex && bytes[end] & 0xC0 == 0x80 { bytes.formIndex(before: &end) }
        return String(decoding: bytes[..<end], as: UTF8.self) + "…"
    }
}

extension Logger {
    /// Probes and scrapes come every few seconds from machines: only at debug, so they do not
    /// bury the requests people send. Server errors are errors.
    static let quietRoutes: Set<String> = ["/livez", "/readyz", "/metrics"]

    /// Whether a request answered with `status` gets a line: below info only an error does.
    /// Asked before the entry is made, which copies the request's strings and reads its
    /// `traceparent`, for the lines most requests never get.
    func writesAccess(status: Int) -> Bool {
        status >= 500 || isEnabled(.info)
    }

    /// Writes `e`'s line; call only when `writesAccess(status:)` says it is written.
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
