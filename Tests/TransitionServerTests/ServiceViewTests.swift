import JSONCodec
import Testing
import TestSupport
@testable import TransitionCore
@testable import TransitionServer

/// The service's frame a comparison reads (`ComparedFrame(snapshot, indexes:)`, made from the snapshot's
/// nodes) is the frame read from the flat `/snapshots` JSON of that snapshot, value for value:
/// the same views in the same order, the same identities and pointers, the same leaves in the
/// same order with the same tolerances, every number the same double bit for bit, every other
/// value the same JSON. The oracle is what the service did before: write the snapshot with the
/// flat encoder, parse it, read each view (`ComparedView.read`).
@Suite struct ServiceViewTests {
    static func roundTrip(_ snapshot: Snapshot) throws -> ComparedFrame {
        var encoder = ResponseEncoder(flat: true)
        encoder.snapshot(snapshot)
        let json = try JSONParser.parse(encoder.writer.bytes, limits: ChangeBatch.ownOutput)
        var values = 0
        let list = try #require(json.objectValue?["views"]?.arrayValue)
        // A view the JSON does not read as (a member `null`) is left out.
        let views = list.enumerated().compactMap { i, view in
            try? ComparedView.read(view, at: ViewPlace(list: "/views", index: i), counting: &values, bounds: FrameBounds(values: .max))
        }
        return ComparedFrame(time: snapshot.time, views: views, pointer: "")
    }

    /// The first difference between two frames; nil when they are the same.
    static func difference(_ a: ComparedFrame, _ b: ComparedFrame) -> String? {
        guard a.time.bitPattern == b.time.bitPattern, a.pointer == b.pointer else { return "time or pointer: \(a.time) \(b.time)" }
        guard a.views.count == b.views.count else { return "\(a.views.count) views against \(b.views.count)" }
        for (v, w) in zip(a.views, b.views) {
            let named = "view \(v.pointer) (\(v.id ?? "?"))"
            guard v.identity == w.identity, v.id == w.id, v.viewController == w.viewController, v.path == w.path, v.pointer == w.pointer else {
                return "\(named): its names, against \(w.pointer) (\(w.id ?? "?"))"
            }
            guard v.leaves.map(\.name) == w.leaves.map(\.name) else { return "\(named): leaves \(v.leaves.map(\.name)) against \(w.leaves.map(\.name))" }
            for (l, m) in zip(v.leaves, w.leaves) {
                guard l.tolerance == m.tolerance else { return "\(named): \(l.name)'s tolerance" }
                guard same(l.value, m.value) else { return "\(named): \(l.name) \(l.value) against \(m.value)" }
            }
            // What the comparer asks of a view: every leaf given or left to its default.
            for key in allLeaves where v.gives(key) != w.gives(key) || !same(v.value(of: key), w.value(of: key)) {
                return "\(named): \(key.name) given \(v.gives(key)), \(String(describing: v.value(of: key))) against \(String(describing: w.value(of: key)))"
            }
        }
        return nil
    }

    /// Every leaf a view can have.
    static let allLeaves = (0..<LeafKey.count).map { LeafKey(index: $0) }

