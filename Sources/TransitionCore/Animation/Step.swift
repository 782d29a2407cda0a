import JSONCodec

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

/// A condition on the transition context, for `if` steps.
enum StepCondition: String, Sendable, Equatable {
    case cancelled, notCancelled = "!cancelled"
}
