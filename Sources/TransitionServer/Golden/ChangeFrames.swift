import JSONCodec
import TransitionCore

/// A change-only batch (`/snapshots?changes=true`, format `changes/1`: ChangeBatch) read back
/// into the full flat frames it stands for, as tests/e2e/changes_decoder.py does, so that a
/// harness may keep its expected frames in the smaller form. Every index and path the batch
/// names is checked: a batch that does not rebuild is a 422 at the member that breaks it.
enum ChangeFrames {
    /// The frames of `list` (the batch's `snapshots`, at `pointer`), each whole. The edits are
    /// counted before any frame is rebuilt, and the members the rebuild indexes (each object an
    /// edit reaches, once a frame) as it goes, each bounded by `bounds.values`: the rebuild costs
    /// at most about twice that many steps, whatever the batch holds.
    static func rebuild(_ list: [JSONValue], at pointer: String, bounds: FrameBounds) throws(SimulationError) -> [JSONValue] {
        guard let first = list.first else { return [] }
        guard var previous = first.objectValue else { throw SimulationError("\(pointer)/0", "expected a snapshot, found \(first.typeName)") }
        guard editCount(list) <= bounds.values else {
            throw SimulationError.limitExceeded("\(pointer): the batch makes more than \(bounds.values) changes, the most one comparison applies")
        }
        var indexed = 0
        var frames: [JSONValue] = [first]
        for (i, change) in list.enumerated().dropFirst() {
            var r = try SpecReader(change, at: "\(pointer)/\(i)")
            let frame = EditedObject(previous, indexed: &indexed)
            frame.set("time", r.value("time"))
            if let set = r.value("set") {
                for (path, value) in try members(set, at: r.path("set")) {
                    try frame.assign(value, to: path, at: SpecReader.child(r.path("set"), path), indexed: &indexed)
                }
            }
            if let unset = try r.array("unset", maxCount: bounds.values) {
                for (j, path) in unset.enumerated() {
                    guard let path = path.stringValue else { throw SimulationError("\(r.path("unset"))/\(j)", "expected a dotted path") }
                    try frame.assign(nil, to: path, at: "\(r.path("unset"))/\(j)", indexed: &indexed)
                }
            }
            let oldViews = previous["views"]?.arrayValue ?? []
            var views: [JSONValue]
            if let whole = try r.array("views", maxCount: bounds.viewsPerFrame) {
                views = whole
            } else {
                let removed = Set(try indices(r.array("removed", maxCount: bounds.viewsPerFrame) ?? [], below: oldViews.count, at: r.path("removed")))
                views = oldViews.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
                for (j, pair) in (try r.array("added", maxCount: bounds.viewsPerFrame) ?? []).enumerated() {
                    let at = "\(r.path("added"))/\(j)"
                    guard let items = pair.arrayValue, items.count == 2, let index = try indices([items[0]], below: views.count + 1, at: at).first else {
                        throw SimulationError(at, "expected [index, view], the index at most the list's length")
                    }
                    views.insert(items[1], at: index)
                }
                guard views.count <= bounds.viewsPerFrame else {
                    throw SimulationError.limitExceeded("\(r.path("added")): a frame holds more than \(bounds.viewsPerFrame) views, the most one comparison reads per frame")
                }
                // Each view edited is indexed once, then written back once.
                var edited: [Int: EditedObject] = [:]
                if let viewSet = r.value("viewSet") {
                    for (path, groups) in try members(viewSet, at: r.path("viewSet")) {
                        let at = SpecReader.child(r.path("viewSet"), path)
                        guard let groups = groups.arrayValue else { throw SimulationError(at, "expected [[value, index, …], …]") }
                        for (k, group) in groups.enumerated() {
                            guard let items = group.arrayValue, let value = items.first else { throw SimulationError("\(at)/\(k)", "expected [value, index, …]") }
                            for index in try indices(Array(items.dropFirst()), below: views.count, at: "\(at)/\(k)") {
                                try view(index, of: views, edited: &edited, at: "\(at)/\(k)", indexed: &indexed)
                                    .assign(value, to: path, at: "\(at)/\(k)", indexed: &indexed)
                            }
                        }
                    }
                }
                if let viewUnset = r.value("viewUnset") {
                    for (path, list) in try members(viewUnset, at: r.path("viewUnset")) {
                        let at = SpecReader.child(r.path("viewUnset"), path)
                        guard let list = list.arrayValue else { throw SimulationError(at, "expected [index, …]") }
                        for index in try indices(list, below: views.count, at: at) {
                            try view(index, of: views, edited: &edited, at: at, indexed: &indexed).assign(nil, to: path, at: at, indexed: &indexed)
                        }
                    }
                }
                for (index, view) in edited { views[index] = .object(view.json) }
            }
            try r.finish()
            guard indexed <= bounds.values else {
                throw SimulationError.limitExceeded("\(r.pointer): rebuilding the batch's frames reads more than \(bounds.values) members of the frames before, the most one comparison reads")
            }
            frame.set("views", .array(views))
            previous = frame.json
            frames.append(.object(previous))
        }
        return frames
    }

