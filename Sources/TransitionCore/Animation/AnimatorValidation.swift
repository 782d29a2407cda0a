import JSONCodec

/// Static checks of a decoded animator, before it ever runs: every error points into the spec
/// (RFC 6901) and says what is wrong. What only the scene can tell (a subview path that does not
/// exist, a frame that is not finite) is reported when the animator runs, with a pointer too.
///
/// Checked here: a `$name` used before the step that makes it (or never made), names in
/// expressions that are neither `duration`, `pi`, a numeric parameter nor view geometry, `source`
/// / `target` without the `sourceView` / `targetView` parameter, `final` / `initial` rects on a
/// view other than from/to, adding or removing the container, a name made twice, negative
/// constant durations and delays, keyframe times outside 0…1, `@curve` parameters that do not
/// hold a timing, and the size of the whole (steps, property changes).
struct AnimatorValidator {
    let parameters: JSONObject

    static let maxStepsPerBody = 256
    static let maxChangesPerBody = 512

    var stepCount = 0
    var changeCount = 0

    init(parameters: JSONObject) { self.parameters = parameters }

    /// Checks a body whose nodes are located relative to it; the caller places its errors.
    static func validate(_ body: AnimatorBody, parameters: JSONObject) throws(SimulationError) {
        var v = AnimatorValidator(parameters: parameters)
        try v.check(body)
    }

    mutating func check(_ body: AnimatorBody) throws(SimulationError) {
        try checkExpression(body.duration, created: [], durationIsParameter: true)
        try checkNotNegative(body.duration, what: "a duration")
        // Names made in completion lists exist only once their block has ended: other completion
        // lists may use them (the order of blocks ending is the scene's), setup and changes not.
        var later: Set<String> = []
        for block in body.animations { collectNames(block.completion, into: &later) }
        collectNamesInTransitions(body.setup, into: &later)
        var created: Set<String> = []
        try checkSteps(body.setup, created: &created, later: later, inCompletion: false)
        for block in body.animations {
            try checkBlock(block, created: created, later: later)
        }
    }

    // MARK: Steps

    mutating func checkSteps(_ steps: StepList, created: inout Set<String>, later: Set<String>, inCompletion: Bool) throws(SimulationError) {
        for step in steps.value {
            stepCount += 1
            guard stepCount <= Self.maxStepsPerBody else {
                throw SimulationError(steps.pointer, "an animator body has at most \(Self.maxStepsPerBody) steps in all")
            }
            try checkStep(step.value, created: &created, later: later, inCompletion: inCompletion)
        }
    }

    mutating func checkStep(_ step: Step, created: inout Set<String>, later: Set<String>, inCompletion: Bool) throws(SimulationError) {
        let visible = inCompletion ? created.union(later) : created
        switch step {
        case .add(let ref, let placement):
            try checkReference(ref, created: visible)
            if ref.value == .container { throw SimulationError(ref.pointer, "the container can't be added to itself") }
            try checkPlacement(placement, created: visible)
        case .set(let changes):
            try checkChanges(changes, created: visible)
        case .remove(let ref):
            try checkReference(ref, created: visible)
            if ref.value == .container { throw SimulationError(ref.pointer, "the container belongs to UIKit: an animator never removes it") }
        case .dimming(let name, let frame, _, let alpha, let placement, _):
            try checkNew(name, created: created)
            try checkRect(frame, for: nil, created: visible)
            try checkExpression(alpha, created: visible)
            try checkPlacement(placement, created: visible)
            created.insert(name.value)
        case .snapshot(let name, let of, let frame, let placement):
            try checkNew(name, created: created)
            try checkReference(of, created: visible)
            if let frame { try checkRect(frame, for: nil, created: visible) }
            try checkPlacement(placement, created: visible)
            created.insert(name.value)
        case .find(let name):
            try checkNew(name, created: created)
            created.insert(name.value)
        case .transition(let tr):
            try checkReference(tr.from, created: visible)
            try checkReference(tr.to, created: visible)
            if let whole = [tr.from, tr.to].first(where: { $0.value == .container }) {
                throw SimulationError(whole.pointer, "a view transition replaces one subview of the container by another, not the container")
            }
            try checkExpression(tr.duration, created: visible)
            try checkNotNegative(tr.duration, what: "a duration")
            try checkCurve(tr.curve, created: visible)
            try checkExpression(tr.perspective, created: visible)
            var inner = created
            try checkSteps(tr.completion, created: &inner, later: later, inCompletion: true)
        case .conditional(_, let then, let otherwise):
            var a = created, b = created
            try checkSteps(then, created: &a, later: later, inCompletion: inCompletion)
            try checkSteps(otherwise, created: &b, later: later, inCompletion: inCompletion)
            // After the `if`, only what both branches made is certain to exist.
            created.formUnion(a.intersection(b))
        case .completeTransition:
            break
        }
    }

