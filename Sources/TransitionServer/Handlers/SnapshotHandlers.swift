import JSONCodec
import TransitionCore

extension Application {
    /// Timestamps one request may ask for.
    static let maxTimestamps = 240
    /// The longest `t` list, in bytes: with the other parameters it stays under the 8,192-byte
    /// query the server reads (openapi.yaml documents the same bound).
    static let maxTimeListBytes = 8000

    /// `precision`, shared by the snapshot routes, JSON and SVG.
    static func precision(_ q: QueryParameters) throws -> Int? {
        guard let p = q["precision"] else { return nil }
        guard let n = Int(p), (0...15).contains(n) else { throw Problem.invalidParameter("precision", reason: "a whole number from 0 to 15") }
        return n
    }

    /// `flat` (default false), shared by both JSON snapshot routes.
    static func flat(_ q: QueryParameters) throws -> Bool {
        guard let f = q["flat"] else { return false }
        guard f == "true" || f == "false" else { throw Problem.invalidParameter("flat", reason: "true or false") }
        return f == "true"
    }

    static func time(_ text: String, name: String) throws -> Double {
        // Trimmed only when it starts or ends with a space or tab (a copy, for a rare request).
        let blank = { (byte: UInt8?) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let text = blank(text.utf8.first) || blank(text.utf8.last) ? text.trimmingSpaces() : text
        // Plain decimal notation only: Swift's Double(_:) would also read "0x10", "inf" and "nan".
        let decimal = !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x65 || $0 == 0x45 || $0 == 0x2B || $0 == 0x2D }
        guard decimal, let t = plainDecimal(text) ?? Double(text), t.isFinite, t >= 0, t <= World.latestTime else {
            throw Problem.invalidParameter(name, reason: "'\(text)' is not a session time (decimal seconds, 0 to 10000000)")
        }
        return t
    }

