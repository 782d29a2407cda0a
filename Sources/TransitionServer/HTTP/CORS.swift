/// Cross-origin access for browser pages (`--cors-origin`; off when no origin is configured).
/// Browsers enforce CORS, not the service: a request from an origin not allowed is still served,
/// only without the headers that would let the page read the answer.
public struct CORSPolicy: Sendable {
    /// The allowed origins, each as browsers serialize one (`https://app.example:8443`).
    let origins: Set<String>
    /// `*`: any origin. Bearer tokens still work: they are a header, not a credential in CORS's sense.
    let anyOrigin: Bool

    /// Request headers a page may send: the ones the service reads, beyond the CORS-safelisted.
    static let allowedHeaders = "Authorization, Content-Type, If-None-Match, X-Request-Id, traceparent"
    /// Response headers a page may read, beyond the CORS-safelisted.
    static let exposedHeaders = "ETag, Location, Retry-After, X-Request-Id"
    /// Seconds a browser may keep a preflight's answer.
    static let preflightMaxAge = "600"

    public init(origins: [String]) {
        self.anyOrigin = origins.contains("*")
        self.origins = Set(origins.filter { $0 != "*" })
    }

    var enabled: Bool { anyOrigin || !origins.isEmpty }

    /// `*` or an origin as the flag may give it: `http` or `https`, a host, an optional port, no
    /// path, query or user; scheme and host in lower case, as browsers send them. Nil otherwise.
    public static func origin(_ text: String) -> String? {
        if text == "*" { return text }
        let lowered = text.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            let authority = lowered.dropFirst(scheme.count)
            var host = authority, port: Substring = ""
            if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
                host = authority[..<colon]
                port = authority[authority.index(after: colon)...]
                guard let n = Int(port), (1...65535).contains(n), port.first != "0" else { return nil }
            }
            let hostOK = !host.isEmpty && host.allSatisfy { $0.isLetter && $0.isASCII || $0.isNumber && $0.isASCII || "-.[]:".contains($0) }
            return hostOK ? lowered : nil
        }
        return nil
    }

    /// The `Access-Control-Allow-Origin` value for a request's `Origin`, nil when not allowed.
    func allowOrigin(_ origin: String?) -> String? {
        guard let origin else { return nil }
        if anyOrigin { return "*" }
        return origins.contains(origin) ? origin : nil
    }

    /// Headers every answer to `origin` carries. With a list of origins the answer depends on
    /// the request's `Origin`, so caches are told (`Vary`), whether or not this one is allowed.
    func headers(for origin: String?) -> (headers: [(name: String, value: String)], vary: [String]) {
        guard enabled else { return ([], []) }
        let vary = anyOrigin ? [] : ["Origin"]
        guard let allowed = allowOrigin(origin) else { return ([], vary) }
        return ([("Access-Control-Allow-Origin", allowed), ("Access-Control-Expose-Headers", Self.exposedHeaders)], vary)
    }
}

extension Application {
    /// `OPTIONS` on a route: its methods (RFC 9110 §9.3.7) and, for a CORS preflight (`Origin`
    /// and `Access-Control-Request-Method`), whether a page of that origin may send the request.
    func options(_ request: HTTPRequest, methods: [String]) throws(Problem) -> HTTPResponse {
        let allow = methods.joined(separator: ", ")
        guard let method = request.header("access-control-request-method"), let origin = request.header("origin") else {
            return HTTPResponse(status: 204, headers: [("Allow", allow)])
        }
        guard cors.allowOrigin(origin) != nil else {
            throw Problem.originNotAllowed(origin, corsEnabled: cors.enabled)
        }
        guard methods.contains(method) else { throw Problem.methodNotAllowed(allowed: methods) }
        return HTTPResponse(status: 204, headers: [
            ("Allow", allow),
            ("Access-Control-Allow-Methods", allow),
            ("Access-Control-Allow-Headers", CORSPolicy.allowedHeaders),
            ("Access-Control-Max-Age", CORSPolicy.preflightMaxAge),
            ("Vary", "Access-Control-Request-Method, Access-Control-Request-Headers"),
        ])
    }
}
