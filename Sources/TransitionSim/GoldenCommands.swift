import TransitionCore
import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

/// `transition-sim check` and `transition-sim golden` (docs/golden.md § The commands): golden
/// files for a harness's CI, with no server. Exit status 0 on a match, 1 on a divergence, 2 on
/// bad arguments or a file that cannot be read (a message names what is wrong). Every session
/// time is 0 to `World.latestTime` (the most a golden file's frame may name), `--fps` above 0
/// and at most 1000 (60 when not given); files are written whole or not at all; what a file
/// brings (ids, members, names) is printed escaped as the server's logs escape it.
enum GoldenCommands {
    static let usage = """
        usage: transition-sim check GOLDEN.json [--update] [--tolerance position=0.5,alpha=0.01] [--report REPORT.json]
               transition-sim golden SCENARIO.json (--from S --to S [--fps N] | --t S,S,…) -o GOLDEN.json

        """

    /// `check GOLDEN.json [--update] [--tolerance LIST] [--report FILE]`.
    static func check(_ arguments: [String]) -> Int32 {
        var file: String?, tolerances: String?, reportPath: String?
        var update = false
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--update": update = true
            case "--tolerance", "--report":
                guard i + 1 < arguments.count else { return fail("\(arguments[i]) needs a value") }
                if arguments[i] == "--tolerance" { tolerances = arguments[i + 1] } else { reportPath = arguments[i + 1] }
                i += 1
            case let argument where argument.hasPrefix("-"):
                return fail("unknown flag \(argument)")
            case let argument:
                guard file == nil else { return fail("one golden file at a time") }
                file = argument
            }
            i += 1
        }
        guard let file else { return fail("which golden file?") }
        let bytes: [UInt8]
        switch Fixtures.read(file) {
        case .success(let read): bytes = read
        case .failure(let error): return fail("\(file): \(error.reason)")
        }
        let outcome = GoldenCommand.check(bytes, name: file, tolerances: tolerances, update: update)
        for line in outcome.lines { print(Logger.escaped(line)) }
        if let rewritten = outcome.rewritten, !write(rewritten, to: file) { return fail("cannot write \(file)") }
        if let reportPath, let report = outcome.report, !write(report + [0x0A], to: reportPath) { return fail("cannot write \(reportPath)") }
        return outcome.status
    }

    /// `golden SCENARIO.json --from S --to S [--fps N] -o GOLDEN.json`, or `--t S,S,…`.
    static func golden(_ arguments: [String]) -> Int32 {
        var values: [String: String] = [:]
        var scenario: String?
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if ["--from", "--to", "--fps", "--t", "-o"].contains(argument) {
                guard i + 1 < arguments.count else { return fail("\(argument) needs a value") }
                values[argument] = arguments[i + 1]
                i += 2
                continue
            }
            guard !argument.hasPrefix("-") else { return fail("unknown flag \(argument)") }
            guard scenario == nil else { return fail("one scenario at a time") }
            scenario = argument
            i += 1
        }
        guard let scenario else { return fail("which scenario document?") }
        guard let output = values["-o"] else { return fail("-o GOLDEN.json: where to write the golden file") }
        let times: [Double]
        if let list = values["--t"] {
            guard values["--from"] == nil, values["--to"] == nil, values["--fps"] == nil else { return fail("give --t or --from, --to and --fps") }
            let parsed = list.split(separator: ",", omittingEmptySubsequences: false).map { sessionTime(String($0)) }
            guard !parsed.isEmpty, parsed.count <= GoldenCommand.maxFrames, !parsed.contains(nil) else {
                return fail("--t: 1 to \(GoldenCommand.maxFrames) session times in seconds (0 to \(Int(World.latestTime))), separated by commas")
            }
            times = parsed.map { $0! }
        } else {
            guard let from = values["--from"].flatMap(sessionTime), let to = values["--to"].flatMap(sessionTime), to >= from else {
                return fail("--from and --to: session times in seconds (0 to \(Int(World.latestTime))), to not before from")
            }
            guard let fps = Double(values["--fps"] ?? "60"), fps.isFinite, fps > 0, fps <= 1000 else {
                return fail("--fps: frames per second, above 0 and at most 1000 (default 60)")
            }
            guard let series = GoldenCommand.times(from: from, to: to, fps: fps) else { return fail("at most \(GoldenCommand.maxFrames) frames") }
            times = series
        }
        let bytes: [UInt8]
        switch Fixtures.read(scenario) {
        case .success(let read): bytes = read
        case .failure(let error): return fail("\(scenario): \(error.reason)")
        }
        switch GoldenCommand.golden(scenario: bytes, times: times) {
        case .success(let golden):
            guard write(golden, to: output) else { return fail("cannot write \(output)") }
            print("\(output): \(times.count) frames of \(scenario)")
            return 0
        case .failure(let error):
            return fail("\(scenario): \(error.message)")
        }
    }

    /// A session time in seconds, 0 to `World.latestTime`; nil for anything else.
    private static func sessionTime(_ text: String) -> Double? {
        guard let t = Double(text), t >= 0, t <= World.latestTime else { return nil }
        return t
    }

    /// Exit status 2, with the message (escaped: it may quote a file's names) and the usage.
    private static func fail(_ message: String) -> Int32 {
        let text = Array("transition-sim: \(Logger.escaped(message))\n\(usage)".utf8)
        _ = text.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        return 2
    }

    /// Writes the whole file, replacing it: into a temporary file in the same folder, renamed
    /// over `path` once complete, so that a write cut short (a full disk, a file size limit)
    /// leaves the former file, and a symbolic link at `path` is itself replaced, its target untouched.
    private static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        var template = Array((folder + ".transition-sim.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return false }
        let temporary = String(cString: template)
        // mkstemp makes the file 0600; a golden is shared like any file the user writes.
        let mask = umask(0)
        umask(mask)
        var written = fchmod(fd, 0o666 & ~mask) == 0
        if written {
            written = bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if n < 0, errno == EINTR { continue }
                    guard n > 0 else { return false }
                    offset += n
                }
                return true
            }
        }
        written = close(fd) == 0 && written && rename(temporary, path) == 0
        if !written { unlink(temporary) }
        return written
    }
}
