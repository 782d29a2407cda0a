/// Index of a view in its `ViewTree`'s storage. Stable for the view's lifetime.
struct ViewID: Sendable, Hashable, Comparable {
    let raw: Int32
    init(_ raw: Int32) { self.raw = raw }
    static func < (a: ViewID, b: ViewID) -> Bool { a.raw < b.raw }
}

/// An RGBA colour, components in 0…1 (UIColor's device RGB).
public struct Color: Sendable, Hashable, Interpolatable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public static let black = Color(red: 0, green: 0, blue: 0)
    static let white = Color(red: 1, green: 1, blue: 1)

    public func interpolate(to e: Color, fraction f: Double) -> Color {
        Color(red: red.interpolate(to: e.red, fraction: f), green: green.interpolate(to: e.green, fraction: f),
              blue: blue.interpolate(to: e.blue, fraction: f), alpha: alpha.interpolate(to: e.alpha, fraction: f))
    }
}

/// One view's model values: what UIKit's `UIView` properties read when no animation is in flight.
/// Geometry is stored the way UIKit stores it — `bounds` and `center` (the anchor point's
/// position in the superview) plus `transform` — and `frame` is derived.
struct ViewNode: Sendable, Equatable {
    /// Names, path, text and image: shared with the view's copies and snapshots (ViewIdentity.swift).
    private(set) var identityStorage: IdentityStorage
    var identity: ViewIdentity {
        get { identityStorage.value }
        set { identityStorage = IdentityStorage(newValue) }
    }
    var id: String {
        get { identityStorage.value.id }
        set { identity.id = newValue }
    }
    var kind: String { identityStorage.value.kind }
    var owner: ControllerID? { identityStorage.value.owner }
    var path: String {
        get { identityStorage.value.path }
        set { identity.path = newValue }
    }
    var role: ViewRole? { identityStorage.value.role }
    var text: String? {
        get { identityStorage.value.text }
        set { identity.text = newValue }
    }
    var image: String? {
        get { identityStorage.value.image }
        set { identity.image = newValue }
    }
    var fontSize: Double? {
        get { identityStorage.value.fontSize }
        set { identity.fontSize = newValue }
    }
    var snapshotOf: String? {
        get { identityStorage.value.snapshotOf }
        set { identity.snapshotOf = newValue }
    }

    var parent: ViewID?
    var children: [ViewID] = []

    var bounds: Rect
    var center: Point
    var transform: AffineTransform = .identity
    /// Set when the view carries a 3D layer transform (flips); takes precedence over `transform`.
    var transform3D: Transform3D? {
        get { transform3DStorage?.value }
        set { transform3DStorage = newValue.map(Transform3DStorage.init) }
    }
    /// Out of line: few views ever carry one, and inline it would make every node 121 bytes larger.
    private(set) var transform3DStorage: Transform3DStorage?
    var alpha: Double = 1
    var hidden = false
    var backgroundColor: Color?
    /// Out of line, nil while every layer property is CALayer's default (LayerProperties.swift).
    var layerStorage: LayerStorage?

    init(id: String, kind: String, owner: ControllerID?, path: String, role: ViewRole? = nil, frame: Rect) {
        self.identityStorage = IdentityStorage(ViewIdentity(id: id, kind: kind, owner: owner, path: path, role: role))
        self.bounds = Rect(origin: .zero, size: frame.size)
        self.center = frame.center
    }

    /// UIKit's `frame`: the bounding box of the transformed bounds, in the superview's space.
    var frame: Rect {
        get { ViewGeometry.frame(bounds: bounds.size, center: center, transform: transform, transform3D: transform3D, anchorPoint: layer.anchorPoint) }
        set {
            // UIKit: setting frame sets center and bounds.size; with a non-identity transform the
            // result is documented as undefined, and we keep the same rule (size taken as given).
            // `center` is the anchor point's place: the frame's centre for the default anchor.
            center = ViewGeometry.position(ofFrame: newValue, anchorPoint: layer.anchorPoint)
            bounds.size = newValue.size
        }
    }
}

/// An immutable 3D transform on the heap (a new one is made for every change).
@usableFromInline final class Transform3DStorage: Sendable, Equatable {
    @usableFromInline let value: Transform3D
    @usableFromInline init(_ value: Transform3D) { self.value = value }
    @usableFromInline static func == (a: Transform3DStorage, b: Transform3DStorage) -> Bool { a.value == b.value }
}

/// Geometry shared by model values and presentation values.
enum ViewGeometry {
    /// `anchorPoint` in unit coordinates of the bounds: the point `center` places and the
    /// transform applies about (CALayer's, 0.5, 0.5 unless a layer property says otherwise).
    static func frame(bounds: Size, center: Point, transform: AffineTransform, transform3D: Transform3D?,
                             anchorPoint: Point = Point(x: 0.5, y: 0.5)) -> Rect {
        if let t3 = transform3D {
            return Transform3D.layerFrame(bounds: bounds, position: center, anchorPoint: anchorPoint, transform: t3)
        }
        let ax = anchorPoint.x * bounds.width, ay = anchorPoint.y * bounds.height
        if transform.isIdentity {
            return Rect(x: center.x - ax, y: center.y - ay, width: bounds.width, height: bounds.height)
        }
        let local = Rect(x: -ax, y: -ay, width: bounds.width, height: bounds.height)
        return transform.boundingBox(of: local).offsetBy(dx: center.x, dy: center.y)
    }

    /// The position (`center`) that puts an untransformed view's frame at `frame`.
    static func position(ofFrame frame: Rect, anchorPoint: Point) -> Point {
        Point(x: frame.minX + anchorPoint.x * frame.width, y: frame.minY + anchorPoint.y * frame.height)
    }
}
