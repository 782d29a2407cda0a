import JSONCodec
import TransitionCore

/// `GET …/snapshots?changes=true`: a series of flat snapshots as the first frame whole and every
/// later frame as what differs from the frame before (format `changes/1`: openapi.yaml's
/// `ChangeBatch`, docs/performance.md § Change-only batches, which shows the reference decoder).
///
/// The frames are compared as values, before anything is written, in the terms of the bytes the
/// full batch would write for them: numbers after the requested precision (`NumberRounding`),
/// so a change the precision rounds away is no change, and rebuilding gives exactly the full
/// batch's frames. The views, nearly all of a frame, are compared member by member
/// (`ViewChanges`); the snapshot's other members (`transition`, `controllers`, a few hundred
/// bytes) are written exactly and, when their bytes changed, read back and compared as JSON.
///
/// A frame is added either computed in full (`add(_:)`), or, when it follows a frame of the
/// same run of a frame template's moving views (`MovingViews`: same state, same views, the same
/// views animated), as those views alone (`add(_:of:time:transition:)`): every other view and
/// the controllers are then the frame before's, so only the moving views are compared
/// (docs/performance.md § Change-only batches cost).
struct ChangeBatch: ~Copyable {
    static let format = "changes/1"

    /// Limits for reading back the service's own output: it is bounded by the scene's limits,
    /// not a client's body, so only the nesting is capped; and the encoder writes each name
    /// once, so names are not checked for repeats.
    static let ownOutput = JSONParser.Limits(maxDepth: 256, maxStringBytes: .max, maxValues: .max, rejectsDuplicateNames: false)

    private var encoder: ResponseEncoder
    /// The frame last added, as the next one is compared with.
    private var previous: Frame?
    /// A later frame's changes of its other members and of its views, their lists kept from
    /// frame to frame.
    private var members: PathChanges
    private var views: ViewChanges

    init(precision: Int?) {
        encoder = ResponseEncoder(precision: precision, flat: true)
        members = PathChanges(rounding: encoder.writer.rounding)
        views = ViewChanges(rounding: encoder.writer.rounding)
        encoder.writer.beginObject()
        encoder.writer.key("format"); encoder.writer.string(Self.format)
        encoder.writer.key("snapshots")
        encoder.writer.beginArray()
    }

    /// Bytes written so far.
    var count: Int { encoder.writer.count }

    /// The batch's JSON, `nil` once it grows past `limit` bytes.
    static func encode(_ shots: [Snapshot], precision: Int?, limit: Int) -> MallocBytes? {
        var batch = ChangeBatch(precision: precision)
        for shot in shots {
            batch.add(shot)
            guard batch.count <= limit else { return nil }
        }
        return batch.finish()
    }

    /// Adds `shot`, computed in full.
    mutating func add(_ shot: Snapshot) {
        var frame = Frame(shot, after: previous)
        if var old = previous.take() {
            Self.changes(from: &old, to: &frame, shot: shot, members: &members, views: &views, into: &encoder)
        } else {
            encoder.snapshot(shot)
        }
        previous = frame
    }

    /// Adds `shot` as the batch's first frame, written by `write` as `ResponseEncoder.snapshot`
    /// writes it whole into the batch's encoder (a frame template's bytes: `SeriesWriter.changeBatch`).
    mutating func addFirst(_ shot: Snapshot, writtenBy write: (inout ResponseEncoder) -> Void) {
        precondition(previous == nil, "the first frame")
        previous = Frame(shot, after: nil)
        write(&encoder)
    }

    /// Whether no frame has been added yet.
    var isEmpty: Bool { previous == nil }

    /// Whether a frame may be added by its moving views: a frame came before, and it names its
    /// views by unique keys (else a change frame lists the views whole).
    var takesMovingViews: Bool { previous?.keysAreUnique ?? false }

    /// Adds the frame at `time` whose moving views `moving` show `moved`, and whose transition
    /// is `transition`: the frame before (`takesMovingViews`) was of a world that `moving` fits,
    /// advanced from the same state, as this one is, so that nothing else differs between them.
    /// Writes the bytes `add(_:)` writes for the frame computed in full.
    mutating func add(_ moved: MovingFrame, of moving: MovingViews, time: Double, transition: TransitionState?) {
        // The frame before becomes this one in place: taken out and put back, it was copied whole.
        Self.changes(to: moved, of: moving, time: time, transition: transition, frame: &previous!, members: &members, views: &views,
                     into: &encoder)
    }

