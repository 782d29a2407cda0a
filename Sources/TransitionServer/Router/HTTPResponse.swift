import JSONCodec
#if canImport(Glibc)
import Glibc
#endif

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
    /// The body's ETag hash when the handler can name it from what determines the body
    /// (`Application.snapshotTag`); nil: the tag, on a route that has one, hashes the body.
    var derivedTag: UInt64?
    /// The body as an encoder wrote it, in the memory libmicrohttpd will send it from (the
    /// snapshot routes); nil: the body is `bytes`.
    private var written: MallocBytes?
    private var bytes: [UInt8]

    public init(status: Int, mediaType: MediaType? = nil, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.mediaType = mediaType
        self.headers = headers
        self.bytes = body
    }

    /// A response whose body is what a writer finished (`JSONWriter.finish()`), not copied.
    init(status: Int, mediaType: MediaType, body: MallocBytes) {
        self.init(status: status, mediaType: mediaType)
        written = body
    }

    /// For HEAD and 304 libmicrohttpd sends no body, only this one's length as Content-Length.
    /// (Reading it copies a written body into an array: the hot path reads `bodyCount`,
    /// `withBody(_:)` and `takeMallocBody()`.)
    public var body: [UInt8] {
        get { written?.array ?? bytes }
        set {
            bytes = newValue
            written = nil
        }
    }

    /// The body's length in bytes.
    public var bodyCount: Int { written?.count ?? bytes.count }

    /// Calls `read` with the body's bytes, where they are.
    public func withBody<R>(_ read: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if let written { return try written.withUnsafeBytes(read) }
        return try bytes.withUnsafeBytes(read)
    }

    /// The extra headers as the shim takes them: "Name: value\n" lines, NUL-terminated, in memory
    /// from `malloc` that the caller owns (the shim frees it); nil when there are none. Written
    /// straight into that memory: the lines as interpolated strings, joined, then copied took
    /// a dozen allocations an answer.
    public func mallocHeaderBlock() -> UnsafeMutablePointer<CChar>? {
        guard !headers.isEmpty else { return nil }
        let size = headers.reduce(1) { $0 + $1.name.utf8.count + $1.value.utf8.count + 3 }
        let block = malloc(size)!.assumingMemoryBound(to: UInt8.self)
        var end = block
        for (name, value) in headers {
            end = Self.copy(name, to: end)
            end[0] = UInt8(ascii: ":")
            end[1] = UInt8(ascii: " ")
            end = Self.copy(value, to: end + 2)
            end[0] = UInt8(ascii: "\n")
            end += 1
        }
        end[0] = 0
        return UnsafeMutableRawPointer(block).assumingMemoryBound(to: CChar.self)
    }

    /// Copies `text`'s UTF-8 to `destination`; returns the end of the copy. (A nested function
    /// that captured the block's position paid two exclusivity checks a string; a `var` copy of
    /// the string, to reach its bytes through `withUTF8`, a retain and release of each.)
    private static func copy(_ text: String, to destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if let end = text.utf8.withContiguousStorageIfAvailable({ bytes -> UnsafeMutablePointer<UInt8> in
            guard let start = bytes.baseAddress else { return destination }
            destination.update(from: start, count: bytes.count)
            return destination + bytes.count
        }) {
            return end
        }
        var end = destination
        for byte in text.utf8 {
            end.pointee = byte
            end += 1
        }
        return end
    }

    /// The body in memory from `malloc` that the caller owns from now on (libmicrohttpd frees
    /// it): a written body's own memory when this response is its only holder, else a copy. Nil
    /// when the body is empty; the response's body is then empty.
    public mutating func takeMallocBody() -> (start: UnsafeMutablePointer<UInt8>?, count: Int) {
        let count = bodyCount
        defer { body = [] }
        if written != nil, isKnownUniquelyReferenced(&written!) { return (written!.take(), count) }
        guard count > 0 else { return (nil, 0) }
        let copy = malloc(count)!.assumingMemoryBound(to: UInt8.self)
        withBody { UnsafeMutableRawPointer(copy).copyMemory(from: $0.baseAddress!, byteCount: count) }
        return (copy, count)
    }
}