    /// The value of digits with at most one point between them and at most 15 in all, as times
    /// mostly are (`0.25`); nil for any other text. Those digits as an integer are below 2^53 and
    /// 10^k for k ≤ 15 is exact, so one division rounds correctly (Clinger's fast path): the
    /// double `Double(_:)` reads, without its `strtod` (about 1,200 instructions a time).
    static func plainDecimal(_ text: String) -> Double? {
        var digits: UInt64 = 0, count = 0, fractionDigits = 0
        var point = false
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                digits = digits &* 10 &+ UInt64(byte - 0x30)
                count += 1
                if point { fractionDigits += 1 }
            } else if byte == 0x2E && !point && count > 0 {
                point = true
            } else {
                return nil
            }
        }
        guard count > 0, count <= 15, !point || fractionDigits > 0 else { return nil }
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }  // exact at every step: 10^15 < 2^53
        return Double(digits) / scale
    }

    // A route's parameters are a handful of names: compared, not hashed (every request asks).
    static let snapshotParameters = ["t", "flat", "precision"]
    static let seriesParameters = ["t", "from", "to", "fps", "flat", "precision", "changes"]

    /// A 400 naming the first parameter, in the query's order, that `allowed` does not hold.
    static func rejectUnknown(_ q: QueryParameters, allowed: [String]) throws {
        if let name = q.firstName(notIn: allowed) {
            throw Problem.invalidParameter(name, reason: "unknown query parameter; known: \(allowed.sorted().joined(separator: ", "))")
        }
    }

    /// `?t=` (default: the session's current time).
    func snapshot(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        try Self.rejectUnknown(ctx.query, allowed: Self.snapshotParameters)
        let precision = try Self.precision(ctx.query), flat = try Self.flat(ctx.query)
        // One read of the session for the time, the frame and the tag, so that they agree.
        let read = session.read(now: ctx.now)
        let t = try ctx.query["t"].map { (text) throws in try Self.time(text, name: "t") } ?? read.history.current.now
        var response = HTTPResponse(status: 200, mediaType: .json, body: try SeriesWriter.snapshot(read, at: t, precision: precision, flat: flat))
        response.derivedTag = snapshotTag(.snapshot, of: read, times: [t], flat: flat, precision: precision)
        return response
    }

    /// `?t=a,b,c` or `?from=&to=&fps=`; answers `{"snapshots": [...]}` in the order asked.
    func snapshots(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        let q = ctx.query
        try Self.rejectUnknown(q, allowed: Self.seriesParameters)
        let changes = try Self.changesOnly(q)
        let precision = try Self.precision(q), flat = try Self.flat(q)
        let times = try Self.seriesTimes(q)
        // One read of the session for the frames and the tag, so that they agree.
        let read = session.read(now: ctx.now)
        var response = try weighedSeries(read.history, at: times, form: .json(flat: flat || changes, changes: changes)) {
            let body = try SeriesWriter.snapshots(read, at: times, precision: precision, flat: flat, changes: changes,
                                                  limit: configuration.maxResponseBytes)
            return HTTPResponse(status: 200, mediaType: .json, body: body)
        }
        response.derivedTag = snapshotTag(.snapshots, of: read, times: times, flat: flat || changes,
                                          precision: precision, changes: changes)
        return response
    }

    /// `changes` (default false): the series as the first frame and then only what changes
    /// (`ChangeBatch`), which names views by their flat form's keys: with `flat=false` it is a 422.
    static func changesOnly(_ q: QueryParameters) throws -> Bool {
        guard let c = q["changes"] else { return false }
        guard c == "true" || c == "false" else { throw Problem.invalidParameter("changes", reason: "true or false") }
        if c == "true", q["flat"] == "false" {
            throw Problem.invalidParameter("changes", reason: "change-only frames are of the flat form; leave out flat=false")
        }
        return c == "true"
    }

    /// The timestamps of a series request (`/snapshots`, `/filmstrip.svg`): `t=a,b,c`, or frames
    /// from `from` to `to` at `fps` (default 60); at least one, at most `maxTimestamps`.
    static func seriesTimes(_ q: QueryParameters) throws -> [Double] {
        var times: [Double] = []
        if let list = q["t"] {
            guard q["from"] == nil, q["to"] == nil, q["fps"] == nil else {
                throw Problem.invalidParameter("t", reason: "give either t=a,b,c or from, to and fps")
            }
            guard list.utf8.count <= Self.maxTimeListBytes else {
                throw Problem.invalidParameter("t", reason: "longer than \(Self.maxTimeListBytes) bytes")
            }
            let parts = list.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count <= Self.maxTimestamps else {
                throw Problem.invalidParameter("t", reason: "at most \(Self.maxTimestamps) timestamps per request")
            }
            for part in parts { times.append(try Self.time(String(part), name: "t")) }
        } else if let fromText = q["from"], let toText = q["to"] {
            let from = try Self.time(fromText, name: "from"), to = try Self.time(toText, name: "to")
            guard to >= from else { throw Problem.invalidParameter("to", reason: "must not be before from") }
            let fps = try q["fps"].map { (text) throws -> Double in
                guard let f = Double(text), f.isFinite, f > 0, f <= 1000 else {
                    throw Problem.invalidParameter("fps", reason: "frames per second, above 0 and at most 1000")
                }
                return f
            } ?? 60
            let count = Self.frameCount(from: from, to: to, fps: fps)
            guard count <= Self.maxTimestamps else {
                throw Problem.invalidParameter("fps", reason: "\(count) frames requested; at most \(Self.maxTimestamps) per request")
            }
            times = Self.frameTimes(from: from, count: count, fps: fps)
        } else {
            throw Problem.invalidParameter("t", reason: "give t=a,b,c or from, to (and fps, default 60)")
        }
        return times
    }

    /// Frames from `from` to `to` at `fps`: frame k is at from + k / fps, and the count is
    /// computed in integers so that no frame is lost to rounding.
    static func frameCount(from: Double, to: Double, fps: Double) -> Int {
        Int(((to - from) * fps + 1e-9).rounded(.down)) + 1
    }

    static func frameTimes(from: Double, count: Int, fps: Double) -> [Double] {
        (0..<count).map { from + Double($0) / fps }
    }

    /// `?after=seq&type=name&viewController=id`.
    func events(_ ctx: RequestContext) throws -> HTTPResponse {
        let session = try session(ctx)
        let q = ctx.query
        try Self.rejectUnknown(q, allowed: ["after", "type", "viewController"])
        var after = 0
        if let a = q["after"] {
            guard let n = Int(a), n >= 0 else { throw Problem.invalidParameter("after", reason: "a sequence number (0 or more)") }
            after = n
        }
        let type = q["type"], controller = q["viewController"]
        // The bound the contract documents: at most 64 characters (JSON Schema's maxLength counts
        // code points, so the server counts them too).
        if let controller, controller.unicodeScalars.count > 64 {
            throw Problem.invalidParameter("viewController", reason: "at most 64 characters")
        }
        // A misspelt type would otherwise match nothing and look like an empty log.
        var eventType: EventType?
        if let type {
            guard let known = EventType(rawValue: type) else {
                throw Problem.invalidParameter("type", reason: "unknown event type '\(type)'; one of \(EventType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            eventType = known
        }
        let world = session.current(now: ctx.now)
        var encoder = ResponseEncoder()
        encoder.eventLog(world.events, now: world.now, after: after, type: eventType, viewController: controller)
        return Self.json(200, encoder.writer.bytes)
    }
}
