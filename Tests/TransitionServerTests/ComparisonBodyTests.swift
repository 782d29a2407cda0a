import JSONCodec
import Testing
import TestSupport
@testable import TransitionCore
@testable import TransitionServer

/// A session comparison's body read with its expected frames from its bytes (`ComparisonBody`)
/// answers as the body parsed whole and read from the tree did, the oracle (`tree`, the former
/// path): the same error, or the same settings, the same weight and the same frames
/// (ServiceViewTests.difference: views, identities, pointers, leaves bit for bit). Valid bodies
/// must be read from their bytes (`ComparisonBody.frames` not nil); hostile ones, hand-made and
/// mutated byte by byte, answer the tree's error whatever part of the body it is in.
@Suite struct ComparisonBodyTests {
    static let limits = SceneLimits().jsonBodyLimits

    /// What a body answers: its settings, weight and frames, or its error.
    enum Answer {
        case read(settings: ComparisonSettings, census: ExpectedFrames.Census, frames: ExpectedFrames)
        case refused(String)
    }

    /// The former path: the body parsed whole, its frames weighed and read from the tree.
    static func tree(_ body: [UInt8], bounds: FrameBounds) -> Answer {
        do {
            var r = try SpecReader(try JSONParser.parse(body, limits: limits), at: "")
            guard let json = r.value("expected") else {
                throw SimulationError("/expected", "is required: the frames to compare (a /snapshots answer, or {\"frames\": [{\"time\", \"views\"}]})")
            }
            let settings = try ComparisonSettings.read(&r)
            try r.finish()
            let census = try ExpectedFrames.census(json, at: "/expected", bounds: bounds)
            return .read(settings: settings, census: census, frames: try ExpectedFrames.read(json, at: "/expected", bounds: bounds))
        } catch {
            return .refused("\(type(of: error)): \(error)")
        }
    }

    static func read(_ body: [UInt8], bounds: FrameBounds) -> Answer {
        do {
            let (source, settings) = try ComparisonBody.read(body, limits: limits, bounds: bounds)
            let census = try source.census(at: "/expected", bounds: bounds)
            return .read(settings: settings, census: census, frames: try source.read(at: "/expected", bounds: bounds))
        } catch {
            return .refused("\(type(of: error)): \(error)")
        }
    }

    /// The first difference between the two paths' answers; nil when they agree.
    static func disagreement(_ body: [UInt8], bounds: FrameBounds = FrameBounds()) -> String? {
        switch (read(body, bounds: bounds), tree(body, bounds: bounds)) {
        case (.refused(let a), .refused(let b)):
            return a == b ? nil : "refused with \(a) against \(b)"
        case (.read(let settings, let census, let frames), .read(let oracleSettings, let oracleCensus, let oracleFrames)):
            guard settings == oracleSettings else { return "settings" }
            guard census.times.map(\.bitPattern) == oracleCensus.times.map(\.bitPattern), census.timePointers == oracleCensus.timePointers,
                  census.views == oracleCensus.views else { return "census" }
            guard frames.complete == oracleFrames.complete, frames.frames.count == oracleFrames.frames.count else { return "frames" }
            for (a, b) in zip(frames.frames, oracleFrames.frames) {
                if let difference = ServiceViewTests.difference(a, b) { return "\(b.pointer): \(difference)" }
            }
            return nil
        case (.refused(let error), .read):
            return "refused a body the tree reads: \(error)"
        case (.read, .refused(let error)):
            return "read a body the tree refuses: \(error)"
        }
    }

    /// A scene's frames as `/snapshots` answers them, flat or as trees.
    static func answer(scene: Int, times: [Double], flat: Bool) throws -> [UInt8] {
        let (_, creation, actions) = FrameTemplateTests.scenes[scene]
        let session = try FrameTemplateTests.session(creation, actions)
        var encoder = ResponseEncoder(flat: flat)
        _ = encoder.snapshotSeries(try session.history(now: .now).snapshots(at: times), limit: .max)
        return encoder.writer.bytes
    }

    static func body(_ expected: [UInt8], before: String = "", after: String = "") -> [UInt8] {
        Array("{\(before)\"expected\": ".utf8) + expected + Array("\(after)}".utf8)
    }

