import JSONCodec
import Testing
import TestSupport
@testable import TransitionCore
@testable import TransitionServer

/// A change-only batch written by its states' moving views (`SeriesWriter.changeBatch`,
/// docs/performance.md § Change-only batches cost) is, byte for byte, the batch of the frames
/// computed in full (`ChangeBatch.encode`): every scene of `FrameTemplateTests` (catalogue
/// animators, a zoom, sheets, a large title, an interactive pop, a 3D flip, an animated
/// zPosition), at several time lists and precisions.
@Suite struct ChangeBatchRunTests {
    static let timeLists: [[Double]] = {
        var random = SplitMix64(seed: 34)
        var shuffled: [Double] = [0, 0.1, 0.1, 0.5, 1, 1.2, 1.3, 3]
        for _ in 0..<70 { shuffled.append(Double(random.next() % 3_000_000) / 1_000_000) }
        return [(0..<75).map { Double($0) / 30 }, (0..<150).map { Double($0) / 60 }, shuffled.sorted(), [0.4], [0.2, 0.2, 0.2]]
    }()

    @Test(arguments: FrameTemplateTests.scenes.indices)
    func aBatchByMovingViewsWritesTheFullBatchsBytes(scene: Int) throws {
        let (name, creation, actions) = FrameTemplateTests.scenes[scene]
        let session = try FrameTemplateTests.session(creation, actions)
        let now = ContinuousClock.now
        var moved = 0
        for (k, times) in Self.timeLists.enumerated() {
            for precision in [nil, 0, 2, 15] as [Int?] {
                // Once before any template is kept, once after a snapshot has kept one.
                if k == 2, precision == 2 {
                    var encoder = ResponseEncoder(flat: true)
                    try session.writeSnapshot(at: times[5], now: now, into: &encoder)
                }
                let expected = try #require(ChangeBatch.encode(session.history(now: now).snapshots(at: times), precision: precision, limit: .max)).array
                let answer = try SeriesWriter.changeBatch(session.read(now: now), at: times, precision: precision, limit: .max)
                moved += answer.byMovingViews
                let same = answer.body.array == expected
                #expect(same, "\(name), times \(k), precision \(String(describing: precision))")
            }
        }
        if name != "zPosition" { #expect(moved > 0, "\(name): no frame was written by its moving views") }
    }

    /// A batch of the current state keeps the template of its first frame (flat, at its
    /// precision), and the next batch writes its first frame by it and takes its moving views.
    @Test func aBatchKeepsItsFirstFramesTemplate() throws {
        // A cover presented at 0: the batch shows the current state.
        let (_, creation, actions) = try #require(FrameTemplateTests.scenes.first { $0.name == "cover" })
        let session = try FrameTemplateTests.session(creation, actions)
        let times = (0..<60).map { Double($0) / 60 }
        let expected = try #require(ChangeBatch.encode(session.history(now: .now).snapshots(at: times), precision: 2, limit: .max)).array
        #expect(session.templateCount == 0)
        let first = try SeriesWriter.changeBatch(session.read(now: .now), at: times, precision: 2, limit: .max)
        #expect(first.body.array == expected)
        #expect(session.templateCount == 1)
        let second = try SeriesWriter.changeBatch(session.read(now: .now), at: times, precision: 2, limit: .max)
        #expect(second.body.array == expected)
        #expect(session.templateCount == 1, "the kept template wrote the first frame")
        // A flat snapshot at that precision is written by it too.
        var encoder = ResponseEncoder(precision: 2, flat: true)
        _ = try SeriesWriter.writeFrames(session.read(now: .now), at: [0.25], into: &encoder, limit: .max)
        #expect(session.templateCount == 1)
    }

    /// The limit stops the batch as it stops the full one.
    @Test func aBatchOverItsLimitIsRefused() throws {
        let (_, creation, actions) = FrameTemplateTests.scenes[0]
        let session = try FrameTemplateTests.session(creation, actions)
        let times = (0..<60).map { Double($0) / 60 }
        let whole = try SeriesWriter.changeBatch(session.read(now: .now), at: times, precision: nil, limit: .max)
        #expect(throws: Problem.self) { try SeriesWriter.changeBatch(session.read(now: .now), at: times, precision: nil, limit: whole.body.count / 2) }
        #expect(try SeriesWriter.changeBatch(session.read(now: .now), at: times, precision: nil, limit: whole.body.count).body.array == whole.body.array)
    }
}
