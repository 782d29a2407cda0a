import JSONCodec

/// Runs animator bodies for one transition: the setup steps and animation blocks when it
/// starts, the completion steps when their block ends. It sees only what an animator may touch:
/// the view tree and the animation timeline, which it changes; the transition it runs for, where
/// it records the views it names and hides; the other transitions' clocks (what their animations
/// show now) and the session time. What a step asks of the container (`completeTransition:`) it
/// returns as an `AnimatorEffect` for the world to perform, never calling navigation code
/// itself (`World.interpret` lends it the parts and takes them back).
///
/// Every error is a `SimulationError` at the pointer of the node that failed, relative to its
/// body; the world decides what an error means (a refused action, or a `step-failed` diagnostic
/// inside a completion).
struct AnimatorInterpreter {
    var tree: ViewTree
    var animations: AnimationTimeline
    var transition: Transition
    /// Every transition's record, read for the clocks of the animations in flight.
    let transitions: TransitionRecords
    let window: ViewID
    /// Session time (seconds).
    let now: Double
    /// The screen's iOS major version (SwiftUI's `Animation.default` depends on it).
    let iOS: Int

    /// Coordinates, sizes and transform entries an animator may produce (points); beyond this a
    /// spec is refused rather than carried into snapshots.
    static let animatorMagnitude = 1e7

    /// Whether the view is in the window's hierarchy.
    func isInWindow(_ id: ViewID) -> Bool {
        tree.isAttached(id, to: window)
    }

    /// The view as the screen shows it now: model values with the animations in flight applied.
    func presentation(of id: ViewID) -> ViewNode {
        animations.presentation(of: id, in: tree, at: now, clocks: transitions)
    }

    /// The rect of the container's bounds (all animator rects are in container coordinates).
    func containerBounds() -> Rect {
        Rect(origin: .zero, size: tree[transition.containerView].bounds.size)
    }

    /// The view a reference names, if it exists.
    func view(_ ref: ViewReference) -> ViewID? {
        let found: ViewID?
        switch ref {
        case .from: found = transition.fromView
        case .to: found = transition.toView
        case .container: found = transition.containerView
        case .source: found = transition.sourceView
        case .target: found = transition.targetView
        case .fromSubview(let path): found = tree.view(owner: transition.from, path: path)
        case .toSubview(let path): found = tree.view(owner: transition.to, path: path)
        case .named(let name): found = transition.named[name]
        }
        guard let id = found, tree.exists(id) else { return nil }
        return id
    }

    func resolve(_ ref: Located<ViewReference>) throws(SimulationError) -> ViewID {
        guard let id = view(ref.value) else {
            let hint: String
            switch ref.value {
            case .source, .target: hint = "the animator's \(ref.value)View parameter names no view"
            case .named: hint = "no view was made under that name before this step"
            case .fromSubview(let path): hint = "controller '\(transition.from)' has no view at path '\(path)'"
            case .toSubview(let path): hint = "controller '\(transition.to)' has no view at path '\(path)'"
            default: hint = "no such view"
            }
            throw SimulationError(ref.pointer, "view '\(ref.value)': \(hint)")
        }
        return id
    }

    /// A view's frame in the container's coordinates (`convertRect:fromView:` on model values).
    /// A view outside the container (the presenting view of a presentation) goes through the
    /// window; a detached view keeps its own frame.
    func frameInContainer(_ id: ViewID) -> Rect {
        if id == transition.containerView { return containerBounds() }
        let (rect, reached) = tree.frameInAncestor(id, stoppingAt: transition.containerView)
        guard reached == nil, isInWindow(id), isInWindow(transition.containerView) else { return rect }
        let (container, _) = tree.frameInAncestor(transition.containerView, stoppingAt: nil)
        return rect.offsetBy(dx: -container.minX, dy: -container.minY)
    }

