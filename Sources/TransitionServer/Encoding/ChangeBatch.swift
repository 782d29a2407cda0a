import JSONCodec
import TransitionCore

/// `GET …/snapshots?changes=true`: a series of flat snapshots as the first frame whole and every
/// later frame as what differs from the frame before (format `changes/1`: openapi.yaml's
/// `ChangeBatch`, docs/performance.md § Change-only batches, which shows the reference decoder).
///
/// Each frame is first encoded exactly as the full batch would write it (same precision, same
/// bytes) and read back as a JSON value; the differences are taken between those values, so a
/// change the requested precision rounds away is no change, and rebuilding gives exactly the
/// full batch's frames.
struct ChangeBatch {
    static let format = "changes/1"

    /// Limits for reading back the service's own frames: its output is bounded by the scene's
    /// limits, not a client's body, so only the nesting is capped; and the encoder writes each
    /// name once, so names are not checked for repeats.
    static let ownOutput = JSONParser.Limits(maxDepth: 256, maxStringBytes: .max, maxValues: .max, rejectsDuplicateNames: false)

    /// The batch's JSON, `nil` once it grows past `limit` bytes.
    static func encode(_ shots: [Snapshot], precision: Int?, limit: Int) -> [UInt8]? {
        var writer = JSONWriter(reservingCapacity: 65_536)
        writer.beginObject()
        writer.key("format"); writer.string(format)
        writer.key("snapshots")
        writer.beginArray()
        var previous: Frame?
        for shot in shots {
            var encoder = ResponseEncoder(precision: precision, flat: true)
            encoder.snapshot(shot)
            // The encoder's own output always parses; a failure would be a bug, answered whole.
            let value = (try? JSONParser.parse(encoder.writer.bytes, limits: ownOutput)) ?? .null
            let frame = Frame(value)
            if let previous {
                changes(from: previous, to: frame, into: &writer)
            } else {
                writer.value(value)
            }
            previous = frame
            guard writer.count <= limit else { return nil }
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// One frame read back: its members, and its views with the key each is known by.
    struct Frame {
        var snapshot: JSONObject
        var views: [(key: String, view: JSONObject)]
        /// Whether every view's key is different (a change frame names views by key).
        var keysAreUnique: Bool

        init(_ value: JSONValue) {
            snapshot = value.objectValue ?? JSONObject()
            views = (snapshot["views"]?.arrayValue ?? []).map { v in
                let view = v.objectValue ?? JSONObject()
                return (Self.key(view), view)
            }
            keysAreUnique = Set(views.map(\.key)).count == views.count
        }

        /// What `parent` calls a view: `controller:path` for a controller's view and its
        /// subviews, the view's id for the window's own views.
        static func key(_ view: JSONObject) -> String {
            if let controller = view["viewController"]?.stringValue, let path = view["path"]?.stringValue {
                return "\(controller):\(path)"
            }
            return view["id"]?.stringValue ?? ""
        }
    }

    /// A later frame (all members but `time` left out when empty):
    /// - `time`;
    /// - `set` and `unset`: the snapshot's other members (`transition`, `controllers`) that
    ///   changed, by dotted path (`transition.elapsed`), objects compared member by member;
    /// - the views, either as `removed` (indices in the previous frame's list), `added` (index in
    ///   the new list and the whole view, in increasing order), then `viewSet` (each changed path
    ///   with its values, each as `[value, index, index, …]`, indices in the new list) and
    ///   `viewUnset` (each path with the indices that lost it); or, when that cannot say it (the order changed, or two
    ///   views share a key), the whole `views` list.
    static func changes(from old: Frame, to new: Frame, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("time"); writer.value(new.snapshot["time"] ?? .null)
        var members = PathChanges()
        for (name, value) in new.snapshot.entries where name != "time" && name != "views" {
            members.compare(old.snapshot[name], value, at: name)
        }
        members.write(set: "set", unset: "unset", into: &writer)
        guard old.keysAreUnique, new.keysAreUnique, let diff = ViewDiff(from: old, to: new) else {
            writer.key("views"); writer.value(new.snapshot["views"] ?? .array([]))
            writer.endObject()
            return
        }
        if !diff.removed.isEmpty {
            writer.key("removed")
            writer.beginArray()
            for index in diff.removed { writer.integer(index) }
            writer.endArray()
        }
        if !diff.added.isEmpty {
            writer.key("added")
            writer.beginArray()
            for index in diff.added {
                writer.beginArray()
                writer.integer(index)
                writer.value(.object(new.views[index].view))
                writer.endArray()
            }
            writer.endArray()
        }
        // By path, then value, then view: a property many views change together
        // (`windowFrame.x` in a slide) is named once, and each value it takes once.
        var set: [String: [(value: JSONValue, indices: [Int])]] = [:], setOrder: [String] = []
        var unset: [String: [Int]] = [:], unsetOrder: [String] = []
        for (index, before) in diff.kept {
            var changes = PathChanges()
            changes.compareMembers(before, new.views[index].view, at: "")
            for (path, value) in changes.set {
                if set[path] == nil { setOrder.append(path) }
                if let group = set[path]?.firstIndex(where: { $0.value == value }) {
                    set[path]![group].indices.append(index)
                } else {
                    set[path, default: []].append((value, [index]))
                }
            }
            for path in changes.unset {
                if unset[path] == nil { unsetOrder.append(path) }
                unset[path, default: []].append(index)
            }
        }
        if !setOrder.isEmpty {
            writer.key("viewSet")
            writer.beginObject()
            for path in setOrder {
                writer.key(path)
                writer.beginArray()
                for (value, indices) in set[path]! {
                    writer.beginArray()
                    writer.value(value)
                    for index in indices { writer.integer(index) }
                    writer.endArray()
                }
                writer.endArray()
            }
            writer.endObject()
        }
        if !unsetOrder.isEmpty {
            writer.key("viewUnset")
            writer.beginObject()
            for path in unsetOrder {
                writer.key(path)
                writer.beginArray()
                for index in unset[path]! { writer.integer(index) }
                writer.endArray()
            }
            writer.endObject()
        }
        writer.endObject()
    }

    /// Differences between two JSON values by dotted path: objects are compared member by
    /// member (member names hold no dots), anything else is set whole when it differs.
    struct PathChanges {
        var set: [(path: String, value: JSONValue)] = []
        var unset: [String] = []

        /// `path` is made only for a value that changed: most of a frame's members have not.
        mutating func compare(_ old: JSONValue?, _ new: JSONValue, at path: @autoclosure () -> String) {
            guard old != new else { return }
            guard let before = old?.objectValue, let after = new.objectValue else {
                set.append((path(), new))
                return
            }
            compareMembers(before, after, at: path() + ".")
        }

        /// Member by member, `prefix` before each name. Two frames' objects almost always have
        /// the same members in the same order (the encoder's), so each is first looked for at
        /// the same position, and only otherwise by name.
        mutating func compareMembers(_ before: JSONObject, _ after: JSONObject, at prefix: String) {
            for (i, (name, value)) in after.entries.enumerated() {
                let old = i < before.entries.count && before.entries[i].key == name ? before.entries[i].value : before[name]
                compare(old, value, at: prefix + name)
            }
            // Compared in place: `keys` would make two arrays per view and frame.
            guard !before.entries.elementsEqual(after.entries, by: { $0.key == $1.key }) else { return }
            for name in before.keys where after[name] == nil { unset.append(prefix + name) }
        }

        func write(set setName: StaticString, unset unsetName: StaticString, into writer: inout JSONWriter) {
            if !set.isEmpty {
                writer.key(setName)
                writer.beginObject()
                for (path, value) in set { writer.key(path); writer.value(value) }
                writer.endObject()
            }
            if !unset.isEmpty {
                writer.key(unsetName)
                writer.beginArray()
                for path in unset { writer.string(path) }
                writer.endArray()
            }
        }
    }

    /// How two frames' view lists differ, when removing (by old index), adding (at new indices,
    /// in increasing order) and changing in place rebuild the new list in its order; nil otherwise.
    struct ViewDiff {
        /// Indices in the old list.
        var removed: [Int] = []
        /// Indices in the new list.
        var added: [Int] = []
        /// Views in both: index in the new list, the view as it was.
        var kept: [(index: Int, before: JSONObject)] = []

        init?(from old: Frame, to new: Frame) {
            var oldByKey: [String: JSONObject] = [:]
            for (key, view) in old.views { oldByKey[key] = view }
            let newKeys = Set(new.views.map(\.key))
            removed = old.views.indices.filter { !newKeys.contains(old.views[$0].key) }
            // What the decoder will have: the old order without the removed views, the added
            // ones inserted at their indices.
            var rebuilt = old.views.map(\.key).filter { newKeys.contains($0) }
            for (index, (key, _)) in new.views.enumerated() {
                if let before = oldByKey[key] {
                    kept.append((index, before))
                } else {
                    added.append(index)
                    guard index <= rebuilt.count else { return nil }
                    rebuilt.insert(key, at: index)
                }
            }
            guard rebuilt == new.views.map(\.key) else { return nil }
        }
    }
}
