import JSONCodec
import TransitionCore

/// A change-only batch (`/snapshots?changes=true`, format `changes/1`: ChangeBatch) read back
/// into the full flat frames it stands for, as tests/e2e/changes_decoder.py does, so that a
/// harness may keep its expected frames in the smaller form. Every index and path the batch
/// names is checked: a batch that does not rebuild is a 422 at the member that breaks it.
enum ChangeFrames {
    /// The frames of `list` (the batch's `snapshots`, at `pointer`), each whole.
    static func rebuild(_ list: [JSONValue], at pointer: String, bounds: FrameBounds) throws(SimulationError) -> [JSONValue] {
        guard let first = list.first else { return [] }
        guard var previous = first.objectValue else { throw SimulationError("\(pointer)/0", "expected a snapshot, found \(first.typeName)") }
        var frames: [JSONValue] = [first]
        for (i, change) in list.enumerated().dropFirst() {
            var r = try SpecReader(change, at: "\(pointer)/\(i)")
            var frame = previous
            frame["time"] = r.value("time")
            if let set = r.value("set") {
                for (path, value) in try members(set, at: r.path("set")) {
                    try assign(value, to: path, in: &frame, at: SpecReader.child(r.path("set"), path))
                }
            }
            if let unset = try r.array("unset", maxCount: bounds.values) {
                for (j, path) in unset.enumerated() {
                    guard let path = path.stringValue else { throw SimulationError("\(r.path("unset"))/\(j)", "expected a dotted path") }
                    try assign(nil, to: path, in: &frame, at: "\(r.path("unset"))/\(j)")
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
                if let viewSet = r.value("viewSet") {
                    for (path, groups) in try members(viewSet, at: r.path("viewSet")) {
                        let at = SpecReader.child(r.path("viewSet"), path)
                        guard let groups = groups.arrayValue else { throw SimulationError(at, "expected [[value, index, …], …]") }
                        for (k, group) in groups.enumerated() {
                            guard let items = group.arrayValue, let value = items.first else { throw SimulationError("\(at)/\(k)", "expected [value, index, …]") }
                            for index in try indices(Array(items.dropFirst()), below: views.count, at: "\(at)/\(k)") {
                                try assign(value, to: path, inView: index, of: &views, at: "\(at)/\(k)")
                            }
                        }
                    }
                }
                if let viewUnset = r.value("viewUnset") {
                    for (path, list) in try members(viewUnset, at: r.path("viewUnset")) {
                        let at = SpecReader.child(r.path("viewUnset"), path)
                        guard let list = list.arrayValue else { throw SimulationError(at, "expected [index, …]") }
                        for index in try indices(list, below: views.count, at: at) {
                            try assign(nil, to: path, inView: index, of: &views, at: at)
                        }
                    }
                }
            }
            try r.finish()
            frame["views"] = .array(views)
            frames.append(.object(frame))
            previous = frame
        }
        return frames
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

    private static func assign(_ value: JSONValue?, to path: String, inView index: Int, of views: inout [JSONValue], at pointer: String) throws(SimulationError) {
        guard var view = views[index].objectValue else { throw SimulationError(pointer, "view \(index) is not an object") }
        try assign(value, to: path, in: &view, at: pointer)
        views[index] = .object(view)
    }

    /// Sets (or, with nil, removes) the member at a dotted path, whose parents must be objects.
    private static func assign(_ value: JSONValue?, to path: String, in object: inout JSONObject, at pointer: String) throws(SimulationError) {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard let name = parts.first, !name.isEmpty else { throw SimulationError(pointer, "'\(path)' is not a dotted path") }
        guard parts.count == 2 else {
            object[name] = value
            return
        }
        guard var child = object[name]?.objectValue else { throw SimulationError(pointer, "'\(name)' is not an object of the frame before") }
        try assign(value, to: parts[1], in: &child, at: pointer)
        object[name] = .object(child)
    }
}
