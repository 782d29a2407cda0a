import JSONCodec

/// A view an animator step talks about, read straight across from `animateTransition:`.
///
/// Spelled in JSON as `"from"`, `"to"` (the controllers' root views), `"container"`
/// (`transitionContext.containerView`), `"from/cell-3/image"` / `"to/image"` (a subview by its
/// path), `"source"` / `"target"` (the views the action's animator parameters name), or
/// `"$name"` (a view the animator created in setup: a snapshot or a dimming view).
public enum ViewReference: Sendable, Hashable, CustomStringConvertible {
    case from, to, container, source, target
    case fromSubview(String)
    case toSubview(String)
    case named(String)

    public static func decode(_ json: JSONValue, at pointer: String) throws(SpecError) -> ViewReference {
        guard let text = json.stringValue else { throw SpecError(pointer, "expected a view reference string, found \(json.typeName)") }
        return try parse(text, at: pointer)
    }

    public static func parse(_ text: String, at pointer: String) throws(SpecError) -> ViewReference {
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
        throw SpecError(pointer, "unknown view reference '\(text)': use from, to, container, source, target, from/<path>, to/<path> or $name")
    }

    public var description: String {
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

/// A rectangle in the container's coordinates.
public indirect enum RectValue: Sendable, Equatable {
    /// `finalFrameForViewController:` of the view being set (`from` or `to`).
    case finalFrame
    /// `initialFrameForViewController:` of the view being set.
    case initialFrame
    /// The container's bounds.
    case containerBounds
    /// The view's frame converted into the container (`convertRect:fromView:`).
    case frameOf(ViewReference)
    case explicit(x: Expression, y: Expression, width: Expression, height: Expression)
    case offset(RectValue, dx: Expression, dy: Expression)
    case inset(RectValue, top: Expression, left: Expression, bottom: Expression, right: Expression)

    static func decode(_ json: JSONValue, at pointer: String) throws(SpecError) -> RectValue {
        if let text = json.stringValue {
            switch text {
            case "final": return .finalFrame
            case "initial": return .initialFrame
            case "container": return .containerBounds
            default: throw SpecError(pointer, "unknown rect '\(text)': use final, initial, container or an object")
            }
        }
        var r = try SpecReader(json, at: pointer)
        let value: RectValue
        if let of = r.value("frameOf") {
            value = .frameOf(try ViewReference.decode(of, at: r.path("frameOf")))
        } else if let base = r.value("offset") {
            value = .offset(try decode(base, at: r.path("offset")), dx: try expr(&r, "dx", default: 0), dy: try expr(&r, "dy", default: 0))
        } else if let base = r.value("inset") {
            value = .inset(try decode(base, at: r.path("inset")), top: try expr(&r, "top", default: 0), left: try expr(&r, "left", default: 0),
                           bottom: try expr(&r, "bottom", default: 0), right: try expr(&r, "right", default: 0))
        } else {
            value = .explicit(x: try expr(&r, "x", default: nil), y: try expr(&r, "y", default: nil),
                              width: try expr(&r, "width", default: nil), height: try expr(&r, "height", default: nil))
        }
        try r.finish()
        return value
    }
}

func expr(_ r: inout SpecReader, _ key: String, default fallback: Double?) throws(SpecError) -> Expression {
    guard let v = r.value(key) else {
        if let fallback { return .constant(fallback) }
        throw SpecError(r.path(key), "is required")
    }
    return try Expression.decode(v, at: r.path(key))
}

/// One step of a 2D affine transform. A list of steps applies to the view's points in order
/// (the first step first), so `[{"scale": 0.3}, {"translate": [10, 0]}]` scales, then moves.
public enum TransformStep: Sendable, Equatable {
    case scale(Expression, Expression)
    case translate(Expression, Expression)
    case rotate(Expression)

    static func decodeList(_ json: JSONValue, at pointer: String) throws(SpecError) -> [TransformStep] {
        if json.stringValue == "identity" { return [] }
        guard let list = json.arrayValue else { throw SpecError(pointer, "expected \"identity\" or a list of transform steps") }
        guard list.count <= 16 else { throw SpecError(pointer, "at most 16 transform steps") }
        var steps: [TransformStep] = []
        for (i, item) in list.enumerated() {
            let p = SpecReader.child(pointer, String(i))
            var r = try SpecReader(item, at: p)
            if let s = r.value("scale") {
                if let pair = s.arrayValue {
                    guard pair.count == 2 else { throw SpecError(r.path("scale"), "expected [sx, sy] or one number") }
                    steps.append(.scale(try Expression.decode(pair[0], at: r.path("scale") + "/0"), try Expression.decode(pair[1], at: r.path("scale") + "/1")))
                } else {
                    let e = try Expression.decode(s, at: r.path("scale"))
                    steps.append(.scale(e, e))
                }
            } else if let t = r.value("translate") {
                guard let pair = t.arrayValue, pair.count == 2 else { throw SpecError(r.path("translate"), "expected [tx, ty]") }
                steps.append(.translate(try Expression.decode(pair[0], at: r.path("translate") + "/0"), try Expression.decode(pair[1], at: r.path("translate") + "/1")))
            } else if let a = r.value("rotate") {
                steps.append(.rotate(try Expression.decode(a, at: r.path("rotate"))))
            } else {
                throw SpecError(p, "expected one of scale, translate, rotate")
            }
            try r.finish()
        }
        return steps
    }
}

/// Property values set on one view, in a setup step or inside an animation block.
public struct PropertyChanges: Sendable, Equatable {
    public var view: ViewReference
    public var frame: RectValue?
    public var center: (x: Expression, y: Expression)?
    public var alpha: Expression?
    public var transform: [TransformStep]?
    public var hidden: Bool?
    public var backgroundColor: Color?

    public static func == (a: PropertyChanges, b: PropertyChanges) -> Bool {
        a.view == b.view && a.frame == b.frame && a.center?.x == b.center?.x && a.center?.y == b.center?.y
            && a.alpha == b.alpha && a.transform == b.transform && a.hidden == b.hidden && a.backgroundColor == b.backgroundColor
    }

    static func decode(_ r: inout SpecReader, view: ViewReference) throws(SpecError) -> PropertyChanges {
        var c = PropertyChanges(view: view)
        if let f = r.value("frame") { c.frame = try RectValue.decode(f, at: r.path("frame")) }
        if let ce = r.value("center") {
            var cr = try SpecReader(ce, at: r.path("center"))
            c.center = (try expr(&cr, "x", default: nil), try expr(&cr, "y", default: nil))
            try cr.finish()
        }
        if let a = r.value("alpha") { c.alpha = try Expression.decode(a, at: r.path("alpha")) }
        if let t = r.value("transform") { c.transform = try TransformStep.decodeList(t, at: r.path("transform")) }
        c.hidden = try r.bool("hidden")
        if let color = try r.string("backgroundColor", maxLength: 9) {
            guard let parsed = ViewSpec.parseColor(color) else { throw SpecError(r.path("backgroundColor"), "expected #rrggbb or #rrggbbaa") }
            c.backgroundColor = parsed
        }
        return c
    }

    init(view: ViewReference) { self.view = view }
}

/// Where `add` puts a view in the container.
public enum Placement: Sendable, Equatable {
    case top
    case above(ViewReference)
    case below(ViewReference)

    static func decode(_ r: inout SpecReader) throws(SpecError) -> Placement {
        if let a = r.value("above") { return .above(try ViewReference.decode(a, at: r.path("above"))) }
        if let b = r.value("below") { return .below(try ViewReference.decode(b, at: r.path("below"))) }
        return .top
    }
}

/// One statement of an animator, run when the transition starts (setup) or when an animation
/// block finishes (completion).
public enum Step: Sendable, Equatable {
    /// `[containerView addSubview:]` / `insertSubview:aboveSubview:` / `belowSubview:`.
    case add(ViewReference, Placement)
    /// Assign model values without animation.
    case set(PropertyChanges)
    /// `removeFromSuperview`.
    case remove(ViewReference)
    /// A plain view of the given colour made by the animator (a dimming overlay), named `$name`.
    case dimming(name: String, frame: RectValue, color: Color, alpha: Expression, placement: Placement)
    /// `[transitionContext completeTransition:]` with `!transitionWasCancelled` or a constant.
    case completeTransition(CompletionArgument)

    public enum CompletionArgument: Sendable, Equatable {
        case notCancelled
        case constant(Bool)
    }

    static let verbs = ["add", "set", "remove", "dimming", "completeTransition"]

    static func decode(_ json: JSONValue, at pointer: String) throws(SpecError) -> Step {
        var r = try SpecReader(json, at: pointer)
        let verbs = Self.verbs.filter { r.has($0) }
        guard verbs.count == 1, let verb = verbs.first else {
            throw SpecError(pointer, "a step has exactly one of \(Self.verbs.joined(separator: ", "))")
        }
        let step: Step
        switch verb {
        case "add":
            step = .add(try ViewReference.decode(r.value("add")!, at: r.path("add")), try Placement.decode(&r))
        case "set":
            step = .set(try PropertyChanges.decode(&r, view: try ViewReference.decode(r.value("set")!, at: r.path("set"))))
        case "remove":
            step = .remove(try ViewReference.decode(r.value("remove")!, at: r.path("remove")))
        case "dimming":
            let name = try r.requiredString("dimming", maxLength: 64)
            guard ViewSpec.isValidID(name) else { throw SpecError(r.path("dimming"), "names are letters, digits, '-', '_' and '.'") }
            let frame = try r.value("frame").map { (f) throws(SpecError) in try RectValue.decode(f, at: r.path("frame")) } ?? .containerBounds
            var color = Color.black
            if let text = try r.string("color", maxLength: 9) {
                guard let parsed = ViewSpec.parseColor(text) else { throw SpecError(r.path("color"), "expected #rrggbb or #rrggbbaa") }
                color = parsed
            }
            step = .dimming(name: name, frame: frame, color: color, alpha: try expr(&r, "alpha", default: 0), placement: try Placement.decode(&r))
        default:
            let v = r.value("completeTransition")!
            if v.stringValue == "!cancelled" {
                step = .completeTransition(.notCancelled)
            } else if let b = v.boolValue {
                step = .completeTransition(.constant(b))
            } else {
                throw SpecError(r.path("completeTransition"), "expected \"!cancelled\", true or false")
            }
        }
        try r.finish()
        return step
    }
}

/// `UIView.animate(withDuration:delay:options:animations:completion:)`: property changes that
/// animate together, and what to do when they finish.
public struct AnimationBlock: Sendable, Equatable {
    public var delay: Expression
    /// Seconds; the name `duration` in the expression is the transition's duration.
    public var duration: Expression
    /// The timing as JSON (`TimingCurve.decode`), decoded when the block runs because a
    /// UIKit-style spring needs the block's duration.
    public var curve: JSONValue
    public var changes: [PropertyChanges]
    public var completion: [Step]

    static func decode(_ json: JSONValue, at pointer: String) throws(SpecError) -> AnimationBlock {
        var r = try SpecReader(json, at: pointer)
        let delay = try expr(&r, "delay", default: 0)
        let duration = try expr(&r, "duration", default: nil)
        let curve = r.value("curve") ?? .string("easeInOut")
        if curve.stringValue?.hasPrefix("@") != true {
            _ = try TimingCurve.decode(curve, duration: 1, at: r.path("curve"))
        }
        var changes: [PropertyChanges] = []
        for (i, item) in (try r.array("changes", maxCount: 64) ?? []).enumerated() {
            let p = SpecReader.child(r.path("changes"), String(i))
            var cr = try SpecReader(item, at: p)
            guard let view = cr.value("view") else { throw SpecError(p + "/view", "is required") }
            changes.append(try PropertyChanges.decode(&cr, view: try ViewReference.decode(view, at: p + "/view")))
            try cr.finish()
        }
        let completion = try Step.decodeList(r.value("completion"), at: r.path("completion"))
        try r.finish()
        return AnimationBlock(delay: delay, duration: duration, curve: curve, changes: changes, completion: completion)
    }
}

extension Step {
    static func decodeList(_ json: JSONValue?, at pointer: String) throws(SpecError) -> [Step] {
        guard let json, !json.isNull else { return [] }
        guard let list = json.arrayValue else { throw SpecError(pointer, "expected a list of steps") }
        guard list.count <= 64 else { throw SpecError(pointer, "at most 64 steps") }
        var steps: [Step] = []
        for (i, item) in list.enumerated() { steps.append(try Step.decode(item, at: SpecReader.child(pointer, String(i)))) }
        return steps
    }
}

/// What `animateTransition:` does for one operation: its duration, the setup run at the start,
/// and the animation blocks it issues.
public struct AnimatorBody: Sendable, Equatable {
    /// `transitionDuration:`, seconds.
    public var duration: Expression
    public var setup: [Step]
    public var animations: [AnimationBlock]

    public static func decode(_ json: JSONValue, at pointer: String) throws(SpecError) -> AnimatorBody {
        var r = try SpecReader(json, at: pointer)
        let body = try decodeMembers(&r)
        try r.finish()
        return body
    }

    static func decodeMembers(_ r: inout SpecReader) throws(SpecError) -> AnimatorBody {
        let duration = try expr(&r, "duration", default: nil)
        let setup = try Step.decodeList(r.value("setup"), at: r.path("setup"))
        var blocks: [AnimationBlock] = []
        for (i, item) in (try r.array("animations", maxCount: 32) ?? []).enumerated() {
            blocks.append(try AnimationBlock.decode(item, at: SpecReader.child(r.path("animations"), String(i))))
        }
        return AnimatorBody(duration: duration, setup: setup, animations: blocks)
    }
}
