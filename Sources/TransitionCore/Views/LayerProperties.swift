import JSONCodec

/// The `CALayer` properties a view spec, an animator and a snapshot may name beyond UIView's own
/// geometry, colour and alpha. Every default is CALayer's (docs/semantics.md § Layer properties),
/// and a view whose layer properties are all defaults is reported exactly as before they existed:
/// a snapshot carries a layer member only when it differs from its default.
public struct LayerProperties: Sendable, Equatable {
    /// Radius of the rounded corners of the background and border, points (CALayer: 0).
    public var cornerRadius: Double = 0
    /// The corners `cornerRadius` rounds (CALayer: all four).
    public var maskedCorners: CornerMask = .all
    /// `clipsToBounds` / `masksToBounds`: subviews are cut to the bounds (CALayer: false).
    public var clipsToBounds = false
    /// Width of the border drawn inside the bounds, points (CALayer: 0).
    public var borderWidth: Double = 0
    /// CALayer: opaque black.
    public var borderColor: Color = .black
    /// Opacity of the shadow, 0…1 (CALayer: 0, no shadow).
    public var shadowOpacity: Double = 0
    /// Blur radius of the shadow, points (CALayer: 3).
    public var shadowRadius: Double = 3
    /// Offset of the shadow, points, y down as UIKit's coordinates (CALayer: (0, −3), i.e. up).
    public var shadowOffset: Size = Size(width: 0, height: -3)
    /// CALayer: opaque black.
    public var shadowColor: Color = .black
    /// The point of the bounds, in unit coordinates, that `center` (the layer's `position`)
    /// places and that the transform turns and scales about (CALayer: (0.5, 0.5)).
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// Position on the z axis, points: only the drawing order among siblings here, higher in
    /// front (CALayer: 0).
    public var zPosition: Double = 0
    /// When false, the layer's own content is not drawn while its transform turns it away from
    /// the viewer (CALayer: true).
    public var isDoubleSided = true

    public init() {}

    /// CALayer's defaults.
    public static let defaults = LayerProperties()
}

/// An immutable set of layer properties on the heap: most views keep the defaults and store
/// nothing, so a view node stays as small as before layer properties existed.
@usableFromInline final class LayerStorage: Sendable, Equatable {
    @usableFromInline let value: LayerProperties
    @usableFromInline init(_ value: LayerProperties) { self.value = value }
    @usableFromInline static func == (a: LayerStorage, b: LayerStorage) -> Bool { a.value == b.value }
}

extension ViewNode {
    /// UIKit's `layer.anchorPoint` etc. Setting them does not move `center` (the layer's
    /// `position`), so a new anchor point moves the frame, as in Core Animation.
    var layer: LayerProperties {
        get { layerStorage?.value ?? .defaults }
        set { layerStorage = newValue == .defaults ? nil : LayerStorage(newValue) }
    }

    /// Sets the layer properties of a view spec: the spec's frame is the frame the view shows, so
    /// the position moves with the anchor point (as if the anchor point were set before the frame).
    mutating func setLayerKeepingFrame(_ properties: LayerProperties) {
        let frame = self.frame
        layer = properties
        self.frame = frame
    }
}

extension LayerProperties {
    /// The members of a view spec or an animator's change that name layer properties.
    public static let keys = ["cornerRadius", "maskedCorners", "clipsToBounds", "borderWidth", "borderColor", "shadowOpacity", "shadowRadius",
                       "shadowOffset", "shadowColor", "anchorPoint", "zPosition", "isDoubleSided"]

    /// Reads the layer members of a view spec (absent members keep their defaults).
    static func decode(_ r: inout SpecReader) throws(SimulationError) -> LayerProperties {
        var p = LayerProperties()
        let changes = try LayerChanges.decode(&r)
        changes.apply(to: &p)
        return p
    }
}

/// Layer properties set by a spec or an animator's change: nil where a member is absent.
struct LayerChanges: Sendable, Equatable {
    var cornerRadius: Double?
    var maskedCorners: CornerMask?
    var clipsToBounds: Bool?
    var borderWidth: Double?
    var borderColor: Color?
    var shadowOpacity: Double?
    var shadowRadius: Double?
    var shadowOffset: Size?
    var shadowColor: Color?
    var anchorPoint: Point?
    var zPosition: Double?
    var isDoubleSided: Bool?

    init() {}

    /// The members Core Animation switches at once rather than animating (booleans and the
    /// corner mask): an animation block refuses them, as it refuses `hidden`.
    static let switched = ["maskedCorners", "clipsToBounds", "isDoubleSided"]

    /// Lengths (radii, widths, offsets, z) stay within ±10⁶ points like frames.
    static let bound = 1e6

    static func decode(_ r: inout SpecReader) throws(SimulationError) -> LayerChanges {
        var c = LayerChanges()
        c.cornerRadius = try r.number("cornerRadius", in: 0...bound)
        if let v = r.value("maskedCorners") { c.maskedCorners = try CornerMask.decode(v, at: r.path("maskedCorners")) }
        c.clipsToBounds = try r.bool("clipsToBounds")
        c.borderWidth = try r.number("borderWidth", in: 0...bound)
        c.borderColor = try color(&r, "borderColor")
        c.shadowOpacity = try r.number("shadowOpacity", in: 0...1)
        c.shadowRadius = try r.number("shadowRadius", in: 0...bound)
        if let v = r.value("shadowOffset") {
            var o = try SpecReader(v, at: r.path("shadowOffset"))
            c.shadowOffset = Size(width: try o.requiredNumber("width", in: -bound...bound), height: try o.requiredNumber("height", in: -bound...bound))
            try o.finish()
        }
        c.shadowColor = try color(&r, "shadowColor")
        if let v = r.value("anchorPoint") {
            // Unit coordinates; Core Animation accepts points outside the bounds too.
            var a = try SpecReader(v, at: r.path("anchorPoint"))
            c.anchorPoint = Point(x: try a.requiredNumber("x", in: -1000...1000), y: try a.requiredNumber("y", in: -1000...1000))
            try a.finish()
        }
        c.zPosition = try r.number("zPosition", in: -bound...bound)
        c.isDoubleSided = try r.bool("isDoubleSided")
        return c
    }

    private static func color(_ r: inout SpecReader, _ key: String) throws(SimulationError) -> Color? {
        guard let text = try r.string(key, maxLength: 9) else { return nil }
        guard let parsed = ViewSpec.parseColor(text) else { throw SimulationError(r.path(key), "expected #rrggbb or #rrggbbaa") }
        return parsed
    }

    var isEmpty: Bool { self == LayerChanges() }

    func apply(to p: inout LayerProperties) {
        if let v = cornerRadius { p.cornerRadius = v }
        if let v = maskedCorners { p.maskedCorners = v }
        if let v = clipsToBounds { p.clipsToBounds = v }
        if let v = borderWidth { p.borderWidth = v }
        if let v = borderColor { p.borderColor = v }
        if let v = shadowOpacity { p.shadowOpacity = v }
        if let v = shadowRadius { p.shadowRadius = v }
        if let v = shadowOffset { p.shadowOffset = v }
        if let v = shadowColor { p.shadowColor = v }
        if let v = anchorPoint { p.anchorPoint = v }
        if let v = zPosition { p.zPosition = v }
        if let v = isDoubleSided { p.isDoubleSided = v }
    }
}
