#if canImport(Glibc)
import Glibc
#endif

/// `transition-sim healthcheck`: GET /livez over a plain socket (the runtime image has no curl).
/// Returns the process exit status: 0 when the server answers 200.
func healthcheck(host: String, port: UInt16) -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return 1 }
    defer { close(fd) }
    var timeout = timeval(tv_sec: 3, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host == "0.0.0.0" ? "127.0.0.1" : host, &address.sin_addr) == 1 else { return 1 }
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { return 1 }
    let request = Array("GET /livez HTTP/1.0\r\nHost: \(host)\r\n\r\n".utf8)
    guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else { return 1 }
    var buffer = [UInt8](repeating: 0, count: 64)
    let received = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    guard received > 12 else { return 1 }
    let statusLine = String(decoding: buffer[0..<received], as: UTF8.self)
    return statusLine.hasPrefix("HTTP/1.1 200") || statusLine.hasPrefix("HTTP/1.0 200") ? 0 : 1
}
