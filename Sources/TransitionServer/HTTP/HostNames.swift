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
    ///
    /// Read from the value's bytes where they stand (every request asks): no lower-cased copy,
    /// and an IPv4 literal is read from the bytes, where `inet_pton` wanted a C string copy of
    /// them. Only a value with a non-ASCII byte is lower-cased by Unicode's rules first, as
    /// `name(_:)` does.
    func allows(_ host: String?) -> Bool {
        guard checked, let host else { return true }
        var text = host
        let verdict = text.withUTF8 { bytes -> Bool? in
            bytes.allSatisfy { $0 < 0x80 } ? allows(ascii: bytes) : nil
        }
        if let verdict { return verdict }
        var lowered = host.lowercased()
        return lowered.withUTF8 { $0.allSatisfy { $0 < 0x80 } && allows(ascii: $0) }
    }

    /// `allows` of an ASCII value: its host a loopback name or a listed one.
    private func allows(ascii value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let range = Self.hostRange(value) else { return false }
        let host = UnsafeBufferPointer(rebasing: value[range])
        return Self.isLoopbackName(host) || !listed.isEmpty && listed.contains(Self.lowered(host))
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
    /// IPv4 address or a bracketed IPv6 one. A value with a non-ASCII byte is lower-cased by
    /// Unicode's rules first (the Kelvin sign becomes `k`), and any byte still outside ASCII then
    /// makes it no name, as a non-ASCII character did.
    static func name(_ value: String) -> String? {
        var text = value.utf8.allSatisfy { $0 < 0x80 } ? value : value.lowercased()
        return text.withUTF8 { bytes in hostRange(bytes).map { lowered(UnsafeBufferPointer(rebasing: bytes[$0])) } }
    }

    /// Where the host of a `Host` value's bytes is (`name(_:)`'s rules, in any case): without
    /// the port and a final dot; nil when it is not a name, an IPv4 address or a bracketed IPv6 one.
    private static func hostRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var end = bytes.count
        if let colon = bytes.lastIndex(of: UInt8(ascii: ":")), bytes.last != UInt8(ascii: "]") {
            let port = bytes[(colon + 1)...]
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            end = colon
        }
        let host = UnsafeBufferPointer(rebasing: bytes[..<end])
        if host.first == UInt8(ascii: "[") {
            guard host.count >= 2, host.last == UInt8(ascii: "]"),
                  ipv6Address(UnsafeBufferPointer(rebasing: host.dropFirst().dropLast())) != nil else { return nil }
            return 0..<end
        }
        let nameEnd = host.last == UInt8(ascii: ".") ? host.count - 1 : host.count
        guard nameEnd > 0, nameEnd <= 253 else { return nil }
        // Each dot-separated label 1 to 63 name bytes.
        var label = 0
        for byte in host[..<nameEnd] {
            if byte == UInt8(ascii: ".") {
                guard label > 0 else { return nil }
                label = 0
            } else {
                guard isNameByte(lower(byte)), label < 63 else { return nil }
                label += 1
            }
        }
        guard label > 0 else { return nil }
        return 0..<nameEnd
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

    /// Whether a host as `hostRange` finds it, in any case, is a loopback name: `localhost` and
    /// its subdomains (RFC 6761 §6.3: resolvers answer them with loopback themselves),
    /// 127.0.0.0/8 (RFC 1122 §3.2.1.3) and [::1] (RFC 4291 §2.5.3).
    private static func isLoopbackName(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        let localhost: StaticString = ".localhost"
        let suffix = UnsafeBufferPointer(start: localhost.utf8Start, count: localhost.utf8CodeUnitCount)
        if host.count >= suffix.count - 1, zip(host.reversed(), suffix.reversed()).allSatisfy({ lower($0) == $1 }),
           host.count == suffix.count - 1 || host[host.count - suffix.count] == UInt8(ascii: ".") {
            return true
        }
        if host.first == UInt8(ascii: "[") { return ipv6Address(UnsafeBufferPointer(rebasing: host.dropFirst().dropLast())).map(isLoopback) ?? false }
        return ipv4Address(host).map { $0.0 == 127 } ?? false
    }

    /// The four bytes of an IPv4 address in dotted decimal as `inet_pton` reads it (four decimal
    /// numbers to 255 without leading zeros, nothing else); nil for anything else.
    static func ipv4Address(_ text: UnsafeBufferPointer<UInt8>) -> (UInt8, UInt8, UInt8, UInt8)? {
        var parts: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        var part = 0, value = 0, digits = 0
        for byte in text {
            if byte >= 0x30 && byte <= 0x39 {
                guard !(digits > 0 && value == 0) else { return nil }  // a leading zero
                value = value * 10 + Int(byte - 0x30)
                guard value <= 255 else { return nil }
                digits += 1
            } else if byte == UInt8(ascii: "."), digits > 0, part < 3 {
                withUnsafeMutableBytes(of: &parts) { $0[part] = UInt8(value) }
                part += 1
                value = 0
                digits = 0
            } else {
                return nil
            }
        }
        guard part == 3, digits > 0 else { return nil }
        parts.3 = UInt8(value)
        return parts
    }

    /// The 16 bytes of an IPv6 address as `inet_pton` reads it, nil for anything else; read from
    /// a NUL-terminated copy on the stack (a `Host` value holds at most 45 bytes of one).
    private static func ipv6Address(_ text: UnsafeBufferPointer<UInt8>) -> in6_addr? {
        guard text.count < 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> in6_addr? in
            for i in text.indices { buffer[i] = CChar(bitPattern: text[i]) }
            buffer[text.count] = 0
            var address = in6_addr()
            return inet_pton(AF_INET6, buffer.baseAddress, &address) == 1 ? address : nil
        }
    }

    /// Whether an IPv6 address is ::1.
    private static func isLoopback(_ address: in6_addr) -> Bool {
        withUnsafeBytes(of: address) { bytes in bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1 }
    }

    /// Whether an IPv4 or IPv6 address (no brackets) is a loopback address.
    static func isLoopbackAddress(_ address: String) -> Bool {
        var address = address
        return address.withUTF8 { bytes in
            if let v4 = ipv4Address(bytes) { return v4.0 == 127 }
            return ipv6Address(bytes).map(isLoopback) ?? false
        }
    }
}
