import JSONCodec
import TransitionCore

/// A session comparison's body (`POST …/compare`) whose expected frames are a flat `/snapshots`
/// answer, passed over once before anything is weighed (docs/golden.md § Cost): its settings, and
/// for each expected frame its time, where its bytes are, how many views and leaves it gives.
/// Nothing of a view is made: a frame whose bytes turn out to be the service's own frame at its
/// time is never read, and one that is not is read from its bytes then (`ExpectedFramesReader`).
///
/// It reads only the form the service writes (`{"snapshots": [{"time", "transition",
/// "controllers", "views": [...]}]}`, settings around it), holding the body to the bounds the
/// reader does (values, depth, frames, views a frame). Inside a frame it checks no grammar and
/// no repeated name, and counts a leaf by its shape, not by its name (`FrameScan`). So it is
/// taken only for frames equal to bytes the service wrote; any other frame is read, to where
/// the outline saw it end, before the body is taken as valid, and a refusal before any frame
/// is read is answered only once the whole body is checked as the parser checks it
/// (`Application.compareAsBytes`).
struct ComparisonOutline {
    /// An expected frame as passed over.
    struct Frame {
        var time: Double
        /// Its bytes in the body, from its opening brace to its closing one.
        var bytes: Range<Int>
        var views: Int
        /// The leaves its views give, read as the reader reads them (`ComparedView.leaves`):
        /// one for each number, string or boolean member and each member compared whole (an
        /// array of strings), one for each number inside a member's object or array; none for a
        /// view's identity (`id`, `viewController`, `path`, `parent`).
        var leaves: Int
        /// False when a view holds `null` where a number or a name stands (what the service writes
        /// for a value JSON cannot hold, NaN or ±∞), or anything else the reader does not read
        /// as leaves: such a frame is not taken as equal even when its bytes are the service's.
        var plain: Bool
    }

    /// The body's members but `expected`, in order.
    var settings: JSONObject
    var frames: [Frame]

    private struct NotOutlined: Error {}

    /// The outline of `body` under `limits` (a request body's), its frames held to `bounds`; nil
    /// for a body of any other form, or an error.
    static func read(_ body: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits, bounds: FrameBounds = FrameBounds()) -> ComparisonOutline? {
        var cursor = JSONCursor(body, limits: limits)
        return try? outline(&cursor, body, bounds: bounds)
    }

    private static func outline(_ cursor: inout JSONCursor, _ input: UnsafeBufferPointer<UInt8>, bounds: FrameBounds) throws -> ComparisonOutline {
        let body = try ComparisonBody.members(&cursor, unread: NotOutlined()) { try snapshots(&$0, input, bounds: bounds) }
        guard !body.expected.isEmpty else { throw NotOutlined() }
        return ComparisonOutline(settings: body.settings, frames: body.expected)
    }

    /// `{"snapshots": [FRAME, …]}`, and nothing else.
    private static func snapshots(_ cursor: inout JSONCursor, _ input: UnsafeBufferPointer<UInt8>, bounds: FrameBounds) throws -> [Frame] {
        guard try cursor.open(UInt8(ascii: "{")) else { throw NotOutlined() }
        var first = true
        guard try cursor.next(UInt8(ascii: "}"), first: &first), let name = try cursor.name(), name.spells("snapshots"),
              try cursor.open(UInt8(ascii: "[")) else { throw NotOutlined() }
        var frames: [Frame] = []
        var firstFrame = true
        while try cursor.next(UInt8(ascii: "]"), first: &firstFrame) {
            guard frames.count < bounds.frames else { throw NotOutlined() }
            frames.append(try frame(&cursor, input, first: frames.isEmpty, bounds: bounds))
        }
        guard try !cursor.next(UInt8(ascii: "}"), first: &first) else { throw NotOutlined() }
        return frames
    }