    func checkNew(_ name: Located<String>, created: Set<String>) throws(SimulationError) {
        if created.contains(name.value) { throw SimulationError(name.pointer, "a view named '$\(name.value)' was already made by an earlier step") }
    }

    func checkPlacement(_ placement: Placement, created: Set<String>) throws(SimulationError) {
        switch placement {
        case .top: break
        case .above(let ref), .below(let ref): try checkReference(ref, created: created)
        }
    }

    // MARK: Blocks

    mutating func checkBlock(_ block: AnimationBlock, created: Set<String>, later: Set<String>) throws(SimulationError) {
        try checkExpression(block.delay, created: created)
        try checkNotNegative(block.delay, what: "a delay")
        try checkExpression(block.duration, created: created)
        try checkNotNegative(block.duration, what: "a duration")
        try checkCurve(block.curve, created: created)
        for change in block.changes { try checkChanges(change, created: created) }
        for keyframe in block.keyframes {
            try checkExpression(keyframe.start, created: created)
            try checkExpression(keyframe.duration, created: created)
            if case .constant(let s) = keyframe.start.value, !(0...1).contains(s) {
                throw SimulationError(keyframe.start.pointer, "a keyframe's relative start time is between 0 and 1, got \(s)")
            }
            if case .constant(let d) = keyframe.duration.value, !(0...1).contains(d) {
                throw SimulationError(keyframe.duration.pointer, "a keyframe's relative duration is between 0 and 1, got \(d)")
            }
            if case .constant(let s) = keyframe.start.value, case .constant(let d) = keyframe.duration.value, s + d > 1 + 1e-9 {
                throw SimulationError(keyframe.duration.pointer, "the keyframe ends at \(s + d), after the block (start + duration ≤ 1)")
            }
            for change in keyframe.changes { try checkChanges(change, created: created) }
        }
        var inner = created
        try checkSteps(block.completion, created: &inner, later: later, inCompletion: true)
    }

    func checkCurve(_ curve: CurveSpec, created: Set<String>) throws(SimulationError) {
        if let name = curve.parameter {
            guard let value = parameters[name] else {
                throw SimulationError(curve.pointer, "'@\(name)' names no parameter" + knownParameters())
            }
            switch value {
            case .string, .object: break
            default: throw SimulationError(curve.pointer, "parameter '\(name)' holds \(value.typeName), not a timing (a curve name or a timing object)")
            }
            return
        }
        for e in curve.expressions { try checkExpression(e, created: created) }
    }

    // MARK: Properties, rects, references, expressions

    mutating func checkChanges(_ c: PropertyChanges, created: Set<String>) throws(SimulationError) {
        changeCount += 1
        guard changeCount <= Self.maxChangesPerBody else {
            throw SimulationError(c.pointer, "an animator body changes properties at most \(Self.maxChangesPerBody) times in all")
        }
        try checkReference(c.view, created: created)
        if let frame = c.frame {
            if c.view.value == .container { throw SimulationError(frame.pointer, "the container's frame belongs to UIKit") }
            try checkRect(frame, for: c.view.value, created: created)
        }
        if let center = c.center {
            try checkExpression(center.value.x, created: created)
            try checkExpression(center.value.y, created: created)
        }
        if let a = c.alpha { try checkExpression(a, created: created) }
        for step in c.transform?.value ?? [] {
            switch step {
            case .scale(let x, let y):
                try checkExpression(x, created: created)
                try checkExpression(y, created: created)
            case .translate(let x, let y):
                try checkExpression(x, created: created)
                try checkExpression(y, created: created)
            case .rotate(let a):
                try checkExpression(a, created: created)
            }
        }
        for step in c.transform3D?.value ?? [] {
            switch step {
            case .perspective(let m34):
                try checkExpression(m34, created: created)
            case .rotate(let a, let x, let y, let z):
                for e in [a, x, y, z] { try checkExpression(e, created: created) }
            case .scale(let x, let y, let z), .translate(let x, let y, let z):
                for e in [x, y, z] { try checkExpression(e, created: created) }
            }
        }
    }

