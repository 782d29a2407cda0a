import JSONCodec

/// A view an animator step talks about, read straight across from `animateTransition:`.
///
/// Spelled in JSON as `"from"`, `"to"` (the controllers' root views), `"container"`
/// (`transitionContext.containerView`), `"from/cell-3/image"` / `"to/image"` (a subview by its
/// path), `"source"` / `"target"` (the views the action's animator parameters name), or
/// `"$name"` (a view the animator created in setup: a snapshot or a dimming view).
enum ViewReference: Sendable, Hashable, CustomStringConvertible {
    case from, to, container, source, target
    case fromSubview(String)
    case toSubview(String)
    case named(String)

    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> ViewReference {
        guard let text = json.stringValue else { throw SimulationError(pointer, "expected a view reference string, found \(json.typeName)") }
        guard text.utf8.count <= 256 else { throw SimulationError(pointer, "a view reference is at most 256 bytes") }
        return try parse(text, at: pointer)
    }

    static func parse(_ text: String, at pointer: String) throws(SimulationError) -> ViewReference {
        switch text {
        case "from": return .from
        case "to": return .to
        case "container": return .container
        case "source": return .source
        case "target": return .target
        default: break
        }
        if text.hasPrefix("$"), text.count > 1, ViewSpec.isValidID(String(text.dropFirst())) {
            return .named(String(text.dropFirst()))
        }
        if text.hasPrefix("from/"), text.count > 5 { return .fromSubview(String(text.dropFirst(5))) }
        if text.hasPrefix("to/"), text.count > 3 { return .toSubview(String(text.dropFirst(3))) }
        throw SimulationError(pointer, "unknown view reference '\(text)': use from, to, container, source, target, from/<path>, to/<path> or $name")
    }

    var description: String {
        switch self {
        case .from: "from"
        case .to: "to"
        case .container: "container"
        case .source: "source"
        case .target: "target"
        case .fromSubview(let p): "from/" + p
        case .toSubview(let p): "to/" + p
        case .named(let n): "$" + n
        }
    }
}

/// The view reference at `key`; an absent one (`fallback`) is located at `key` all the same.
func reference(_ r: inout SpecReader, _ key: String, default fallback: ViewReference) throws(SimulationError) -> Located<ViewReference> {
    guard let v = r.value(key) else { return Located(fallback, at: r.path(key)) }
    return try .decode(v, at: r.path(key))
}
