import JSONCodec
import TransitionCore

/// A session comparison's request body (`POST …/compare`) read in one pass, its `expected`
/// frames straight from the bytes into compared views, with no `JSONValue` tree of them
/// (docs/golden.md § Cost): member names matched as bytes against the member table's, numbers
/// read into the leaves, the leaf positions of a set of members made once. The body's other
/// members (the comparison's settings) are parsed as they are.
///
/// It reads the forms a harness sends whole: a `/snapshots` answer, flat or as trees, and the
/// minimal form. Anything else (a change-only batch, an escaped name, a member out of place, any
/// error) it leaves to the JSON tree (`frames` is nil): that path answers the same for every body
/// read here, and is the one that says what is wrong with a body, so errors keep their
/// pointer and wording whatever part of the body they are in.
struct ComparisonBody {
    /// The body's members but `expected`, in order.
    var settings: JSONObject
    var expected: ExpectedFrames

    /// The expected frames and the settings of a body parsed with `limits` (a request body's):
    /// the frames read from its bytes, or for a body not read so (`frames`), parsed, to be
    /// weighed and read from the tree. Its errors are the tree's.
    static func read(_ body: [UInt8], limits: JSONParser.Limits, bounds: FrameBounds = FrameBounds()) throws -> (ExpectedFrames.Source, ComparisonSettings) {
        if let read = frames(body, limits: limits, bounds: bounds) {
            var r = try SpecReader(.object(read.settings), at: "")
            let settings = try ComparisonSettings.read(&r)
            try r.finish()
            return (.read(read.expected), settings)
        }
        var r = try SpecReader(try JSONParser.parse(body, limits: limits), at: "")
        guard let frames = r.value("expected") else {
            throw SimulationError("/expected", "is required: the frames to compare (a /snapshots answer, or {\"frames\": [{\"time\", \"views\"}]})")
        }
        let settings = try ComparisonSettings.read(&r)
        try r.finish()
        return (.json(frames), settings)
    }

    /// The body with its expected frames read from its bytes, its frames held to `bounds`; nil
    /// when it is not read here.
    static func frames(_ body: [UInt8], limits: JSONParser.Limits, bounds: FrameBounds = FrameBounds()) -> ComparisonBody? {
        body.withUnsafeBufferPointer { input in
            var cursor = JSONCursor(input, limits: limits)
            var reader = ExpectedFramesReader(bounds: bounds)
            return try? reader.body(&cursor)
        }
    }
}

extension ComparisonBody {
    /// The members of a comparison body's object, up to its end: `expected` read by
    /// `readExpected`, the others (the settings) parsed as they are, in order. It throws
    /// `unread` for a body that is not an object, a repeated name, more than 32 members or no
    /// `expected`: a body the tree reads instead, which says what is wrong with it.
    static func members<Expected>(_ cursor: inout JSONCursor, unread: some Error,
                                  expected readExpected: (inout JSONCursor) throws -> Expected) throws -> (settings: JSONObject, expected: Expected) {
        guard try cursor.open(UInt8(ascii: "{")) else { throw unread }
        var names: [String] = []
        var settings = JSONObject()
        var expected: Expected?
        var first = true
        while try cursor.next(UInt8(ascii: "}"), first: &first) {
            guard let bytes = try cursor.name(), names.count < 32 else { throw unread }
            let name = String(decoding: bytes, as: UTF8.self)
            guard !names.contains(name) else { throw unread }
            names.append(name)
            if name == "expected" {
                expected = try readExpected(&cursor)
            } else {
                settings.entries.append((name, try cursor.value()))
            }
        }
        try cursor.end()
        guard let expected else { throw unread }
        return (settings, expected)
    }
}

/// What reads a body's expected frames (`ComparisonBody`), or one frame of them
/// (`Application.compareOutline`); it throws, without saying why, at the first thing it does not read.
struct ExpectedFramesReader {
    struct NotRead: Error {}

