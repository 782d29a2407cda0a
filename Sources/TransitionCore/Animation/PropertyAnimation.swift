/// The view properties UIKit can animate, as this simulation stores them.
public enum AnimatedProperty: Int, Sendable, CaseIterable {
    case center, bounds, alpha, transform, transform3D, backgroundColor
}

/// A value of one animated property.
public enum AnimatedValue: Sendable, Equatable {
    case number(Double)
    case point(Point)
    case rect(Rect)
    case affine(AffineTransform)
    case transform3D(Transform3D)
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
}

/// One property moving from `from` to `to` on a transition's timeline: what Core Animation
/// adds to the layer when a `UIView.animate` block changes a property.
public struct PropertyAnimation: Sendable, Equatable {
    public var property: AnimatedProperty
    public var from: AnimatedValue
    public var to: AnimatedValue
    /// The transition whose timeline drives it.
    public var transition: Int
    /// τ at which it starts (after its delay), seconds.
    public var begin: Double
    public var duration: Double
    public var curve: TimingCurve

    public var end: Double { begin + duration }

    /// The presentation value at animation time τ. Before the start (a delay) the layer shows
    /// the old value, as UIKit's backwards fill does; at and after the end the model value.
    public func value(atTau tau: Double) -> AnimatedValue {
        if tau <= begin { return duration > 0 ? from : to }
        if tau >= end { return to }
        return from.interpolate(to: to, fraction: curve.value(at: tau - begin, duration: duration))
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
        }
    }

    mutating func apply(_ value: AnimatedValue, to property: AnimatedProperty) {
        switch (property, value) {
        case (.center, .point(let p)): center = p
        case (.bounds, .rect(let r)): bounds = r
        case (.alpha, .number(let a)): alpha = a
        case (.transform, .affine(let t)): transform = t
        case (.transform3D, .transform3D(let t)): transform3D = t
        case (.backgroundColor, .color(let c)): backgroundColor = c
        default: break
        }
    }
}