    /// The inverse for a view's superview: a container rect in the superview's coordinates
    /// (translation and scale only; rotated superviews are not supported here). The superview's
    /// scale is its frame in the container over its bounds. When an ancestor's transform shrinks
    /// it to nothing (scale 0, or so small that the division leaves ±1e7 points), no frame in it
    /// lands on `rect`: UIKit's `convertRect:toView:` would invert a singular transform, which
    /// `CGAffineTransformInvert` documents as returning it unchanged, so the result has no
    /// meaning, and the division here would put infinite or NaN numbers in snapshots. Such a
    /// frame is refused at `pointer`, like any other animator geometry out of range.
    func rectInSuperview(_ rect: Rect, of id: ViewID, at pointer: String) throws(SimulationError) -> Rect {
        guard let parent = tree[id].parent, parent != transition.containerView else { return rect }
        let origin = frameInContainer(parent)
        let pn = tree[parent]
        let sx = pn.bounds.width > 0 ? origin.width / pn.bounds.width : 1
        let sy = pn.bounds.height > 0 ? origin.height / pn.bounds.height : 1
        let local = Rect(x: (rect.minX - origin.minX) / sx + pn.bounds.minX, y: (rect.minY - origin.minY) / sy + pn.bounds.minY,
                         width: rect.width / sx, height: rect.height / sy)
        try checkMagnitude([local.minX, local.minY, local.width, local.height],
                           "the frame in its superview (scaled \(sx) × \(sy) in the container)", at: pointer)
        return local
    }

    /// Names in expressions: `duration` (the transition's, once it has started; while the
    /// body's own duration is being worked out, a parameter of that name), `pi`, the animator's
    /// parameters, and view geometry such as `container.width` or `to.finalFrame.midX`.
    func lookup(_ name: Expression.Name) -> Double? {
        switch name {
        case .word(let word):
            if word == "duration", transition.id != .notStarted { return transition.duration }
            if let v = transition.parameters[word]?.numberValue { return v }
            return word == "pi" ? Double.pi : nil
        case .geometry(let geometry):
            guard let id = view(geometry.view) else { return nil }
            if geometry.property == .alpha { return tree[id].alpha }
            let bounds = containerBounds()
            let rect: Rect?
            switch geometry.frame {
            case .frame: rect = frameInContainer(id)
            case .finalFrame: rect = transition.finalFrame(of: id, container: bounds)
            case .initialFrame: rect = transition.initialFrame(of: id, container: bounds)
            }
            return rect.flatMap(geometry.property.of)
        }
    }

    /// The expression's value, its errors reported at `pointer`.
    func evaluate(_ e: Expression, at pointer: String) throws(SimulationError) -> Double {
        do throws(SimulationError) { return try e.evaluate { lookup($0) } } catch { throw SimulationError(pointer, error.reason) }
    }

    func evaluate(_ e: Located<Expression>) throws(SimulationError) -> Double {
        try evaluate(e.value, at: e.pointer)
    }

    func checkMagnitude(_ values: [Double], _ what: String, at pointer: String) throws(SimulationError) {
        for v in values where !(abs(v) <= Self.animatorMagnitude) {
            throw SimulationError(pointer, "\(what) has a value of \(v); animator geometry stays within ±\(Int(Self.animatorMagnitude))")
        }
    }

    func evaluate(_ r: Located<RectValue>, for view: ViewID) throws(SimulationError) -> Rect {
        let bounds = containerBounds()
        let rect: Rect
        switch r.value {
        case .finalFrame:
            guard let f = transition.finalFrame(of: view, container: bounds) else { throw SimulationError(r.pointer, "'final' is the frame of the from or to view only") }
            rect = f
        case .initialFrame:
            guard let f = transition.initialFrame(of: view, container: bounds) else { throw SimulationError(r.pointer, "'initial' is the frame of the from or to view only") }
            rect = f
        case .containerBounds: rect = bounds
        case .frameOf(let ref):
            rect = frameInContainer(try resolve(ref))
        case .explicit(let x, let y, let w, let h):
            rect = Rect(x: try evaluate(x), y: try evaluate(y), width: try evaluate(w), height: try evaluate(h))
        case .offset(let base, let dx, let dy):
            let r = try evaluate(base, for: view)
            rect = r.offsetBy(dx: try evaluate(dx), dy: try evaluate(dy))
        case .inset(let base, let top, let left, let bottom, let right):
            let r = try evaluate(base, for: view)
            rect = r.inset(by: EdgeInsets(top: try evaluate(top), left: try evaluate(left),
                                          bottom: try evaluate(bottom), right: try evaluate(right)))
        }
        try checkMagnitude([rect.minX, rect.minY, rect.width, rect.height], "the rect", at: r.pointer)
        return rect
    }