    let bounds: FrameBounds
    /// The values read so far (`FrameBounds.values`).
    var values = 0
    /// The leaf positions made, by the leaves' keys in order: the views of a batch have a few
    /// sets of members among them.
    var positions: [(keys: [LeafKey], positions: LeafPositions)] = []

    init(bounds: FrameBounds) {
        self.bounds = bounds
    }

    mutating func body(_ cursor: inout JSONCursor) throws -> ComparisonBody {
        let body = try ComparisonBody.members(&cursor, unread: NotRead()) { try frames(&$0, at: "/expected") }
        return ComparisonBody(settings: body.settings, expected: body.expected)
    }

    /// The expected frames (ExpectedFrames.Given): `snapshots` or `frames`, and nothing else.
    mutating func frames(_ cursor: inout JSONCursor, at pointer: String) throws -> ExpectedFrames {
        guard try cursor.open(UInt8(ascii: "{")) else { throw NotRead() }
        var read: ExpectedFrames?
        var first = true
        while try cursor.next(UInt8(ascii: "}"), first: &first) {
            guard read == nil, let name = try cursor.name() else { throw NotRead() }
            let complete: Bool
            if name.spells("snapshots") {
                complete = true
            } else if name.spells("frames") {
                complete = false
            } else {
                throw NotRead()
            }
            read = try list(&cursor, at: SpecReader.child(pointer, complete ? "snapshots" : "frames"), complete: complete)
        }
        guard let read, !read.frames.isEmpty else { throw NotRead() }
        return read
    }

    mutating func list(_ cursor: inout JSONCursor, at pointer: String, complete: Bool) throws -> ExpectedFrames {
        guard try cursor.open(UInt8(ascii: "[")) else { throw NotRead() }
        var frames: [ComparedFrame] = []
        var first = true
        while try cursor.next(UInt8(ascii: "]"), first: &first) {
            guard frames.count < bounds.frames else { throw NotRead() }
            frames.append(try frame(&cursor, at: "\(pointer)/\(frames.count)", complete: complete))
        }
        return ExpectedFrames(frames: frames, complete: complete)
    }

    /// A frame: its `time` and its views, a tree (`root`) or a list (`views`); a complete frame
    /// may also give its `transition` and `controllers`, which are not compared.
    mutating func frame(_ cursor: inout JSONCursor, at pointer: String, complete: Bool) throws -> ComparedFrame {
        guard try cursor.open(UInt8(ascii: "{")) else { throw NotRead() }
        var time: Double?
        var views: [ComparedView]?
        var ignored = (transition: false, controllers: false)
        var first = true
        while try cursor.next(UInt8(ascii: "}"), first: &first) {
            guard let name = try cursor.name() else { throw NotRead() }
            if name.spells("time") {
                guard time == nil, let t = try cursor.number(), (0...World.latestTime).contains(t) else { throw NotRead() }
                time = t
            } else if name.spells("views") {
                guard views == nil else { throw NotRead() }
                views = try list(&cursor, at: "\(pointer)/views")
            } else if complete, name.spells("root") {
                guard views == nil else { throw NotRead() }
                var tree: [ComparedView]? = []
                try view(&cursor, at: ViewPlace(pointer: "\(pointer)/root"), into: &tree)
                views = tree
            } else if complete, name.spells("transition"), !ignored.transition {
                ignored.transition = true
                guard try !cursor.value().isNull else { throw NotRead() }
            } else if complete, name.spells("controllers"), !ignored.controllers {
                ignored.controllers = true
                guard try !cursor.value().isNull else { throw NotRead() }
            } else {
                throw NotRead()
            }
        }
        guard let time, let views else { throw NotRead() }
        return ComparedFrame(time: time, views: views, pointer: pointer)
    }

