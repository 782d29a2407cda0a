#if canImport(Glibc)
import Glibc
#endif

/// `transition-sim healthcheck [--host H] [--port P]` (also `--host=H`; `--probe-port P` is the
/// same as `--port P`; defaults from TRANSITION_SIM_HOST and TRANSITION_SIM_PROBE_PORT, else
/// TRANSITION_SIM_PORT, then 127.0.0.1:8080, so inside the container it checks whatever the
/// server was configured with, on the probe listener when there is one: slow clients of the main
/// port cannot starve that). Exit status 0 when /livez answers 200, 1 otherwise, bad arguments
/// included: Docker reserves 2.
func healthcheckCommand(_ arguments: [String], environment: (String) -> String?) -> Int32 {
    func fail(_ message: String) -> Int32 {
        let text = Array("transition-sim healthcheck: \(message)\nusage: transition-sim healthcheck [--host H] [--port P]\n".utf8)
        _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        return 1
    }
    var host = environment("TRANSITION_SIM_HOST").flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
    var portText = environment("TRANSITION_SIM_PROBE_PORT").flatMap { $0.isEmpty ? nil : $0 }
        ?? environment("TRANSITION_SIM_PORT").flatMap { $0.isEmpty ? nil : $0 } ?? "8080"
    var i = 0
    while i < arguments.count {
        var name = arguments[i]
        var value: String?
        if let eq = name.firstIndex(of: "=") {
            value = String(name[name.index(after: eq)...])
            name = String(name[..<eq])
        }
        guard name == "--host" || name == "--port" || name == "--probe-port" else { return fail("unknown argument \(arguments[i])") }
        if value == nil {
            i += 1
            guard i < arguments.count else { return fail("\(name) needs a value") }
            value = arguments[i]
        }
        if name == "--host" { host = value! } else { portText = value! }
        i += 1
    }
    // A server bound to every address is reached on loopback.
    if host == "0.0.0.0" { host = "127.0.0.1" }
    if host == "::" { host = "::1" }
    guard ipFamily(host) != nil else { return fail("invalid host \(host) (an IPv4 or IPv6 address)") }
    guard let port = UInt16(portText), port > 0 else { return fail("invalid port \(portText)") }
    return healthcheck(host: host, port: port)
}

/// GET /livez over a plain socket (the runtime image has no curl), with 3-second timeouts.
/// Returns the process exit status: 0 when the server answers 200.
func healthcheck(host: String, port: UInt16) -> Int32 {
    guard let family = ipFamily(host) else { return 1 }
    let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return 1 }
    defer { close(fd) }
    var timeout = timeval(tv_sec: 3, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var connected: Int32 = -1
    if family == AF_INET6 {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { return 1 }
        connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        }
    } else {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return 1 }
        connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
    guard connected == 0 else { return 1 }
    let authority = family == AF_INET6 ? "[\(host)]" : host
    let request = Array("GET /livez HTTP/1.0\r\nHost: \(authority)\r\n\r\n".utf8)
    guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return 1 }
    // Read until the status line is complete (or the peer closes, or 3 s pass).
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while !received.contains(UInt8(ascii: "\n")) && received.count < 4096 {
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { break }
        received += buffer[0..<n]
    }
    let statusLine = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    let parts = statusLine.split(separator: " ", maxSplits: 2)
    return parts.count >= 2 && parts[0].hasPrefix("HTTP/1.") && parts[1] == "200" ? 0 : 1
}
