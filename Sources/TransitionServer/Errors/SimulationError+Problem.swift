import JSONCodec
import TransitionCore

extension Problem {
    /// How the simulation's errors reach the client.
    init(_ error: SimulationError) {
        switch error {
        case .invalid(let spec):
            self = .invalid(pointer: spec.pointer, reason: spec.reason)
        case .conflict(let type, let detail, let extras):
            self = .conflict(type: type, title: ProblemTypes.entries[type]?.title ?? "Conflict with the session's state", detail: detail, extensions: extras)
        case .limitExceeded(let detail):
            self = Problem(status: 422, type: "limit-exceeded", title: "A limit of the service was reached", detail: detail)
        }
    }

    init(_ error: SpecError) {
        self = .invalid(pointer: error.pointer, reason: error.reason)
    }
}
