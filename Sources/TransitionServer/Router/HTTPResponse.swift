/// The media types the service answers with. Each is a `StaticString` so that the C layer can hand
/// the pointer to libmicrohttpd without copying and without it dangling.
public enum MediaType: Sendable {
    case json
    case problemJSON
    case plainText
    case yaml
    case prometheus
    case markdown
    case svg
    case html
    case javascript

    public var headerValue: StaticString {
        switch self {
        case .json: "application/json"
        case .problemJSON: "application/problem+json"
        case .plainText: "text/plain; charset=utf-8"
        case .yaml: "application/yaml"
        case .prometheus: "text/plain; version=0.0.4; charset=utf-8"
        case .markdown: "text/markdown; charset=utf-8"
        case .svg: "image/svg+xml"
        case .html: "text/html; charset=utf-8"
        case .javascript: "text/javascript; charset=utf-8"
        }
    }
}

/// One HTTP response, ready for the shim to queue.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var mediaType: MediaType?
    /// Extra headers (`Location`, `Allow`, `WWW-Authenticate`, …). libmicrohttpd copies them.
    public var headers: [(name: String, value: String)]
    /// For HEAD and 304 libmicrohttpd sends no body, only this one's length as Content-Length.
    public var body: [UInt8]

    public init(status: Int, mediaType: MediaType? = nil, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.mediaType = mediaType
        self.headers = headers
        self.body = body
    }
}
