/// The view properties UIKit can animate, as this simulation stores them.
enum AnimatedProperty: Int, Sendable, CaseIterable {
    case center, bounds, alpha, transform, transform3D, backgroundColor
    /// Layer properties (LayerProperties), animatable as Core Animation animates them.
    case cornerRadius, borderWidth, borderColor, shadowOpacity, shadowRadius, shadowOffset, shadowColor, anchorPoint, zPosition
}

/// A value of one animated property.
enum AnimatedValue: Sendable, Equatable {
    case number(Double)
    case point(Point)
    case rect(Rect)
    case affine(AffineTransform)
    /// Out of line (indirect): 128 bytes inline would make every value, and every animation
    /// holding two, that much larger, for the few animations that turn in 3D.
    indirect case transform3D(Transform3D)
    case color(Color)

    func interpolate(to end: AnimatedValue, fraction f: Double) -> AnimatedValue {
        switch (self, end) {
        case (.number(let a), .number(let b)): .number(a.interpolate(to: b, fraction: f))
        case (.point(let a), .point(let b)): .point(a.interpolate(to: b, fraction: f))
        case (.rect(let a), .rect(let b)): .rect(a.interpolate(to: b, fraction: f))
        case (.affine(let a), .affine(let b)): .affine(a.interpolate(to: b, fraction: f))
        case (.transform3D(let a), .transform3D(let b)): .transform3D(a.interpolate(to: b, fraction: f))
        case (.color(let a), .color(let b)): .color(a.interpolate(to: b, fraction: f))
        default: f < 1 ? self : end
        }
    }

    /// The value's numbers, for splines (nil for 3D transforms, which interpolate by decomposition).
    var components: [Double]? {
        switch self {
        case .number(let n): [n]
        case .point(let p): [p.x, p.y]
        case .rect(let r): [r.minX, r.minY, r.width, r.height]
        case .affine(let t): [t.a, t.b, t.c, t.d, t.tx, t.ty]
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        case .transform3D: nil
        }
    }

    /// A value of the same kind as `self` made of `c` (as many numbers as `components`).
    func with(components c: [Double]) -> AnimatedValue {
        switch self {
        case .number: .number(c[0])
        case .point: .point(Point(x: c[0], y: c[1]))
        case .rect: .rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .affine: .affine(AffineTransform(a: c[0], b: c[1], c: c[2], d: c[3], tx: c[4], ty: c[5]))
        case .color: .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .transform3D: self
        }
    }
}

/// One key of a keyframe track: a value at a fraction of the animation's progress.
struct KeyframeKey: Sendable, Equatable {
    var time: Double
    var value: AnimatedValue
}

/// A rotation about an axis through `hinge` (an offset from the layer's anchor point, in points),
/// from `startAngle` to `endAngle` while the animation's progress goes from `window.start` to
/// `window.end`, seen with perspective m34. This is how `transitionFromView:` flips and curls
/// move (see docs/animators.md): exactly, with no matrix interpolation in between.
struct RotationPath: Sendable, Equatable {
    var axisX: Double, axisY: Double, axisZ: Double
    var startAngle: Double
    var endAngle: Double
    var windowStart: Double
    var windowEnd: Double
    var hinge: Point
    var m34: Double

    func angle(atProgress p: Double) -> Double {
        let span = windowEnd - windowStart
        let local = span > 0 ? min(1, max(0, (p - windowStart) / span)) : (p >= windowEnd ? 1 : 0)
        return startAngle + (endAngle - startAngle) * local
    }

    func transform(atProgress p: Double) -> Transform3D {
        Transform3D.translation(x: -hinge.x, y: -hinge.y, z: 0)
            .concatenating(.rotation(angle: angle(atProgress: p), x: axisX, y: axisY, z: axisZ))
            .concatenating(.translation(x: hinge.x, y: hinge.y, z: 0))
            .concatenating(.perspective(m34))
    }
}

/// How an animation gets from its first value to its last.
enum AnimationPath: Sendable, Equatable {
    /// `from` → `to` along the curve (a `UIView.animate` block).
    case direct
    /// Through keys at fractions of the curved progress (`animateKeyframes`, crossDissolve).
    case keyframes([KeyframeKey], KeyframeCalculationMode)
    /// `from` → `to` at the fraction a timing function gives for the curved progress: a value
    /// UIKit sets frame by frame from its progress through a `CAMediaTimingFunction` (the bar's
    /// fades, `_solveForInput:`). A knee first maps the progress to the change's, for a change
    /// that goes on from where an interrupted one left it.
    case eased(CubicBezier, knee: NavigationBarTransition.Knee?)
    /// A 3D rotation computed at each instant (flips and curls).
    case rotation(RotationPath)
}

