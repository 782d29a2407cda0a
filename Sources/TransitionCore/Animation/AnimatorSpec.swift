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

/// The expression at `key`; an absent one (`fallback`) is located at `key` all the same.
func expr(_ r: inout SpecReader, _ key: String, default fallback: Double?) throws(SimulationError) -> Located<Expression> {
    guard let v = r.value(key) else {
        if let fallback { return Located(.constant(fallback), at: r.path(key)) }
        throw SimulationError(r.path(key), "is required")
    }
    return try .decode(v, at: r.path(key))
}

/// The view reference at `key`; an absent one (`fallback`) is located at `key` all the same.
func reference(_ r: inout SpecReader, _ key: String, default fallback: ViewReference) throws(SimulationError) -> Located<ViewReference> {
    guard let v = r.value(key) else { return Located(fallback, at: r.path(key)) }
    return try .decode(v, at: r.path(key))
}

/// Expressions for a fixed-length JSON array (`[tx, ty]`), or `nil` when `json` is not one.
func exprList(_ json: JSONValue, count: Int, at pointer: String) throws(SimulationError) -> [Located<Expression>]? {
    guard let list = json.arrayValue else { return nil }
    guard list.count == count else { throw SimulationError(pointer, "expected \(count) numbers, found \(list.count)") }
    var result: [Located<Expression>] = []
    for (i, item) in list.enumerated() { result.append(try .decode(item, at: SpecReader.child(pointer, String(i)))) }
    return result
}

/// One step of a 2D affine transform. A list of steps applies to the view's points in order
/// (the first step first), so `[{"scale": 0.3}, {"translate": [10, 0]}]` scales, then moves.
enum TransformStep: Sendable, Equatable {
    case scale(Located<Expression>, Located<Expression>)
    case translate(Located<Expression>, Located<Expression>)
    case rotate(Located<Expression>)

    static let maxSteps = 16

    /// The list at `pointer`: where the interpreter reports what goes wrong while working it out.
    static func decodeList(_ json: JSONValue, at pointer: String) throws(SimulationError) -> Located<[TransformStep]> {
        Located(try decodeSteps(json, at: pointer), at: pointer)
    }

    static func decodeSteps(_ json: JSONValue, at pointer: String) throws(SimulationError) -> [TransformStep] {
        if json.stringValue == "identity" { return [] }
        guard let list = json.arrayValue else { throw SimulationError(pointer, "expected \"identity\" or a list of transform steps") }
        guard list.count <= maxSteps else { throw SimulationError(pointer, "at most \(maxSteps) transform steps") }
        var steps: [TransformStep] = []
        for (i, item) in list.enumerated() {
            let p = SpecReader.child(pointer, String(i))
            var r = try SpecReader(item, at: p)
            guard r.object.entries.count == 1 else { throw SimulationError(p, "a transform step has exactly one of scale, translate, rotate") }
            if let s = r.value("scale") {
                if let pair = try exprList(s, count: 2, at: r.path("scale")) {
                    // The first number is located at `scale` itself, as one number scaling both is.
                    steps.append(.scale(Located(pair[0].value, at: r.path("scale")), pair[1]))
                } else {
                    let e = try Located<Expression>.decode(s, at: r.path("scale"))
                    steps.append(.scale(e, e))
                }
            } else if let t = r.value("translate") {
                guard let pair = try exprList(t, count: 2, at: r.path("translate")) else { throw SimulationError(r.path("translate"), "expected [tx, ty]") }
                steps.append(.translate(pair[0], pair[1]))
            } else if let a = r.value("rotate") {
                steps.append(.rotate(try .decode(a, at: r.path("rotate"))))
            } else {
                throw SimulationError(p, "expected one of scale, translate, rotate" + (r.object.keys.contains { $0.hasSuffix("3d") } ? " (3D steps go in transform3D)" : ""))
            }
            try r.finish()
        }
        return steps
    }
}