    /// Every scene's answers, flat and as trees, with settings before and after: read, and read
    /// as the tree reads them.
    @Test(arguments: FrameTemplateTests.scenes.indices)
    func aSnapshotAnswerReadsAsItsTree(scene: Int) throws {
        let times = (0..<12).map { Double($0) / 8 }
        for flat in [true, false] {
            let expected = try Self.answer(scene: scene, times: times, flat: flat)
            for body in [Self.body(expected), Self.body(expected, before: #""tolerance": {"position": 0.5}, "#, after: #", "budget": 2"#)] {
                #expect(ComparisonBody.frames(body, limits: Self.limits) != nil, "scene \(scene), flat \(flat): not read")
                let disagreement = Self.disagreement(body)
                #expect(disagreement == nil, "scene \(scene), flat \(flat): \(disagreement ?? "")")
            }
        }
    }

    /// The minimal form, with members given in part, out of order, as arrays, and with space
    /// between every token.
    static let minimal = #"""
     { "properties" : [ "alpha" ] , "expected" : { "frames" : [
       { "views" : [ { "id" : "window" , "alpha" : 1 } , { "viewController" : "nav" , "path" : "" , "windowFrame" : { "height" : 568 , "x" : -0.0 } ,
         "transform" : [ 1 , 0 , 0 , 1 , 1e2 , -2.5E-3 ] , "transform3D" : [ 1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1 ] , "hidden" : false ,
         "kind" : "label" , "text" : "Th\u00e9 \"quoted\"" , "parent" : { "any" : [ null ] } , "children" : 3 } ] , "time" : 0.25 } ,
       { "time" : 1e-1 , "views" : [ ] } ] } }
    """#

    @Test func theMinimalFormReadsAsItsTree() {
        let body = Array(Self.minimal.utf8)
        #expect(ComparisonBody.frames(body, limits: Self.limits) != nil)
        #expect(Self.disagreement(body) == nil)
    }

    /// Bodies the tree refuses, or reads in a form not read from the bytes, one of a kind each.
    static let hostile: [String] = [
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "alpha": 1, "alpha": 2}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "id": "b"}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "time": 1, "views": []}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "frame": {"x": 1, "x": 2}}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": []}]}, "expected": 1}"#,
        #"{"expected": {"frames": [], "frames": []}}"#,
        #"{"expected": {"frames": []}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "alpha": 1e999}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "alpha": "1"}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "alpha": null}]}]}}"#,
        #"{"expected": {"frames": [{"time": null, "views": []}]}}"#,
        #"{"expected": {"frames": [{"time": -1, "views": []}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "\u0061lpha": 1}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "colour": 1}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"alpha": 1}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"viewController": "x", "alpha": 1}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "transform": [1, 0, 0, 1, 0]}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "transform3D": {"0": 1}}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "frame": {"x": 1, "z": 2}}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "root": {"id": "a"}}]}}"#,
        #"{"expected": {"snapshots": [{"time": 0, "root": {"id": "a"}, "views": []}]}}"#,
        #"{"expected": {"snapshots": [{"time": 0, "root": {"id": "a", "children": {"id": "b"}}}]}}"#,
        #"{"expected": {"snapshots": [{"time": 0, "root": {"id": "a", "children": [1]}}]}}"#,
        #"{"expected": {"snapshots": [{"time": 0, "transition": null, "views": []}]}}"#,
        #"{"expected": {"snapshots": [{"time": 0, "views": []}], "format": "changes"}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": []}]}, "tolerance": null}"#,
        #"{"expected": {"frames": [{"time": 0, "views": []}]}, "unknown": 1}"#,
        #"{"expected": {"frames": [{"time": 0, "views": []}]}} x"#,
        #"{"expected": {"frames": [{"time": 0, "views": [],}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "hidden": truex}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "alpha": 01}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a\#u{1}"}]}]}}"#,
        #"{"expected": {"frames": [{"time": 0, "views": [{"id": "a", "parent": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}]}]}}"#,
    ]

    @Test func aHostileBodyAnswersTheTreesError() {
        for text in Self.hostile {
            let body = Array(text.utf8)
            let disagreement = Self.disagreement(body)
            #expect(disagreement == nil, "\(text): \(disagreement ?? "")")
        }
    }

    /// The bounds of a comparison (frames, views a frame, values), each one under and at its limit.
    @Test func theBoundsAreTheTrees() throws {
        let expected = try Self.answer(scene: 0, times: [0, 0.3, 0.6], flat: true)
        let body = Self.body(expected)
        for bounds in [FrameBounds(frames: 2), FrameBounds(frames: 3), FrameBounds(viewsPerFrame: 5), FrameBounds(values: 100),
                       FrameBounds(values: 1_000_000)] {
            let disagreement = Self.disagreement(body, bounds: bounds)
            #expect(disagreement == nil, "\(bounds): \(disagreement ?? "")")
        }
        let tree = Self.body(try Self.answer(scene: 0, times: [0.3], flat: false))
        for views in [3, 100] { #expect(Self.disagreement(tree, bounds: FrameBounds(viewsPerFrame: views)) == nil) }
    }

    /// `body` with one byte replaced (by one of JSON's, or a control or non-ASCII byte), removed
    /// or doubled, or cut short there.
    static func mutant(of body: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        let bytes = Array(#"{}[],:"\ 0123456789.-+eEtrufalsn/u"#.utf8) + [0x00, 0x1f, 0x80, 0xff]
        var body = body
        let at = Int(random.next() % UInt64(body.count))
        switch random.next() % 4 {
        case 0: body[at] = bytes[Int(random.next() % UInt64(bytes.count))]
        case 1: body.remove(at: at)
        case 2: body.insert(body[at], at: at)
        default: body.removeSubrange(at...)
        }
        return body
    }

    /// Valid bodies changed a byte at a time (replaced, removed, doubled) and cut short: whatever
    /// the reader reads, the tree reads the same.
    @Test func mutatedBodiesReadAsTheirTreeOrNotAtAll() throws {
        let sources = [Array(Self.minimal.utf8), Self.body(try Self.answer(scene: 8, times: [0.2], flat: true)),
                       Self.body(try Self.answer(scene: 8, times: [0.2], flat: false))]
        var random = SplitMix64(seed: 45)
        var read = 0
        for round in 0..<3_000 {
            let body = Self.mutant(of: sources[round % sources.count], &random)
            if ComparisonBody.frames(body, limits: Self.limits) != nil { read += 1 }
            let disagreement = Self.disagreement(body)
            #expect(disagreement == nil, "round \(round): \(disagreement ?? "") in \(String(decoding: body, as: UTF8.self).prefix(300))")
        }
        #expect(read > 100, "the mutants the reader read: \(read)")
    }
}
