/// A controller's id as the client named it: unique among a session's controllers, and free
/// again once its controller has left the session. Typed apart from view ids, paths and
/// animator names, which are strings too.
public struct ControllerID: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        rawValue = value
    }

    public var description: String { rawValue }
}