/// One step of a 3D layer transform (`CATransform3D`), applied to the layer's points in order,
/// the first step first, like `TransformStep`. `perspective` multiplies by a matrix whose m34 is
/// the given value (`-1 / 500` is the usual "eye 500 pt away"), so it normally comes last:
/// `[{"rotate3d": ["pi / 2", 0, 1, 0]}, {"perspective": "-1 / 500"}]`.
enum Transform3DStep: Sendable, Equatable {
    case perspective(Located<Expression>)
    /// Angle in radians about the axis (x, y, z), `CATransform3DMakeRotation`.
    case rotate(Located<Expression>, Located<Expression>, Located<Expression>, Located<Expression>)
    case scale(Located<Expression>, Located<Expression>, Located<Expression>)
    case translate(Located<Expression>, Located<Expression>, Located<Expression>)

    /// The list at `pointer`: where the interpreter reports what goes wrong while working it out.
    static func decodeList(_ json: JSONValue, at pointer: String) throws(SimulationError) -> Located<[Transform3DStep]> {
        Located(try decodeSteps(json, at: pointer), at: pointer)
    }

    static func decodeSteps(_ json: JSONValue, at pointer: String) throws(SimulationError) -> [Transform3DStep] {
        if json.stringValue == "identity" { return [] }
        guard let list = json.arrayValue else { throw SimulationError(pointer, "expected \"identity\" or a list of 3D transform steps") }
        guard list.count <= TransformStep.maxSteps else { throw SimulationError(pointer, "at most \(TransformStep.maxSteps) transform steps") }
        var steps: [Transform3DStep] = []
        for (i, item) in list.enumerated() {
            let p = SpecReader.child(pointer, String(i))
            var r = try SpecReader(item, at: p)
            guard r.object.entries.count == 1 else { throw SimulationError(p, "a 3D transform step has exactly one of perspective, rotate3d, scale3d, translate3d") }
            if let m34 = r.value("perspective") {
                steps.append(.perspective(try .decode(m34, at: r.path("perspective"))))
            } else if let v = r.value("rotate3d") {
                guard let four = try exprList(v, count: 4, at: r.path("rotate3d")) else { throw SimulationError(r.path("rotate3d"), "expected [angle, x, y, z]") }
                steps.append(.rotate(four[0], four[1], four[2], four[3]))
            } else if let v = r.value("scale3d") {
                if let three = try exprList(v, count: 3, at: r.path("scale3d")) {
                    steps.append(.scale(three[0], three[1], three[2]))
                } else {
                    // One number is located as the first and second of the three it stands for.
                    let e = try Expression.decode(v, at: r.path("scale3d"))
                    let at = r.path("scale3d")
                    steps.append(.scale(Located(e, at: SpecReader.child(at, "0")), Located(e, at: SpecReader.child(at, "1")),
                                        Located(.constant(1), at: SpecReader.child(at, "2"))))
                }
            } else if let v = r.value("translate3d") {
                guard let three = try exprList(v, count: 3, at: r.path("translate3d")) else { throw SimulationError(r.path("translate3d"), "expected [tx, ty, tz]") }
                steps.append(.translate(three[0], three[1], three[2]))
            } else {
                throw SimulationError(p, "expected one of perspective, rotate3d, scale3d, translate3d")
            }
            try r.finish()
        }
        return steps
    }
}

/// Property values set on one view, in a setup step or inside an animation block.
struct PropertyChanges: Sendable, Equatable {
    /// The object the changes are written in: a `set` step or an entry of a block's changes.
    var pointer: String
    var view: Located<ViewReference>
    var frame: Located<RectValue>?
    var center: Located<PointValue>?
    var alpha: Located<Expression>?
    var transform: Located<[TransformStep]>?
    var transform3D: Located<[Transform3DStep]>?
    var hidden: Bool?
    var backgroundColor: Color?
    /// Layer properties (`cornerRadius`, `anchorPoint`, …): docs/animators.md § Properties.
    var layer = LayerChangeSpec()

    /// View properties that exist but that UIKit does not animate (a block refuses them).
    static let notAnimatable = ["hidden", "text", "image", "kind", "id"]

