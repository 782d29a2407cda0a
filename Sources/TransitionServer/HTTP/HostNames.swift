#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which `Host` names the service answers (docs/security.md § What each defence stops). A page on
/// `evil.example` whose name the attacker re-points at 127.0.0.1 reaches a service on loopback
/// as "same origin", and could read its answers; its requests still say `Host: evil.example`.
/// So a service listening on a loopback address answers only names that always mean loopback,
/// and the names `--allowed-hosts` adds (a deployment behind a name); elsewhere, any name
/// unless `--allowed-hosts` is given.
public struct HostNames: Sendable {
    /// `--allowed-hosts`, lower case, without ports; `*` stands for any name.
    let listed: Set<String>
    /// Whether `Host` is checked at all.
    let checked: Bool

    public init(bindAddress: String, allowed: [String]) {
        listed = Set(allowed)
        checked = !listed.contains("*") && (Self.isLoopbackAddress(bindAddress) || !listed.isEmpty)
    }

    /// Whether a request with this `Host` value is answered. A request without one (HTTP/1.0,
    /// in-process callers) is: every browser sends one.
    func allows(_ host: String?) -> Bool {
        guard checked, let host else { return true }
        guard let name = Self.name(host) else { return false }
        return Self.isLoopbackName(name) || listed.contains(name)
    }

    /// A name as `--allowed-hosts` may give it: a name, an IPv4 address or a bracketed IPv6 one,
    /// without a port, in lower case; or `*`. Nil otherwise.
    public static func listedName(_ text: String) -> String? {
        if text == "*" { return text }
        return name(text).flatMap { $0 == text.lowercased() ? $0 : nil }
    }

    /// The host of a `Host` value (`name[:port]`, RFC 9110 §7.2) in lower case, without the port
    /// and a final dot; nil when it is not a name (dot-separated labels of letters, digits, `-`,
    /// `_` and `~`: RFC 3986's unreserved characters, as a compose service's `transition_sim`), an
    /// IPv4 address or a bracketed IPv6 one.
    static func name(_ value: String) -> String? {
        var host = Substring(value.lowercased())
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") {
            let port = host[host.index(after: colon)...]
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            host = host[..<colon]
        }
        if host.hasPrefix("[") {
            var address = in6_addr()
            guard host.hasSuffix("]"), inet_pton(AF_INET6, String(host.dropFirst().dropLast()), &address) == 1 else { return nil }
            return String(host)
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let valid = !host.isEmpty && host.count <= 253 && labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_~".contains($0)) }
        }
        return valid ? String(host) : nil
    }

    /// `localhost` and its subdomains (RFC 6761 §6.3: resolvers answer them with loopback
    /// themselves), 127.0.0.0/8 (RFC 1122 §3.2.1.3) and [::1] (RFC 4291 §2.5.3).
    static func isLoopbackName(_ name: String) -> Bool {
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        if name.hasPrefix("[") { return isLoopbackAddress(String(name.dropFirst().dropLast())) }
        return isLoopbackAddress(name)
    }

    /// Whether an IPv4 or IPv6 address (no brackets) is a loopback address.
    static func isLoopbackAddress(_ address: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return withUnsafeBytes(of: &v4) { $0[0] } == 127 }
        if inet_pton(AF_INET6, address, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { bytes in bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1 }
        }
        return false
    }
}
