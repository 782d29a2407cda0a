import TransitionCore

/// The members of a view as the API writes them, one row each, in the order written: the one
/// table the JSON encoder (`ResponseEncoder`), the change diff (`ViewChanges`) and the golden
/// comparer's reader (`ServiceLeaves`, `ViewProperty`) are made from, each a `ViewMemberVisitor`.
///
/// A row says the member's name, where its value is in the node (a closure reading it through
/// the node's pointer, which the compiler inlines into each visitor as a direct read: no lookup
/// per member; a key path literal in its place may be left to the runtime to apply, and a node
/// passed by value may be copied whole, under 300 bytes, for each row), its
/// JSON shape (the value's `ViewMemberType`), when it is left out (the method: `member` never,
/// `optional` when nil, `layer` when CALayer's default) and how a comparison holds it
/// (`MemberComparison`). openapi.yaml's `ViewFields` and tests/e2e/changes_decoder.py's
/// `VIEW_MEMBERS` are checked against it (ViewMemberTableTests).
///
/// The rows are in groups, each a function, because a frame template writes some groups
/// afresh for each frame and keeps the rest (`ResponseEncoder.nodeFields`); `all` is every
/// group in order. A view's `parent` (flat form) and `children` (nested) are its place in the
/// tree, not members.
enum ViewMembers {
    /// What names the view: fixed for as long as the view exists.
    @inline(__always)
    static func names<V: ViewMemberVisitor & ~Copyable>(_ v: inout V) {
        v.member("id", { $0.pointee.id }, .identity)
        v.member("kind", { $0.pointee.kind }, .exact)
        v.member("viewController", { $0.pointee.viewController }, .identity)
        v.member("path", { $0.pointee.path }, .identity)
        v.optional("role", { $0.pointee.role }, .exact)
    }

    /// The view's own geometry, which its animations move (points, window-independent).
    @inline(__always)
    static func geometry<V: ViewMemberVisitor & ~Copyable>(_ v: inout V) {
        v.member("frame", { $0.pointee.frame }, .position)
        v.member("bounds", { $0.pointee.bounds }, .position)
        v.member("center", { $0.pointee.center }, .position)
        v.member("transform", { $0.pointee.transform }, .transform)
        v.optional("transform3D", { $0.pointee.transform3D }, .transform)
        v.member("alpha", { $0.pointee.alpha }, .alpha)
        v.member("hidden", { $0.pointee.hidden }, .exact)
    }

    /// Its bounding box in window coordinates, points: what its ancestors' animations move too.
    @inline(__always)
    static func window<V: ViewMemberVisitor & ~Copyable>(_ v: inout V) {
        v.place("windowFrame", { $0.windowFrame }, .position)
    }

    /// Its fill, which animations change.
    @inline(__always)
    static func colour<V: ViewMemberVisitor & ~Copyable>(_ v: inout V) {
        v.optional("backgroundColor", { $0.pointee.backgroundColor }, .exact)
    }

    /// Its content (its identity's: no animation changes it).
    @inline(__always)
    static func content<V: ViewMemberVisitor & ~Copyable>(_ v: inout V) {
        v.optional("text", { $0.pointee.text }, .exact)
        v.optional("fontSize", { $0.pointee.fontSize }, .exact)
        v.optional("image", { $0.pointee.image }, .exact)
        v.optional("snapshotOf", { $0.pointee.snapshotOf }, .exact)
    }

    /// Its layer properties, each written only when it differs from CALayer's default, so that a
    /// view with the defaults is written as before layer properties existed (docs/semantics.md
    /// § Layer properties; the defaults and their sources: `LayerProperties`).
    @inline(__always)
    static func layer<V: ViewMemberVisitor & ~Copyable>(_ v: inout V) {
        v.layer("cornerRadius", { $0.cornerRadius }, .position)
        v.layer("maskedCorners", { $0.maskedCorners }, .exact)
        v.layer("clipsToBounds", { $0.clipsToBounds }, .exact)
        v.layer("borderWidth", { $0.borderWidth }, .position)
        v.layer("borderColor", { $0.borderColor }, .exact)
        v.layer("shadowOpacity", { $0.shadowOpacity }, .alpha)
        v.layer("shadowRadius", { $0.shadowRadius }, .position)
        v.layer("shadowOffset", { $0.shadowOffset }, .position)
        v.layer("shadowColor", { $0.shadowColor }, .exact)
        v.layer("anchorPoint", { $0.anchorPoint }, .transform)
        v.layer("zPosition", { $0.zPosition }, .position)
        v.layer("isDoubleSided", { $0.isDoubleSided }, .exact)
    }