/// One property moving from `from` to `to` on a transition's timeline: what Core Animation
/// adds to the layer when a `UIView.animate` block changes a property.
struct PropertyAnimation: Sendable, Equatable {
    var property: AnimatedProperty
    var from: AnimatedValue
    /// The value once the animation is over: the model value.
    var to: AnimatedValue
    /// The transition whose timeline drives it; nil for a motion that belongs to no transition
    /// (a sheet moving to another detent), which runs on the session clock: its τ is session time.
    var transition: TransitionID?
    /// τ at which it starts (after its delay), seconds.
    var begin: Double
    var duration: Double
    var curve: TimingCurve
    var path: AnimationPath = .direct
    /// Its block declared that it may outlive the transition (`outlivesTransition`).
    var outlivesTransition = false

    var end: Double { begin + duration }

    /// The presentation value at animation time τ of the animation `a` points to. Before the
    /// start (a delay) the layer shows the old value, as UIKit's backwards fill does; at and after
    /// the end the model value.
    ///
    /// Read through a pointer, field by field: a method called on an array's element (or a
    /// pointer's `pointee`) copies the whole animation first, about 370 bytes with a retain and
    /// release of every reference in it, more than the evaluation costs.
    static func value(of a: UnsafePointer<PropertyAnimation>, atTau tau: Double) -> AnimatedValue {
        let begin = a.pointee.begin, duration = a.pointee.duration
        if tau <= begin { return duration > 0 ? a.pointee.start : a.pointee.to }
        if tau >= begin + duration { return a.pointee.to }
        let p = a.pointee.curve.value(at: tau - begin, duration: duration)
        switch a.pointee.path {
        case .direct:
            let value = a.pointee.from.interpolate(to: a.pointee.to, fraction: p)
            // A spring overshoots; opacity stays within 0…1 as Core Animation renders it.
            if a.pointee.property == .alpha, case .number(let n) = value { return .number(min(1, max(0, n))) }
            return value
        case .keyframes(let keys, let mode):
            return sample(keys, mode: mode, at: min(1, max(0, p)))
        case .eased(let ease, let knee):
            let r = min(1, max(0, p))
            return a.pointee.from.interpolate(to: a.pointee.to, fraction: ease.solve(knee?.progress(atRun: r) ?? r))
        case .rotation(let r):
            return .transform3D(r.transform(atProgress: min(1, max(0, p))))
        }
    }

    /// What it shows before it starts: `from`, or for an eased path that goes on from part way
    /// (a knee), the value there.
    var start: AnimatedValue {
        guard case .eased(let ease, let knee?) = path else { return from }
        return from.interpolate(to: to, fraction: ease.solve(knee.progress(atRun: 0)))
    }

    /// The keys re-timed so that equal distances take equal time (values without components
    /// keep their times).
    static func pacedKeys(_ keys: [KeyframeKey]) -> [KeyframeKey] {
        let points = keys.compactMap { $0.value.components }
        guard points.count == keys.count, keys.count > 1 else { return keys }
        var cumulative = [0.0]
        for i in 1..<points.count {
            let step = zip(points[i - 1], points[i]).map { ($1 - $0) * ($1 - $0) }.reduce(0, +).squareRoot()
            cumulative.append(cumulative[i - 1] + step)
        }
        guard let total = cumulative.last, total > 0 else { return keys }
        return keys.indices.map { i in
            var key = keys[i]
            key.time = cumulative[i] / total
            return key
        }
    }