    /// A transform list's value; whatever goes wrong inside it is reported at the list.
    func evaluate(_ steps: Located<[TransformStep]>) throws(SimulationError) -> AffineTransform {
        func value(_ e: Located<Expression>) throws(SimulationError) -> Double { try evaluate(e.value, at: steps.pointer) }
        var result = AffineTransform.identity
        for step in steps.value {
            let next: AffineTransform
            switch step {
            case .scale(let sx, let sy): next = .scale(try value(sx), try value(sy))
            case .translate(let tx, let ty): next = .translation(try value(tx), try value(ty))
            case .rotate(let a): next = .rotation(try value(a))
            }
            result = result.concatenating(next)
        }
        try checkMagnitude([result.a, result.b, result.c, result.d, result.tx, result.ty], "the transform", at: steps.pointer)
        return result
    }

    /// A 3D transform list's value; whatever goes wrong inside it is reported at the list.
    func evaluate(_ steps: Located<[Transform3DStep]>) throws(SimulationError) -> Transform3D {
        func value(_ e: Located<Expression>) throws(SimulationError) -> Double { try evaluate(e.value, at: steps.pointer) }
        var result = Transform3D.identity
        for step in steps.value {
            let next: Transform3D
            switch step {
            case .perspective(let m34): next = .perspective(try value(m34))
            case .rotate(let a, let x, let y, let z):
                next = .rotation(angle: try value(a), x: try value(x), y: try value(y), z: try value(z))
            case .scale(let x, let y, let z): next = .scale(x: try value(x), y: try value(y), z: try value(z))
            case .translate(let x, let y, let z): next = .translation(x: try value(x), y: try value(y), z: try value(z))
            }
            result = result.concatenating(next)
        }
        try checkMagnitude(result.rowMajor, "the 3D transform", at: steps.pointer)
        return result
    }

    /// The model values a `PropertyChanges` assigns, as (property, value) pairs (`hidden` apart).
    func targetValues(_ c: PropertyChanges, view: ViewID) throws(SimulationError) -> [(AnimatedProperty, AnimatedValue)] {
        // Layer values first: a frame in the same change is placed with the new anchor point.
        var values = try layerTargetValues(c.layer)
        let node = tree[view]
        if let f = c.frame {
            if view == transition.containerView { throw SimulationError(f.pointer, "the container's frame belongs to UIKit") }
            let rect = try rectInSuperview(try evaluate(f, for: view), of: view, at: f.pointer)
            var anchor = node.layer.anchorPoint
            if let (_, value) = values.first(where: { $0.0 == .anchorPoint }), case .point(let p) = value { anchor = p }
            values.append((.center, .point(ViewGeometry.position(ofFrame: rect, anchorPoint: anchor))))
            values.append((.bounds, .rect(Rect(origin: node.bounds.origin, size: rect.size))))
        }
        if let center = c.center {
            let p = Point(x: try evaluate(center.value.x), y: try evaluate(center.value.y))
            try checkMagnitude([p.x, p.y], "the center", at: center.pointer)
            values.append((.center, .point(p)))
        }
        if let a = c.alpha {
            values.append((.alpha, .number(min(1, max(0, try evaluate(a))))))
        }
        if let steps = c.transform { values.append((.transform, .affine(try evaluate(steps)))) }
        if let steps = c.transform3D { values.append((.transform3D, .transform3D(try evaluate(steps)))) }
        if let color = c.backgroundColor { values.append((.backgroundColor, .color(color))) }
        return values
    }

