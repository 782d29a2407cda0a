import JSONCodec
import Testing
@testable import TransitionCore
@testable import TransitionServer

/// `changes=true` compares the views' values, not their JSON
/// (docs/performance.md § Change-only batches cost): rebuilt as `tests/e2e/changes_decoder.py`
/// does, a change-only batch gives exactly the flat frames, here with every member a view may have gained, lost or changed, views
/// added and removed, and a transition starting and ending, at several precisions.
@Suite struct ChangeBatchTests {
    /// A view with every optional member and every layer property off its default.
    static func dressed(_ id: String, shift: Double) -> SnapshotNode {
        var layer = LayerProperties()
        layer.cornerRadius = 12 + shift
        layer.maskedCorners = .top
        layer.clipsToBounds = true
        layer.borderWidth = 2
        layer.borderColor = Color(red: 1, green: 0, blue: 0)
        layer.shadowOpacity = 0.5 + shift
        layer.shadowRadius = 4
        layer.shadowOffset = Size(width: 0, height: 2 + shift)
        layer.shadowColor = Color(red: 0, green: 0, blue: 1)
        layer.anchorPoint = Point(x: 0, y: 0.25 + shift)
        layer.zPosition = 1
        layer.isDoubleSided = false
        return SnapshotNode(id: id, kind: "label", viewController: "detail", path: id, role: .largeTitle,
                            frame: Rect(x: 1.25 + shift, y: 2, width: 30, height: 40), bounds: Rect(x: 0, y: 0, width: 30, height: 40),
                            center: Point(x: 16.25 + shift, y: 22), transform: AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: shift, ty: 0),
                            transform3D: Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, shift, 0, 0, 1]), alpha: 0.25 + shift,
                            hidden: true, windowFrame: Rect(x: 1.25 + shift, y: 2, width: 30, height: 40),
                            backgroundColor: Color(red: 0.2 + shift, green: 0.4, blue: 0.6), text: "Détail \"\(id)\"", image: "star",
                            snapshotOf: "cell", layer: layer, visibleRect: Rect(x: 1.25 + shift, y: 2, width: 10, height: 40),
                            visible: false, children: [])
    }

    static func plain(_ id: String, x: Double, owner: String? = "detail") -> SnapshotNode {
        SnapshotNode(id: id, kind: "view", viewController: owner, path: id, frame: Rect(x: x, y: 0, width: 10, height: 10),
                     bounds: Rect(x: 0, y: 0, width: 10, height: 10), center: Point(x: x + 5, y: 5), transform: .identity,
                     alpha: 1, hidden: false, windowFrame: Rect(x: x, y: 0, width: 10, height: 10), children: [])
    }

    static func frame(_ time: Double, transition: TransitionState?, views: [SnapshotNode]) -> Snapshot {
        let window = SnapshotNode(id: "window", kind: "window", path: "", role: .window, frame: Rect(x: 0, y: 0, width: 320, height: 568),
                                  bounds: Rect(x: 0, y: 0, width: 320, height: 568), center: Point(x: 160, y: 284), transform: .identity,
                                  alpha: 1, hidden: false, windowFrame: Rect(x: 0, y: 0, width: 320, height: 568), children: views)
        let controllers = ControllerState(id: "detail", kind: .viewController, title: "Detail", viewControllers: [], selectedIndex: nil,
                                          topViewController: nil, visible: true, presented: [], modalPresentationStyle: nil, selectedDetent: nil)
        return Snapshot(time: time, transition: transition, controllers: controllers, root: window)
    }

    static func transition(elapsed: Double) -> TransitionState {
        TransitionState(id: "t1", operation: .push, phase: .animating, container: "nav", from: "a", to: "detail", animator: "slide",
                        chosenBy: "default", duration: 0.5, begin: 0.1, elapsed: elapsed, percentComplete: elapsed / 0.5,
                        interactive: false, wasCancelled: false, completedAt: nil, diagnostics: [], gesture: nil)
    }

    static let frames: [Snapshot] = [
        frame(0, transition: nil, views: [plain("a", x: 0), dressed("b", shift: 0), plain("c", x: 3)]),
        // b loses every optional member, d gains them; a moves by less than 0.05 (a change only without rounding).
        frame(1 / 60, transition: transition(elapsed: 1 / 60), views: [plain("a", x: 0.01), plain("b", x: 1), dressed("d", shift: 0), plain("c", x: 3)]),
        // d's values change; c is removed, e added in front of a.
        frame(2 / 60, transition: transition(elapsed: 2 / 60), views: [plain("e", x: 7, owner: nil), plain("a", x: 0.02), plain("b", x: 1), dressed("d", shift: 0.123456789)]),
        // The order changes: the whole list.
        frame(3 / 60, transition: nil, views: [dressed("d", shift: 0.123456789), plain("b", x: 1), plain("a", x: 0.02), plain("e", x: 7, owner: nil)]),
        frame(4 / 60, transition: nil, views: [dressed("d", shift: 0.123456789), plain("b", x: 1), plain("a", x: 0.02), plain("e", x: 7, owner: nil)]),
    ]

    @Test(arguments: [nil, 0, 1, 3, 15] as [Int?])
    func aChangeOnlyBatchRebuildsTheFlatFrames(precision: Int?) throws {
        let batch = try #require(ChangeBatch.encode(Self.frames, precision: precision, limit: .max)).array
        let decoded = try Self.decode(JSONParser.parse(batch))
        var full = ResponseEncoder(precision: precision, flat: true)
        _ = full.snapshotSeries(Self.frames, limit: .max)
        let expected = try #require(JSONParser.parse(full.writer.bytes).objectValue?["snapshots"]?.arrayValue)
        #expect(decoded.map(Self.sorted) == expected.map(Self.sorted))
        // Each later frame says only what changed: the last one, nothing but its time.
        let last = try #require(JSONParser.parse(batch).objectValue?["snapshots"]?.arrayValue?.last?.objectValue)
        #expect(last.keys == ["time"])
    }

    /// A path's values are grouped once each, as written: six views move to 1, 1, 2, 1.001, 2, 3
    /// (1.001 is written as 1 at precision 2 or less), so the group a view joins is at times the
    /// previous view's and at times an earlier one.
    @Test(arguments: [nil, 2] as [Int?])
    func eachValueIsOneGroup(precision: Int?) throws {
        let xs = [1, 1, 2, 1.001, 2, 3]
        let frames = [Self.frame(0, transition: nil, views: xs.indices.map { Self.plain("v\($0)", x: 0) }),
                      Self.frame(1, transition: nil, views: xs.enumerated().map { Self.plain("v\($0.offset)", x: $0.element) })]
        let batch = try #require(ChangeBatch.encode(frames, precision: precision, limit: .max)).array
        let change = try #require(JSONParser.parse(batch).objectValue?["snapshots"]?.arrayValue?.last?.objectValue)
        let groups = change["viewSet"]?.objectValue?["frame.x"]
        // The views' indices: the window is 0.
        let numbers: [[Double]] = precision == nil ? [[1, 1, 2], [2, 3, 5], [1.001, 4], [3, 6]] : [[1, 1, 2, 4], [2, 3, 5], [3, 6]]
        let expected = JSONValue.array(numbers.map { .array($0.map(JSONValue.number)) })
        #expect(groups == expected)
        #expect(change["viewSet"]?.objectValue?["windowFrame.x"] == expected)
        var full = ResponseEncoder(precision: precision, flat: true)
        _ = full.snapshotSeries(frames, limit: .max)
        let flat = try #require(JSONParser.parse(full.writer.bytes).objectValue?["snapshots"]?.arrayValue)
        #expect(try Self.decode(JSONParser.parse(batch)).map(Self.sorted) == flat.map(Self.sorted))
    }

    /// Each path is named as the member table names its member, and a field as the member and the field.
    @Test func pathsAreNamedAfterTheTable() {
        for (row, member) in ViewMemberRow.all.enumerated() {
            #expect(ViewPath(row: row).name == member.name)
            for (i, field) in member.shape.objectFields.enumerated() { #expect(ViewPath(row: row, field: i + 1).name == "\(member.name).\(field)") }
        }
        #expect(ViewPath.parent.name == "parent")
    }

    /// Members by name: the decoder, as Python's, appends a member it sets anew.
    static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let o): .object(JSONObject(o.entries.sorted { $0.key < $1.key }.map { ($0.key, sorted($0.value)) }))
        case .array(let a): .array(a.map(sorted))
        default: value
        }
    }

    /// `changes_decoder.decode`.
    static func decode(_ batch: JSONValue) throws -> [JSONValue] {
        #expect(batch.objectValue?["format"] == .string("changes/1"))
        var frames: [JSONObject] = []
        for change in batch.objectValue?["snapshots"]?.arrayValue ?? [] {
            let change = try #require(change.objectValue)
            guard let previous = frames.last else {
                frames.append(change)
                continue
            }
            var frame = previous
            frame["views"] = nil
            frame["time"] = change["time"]
            for (path, value) in change["set"]?.objectValue?.entries ?? [] { set(&frame, path, value) }
            for path in change["unset"]?.arrayValue ?? [] { set(&frame, path.stringValue ?? "", nil) }
            if let views = change["views"] {
                frame["views"] = views
            } else {
                let removed = Set((change["removed"]?.arrayValue ?? []).compactMap(\.numberValue).map { Int($0) })
                var views = (previous["views"]?.arrayValue ?? []).enumerated().filter { !removed.contains($0.offset) }.compactMap(\.element.objectValue)
                for added in change["added"]?.arrayValue ?? [] {
                    let pair = try #require(added.arrayValue)
                    views.insert(try #require(pair[1].objectValue), at: Int(try #require(pair[0].numberValue)))
                }
                for (path, groups) in change["viewSet"]?.objectValue?.entries ?? [] {
                    for group in groups.arrayValue ?? [] {
                        let items = try #require(group.arrayValue)
                        for index in items.dropFirst() { set(&views[Int(try #require(index.numberValue))], path, items[0]) }
                    }
                }
                for (path, indices) in change["viewUnset"]?.objectValue?.entries ?? [] {
                    for index in indices.arrayValue ?? [] { set(&views[Int(try #require(index.numberValue))], path, nil) }
                }
                frame["views"] = .array(views.map(JSONValue.object))
            }
            frames.append(frame)
        }
        return frames.map(JSONValue.object)
    }

    /// Sets (or with nil removes) the member at a dotted path.
    static func set(_ object: inout JSONObject, _ path: String, _ value: JSONValue?) {
        let names = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard names.count == 2 else {
            object[path] = value
            return
        }
        var inner = object[names[0]]?.objectValue ?? JSONObject()
        set(&inner, names[1], value)
        object[names[0]] = .object(inner)
    }
}
