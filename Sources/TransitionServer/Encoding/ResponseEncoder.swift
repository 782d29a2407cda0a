import JSONCodec
import TransitionCore

/// The service's one JSON response writer, a method per document: snapshots here, sessions,
/// events and action outcomes in SessionEncoding.swift, the catalogue, devices and timing
/// samples in CatalogueEncoding.swift. Snapshots are the hot path, so it writes bytes through
/// `JSONWriter` with no intermediate `JSONValue`; key order is the order written.
struct ResponseEncoder: ~Copyable {
    var writer: JSONWriter
    /// A flat list of views (each with `parent`) instead of nested `children`.
    var flat: Bool
    /// While a frame template is made (`FrameTemplate.make`): which views move, and where the
    /// values written afresh for each frame are.
    var marks: TemplateMarks?
    /// What the member table's rows are read from (`ViewMembers`): the view being written, its
    /// place and its layer properties; whether the place's `windowFrame` is a template's slot,
    /// and whether layer properties are written even when CALayer's defaults.
    private var view: UnsafePointer<SnapshotNode>?
    private var viewPlace: MovingFrame.Place?
    private var viewLayer = LayerProperties.defaults
    private var windowFrameSlot = false
    private var writesDefaults = false

    init(precision: Int? = nil, flat: Bool = false, reservingCapacity: Int = 32_768) {
        writer = JSONWriter(precision: precision, reservingCapacity: reservingCapacity)
        self.flat = flat
    }

    mutating func snapshot(_ s: Snapshot) {
        writer.beginObject()
        writer.key("time"); beginSlot(); writer.number(s.time); endSlot()
        writer.key("transition"); beginSlot(); transition(s.transition); endSlot()
        writer.key("controllers"); controller(s.controllers)
        if flat {
            writer.key("views")
            writer.beginArray()
            withUnsafePointer(to: s.root) { flatNodes($0, parent: nil) }
            writer.endArray()
        } else {
            writer.key("root"); withUnsafePointer(to: s.root) { node($0) }
        }
        writer.endObject()
    }

    /// `GET …/snapshots`: the frames in the order asked, or false as soon as the answer
    /// outgrows `limit` bytes, before it takes more memory.
    mutating func snapshotSeries(_ shots: [Snapshot], limit: Int) -> Bool {
        writer.beginObject()
        writer.key("snapshots")
        writer.beginArray()
        for shot in shots {
            snapshot(shot)
            guard writer.count <= limit else { return false }
        }
        writer.endArray()
        writer.endObject()
        return true
    }

    mutating func transition(_ t: TransitionState?) {
        guard let t else {
            // Before any transition: the pinned fields, with nothing in them.
            writer.beginObject()
            writer.key("id"); writer.null()
            writer.key("operation"); writer.null()
            writer.key("phase"); writer.string("idle")
            writer.key("interactive"); writer.bool(false)
            writer.key("wasCancelled"); writer.bool(false)
            writer.key("diagnostics"); writer.beginArray(); writer.endArray()
            writer.endObject()
            return
        }
        writer.beginObject()
        writer.key("id"); writer.string(t.id)
        writer.key("operation"); writer.string(t.operation.rawValue)
        writer.key("phase"); writer.string(t.phase.rawValue)
        writer.key("container"); writer.string(t.container)
        writer.key("from"); writer.string(t.from)
        writer.key("to"); writer.string(t.to)
        writer.key("animator"); writer.string(t.animator)
        writer.key("chosenBy"); writer.string(t.chosenBy)
        writer.key("duration"); writer.number(t.duration)
        writer.key("begin"); writer.number(t.begin)
        writer.key("elapsed")
        let elapsedStart = writer.count
        writer.number(t.elapsed)
        let elapsedEnd = writer.count
        writer.key("percentComplete")
        let percentStart = writer.count
        writer.number(t.percentComplete)
        if marks != nil {
            let percentEnd = writer.count
            marks!.progress(elapsed: elapsedStart..<elapsedEnd, percentComplete: percentStart..<percentEnd)
        }
        writer.key("interactive"); writer.bool(t.interactive)
        writer.key("wasCancelled"); writer.bool(t.wasCancelled)
        writer.key("completedAt"); if let c = t.completedAt { writer.number(c) } else { writer.null() }
        writer.key("diagnostics")
        writer.beginArray()
        for d in t.diagnostics { diagnostic(d) }
        writer.endArray()
        if let g = t.gesture {
            writer.key("gesture")
            writer.beginObject()
            writer.key("recognizer"); writer.string(g.recognizer.rawValue)
            writer.key("phase"); writer.string(g.phase.rawValue)
            writer.key("progress"); writer.number(g.progress)
            writer.key("velocity"); point(g.velocity)
            writer.key("decision"); if let d = g.decision { writer.string(d.rawValue) } else { writer.null() }
            writer.key("reason"); if let r = g.reason { writer.string(r.rawValue) } else { writer.null() }
            writer.endObject()
        }
        writer.endObject()
    }

