import JSONCodec
import TestSupport
import Testing
@testable import TransitionCore
@testable import TransitionServer

/// The comparer (leaves by `LeafKey`, views matched in one walk) answers every report as the
/// comparison by dotted names did: the oracle below is that comparison, each view's leaves
/// indexed by name, the omitted values found by name, views matched through a dictionary of
/// identities. Both compare the frame template tests' sessions with expected frames made from
/// their own flat answers, as they are and changed: rounded (`precision`), views left out,
/// added, renamed and reordered, values moved, the minimal form, with tolerances, a budget,
/// `properties` and a time tolerance; the reports must be the same bytes.
@Suite struct ComparerOracleTests {
    /// The comparison by dotted names.
    struct Oracle {
        var settings: ComparisonSettings

        /// A view's leaves by name (the first, for a name given twice).
        static func index(_ view: ComparedView) -> [String: Int] {
            Dictionary(view.leaves.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        }

        static let defaults = Dictionary(uniqueKeysWithValues: ServiceLeaves.defaults.map { ($0.name, $0.value) })

        /// A view and its leaves by name.
        struct Indexed {
            let view: ComparedView
            let index: [String: Int]

            init(_ view: ComparedView) {
                self.view = view
                index = Oracle.index(view)
            }
        }

        static func value(of leaf: String, in view: Indexed) -> Leaf.Value? {
            if let i = view.index[leaf] { return view.view.leaves[i].value }
            if let value = defaults[leaf] { return value }
            let member = ViewProperty.member(of: leaf)
            let sub = leaf.dropFirst(member.count + 1)
            switch member {
            case "visibleRect":
                return value(of: "windowFrame.\(sub)", in: view)
            case "transform3D":
                guard let i = Int(sub) else { return nil }
                let entries: [String: String] = ["0": "a", "1": "b", "4": "c", "5": "d", "12": "tx", "13": "ty"]
                if let name = entries[String(i)] { return value(of: "transform.\(name)", in: view) }
                return .number(i == 10 || i == 15 ? 1 : 0)
            default:
                return nil
            }
        }

        struct Matcher {
            var byIdentity: [ComparedView.Identity: [Int]] = [:]
            var byID: [String: [Int]] = [:]

            init(_ frame: ComparedFrame) {
                for (i, view) in frame.views.enumerated() {
                    byIdentity[view.identity, default: []].append(i)
                    if let id = view.id { byID[id, default: []].append(i) }
                }
            }

            func match(_ view: ComparedView, excluding used: Set<Int>) -> Int? {
                if let i = byIdentity[view.identity]?.first(where: { !used.contains($0) }) { return i }
                guard case .id(let id) = view.identity, let list = byID[id], list.count == 1 else { return nil }
                return used.contains(list[0]) ? nil : list[0]
            }
        }

        func compare(_ expected: ExpectedFrames, with actual: [ComparedFrame], around: [[ComparedFrame]]) -> ComparisonReport {
            var report = ComparisonReport(settings: settings)
            for (index, frame) in expected.frames.enumerated() {
                report.frames += 1
                var found: [Divergence] = []
                let matcher = Matcher(actual[index])
                let neighbours = index < around.count ? around[index] : []
                let nearbyMatchers = neighbours.map(Matcher.init)
                var used = Set<Int>()
                for (order, view) in frame.views.enumerated() {
                    guard let match = matcher.match(view, excluding: used) else {
                        found.append(Divergence(kind: .missing, frame: index, time: frame.time, view: view, order: order))
                        continue
                    }
                    used.insert(match)
                    report.views += 1
                    let other = actual[index].views[match]
                    let nearby = zip(neighbours, nearbyMatchers).compactMap { f, m in m.byIdentity[other.identity]?.first.map { Indexed(f.views[$0]) } }
                    let e = Indexed(view), a = Indexed(other)
                    let names = view.leaves.map(\.name) + (expected.complete ? other.leaves.map(\.name).filter { e.index[$0] == nil } : [])
                    for name in names where settings.compares(name) {
                        let e = Self.value(of: name, in: e), a = Self.value(of: name, in: a)
                        guard e != nil || a != nil else { continue }
                        report.values += 1
                        let leaf = LeafKey.named(name)!
                        let tolerance = settings.tolerance[leaf.tolerance]
                        let candidates = [a] + nearby.map { Self.value(of: name, in: $0) }
                        guard let difference = Self.difference(e, candidates, tolerance: tolerance) else { continue }
                        found.append(Divergence(kind: .value, frame: index, time: frame.time, view: other, order: order, leaf: leaf,
                                                expected: e?.json, actual: a?.json, difference: difference, tolerance: tolerance))
                    }
                }
                if expected.complete {
                    for (i, view) in actual[index].views.enumerated() where !used.contains(i) {
                        found.append(Divergence(kind: .unexpected, frame: index, time: frame.time, view: view, order: frame.views.count + i))
                    }
                }
                report.add(found, time: frame.time)
            }
            return report
        }

        static func difference(_ expected: Leaf.Value?, _ candidates: [Leaf.Value?], tolerance: Double) -> Double? {
            guard case .number(let e)? = expected else { return candidates.contains(expected) ? nil : .nan }
            let numbers = candidates.compactMap { value -> Double? in if case .number(let n)? = value { n } else { nil } }
            guard let low = numbers.min(), let high = numbers.max() else { return .nan }
            let d = e < low ? low - e : (e > high ? e - high : 0)
            return d > tolerance ? d : nil
        }
    }