    /// `add(_:of:time:transition:)`, `frame` the frame before, made this one.
    private static func changes(to moved: MovingFrame, of moving: MovingViews, time: Double, transition: TransitionState?,
                                frame: inout Frame, members: inout PathChanges, views: inout ViewChanges,
                                into encoder: inout ResponseEncoder) {
        frame.time = time
        encoder.writer.beginObject()
        encoder.writer.key("time"); encoder.writer.number(time)
        // As `memberChanges` finds it: the controllers are the same.
        members.reset()
        if let progress = frame.takeProgress(of: transition) {
            // The transition's other members are the same: its two progress numbers alone are compared.
            members.compare(.number(progress.before.elapsed), .number(progress.after.elapsed), at: "transition.elapsed")
            members.compare(.number(progress.before.percentComplete), .number(progress.after.percentComplete), at: "transition.percentComplete")
        } else {
            frame.replaceTransition(with: transition, into: &members)
        }
        members.write(set: "set", unset: "unset", into: &encoder.writer)
        views.reset()
        // The frame's nodes are updated in place, through pointers, as they are compared.
        let parents = frame.parents
        moved.nodes.withUnsafeBufferPointer { movedNodes in moved.places.withUnsafeBufferPointer { places in
            frame.nodes.withUnsafeMutableBufferPointer { nodes in
                var animated = 0
                for (entry, index) in moving.order.enumerated() {
                    let node = nodes.baseAddress! + index
                    if moving.animatedEntries[entry] {
                        let new = movedNodes.baseAddress! + animated
                        animated += 1
                        views.compare(node, parent: parents[index], new, parent: parents[index], index: index)
                        // The frame keeps whole nodes: the subviews are its own (a moving frame's nodes have none).
                        let children = node.pointee.children
                        node.pointee = new.pointee
                        node.pointee.children = children
                    } else {
                        let place = places.baseAddress! + entry
                        views.comparePlace(node, place, index: index)
                        node.pointee.windowFrame = place.pointee.windowFrame
                        node.pointee.visibleRect = place.pointee.visibleRect
                        node.pointee.visible = place.pointee.visible
                    }
                }
            }
        } }
        views.write(into: &encoder)
        encoder.writer.endObject()
    }

    /// The batch's JSON, in the memory it was written in (not copied: a response's body).
    consuming func finish() -> MallocBytes {
        encoder.writer.endArray()
        encoder.writer.endObject()
        return encoder.writer.finish()
    }

    /// One frame: its time, its views in the flat form's order (`ResponseEncoder.flatNodes`)
    /// with their keys and their superviews' keys, and its other members as written.
    struct Frame {
        var time: Double
        var keys: [String] = []
        var parents: [String?] = []
        /// The views' nodes, by index (each copied once: a change frame compares them through pointers).
        var nodes: [SnapshotNode] = []
        /// Whether every view's key is different (a change frame names views by key).
        var keysAreUnique: Bool
        /// `{"transition": …, "controllers": …}`, numbers exact, and read back once needed;
        /// while `membersStale`, with an earlier transition (`refreshMembers`).
        private(set) var members: [UInt8]
        var parsedMembers: JSONObject?
        /// Where `,"controllers":` starts in `members`.
        var controllersStart: Int
        /// The frame's transition.
        var transition: TransitionState?
        /// Whether `members` holds a transition before `transition` that differs from it only
        /// in its progress (`replaceTransition`): written once the bytes are needed, not in
        /// every frame of a run.
        var membersStale = false

        init(_ snapshot: Snapshot, after previous: Frame?) {
            time = snapshot.time
            transition = snapshot.transition
            var encoder = ResponseEncoder(reservingCapacity: 1_024)
            encoder.writer.beginObject()
            encoder.writer.key("transition"); encoder.transition(snapshot.transition)
            controllersStart = encoder.writer.count
            encoder.writer.key("controllers"); encoder.controller(snapshot.controllers)
            encoder.writer.endObject()
            members = encoder.writer.bytes
            let count = previous?.keys.count ?? 64
            keys.reserveCapacity(count)
            parents.reserveCapacity(count)
            nodes.reserveCapacity(count)
            keysAreUnique = false
            withUnsafePointer(to: snapshot.root) { add($0, parent: nil) }
            // Most frames have the views of the frame before, in its order.
            if let previous, previous.keys == keys {
                keysAreUnique = previous.keysAreUnique
            } else {
                keysAreUnique = Set(keys).count == keys.count
            }
        }

