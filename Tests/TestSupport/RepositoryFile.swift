#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of a file of this repository (`docs/animators.md`, `openapi.yaml`), found from where
/// this source file is, or nil if it cannot be read. The C library reads it: the test targets
/// stay Foundation-free.
public func repositoryFile(_ relativePath: String) -> String? {
    let root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
    guard let file = fopen(root + "/" + relativePath, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        bytes += buffer[0..<count]
        if count < buffer.count { break }
    }
    return String(decoding: bytes, as: UTF8.self)
}
