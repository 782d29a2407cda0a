import JSONCodec
import Testing
import TransitionCore
@testable import TransitionServer

@Suite struct ProblemTests {
    func body(_ problem: Problem, instance: String = "/v1/sessions/abc") -> String {
        String(decoding: problem.response(instance: instance).body, as: UTF8.self)
    }

    @Test func responseIsProblemJSONWithMembersInOrder() {
        let problem = Problem(.transitionInProgress, detail: "push \"detail\" is still animating",
                              extensions: [("transition", .string("t1")), ("until", .number(0.35))])
        let response = problem.response(instance: "/v1/sessions/abc/actions")
        #expect(response.status == 409)
        #expect(response.mediaType == .problemJSON)
        #expect(response.headers.isEmpty)
        #expect(String(decoding: response.body, as: UTF8.self)
            == #"{"type":"/problems/transition-in-progress","title":"A transition is already running","status":409,"detail":"push \"detail\" is still animating","instance":"/v1/sessions/abc/actions","transition":"t1","until":0.35}"#)
    }

    @Test func malformedJSONCarriesThePosition() {
        let error: JSONParseError
        do throws(JSONParseError) {
            _ = try JSONParser.parse(Array("{\n  \"a\" 1}".utf8))
            Issue.record("the body should not parse")
            return
        } catch let parseError {
            error = parseError
        }
        #expect(body(Problem.malformedJSON(error), instance: "/v1/sessions")
            == #"{"type":"/problems/malformed-json","title":"The body is not valid JSON","status":400,"detail":"line 2, column 7: expected ':' after the member name \"a\", found '1'","instance":"/v1/sessions","line":2,"column":7}"#)
    }

    @Test func methodNotAllowedSendsAllow() {
        let problem = Problem.methodNotAllowed(allowed: ["DELETE", "GET"])
        let response = problem.response(instance: "/v1/sessions/abc")
        #expect(response.status == 405)
        #expect(response.headers.count == 1 && response.headers[0].name == "Allow" && response.headers[0].value == "DELETE, GET")
        #expect(body(problem) == #"{"type":"/problems/method-not-allowed","title":"Method not allowed","status":405,"detail":"this resource supports DELETE, GET","instance":"/v1/sessions/abc"}"#)
    }

    @Test func invalidNamesThePointer() {
        #expect(body(Problem.invalid(pointer: "/screen/width", reason: "a number above 0"))
            == #"{"type":"/problems/invalid-request","title":"The request is invalid","status":422,"detail":"/screen/width: a number above 0","instance":"/v1/sessions/abc","pointer":"/screen/width"}"#)
        #expect(Problem.invalid(pointer: "", reason: "an object").detail == "an object")
    }

    @Test func authenticationAndLimitsSendTheirHeaders() {
        let unauthorized = Problem.unauthorized().response(instance: "/v1/sessions")
        #expect(unauthorized.status == 401)
        #expect(unauthorized.headers.map(\.name) == ["WWW-Authenticate"] && unauthorized.headers[0].value == #"Bearer realm="transition-sim""#)
        let tooMany = Problem.tooManySessions(limit: 100).response(instance: "/v1/sessions")
        #expect(tooMany.status == 429 && tooMany.headers.map(\.name) == ["Retry-After"] && tooMany.headers[0].value == "60")
    }

    /// Every constructor: its status, its type slug and its fixed title.
    @Test func eachTypeHasItsStatusAndTitle() {
        let cases: [(Problem, Int, String, String)] = [
            (.notFound("no route for /x"), 404, "not-found", "Not found"),
            (.methodNotAllowed(allowed: ["GET"]), 405, "method-not-allowed", "Method not allowed"),
            (.badRequest("x"), 400, "bad-request", "Bad request"),
            (.unsupportedMediaType("text/plain"), 415, "unsupported-media-type", "Unsupported media type"),
            (.unsupportedMediaType(nil), 415, "unsupported-media-type", "Unsupported media type"),
            (.payloadTooLarge(limit: 1_048_576), 413, "payload-too-large", "Request body too large"),
            (.invalid(pointer: "/a", reason: "b"), 422, "invalid-request", "The request is invalid"),
            (.unauthorized(), 401, "unauthorized", "Authentication required"),
            (.tooManySessions(limit: 3), 429, "too-many-sessions", "Too many sessions"),
            (.unavailable("draining"), 503, "shutting-down", "The service is shutting down"),
            (.internalError(), 500, "internal-error", "Internal error"),
            (.invalidParameter("fps", reason: "b"), 422, "invalid-request", "The request is invalid"),
            (.originNotAllowed("https://a", corsEnabled: true), 403, "origin-not-allowed", "Cross-origin requests from this origin are not allowed"),
            (.memoryBudgetExhausted(limit: 1), 507, "memory-budget-exhausted", "The service's memory budget is used up"),
            (.responseTooLarge(limit: 1), 422, "response-too-large", "The answer would be too large"),
            (.workBudgetExceeded(limit: 1, frames: 1, of: 2, views: 2), 422, "work-budget-exceeded", "The request would take too much work"),
            (.busy(slots: 1), 503, "busy", "The service is busy with other costly requests"),
            // The service's own conflicts take their page's title.
            (.historyTruncated("t = 0"), 409, "history-truncated", "The history no longer starts at the session's creation"),
            (Problem(.sessionExists, detail: "x"), 409, "session-exists", "The session exists"),
            (Problem(.concurrentChange, detail: "x"), 409, "concurrent-change", "Other replicas kept changing the session"),
            (Problem(.sessionLogFull, detail: "x"), 409, "session-log-full", "The session's stored log is full"),
            (.hostNotAllowed(), 421, "host-not-allowed", "The service does not answer for this host name"),
            (.unsupportedContentCoding("gzip"), 415, "unsupported-media-type", "Unsupported media type"),
        ]
        for (problem, status, type, title) in cases {
            #expect(problem.status == status && problem.type.rawValue == type && problem.title == title, "\(type)")
            // The type's page says the same (GET /problems/<type>).
            #expect(problem.type.page.hasPrefix("# \(title)\n\n`type`: `/problems/\(type)`, status \(status)\n\n"), "\(type)")
            let parsed = try? JSONParser.parse(problem.response(instance: "/i").body)
            #expect(parsed?.objectValue?.keys.prefix(5) == ["type", "title", "status", "detail", "instance"])
        }
        // Every conflict of the core is a 409 of the table, answered with the core's detail and
        // extension members.
        for conflict in Conflict.allCases {
            let problem = Problem(SimulationError.conflict(conflict, detail: "x", extras: [("now", .number(1))]))
            #expect(problem.status == 409 && problem.type == conflict.problemType && problem.detail == "x", "\(conflict)")
            #expect(problem.extensions.map(\.key) == ["now"], "\(conflict)")
        }
        // Each maps to a type of its own: two conflicts never share a page.
        #expect(Set(Conflict.allCases.map(\.problemType)).count == Conflict.allCases.count)
        // Every type has a row: a status of its class and a title.
        for type in ProblemType.allCases {
            #expect((400...599).contains(type.status) && !type.title.isEmpty, "\(type)")
        }
        #expect(Problem.unsupportedMediaType("text/plain").detail == "the body is 'text/plain'; send application/json")
        #expect(Problem.payloadTooLarge(limit: 1_048_576).detail == "the body is larger than the limit of 1048576 bytes")
    }
}