    mutating func diagnostic(_ d: Diagnostic) {
        writer.beginObject()
        writer.key("code"); writer.string(d.code.rawValue)
        writer.key("message"); writer.string(d.message)
        writer.key("view"); if let v = d.view { writer.string(v) } else { writer.null() }
        writer.key("time"); writer.number(d.time)
        writer.endObject()
    }

    mutating func controller(_ c: ControllerState) {
        writer.beginObject()
        writer.key("id"); writer.string(c.id)
        writer.key("type"); writer.string(c.kind.rawValue)
        writer.key("title"); if let t = c.title { writer.string(t) } else { writer.null() }
        writer.key("visible"); writer.bool(c.visible)
        if c.kind == .navigation || c.kind == .tabBar {
            writer.key("viewControllers")
            writer.beginArray()
            for child in c.viewControllers { controller(child) }
            writer.endArray()
        }
        if let top = c.topViewController { writer.key("topViewController"); writer.string(top) }
        if let index = c.selectedIndex { writer.key("selectedIndex"); writer.integer(index) }
        if let style = c.modalPresentationStyle { writer.key("modalPresentationStyle"); writer.string(style) }
        if let detent = c.selectedDetent { writer.key("selectedDetent"); writer.string(detent) }
        if let bar = c.tabBar {
            writer.key("tabBar")
            writer.beginObject()
            writer.key("minimizeBehavior"); writer.string(bar.minimizeBehavior)
            writer.key("state"); writer.string(bar.state)
            writer.key("progress"); writer.number(bar.progress)
            writer.endObject()
        }
        if let presented = c.presented.first { writer.key("presented"); controller(presented) }
        writer.endObject()
    }

    mutating func rect(_ r: Rect) {
        writer.beginObject()
        writer.key("x"); writer.number(r.minX)
        writer.key("y"); writer.number(r.minY)
        writer.key("width"); writer.number(r.width)
        writer.key("height"); writer.number(r.height)
        writer.endObject()
    }

    mutating func point(_ p: Point) {
        writer.beginObject()
        writer.key("x"); writer.number(p.x)
        writer.key("y"); writer.number(p.y)
        writer.endObject()
    }

    mutating func size(_ s: Size) {
        writer.beginObject()
        writer.key("width"); writer.number(s.width)
        writer.key("height"); writer.number(s.height)
        writer.endObject()
    }

    /// A layer's `maskedCorners`, by name in bit order.
    mutating func corners(_ c: CornerMask) {
        writer.beginArray()
        for name in c.cornerNames { writer.string(name) }
        writer.endArray()
    }