    /// The flat views of a snapshot as JSON, at `precision` digits when given.
    static func views(_ snapshot: Snapshot, precision: Int? = nil) throws -> [JSONValue] {
        var encoder = ResponseEncoder(precision: precision, flat: true)
        encoder.snapshot(snapshot)
        return try JSONParser.parse(encoder.writer.bytes).objectValue?["views"]?.arrayValue ?? []
    }

    /// A view with member `name` set to `value` (nil: left out).
    static func setting(_ view: JSONValue, _ name: String, _ value: JSONValue?) -> JSONValue {
        var object = view.objectValue!
        object[name] = value
        return .object(object)
    }

    /// The ways expected frames are made from the service's flat views at one time (`index`:
    /// the frame's place, so that each variant changes different views).
    static func variants(_ views: [JSONValue], rounded: [JSONValue], index: Int, random: inout SplitMix64) -> [(name: String, views: [JSONValue])] {
        let n = views.count
        let k = n > 0 ? Int(random.next() % UInt64(n)) : 0
        var out: [(String, [JSONValue])] = [("as they are", views), ("rounded", rounded), ("reversed", views.reversed())]
        if n > 1 {
            var missing = views
            missing.remove(at: k)
            out.append(("a view left out", missing))
            var renamed = views
            renamed[k] = setting(setting(renamed[k], "path", .string("renamed")), "viewController", .string("elsewhere"))
            out.append(("a view renamed", renamed))
            var shuffled = views
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, Int(random.next() % UInt64(i + 1))) }
            out.append(("shuffled", shuffled))
            var doubled = views
            doubled.insert(views[k], at: k)
            out.append(("a view given twice", doubled))
        }
        var extra = views
        extra.append(.object(JSONObject([("id", .string("ghost")), ("viewController", .null), ("path", .string("ghost")), ("alpha", .number(1))])))
        out.append(("a view added", extra))
        var moved = views
        for i in moved.indices where random.next() % 3 == 0 {
            let frame = moved[i].objectValue?["windowFrame"]?.objectValue
            let x = frame?["x"]?.numberValue ?? 0
            moved[i] = setting(moved[i], "windowFrame", .object(JSONObject([("height", frame?["height"] ?? .number(0)), ("x", .number(x + Double(random.next() % 5) * 0.3))])))
            if random.next() % 2 == 0 { moved[i] = setting(moved[i], "alpha", .number(Double(random.next() % 100) / 100)) }
            if random.next() % 4 == 0 { moved[i] = setting(moved[i], "hidden", .bool(random.next() % 2 == 0)) }
            if random.next() % 4 == 0 { moved[i] = setting(moved[i], "transform", .array([1.0, 0, 0, 1, 0, 0].map { JSONValue.number($0 + 1e-7) })) }
            if random.next() % 4 == 0 { moved[i] = setting(moved[i], "cornerRadius", .number(Double(random.next() % 3))) }
            if random.next() % 4 == 0 { moved[i] = setting(moved[i], "visibleRect", .object(JSONObject([("width", .number(1))]))) }
        }
        out.append(("values moved", moved))
        return out
    }

    static let settings: [(name: String, settings: ComparisonSettings)] = {
        var loose = ComparisonSettings()
        loose.tolerance.position = 2
        loose.tolerance.alpha = 0.5
        loose.budget = 3
        var some = ComparisonSettings()
        some.properties = ["windowFrame", "alpha", "transform.tx", "transform3D", "visibleRect.width"]
        var timed = ComparisonSettings()
        timed.tolerance.time = 0.02
        var exact = ComparisonSettings()
        exact.tolerance = Tolerance(position: 0, alpha: 0, transform: 0, time: 0)
        return [("default", ComparisonSettings()), ("loose", loose), ("some properties", some), ("a time tolerance", timed), ("exact", exact)]
    }()

    @Test(arguments: FrameTemplateTests.scenes.indices)
    func theComparerAnswersAsTheComparisonByName(scene: Int) throws {
        let (name, creation, actions) = FrameTemplateTests.scenes[scene]
        let session = try FrameTemplateTests.session(creation, actions)
        let history = try session.history(now: .now)
        var random = SplitMix64(seed: UInt64(scene) &+ 45)
        let times = (0..<4).map { Double($0) / 8 } + (0..<2).map { _ in Double(random.next() % 1_000_000) / 1_000_000 }
        let shots = try history.snapshots(at: times)
        let aroundShots = try history.snapshots(at: times.flatMap { [max(0, $0 - 0.02), $0 + 0.02] })
        var indexes = LeafIndexes()
        let actual = shots.map { ComparedFrame($0, indexes: &indexes) }
        let around = times.indices.map { i in [ComparedFrame(aroundShots[2 * i], indexes: &indexes), ComparedFrame(aroundShots[2 * i + 1], indexes: &indexes)] }
        var byVariant: [String: [[JSONValue]]] = [:]
        var order: [String] = []
        for (i, shot) in shots.enumerated() {
            for (variant, views) in Self.variants(try Self.views(shot), rounded: try Self.views(shot, precision: 1), index: i, random: &random) {
                if byVariant[variant] == nil { order.append(variant) }
                byVariant[variant, default: []].append(views)
            }
        }
        for variant in order {
            let frames = byVariant[variant]!
            guard frames.count == times.count else { continue }
            for form in ["snapshots", "frames"] {
                let list = zip(times, frames).map { JSONValue.object(JSONObject([("time", .number($0)), ("views", .array($1))])) }
                let json = JSONValue.object(JSONObject([(form, .array(list))]))
                let expected = try ExpectedFrames.read(json, at: "/expected", bounds: FrameBounds(values: .max))
                for (label, settings) in Self.settings {
                    let neighbours = settings.tolerance.time > 0 ? around : []
                    let report = try FrameComparer(settings: settings).compare(expected, with: actual, around: neighbours)
                    let oracle = Oracle(settings: settings).compare(expected, with: actual, around: neighbours)
                    #expect(String(decoding: report.encoded, as: UTF8.self) == String(decoding: oracle.encoded, as: UTF8.self),
                            "\(name), \(variant), \(form), \(label)")
                }
            }
        }
    }
}
