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

    public init(method: String, path: String, query: String = "", contentType: String? = nil,
                authorization: String? = nil, body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.contentType = contentType
        self.authorization = authorization
        self.body = body
    }
}
