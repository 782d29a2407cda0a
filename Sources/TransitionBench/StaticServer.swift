import CHTTPShim
import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

/// `transition-bench static-server --port N --bytes N [--threads N]`: libmicrohttpd answering
/// every request with the same N bytes, through the same shim and request path as the service,
/// with a handler that only copies the bytes — the ceiling the service's HTTP throughput is
/// compared with. libmicrohttpd's options are the service's: the shim sets them (its connection
/// memory among them) and the values it is given are the service's defaults
/// (`ServerConfiguration`: threads, body limit, connection limit and timeout), so the two cannot
/// drift apart. Runs until SIGINT or SIGTERM.
enum StaticServer {
    static func run(_ arguments: [String]) {
        let service = ServerConfiguration()
        var port: UInt16 = 8081
        var bytes = 1024
        var threads = UInt32(service.threads)
        var i = 0
        while i + 1 < arguments.count {
            switch arguments[i] {
            case "--port": port = UInt16(arguments[i + 1]) ?? port
            case "--bytes": bytes = Int(arguments[i + 1]) ?? bytes
            case "--threads": threads = UInt32(arguments[i + 1]) ?? threads
            default: break
            }
            i += 2
        }
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        // A JSON string of the requested size: {"x":"aaaa…"}.
        let body = Array(#"{"x":""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: max(0, bytes - 8)) + Array(#""}"#.utf8)
        // The handler's context: the body's length, then its bytes.
        let storage = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<Int>.size + body.count, alignment: MemoryLayout<Int>.alignment)
        storage.storeBytes(of: body.count, as: Int.self)
        body.withUnsafeBytes { storage.advanced(by: MemoryLayout<Int>.size).copyMemory(from: $0.baseAddress!, byteCount: body.count) }
        var error = [CChar](repeating: 0, count: 256)
        let daemon = "127.0.0.1".withCString { host in
            var options = shim_options(host: host, port: port, threads: threads, max_body: service.maxBodyBytes,
                                       connection_limit: UInt32(service.connectionLimit), connection_timeout: UInt32(service.connectionTimeout))
            return shim_start(&options, nil, staticAnswer, storage, &error, error.count)
        }
        guard let daemon else {
            print("static-server: \(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
            exit(1)
        }
        var received: Int32 = 0
        sigwait(&signals, &received)
        shim_stop(daemon)
        storage.deallocate()
    }
}

/// The static server's handler: a malloc'd copy of the body in the context (its length first),
/// as application/json. Early calls (unusual framing) carry on, as the service's do.
private func staticAnswer(_ context: UnsafeMutableRawPointer?, _ request: UnsafePointer<shim_request>?,
                          _ response: UnsafeMutablePointer<shim_response>?) {
    guard let context, let request, let response else { return }
    if request.pointee.early != 0 {
        response.pointee.status = 0
        return
    }
    let length = context.load(as: Int.self)
    let copy = malloc(max(length, 1))!
    copy.copyMemory(from: context.advanced(by: MemoryLayout<Int>.size), byteCount: length)
    response.pointee.status = 200
    response.pointee.content_type = UnsafeRawPointer(StaticString("application/json").utf8Start).assumingMemoryBound(to: CChar.self)
    response.pointee.body = copy.assumingMemoryBound(to: UInt8.self)
    response.pointee.body_length = length
}