    /// Most views are untransformed: their transform is one constant (the same bytes the six
    /// numbers make, -0 included, which is written 0).
    mutating func transform(_ t: AffineTransform) {
        guard t != .identity else {
            writer.encoded(#"{"a":1,"b":0,"c":0,"d":1,"tx":0,"ty":0}"#)
            return
        }
        writer.beginObject()
        writer.key("a"); writer.number(t.a)
        writer.key("b"); writer.number(t.b)
        writer.key("c"); writer.number(t.c)
        writer.key("d"); writer.number(t.d)
        writer.key("tx"); writer.number(t.tx)
        writer.key("ty"); writer.number(t.ty)
        writer.endObject()
    }

    /// The 16 entries, row by row. A 2D transform in 3D form (what most 3D animations start and
    /// end on) has ten constant entries, written as one run of bytes each time.
    mutating func transform3D(_ t: Transform3D) {
        writer.beginArray()
        if let a = t.affine {
            writer.number(a.a); writer.number(a.b); writer.raw(",0,0,")
            writer.number(a.c); writer.number(a.d); writer.raw(",0,0,0,0,1,0,")
            writer.number(a.tx); writer.number(a.ty); writer.raw(",0,1")
        } else {
            for m in t.rowMajor { writer.number(m) }
        }
        writer.endArray()
    }

    /// The view's members but `children` (or `parent`), as the member table lists them
    /// (`ViewMembers`). Through a pointer: a node is under 300 bytes with four references, and
    /// passing it by value from its parent's array copied it whole. A frame template writes the
    /// view's names and content once and, for a view that moves, its values and layer part
    /// afresh for each frame (`FrameTemplate`).
    mutating func nodeFields(_ p: UnsafePointer<SnapshotNode>) {
        guard marks != nil else {
            // The same members as below, without a template's checks (the full encoder's path).
            view = p
            viewPlace = p.pointee.place
            ViewMembers.all(&self)
            return
        }
        let motion = marks!.nextView()
        nodeNames(p)
        if motion == .own { beginSlot() }
        nodeValues(p, windowFrameSlot: motion == .ancestors)
        if motion == .own { endSlot() }
        nodeContent(p)
        if motion == .own { beginSlot() }
        if p.pointee.hasLayerProperties { layerFields(p.pointee.layer) }
        if motion == .ancestors { beginSlot() }
        nodeClip(p.pointee.place)
        if motion != .none { endSlot() }
    }

    /// What names the view: fixed for as long as the view exists.
    @inline(__always)
    mutating func nodeNames(_ p: UnsafePointer<SnapshotNode>) {
        view = p
        ViewMembers.names(&self)
    }

    /// The view's geometry and colour, which animations move (and `windowFrame`, which its
    /// ancestors' do; `windowFrameSlot`: a template writes it afresh for each frame).
    @inline(__always)
    mutating func nodeValues(_ p: UnsafePointer<SnapshotNode>, windowFrameSlot: Bool = false) {
        view = p
        ViewMembers.geometry(&self)
        viewPlace = p.pointee.place
        self.windowFrameSlot = windowFrameSlot
        ViewMembers.window(&self)
        self.windowFrameSlot = false
        ViewMembers.colour(&self)
    }

    /// The view's content (its identity's: no animation changes it).
    @inline(__always)
    mutating func nodeContent(_ p: UnsafePointer<SnapshotNode>) {
        view = p
        ViewMembers.content(&self)
    }

    /// What the ancestors' clipping leaves of the view at `place` (and whether it faces away).
    @inline(__always)
    mutating func nodeClip(_ place: MovingFrame.Place) {
        viewPlace = place
        ViewMembers.clip(&self)
    }

    /// The start of bytes a frame template writes afresh for each frame (nothing otherwise).
    @inline(__always)
    mutating func beginSlot() {
        if marks != nil {
            let at = writer.count, comma = writer.commaPending
            marks!.begin(at: at, commaPending: comma)
        }
    }

    /// The end of those bytes.
    @inline(__always)
    mutating func endSlot() {
        if marks != nil {
            let at = writer.count
            marks!.end(at: at)
        }
    }

    /// The layer properties that differ from CALayer's default, in the table's order
    /// (`ViewMembers.layer`). Every one with `omittingDefaults` false (what a comparison reads
    /// for a view whose snapshot leaves them out: ViewProperty.omitted).
    mutating func layerFields(_ l: LayerProperties, omittingDefaults: Bool = true) {
        viewLayer = l
        writesDefaults = !omittingDefaults
        ViewMembers.layer(&self)
        writesDefaults = false
    }

    mutating func node(_ p: UnsafePointer<SnapshotNode>) {
        writer.beginObject()
        nodeFields(p)
        writer.key("children")
        writer.beginArray()
        p.pointee.children.withUnsafeBufferPointer { children in
            for i in children.indices { node(children.baseAddress! + i) }
        }
        writer.endArray()
        writer.endObject()
    }

    /// The view and its subviews, each as `flatNode`, in drawing order.
    mutating func flatNodes(_ p: UnsafePointer<SnapshotNode>, parent: String?) {
        flatNode(p, parent: parent)
        let me = p.pointee.flatKey
        p.pointee.children.withUnsafeBufferPointer { children in
            for i in children.indices { flatNodes(children.baseAddress! + i, parent: me) }
        }
    }

    /// One view of the flat form: its members and the key of its superview (`parent`).
    mutating func flatNode(_ p: UnsafePointer<SnapshotNode>, parent: String?) {
        writer.beginObject()
        nodeFields(p)
        writer.key("parent"); if let parent { writer.string(parent) } else { writer.null() }
        writer.endObject()
    }

    /// `#rrggbbaa`, components rounded to bytes.
    static func hex(_ c: Color) -> String {
        withHex(c) { String(decoding: $0, as: UTF8.self) }
    }

    /// `body` given the nine bytes of `hex(c)`, made on the stack: a snapshot writes a colour
    /// for every view that has one, and the string's arrays cost more than the writing.
    static func withHex<R>(_ c: Color, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9) { out in
            let digits: StaticString = "0123456789abcdef"
            func put(_ component: Double, at i: Int) {
                let v = Int((min(1, max(0, component)) * 255).rounded())
                out[i] = digits.utf8Start[v >> 4]
                out[i + 1] = digits.utf8Start[v & 15]
            }
            out[0] = UInt8(ascii: "#")
            put(c.red, at: 1); put(c.green, at: 3); put(c.blue, at: 5); put(c.alpha, at: 7)
            return body(UnsafeBufferPointer(out))
        }
    }
}