    /// The track's value at progress `p` (0…1).
    static func sample(_ keys: [KeyframeKey], mode: KeyframeCalculationMode, at p: Double) -> AnimatedValue {
        guard let first = keys.first else { return .number(0) }
        if mode == .paced { return sample(pacedKeys(keys), mode: .linear, at: p) }
        if mode == .cubicPaced { return CubicPaced.sample(keys, at: p) }
        // The last key at or before p.
        var i = 0
        while i + 1 < keys.count, keys[i + 1].time <= p { i += 1 }
        if mode == .discrete || i + 1 == keys.count { return keys[i].value }
        let a = keys[i], b = keys[i + 1]
        let span = b.time - a.time
        let s = span > 0 ? (p - a.time) / span : 1
        if mode == .cubic, let pa = a.value.components, let pb = b.value.components {
            let before = i > 0 ? keys[i - 1] : a
            let after = i + 2 < keys.count ? keys[i + 2] : b
            guard let pm = before.value.components, let pn = after.value.components,
                  pm.count == pa.count, pn.count == pa.count, pb.count == pa.count else { return a.value.interpolate(to: b.value, fraction: s) }
            // Cardinal (Catmull-Rom) tangents from the neighbouring keys, over their times.
            func tangent(_ prev: [Double], _ next: [Double], _ dt: Double) -> [Double] {
                dt > 0 ? zip(prev, next).map { ($1 - $0) / dt } : Array(repeating: 0, count: prev.count)
            }
            let ma = tangent(pm, pb, b.time - before.time)
            let mb = tangent(pa, pn, after.time - a.time)
            let s2 = s * s, s3 = s2 * s
            let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
            var out: [Double] = []
            for k in pa.indices {
                out.append(h00 * pa[k] + h10 * span * ma[k] + h01 * pb[k] + h11 * span * mb[k])
            }
            return first.value.with(components: out)
        }
        return a.value.interpolate(to: b.value, fraction: s)
    }
}

extension ViewNode {
    func value(of property: AnimatedProperty) -> AnimatedValue {
        switch property {
        case .center: .point(center)
        case .bounds: .rect(bounds)
        case .alpha: .number(alpha)
        case .transform: .affine(transform)
        case .transform3D: .transform3D(transform3D ?? Transform3D(transform))
        case .backgroundColor: .color(backgroundColor ?? Color(red: 0, green: 0, blue: 0, alpha: 0))
        case .cornerRadius: .number(layer.cornerRadius)
        case .borderWidth: .number(layer.borderWidth)
        case .borderColor: .color(layer.borderColor)
        case .shadowOpacity: .number(layer.shadowOpacity)
        case .shadowRadius: .number(layer.shadowRadius)
        case .shadowOffset: .point(Point(x: layer.shadowOffset.width, y: layer.shadowOffset.height))
        case .shadowColor: .color(layer.shadowColor)
        case .anchorPoint: .point(layer.anchorPoint)
        case .zPosition: .number(layer.zPosition)
        }
    }
}

extension PresentationValues {
    /// Sets `property` to `value` as the screen shows it.
    mutating func apply(_ value: AnimatedValue, to property: AnimatedProperty) {
        switch (property, value) {
        case (.center, .point(let p)): center = p
        case (.bounds, .rect(let r)): bounds = r
        case (.alpha, .number(let a)): alpha = a
        case (.transform, .affine(let t)):
            // UIKit's `transform` is the layer's transform: setting it replaces a 3D one.
            transform = t
            transform3D = nil
        case (.transform3D, .transform3D(let t)):
            // A 3D value that is the view's own affine transform is no 3D transform at all
            // (an animation that ended at identity leaves none behind).
            if let affine = t.affine, affine == transform { transform3D = nil } else { transform3D = t }
        case (.backgroundColor, .color(let c)): backgroundColor = c
        // A spring's overshoot is kept within what Core Animation renders: no negative radius,
        // width or blur, opacity within 0…1.
        case (.cornerRadius, .number(let v)): layer.cornerRadius = max(0, v)
        case (.borderWidth, .number(let v)): layer.borderWidth = max(0, v)
        case (.borderColor, .color(let c)): layer.borderColor = c
        case (.shadowOpacity, .number(let v)): layer.shadowOpacity = min(1, max(0, v))
        case (.shadowRadius, .number(let v)): layer.shadowRadius = max(0, v)
        case (.shadowOffset, .point(let p)): layer.shadowOffset = Size(width: p.x, height: p.y)
        case (.shadowColor, .color(let c)): layer.shadowColor = c
        // The anchor point moves the frame, not `center` (the layer's position), as in Core Animation.
        case (.anchorPoint, .point(let p)): layer.anchorPoint = p
        case (.zPosition, .number(let v)): layer.zPosition = v
        default: break
        }
    }
}
