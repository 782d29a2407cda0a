/// View geometry an expression reads: `container.width`, `to.finalFrame.midX`, `$snapshot.x`,
/// `$dim.alpha`. Decided once, when the expression is parsed: validation checks only its view,
/// and the interpreter reads it without parsing the name again (docs/animators.md § Expressions).
struct GeometryName: Sendable, Equatable, CustomStringConvertible {
    /// Which rect of the view, in the container's coordinates.
    enum Frame: String, Sendable {
        /// The view's frame converted into the container (`convertRect:fromView:`).
        case frame
        /// The transition context's frames: of the from and to views only.
        case finalFrame, initialFrame
    }

    /// What of the rect (points), or the view's alpha.
    enum Property: Sendable {
        case minX, minY, midX, midY, maxX, maxY, width, height, alpha

        init?(_ word: Substring) {
            switch word {
            case "x", "minX": self = .minX
            case "y", "minY": self = .minY
            case "midX": self = .midX
            case "midY": self = .midY
            case "maxX": self = .maxX
            case "maxY": self = .maxY
            case "width": self = .width
            case "height": self = .height
            case "alpha": self = .alpha
            default: return nil
            }
        }

        func of(_ rect: Rect) -> Double? {
            switch self {
            case .minX: rect.minX
            case .minY: rect.minY
            case .midX: rect.midX
            case .midY: rect.midY
            case .maxX: rect.maxX
            case .maxY: rect.maxY
            case .width: rect.width
            case .height: rect.height
            case .alpha: nil
            }
        }
    }

    var view: ViewReference
    var frame: Frame
    var property: Property
    /// The name as written, for messages.
    var description: String

    /// `<view>.<property>` or `<view>.<frame>.<property>`; nil for any other name. Whatever
    /// `refusal(_:)` refuses is not geometry.
    init?(_ name: String) {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let view = try? ViewReference.parse(String(parts[0]), at: ""),
              let property = Property(parts[parts.count - 1]) else { return nil }
        let frame = parts.count == 3 ? Frame(rawValue: String(parts[1])) : .frame
        guard let frame, property != .alpha || parts.count == 2, frame == .frame || view == .from || view == .to else { return nil }
        self.view = view
        self.frame = frame
        self.property = property
        description = name
    }

    /// Why a dotted name that is not geometry means nothing, and the view it names if any (that
    /// view is checked first: an unknown `$name` is the clearer mistake).
    static func refusal(_ name: String) -> (view: ViewReference?, reason: String) {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let view = try? ViewReference.parse(String(parts[0]), at: "") else {
            return (nil, "")
        }
        let property = Property(parts[parts.count - 1])
        guard let property, property != .alpha || parts.count == 2, parts.count == 2 || Frame(rawValue: String(parts[1])) != nil else {
            return (view, "unknown view geometry '\(name)': after the view comes x, y, width, height, minX, midX, maxX, minY, midY, maxY or alpha, optionally after frame, finalFrame or initialFrame")
        }
        return (view, "'\(name)': \(parts[1]) belongs to the from and to views only")
    }
}
