import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

/// `transition-sim healthcheck [server flags]`: exit status 0 when /livez answers 200, 1
/// otherwise, bad arguments included (Docker reserves 2). It takes the server's own flags and
/// environment (`--port=9000`, `TRANSITION_SIM_PORT`, …) and checks where that server listens:
/// on the probe port when there is one (slow clients of the main port cannot starve it), on
/// loopback when the server binds every address. Without arguments it reads the server's from
/// PID 1's command line (in a container the server is PID 1, and Docker's HEALTHCHECK cannot see
/// `docker run IMAGE --port 9000`'s arguments); `TRANSITION_SIM_HEALTHCHECK_PID` names another
/// process.
func healthcheckCommand(_ arguments: [String], environment: (String) -> String?) -> Int32 {
    func fail(_ message: String) -> Int32 {
        let text = Array("transition-sim healthcheck: \(message)\nusage: transition-sim healthcheck [the server's flags]\n".utf8)
        _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        return 1
    }
    let pid = environment("TRANSITION_SIM_HEALTHCHECK_PID").flatMap { Int32($0) } ?? 1
    let serverArguments = arguments.isEmpty ? (serverArguments(pid: pid) ?? []) : arguments
    let configuration: ServerConfiguration
    switch Flags.parse(serverArguments, environment: environment) {
    case .success(let parsed): configuration = parsed
    case .failure(let error): return fail(error.help || error.version ? "takes the server's flags only" : error.message)
    }
    var host = configuration.host
    // A server bound to every address is reached on loopback.
    if host == "0.0.0.0" { host = "127.0.0.1" }
    if host == "::" { host = "::1" }
    let port = configuration.probePort ?? configuration.port
    guard port > 0 else { return fail("the server's port is 0 (any free one): give the port it chose") }
    return healthcheck(host: host, port: port)
}

/// The arguments of process `pid` when it is a transition-sim server (after a wrapper such as
/// `docker-init --`, if any), else nil.
func serverArguments(pid: Int32) -> [String]? {
    guard let file = fopen("/proc/\(pid)/cmdline", "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 1 << 20 {
        let n = fread(&buffer, 1, buffer.count, file)
        guard n > 0 else { break }
        bytes += buffer[0..<n]
    }
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    guard let program = words.firstIndex(where: { $0 == "transition-sim" || $0.hasSuffix("/transition-sim") }) else { return nil }
    let rest = Array(words[(program + 1)...].filter { !$0.isEmpty })
    return rest.first == "healthcheck" ? nil : rest
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
        connected = connect(fd, to: &address)
    } else {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return 1 }
        connected = connect(fd, to: &address)
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

/// `connect(2)` with an IPv4 or IPv6 address structure, passed as the `sockaddr` it begins with.
private func connect<Address>(_ fd: Int32, to address: inout Address) -> Int32 {
    withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<Address>.size)) }
    }
}