    /// Runs one step on the views and animations; what it asks of the world (the container's
    /// `completeTransition:`, or a conditional's branch) it returns, for the world to perform.
    mutating func run(_ step: Step) throws(SimulationError) -> AnimatorEffect? {
        switch step {
        case .add(let ref, let placement):
            let view = try resolve(ref)
            guard view != transition.containerView, !tree.isDescendant(transition.containerView, of: view) else {
                throw SimulationError(ref.pointer, "cannot add '\(ref.value)' to the container it contains")
            }
            try place(view, placement)
        case .set(let changes):
            let view = try resolve(changes.view)
            for (property, value) in try targetValues(changes, view: view) {
                animations.removeAnimations(on: view) { $0.property == property || ($0.property == .transform3D && property == .transform) }
                tree[view].apply(value, to: property)
            }
            if let hidden = changes.hidden { setHidden(view, hidden) }
            if let corners = changes.layer.maskedCorners { tree[view].layer.maskedCorners = corners }
            if let clips = changes.layer.clipsToBounds { tree[view].layer.clipsToBounds = clips }
            if let doubleSided = changes.layer.isDoubleSided { tree[view].layer.isDoubleSided = doubleSided }
        case .remove(let ref):
            let view = try resolve(ref)
            guard view != transition.containerView else { throw SimulationError(ref.pointer, "the container belongs to UIKit") }
            tree.detach(view)
        case .dimming(let name, let frame, let color, let alpha, let placement, let keep):
            let rect = try evaluate(frame, for: transition.containerView)
            let id = try makeView(name, kind: "view", role: .dimming, frame: rect, keep: keep)
            tree[id].backgroundColor = color
            tree[id].alpha = min(1, max(0, try evaluate(alpha)))
            try place(id, placement)
        case .snapshot(let name, let of, let frame, let placement):
            let source = try resolve(of)
            let rect = try frame.map { (f) throws(SimulationError) in try evaluate(f, for: transition.containerView) } ?? frameInContainer(source)
            let id = try makeView(name, kind: "snapshot", role: .snapshot, frame: rect, keep: false)
            try copyAppearance(of: source, into: id, at: name.pointer)
            try place(id, placement)
        case .find(let name):
            guard transition.named[name.value] == nil else { throw SimulationError(name.pointer, "a view named '$\(name.value)' already exists") }
            let wanted = keptID(name.value)
            guard let found = tree[transition.containerView].children.first(where: { tree[$0].id == wanted && tree[$0].owner == nil }) else {
                throw SimulationError(name.pointer, "no view is kept in the container under the name '\(name.value)' (an earlier transition makes one with \"keep\": true)")
            }
            transition.named[name.value] = found
        case .transition(let tr):
            try runViewTransition(tr)
        case .conditional(let condition, let then, let otherwise):
            let holds = (condition == .cancelled) == transition.wasCancelled
            return .runBranch(holds ? then : otherwise)
        case .completeTransition(let argument):
            let value: Bool
            switch argument {
            case .notCancelled: value = !transition.wasCancelled
            case .constant(let b): value = b
            }
            return .completeTransition(didComplete: value)
        }
        return nil
    }

    /// The id of a view an animator keeps in a container under `name` (unique in the container).
    func keptID(_ name: String) -> String {
        "\(tree[transition.containerView].id).\(name)"
    }

    /// Makes a service view named `$name`. Kept views are named after the container and not
    /// reported as left behind; the others are named after the transition.
    mutating func makeView(_ located: Located<String>, kind: String, role: ViewRole, frame: Rect, keep: Bool) throws(SimulationError) -> ViewID {
        let name = located.value
        guard transition.named[name] == nil else { throw SimulationError(located.pointer, "a view named '$\(name)' already exists") }
        let id = keep ? keptID(name) : "\(transition.id).\(name)"
        if keep, tree[transition.containerView].children.contains(where: { tree[$0].id == id }) {
            throw SimulationError(located.pointer, "the container already keeps a view named '\(name)'")
        }
        let view: ViewID
        do throws(SimulationError) {
            view = try tree.create(ViewNode(id: id, kind: kind, owner: nil, path: id, role: role, frame: frame))
        } catch {
            throw SimulationError(located.pointer, "the session's view limit is reached")
        }
        transition.named[name] = view
        if !keep { transition.namedOrder.append(name) }
        return view
    }

    /// What `snapshotViewAfterScreenUpdates:` shows: the source's look, and copies of its subviews.
    /// Reaching the view limit on the way is reported at `pointer` (the snapshot's name).
    mutating func copyAppearance(of source: ViewID, into snapshot: ViewID, at pointer: String) throws(SimulationError) {
        let s = tree[source]
        tree[snapshot].image = s.image
        tree[snapshot].text = s.text
        if let size = s.fontSize { tree[snapshot].fontSize = size }
        tree[snapshot].backgroundColor = s.backgroundColor
        tree[snapshot].snapshotOf = tree.describe(source)
        // The image has the source's rounded corners, clipping and border (drawn inside its
        // bounds); its shadow, anchor point and z position are the source layer's own, not the image's.
        var look = LayerProperties.defaults
        (look.cornerRadius, look.maskedCorners, look.clipsToBounds) = (s.layer.cornerRadius, s.layer.maskedCorners, s.layer.clipsToBounds)
        (look.borderWidth, look.borderColor) = (s.layer.borderWidth, s.layer.borderColor)
        tree[snapshot].layer = look
        let prefix = tree[snapshot].path
        for child in s.children { try copySubtree(child, into: snapshot, prefix: prefix, depth: 0, at: pointer) }
    }