    /// What its ancestors' clipping leaves of it (window coordinates, present only when they cut
    /// something off) and whether its content is drawn (present, false, only when it is not).
    @inline(__always)
    static func clip<V: ViewMemberVisitor & ~Copyable>(_ v: inout V) {
        v.optionalPlace("visibleRect", { $0.visibleRect }, .position)
        v.optionalPlace("visible", { $0.visible ? nil : false }, .exact)
    }

    /// Every group, in the order written; the layer rows only when the visitor reads them
    /// (`readsLayer`: most views have CALayer's defaults, and no layer row says anything of them).
    @inline(__always)
    static func all<V: ViewMemberVisitor & ~Copyable>(_ v: inout V) {
        names(&v)
        geometry(&v)
        window(&v)
        colour(&v)
        content(&v)
        if v.readsLayer() { layer(&v) } else { v.skipsLayer() }
        clip(&v)
    }
}

/// What reads the member table: each row, in order, with the closure that reads its value
/// (through the node's pointer). A visitor holds the view (or views) it reads; the row's value
/// is read from there.
protocol ViewMemberVisitor: ~Copyable {
    /// A member every view has, written even when nil (as `null`).
    mutating func member<T: ViewMemberType>(_ name: StaticString, _ value: (UnsafePointer<SnapshotNode>) -> T, _ comparison: MemberComparison)
    /// A member a view has only when its value is not nil.
    mutating func optional<T: ViewMemberType>(_ name: StaticString, _ value: (UnsafePointer<SnapshotNode>) -> T?, _ comparison: MemberComparison)
    /// A layer property, written only when it is not CALayer's default (`LayerProperties.defaults`).
    mutating func layer<T: ViewMemberType & Equatable>(_ name: StaticString, _ value: (LayerProperties) -> T,
                                                      _ comparison: MemberComparison)
    /// A member of the view's place (`MovingFrame.Place`) every view has.
    mutating func place<T: ViewMemberType>(_ name: StaticString, _ value: (MovingFrame.Place) -> T, _ comparison: MemberComparison)
    /// A member of the view's place a view has only when its value is not nil.
    mutating func optionalPlace<T: ViewMemberType>(_ name: StaticString, _ value: (MovingFrame.Place) -> T?,
                                                  _ comparison: MemberComparison)
    /// Whether `ViewMembers.all` is to read the layer rows (false: the layer properties read are
    /// all CALayer's defaults); the visitor takes them from its view(s) here.
    mutating func readsLayer() -> Bool
    /// The layer rows, not read.
    mutating func skipsLayer()
}

/// How a golden comparison holds a member's leaves (docs/golden.md § Tolerances and budget).
enum MemberComparison {
    /// Not compared: it names the view (a view is matched by it).
    case identity
    /// Equal or not.
    case exact
    /// Points, within the position tolerance.
    case position
    /// Opacity, within the alpha tolerance.
    case alpha
    /// A transform's unitless entries (and the anchor point) within the transform tolerance, its
    /// translation (`tx`, `ty`, the 3D matrix's 12–14: points) within the position tolerance.
    case transform

    /// The class of one of the member's leaves (`sub`: the leaf's name below the member, "" for
    /// a member compared whole).
    func tolerance(of sub: String) -> Tolerance.Class {
        switch self {
        case .identity, .exact: .exact
        case .position: .position
        case .alpha: .alpha
        case .transform: ["tx", "ty", "12", "13", "14"].contains(sub) ? .position : .transform
        }
    }
}