extension ResponseEncoder: ViewMemberVisitor {
    @inline(__always)
    mutating func readsLayer() -> Bool {
        guard view!.pointee.hasLayerProperties else { return false }
        viewLayer = view!.pointee.layer
        return true
    }

    @inline(__always)
    mutating func skipsLayer() {}

    @inline(__always)
    mutating func member<T: ViewMemberType>(_ name: StaticString, _ value: (UnsafePointer<SnapshotNode>) -> T, _ comparison: MemberComparison) {
        writer.key(name)
        value(view!).write(into: &self)
    }

    @inline(__always)
    mutating func optional<T: ViewMemberType>(_ name: StaticString, _ value: (UnsafePointer<SnapshotNode>) -> T?, _ comparison: MemberComparison) {
        if let v = value(view!) {
            writer.key(name)
            v.write(into: &self)
        }
    }

    @inline(__always)
    mutating func layer<T: ViewMemberType & Equatable>(_ name: StaticString, _ value: (LayerProperties) -> T,
                                                      _ comparison: MemberComparison) {
        let v = value(viewLayer)
        if writesDefaults || v != value(.defaults) {
            writer.key(name)
            v.write(into: &self)
        }
    }

    @inline(__always)
    mutating func place<T: ViewMemberType>(_ name: StaticString, _ value: (MovingFrame.Place) -> T, _ comparison: MemberComparison) {
        writer.key(name)
        if windowFrameSlot { beginSlot() }
        value(viewPlace!).write(into: &self)
        if windowFrameSlot { endSlot() }
    }

    @inline(__always)
    mutating func optionalPlace<T: ViewMemberType>(_ name: StaticString, _ value: (MovingFrame.Place) -> T?,
                                                  _ comparison: MemberComparison) {
        if let v = value(viewPlace!) {
            writer.key(name)
            v.write(into: &self)
        }
    }
}

extension SnapshotNode {
    /// What the flat form calls the view in its subviews' `parent`: `controller:path` for a
    /// controller's view and its subviews, the view's id for the window's own views.
    var flatKey: String { viewController.map { "\($0):\(path)" } ?? id }
}

extension Snapshot {
    /// The snapshot's JSON, exactly as `GET …/snapshot` answers it.
    public func encoded(precision: Int? = nil, flat: Bool = false) -> [UInt8] {
        var encoder = ResponseEncoder(precision: precision, flat: flat)
        encoder.snapshot(self)
        return encoder.writer.bytes
    }
}
