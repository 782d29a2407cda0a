import JSONCodec
import TransitionCore

/// `transition-sim check` and `transition-sim golden`: golden files without a server. The
/// executable reads and writes the files; this replays, compares and words the outcome, with
/// the same code the HTTP routes run.
public enum GoldenCommand {
    /// What `check` ends with: the exit status (0 match, 1 divergence, 2 a file that cannot be
    /// read), the lines to print, the report, and with `--update` the rewritten file.
    public struct Outcome: Sendable {
        public var status: Int32
        public var lines: [String]
        public var report: [UInt8]?
        public var rewritten: [UInt8]?
    }

    /// Files are not requests: a golden holds at most 3,000,000 compared values
    /// (`FrameBounds.goldenFile`), each one JSON value and a view's members and objects a few
    /// more, and a scenario. This holds every golden `check` can read, and bounds what reading
    /// costs before the frames' bounds are checked: a file far over it is refused after reading
    /// this many values, not after parsing all of them.
    static let fileLimits = JSONParser.Limits(maxDepth: SceneLimits().jsonBodyLimits.maxDepth, maxValues: 5_000_000)

    /// The most frames one golden holds, as one series of `/snapshots`.
    public static let maxFrames = Application.maxTimestamps

    /// Checks a golden file (`name` for messages), with `tolerances` (`position=0.5,alpha=0.01`)
    /// over the file's own; with `update`, rewrites its expected frames instead.
    public static func check(_ bytes: [UInt8], name: String, tolerances: String?, update: Bool) -> Outcome {
        let application = Application(configuration: ServerConfiguration())
        do {
            let file = try GoldenFile.read(try JSONParser.parse(bytes, limits: fileLimits))
            var settings = file.settings
            if let tolerances { settings.tolerance = try Tolerance.parse(tolerances, over: settings.tolerance) }
            let session = try application.replaying(file.scenario, at: "/scenario")
            if update {
                let times = file.expected.frames.map(\.time)
                let shots = try application.series(session.history(now: .now), at: times, form: .comparison) { $0 }
                let rewritten = try GoldenFile.encode(scenario: file.scenarioJSON, frames: shots, settings: file.settings)
                return Outcome(status: 0, lines: ["\(name): updated, \(times.count) frames"], rewritten: rewritten)
            }
            let report = try application.compare(file.expected, settings: settings, in: session, now: .now)
            let lines = (report.firstLine.map { ["\(name): first divergence: \($0)"] } ?? []) + ["\(name): \(report.summary)"]
            return Outcome(status: report.match ? 0 : 1, lines: lines, report: report.encoded)
        } catch {
            return Outcome(status: 2, lines: ["\(name): \(Problem(error).detail)"])
        }
    }

    /// A golden file of the scenario document `bytes` at `times`, with the default tolerances;
    /// or why it cannot be made. The file is read back as `check` reads it: a golden `check`
    /// would refuse is never written.
    public static func golden(scenario bytes: [UInt8], times: [Double]) -> Result<[UInt8], GoldenCommandError> {
        let application = Application(configuration: ServerConfiguration())
        do {
            let json = try JSONParser.parse(bytes, limits: fileLimits)
            let session = try application.replaying(try Scenario.decode(json, at: ""), at: "")
            let shots = try application.series(session.history(now: .now), at: times, form: .comparison) { $0 }
            let golden = try GoldenFile.encode(scenario: json, frames: shots, settings: ComparisonSettings())
            _ = try GoldenFile.read(try JSONParser.parse(golden, limits: fileLimits))
            return .success(golden)
        } catch {
            return .failure(GoldenCommandError(message: Problem(error).detail))
        }
    }

    /// Frames from `from` to `to` at `fps`, as `/snapshots?from=&to=&fps=` has them; nil past
    /// the most one series holds (weighed before the count is made a whole number, which a span
    /// of 1e19 frames would overflow).
    public static func times(from: Double, to: Double, fps: Double) -> [Double]? {
        guard (to - from) * fps < Double(maxFrames) else { return nil }
        let count = Application.frameCount(from: from, to: to, fps: fps)
        guard count >= 1, count <= Application.maxTimestamps else { return nil }
        return Application.frameTimes(from: from, count: count, fps: fps)
    }
}

/// The report as the command prints it.
extension ComparisonReport {
    /// One line for a terminal: the first divergence, in words.
    var firstLine: String? {
        guard let d = first else { return nil }
        let who = d.viewController.map { "\($0):\(d.path ?? "")" } ?? d.view ?? "?"
        let named = d.view.map { " (\($0))" } ?? ""
        switch d.kind {
        case .missing: return "t=\(d.time) \(who)\(named): missing from the service's frame"
        case .unexpected: return "t=\(d.time) \(who)\(named): shown by the service, not expected"
        case .value:
            let e = d.expected.map { String(decoding: JSONWriter.encode($0), as: UTF8.self) } ?? "none"
            let a = d.actual.map { String(decoding: JSONWriter.encode($0), as: UTF8.self) } ?? "none"
            let by = d.difference.flatMap { $0.isNaN ? nil : " (difference \($0), tolerance \(d.tolerance ?? 0))" } ?? ""
            return "t=\(d.time) \(who)\(named) \(d.property ?? ""): expected \(e), got \(a)\(by)"
        }
    }

    /// One line: match or not, and the counts.
    var summary: String {
        "\(match ? "match" : "DIVERGES"): \(divergences) divergent of \(values) values (budget \(settings.budget)) in \(views) views of \(frames) frames"
    }
}

public struct GoldenCommandError: Error, Sendable {
    public var message: String
}

extension Tolerance {
    /// `position=0.5,alpha=0.01` (the command's `--tolerance`) over `base`.
    static func parse(_ text: String, over base: Tolerance) throws(SimulationError) -> Tolerance {
        var tolerance = base
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, let value = Double(pair[1]), value.isFinite, value >= 0 else {
                throw SimulationError("--tolerance", "'\(part)' is not name=value with a number 0 or more (\(names.joined(separator: ", ")))")
            }
            guard pair[0] != "time" || value <= ComparisonSettings.maxTime else {
                throw SimulationError("--tolerance", "time is at most \(ComparisonSettings.maxTime) s")
            }
            guard tolerance.set(pair[0], value) else {
                throw SimulationError("--tolerance", "unknown tolerance '\(pair[0])'; known: \(names.joined(separator: ", "))")
            }
        }
        return tolerance
    }
}
