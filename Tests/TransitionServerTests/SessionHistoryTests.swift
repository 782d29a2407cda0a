import JSONCodec
import Testing
@testable import TransitionCore
@testable import TransitionServer

/// A session's history as a value (`SessionHistory`): which states stay checkpoints, which one
/// goes when over budget, the log's older half dropped past its limit, and every state still
/// the base replayed through the log.
@Suite struct SessionHistoryTests {
    static let limits = SceneLimits()

    /// The things scene (`FrameTemplateTests.things`) pushing a detail controller at 0.1 s.
    static func history() throws -> SessionHistory {
        let creation = Array(FrameTemplateTests.things.utf8)
        let scene = try SceneSpec.decode(try JSONParser.parse(creation), limits: limits)
        var history = SessionHistory(creation: creation, world: try World(scene: scene, limits: limits), limits: limits)
        let push = #"{"type": "push", "at": 0.1, "viewController": \#(FrameTemplateTests.detail)}"#
        try history.replay(.action(json: JSONWriter.encode(try JSONParser.parse(Array(push.utf8))), pointer: "/0"), last: true)
        return history
    }

    /// The clock moved to `t` (each a change of its own, the last of its request).
    static func advance(_ history: inout SessionHistory, to times: [Double]) throws {
        for t in times { try history.replay(.clock(t), last: true) }
    }

    @Test func checkpointsStayEverySpacingChangesBesidesTheNewest() throws {
        var history = try Self.history()
        try Self.advance(&history, to: (1...20).map { 0.1 + Double($0) / 10 })
        let spacing = SessionHistory.checkpointSpacing
        #expect(history.log.endIndex == 21)
        #expect(history.checkpoints.map(\.position) == [0, spacing, 2 * spacing, 21])
    }

    @Test func aStateIsItsNearestCheckpointReplayed() throws {
        var history = try Self.history()
        let times = (1...20).map { 0.1 + Double($0) / 10 }
        try Self.advance(&history, to: times)
        for position in 2...21 {
            #expect(try history.world(at: position).now == times[position - 2], "position \(position)")
        }
        // A past frame is the state after the last action before it (the push), advanced.
        let shots = try history.snapshots(at: [1.05, 0.35, 2.5])
        var replayed = try history.world(at: 1)
        replayed.advance(to: 0.35)
        var expected = ResponseEncoder(), answer = ResponseEncoder()
        expected.snapshot(replayed.snapshot(at: 0.35))
        answer.snapshot(shots[1])
        #expect(answer.writer.bytes == expected.writer.bytes)
        #expect(shots.map(\.time) == [1.05, 0.35, 2.5])
    }

    @Test func thinningGivesUpTheCheckpointWhoseNeighboursAreClosest() throws {
        let world = try Self.history().current
        let checkpoints = [0, 8, 16, 17, 40].map { SessionHistory.Checkpoint(position: $0, world: world, bytes: 0) }
        // Gaps around 8: 16, around 16: 9, around 17: 24.
        #expect(SessionHistory.thinningVictim(checkpoints) == 2)
        #expect(SessionHistory.thinningVictim(Array(checkpoints.prefix(2))) == 1, "the newest goes only when it is the only one")
    }

    @Test func theLogDropsItsOlderHalfPastItsLimit() throws {
        var history = try Self.history()
        let count = SessionHistory.logEntryLimit
        try Self.advance(&history, to: (1...count).map { 0.1 + Double($0) / 1000 })
        #expect(history.log.baseIndex > 0)
        #expect(history.log.entries.count <= SessionHistory.logEntryLimit)
        #expect(history.checkpoints[0].position == history.log.baseIndex)
        #expect(history.start == history.checkpoints[0].world.now && history.start > 0.1)
        #expect(history.checkpoints.count <= SessionHistory.checkpointLimit + 1)
        #expect(try history.world(at: history.log.endIndex).now == history.current.now)
        #expect(throws: Problem.self) { try history.snapshots(at: [0]) }
    }

    @Test func aCaughtUpHistoryShowsTheLaterTime() throws {
        let history = try Self.history()
        #expect(!history.caughtUp)
        #expect(!history.caughtUp(to: 0.05).caughtUp, "an earlier time leaves it as it is")
        let later = history.caughtUp(to: 0.3)
        #expect(later.caughtUp && later.current.now == 0.3 && later.log.endIndex == history.log.endIndex)
    }
}
