import JSONCodec

/// A rectangle in the container's coordinates.
indirect enum RectValue: Sendable, Equatable {
    /// `finalFrameForViewController:` of the view being set (`from` or `to`).
    case finalFrame
    /// `initialFrameForViewController:` of the view being set.
    case initialFrame
    /// The container's bounds.
    case containerBounds
    /// The view's frame converted into the container (`convertRect:fromView:`).
    case frameOf(Located<ViewReference>)
    case explicit(x: Located<Expression>, y: Located<Expression>, width: Located<Expression>, height: Located<Expression>)
    case offset(Located<RectValue>, dx: Located<Expression>, dy: Located<Expression>)
    case inset(Located<RectValue>, top: Located<Expression>, left: Located<Expression>, bottom: Located<Expression>, right: Located<Expression>)

    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> RectValue {
        try decode(json, at: pointer, depth: 0)
    }

    static func decode(_ json: JSONValue, at pointer: String, depth: Int) throws(SimulationError) -> RectValue {
        guard depth < 8 else { throw SimulationError(pointer, "rects nest at most 8 levels") }
        if let text = json.stringValue {
            switch text {
            case "final": return .finalFrame
            case "initial": return .initialFrame
            case "container": return .containerBounds
            default: throw SimulationError(pointer, "unknown rect '\(text)': use final, initial, container or an object")
            }
        }
        var r = try SpecReader(json, at: pointer)
        let value: RectValue
        if let of = r.value("frameOf") {
            value = .frameOf(try .decode(of, at: r.path("frameOf")))
        } else if let base = r.value("offset") {
            value = .offset(Located(try decode(base, at: r.path("offset"), depth: depth + 1), at: r.path("offset")), dx: try expr(&r, "dx", default: 0), dy: try expr(&r, "dy", default: 0))
        } else if let base = r.value("inset") {
            value = .inset(Located(try decode(base, at: r.path("inset"), depth: depth + 1), at: r.path("inset")), top: try expr(&r, "top", default: 0), left: try expr(&r, "left", default: 0),
                           bottom: try expr(&r, "bottom", default: 0), right: try expr(&r, "right", default: 0))
        } else {
            value = .explicit(x: try expr(&r, "x", default: nil), y: try expr(&r, "y", default: nil),
                              width: try expr(&r, "width", default: nil), height: try expr(&r, "height", default: nil))
        }
        try r.finish()
        return value
    }
}
