import JSONCodec

/// Bounds on what one client may describe, so that no request can exhaust the service.
public struct SceneLimits: Sendable {
    /// Views in one controller's view spec.
    var viewsPerTree = 500
    /// Nesting depth of one view spec.
    public var treeDepth = 32
    /// Views a session may create over its lifetime (controllers, snapshots, dimming views).
    var viewsPerSession = 20_000
    /// Controllers alive in one session.
    var controllersPerSession = 200
    public init() {}
}

/// A view as the client describes it (openapi.yaml, `ViewSpec`): `id`, `kind`, `frame`, and
/// optional `alpha`, `hidden`, `backgroundColor`, `text`, `image`, `children`, and the layer
/// properties (`cornerRadius`, `anchorPoint`, …: LayerProperties); a scroll view's
/// `contentInsetAdjustmentBehavior`.
public struct ViewSpec: Sendable, Equatable {
    public var id: String
    public var kind: ViewKind
    public var frame: Rect?
    public var alpha: Double
    public var hidden: Bool
    public var backgroundColor: Color?
    public var text: String?
    public var image: String?
    public var layer = LayerProperties.defaults
    /// A scroll view's `contentInsetAdjustmentBehavior`; nil when the spec leaves it out (UIKit's
    /// default, `automatic`), so that a session can refuse the member before iOS 11.
    var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior?
    public var children: [ViewSpec]

    public init(id: String, kind: ViewKind = .view, frame: Rect? = nil, alpha: Double = 1, hidden: Bool = false,
                backgroundColor: Color? = nil, text: String? = nil, image: String? = nil, children: [ViewSpec] = []) {
        self.id = id; self.kind = kind; self.frame = frame; self.alpha = alpha; self.hidden = hidden
        self.backgroundColor = backgroundColor; self.text = text; self.image = image; self.children = children
    }

    public static func decode(_ json: JSONValue, at pointer: String, limits: SceneLimits) throws(SimulationError) -> ViewSpec {
        var count = 0
        return try decode(json, at: pointer, depth: 1, count: &count, limits: limits)
    }

    private static func decode(_ json: JSONValue, at pointer: String, depth: Int, count: inout Int,
                               limits: SceneLimits) throws(SimulationError) -> ViewSpec {
        count += 1
        guard count <= limits.viewsPerTree else { throw SimulationError(pointer, "a view tree holds at most \(limits.viewsPerTree) views") }
        guard depth <= limits.treeDepth else { throw SimulationError(pointer, "view trees nest at most \(limits.treeDepth) levels") }
        var r = try SpecReader(json, at: pointer)
        let id = try r.requiredString("id", maxLength: 64)
        guard Self.isValidID(id) else {
            throw SimulationError(r.path("id"), "ids are 1–64 characters of letters, digits, '-', '_' and '.'")
        }
        let kindName = try r.string("kind", maxLength: 32) ?? ViewKind.view.rawValue
        guard let kind = ViewKind(rawValue: kindName) else {
            throw SimulationError(r.path("kind"), "unknown kind '\(kindName)'; one of \(ViewKind.list)")
        }
        var spec = ViewSpec(id: id, kind: kind)
        if let frame = r.value("frame") { spec.frame = try decodeRect(frame, at: r.path("frame")) }
        spec.alpha = try r.number("alpha", in: 0...1) ?? 1
        spec.hidden = try r.bool("hidden") ?? false
        if let color = try r.string("backgroundColor", maxLength: 9) {
            guard let parsed = parseColor(color) else { throw SimulationError(r.path("backgroundColor"), "expected #rrggbb or #rrggbbaa") }
            spec.backgroundColor = parsed
        }
        spec.text = try r.string("text", maxLength: 1024)
        spec.image = try r.string("image", maxLength: 256)
        spec.layer = try LayerProperties.decode(&r)
        if let name = try r.string("contentInsetAdjustmentBehavior", maxLength: 32) {
            guard let behavior = ContentInsetAdjustmentBehavior(rawValue: name) else {
                throw SimulationError(r.path("contentInsetAdjustmentBehavior"), "unknown behavior '\(name)'; one of \(ContentInsetAdjustmentBehavior.list) (UIKit's scrollableAxes and always are not simulated)")
            }
            guard kind.scrolls else {
                throw SimulationError(r.path("contentInsetAdjustmentBehavior"), "only a scroll view has a content inset; the kinds that scroll are \(ViewKind.scrollingList)")
            }
            spec.contentInsetAdjustmentBehavior = behavior
        }
        if let children = try r.array("children", maxCount: limits.viewsPerTree) {
            var ids: Set<String> = []
            for (i, child) in children.enumerated() {
                let childPointer = SpecReader.child(r.path("children"), String(i))
                let decoded = try decode(child, at: childPointer, depth: depth + 1, count: &count, limits: limits)
                guard ids.insert(decoded.id).inserted else {
                    throw SimulationError(childPointer + "/id", "duplicate id '\(decoded.id)' among siblings")
                }
                spec.children.append(decoded)
            }
        }
        try r.finish()
        return spec
    }

    /// The pointer of the first `contentInsetAdjustmentBehavior` in this tree, which is at
    /// `pointer`, depth first: what a session before iOS 11 refuses.
    func firstInsetAdjustmentMember(at pointer: String) -> String? {
        if contentInsetAdjustmentBehavior != nil { return SpecReader.child(pointer, "contentInsetAdjustmentBehavior") }
        for (i, child) in children.enumerated() {
            if let found = child.firstInsetAdjustmentMember(at: SpecReader.child(SpecReader.child(pointer, "children"), String(i))) { return found }
        }
        return nil
    }

    public static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64 && id.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F || b == 0x2E
        }
    }

    /// A rect object `{"x", "y", "width", "height"}` with finite coordinates and non-negative sizes.
    static func decodeRect(_ json: JSONValue, at pointer: String) throws(SimulationError) -> Rect {
        var r = try SpecReader(json, at: pointer)
        let bound = 1e6
        let rect = Rect(x: try r.requiredNumber("x", in: -bound...bound), y: try r.requiredNumber("y", in: -bound...bound),
                        width: try r.requiredNumber("width", in: 0...bound), height: try r.requiredNumber("height", in: 0...bound))
        try r.finish()
        return rect
    }

    static func parseColor(_ text: String) -> Color? {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
        var components: [Double] = []
        var i = 1
        while i < bytes.count {
            guard let hi = hex(bytes[i]), let lo = hex(bytes[i + 1]) else { return nil }
            components.append(Double(hi * 16 + lo) / 255)
            i += 2
        }
        return Color(red: components[0], green: components[1], blue: components[2], alpha: components.count == 4 ? components[3] : 1)
    }

    private static func hex(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: Int(b - 0x30)
        case 0x41...0x46: Int(b - 0x41 + 10)
        case 0x61...0x66: Int(b - 0x61 + 10)
        default: nil
        }
    }
}
