/// One HTTP request as the C shim gathered it: everything routing and decoding need, nothing more.
public struct HTTPRequest: Sendable {
    /// Upper-case method token (`GET`, `POST`, …).
    public var method: String
    /// The path without the query string, percent-decoding not applied (`/v1/sessions/abc/snapshot`).
    public var path: String
    /// The raw query string without the leading `?` (empty when there is none).
    public var query: String
    /// `Content-Type` header, if any.
    public var contentType: String?
    /// `Authorization` header, if any.
    public var authorization: String?
    /// The body bytes (already bounded by the shim's body limit).
    public var body: [UInt8]
    /// The header fields the service reads (`fieldsRead`), names in lower case, in order.
    public var headers: [(name: String, value: String)]
    /// The client's numeric IP address, for the access log; empty when unknown (in-process).
    public var clientAddress: String
    /// Arrived on the probe listener (`--probe-port`), which serves only the probes.
    public var probe: Bool
    /// What the HTTP layer saw of the message's framing. The default is a plain, valid request.
    public var framing: Framing

    // Every member from a parameter, none from a default value, and inlinable: built with
    // defaults out of line in its module, a request was made in a temporary and copied out,
    // a retain and release of every string and array in it.
    @inlinable
    public init(method: String, path: String, query: String = "", contentType: String? = nil,
                authorization: String? = nil, body: [UInt8] = [], headers: [(name: String, value: String)] = [],
                clientAddress: String = "", probe: Bool = false, framing: Framing = Framing()) {
        self.method = method
        self.path = path
        self.query = query
        self.contentType = contentType
        self.authorization = authorization
        self.body = body
        self.headers = headers
        self.clientAddress = clientAddress
        self.probe = probe
        self.framing = framing
    }

    /// Header fields the service reads; the HTTP layer may pass only these (`contentType` and
    /// `authorization` have fields of their own).
    public static let fieldsRead: [String] = [
        "host", "x-request-id", "traceparent", "if-none-match", "accept-encoding", "origin",
        "access-control-request-method", "access-control-request-headers", "sec-fetch-site", "content-encoding",
    ]

    /// The entry of `fieldsRead` that a field name sent in any case of ASCII letters names, nil
    /// for a field the service does not read. Compared byte by byte, where a lower-cased copy
    /// and a hash cost every field of every request (a browser sends a dozen).
    public static func fieldRead(named name: UnsafeBufferPointer<UInt8>) -> String? {
        fieldsRead.first { field in
            field.utf8.count == name.count && zip(field.utf8, name).allSatisfy { $0 == ASCIILower($1) }
        }
    }

    /// A field's value, `name` in lower case; repeated fields joined with ", " as RFC 9110 §5.3
    /// combines them. Nil when absent.
    public func header(_ name: String) -> String? {
        var value: String?
        for field in headers where field.name == name {
            value = value.map { $0 + ", " + field.value } ?? field.value
        }
        return value
    }

    /// Facts about a message that libmicrohttpd accepted but RFC 9112 does not; the C shim
    /// reports them and `framingProblem` judges them.
    public struct Framing: Sendable, Equatable {
        public enum Body: Sendable, Equatable {
            case fits
            /// `Content-Length` over the limit: the body was never read.
            case tooLargeDeclared
            /// The body grew over the limit while it arrived: it was discarded.
            case tooLargeStreamed
        }

        public var version = "HTTP/1.1"
        public var hostCount = 1
        public var contentLengthCount = 0
        /// Two `Content-Length` fields with different values.
        public var contentLengthsDiffer = false
        /// A `Content-Length` that is not a decimal number.
        public var contentLengthInvalid = false
        public var transferEncodingCount = 0
        /// The first `Transfer-Encoding` value.
        public var transferEncoding: String?
        /// The request target holds a NUL, a space or another control byte.
        public var targetInvalid = false
        /// A header value holds a NUL or control byte, or is folded over several lines.
        public var headerValueInvalid = false
        public var body = Body.fits