        private mutating func add(_ p: UnsafePointer<SnapshotNode>, parent: String?) {
            let key = p.pointee.flatKey
            keys.append(key)
            parents.append(parent)
            nodes.append(p.pointee)
            p.pointee.children.withUnsafeBufferPointer { children in
                for i in children.indices { add(children.baseAddress! + i, parent: key) }
            }
        }

        /// When `transition` is written as the frame's but for its progress (`differsInProgressAlone`),
        /// gives the frame its progress, in place (the rest is written alike), and the two numbers
        /// before and after (written exactly, each reads back as itself); the bytes wait until
        /// needed. Nil otherwise, the frame unchanged (`replaceTransition`).
        mutating func takeProgress(of transition: TransitionState?)
            -> (before: (elapsed: Double, percentComplete: Double), after: (elapsed: Double, percentComplete: Double))? {
            guard let new = transition.map({ ($0.elapsed, $0.percentComplete) }),
                  let before = self.transition.map({ ($0.elapsed, $0.percentComplete) }),
                  self.transition?.differsInProgressAlone(from: transition!) == true else { return nil }
            if before.0.bitPattern != new.0.bitPattern || before.1.bitPattern != new.1.bitPattern {
                self.transition!.elapsed = new.0
                self.transition!.percentComplete = new.1
                membersStale = true
                parsedMembers = nil
            }
            return (before, new)
        }

        /// Gives the frame `transition`, its controllers unchanged, and adds to `changes` what
        /// comparing the members before and after read back finds (only the transition can
        /// differ): the transition alone is read back when its bytes changed (the controllers,
        /// read back once, stay as they were). A transition whose progress alone moved is
        /// `takeProgress`'s.
        mutating func replaceTransition(with transition: TransitionState?, into changes: inout PathChanges) {
            refreshMembers()
            self.transition = transition
            var encoder = ResponseEncoder(reservingCapacity: controllersStart + 256)
            encoder.writer.beginObject()
            encoder.writer.key("transition")
            let valueStart = encoder.writer.count
            encoder.transition(transition)
            let written = encoder.writer.bytes(from: 0)
            guard !sameBytes(written, members[..<controllersStart]) else { return }
            defer {
                members = written + members[controllersStart...]
                controllersStart = written.count
            }
            var object = readMembers()
            let old = object.entries.first?.key == "transition" ? object.entries[0].value : nil
            let new = (try? JSONParser.parse(Array(written[valueStart...]), limits: ChangeBatch.ownOutput)) ?? .null
            if old != nil { object.entries[0].value = new }
            parsedMembers = object
            changes.compare(old, new, at: "transition")
        }

        /// Writes `transition` into `members`, when they hold an earlier one.
        mutating func refreshMembers() {
            guard membersStale else { return }
            membersStale = false
            var encoder = ResponseEncoder(reservingCapacity: controllersStart + 256)
            encoder.writer.beginObject()
            encoder.writer.key("transition")
            encoder.transition(transition)
            let written = encoder.writer.bytes(from: 0)
            members = written + members[controllersStart...]
            controllersStart = written.count
        }