    /// A flat list of views (`views`).
    mutating func list(_ cursor: inout JSONCursor, at pointer: String) throws -> [ComparedView] {
        guard try cursor.open(UInt8(ascii: "[")) else { throw NotRead() }
        var views: [ComparedView] = []
        var first = true
        while try cursor.next(UInt8(ascii: "]"), first: &first) {
            guard views.count < bounds.viewsPerFrame else { throw NotRead() }
            var flat: [ComparedView]?
            views.append(try view(&cursor, at: ViewPlace(list: pointer, index: views.count), tree: &flat))
        }
        return views
    }

    /// A view of a tree and its subviews, each before its subviews (`ExpectedFrames.flatten`).
    mutating func view(_ cursor: inout JSONCursor, at place: ViewPlace, into tree: inout [ComparedView]?) throws {
        guard tree!.count < bounds.viewsPerFrame else { throw NotRead() }
        let slot = tree!.count
        tree!.append(Self.placeholder)
        let view = try view(&cursor, at: place, tree: &tree)
        tree![slot] = view
    }

    /// A view (ComparedView.read). In a tree (`tree`: the frame's views so far) its subviews
    /// are read into the tree after it; a flat list's view may give them, but they are not read.
    mutating func view(_ cursor: inout JSONCursor, at place: ViewPlace, tree: inout [ComparedView]?) throws -> ComparedView {
        guard try cursor.open(UInt8(ascii: "{")) else { throw NotRead() }
        var id: String?, controller: String?, path: String?
        var leaves: [Leaf] = []
        leaves.reserveCapacity(32)
        var hint = 0
        // The member table's rows given, and the identity's members (`identityMember`'s bits).
        var given: UInt64 = 0
        var identity: UInt8 = 0
        var first = true
        while try cursor.next(UInt8(ascii: "}"), first: &first) {
            guard let name = try cursor.name() else { throw NotRead() }
            let which = Self.identityMember(name)
            if which == 0 {
                guard let member = LeafKey.member(named: name, from: &hint) else { throw NotRead() }
                let bit: UInt64 = 1 << (hint - 1)
                guard given & bit == 0 else { throw NotRead() }
                given |= bit
                try self.leaves(of: member, &cursor, into: &leaves)
                continue
            }
            guard identity & which == 0 else { throw NotRead() }
            identity |= which
            switch which {
            case Self.id, Self.path:
                guard let s = try cursor.string() else { throw NotRead() }
                if which == Self.id { id = s } else { path = s }
            case Self.viewController:
                if try !cursor.null() {
                    guard let s = try cursor.string() else { throw NotRead() }
                    controller = s
                }
            case Self.children:
                if tree != nil {
                    guard try cursor.open(UInt8(ascii: "[")) else { throw NotRead() }
                    var firstChild = true
                    var i = 0
                    while try cursor.next(UInt8(ascii: "]"), first: &firstChild) {
                        try view(&cursor, at: ViewPlace(pointer: "\(place.pointer)/children/\(i)"), into: &tree)
                        i += 1
                    }
                } else {
                    _ = try cursor.value()
                }
            default:
                // A flat view's parent: its id, or null for the window.
                if try !cursor.null(), try cursor.string() == nil { _ = try cursor.value() }
            }
        }
        values += leaves.count
        guard values <= bounds.values else { throw NotRead() }
        let identityCase: ComparedView.Identity
        if let controller {
            guard let path else { throw NotRead() }
            identityCase = .path(viewController: controller, path: path)
        } else if let id {
            identityCase = .id(id)
        } else {
            throw NotRead()
        }
        return ComparedView(identity: identityCase, id: id, viewController: controller, path: path, leaves: leaves,
                            positions: positions(of: leaves), place: place)
    }

    static let id: UInt8 = 1, path: UInt8 = 2, viewController: UInt8 = 4, parent: UInt8 = 8, children: UInt8 = 16

    /// The bit of a view's member that is not compared (its identity, its place in the tree);
    /// 0 for any other (`ComparisonOutline` reads them too).
    static func identityMember(_ name: UnsafeBufferPointer<UInt8>) -> UInt8 {
        if name.spells("id") { return id }
        if name.spells("path") { return path }
        if name.spells("viewController") { return viewController }
        if name.spells("parent") { return parent }
        if name.spells("children") { return children }
        return 0
    }