    func checkRect(_ rect: Located<RectValue>, for view: ViewReference?, created: Set<String>) throws(SimulationError) {
        switch rect.value {
        case .finalFrame, .initialFrame:
            guard view == .from || view == .to else {
                let which = rect.value == .finalFrame ? "final" : "initial"
                throw SimulationError(rect.pointer, "'\(which)' is the \(which) frame of the from or to view only (\(view.map { "not of '\($0)'" } ?? "here there is no such view")); use {\"frameOf\": …} or \"container\"")
            }
        case .containerBounds:
            break
        case .frameOf(let ref):
            try checkReference(ref, created: created)
        case .explicit(let x, let y, let w, let h):
            for e in [x, y, w, h] { try checkExpression(e, created: created) }
        case .offset(let base, let dx, let dy):
            try checkRect(base, for: view, created: created)
            try checkExpression(dx, created: created)
            try checkExpression(dy, created: created)
        case .inset(let base, let top, let left, let bottom, let right):
            try checkRect(base, for: view, created: created)
            for e in [top, left, bottom, right] { try checkExpression(e, created: created) }
        }
    }

    func checkReference(_ ref: Located<ViewReference>, created: Set<String>) throws(SimulationError) {
        try checkReference(ref.value, at: ref.pointer, created: created)
    }

    func checkReference(_ ref: ViewReference, at pointer: String, created: Set<String>) throws(SimulationError) {
        switch ref {
        case .named(let name):
            guard created.contains(name) else {
                throw SimulationError(pointer, "view '$\(name)' is used before any step makes it (snapshot, dimming or find with that name)")
            }
        case .source, .target:
            let key = ref == .source ? "sourceView" : "targetView"
            guard let value = parameters[key] else {
                throw SimulationError(pointer, "'\(ref)' is the view the \(key) parameter names, and this animator has no \(key) parameter")
            }
            guard value.stringValue != nil else { throw SimulationError(pointer, "the \(key) parameter must be a view path (a string)") }
        default:
            break
        }
    }

    func checkNotNegative(_ e: Located<Expression>, what: String) throws(SimulationError) {
        if case .constant(let v) = e.value, v < 0 { throw SimulationError(e.pointer, "\(what) can't be negative, got \(v)") }
        if case .negate(.constant(let v)) = e.value, v > 0 { throw SimulationError(e.pointer, "\(what) can't be negative, got \(-v)") }
    }

    /// Every name the expression reads must mean something.
    func checkExpression(_ e: Located<Expression>, created: Set<String>, durationIsParameter: Bool = false) throws(SimulationError) {
        for name in e.value.names {
            try checkName(name, at: e.pointer, created: created, durationIsParameter: durationIsParameter)
        }
    }

    func checkName(_ name: Expression.Name, at pointer: String, created: Set<String>, durationIsParameter: Bool) throws(SimulationError) {
        guard case .word(let name) = name else {
            if case .geometry(let geometry) = name { try checkReference(geometry.view, at: pointer, created: created) }
            return
        }
        if name == "pi" { return }
        if name == "duration", !durationIsParameter { return }
        if let value = parameters[name] {
            guard value.numberValue != nil else {
                throw SimulationError(pointer, "parameter '\(name)' holds \(value.typeName), not a number, so an expression can't use it")
            }
            return
        }
        if name == "duration" {
            throw SimulationError(pointer, "the transition's duration is being defined here: 'duration' can only be a parameter, and this animator has none of that name")
        }
        // A dotted word is not geometry (the parser made geometry of every one that is).
        let (view, reason) = GeometryName.refusal(name)
        guard let view else {
            throw SimulationError(pointer, "unknown name '\(name)': an expression reads duration, pi, a numeric parameter" + knownParameters()
                            + " or view geometry such as container.width, to.finalFrame.midX, $snapshot.x")
        }
        try checkReference(view, at: pointer, created: created)
        throw SimulationError(pointer, reason)
    }

    func knownParameters() -> String {
        let numeric = parameters.entries.filter { $0.value.numberValue != nil }.map(\.key)
        return numeric.isEmpty ? "" : " (\(numeric.joined(separator: ", ")))"
    }

    // MARK: Names made by completion steps

    func collectNames(_ steps: StepList, into names: inout Set<String>) {
        for step in steps.value {
            switch step.value {
            case .dimming(let name, _, _, _, _, _), .snapshot(let name, _, _, _), .find(let name): names.insert(name.value)
            case .transition(let tr): collectNames(tr.completion, into: &names)
            case .conditional(_, let a, let b):
                collectNames(a, into: &names)
                collectNames(b, into: &names)
            default: break
            }
        }
    }

    func collectNamesInTransitions(_ steps: StepList, into names: inout Set<String>) {
        for step in steps.value {
            switch step.value {
            case .transition(let tr): collectNames(tr.completion, into: &names)
            case .conditional(_, let a, let b):
                collectNamesInTransitions(a, into: &names)
                collectNamesInTransitions(b, into: &names)
            default: break
            }
        }
    }
}