    /// The views each frame of `list` holds once rebuilt, the first `first`, counted from the
    /// batch's structure without rebuilding it (so that a comparison is weighed before its
    /// expected frames are read); a member the rebuild refuses counts for nothing.
    static func viewCounts(_ list: [JSONValue], first: Int) -> [Int] {
        var counts = [first]
        for change in list.dropFirst() {
            let object = change.objectValue
            var count = counts[counts.count - 1]
            if let whole = object?["views"]?.arrayValue {
                count = whole.count
            } else {
                let below = count
                let removed = Set((object?["removed"]?.arrayValue ?? []).compactMap { item -> Int? in
                    guard let n = item.numberValue, n == n.rounded(), n >= 0, n < Double(below) else { return nil }
                    return Int(n)
                })
                count += (object?["added"]?.arrayValue?.count ?? 0) - removed.count
            }
            counts.append(count)
        }
        return counts
    }

    /// The edits a batch makes: members set and unset, views removed and added, and each view's
    /// member set or unset.
    private static func editCount(_ list: [JSONValue]) -> Int {
        var count = 0
        for change in list.dropFirst() {
            guard let object = change.objectValue else { continue }
            count += (object["set"]?.objectValue?.entries.count ?? 0) + (object["unset"]?.arrayValue?.count ?? 0)
            count += (object["removed"]?.arrayValue?.count ?? 0) + (object["added"]?.arrayValue?.count ?? 0)
            for (_, groups) in object["viewSet"]?.objectValue?.entries ?? [] {
                for group in groups.arrayValue ?? [] { count += max(0, (group.arrayValue?.count ?? 0) - 1) }
            }
            for (_, list) in object["viewUnset"]?.objectValue?.entries ?? [] { count += list.arrayValue?.count ?? 0 }
        }
        return count
    }

    /// View `index` of `views` being edited (indexed on its first edit of the frame).
    private static func view(_ index: Int, of views: [JSONValue], edited: inout [Int: EditedObject], at pointer: String,
                             indexed: inout Int) throws(SimulationError) -> EditedObject {
        if let view = edited[index] { return view }
        guard let object = views[index].objectValue else { throw SimulationError(pointer, "view \(index) is not an object") }
        let view = EditedObject(object, indexed: &indexed)
        edited[index] = view
        return view
    }

    private static func members(_ value: JSONValue, at pointer: String) throws(SimulationError) -> [(key: String, value: JSONValue)] {
        guard let object = value.objectValue else { throw SimulationError(pointer, "expected an object of dotted paths, found \(value.typeName)") }
        return object.entries
    }

    /// Whole numbers from 0 to `count` − 1.
    private static func indices(_ list: [JSONValue], below count: Int, at pointer: String) throws(SimulationError) -> [Int] {
        var result: [Int] = []
        for item in list {
            guard let n = item.numberValue, n == n.rounded(), n >= 0, n < Double(count) else {
                throw SimulationError(pointer, "\(String(decoding: JSONWriter.encode(item), as: UTF8.self)) is not an index of the frame's views (0 to \(count - 1))")
            }
            result.append(Int(n))
        }
        return result
    }
}
