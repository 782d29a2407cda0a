import JSONCodec

/// An RFC 9457 problem: how every error reaches the client, as `application/problem+json`.
/// Handlers throw one, or let an error that converts to one pass (ProblemConvertible);
/// `Application` turns it into the response. `type` names a row of the one table of types
/// (ProblemType), which gives the status and the title, never varying; `detail` says what went
/// wrong this time. In the document `type` is `/problems/<slug>`, a path on the service, where
/// `GET` documents it.
public struct Problem: Error, Sendable {
    public var type: ProblemType
    public var detail: String
    /// Extra members, written after the standard ones in this order.
    public var extensions: [(key: String, value: JSONValue)]
    /// Response headers the status calls for (`Allow`, `WWW-Authenticate`, `Retry-After`).
    public var headers: [(name: String, value: String)]

    public var status: Int { type.status }
    public var title: String { type.title }

    public init(_ type: ProblemType, detail: String,
                extensions: [(key: String, value: JSONValue)] = [], headers: [(name: String, value: String)] = []) {
        self.type = type
        self.detail = detail
        self.extensions = extensions
        self.headers = headers
    }

    /// The response: `{"type","title","status","detail","instance","requestId", …extensions}`.
    /// - Parameters:
    ///   - instance: the request path, which identifies this occurrence.
    ///   - requestID: the request's id (`X-Request-Id`), which finds it in the log.
    public func response(instance: String, requestID: String? = nil) -> HTTPResponse {
        var writer = JSONWriter(reservingCapacity: 256)
        writer.beginObject()
        writer.key("type"); writer.string(ProblemType.prefix + type.rawValue)
        writer.key("title"); writer.string(title)
        writer.key("status"); writer.integer(status)
        writer.key("detail"); writer.string(detail)
        writer.key("instance"); writer.string(instance)
        if let requestID {
            writer.key("requestId"); writer.string(requestID)
        }
        for (name, value) in extensions {
            writer.key(name); writer.value(value)
        }
        writer.endObject()
        return HTTPResponse(status: status, mediaType: .problemJSON, headers: headers, body: writer.bytes)
    }
}

// MARK: The problems the service raises

extension Problem {
    public static func notFound(_ detail: String) -> Problem {
        Problem(.notFound, detail: detail)
    }

    /// - Parameter allowed: the methods the resource does support, also sent as `Allow`.
    public static func methodNotAllowed(allowed: [String]) -> Problem {
        let list = allowed.joined(separator: ", ")
        return Problem(.methodNotAllowed, detail: "this resource supports \(list)", headers: [("Allow", list)])
    }

    /// The body is not JSON; `line` and `column` let a client point at the mistake.
    public static func malformedJSON(_ error: JSONParseError) -> Problem {
        Problem(.malformedJSON, detail: error.description,
                extensions: [("line", .number(Double(error.line))), ("column", .number(Double(error.column)))])
    }

    public static func badRequest(_ detail: String) -> Problem {
        Problem(.badRequest, detail: detail)
    }

    /// - Parameter got: the request's `Content-Type`, nil when it had none.
    public static func unsupportedMediaType(_ got: String?) -> Problem {
        let detail = got.map { "the body is '\($0)'; send application/json" } ?? "the body has no Content-Type; send application/json"
        return Problem(.unsupportedMediaType, detail: detail)
    }

    /// A body in a content coding (`Content-Encoding: gzip`): the service reads bodies as they
    /// are sent, and says so with `Accept-Encoding`, as RFC 9110 §15.5.16 and §12.5.3 ask.
    public static func unsupportedContentCoding(_ coding: String) -> Problem {
        Problem(.unsupportedMediaType, detail: "the body is encoded as '\(coding.prefix(100))'; send it without a Content-Encoding",
                headers: [("Accept-Encoding", "identity")])
    }

    public static func payloadTooLarge(limit: Int) -> Problem {
        Problem(.payloadTooLarge, detail: "the body is larger than the limit of \(limit) bytes",
                extensions: [("limit", .number(Double(limit)))])
    }

    /// Well-formed but invalid (422).
    /// - Parameter pointer: where the mistake is: a JSON pointer into the body (`/screen/width`,
    ///   empty for the whole body).
    public static func invalid(pointer: String, reason: String) -> Problem {
        Problem(.invalidRequest, detail: pointer.isEmpty ? reason : "\(pointer): \(reason)",
                extensions: [("pointer", .string(pointer))])
    }

    /// A query parameter's value is invalid (422): `parameter` names it, as `pointer` names a
    /// place in the body (a JSON pointer cannot point into a query).
    public static func invalidParameter(_ name: String, reason: String) -> Problem {
        Problem(.invalidRequest, detail: "query parameter '\(name)': \(reason)", extensions: [("parameter", .string(name))])
    }

    /// The session's log dropped its oldest changes (409): its export, and its states before
    /// `historyStart`, are gone.
    static func historyTruncated(_ detail: String) -> Problem {
        Problem(.historyTruncated, detail: detail)
    }

