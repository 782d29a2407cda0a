extension Application {
    /// The answer as this request gets it: compressed as its `Accept-Encoding` asks, and, for a
    /// 200 to GET or HEAD on a cacheable route, with its validator (`ETag`) and `Cache-Control`
    /// — or the 304 that replaces it when the request's `If-None-Match` names that tag.
    ///
    /// A 304 keeps the body it replaces, compressed as the 200 would be: libmicrohttpd sends a
    /// 304's headers only, and its Content-Length is then the 200's, as RFC 9110 §8.6 requires.
    func represent(_ original: HTTPResponse, caching: Caching, request: HTTPRequest) -> HTTPResponse {
        var response = original
        // Room for what this and `respond` add: one allocation rather than one for each.
        response.headers.reserveCapacity(response.headers.count + 8)
        var coding = ContentCoding.identity
        if response.bodyCount >= ContentCoding.minimumBytes {
            // Only bodies this large are compressed, so only their answers depend on Accept-Encoding.
            response.headers.append(("Vary", "Accept-Encoding"))
            let wanted = ContentCoding.preferred(request.header("accept-encoding"))
            if let encoded = response.withBody({ wanted.encode($0) }) {
                response.body = encoded
                coding = wanted
            }
        }
        var notModified = false
        if let control = caching.cacheControl, response.status == 200, request.method == "GET" || request.method == "HEAD" {
            // A strong tag names one representation: the compressed ones get tags of their own.
            let tag = EntityTag.of(hash: original.derivedTag ?? original.withBody(EntityTag.hash), coding: coding)
            response.headers.append(("ETag", tag))
            response.headers.append(("Cache-Control", control))
            if let field = request.header("if-none-match"), EntityTag.matches(ifNoneMatch: field, tag) {
                response.status = 304
                response.mediaType = nil
                notModified = true
            }
        }
        // A 304 leaves out what describes a body (RFC 9110 §15.4.5).
        if coding != .identity && !notModified { response.headers.append(("Content-Encoding", coding.rawValue)) }
        return response
    }
}