    /// Reads the members of a `set` step (`animated` false) or of a block's change (true).
    static func decode(_ r: inout SpecReader, view: Located<ViewReference>, animated: Bool) throws(SimulationError) -> PropertyChanges {
        if animated {
            for key in notAnimatable where r.has(key) {
                throw SimulationError(r.path(key), "'\(key)' can't be animated (UIKit applies it at once): set it in setup or in a completion")
            }
        }
        var c = PropertyChanges(pointer: r.pointer, view: view)
        if let f = r.value("frame") { c.frame = try .decode(f, at: r.path("frame")) }
        if let ce = r.value("center") {
            var cr = try SpecReader(ce, at: r.path("center"))
            c.center = Located(PointValue(x: try expr(&cr, "x", default: nil), y: try expr(&cr, "y", default: nil)), at: cr.pointer)
            try cr.finish()
        }
        if c.frame != nil, c.center != nil {
            throw SimulationError(r.path("center"), "give frame or center, not both (both set the view's position)")
        }
        if let a = r.value("alpha") { c.alpha = try .decode(a, at: r.path("alpha")) }
        if let t = r.value("transform") { c.transform = try TransformStep.decodeList(t, at: r.path("transform")) }
        if let t = r.value("transform3D") { c.transform3D = try Transform3DStep.decodeList(t, at: r.path("transform3D")) }
        if c.transform != nil, c.transform3D != nil {
            throw SimulationError(r.path("transform3D"), "give transform or transform3D, not both (UIKit stores them in one layer property)")
        }
        if !animated { c.hidden = try r.bool("hidden") }
        if let color = try r.string("backgroundColor", maxLength: 9) {
            guard let parsed = ViewSpec.parseColor(color) else { throw SimulationError(r.path("backgroundColor"), "expected #rrggbb or #rrggbbaa") }
            c.backgroundColor = parsed
        }
        c.layer = try LayerChangeSpec.decode(&r, animated: animated)
        return c
    }

    init(pointer: String, view: Located<ViewReference>) {
        self.pointer = pointer
        self.view = view
    }

    var isEmpty: Bool {
        frame == nil && center == nil && alpha == nil && transform == nil && transform3D == nil && hidden == nil && backgroundColor == nil
            && layer.isEmpty
    }
}

/// A point written as two expressions (a view's `center`).
struct PointValue: Sendable, Equatable {
    var x: Located<Expression>
    var y: Located<Expression>
}

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

/// `+[UIView transitionFromView:toView:duration:options:completion:]`'s transition options.
enum ViewTransitionKind: String, Sendable, CaseIterable {
    case flipFromLeft, flipFromRight, crossDissolve, curlUp, curlDown
}

/// A `transitionFromView:toView:` call: it puts `to` in `from`'s superview (above it; below it
/// for `curlUp`), plays the transition, removes `from` when it ends, then runs `completion`.
struct ViewTransitionStep: Sendable, Equatable {
    var kind: ViewTransitionKind
    var from: Located<ViewReference>
    var to: Located<ViewReference>
    var duration: Located<Expression>
    /// Timing JSON (default `easeInOut`, UIKit's default option curve).
    var curve: CurveSpec
    /// m34 of the flip's perspective (UIKit's value was not found: docs/reference.md § Flips and 3D).
    var perspective: Located<Expression>
    var completion: StepList
    /// The from view's removal, which UIKit makes before the completion runs: a `remove` step of
    /// this transition's own, so that the running list reports it as its step 0.
    var removal: Located<Step>

    /// The community's convention (docs/reference.md § Flips and 3D: m34 = −1/500).
    static let defaultPerspective = -1.0 / 500
}

/// A condition on the transition context, for `if` steps.
enum StepCondition: String, Sendable, Equatable {
    case cancelled, notCancelled = "!cancelled"
}