    static func same(_ a: Leaf.Value?, _ b: Leaf.Value?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (.number(let x)?, .number(let y)?): x.bitPattern == y.bitPattern
        case (.whole(let x)?, .whole(let y)?): JSONWriter.encode(x) == JSONWriter.encode(y)
        default: false
        }
    }

    static func count(_ node: SnapshotNode) -> Int { 1 + node.children.reduce(0) { $0 + count($1) } }

    /// Frame template tests' 18 sessions (catalogue animators, a zoom, sheets, a large title, a
    /// card flip turning in 3D with faces turned away, clipping, zPosition) at 150 times each.
    @Test(arguments: FrameTemplateTests.scenes.indices)
    func theServicesFrameIsItsFlatAnswerRead(scene: Int) throws {
        let (name, creation, actions) = FrameTemplateTests.scenes[scene]
        let session = try FrameTemplateTests.session(creation, actions)
        var random = SplitMix64(seed: UInt64(scene) &+ 71)
        let times = (0..<90).map { Double($0) / 30 } + (0..<60).map { _ in Double(random.next() % 3_000_000) / 1_000_000 }
        var indexes = LeafIndexes()
        for (t, snapshot) in zip(times, try session.history(now: .now).snapshots(at: times)) {
            let frame = ComparedFrame(snapshot, indexes: &indexes)
            // Every view of a session reads: none is left out.
            #expect(frame.views.count == Self.count(snapshot.root), "\(name) at \(t)")
            let difference = Self.difference(frame, try Self.roundTrip(snapshot))
            #expect(difference == nil, "\(name) at \(t): \(difference ?? "")")
        }
    }

    /// Made-up views with every member and every kind of number: -0, NaN and ±∞ (such a view is
    /// left out, as its JSON does not read), subnormals, integers past 2^53, fractions with long
    /// shortest decimals, raw bit patterns; colours on and between the byte steps and out of
    /// [0, 1]; strings with quotes, escapes, controls and combining marks; 2D and 3D transforms.
    @Test func madeUpViewsOfEveryMemberAndNumberReadAlike() throws {
        var random = SplitMix64(seed: 2026)
        var members = Set<String>()
        var left = 0
        var indexes = LeafIndexes()
        for round in 0..<200 {
            let root = Self.node(&random, depth: 0)
            let snapshot = Snapshot(time: Double(round) / 7, transition: nil, controllers: Self.controllers, root: root)
            let frame = ComparedFrame(snapshot, indexes: &indexes)
            let difference = Self.difference(frame, try Self.roundTrip(snapshot))
            #expect(difference == nil, "round \(round): \(difference ?? "")")
            left += Self.count(root) - frame.views.count
            for view in frame.views { for leaf in view.leaves { members.insert(ViewProperty.member(of: leaf.name)) } }
        }
        #expect(members == Set(ViewProperty.shapes.keys), "members never made: \(Set(ViewProperty.shapes.keys).subtracting(members).sorted())")
        #expect(left > 0, "no view held a number JSON cannot")
    }

    /// CALayer's defaults, as a view whose snapshot leaves them out reads them: what the encoder
    /// writes for them, read back.
    @Test func theLayerDefaultsAreTheEncodersRead() throws {
        var encoder = ResponseEncoder()
        encoder.writer.beginObject()
        encoder.layerFields(.defaults, omittingDefaults: false)
        encoder.writer.key("visible"); encoder.writer.bool(true)
        encoder.writer.endObject()
        var leaves: [Leaf] = []
        for (name, value) in try #require(try JSONParser.parse(encoder.writer.bytes).objectValue).entries {
            try ViewProperty.leaves(name, value, at: "", into: &leaves)
        }
        #expect(leaves.map(\.key) == ServiceLeaves.defaults.map(\.key))
        for (leaf, value) in zip(leaves, ServiceLeaves.defaults) { #expect(value.value == leaf.value, "\(leaf.name)") }
    }

    static let controllers = ControllerState(id: "c", kind: .viewController, title: nil, viewControllers: [], selectedIndex: nil,
                                             topViewController: nil, visible: true, presented: [], modalPresentationStyle: nil, selectedDetent: nil)

    static let strings = ["", "image", "Thing \"3\" é", "back\\slash", "tab\tnew\nline\u{01}\u{7f}", "e\u{301}", "\u{2028}🙂", "/a/b~c"]
    static let roles: [ViewRole] = [.window, .container, .navigationBar, .largeTitle, .snapshot, .dimming]

    /// A number of one of the kinds a snapshot's JSON writes differently.
    static func number(_ random: inout SplitMix64) -> Double {
        switch random.next() % 12 {
        case 0: return -0.0
        case 1: return Double(Int(random.next() % 2000) - 1000)
        case 2: return Double(Int64(bitPattern: random.next() >> 8)) * (random.next() % 2 == 0 ? 1 : -1)  // past 2^53
        case 3: return Double(random.next() % 10_000) / 3
        case 4: return Double(random.next() % 1_000_000) / 1_000_000
        case 5: return Double(bitPattern: random.next())  // any double, NaN and ±∞ among them (rarely)
        case 6: return Double(bitPattern: random.next() % (1 << 52))  // subnormal
        case 7: return Double(random.next() % 1000) * 1e-9
        case 8: return [Double.nan, .infinity, -.infinity][Int(random.next() % 3)]
        case 9: return 0.1 + 0.2
        case 10: return Double(random.next() % 1_000_000_000) * 1e-3 + 1e9
        default: return 0.5
        }
    }

    /// Mostly an ordinary number, sometimes one of the others (so that most views read).
    static func value(_ random: inout SplitMix64) -> Double {
        random.next() % 40 == 0 ? number(&random) : (random.next() % 3 == 0 ? number(&random) : Double(random.next() % 640) / 4)
    }

    static func finite(_ random: inout SplitMix64) -> Double {
        let n = number(&random)
        return n.isFinite ? n : 0.25
    }

    static func rect(_ random: inout SplitMix64) -> Rect {
        Rect(x: value(&random), y: value(&random), width: value(&random), height: value(&random))
    }

    static func color(_ random: inout SplitMix64) -> Color {
        func component() -> Double {
            switch random.next() % 4 {
            case 0: Double(random.next() % 256) / 255
            case 1: (Double(random.next() % 256) + 0.5) / 255  // halfway between two bytes
            case 2: Double(Int(random.next() % 300) - 150) / 100  // outside [0, 1] too
            default: Double(random.next() % 1000) / 1000
            }
        }
        return Color(red: component(), green: component(), blue: component(), alpha: component())
    }

    static func transform(_ random: inout SplitMix64) -> AffineTransform {
        random.next() % 3 == 0 ? AffineTransform(a: 1, b: -0.0, c: 0, d: 1, tx: -0.0, ty: 0)  // the identity, written as one constant
            : AffineTransform(a: value(&random), b: value(&random), c: value(&random), d: value(&random), tx: value(&random), ty: value(&random))
    }

    static func transform3D(_ random: inout SplitMix64) -> Transform3D? {
        switch random.next() % 3 {
        case 0: return nil
        case 1:
            let t = transform(&random)
            return Transform3D([t.a, t.b, 0, 0, t.c, t.d, 0, 0, 0, 0, 1, 0, t.tx, t.ty, 0, 1])  // a 2D one, in the encoder's 3D form
        default: return Transform3D((0..<16).map { _ in value(&random) })
        }
    }

    static func layer(_ random: inout SplitMix64) -> LayerProperties {
        var l = LayerProperties()
        guard random.next() % 3 != 0 else { return l }
        if random.next() % 2 == 0 { l.cornerRadius = value(&random) }
        if random.next() % 2 == 0 { l.maskedCorners = CornerMask(rawValue: UInt8(random.next() % 16)) }
        if random.next() % 2 == 0 { l.clipsToBounds = true }
        if random.next() % 2 == 0 { l.borderWidth = value(&random) }
        if random.next() % 2 == 0 { l.borderColor = color(&random) }
        if random.next() % 2 == 0 { l.shadowOpacity = value(&random) }
        if random.next() % 2 == 0 { l.shadowRadius = value(&random) }
        if random.next() % 2 == 0 { l.shadowOffset = Size(width: value(&random), height: value(&random)) }
        if random.next() % 2 == 0 { l.shadowColor = color(&random) }
        if random.next() % 2 == 0 { l.anchorPoint = Point(x: value(&random), y: value(&random)) }
        if random.next() % 2 == 0 { l.zPosition = value(&random) }
        if random.next() % 2 == 0 { l.isDoubleSided = false }
        return l
    }

    static func node(_ random: inout SplitMix64, depth: Int) -> SnapshotNode {
        func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }
        func maybe<T>(_ make: () -> T) -> T? { random.next() % 2 == 0 ? make() : nil }
        let identity = ViewIdentity(id: pick(strings), kind: pick(["view", "label", "imageView"]), owner: maybe { ControllerID(pick(["nav", "detail"])) },
                                    path: pick(strings), role: maybe { pick(roles) }, text: maybe { pick(strings) }, image: maybe { pick(strings) },
                                    fontSize: maybe { finite(&random) }, snapshotOf: maybe { pick(strings) })
        let layer = layer(&random)
        let children = depth < 2 ? (0..<Int(random.next() % 4)).map { _ in node(&random, depth: depth + 1) } : []
        return SnapshotNode(identity: IdentityStorage(identity), frame: rect(&random), bounds: rect(&random),
                            center: Point(x: value(&random), y: value(&random)), transform: transform(&random),
                            transform3DStorage: transform3D(&random).map(Transform3DStorage.init), alpha: value(&random),
                            hidden: random.next() % 2 == 0, windowFrame: rect(&random), backgroundColor: maybe { color(&random) },
                            layerStorage: layer == .defaults ? nil : LayerStorage(layer), visibleRect: maybe { rect(&random) },
                            visible: random.next() % 3 != 0, children: children)
    }
}