    private mutating func copySubtree(_ id: ViewID, into parent: ViewID, prefix: String, depth: Int, at pointer: String) throws(SimulationError) {
        guard depth < 32 else { return }
        let original = tree[id]
        let path = prefix + "/" + original.id
        var node = ViewNode(id: original.id, kind: original.kind, owner: nil, path: path, role: .snapshotContent, frame: .zero)
        node.bounds = original.bounds
        node.center = original.center
        node.transform = original.transform
        node.transform3D = original.transform3D
        node.alpha = original.alpha
        node.hidden = original.hidden
        node.backgroundColor = original.backgroundColor
        node.text = original.text
        node.image = original.image
        if let size = original.fontSize { node.fontSize = size }
        node.layer = original.layer
        let copy: ViewID
        do throws(SimulationError) { copy = try tree.create(node) } catch { throw SimulationError(pointer, "the session's view limit is reached") }
        tree.addSubview(copy, to: parent)
        for child in original.children { try copySubtree(child, into: copy, prefix: path, depth: depth + 1, at: pointer) }
    }

    mutating func setHidden(_ view: ViewID, _ hidden: Bool) {
        tree[view].hidden = hidden
        if hidden, !transition.hiddenByAnimator.contains(view) {
            transition.hiddenByAnimator.append(view)
        }
    }

    mutating func place(_ view: ViewID, _ placement: Placement) throws(SimulationError) {
        switch placement {
        case .top:
            tree.addSubview(view, to: transition.containerView)
        case .above(let ref), .below(let ref):
            let sibling = try resolve(ref)
            guard sibling != view else { throw SimulationError(ref.pointer, "a view can't be placed relative to itself") }
            if case .above = placement {
                tree.insertSubview(view, in: transition.containerView, relativeTo: sibling, above: true)
            } else {
                tree.insertSubview(view, in: transition.containerView, relativeTo: sibling, above: false)
            }
        }
    }

    /// The timing a block or view transition uses: the parameter a `"@name"` curve names, with
    /// the expressions inside it evaluated, decoded for `duration` (UIKit-style springs need it),
    /// and how long it runs: `duration`, except for springs that define their own duration
    /// (mass/stiffness/damping, response, duration/bounce, system), which run until they settle,
    /// as UIViewPropertyAnimator ignores the duration given with such spring parameters.
    func resolveTiming(_ spec: CurveSpec, duration: Double) throws(SimulationError) -> (curve: TimingCurve, duration: Double) {
        let pointer = spec.pointer
        var json = spec.json
        if let name = spec.parameter {
            guard let value = transition.parameters[name] else { throw SimulationError(pointer, "no parameter '\(name)'") }
            json = value
        }
        if json.objectValue != nil || json.arrayValue != nil {
            var nodes = 0
            var found: [(String, Expression)] = []
            try CurveSpec.collect(json, at: pointer, depth: 0, nodes: &nodes, into: &found)
            json = try CurveSpec.substitute(json, depth: 0) { (e) throws(SimulationError) in try evaluate(e, at: pointer) }
        }
        var decoded = try TimingCurve.decode(json, duration: max(duration, 0.01), iOS: iOS, at: pointer)
        if let velocity = transition.springVelocity, case .spring(var spring) = decoded.curve, decoded.naturalDuration != nil {
            spring.initialVelocity = velocity
            decoded = (.spring(spring), spring.settlingDuration)
        }
        guard let natural = decoded.naturalDuration else { return (decoded.curve, duration) }
        guard natural.isFinite, natural <= 600 else { throw SimulationError(pointer, "this spring takes \(natural) s to settle; at most 600") }
        return (decoded.curve, natural)
    }

    func blockTiming(delay: Located<Expression>?, duration: Located<Expression>) throws(SimulationError) -> (delay: Double, duration: Double) {
        let d = try delay.map { (e) throws(SimulationError) in try evaluate(e) } ?? 0
        let length = try evaluate(duration)
        if let delay, !(0...600).contains(d) { throw SimulationError(delay.pointer, "must be between 0 and 600 seconds, got \(d)") }
        guard length >= 0, length <= 600 else { throw SimulationError(duration.pointer, "must be between 0 and 600 seconds, got \(length)") }
        return (d, length)
    }