    public static func unauthorized() -> Problem {
        Problem(.unauthorized, detail: "send the service's token as 'Authorization: Bearer <token>'",
                headers: [("WWW-Authenticate", #"Bearer realm="transition-sim""#)])
    }

    /// A CORS preflight from an origin `--cors-origin` does not list.
    public static func originNotAllowed(_ origin: String, corsEnabled: Bool) -> Problem {
        Problem(.originNotAllowed, detail: corsEnabled ? "the origin '\(origin)' is not one the service allows (--cors-origin)"
                    : "the service allows no cross-origin requests (start it with --cors-origin)")
    }

    /// A request that would change state, sent by a page of another origin that `--cors-origin`
    /// does not list (CrossOriginWrites).
    public static func crossOriginWrite(method: String, origin: String?) -> Problem {
        let named = origin.map { " ('\($0.prefix(100))')" } ?? ""
        return Problem(.originNotAllowed, detail: "a \(method) from a page of another origin\(named) is refused: changes are accepted from the service's own pages, from clients that are not browsers, and from the origins --cors-origin lists")
    }

    /// A `Host` the service is not known by (HostNames): 421, as RFC 9110 §15.5.20 has it for a
    /// request a server will not answer for its target.
    public static func hostNotAllowed() -> Problem {
        Problem(.hostNotAllowed, detail: "the request's Host is not a name of this service: on a loopback address it answers localhost, 127.0.0.1 and [::1] (any port) and the names --allowed-hosts lists")
    }

    public static func tooManySessions(limit: Int) -> Problem {
        Problem(.tooManySessions, detail: "the service already holds its limit of \(limit) sessions; delete one or retry after idle ones expire",
                extensions: [("limit", .number(Double(limit)))], headers: [("Retry-After", "60")])
    }

    /// The sessions together hold the service's memory budget (`--max-memory`): 507, as RFC 4918
    /// defines it for a server that cannot store what the request needs.
    public static func memoryBudgetExhausted(limit: Int) -> Problem {
        Problem(.memoryBudgetExhausted, detail: "the sessions together hold the service's memory budget of \(limit) bytes; existing sessions can still be read and deleted, and new work is accepted again once deleted or expired sessions give memory back",
                extensions: [("limit", .number(Double(limit)))], headers: [("Retry-After", "60")])
    }

    /// The answer would be larger than `--max-response-bytes`.
    public static func responseTooLarge(limit: Int) -> Problem {
        Problem(.responseTooLarge, detail: "the answer would exceed the service's limit of \(limit) bytes; ask for fewer frames or timestamps per request, or for fewer views",
                extensions: [("limit", .number(Double(limit)))])
    }

    /// A series would compute more views than one request may (`Application.maxSeriesWork`):
    /// `frames` of the `of` frames asked (the earliest) already hold `views`, of which
    /// `expected` are a comparison's expected frames' (read before the service's: with no
    /// frame counted, they alone are too many).
    public static func workBudgetExceeded(limit: Int, frames: Int, of count: Int, views: Int, expected: Int = 0) -> Problem {
        let held = switch (expected, frames) {
        case (0, _): "the earliest \(frames) of the \(count) frames asked hold \(views) views in all"
        case (_, 0): "the expected frames hold \(expected) views in all"
        default: "the expected frames' \(expected) views and the earliest \(frames) of the \(count) frames asked hold \(views) views in all"
        }
        return Problem(.workBudgetExceeded, detail: "\(held), more than the \(limit) one request may compute; ask for fewer frames or timestamps per request, or for fewer views",
                       extensions: [("limit", .number(Double(limit)))])
    }

    /// A comparison's scenarios (`comparison`) or an imported one would take more view-steps to
    /// replay than one request may (`Application.maxReplayWork`, `Scenario.replayWeight`),
    /// `weight` counted so far.
    public static func replayBudgetExceeded(limit: Int, weight: Int, comparison: Bool) -> Problem {
        let detail = comparison
            ? "replaying the scenarios may take \(weight) view-steps (the views their scenes may hold before each change, summed), more than the \(limit) one comparison may replay; compare sessions made of them, or shorter scenarios"
            : "replaying the scenario may take \(weight) view-steps (the views its scene may hold before each change, summed), more than the \(limit) one request may replay; import a shorter scenario, or one of fewer views"
        return Problem(.workBudgetExceeded, detail: detail, extensions: [("limit", .number(Double(limit)))])
    }

    /// Every slot for costly series is taken (`CostlyWorkGate`); the same request succeeds later.
    public static func busy(slots: Int) -> Problem {
        Problem(.busy, detail: "\(slots) costly series are being computed, the most the service computes at once so that other requests are still answered; retry after Retry-After",
                headers: [("Retry-After", "1")])
    }

    /// The process is draining before it stops; another replica (or this one restarted) can answer.
    public static func unavailable(_ detail: String) -> Problem {
        Problem(.shuttingDown, detail: detail,
                headers: [("Retry-After", "1")])
    }

    /// A last resort: a bug of ours, never a client's mistake, and nothing internal leaks.
    public static func internalError() -> Problem {
        Problem(.internalError, detail: "the service failed to answer this request; it is a bug in the service")
    }
}