        public init() {}
    }

    /// The problem a request's framing makes, before anything else is looked at, or nil.
    /// Every one closes the connection: after a framing error the rest of the stream cannot be trusted.
    public func framingProblem(maxBodyBytes: Int) -> Problem? {
        let f = framing
        var problem: Problem
        if f.contentLengthInvalid {
            problem = .badRequest("the request's Content-Length is not a number of bytes: it must be decimal digits only (RFC 9110 §8.6), so its length is unknown (RFC 9112 §6.3)")
        } else if f.contentLengthsDiffer {
            problem = .badRequest("the request has Content-Length fields with different values, so its length is ambiguous (RFC 9112 §6.3)")
        } else if f.transferEncodingCount > 0 && f.contentLengthCount > 0 {
            problem = .badRequest("the request has both Transfer-Encoding and Content-Length (RFC 9112 §6.1)")
        } else if f.transferEncodingCount > 1 || (f.transferEncodingCount == 1 && f.transferEncoding?.lowercased() != "chunked") {
            problem = .badRequest("the only Transfer-Encoding accepted is a single 'chunked' (RFC 9112 §6.1)")
        } else if f.body != .fits {
            problem = .payloadTooLarge(limit: maxBodyBytes)
        } else if f.targetInvalid {
            problem = .badRequest("the request target contains a NUL, space or control byte (RFC 9112 §3.2)")
        } else if f.headerValueInvalid {
            problem = .badRequest("a header field value contains a NUL or control byte, or is folded over several lines (RFC 9112 §5)")
        } else if f.hostCount > 1 {
            problem = .badRequest("the request has more than one Host header field (RFC 9112 §3.2)")
        } else if f.hostCount == 0 && f.version == "HTTP/1.1" {
            problem = .badRequest("an HTTP/1.1 request needs a Host header field (RFC 9112 §3.2)")
        } else {
            return nil
        }
        problem.headers.append(("Connection", "close"))
        return problem
    }

    /// A request target's bytes split into path and query: origin form (`/p?q`) as it is,
    /// absolute form (`http://host:port/p?q`, RFC 9112 §3.2.2) without its scheme and authority.
    /// Any other form (`*`, `host:port`) is returned whole as the path, which no route matches.
    /// `wellFormed` is false when the target holds a space, a control byte or DEL.
    ///
    /// Read from the bytes where the HTTP layer holds them: every request splits its target, and
    /// a string of the whole target first, an array of its bytes, generic prefix comparisons and
    /// `String`s from slices each cost.
    public static func splitTarget(_ bytes: UnsafeBufferPointer<UInt8>) -> (path: String, query: String, wellFormed: Bool) {
        let wellFormed = !bytes.contains { $0 <= 0x20 || $0 == 0x7F }
        var start = 0
        if let scheme = schemeLength(bytes) {
            start = scheme
            // The authority runs to the first '/', '?' or '#'.
            while start < bytes.count, bytes[start] != UInt8(ascii: "/"), bytes[start] != UInt8(ascii: "?"),
                  bytes[start] != UInt8(ascii: "#") {
                start += 1
            }
        }
        var mark = start
        while mark < bytes.count && bytes[mark] != UInt8(ascii: "?") { mark += 1 }
        var path = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<mark]), as: UTF8.self)
        let query = mark < bytes.count ? String(decoding: UnsafeBufferPointer(rebasing: bytes[(mark + 1)...]), as: UTF8.self) : ""
        if start > 0 && !path.hasPrefix("/") { path = "/" + path }
        return (path, query, wellFormed)
    }

    /// The length of an absolute-form target's `http://` or `https://`, in any case; nil for another target.
    private static func schemeLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for scheme: StaticString in ["http://", "https://"] {
            let prefix = UnsafeBufferPointer(start: scheme.utf8Start, count: scheme.utf8CodeUnitCount)
            if bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy({ ASCIILower($0.0) == $0.1 }) { return prefix.count }
        }
        return nil
    }
}

private func ASCIILower(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
}
