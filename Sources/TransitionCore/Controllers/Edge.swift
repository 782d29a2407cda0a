/// The screen edge an edge pan starts from (`UIScreenEdgePanGestureRecognizer.edges`).
enum Edge: String, CaseIterable, Sendable {
    case left, right, top, bottom

    /// The axis the finger moves along from it: away from the top or bottom edge is vertical.
    var axis: Interaction.Axis { self == .top || self == .bottom ? .vertical : .horizontal }

    /// −1 when moving away from it goes toward negative coordinates (from the right edge
    /// leftward, from the bottom edge upward), else 1.
    var direction: Double { self == .right || self == .bottom ? -1 : 1 }

    /// The `edge` member of a spec or an action, if present.
    static func read(_ r: inout SpecReader) throws(SimulationError) -> Edge? {
        guard let name = try r.string("edge", maxLength: 8) else { return nil }
        guard let edge = Edge(rawValue: name) else {
            throw SimulationError(r.path("edge"), "one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return edge
    }
}
