import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

/// `--scenarios DIR`: every `*.json` in the folder becomes a session whose id is the file's name
/// without `.json`, replayed from the scenario document it holds. A file that cannot be read or
/// replayed stops the start, with the reason: fixtures that silently go missing help no one.
enum Fixtures {
    static func load(from folder: String, into application: Application) -> Result<Int, FixtureError> {
        guard let dir = opendir(folder) else { return .failure(FixtureError(file: folder, reason: "cannot open the folder")) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".json") && !name.hasPrefix(".") { names.append(name) }
        }
        for name in names.sorted() {
            let path = folder + "/" + name
            guard let bytes = read(path) else { return .failure(FixtureError(file: path, reason: "cannot read the file")) }
            do {
                try application.loadFixture(id: String(name.dropLast(5)), document: bytes)
            } catch {
                return .failure(FixtureError(file: path, reason: Problem(error).detail))
            }
        }
        return .success(names.count)
    }

    /// The whole file, up to 64 MiB.
    static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            bytes.append(contentsOf: chunk[..<n])
            if n < chunk.count { return ferror(file) == 0 ? bytes : nil }
            if bytes.count > 64 << 20 { return nil }
        }
    }
}

struct FixtureError: Error {
    var file: String
    var reason: String
}
