import CHTTPShim
import Synchronization
import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

/// What libmicrohttpd's threads reach through the shim's `void *context`: the application, the
/// whole-request deadlines and the library log's rate limit. Passed with `Unmanaged`, retained
/// once at start and released after the daemon stopped.
final class BridgeContext: Sendable {
    let application: Application
    /// Its lock also makes a connection's removal (before libmicrohttpd closes the socket) and
    /// the shutdown of an overdue socket exclusive, so the descriptor shut down is never a reused one.
    let deadlines: Mutex<RequestDeadlines>
    let logLimit = Mutex(LogRateLimit())

    init(application: Application) {
        self.application = application
        deadlines = Mutex(RequestDeadlines(timeout: Int64(application.configuration.requestTimeout) * 1000))
    }

    /// Shuts down the sockets of connections whose request is overdue; libmicrohttpd then reads
    /// end-of-stream and closes them on its own thread, through its usual path and callbacks.
    func cutOverdueRequests() {
        deadlines.withLock { deadlines in
            for socket in deadlines.overdue(now: monotonicMilliseconds()) { shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }
}

/// A monotonic clock in milliseconds: deadlines must not move with the wall clock.
func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
}

/// The shim's handler. A plain global function, not top-level code in main.swift: that would be
/// main-actor isolated, and libmicrohttpd calls this on its own threads.
///
/// Called twice per request: right after the headers (`early`), where status 0 means carry on
/// and anything else is the answer (the body is never read), then with the whole body.
func handleRequest(_ context: UnsafeMutableRawPointer?, _ request: UnsafePointer<shim_request>?, _ response: UnsafeMutablePointer<shim_response>?) {
    guard let context, let request, let response else { return }
    if request.pointee.early != 0 && hasPlainFraming(request.pointee) {
        response.pointee.status = 0
        return
    }
    withBridge(context) { bridge in
        let r = request.pointee
        let http = makeRequest(r)
        if r.early != 0 && http.framingProblem(maxBodyBytes: bridge.application.configuration.maxBodyBytes) == nil {
            response.pointee.status = 0
            return
        }
        var answer = bridge.application.respond(to: http)
        response.pointee.status = Int32(answer.status)
        response.pointee.content_type = answer.mediaType.map { UnsafeRawPointer($0.headerValue.utf8Start).assumingMemoryBound(to: CChar.self) }
        // libmicrohttpd frees the body (MHD_RESPMEM_MUST_FREE): a snapshot's is the encoder's own buffer.
        (response.pointee.body, response.pointee.body_length) = answer.takeMallocBody()
        response.pointee.headers = answer.mallocHeaderBlock()
    }
}

/// Calls `body` with the bridge behind the shim's `context`, not retained: main.swift holds a
/// reference from before the daemon starts until after it stopped and joined its threads, so
/// every callback runs within that lifetime. Retaining it for each call (twice a request, and
/// twice more for the connection's watcher) wrote the reference count of one object that every
/// worker thread shares.
func withBridge<R>(_ context: UnsafeMutableRawPointer, _ body: (BridgeContext) -> R) -> R {
    Unmanaged<BridgeContext>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
}

/// The request the shim gathered, for Swift: what it reads of it copied out of the shim's memory.
private func makeRequest(_ r: shim_request) -> HTTPRequest {
    // The target's bytes where the shim holds them: the path and query are the only copies.
    let target = HTTPRequest.splitTarget(UnsafeBufferPointer(start: UnsafeRawPointer(r.target).assumingMemoryBound(to: UInt8.self),
                                                             count: strlen(r.target)))
    var framing = HTTPRequest.Framing()
    framing.version = r.version.map { String(cString: $0) } ?? "HTTP/1.1"
    framing.hostCount = Int(r.host_count)
    framing.contentLengthCount = Int(r.content_length_count)
    framing.contentLengthsDiffer = r.content_length_differs != 0
    framing.contentLengthInvalid = r.content_length_invalid != 0
    framing.transferEncodingCount = Int(r.transfer_encoding_count)
    framing.transferEncoding = r.transfer_encoding.map { String(cString: $0) }
    framing.targetInvalid = r.target_has_nul != 0 || !target.wellFormed
    framing.headerValueInvalid = r.header_value_invalid != 0
    framing.body = switch r.body_state {
    case SHIM_BODY_TOO_LARGE_DECLARED: .tooLargeDeclared
    case SHIM_BODY_TOO_LARGE_STREAMED: .tooLargeStreamed
    default: .fits
    }
    return HTTPRequest(
        method: String(cString: r.method),
        path: target.path,
        query: target.query,
        contentType: r.content_type.map { String(cString: $0) },
        authorization: r.authorization.map { String(cString: $0) },
        body: r.body_length > 0 && r.body != nil ? Array(UnsafeBufferPointer(start: r.body, count: r.body_length)) : [],
        headers: readHeaders(r.headers, count: r.header_count),
        clientAddress: r.client_address.map { String(cString: $0) } ?? "",
        probe: r.probe != 0,
        framing: framing)
}

/// Whether nothing the shim noticed about a message's framing is out of the ordinary: then no
/// framing problem can be found before its body, and the request is not built twice. Most
/// messages are plain.
private func hasPlainFraming(_ r: shim_request) -> Bool {
    r.body_state == SHIM_BODY_FITS && r.content_length_count <= 1 && r.content_length_invalid == 0 && r.transfer_encoding_count == 0
        && r.host_count == 1 && r.target_has_nul == 0 && r.header_value_invalid == 0
}

/// The header fields the service reads, out of all the shim passes; names in lower case.
func readHeaders(_ fields: UnsafePointer<shim_header>?, count: Int) -> [(name: String, value: String)] {
    guard let fields else { return [] }
    var read: [(name: String, value: String)] = []
    for field in UnsafeBufferPointer(start: fields, count: count) {
        guard let name = field.name, let value = field.value else { continue }
        // Names compare as ASCII: Unicode's lower-casing turns no non-ASCII name into one of these
        // (the one non-ASCII letter that lowers to ASCII, the Kelvin sign, gives `k`, which none holds).
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: strlen(name))
        if let known = HTTPRequest.fieldRead(named: bytes) { read.append((known, String(cString: value))) }
    }
    return read
}

/// The shim's logger: libmicrohttpd's own messages (clients over a limit, malformed requests it
/// rejects itself) and the shim's, at most ten a second, as warnings in the service's log format.
func logLibraryMessage(_ context: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {
    guard let context, let message else { return }
    withBridge(context) { bridge in
        let second = monotonicMilliseconds() / 1000
        let (logged, dropped) = bridge.logLimit.withLock { $0.admit(at: second) }
        guard logged else { return }
        if dropped > 0 { bridge.application.logger.warning("libmicrohttpd", ["detail": LogRateLimit.droppedLine(dropped)]) }
        bridge.application.logger.warning("libmicrohttpd", ["detail": String(cString: message)])
    }
}

/// The shim's connection watcher: keeps each connection's whole-request deadline.
func watchConnection(_ context: UnsafeMutableRawPointer?, _ connection: UInt, _ socket: Int32, _ event: shim_connection_event) {
    guard let context else { return }
    withBridge(context) { bridge in
        bridge.deadlines.withLock { deadlines in
            switch event {
            case SHIM_CONNECTION_OPENED: deadlines.opened(connection, socket: socket, now: monotonicMilliseconds())
            case SHIM_CONNECTION_WAITING: deadlines.waiting(connection, now: monotonicMilliseconds())
            case SHIM_CONNECTION_ANSWERING: deadlines.answering(connection)
            default: deadlines.closed(connection)
            }
        }
    }
}
