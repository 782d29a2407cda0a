import JSONCodec

/// Where `add` puts a view in the container.
enum Placement: Sendable, Equatable {
    case top
    case above(Located<ViewReference>)
    case below(Located<ViewReference>)

    static func decode(_ r: inout SpecReader) throws(SimulationError) -> Placement {
        if r.has("above"), r.has("below") { throw SimulationError(r.path("below"), "give above or below, not both") }
        if let a = r.value("above") { return .above(try .decode(a, at: r.path("above"))) }
        if let b = r.value("below") { return .below(try .decode(b, at: r.path("below"))) }
        return .top
    }
}
