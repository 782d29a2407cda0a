/// Caching rules by route: answers that are a pure function of the request (and a session's log)
/// get a strong ETag, so a client can ask again with `If-None-Match` and get a bodiless 304.
enum Caching: Sendable {
    /// Probes, metrics and changes: no validator.
    case none
    /// A session's state: it changes with every action, so caches ask each time (`no-cache`).
    case revalidate
    /// The same bytes for as long as this binary runs (catalogue, contract): an hour unasked.
    case fixed

    var cacheControl: String? {
        switch self {
        case .none: nil
        case .revalidate: "no-cache"
        case .fixed: "max-age=3600"
        }
    }
}

extension Application {
    /// A 200 to GET or HEAD with its validator (`ETag`) and `Cache-Control`, or the 304 that
    /// replaces it when the request's `If-None-Match` names that tag. The 304 keeps the body:
    /// libmicrohttpd sends a 304's headers only, and its Content-Length is then the 200's, as
    /// RFC 9110 §8.6 requires of a 304 that has one.
    func validated(_ response: HTTPResponse, caching: Caching, request: HTTPRequest) -> HTTPResponse {
        guard let control = caching.cacheControl, response.status == 200, request.method == "GET" || request.method == "HEAD" else {
            return response
        }
        let tag = EntityTag.of(response.body)
        let headers = response.headers + [("ETag", tag), ("Cache-Control", control)]
        if let field = request.header("if-none-match"), EntityTag.matches(ifNoneMatch: field, tag) {
            return HTTPResponse(status: 304, headers: headers, body: response.body)
        }
        return HTTPResponse(status: 200, mediaType: response.mediaType, headers: headers, body: response.body)
    }
}