    /// The leaves of `member` (ViewProperty.leaves).
    mutating func leaves(of member: LeafKey.Member, _ cursor: inout JSONCursor, into list: inout [Leaf]) throws {
        switch member.shape {
        case .number:
            guard let n = try cursor.number() else { throw NotRead() }
            list.append(Leaf(key: member.first, value: .number(n)))
        case .bool:
            guard let b = try cursor.bool() else { throw NotRead() }
            list.append(Leaf(key: member.first, value: .whole(.bool(b))))
        case .string:
            guard let s = try cursor.string() else { throw NotRead() }
            list.append(Leaf(key: member.first, value: .whole(.string(s))))
        case .strings:
            guard cursor.peek() == UInt8(ascii: "["), case let value = try cursor.value(),
                  value.arrayValue?.allSatisfy({ $0.stringValue != nil }) == true else { throw NotRead() }
            list.append(Leaf(key: member.first, value: .whole(value)))
        case .matrix, .transform:
            if try cursor.open(UInt8(ascii: "[")) {
                var i = 0
                var first = true
                while try cursor.next(UInt8(ascii: "]"), first: &first) {
                    guard i < member.leaves.count, let n = try cursor.number() else { throw NotRead() }
                    list.append(Leaf(key: member.leaf(i), value: .number(n)))
                    i += 1
                }
                guard i == member.leaves.count else { throw NotRead() }
                return
            }
            guard member.shape == .transform else { throw NotRead() }
            try objectLeaves(of: member, &cursor, into: &list)
        case .rect, .point, .size:
            try objectLeaves(of: member, &cursor, into: &list)
        case .nullableString:
            throw NotRead()
        }
    }

    /// A member's leaves given as an object, each at most once, in any order.
    func objectLeaves(of member: LeafKey.Member, _ cursor: inout JSONCursor, into list: inout [Leaf]) throws {
        guard try cursor.open(UInt8(ascii: "{")) else { throw NotRead() }
        let names = member.leafBytes
        var next = 0
        var given: UInt32 = 0
        var first = true
        while try cursor.next(UInt8(ascii: "}"), first: &first) {
            guard let key = try cursor.name(),
                  let index = next < names.count && key.spells(names[next]) ? next : names.firstIndex(where: { key.spells($0) }),
                  given & 1 << index == 0, let n = try cursor.number()
            else { throw NotRead() }
            given |= 1 << index
            list.append(Leaf(key: member.leaf(index), value: .number(n)))
            next = index + 1
        }
    }

    /// The positions of these leaves, made once for each set of keys in order.
    mutating func positions(of leaves: [Leaf]) -> LeafPositions {
        for known in positions where known.keys.count == leaves.count {
            var same = true
            for i in leaves.indices where known.keys[i] != leaves[i].key {
                same = false
                break
            }
            if same { return known.positions }
        }
        let made = LeafPositions(leaves)
        if positions.count < 32 { positions.append((leaves.map(\.key), made)) }
        return made
    }

    /// What a tree's view slot holds until the view is read (its subviews are read into the
    /// list after it, while it is).
    static let placeholder = ComparedView(identity: .id(""), id: nil, viewController: nil, path: nil, leaves: [], place: ViewPlace(pointer: ""))
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these are the bytes of `name` (a member name as `JSONCursor.name()` gives it).
    @inline(__always)
    func spells(_ name: [UInt8]) -> Bool {
        count == name.count && name.withUnsafeBufferPointer { spells($0) }
    }

    @inline(__always)
    func spells(_ name: StaticString) -> Bool {
        count == name.utf8CodeUnitCount && spells(UnsafeBufferPointer(start: name.utf8Start, count: count))
    }

    /// Byte for byte, of the same count.
    @inline(__always)
    private func spells(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        for i in 0 ..< count where self[i] != other[i] { return false }
        return true
    }
}
