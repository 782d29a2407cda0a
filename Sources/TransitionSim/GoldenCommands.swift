import TransitionServer
#if canImport(Glibc)
import Glibc
#endif

/// `transition-sim check` and `transition-sim golden` (docs/golden.md § The commands): golden
/// files for a harness's CI, with no server. Exit status 0 on a match, 1 on a divergence, 2 on
/// bad arguments or a file that cannot be read (a message names what is wrong).
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
        for line in outcome.lines { print(line) }
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
            let parsed = list.split(separator: ",").map { Double($0) }
            guard !parsed.isEmpty, parsed.count <= 240, parsed.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 } ?? false }) else {
                return fail("--t: 1 to 240 session times in seconds, separated by commas")
            }
            times = parsed.map { $0! }
        } else {
            guard let from = values["--from"].flatMap(Double.init), let to = values["--to"].flatMap(Double.init), from.isFinite, to.isFinite,
                  from >= 0, to >= from else {
                return fail("--from and --to: session times in seconds, to not before from")
            }
            guard let fps = (values["--fps"] ?? "60").flatMap(Double.init), fps.isFinite, fps > 0, fps <= 1000 else {
                return fail("--fps: frames per second, above 0 and at most 1000")
            }
            guard let series = GoldenCommand.times(from: from, to: to, fps: fps) else { return fail("at most 240 frames") }
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

    private static func fail(_ message: String) -> Int32 {
        let text = Array("transition-sim: \(message)\n\(usage)".utf8)
        _ = text.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        return 2
    }

    /// Writes the whole file, replacing it.
    private static func write(_ bytes: [UInt8], to path: String) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        return fclose(file) == 0 && written == bytes.count
    }
}
