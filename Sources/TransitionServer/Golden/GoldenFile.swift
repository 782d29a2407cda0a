import JSONCodec
import TransitionCore

/// A golden file: a scenario document, the frames it is expected to show, and how closely
/// (docs/golden.md § The golden file). What `transition-sim golden` and `GET …/golden` write,
/// `transition-sim check` reads, and `--update` rewrites.
///
/// Written so that the same frames make the same bytes and a code review shows what moved: keys
/// sorted at every level, numbers in the writer's one shortest form, one view per line.
struct GoldenFile {
    static let version = 1

    var scenario: Scenario
    /// The scenario document as given (written back as it was, keys sorted).
    var scenarioJSON: JSONValue
    var expected: ExpectedFrames
    var settings: ComparisonSettings

    static func read(_ json: JSONValue) throws(SimulationError) -> GoldenFile {
        var r = try SpecReader(json, at: "")
        guard let version = try r.integer("version", in: 1...1_000_000) else {
            throw SimulationError("/version", "is required: the golden file format's version, \(Self.version)")
        }
        guard version == Self.version else { throw SimulationError("/version", "this build reads golden files of version \(Self.version), not \(version)") }
        guard let scenarioJSON = r.value("scenario") else {
            throw SimulationError("/scenario", "is required: the scenario document (GET /v1/sessions/{id}/scenario)")
        }
        guard let frames = r.value("expected") else { throw SimulationError("/expected", "is required: the expected frames") }
        let settings = try ComparisonSettings.read(&r)
        try r.finish()
        let scenario = try Scenario.decode(scenarioJSON, at: "/scenario")
        let expected = try ExpectedFrames.read(frames, at: "/expected", bounds: .goldenFile)
        return GoldenFile(scenario: scenario, scenarioJSON: scenarioJSON, expected: expected, settings: settings)
    }

    /// The most JSON values a golden file holds, containers and scalars alike: what
    /// `transition-sim check` reads (GoldenCommand.fileLimits).
    static let maxValues = GoldenCommand.fileLimits.maxValues

    /// The file for `scenario` whose expected frames are `frames` (the service's, flat, each view
    /// without `parent`). Refused once it outgrows `limit` bytes (422 `response-too-large`) or
    /// `maxValues` values (422 `limit-exceeded`: `check` would refuse it).
    static func encode(scenario: JSONValue, frames: [Snapshot], settings: ComparisonSettings, limit: Int = .max) throws(Problem) -> [UInt8] {
        var out: [UInt8] = []
        func line(_ text: String) { out += Array(text.utf8) }
        // The file's object, its expected frames' object, their list; each frame's object, time and list.
        var values = 3 + 3 * frames.count
        var head = JSONWriter()
        head.beginObject()
        settings.write(to: &head)
        head.endObject()
        // The settings' members (budget, properties, tolerance) and the rest, sorted together.
        var members = (try? JSONParser.parse(head.bytes))?.objectValue?.entries.map { ($0.key, sorted($0.value, counting: &values)) } ?? []
        members.append(("version", [UInt8]("1".utf8)))
        values += 1
        var expected: [UInt8] = Array("{\"snapshots\": [".utf8)
        for (i, shot) in frames.enumerated() {
            var encoder = ResponseEncoder(flat: true)
            encoder.snapshot(shot)
            let views = (try? JSONParser.parse(encoder.writer.bytes, limits: ChangeBatch.ownOutput))?.objectValue?["views"]?.arrayValue ?? []
            var time = JSONWriter()
            time.number(shot.time)
            expected += Array("\n    {\"time\": ".utf8) + time.bytes + Array(", \"views\": [".utf8)
            for (j, view) in views.enumerated() {
                var object = view.objectValue ?? JSONObject()
                object["parent"] = nil
                expected += Array("\n      ".utf8) + sorted(.object(object), counting: &values) + Array((j == views.count - 1 ? "]}" : ",").utf8)
            }
            if i < frames.count - 1 { expected += Array(",".utf8) }
            guard expected.count <= limit else { throw Problem.responseTooLarge(limit: limit) }
            guard values <= maxValues else { throw tooManyValues() }
        }
        expected += Array("]}".utf8)
        members.append(("expected", expected))
        members.append(("scenario", scenarioBytes(scenario, counting: &values)))
        guard values <= maxValues else { throw tooManyValues() }
        members.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
        line("{\n")
        for (i, member) in members.enumerated() {
            line("  \"\(member.0)\": ")
            out += member.1
            line(i == members.count - 1 ? "\n}\n" : ",\n")
        }
        guard out.count <= limit else { throw Problem.responseTooLarge(limit: limit) }
        return out
    }

    private static func tooManyValues() -> Problem {
        Problem(.limitExceeded, detail: "the golden file would hold more than \(maxValues) JSON values, the most transition-sim check reads; ask for fewer frames, or make a golden of a shorter scenario")
    }

    /// The scenario with one change per line.
    private static func scenarioBytes(_ scenario: JSONValue, counting values: inout Int) -> [UInt8] {
        guard var object = scenario.objectValue, let changes = object["changes"]?.arrayValue, !changes.isEmpty else {
            return sorted(scenario, counting: &values)
        }
        object["changes"] = nil
        var rest = sorted(.object(object), counting: &values)
        rest.removeFirst()  // "{": the changes come first, as sorted keys have them
        var out = Array("{\"changes\": [".utf8)
        values += 1
        for (i, change) in changes.enumerated() {
            out += Array("\n    ".utf8) + sorted(change, counting: &values) + Array((i == changes.count - 1 ? "]" : ",").utf8)
        }
        return out + (rest.count > 1 ? Array(", ".utf8) : []) + rest
    }

    /// A value's compact JSON with every object's keys sorted (by their UTF-8 bytes), adding the
    /// JSON values it writes to `values`.
    private static func sorted(_ value: JSONValue, counting values: inout Int) -> [UInt8] {
        var writer = JSONWriter()
        writeSorted(value, to: &writer, counting: &values)
        return writer.bytes
    }

    private static func writeSorted(_ value: JSONValue, to writer: inout JSONWriter, counting values: inout Int) {
        values += 1
        switch value {
        case .object(let object):
            writer.beginObject()
            for (key, item) in object.entries.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                writer.key(key)
                writeSorted(item, to: &writer, counting: &values)
            }
            writer.endObject()
        case .array(let items):
            writer.beginArray()
            for item in items { writeSorted(item, to: &writer, counting: &values) }
            writer.endArray()
        default:
            writer.value(value)
        }
    }
}
