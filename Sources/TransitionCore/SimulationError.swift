import JSONCodec

/// The one error TransitionCore throws: a request or spec that means nothing we can run, a
/// change that conflicts with the session's state, or a size bound reached. It is independent of
/// HTTP; the server maps each kind to a problem in one place.
public struct SimulationError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// Invalid whatever the session's state (→ 422): `pointer` is an RFC 6901 JSON pointer into the
        /// document the client sent, empty for the whole of it.
        case invalid(pointer: String)
        /// Valid, but not in the session's current state (→ 409): the same request could succeed
        /// in another state: which conflict, and extension members for the problem document, in
        /// this order.
        case conflict(Conflict, extras: [(key: String, value: JSONValue)])
        /// A size bound was reached (→ 422).
        case limitExceeded
    }

    public var kind: Kind
    /// What is wrong, in words for the client.
    public var reason: String

    /// An invalid request or spec: what is wrong at `pointer`.
    public init(_ pointer: String, _ reason: String) {
        kind = .invalid(pointer: pointer)
        self.reason = reason
    }

    init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public static func conflict(_ conflict: Conflict, detail: String, extras: [(key: String, value: JSONValue)] = []) -> SimulationError {
        SimulationError(kind: .conflict(conflict, extras: extras), reason: detail)
    }

    /// A conflict caused by the member at `pointer` (a JSON pointer into the request), which the
    /// problem names and its detail starts with, as a 422's do.
    static func conflict(_ conflict: Conflict, detail: String, pointer: String, extras: [(key: String, value: JSONValue)] = []) -> SimulationError {
        .conflict(conflict, detail: pointer.isEmpty ? detail : "\(pointer): \(detail)", extras: [("pointer", .string(pointer))] + extras)
    }

    /// A time at `pointer` (`at`, the clock's `to`) before the session clock, `now` (seconds).
    public static func timeInThePast(at pointer: String, now: Double) -> SimulationError {
        conflict(.timeInThePast, detail: "is in the past: the session clock is at \(now)", pointer: pointer, extras: [("now", .number(now))])
    }

    public static func limitExceeded(_ detail: String) -> SimulationError {
        SimulationError(kind: .limitExceeded, reason: detail)
    }

    /// The JSON pointer of an invalid request or spec; nil for the other kinds.
    public var pointer: String? {
        if case .invalid(let pointer) = kind { pointer } else { nil }
    }

    /// The same error with its pointer read inside the member at `base` (a spec decoded on its
    /// own, then found inside a request).
    public func inside(_ base: String) -> SimulationError {
        guard let pointer else { return self }
        return SimulationError(base + pointer, reason)
    }

    /// A conflict met while a gesture starts the operation `interaction` declares: the detail and
    /// an `interaction` member point at the declaration (a JSON pointer into the request that
    /// declared it), since the gesture sample itself names no operation.
    func started(by interaction: Interaction) -> SimulationError {
        guard case .conflict(let which, let extras) = kind else { return self }
        return .conflict(which, detail: "\(reason) (the \(interaction.operation.rawValue) the \(interaction.recognizer.rawValue) interaction at \(interaction.origin) declares)",
                         extras: extras + [("interaction", .string(interaction.origin))])
    }

    /// The same error with its pointer moved from under `old` to under `new`: a completion
    /// step is reported by its place in the list that ran, not by its place in the body.
    func moved(from old: String, to new: String) -> SimulationError {
        guard let pointer, pointer.hasPrefix(old) else { return self }
        return SimulationError(new + pointer.dropFirst(old.count), reason)
    }

    public var description: String {
        guard let pointer, !pointer.isEmpty else { return reason }
        return "\(pointer): \(reason)"
    }
}