    /// Issues one `UIView.animate` (or `animateKeyframes`) block at the transition's current τ.
    mutating func animate(_ block: AnimationBlock) throws(SimulationError) {
        let tau = transition.timeline.tau(at: now)
        let (delay, written) = try blockTiming(delay: block.delay, duration: block.duration)
        let (curve, duration) = try resolveTiming(block.curve, duration: written)
        let begin = tau + delay
        let base = PropertyAnimation(property: .alpha, from: .number(0), to: .number(0), transition: transition.id, begin: begin,
                                     duration: duration, curve: curve, path: .direct, outlivesTransition: block.outlivesTransition)
        if block.keyframes.isEmpty {
            for change in block.changes {
                let view = try resolve(change.view)
                let values = try targetValues(change, view: view)
                let shown = presentation(of: view)
                for (property, value) in values {
                    let from = shown.value(of: property)
                    animations.removeAnimations(on: view) { $0.property == property }
                    tree[view].apply(value, to: property)
                    guard from != value else { continue }
                    var a = base
                    a.property = property
                    a.from = from
                    a.to = value
                    animations.install(a, on: view)
                }
            }
        } else {
            try animateKeyframes(block, base: base)
        }
        animations.schedule(block.completion.value, transition: transition.id, endTau: begin + duration)
    }

    /// `animateKeyframes`: per view and property, a track through the keyframes' values, each
    /// keyframe holding the previous value until its relative start and reaching its own value
    /// at start + duration (linear, cubic), or switching to it at its start (discrete). The
    /// block's curve shapes the progress of the whole, as UIKit's option curve does.
    mutating func animateKeyframes(_ block: AnimationBlock, base: PropertyAnimation) throws(SimulationError) {
        struct Track { var view: ViewID; var property: AnimatedProperty; var keys: [KeyframeKey] }
        var tracks: [Track] = []
        var windows: [(start: Double, length: Double, index: Int)] = []
        for (k, keyframe) in block.keyframes.enumerated() {
            let start = try evaluate(keyframe.start)
            let length = try evaluate(keyframe.duration)
            guard (0...1).contains(start) else { throw SimulationError(keyframe.start.pointer, "a relative start time is between 0 and 1, got \(start)") }
            guard (0...1).contains(length), start + length <= 1 + 1e-9 else {
                throw SimulationError(keyframe.duration.pointer, "a relative duration is between 0 and 1 - start, got \(length)")
            }
            windows.append((start, min(length, 1 - start), k))
        }
        // Keyframes apply in the order of their start times (ties: as written).
        windows.sort { $0.start < $1.start || ($0.start == $1.start && $0.index < $1.index) }
        for w in windows {
            let keyframe = block.keyframes[w.index]
            for change in keyframe.changes {
                let view = try resolve(change.view)
                let values = try targetValues(change, view: view)
                for (property, value) in values {
                    let n = tracks.firstIndex { $0.view == view && $0.property == property } ?? {
                        tracks.append(Track(view: view, property: property,
                                            keys: [KeyframeKey(time: 0, value: presentation(of: view).value(of: property))]))
                        return tracks.count - 1
                    }()
                    let last = tracks[n].keys[tracks[n].keys.count - 1]
                    let start = max(w.start, last.time)
                    let end = max(start, w.start + w.length)
                    if block.calculationMode == .discrete {
                        tracks[n].keys.append(KeyframeKey(time: start, value: value))
                    } else {
                        if start > last.time { tracks[n].keys.append(KeyframeKey(time: start, value: last.value)) }
                        tracks[n].keys.append(KeyframeKey(time: end, value: value))
                    }
                }
            }
        }
        for track in tracks {
            let final = track.keys[track.keys.count - 1].value
            animations.removeAnimations(on: track.view) { $0.property == track.property }
            tree[track.view].apply(final, to: track.property)
            var a = base
            a.property = track.property
            a.from = track.keys[0].value
            a.to = final
            a.path = .keyframes(track.keys, block.calculationMode)
            animations.install(a, on: track.view)
        }
    }

