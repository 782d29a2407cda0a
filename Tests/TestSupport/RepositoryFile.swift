#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of a file of this repository (`docs/animators.md`, `openapi.yaml`), found from where
/// this source file is, or nil if it cannot be read. The C library reads it: the test targets
/// stay Foundation-free.
public func repositoryFile(_ relativePath: String) -> String? {
    guard let file = fopen(repositoryRoot + "/" + relativePath, "r") else { return nil }
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

/// The names in a folder of this repository (`Sources/TransitionCore/Catalogue/Animators`),
/// sorted, without `.` and `..`; nil if it cannot be read.
public func repositoryFolder(_ relativePath: String) -> [String]? {
    guard let folder = opendir(repositoryRoot + "/" + relativePath) else { return nil }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

/// This checkout's root, from where this source file is.
private let repositoryRoot = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
