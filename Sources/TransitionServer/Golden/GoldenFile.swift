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

    /// The file for `scenario` whose expected frames are `frames` (the service's, flat, each view
    /// without `parent`); nil once it outgrows `limit` bytes.
    static func encode(scenario: JSONValue, frames: [Snapshot], settings: ComparisonSettings, limit: Int = .max) -> [UInt8]? {
        var out: [UInt8] = []
        func line(_ text: String) { out += Array(text.utf8) }
        var head = JSONWriter()
        head.beginObject()
        settings.write(to: &head)
        head.endObject()
        // The settings' members (budget, properties, tolerance) and the rest, sorted together.
        var members = (try? JSONParser.parse(head.bytes))?.objectValue?.entries.map { ($0.key, sorted($0.value)) } ?? []
        members.append(("version", [UInt8]("1".utf8)))
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
                expected += Array("\n      ".utf8) + sorted(.object(object)) + Array((j == views.count - 1 ? "]}" : ",").utf8)
            }
            if i < frames.count - 1 { expected += Array(",".utf8) }
            guard expected.count <= limit else { return nil }
        }
        expected += Array("]}".utf8)
        members.append(("expected", expected))
        members.append(("scenario", scenarioBytes(scenario)))
        members.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
        line("{\n")
        for (i, member) in members.enumerated() {
            line("  \"\(member.0)\": ")
            out += member.1
            line(i == members.count - 1 ? "\n}\n" : ",\n")
        }
        return out.count <= limit ? out : nil
    }

    /// The scenario with one change per line.
    private static func scenarioBytes(_ scenario: JSONValue) -> [UInt8] {
        guard var object = scenario.objectValue, let changes = object["changes"]?.arrayValue, !changes.isEmpty else { return sorted(scenario) }
        object["changes"] = nil
        var rest = sorted(.object(object))
        rest.removeFirst()  // "{": the changes come first, as sorted keys have them
        var out = Array("{\"changes\": [".utf8)
        for (i, change) in changes.enumerated() {
            out += Array("\n    ".utf8) + sorted(change) + Array((i == changes.count - 1 ? "]" : ",").utf8)
        }
        return out + (rest.count > 1 ? Array(", ".utf8) : []) + rest
    }

    /// A value's compact JSON with every object's keys sorted (by their UTF-8 bytes).
    static func sorted(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writeSorted(value, to: &writer)
        return writer.bytes
    }

    private static func writeSorted(_ value: JSONValue, to writer: inout JSONWriter) {
        switch value {
        case .object(let object):
            writer.beginObject()
            for (key, item) in object.entries.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                writer.key(key)
                writeSorted(item, to: &writer)
            }
            writer.endObject()
        case .array(let items):
            writer.beginArray()
            for item in items { writeSorted(item, to: &writer) }
            writer.endArray()
        default:
            writer.value(value)
        }
    }
}