/// One statement of an animator, run when the transition starts (setup) or when an animation
/// block finishes (completion).
indirect enum Step: Sendable, Equatable {
    /// `[containerView addSubview:]` / `insertSubview:aboveSubview:` / `belowSubview:`.
    case add(Located<ViewReference>, Placement)
    /// Assign model values without animation.
    case set(PropertyChanges)
    /// `removeFromSuperview`.
    case remove(Located<ViewReference>)
    /// A plain view of the given colour made by the animator (a dimming overlay), named `$name`.
    /// `keep`: it is meant to stay after the transition (a later transition `find`s it).
    case dimming(name: Located<String>, frame: Located<RectValue>, color: Color, alpha: Located<Expression>, placement: Placement, keep: Bool)
    /// `snapshotViewAfterScreenUpdates:` of `of`, placed in the container under `$name`, its frame
    /// `frame` or `of`'s frame converted to the container (`convertRect:fromView:`).
    case snapshot(name: Located<String>, of: Located<ViewReference>, frame: Located<RectValue>?, placement: Placement)
    /// `[containerView viewWithTag:]`: names `$name` the view an earlier transition kept in this
    /// container under that name.
    case find(name: Located<String>)
    /// `transitionFromView:toView:duration:options:completion:`.
    case transition(ViewTransitionStep)
    /// `if (transitionContext.transitionWasCancelled) …`.
    case conditional(StepCondition, then: StepList, otherwise: StepList)
    /// `[transitionContext completeTransition:]` with `!transitionWasCancelled` or a constant.
    case completeTransition(CompletionArgument)

    enum CompletionArgument: Sendable, Equatable {
        case notCancelled
        case constant(Bool)
    }

    static let verbs = ["add", "set", "remove", "dimming", "snapshot", "find", "transition", "if", "completeTransition"]

    /// Steps per list, and nesting of lists (a transition's or an `if`'s steps).
    static let maxSteps = 64
    static let maxDepth = 4

    static func decode(_ json: JSONValue, at pointer: String, depth: Int) throws(SimulationError) -> Step {
        var r = try SpecReader(json, at: pointer)
        let verbs = Self.verbs.filter { r.has($0) }
        guard verbs.count == 1, let verb = verbs.first, let argument = r.value(verb) else {
            throw SimulationError(pointer, verbs.isEmpty ? "a step has one of \(Self.verbs.joined(separator: ", "))"
                                                   : "a step has exactly one of \(Self.verbs.joined(separator: ", ")); found \(verbs.joined(separator: " and "))")
        }
        let step: Step
        switch verb {
        case "add":
            step = .add(try .decode(argument, at: r.path("add")), try Placement.decode(&r))
        case "set":
            let changes = try PropertyChanges.decode(&r, view: try .decode(argument, at: r.path("set")), animated: false)
            try r.finish()
            guard !changes.isEmpty else { throw SimulationError(pointer, "a set step changes at least one of frame, center, alpha, transform, transform3D, hidden, backgroundColor") }
            step = .set(changes)
        case "remove":
            step = .remove(try .decode(argument, at: r.path("remove")))
        case "dimming":
            let name = try viewName(&r, "dimming")
            let frame = try r.value("frame").map { (f) throws(SimulationError) in try Located<RectValue>.decode(f, at: r.path("frame")) }
                ?? Located(.containerBounds, at: r.path("frame"))
            var color = Color.black
            if let text = try r.string("color", maxLength: 9) {
                guard let parsed = ViewSpec.parseColor(text) else { throw SimulationError(r.path("color"), "expected #rrggbb or #rrggbbaa") }
                color = parsed
            }
            step = .dimming(name: name, frame: frame, color: color, alpha: try expr(&r, "alpha", default: 0),
                            placement: try Placement.decode(&r), keep: try r.bool("keep") ?? false)
        case "snapshot":
            let name = try viewName(&r, "snapshot")
            guard let of = r.value("of") else { throw SimulationError(r.path("of"), "is required: the view to snapshot") }
            let source = try Located<ViewReference>.decode(of, at: r.path("of"))
            let frame = try r.value("frame").map { (f) throws(SimulationError) in try Located<RectValue>.decode(f, at: r.path("frame")) }
            step = .snapshot(name: name, of: source, frame: frame, placement: try Placement.decode(&r))
        case "find":
            step = .find(name: try viewName(&r, "find"))
        case "transition":
            step = .transition(try decodeTransition(&r, depth: depth))
        case "if":
            let text = try r.requiredString("if", maxLength: 16)
            guard let condition = StepCondition(rawValue: text) else { throw SimulationError(r.path("if"), "expected \"cancelled\" or \"!cancelled\"") }
            guard depth < maxDepth else { throw SimulationError(pointer, "steps nest at most \(maxDepth) levels") }
            let then = try decodeList(r.value("then"), at: r.path("then"), depth: depth + 1)
            let otherwise = try decodeList(r.value("else"), at: r.path("else"), depth: depth + 1)
            step = .conditional(condition, then: then, otherwise: otherwise)
        default:
            if argument.stringValue == "!cancelled" {
                step = .completeTransition(.notCancelled)
            } else if let b = argument.boolValue {
                step = .completeTransition(.constant(b))
            } else {
                throw SimulationError(r.path("completeTransition"), "expected \"!cancelled\", true or false")
            }
        }
        try r.finish()
        return step
    }

    static func viewName(_ r: inout SpecReader, _ key: String) throws(SimulationError) -> Located<String> {
        let name = try r.requiredString(key, maxLength: 64)
        let bare = name.hasPrefix("$") ? String(name.dropFirst()) : name
        guard ViewSpec.isValidID(bare) else { throw SimulationError(r.path(key), "names are letters, digits, '-', '_' and '.' (referred to as $name)") }
        return Located(bare, at: r.path(key))
    }

    static func decodeTransition(_ r: inout SpecReader, depth: Int) throws(SimulationError) -> ViewTransitionStep {
        let text = try r.requiredString("transition", maxLength: 32)
        guard let kind = ViewTransitionKind(rawValue: text) else {
            throw SimulationError(r.path("transition"), "unknown transition '\(text)'; one of \(ViewTransitionKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard depth < maxDepth else { throw SimulationError(r.pointer, "steps nest at most \(maxDepth) levels") }
        let from = try reference(&r, "from", default: .from)
        let to = try reference(&r, "to", default: .to)
        guard from.value != to.value else { throw SimulationError(r.path("to"), "a transition goes from one view to another") }
        let duration = try r.value("duration").map { (v) throws(SimulationError) in try Located<Expression>.decode(v, at: r.path("duration")) }
            ?? Located(.name(.word("duration")), at: r.path("duration"))
        let curve = try CurveSpec.decode(r.value("curve"), at: r.path("curve"))
        let perspective = try expr(&r, "perspective", default: ViewTransitionStep.defaultPerspective)
        let completion = try decodeList(r.value("completion"), at: r.path("completion"), depth: depth + 1)
        let removal = Located(Step.remove(Located(from.value, at: SpecReader.child(r.pointer, "remove"))), at: r.pointer)
        return ViewTransitionStep(kind: kind, from: from, to: to, duration: duration, curve: curve, perspective: perspective,
                                  completion: completion, removal: removal)
    }

    static func decodeList(_ json: JSONValue?, at pointer: String, depth: Int) throws(SimulationError) -> StepList {
        guard let json else { return Located([], at: pointer) }
        guard let list = json.arrayValue else { throw SimulationError(pointer, "expected a list of steps") }
        guard list.count <= maxSteps else { throw SimulationError(pointer, "at most \(maxSteps) steps") }
        var steps: [Located<Step>] = []
        for (i, item) in list.enumerated() {
            let p = SpecReader.child(pointer, String(i))
            steps.append(Located(try Step.decode(item, at: p, depth: depth), at: p))
        }
        return Located(steps, at: pointer)
    }
}

/// A list of steps (setup, a completion, an `if`'s branch), each step located in it.
typealias StepList = Located<[Located<Step>]>

/// A block's timing as written: a timing JSON for `TimingCurve.decode` (named, cubic, any spring
/// form), possibly with expressions in place of its numbers (`{"spring": {"dampingRatio":
/// "damping", "initialVelocity": "1 / damping"}}`), or `"@name"`, a parameter holding one.
/// Decoded when the block runs: a UIKit-style spring needs the block's duration.
struct CurveSpec: Sendable, Equatable {
    var json: JSONValue
    /// Where the timing is written (or would be): timing errors at run time point here.
    var pointer: String
    /// The expressions inside the timing JSON, located in it (none for `"@name"`).
    var expressions: [Located<Expression>]

    /// Strings inside a timing object that are words of the timing language, not expressions.
    static let keywords: Set<String> = ["system", "curve7"]
    static let maxNodes = 64

    static func decode(_ json: JSONValue?, at pointer: String) throws(SimulationError) -> CurveSpec {
        guard let json else { return CurveSpec(json: .string("easeInOut"), pointer: pointer, expressions: []) }
        if let name = json.stringValue, name.hasPrefix("@") {
            let parameter = String(name.dropFirst())
            guard !parameter.isEmpty, ViewSpec.isValidID(parameter) else { throw SimulationError(pointer, "'@' is followed by a parameter name") }
            return CurveSpec(json: json, pointer: pointer, expressions: [])
        }
        var nodes = 0
        var expressions: [(String, Expression)] = []
        try collect(json, at: pointer, depth: 0, nodes: &nodes, into: &expressions)
        // Check the shape now, with every expression standing in as 1; the numbers are checked
        // again when the block runs.
        let probe = try substitute(json, depth: 0) { (_) throws(SimulationError) in 1 }
        _ = try TimingCurve.decode(probe, duration: 1, at: pointer)
        return CurveSpec(json: json, pointer: pointer, expressions: expressions.map { Located($0.1, at: $0.0) })
    }

    /// The parameter a `"@name"` curve reads.
    var parameter: String? {
        guard let s = json.stringValue, s.hasPrefix("@") else { return nil }
        return String(s.dropFirst())
    }

    static func collect(_ json: JSONValue, at pointer: String, depth: Int, nodes: inout Int,
                        into found: inout [(String, Expression)]) throws(SimulationError) {
        nodes += 1
        guard nodes <= maxNodes, depth <= 4 else { throw SimulationError(pointer, "a timing is a small object (at most \(maxNodes) values, 4 levels)") }
        switch json {
        case .object(let object):
            for (key, value) in object.entries { try collect(value, at: SpecReader.child(pointer, key), depth: depth + 1, nodes: &nodes, into: &found) }
        case .array(let list):
            for (i, value) in list.enumerated() { try collect(value, at: SpecReader.child(pointer, String(i)), depth: depth + 1, nodes: &nodes, into: &found) }
        case .string(let text) where depth > 0 && !keywords.contains(text):
            found.append((pointer, try Expression.decode(json, at: pointer)))
        default:
            break
        }
    }

    /// The JSON with each expression string inside it replaced by its value.
    static func substitute(_ json: JSONValue, depth: Int, _ value: (Expression) throws(SimulationError) -> Double) throws(SimulationError) -> JSONValue {
        switch json {
        case .object(let object):
            var out = JSONObject()
            for (key, v) in object.entries { out[key] = try substitute(v, depth: depth + 1, value) }
            return .object(out)
        case .array(let list):
            var out: [JSONValue] = []
            for v in list { out.append(try substitute(v, depth: depth + 1, value)) }
            return .array(out)
        case .string(let text) where depth > 0 && !keywords.contains(text):
            guard let e = try? Expression.decode(json, at: "") else { return json }
            return .number(try value(e))
        default:
            return json
        }
    }
}

/// One `addKeyframeWithRelativeStartTime:relativeDuration:animations:` of a keyframe block.
struct Keyframe: Sendable, Equatable {
    /// Fractions of the block's duration, 0…1.
    var start: Located<Expression>
    var duration: Located<Expression>
    var changes: [PropertyChanges]
}

/// `UIViewKeyframeAnimationOptionCalculationMode…`: how a keyframe track moves between its values.
enum KeyframeCalculationMode: String, Sendable, CaseIterable {
    /// Straight lines between keys (UIKit's default).
    case linear
    /// Each value holds until the next keyframe starts.
    case discrete
    /// A Catmull-Rom spline through the keys (numbers, points and rects).
    case cubic
    /// Constant speed along the values, key times ignored (kCAAnimationPaced): the distance is
    /// Euclidean over the value's components (points, rects, alpha, colours, transforms).
    case paced
    /// Constant speed along a Catmull-Rom spline through the values, key times ignored
    /// (kCAAnimationCubicPaced): CubicPaced.swift.
    case cubicPaced
}

/// `UIView.animate(withDuration:delay:options:animations:completion:)`, or with `keyframes`
/// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`: property
/// changes that animate together, and what to do when they finish.
struct AnimationBlock: Sendable, Equatable {
    var delay: Located<Expression>
    /// Seconds; the name `duration` in the expression is the transition's duration.
    var duration: Located<Expression>
    var curve: CurveSpec
    var changes: [PropertyChanges]
    var keyframes: [Keyframe]
    var calculationMode: KeyframeCalculationMode
    var completion: StepList
    /// Declares that the block may still run when `completeTransition` is called (002's dismiss
    /// spring): its animations are not reported as `animation-on-removed-view`.
    var outlivesTransition: Bool

    static let maxChanges = 64
    static let maxKeyframes = 32

    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> AnimationBlock {
        var r = try SpecReader(json, at: pointer)
        let delay = try expr(&r, "delay", default: 0)
        let duration = try expr(&r, "duration", default: nil)
        let curve = try CurveSpec.decode(r.value("curve"), at: r.path("curve"))
        var changes: [PropertyChanges] = []
        for (i, item) in (try r.array("changes", maxCount: maxChanges) ?? []).enumerated() {
            changes.append(try decodeChange(item, at: SpecReader.child(r.path("changes"), String(i))))
        }
        var keyframes: [Keyframe] = []
        if let list = try r.array("keyframes", maxCount: maxKeyframes) {
            guard changes.isEmpty else { throw SimulationError(r.path("keyframes"), "a block has changes or keyframes, not both") }
            for (i, item) in list.enumerated() {
                let p = SpecReader.child(r.path("keyframes"), String(i))
                var kr = try SpecReader(item, at: p)
                let start = try expr(&kr, "start", default: nil)
                let length = try expr(&kr, "duration", default: nil)
                var kc: [PropertyChanges] = []
                for (j, c) in (try kr.array("changes", maxCount: maxChanges) ?? []).enumerated() {
                    kc.append(try decodeChange(c, at: SpecReader.child(kr.path("changes"), String(j))))
                }
                try kr.finish()
                keyframes.append(Keyframe(start: start, duration: length, changes: kc))
            }
        }
        var mode = KeyframeCalculationMode.linear
        if let text = try r.string("calculationMode", maxLength: 32) {
            guard !keyframes.isEmpty else { throw SimulationError(r.path("calculationMode"), "only keyframe blocks have a calculation mode") }
            guard let m = KeyframeCalculationMode(rawValue: text) else {
                throw SimulationError(r.path("calculationMode"), "unknown calculation mode '\(text)'; one of \(KeyframeCalculationMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            mode = m
        }
        let completion = try Step.decodeList(r.value("completion"), at: r.path("completion"), depth: 1)
        let outlives = try r.bool("outlivesTransition") ?? false
        try r.finish()
        return AnimationBlock(delay: delay, duration: duration, curve: curve, changes: changes, keyframes: keyframes,
                              calculationMode: mode, completion: completion, outlivesTransition: outlives)
    }

    static func decodeChange(_ item: JSONValue, at p: String) throws(SimulationError) -> PropertyChanges {
        var cr = try SpecReader(item, at: p)
        guard let view = cr.value("view") else { throw SimulationError(cr.path("view"), "is required") }
        let change = try PropertyChanges.decode(&cr, view: try .decode(view, at: cr.path("view")), animated: true)
        try cr.finish()
        return change
    }
}

/// What `animateTransition:` does for one operation: its duration, the setup run at the start,
/// and the animation blocks it issues.
struct AnimatorBody: Sendable, Equatable {
    /// `transitionDuration:`, seconds.
    var duration: Located<Expression>
    var setup: StepList
    var animations: [AnimationBlock]

    static let maxBlocks = 32
    static let members = ["duration", "setup", "animations"]

    /// Decodes the body written at `pointer` (an object of its own). Its nodes are located
    /// relative to it; its errors point into the whole document.
    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> AnimatorBody {
        do throws(SimulationError) {
            var r = try SpecReader(json, at: "")
            let body = try decodeMembers(&r)
            try r.finish()
            return body
        } catch {
            throw error.inside(pointer)
        }
    }

    /// Decodes the body written among the members of the definition at `pointer` (the
    /// definition refuses the members that are neither its own nor the body's).
    static func decode(membersOf json: JSONValue, at pointer: String) throws(SimulationError) -> AnimatorBody {
        do throws(SimulationError) {
            var r = try SpecReader(json, at: "")
            return try decodeMembers(&r)
        } catch {
            throw error.inside(pointer)
        }
    }

    static func decodeMembers(_ r: inout SpecReader) throws(SimulationError) -> AnimatorBody {
        let duration = try expr(&r, "duration", default: nil)
        let setup = try Step.decodeList(r.value("setup"), at: r.path("setup"), depth: 1)
        var blocks: [AnimationBlock] = []
        for (i, item) in (try r.array("animations", maxCount: maxBlocks) ?? []).enumerated() {
            blocks.append(try AnimationBlock.decode(item, at: SpecReader.child(r.path("animations"), String(i))))
        }
        return AnimatorBody(duration: duration, setup: setup, animations: blocks)
    }
}
