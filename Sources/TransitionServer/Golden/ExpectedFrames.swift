import JSONCodec
import TransitionCore

/// What a comparison is given to match: frames as `/snapshots` answers them (tree, flat or
/// change-only, rebuilt first: ChangeFrames), complete, so that a view the service shows and
/// they do not is a divergence; or the minimal form a harness writes from its own renderer
/// (`{"frames": [{"time", "views"}]}`), in which only the views and members given are compared.
struct ExpectedFrames: Sendable {
    var frames: [ComparedFrame]
    var complete: Bool

    static func read(_ json: JSONValue, at pointer: String, bounds: FrameBounds) throws(SimulationError) -> ExpectedFrames {
        let given = try Given(json, at: pointer, bounds: bounds)
        let list = given.changeOnly ? try ChangeFrames.rebuild(given.list, at: given.pointer, bounds: bounds) : given.list
        var values = 0
        var frames: [ComparedFrame] = []
        for (i, item) in list.enumerated() {
            let at = "\(given.pointer)/\(i)"
            var f = try SpecReader(item, at: at)
            guard let time = try f.number("time", in: 0...World.latestTime) else { throw SimulationError(f.path("time"), "is required: the frame's session time") }
            var views: [(json: JSONValue, place: ViewPlace)] = []
            if given.complete {
                _ = f.value("transition"); _ = f.value("controllers")
                if let root = f.value("root") {
                    try flatten(root, at: f.path("root"), into: &views, bounds: bounds)
                } else if let flat = try f.array("views", maxCount: bounds.viewsPerFrame) {
                    let list = f.path("views")
                    views = flat.enumerated().map { ($1, ViewPlace(list: list, index: $0)) }
                } else {
                    throw SimulationError(f.path("root"), "is required: the frame's view tree ('root'), or its flat list ('views')")
                }
            } else {
                guard let flat = try f.array("views", maxCount: bounds.viewsPerFrame) else {
                    throw SimulationError(f.path("views"), "is required: the views to compare")
                }
                let list = f.path("views")
                views = flat.enumerated().map { ($1, ViewPlace(list: list, index: $0)) }
            }
            try f.finish()
            var read: [ComparedView] = []
            read.reserveCapacity(views.count)
            for view in views { read.append(try ComparedView.read(view.json, at: view.place, counting: &values, bounds: bounds)) }
            frames.append(ComparedFrame(time: time, views: read, pointer: at))
        }
        return ExpectedFrames(frames: frames, complete: given.complete)
    }

    /// Expected frames as a request gives them: read from its bytes already (ComparisonBody),
    /// or parsed JSON, to be weighed (`census`) and read (`read`) in turn.
    enum Source {
        case read(ExpectedFrames)
        case json(JSONValue)

        func census(at pointer: String, bounds: FrameBounds = FrameBounds()) throws(SimulationError) -> Census {
            switch self {
            case .read(let frames):
                Census(times: frames.frames.map(\.time), timePointers: frames.frames.map { "\($0.pointer)/time" },
                       views: frames.frames.reduce(0) { $0 + $1.views.count })
            case .json(let json):
                try ExpectedFrames.census(json, at: pointer, bounds: bounds)
            }
        }

        func read(at pointer: String, bounds: FrameBounds = FrameBounds()) throws(SimulationError) -> ExpectedFrames {
            switch self {
            case .read(let frames): frames
            case .json(let json): try ExpectedFrames.read(json, at: pointer, bounds: bounds)
            }
        }
    }

    /// What expected frames weigh, read from their structure before they are: the time of each
    /// frame and where it is given, and the views of all frames together (change-only frames
    /// counted as they rebuild, without rebuilding them: ChangeFrames.viewCounts). Refused here,
    /// as `read` refuses them: a body of no frame or of both forms, a frame with no valid time.
    struct Census {
        var times: [Double] = []
        var timePointers: [String] = []
        var views = 0
    }

    static func census(_ json: JSONValue, at pointer: String, bounds: FrameBounds) throws(SimulationError) -> Census {
        let given = try Given(json, at: pointer, bounds: bounds)
        var census = Census()
        var counts: [Int] = []
        for (i, item) in given.list.enumerated() {
            var f = try SpecReader(item, at: "\(given.pointer)/\(i)")
            guard let time = try f.number("time", in: 0...World.latestTime) else { throw SimulationError(f.path("time"), "is required: the frame's session time") }
            census.times.append(time)
            census.timePointers.append(f.path("time"))
            if !given.changeOnly || i == 0 { counts.append(viewCount(item, complete: given.complete)) }
        }
        if given.changeOnly { counts = ChangeFrames.viewCounts(given.list, first: counts[0]) }
        census.views = counts.reduce(0, +)
        return census
    }

    /// The views a frame gives: its tree's or its list's.
    private static func viewCount(_ frame: JSONValue, complete: Bool) -> Int {
        let object = frame.objectValue
        if complete, let root = object?["root"] { return treeCount(root) }
        return object?["views"]?.arrayValue?.count ?? 0
    }

    private static func treeCount(_ view: JSONValue) -> Int {
        1 + (view.objectValue?["children"]?.arrayValue ?? []).reduce(0) { $0 + treeCount($1) }
    }

    /// The frames as given, before any is read: the list (`snapshots` or `frames`) and its
    /// pointer, whether they are complete (`snapshots`) and change-only (`format`).
    private struct Given {
        var list: [JSONValue]
        var pointer: String
        var complete: Bool
        var changeOnly: Bool

        init(_ json: JSONValue, at pointer: String, bounds: FrameBounds) throws(SimulationError) {
            var r = try SpecReader(json, at: pointer)
            let format = try r.string("format", maxLength: 64)
            let snapshots = try r.array("snapshots", maxCount: bounds.frames)
            let minimal = try r.array("frames", maxCount: bounds.frames)
            try r.finish()
            guard (snapshots == nil) != (minimal == nil) else {
                throw SimulationError(pointer, "give 'snapshots' (a /snapshots answer) or 'frames' (the minimal form), one of them")
            }
            if format != nil {
                guard format == ChangeBatch.format, snapshots != nil else {
                    throw SimulationError(r.path("format"), "the one format of a batch is '\(ChangeBatch.format)' (/snapshots?changes=true), with 'snapshots'")
                }
            }
            list = snapshots ?? minimal!
            self.pointer = r.path(snapshots != nil ? "snapshots" : "frames")
            complete = snapshots != nil
            changeOnly = format != nil
            guard !list.isEmpty else { throw SimulationError(self.pointer, "holds no frame") }
        }
    }

    /// A tree's views, back to front (each before its subviews, as the flat list has them).
    private static func flatten(_ view: JSONValue, at pointer: String, into list: inout [(json: JSONValue, place: ViewPlace)],
                                bounds: FrameBounds) throws(SimulationError) {
        guard list.count < bounds.viewsPerFrame else {
            throw SimulationError.limitExceeded("\(pointer): a frame holds more than \(bounds.viewsPerFrame) views, the most one comparison reads per frame")
        }
        list.append((view, ViewPlace(pointer: pointer)))
        guard let children = view.objectValue?["children"] else { return }
        guard let items = children.arrayValue else { throw SimulationError(pointer + "/children", "expected an array, found \(children.typeName)") }
        for (i, child) in items.enumerated() { try flatten(child, at: "\(pointer)/children/\(i)", into: &list, bounds: bounds) }
    }
}
