/// A request or animator spec that is well-formed JSON but means nothing we can run.
/// `pointer` is an RFC 6901 JSON pointer into the document the client sent.
public struct SpecError: Error, Sendable, Equatable, CustomStringConvertible {
    public var pointer: String
    public var reason: String

    public init(_ pointer: String, _ reason: String) {
        self.pointer = pointer
        self.reason = reason
    }

    public var description: String { pointer.isEmpty ? reason : "\(pointer): \(reason)" }
}
