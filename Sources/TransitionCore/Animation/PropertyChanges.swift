import JSONCodec

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
