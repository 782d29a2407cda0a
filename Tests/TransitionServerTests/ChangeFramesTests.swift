import JSONCodec
import Testing
@testable import TransitionCore
@testable import TransitionServer

/// A change-only batch rebuilt into whole frames (ChangeFrames, EditedObject), counted before
/// (ExpectedFrames.census), and bounded.
@Suite struct ChangeFramesTests {
    func json(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    func rebuild(_ batch: String, bounds: FrameBounds = FrameBounds()) throws -> [JSONValue] {
        try ChangeFrames.rebuild(try json(batch).arrayValue!, at: "/expected/snapshots", bounds: bounds)
    }

    @Test func editsKeepTheOrderOfJSONObject() throws {
        // Set in place, removed, set again (last), a member of a nested object, a view's member.
        let frames = try rebuild(#"""
        [{"time": 0, "transition": {"a": 1, "b": 2}, "views": [{"id": "v", "alpha": 0, "frame": {"x": 0, "y": 0}}, {"id": "w"}]},
         {"time": 0.1, "set": {"transition.a": 3}, "unset": ["transition.b"],
          "viewSet": {"alpha": [[1, 0]], "frame.y": [[5, 0]], "id": [["u", 1]]}, "viewUnset": {"frame.x": [0]}},
         {"time": 0.2, "set": {"transition.b": 4}, "viewSet": {"frame.x": [[7, 0]]}}]
        """#)
        #expect(frames[1] == (try json(#"{"time": 0.1, "transition": {"a": 3}, "views": [{"id": "v", "alpha": 1, "frame": {"y": 5}}, {"id": "u"}]}"#)))
        #expect(frames[2] == (try json(#"{"time": 0.2, "transition": {"a": 3, "b": 4}, "views": [{"id": "v", "alpha": 1, "frame": {"y": 5, "x": 7}}, {"id": "u"}]}"#)))
    }

    @Test func oneViewOfManyMembersEditedManyTimesIsLinear() throws {
        // 20,000 members and 20,000 edits of the same view: 400,000,000 steps if each edit
        // searched the view; well under a second indexed.
        let count = 20_000
        let members = (0..<count).map { "\"m\($0)\": 0" }.joined(separator: ", ")
        let indices = Array(repeating: "0", count: count).joined(separator: ", ")
        let start = ContinuousClock.now
        let frames = try rebuild(#"[{"time": 0, "views": [{"id": "v", \#(members)}]}, {"time": 0.1, "viewSet": {"alpha": [[1, \#(indices)]]}}]"#)
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(frames[1].objectValue?["views"]?.arrayValue?[0].objectValue?.entries.count == count + 2)
    }

    @Test func theEditsAndTheMembersReadAreBoundedNamingTheBound() throws {
        let bounds = FrameBounds(values: 10)
        let edits = #"[{"time": 0, "views": [{"id": "v"}]}, {"time": 0.1, "viewSet": {"alpha": [[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]}}]"#
        let edited = #expect(throws: SimulationError.self) { try rebuild(edits, bounds: bounds) }
        #expect(edited?.reason == "/expected/snapshots: the batch makes more than 10 changes, the most one comparison applies")
        // A view of 6 members edited in two frames: 12 read, with the frames' own.
        let view = #"{"id": "v", "a": 0, "b": 0, "c": 0, "d": 0, "e": 0}"#
        let read = #"[{"time": 0, "views": [\#(view)]}, {"time": 0.1, "viewSet": {"a": [[1, 0]]}}, {"time": 0.2, "viewSet": {"a": [[2, 0]]}}]"#
        let indexed = #expect(throws: SimulationError.self) { try rebuild(read, bounds: bounds) }
        #expect(indexed?.reason == "/expected/snapshots/2: rebuilding the batch's frames reads more than 10 members of the frames before, the most one comparison reads")
    }

    @Test func theCensusCountsTheViewsOfEveryFormWithoutReadingThem() throws {
        func census(_ text: String) throws -> ExpectedFrames.Census {
            try ExpectedFrames.census(try json(text), at: "/expected", bounds: FrameBounds())
        }
        let changes = try census(#"""
        {"format": "changes/1", "snapshots": [{"time": 0, "views": [{"id": "a"}, {"id": "b"}, {"id": "c"}]},
          {"time": 0.1, "removed": [0, 0, 2, 7], "added": [[0, {"id": "d"}]]},
          {"time": 0.2, "views": [{"id": "e"}]},
          {"time": 0.3}]}
        """#)
        #expect(changes.views == 3 + 2 + 1 + 1 && changes.times == [0, 0.1, 0.2, 0.3])
        #expect(changes.timePointers == ["/expected/snapshots/0/time", "/expected/snapshots/1/time", "/expected/snapshots/2/time", "/expected/snapshots/3/time"])
        let tree = try census(#"{"snapshots": [{"time": 0, "root": {"id": "r", "children": [{"id": "a", "children": [{"id": "b"}]}, {"id": "c"}]}}]}"#)
        #expect(tree.views == 4)
        let minimal = try census(#"{"frames": [{"time": 0, "views": [{"id": "a"}]}, {"time": 1, "views": [{"id": "a"}, {"id": "b"}]}]}"#)
        #expect(minimal.views == 3)
        let untimed = #expect(throws: SimulationError.self) { try census(#"{"frames": [{"time": 0, "views": []}, {"views": []}]}"#) }
        #expect(untimed?.pointer == "/expected/frames/1/time")
    }

    @Test func aReplayIsWeighedFromItsDocument() throws {
        let scenario = try Scenario.decode(try json(#"""
        {"version": 1, "session": {"root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "view": {"id": "root", "children": [{"id": "x"}]}}]}},
         "changes": [{"clock": 1},
                     {"action": {"type": "push", "viewController": {"id": "b", "view": {"id": "root", "text": "\"id\":"}}}},
                     {"action": {"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": 1}}}]}
        """#), at: "")
        // 4 named objects and the service's 16 before each change; the push adds 2 and 16 more.
        let before = 4 + Scenario.serviceViews, after = before + 2 + Scenario.serviceViews
        #expect(scenario.replayWeight == before + after + after)
    }
}
