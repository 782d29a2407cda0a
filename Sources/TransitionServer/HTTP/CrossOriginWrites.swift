/// No cross-site writes (docs/security.md § What each defence stops). A page of any site can send
/// the service a POST without a preflight (a form, or `fetch` with `mode: "no-cors"`) with a
/// form-encoded body, which the service reads as JSON as it does curl's `-d`: CORS hides the
/// answer from the page but does not stop the change. Browsers say where such a request
/// comes from (`Sec-Fetch-Site`, `Origin`), so a request that changes state from a page of
/// another origin is refused unless `--cors-origin` allows that origin. Clients that are not
/// browsers (curl, the generated client, scripts) send neither header and are not affected.
///
/// The order of the checks is Go's `net/http.CrossOriginProtection` (Go 1.25), after
/// Filippo Valsorda's analysis of CSRF defences (https://words.filippo.io/csrf/).
extension Application {
    /// Methods that change nothing (RFC 9110 §9.2.1): never refused here. Three: compared, not
    /// hashed (every request asks).
    static let safeMethods = ["GET", "HEAD", "OPTIONS"]

    /// The problem for a request that changes state from another origin's page, or nil.
    func crossOriginWrite(_ request: HTTPRequest) -> Problem? {
        guard !Self.safeMethods.contains(request.method) else { return nil }
        let origin = request.header("origin")
        if cors.allowOrigin(origin) != nil { return nil }
        switch request.header("sec-fetch-site") {
        case "same-origin", "none":  // the service's own page (the viewer), or typed by the user
            return nil
        case .some:  // cross-site or same-site: another origin, whatever its site
            return .crossOriginWrite(method: request.method, origin: origin)
        case nil:  // an older browser, or no browser at all: Origin decides
            guard let origin else { return nil }
            if let host = request.header("host"), Self.authority(ofOrigin: origin) == host.lowercased() { return nil }
            return .crossOriginWrite(method: request.method, origin: origin)
        }
    }

    /// `host[:port]` of a serialized origin (`http://127.0.0.1:8080`), as a `Host` field names
    /// it; nil for `null` and anything else that is not `http(s)://authority`.
    static func authority(ofOrigin origin: String) -> String? {
        let lowered = origin.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            let authority = lowered.dropFirst(scheme.count)
            return authority.isEmpty || authority.contains("/") ? nil : String(authority)
        }
        return nil
    }
}
