import CHTTPShim
import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

/// What libmicrohttpd's threads reach through the shim's `void *context`: the application.
/// Passed with `Unmanaged`, retained once at start and released after the daemon stopped.
final class BridgeContext: Sendable {
    let application: Application
    init(application: Application) { self.application = application }
}

/// The shim's handler. A plain global function, not top-level code in main.swift: that would be
/// main-actor isolated, and libmicrohttpd calls this on its own threads.
///
/// Called once per request with the whole body, and before that, right after the headers
/// (`early`), when the shim saw something unusual in the framing: then status 0 means carry on,
/// anything else is the answer and the body is never read.
func handleRequest(_ context: UnsafeMutableRawPointer?, _ request: UnsafePointer<shim_request>?, _ response: UnsafeMutablePointer<shim_response>?) {
    guard let context, let request, let response else { return }
    let bridge = Unmanaged<BridgeContext>.fromOpaque(context).takeUnretainedValue()
    let application = bridge.application
    let r = request.pointee
    let target = HTTPRequest.splitTarget(String(cString: r.target))
    var http = HTTPRequest(
        method: String(cString: r.method),
        path: target.path,
        query: target.query,
        contentType: r.content_type.map { String(cString: $0) },
        authorization: r.authorization.map { String(cString: $0) },
        body: r.body_length > 0 && r.body != nil ? Array(UnsafeBufferPointer(start: r.body, count: r.body_length)) : [])
    http.headers = readHeaders(r.headers, count: r.header_count)
    http.clientAddress = r.client_address.map { String(cString: $0) } ?? ""
    http.probe = r.probe != 0
    http.framing.version = r.version.map { String(cString: $0) } ?? "HTTP/1.1"
    http.framing.hostCount = Int(r.host_count)
    http.framing.contentLengthCount = Int(r.content_length_count)
    http.framing.contentLengthsDiffer = r.content_length_differs != 0
    http.framing.contentLengthInvalid = r.content_length_invalid != 0
    http.framing.transferEncodingCount = Int(r.transfer_encoding_count)
    http.framing.transferEncoding = r.transfer_encoding.map { String(cString: $0) }
    http.framing.targetInvalid = r.target_has_nul != 0 || !target.wellFormed
    http.framing.headerValueInvalid = r.header_value_invalid != 0
    http.framing.body = switch r.body_state {
    case SHIM_BODY_TOO_LARGE_DECLARED: .tooLargeDeclared
    case SHIM_BODY_TOO_LARGE_STREAMED: .tooLargeStreamed
    default: .fits
    }

    if r.early != 0 && http.framingProblem(maxBodyBytes: application.configuration.maxBodyBytes) == nil {
        response.pointee.status = 0
        return
    }
    var answer = application.respond(to: http)
    response.pointee.status = Int32(answer.status)
    response.pointee.content_type = answer.mediaType.map { UnsafeRawPointer($0.headerValue.utf8Start).assumingMemoryBound(to: CChar.self) }
    // libmicrohttpd frees the body (MHD_RESPMEM_MUST_FREE): a snapshot's is the encoder's own buffer.
    (response.pointee.body, response.pointee.body_length) = answer.takeMallocBody()
    response.pointee.headers = answer.mallocHeaderBlock()
}

/// The header fields the service reads, out of all the shim passes; names in lower case.
func readHeaders(_ fields: UnsafePointer<shim_header>?, count: Int) -> [(name: String, value: String)] {
    guard let fields else { return [] }
    var read: [(name: String, value: String)] = []
    for field in UnsafeBufferPointer(start: fields, count: count) {
        guard let name = field.name, let value = field.value, let lowered = lowercasedName(name) else { continue }
        if HTTPRequest.fieldsRead.contains(lowered) { read.append((lowered, String(cString: value))) }
    }
    return read
}

/// A field name in lower case, ASCII letters only; nil when longer than any field the service
/// reads. (Unicode's `lowercased()` turns no non-ASCII name into one of those ASCII names: the
/// one non-ASCII letter that lowers to ASCII, the Kelvin sign, gives `k`, which none holds.)
private func lowercasedName(_ name: UnsafePointer<CChar>) -> String? {
    let length = strlen(name)
    guard length <= HTTPRequest.longestFieldRead else { return nil }
    return name.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        String(unsafeUninitializedCapacity: length) { lowered in
            for i in 0..<length { lowered[i] = bytes[i] >= 0x41 && bytes[i] <= 0x5A ? bytes[i] | 0x20 : bytes[i] }
            return length
        }
    }
}

/// The shim's logger: libmicrohttpd's own messages (clients over a limit, malformed requests it
/// rejects itself), already rate-limited, as warnings in the service's log format.
func logLibraryMessage(_ context: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {
    guard let context, let message else { return }
    let bridge = Unmanaged<BridgeContext>.fromOpaque(context).takeUnretainedValue()
    bridge.application.logger.warning("libmicrohttpd", ["detail": String(cString: message)])
}
