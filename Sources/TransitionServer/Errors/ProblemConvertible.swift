import JSONCodec
import TransitionCore

/// An error that knows the RFC 9457 problem it is for the client (Hummingbird's
/// `HTTPResponseError`): handlers let errors from the core, the parser and the store pass, and
/// `Application.respond` turns each into its problem here, in one place.
protocol ProblemConvertible: Error {
    var problem: Problem { get }
}

extension Problem: ProblemConvertible {
    var problem: Problem { self }
}

extension SimulationError: ProblemConvertible {
    /// Invalid → 422 with the pointer; a conflict → its type's problem (409, ProblemType), read
    /// from the slug the core names it by (one the table lacks is a bug of ours: 500); a limit →
    /// 422 `limit-exceeded`.
    var problem: Problem {
        switch kind {
        case .invalid(let pointer):
            .invalid(pointer: pointer, reason: reason)
        case .conflict(let slug, let extras):
            ProblemType(rawValue: slug).map { Problem($0, detail: reason, extensions: extras) } ?? .internalError()
        case .limitExceeded:
            Problem(.limitExceeded, detail: reason)
        }
    }
}

extension JSONParseError: ProblemConvertible {
    var problem: Problem { .malformedJSON(self) }
}

extension JournalError: ProblemConvertible {
    /// The session store cannot be reached: the service keeps running and answers again as soon
    /// as the store does.
    var problem: Problem {
        switch self {
        case .unavailable:
            Problem(.storeUnavailable, detail: "the session store does not answer; try again in a moment", headers: [("Retry-After", "1")])
        }
    }
}

extension Problem {
    /// The problem for any error a handler lets pass: its own, or a 500 for one that has none
    /// (a bug of ours; nothing internal leaks).
    public init(_ error: any Error) {
        self = (error as? any ProblemConvertible)?.problem ?? .internalError()
    }
}