        /// The other members read back. The encoder's own output always parses; a failure
        /// would be a bug, compared as no members.
        mutating func readMembers() -> JSONObject {
            if let parsedMembers { return parsedMembers }
            refreshMembers()
            let object = (try? JSONParser.parse(members, limits: ChangeBatch.ownOutput))?.objectValue ?? JSONObject()
            parsedMembers = object
            return object
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
    static func changes(from old: inout Frame, to new: inout Frame, shot: Snapshot, members: inout PathChanges,
                        views: inout ViewChanges, into encoder: inout ResponseEncoder) {
        encoder.writer.beginObject()
        encoder.writer.key("time"); encoder.writer.number(new.time)
        memberChanges(from: &old, to: &new, members: &members, into: &encoder)
        guard old.keysAreUnique, new.keysAreUnique, let diff = ViewDiff(from: old, to: new) else {
            encoder.writer.key("views")
            encoder.writer.beginArray()
            withUnsafePointer(to: shot.root) { encoder.flatNodes($0, parent: nil) }
            encoder.writer.endArray()
            encoder.writer.endObject()
            return
        }
        if !diff.removed.isEmpty {
            encoder.writer.key("removed")
            encoder.writer.beginArray()
            for index in diff.removed { encoder.writer.integer(index) }
            encoder.writer.endArray()
        }
        if !diff.added.isEmpty {
            encoder.writer.key("added")
            encoder.writer.beginArray()
            new.nodes.withUnsafeBufferPointer { nodes in
                for index in diff.added {
                    encoder.writer.beginArray()
                    encoder.writer.integer(index)
                    encoder.flatNode(nodes.baseAddress! + index, parent: new.parents[index])
                    encoder.writer.endArray()
                }
            }
            encoder.writer.endArray()
        }
        // By path, then value, then view: a property many views change together
        // (`windowFrame.x` in a slide) is named once, and each value it takes once.
        views.reset()
        old.nodes.withUnsafeBufferPointer { before in
            new.nodes.withUnsafeBufferPointer { after in
                for (index, oldIndex) in diff.kept {
                    views.compare(before.baseAddress! + oldIndex, parent: old.parents[oldIndex], after.baseAddress! + index,
                                  parent: new.parents[index], index: index)
                }
            }
        }
        views.write(into: &encoder)
        encoder.writer.endObject()
    }

    /// `set` and `unset`, when the other members' bytes differ.
    static func memberChanges(from old: inout Frame, to new: inout Frame, members: inout PathChanges,
                              into encoder: inout ResponseEncoder) {
        old.refreshMembers()
        guard !sameBytes(old.members, new.members[...]) else { return }
        members.reset()
        members.compareMembers(old.readMembers(), new.readMembers(), at: "")
        members.write(set: "set", unset: "unset", into: &encoder.writer)
    }

    /// Differences between two JSON values by dotted path: objects are compared member by
    /// member (member names hold no dots), anything else is set whole when it is written
    /// differently.
    struct PathChanges {
        let rounding: NumberRounding
        var set: [(path: String, value: JSONValue)] = []
        var unset: [String] = []

        /// No changes, the lists' storage kept.
        mutating func reset() {
            set.removeAll(keepingCapacity: true)
            unset.removeAll(keepingCapacity: true)
        }

        /// `path` is made only for a value that changed: most of a frame's members have not.
        mutating func compare(_ old: JSONValue?, _ new: JSONValue, at path: @autoclosure () -> String) {
            if let old, writesSame(old, new) { return }
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

        /// JSON equality, numbers compared as the batch writes them.
        func writesSame(_ a: JSONValue, _ b: JSONValue) -> Bool {
            switch (a, b) {
            case (.number(let x), .number(let y)): rounding.writesSame(x, y)
            case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { writesSame($0, $1) }
            case (.object(let x), .object(let y)):
                x.entries.count == y.entries.count
                    && zip(x.entries, y.entries).allSatisfy { $0.key == $1.key && writesSame($0.value, $1.value) }
            default: a == b
            }
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
        /// Views in both: index in the new list, and in the old.
        var kept: [(index: Int, oldIndex: Int)] = []

        init?(from old: Frame, to new: Frame) {
            guard old.keys != new.keys else {
                kept = new.keys.indices.map { ($0, $0) }
                return
            }
            var oldByKey: [String: Int] = [:]
            for (index, key) in old.keys.enumerated() { oldByKey[key] = index }
            let newKeys = Set(new.keys)
            removed = old.keys.indices.filter { !newKeys.contains(old.keys[$0]) }
            // What the decoder will have: the old order without the removed views, the added
            // ones inserted at their indices.
            var rebuilt = old.keys.filter { newKeys.contains($0) }
            for (index, key) in new.keys.enumerated() {
                if let before = oldByKey[key] {
                    kept.append((index, before))
                } else {
                    added.append(index)
                    guard index <= rebuilt.count else { return nil }
                    rebuilt.insert(key, at: index)
                }
            }
            guard rebuilt == new.keys else { return nil }
        }
    }
}

extension TransitionState {
    /// Whether `other` is written as this one (perhaps) but for `elapsed` and `percentComplete`, both finite
    /// in each (a transition with diagnostics or a gesture is compared read back). Compared in
    /// place: a copy of either is eight strings and two arrays retained and released.
    fileprivate func differsInProgressAlone(from other: TransitionState) -> Bool {
        func same(_ x: Double, _ y: Double) -> Bool { x.bitPattern == y.bitPattern }
        guard diagnostics.isEmpty, other.diagnostics.isEmpty, case .none = gesture, case .none = other.gesture else { return false }
        return elapsed.isFinite && other.elapsed.isFinite && percentComplete.isFinite && other.percentComplete.isFinite
            && id == other.id && operation == other.operation && phase == other.phase && container == other.container
            && from == other.from && to == other.to && animator == other.animator && chosenBy == other.chosenBy
            && same(duration, other.duration) && same(begin, other.begin) && interactive == other.interactive
            && wasCancelled == other.wasCancelled && completedAt?.bitPattern == other.completedAt?.bitPattern
    }
}
