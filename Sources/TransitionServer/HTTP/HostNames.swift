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
    ///
    /// Read as bytes where they stand (every request asks this: a `Character` walk with
    /// `isLetter` looked Unicode properties up for each, and a copy of the bytes was an array):
    /// only a value with a non-ASCII byte is lower-cased by Unicode's rules first (the Kelvin
    /// sign becomes `k`), and any byte still outside ASCII then makes it no name, as a non-ASCII
    /// character did.
    static func name(_ value: String) -> String? {
        var text = value.utf8.allSatisfy { $0 < 0x80 } ? value : value.lowercased()
        return text.withUTF8 { bytes -> String? in
            var end = bytes.count
            if let colon = bytes.lastIndex(of: UInt8(ascii: ":")), bytes.last != UInt8(ascii: "]") {
                let port = bytes[(colon + 1)...]
                guard !port.isEmpty, port.count <= 5, port.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
                end = colon
            }
            let host = UnsafeBufferPointer(rebasing: bytes[..<end])
            if host.first == UInt8(ascii: "[") {
                var address = in6_addr()
                guard host.count >= 2, host.last == UInt8(ascii: "]"),
                      inet_pton(AF_INET6, String(decoding: host.dropFirst().dropLast(), as: UTF8.self), &address) == 1 else { return nil }
                return lowered(host)
            }
            let name = UnsafeBufferPointer(rebasing: host[..<(host.last == UInt8(ascii: ".") ? host.count - 1 : host.count)])
            guard !name.isEmpty, name.count <= 253 else { return nil }
            // Each dot-separated label 1 to 63 name bytes.
            var label = 0
            for byte in name {
                if byte == UInt8(ascii: ".") {
                    guard label > 0 else { return nil }
                    label = 0
                } else {
                    guard isNameByte(lower(byte)), label < 63 else { return nil }
                    label += 1
                }
            }
            guard label > 0 else { return nil }
            return lowered(name)
        }
    }

    /// An ASCII capital as its small letter; any other byte as it is.
    private static func lower(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// The bytes in lower case (ASCII capitals only), as a string.
    private static func lowered(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { out in
            for i in bytes.indices { out[i] = lower(bytes[i]) }
            return bytes.count
        }
    }

    /// A lower-case letter, a digit, `-`, `_` or `~`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    /// `localhost` and its subdomains (RFC 6761 §6.3: resolvers answer them with loopback
    /// themselves), 127.0.0.0/8 (RFC 1122 §3.2.1.3) and [::1] (RFC 4291 §2.5.3).
    static func isLoopbackName(_ name: String) -> Bool {
        // A name is ASCII: its bytes compare as its characters do.
        if name == "localhost" || name.utf8.count >= 10 && name.utf8.suffix(10).elementsEqual(".localhost".utf8) { return true }
        if name.utf8.first == UInt8(ascii: "[") { return isLoopbackAddress(String(name.dropFirst().dropLast())) }
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