    /// `transitionFromView:toView:duration:options:completion:`. The model is untouched apart
    /// from the views' places (Core Animation plays the transition on the layers): the to view
    /// goes into the from view's superview (on top; below the from view for a curl up), the
    /// from view leaves it when the transition ends, then the completion runs.
    mutating func runViewTransition(_ tr: ViewTransitionStep) throws(SimulationError) {
        let from = try resolve(tr.from)
        let to = try resolve(tr.to)
        guard from != to else { throw SimulationError(tr.to.pointer, "the from and to views are the same view") }
        guard let superview = tree[from].parent else {
            throw SimulationError(tr.from.pointer, "'\(tr.from.value)' has no superview: transitionFromView puts the to view in the from view's superview")
        }
        guard !tree.isDescendant(superview, of: to) else { throw SimulationError(tr.to.pointer, "'\(tr.to.value)' contains the from view's superview") }
        let (_, written) = try blockTiming(delay: nil, duration: tr.duration)
        let (curve, duration) = try resolveTiming(tr.curve, duration: written)
        let m34 = try evaluate(tr.perspective)
        guard abs(m34) <= 1 else { throw SimulationError(tr.perspective.pointer, "m34 is a small number such as -1/500, got \(m34)") }
        if tr.kind == .curlUp {
            tree.insertSubview(to, in: superview, relativeTo: from, above: false)
        } else {
            tree.addSubview(to, to: superview)
        }
        let begin = transition.timeline.tau(at: now)
        var base = PropertyAnimation(property: .transform3D, from: .number(0), to: .number(0), transition: transition.id, begin: begin,
                                     duration: duration, curve: curve)
        func rotation(_ view: ViewID, axis: (Double, Double, Double), angles: (Double, Double), window: (Double, Double),
                      hinge: Point, m34: Double) -> PropertyAnimation {
            let path = RotationPath(axisX: axis.0, axisY: axis.1, axisZ: axis.2, startAngle: angles.0, endAngle: angles.1,
                                    windowStart: window.0, windowEnd: window.1, hinge: hinge, m34: m34)
            var a = base
            a.property = .transform3D
            a.from = .transform3D(path.transform(atProgress: 0))
            a.to = tree[view].value(of: .transform3D)
            a.path = .rotation(path)
            return a
        }
        switch tr.kind {
        case .flipFromLeft, .flipFromRight:
            // The from view turns edge-on in the first half, the to view turns in from the other
            // side in the second; from the left, the left edge comes toward the viewer.
            let sign = tr.kind == .flipFromLeft ? 1.0 : -1.0
            animations.install(rotation(from, axis: (0, 1, 0), angles: (0, sign * .pi / 2), window: (0, 0.5), hinge: .zero, m34: m34), on: from)
            animations.install(rotation(to, axis: (0, 1, 0), angles: (-sign * .pi / 2, 0), window: (0.5, 1), hinge: .zero, m34: m34), on: to)
        case .curlUp:
            // The from view folds up about its top edge until it stands edge-on (orthographic).
            let hinge = Point(x: 0, y: -tree[from].bounds.height / 2)
            animations.install(rotation(from, axis: (1, 0, 0), angles: (0, .pi / 2), window: (0, 1), hinge: hinge, m34: 0), on: from)
        case .curlDown:
            // The to view unfolds down from its top edge.
            let hinge = Point(x: 0, y: -tree[to].bounds.height / 2)
            animations.install(rotation(to, axis: (1, 0, 0), angles: (.pi / 2, 0), window: (0, 1), hinge: hinge, m34: 0), on: to)
        case .crossDissolve:
            base.property = .alpha
            let fromAlpha = tree[from].alpha, toAlpha = tree[to].alpha
            var out = base
            out.from = .number(fromAlpha)
            out.to = .number(fromAlpha)
            out.path = .keyframes([KeyframeKey(time: 0, value: .number(fromAlpha)), KeyframeKey(time: 1, value: .number(0))], .linear)
            animations.install(out, on: from)
            var into = base
            into.from = .number(0)
            into.to = .number(toAlpha)
            into.path = .keyframes([KeyframeKey(time: 0, value: .number(0)), KeyframeKey(time: 1, value: .number(toAlpha))], .linear)
            animations.install(into, on: to)
        }
        animations.schedule([tr.removal] + tr.completion.value, transition: transition.id, endTau: begin + duration)
    }
}
