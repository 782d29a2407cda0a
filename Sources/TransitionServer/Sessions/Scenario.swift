import JSONCodec
import TransitionCore

/// A session as a document: the body it was created with and every change since, in order.
/// `GET …/scenario` exports one; `POST /v1/sessions {"scenario": …}` and `--scenarios DIR`
/// replay one into a new session, which then answers exactly as the original did. It is what a
/// bug report attaches and what a harness saves to run again.
///
///     {"version": 1,
///      "session": {…the creation body…},
///      "changes": [{"action": {…}}, {"action": {…}, "pointer": "/1"}, {"clock": 1.5}]}
///
/// `pointer` is where the action stood in its request (errors raised later, by an animator it
/// installed, name it); it is written only when not empty.
struct Scenario {
    static let version = 1

    var session: JSONValue
    var changes: [SessionLog.Change]

    /// Decodes a document; its changes are checked only when replayed.
    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> Scenario {
        var r = try SpecReader(json, at: pointer)
        guard let version = try r.integer("version", in: 1...1_000_000) else {
            throw SimulationError(r.path("version"), "is required: the scenario format's version, \(Self.version)")
        }
        guard version == Self.version else {
            throw SimulationError(r.path("version"), "this service reads scenario version \(Self.version), not \(version)")
        }
        guard let session = r.value("session") else { throw SimulationError(r.path("session"), "is required: the session's creation body") }
        guard let list = try r.array("changes", maxCount: SessionHistory.logEntryLimit) else {
            throw SimulationError(r.path("changes"), "is required: an array of changes")
        }
        try r.finish()
        var changes: [SessionLog.Change] = []
        changes.reserveCapacity(list.count)
        for (i, item) in list.enumerated() {
            changes.append(try SessionLog.Change.decode(item, at: r.path("changes") + "/\(i)"))
        }
        return Scenario(session: session, changes: changes)
    }

    /// What replaying it may cost, in view-steps: before each change, the views its scene may
    /// hold by then, summed over the changes. Counted from the document, before any is replayed:
    /// every object with an `id` in the creation and in the actions so far taken for a view (a
    /// view spec has one, a controller's too), and `serviceViews` more for the creation and for
    /// each action that adds any (a controller's bar and its items, snapshots, dimming views).
    var replayWeight: Int {
        var views = Self.named(session) + Self.serviceViews, weight = 0
        for change in changes {
            if case .action(let json, _) = change {
                let added = Self.named(json)
                views += added + (added > 0 ? Self.serviceViews : 0)
            }
            weight += views
        }
        return weight
    }

    /// The views the service may add to a scene besides the ones its specs give: more than it does.
    static let serviceViews = 16

    /// The objects with an `id` in a JSON value.
    private static func named(_ value: JSONValue) -> Int {
        switch value {
        case .object(let object): (object["id"] != nil ? 1 : 0) + object.entries.reduce(0) { $0 + named($1.value) }
        case .array(let items): items.reduce(0) { $0 + named($1) }
        default: 0
        }
    }

    /// The objects with an `id` in compact JSON the service wrote (`"id":` outside its strings:
    /// its writer puts no space before a colon).
    private static func named(_ json: [UInt8]) -> Int {
        let key = Array(#""id":"#.utf8)
        var count = 0, inString = false, escaped = false
        for (i, byte) in json.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                if json[i...].starts(with: key) { count += 1 }
                inString = true
            }
        }
        return count
    }

    func encode() -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("version"); writer.integer(Self.version)
        writer.key("session"); writer.value(session)
        writer.key("changes")
        writer.beginArray()
        for change in changes { change.write(to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}

extension SessionLog.Change {
    /// One change as a scenario and the journal write it: `{"action": {…}, "pointer": "/1"}`
    /// (the pointer only when not empty) or `{"clock": seconds}`.
    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> SessionLog.Change {
        var c = try SpecReader(json, at: pointer)
        let action = c.value("action")
        let clock = try c.number("clock", in: 0...World.latestTime)
        let at = try c.string("pointer", maxLength: 32) ?? ""
        try c.finish()
        switch (action, clock) {
        case (let action?, nil):
            return .action(json: JSONWriter.encode(action), pointer: at)
        case (nil, let t?):
            guard at.isEmpty else { throw SimulationError(c.path("pointer"), "belongs to an action") }
            return .clock(t)
        default:
            throw SimulationError(c.pointer, "a change is {\"action\": {…}} or {\"clock\": seconds}")
        }
    }

    /// Decodes a change the journal stored (`bytes`, as `stored` wrote it). The service wrote it,
    /// so one that does not decode is a bug of ours (500), never the client's mistake.
    static func decode(stored bytes: [UInt8], limits: SceneLimits) throws(Problem) -> SessionLog.Change {
        guard let json = try? JSONParser.parse(bytes, limits: limits.jsonBodyLimits), let change = try? decode(json, at: "") else {
            throw Problem.internalError()
        }
        return change
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        switch self {
        case .action(let json, let pointer):
            // Logged actions were parsed once already; they parse again.
            writer.key("action"); writer.value((try? JSONParser.parse(json, limits: SceneLimits().jsonBodyLimits)) ?? .null)
            if !pointer.isEmpty { writer.key("pointer"); writer.string(pointer) }
        case .clock(let t):
            writer.key("clock"); writer.number(t)
        }
        writer.endObject()
    }

    /// The change as the journal stores it.
    var stored: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }
}