    /// A frame of the flat form, passed over byte by byte (`FrameScan`). The first must start as
    /// the service starts a frame: a body that does not (a golden re-serialized with spaces, by
    /// another writer) holds none of the service's bytes, and is read as it always was, without
    /// an outline first.
    private static func frame(_ cursor: inout JSONCursor, _ input: UnsafeBufferPointer<UInt8>, first: Bool, bounds: FrameBounds) throws -> Frame {
        let start = cursor.offset()
        if first {
            // `{"time":` and the number, with no space between.
            guard start + 9 <= input.count, UnsafeBufferPointer(rebasing: input[start ..< start + 8]).spells(#"{"time":"#),
                  input[start + 8] == UInt8(ascii: "-") || (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(input[start + 8]) else { throw NotOutlined() }
        }
        var scan = FrameScan(input: input, limits: cursor.limits, around: cursor.openContainers, bounds: bounds)
        guard let end = try scan.frame(from: start), let time = scan.time, scan.given.views else { throw NotOutlined() }
        try cursor.pass(to: end, values: scan.values)
        return Frame(time: time, bytes: start ..< end, views: scan.views, leaves: scan.leaves, plain: scan.plain)
    }
}

/// One frame of the flat form passed over byte by byte, as fast as its bytes go by: strings
/// measured to their closing quote, numbers and literals stepped over, containers counted. It
/// does not check JSON's grammar (a frame is taken only when its bytes are the service's, valid
/// JSON, or once the reader has read them); it counts the values as the parser does, and holds
/// the frame to the parser's depth and string length and to the comparison's bounds.
private struct FrameScan {
    let input: UnsafeBufferPointer<UInt8>
    let limits: JSONParser.Limits
    /// The containers open around the frame.
    let around: Int
    let bounds: FrameBounds
    var time: Double?
    var views = 0, leaves = 0, values = 0
    var plain = true
    var given = (views: false, transition: false, controllers: false)
    /// Containers open in the frame (the frame's own is 1), and which of them are objects (a bit each).
    private var depth = 0
    private var objects: UInt64 = 0
    /// The last member name of the frame and of the view being passed over, in the input.
    private var frameName = 0 ..< 0, viewName = 0 ..< 0
    private var inViews = false
    /// Of a member given as an array: its numbers and its other elements.
    private var numbers = 0, others = 0

    init(input: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits, around: Int, bounds: FrameBounds) {
        self.input = input
        self.limits = limits
        self.around = around
        self.bounds = bounds
    }

    private struct NotScanned: Error {}

    private enum Kind { case object, array, string, number, bool, null }

    /// The frame whose `{` is at `start`; returns where it ends (after its `}`), nil for bytes it
    /// does not take.
    mutating func frame(from start: Int) throws -> Int? {
        var i = start
        var expectsName = false
        let n = input.count
        do {
            while i < n {
                let c = input[i]
                switch c {
                case UInt8(ascii: "\""):
                    let s = i + 1
                    let j = closingQuote(from: s)
                    guard j < n, j - s <= limits.maxStringBytes else { return nil }
                    i = j + 1
                    if expectsName {
                        expectsName = false
                        if depth == 1 { frameName = s ..< j } else if depth == 3 { viewName = s ..< j }
                        // The `:` after a name, where the service writes it.
                        if i < n, input[i] == UInt8(ascii: ":") { i += 1 }
                    } else {
                        try value(.string)
                    }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = c == UInt8(ascii: "{")
                    if depth > 0 { try value(isObject ? .object : .array) } else { values += 1 }
                    guard around + depth < limits.maxDepth, depth < 63 else { return nil }
                    if depth == 1, !isObject, inputSpells(frameName, "views") { inViews = true }
                    depth += 1
                    if isObject { objects |= 1 << depth } else { objects &= ~(1 << depth) }
                    expectsName = isObject
                    if depth == 4, inViews, !isObject { numbers = 0; others = 0 }
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard depth > 0 else { return nil }
                    if inViews, depth == 4, c == UInt8(ascii: "]") {
                        leaves += numbers > 0 ? numbers : 1
                        if numbers > 0, others > 0 { plain = false }
                    }
                    if depth == 2 { inViews = false }
                    depth -= 1
                    expectsName = false
                    i += 1
                    if depth == 0 { return i }
                case UInt8(ascii: ","):
                    expectsName = objects & (1 << depth) != 0
                    i += 1
                case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    i += 1
                case UInt8(ascii: "t"):
                    try value(.bool)
                    i += 4
                case UInt8(ascii: "f"):
                    try value(.bool)
                    i += 5
                case UInt8(ascii: "n"):
                    try value(.null)
                    i += 4
                case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
                    if depth == 1, inputSpells(frameName, "time") {
                        guard time == nil else { return nil }
                        var cursor = JSONCursor(input, limits: limits, at: i, depth: around + depth)
                        guard let t = try cursor.number(), (0...World.latestTime).contains(t) else { return nil }
                        time = t
                        values += 1
                        i = cursor.position
                        continue
                    }
                    try value(.number)
                    i += 1
                    while i < n {
                        let b = input[i]
                        guard (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: ".") || b | 0x20 == UInt8(ascii: "e")
                            || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") else { break }
                        i += 1
                    }
                default:
                    return nil
                }
            }
        } catch is NotScanned {
            return nil
        }
        return nil
    }

    /// Where the string whose first byte is at `s` ends (its closing quote; the input's end when
    /// it has none), eight bytes at a time: a word with no quote or backslash is passed whole.
    @inline(__always)
    private func closingQuote(from s: Int) -> Int {
        let n = input.count
        var j = s
        let base = UnsafeRawPointer(input.baseAddress!)
        while j + 8 <= n {
            let word = base.loadUnaligned(fromByteOffset: j, as: UInt64.self)
            let special = Self.hasByte(word, 0x22) | Self.hasByte(word, 0x5c)
            if special == 0 {
                j += 8
                continue
            }
            j += special.trailingZeroBitCount / 8
            if input[j] == UInt8(ascii: "\"") { return j }
            j += 2
        }
        while j < n {
            let b = input[j]
            if b == UInt8(ascii: "\"") { return j }
            j += b == UInt8(ascii: "\\") ? 2 : 1
        }
        return n
    }

    /// The high bit of each byte of `word` that is `byte` (and possibly of a byte after one that
    /// is, which the caller passes over anyway: only the lowest bit set is exact).
    @inline(__always)
    private static func hasByte(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    /// A value starting in the container open at `depth`: counted, and in the frame's members
    /// and its views, read for what it says (`views`, `leaves`, `plain`).
    @inline(__always)
    private mutating func value(_ kind: Kind) throws {
        values += 1
        // Most values: a number of a view's member object (a rect, a point, a transform).
        if depth == 4, kind == .number, inViews {
            numbers += 1
            if objects & (1 << depth) != 0 { leaves += 1 }
            return
        }
        if depth == 1 {
            // The frame's members: the time is read where it stands, numbers only.
            if inputSpells(frameName, "views") {
                guard kind == .array, !given.views else { throw NotScanned() }
                given.views = true
            } else if inputSpells(frameName, "transition") {
                guard !given.transition else { throw NotScanned() }
                given.transition = true
            } else if inputSpells(frameName, "controllers") {
                guard !given.controllers else { throw NotScanned() }
                given.controllers = true
            } else {
                throw NotScanned()
            }
            return
        }
        guard inViews else { return }
        switch depth {
        case 2:
            views += 1
            guard views <= bounds.viewsPerFrame else { throw NotScanned() }
            if kind != .object { plain = false }
        case 3:
            // A number or a boolean is a leaf: a name with one is no view the service writes.
            if kind == .number || kind == .bool {
                leaves += 1
                return
            }
            let identity = ExpectedFramesReader.identityMember(UnsafeBufferPointer(rebasing: input[viewName]))
            if kind == .object || kind == .array {
                if identity != 0 { plain = false }
            } else if identity == 0 {
                if kind == .null { plain = false }
                leaves += 1
            } else if kind == .null ? identity != ExpectedFramesReader.viewController && identity != ExpectedFramesReader.parent : kind != .string {
                plain = false
            }
        case 4:
            if kind == .object || kind == .array { plain = false }
            if kind == .number { numbers += 1 } else if kind == .string, objects & (1 << depth) == 0 { others += 1 } else { plain = false }
            // In an object, each value is a leaf; an array's are counted when it closes.
            if objects & (1 << depth) != 0 { leaves += 1 }
        default:
            plain = false
        }
    }

    private func inputSpells(_ range: Range<Int>, _ name: StaticString) -> Bool {
        UnsafeBufferPointer(rebasing: input[range]).spells(name)
    }
}
