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
    /// Invalid → 422 with the pointer; a conflict → its type's problem (409, ProblemType); a
    /// limit → 422 `limit-exceeded`.
    var problem: Problem {
        switch kind {
        case .invalid(let pointer):
            .invalid(pointer: pointer, reason: reason)
        case .conflict(let conflict, let extras):
            Problem(conflict.problemType, detail: reason, extensions: extras)
        case .limitExceeded:
            Problem(.limitExceeded, detail: reason)
        }
    }
}

extension Conflict {
    /// The 409 problem type a conflict of the core is answered with.
    var problemType: ProblemType {
        switch self {
        case .transitionInProgress: .transitionInProgress
        case .nothingToPop: .nothingToPop
        case .nothingPresented: .nothingPresented
        case .alreadyPresenting: .alreadyPresenting
        case .noInteractiveTransition: .noInteractiveTransition
        case .gestureInProgress: .gestureInProgress
        case .noRunningTransition: .noRunningTransition
        case .unknownController: .unknownController
        case .wrongContainer: .wrongContainer
        case .notInContainer: .notInContainer
        case .controllerExists: .controllerExists
        case .timeInThePast: .timeInThePast
        case .noInteraction: .noInteraction
        case .nothingToSelect: .nothingToSelect
        case .detentUnavailable: .detentUnavailable
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
