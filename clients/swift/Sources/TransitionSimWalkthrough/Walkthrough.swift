// The README walkthrough through the client generated from openapi.yaml, over async-http-client
// (tests/contract/test_generated_swift.py builds this package and runs it against the real binary).
// Every value is read through the typed API and printed as one JSON report, which the test compares
// with the same walkthrough over raw HTTP (tests/contract/walkthrough.py, plus the tree, SVG,
// change-only and comparison steps the other clients' report leaves out).
import Foundation
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import TransitionSimClient

typealias S = Components.Schemas

func frame(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> S.RectSpec {
    .init(x: x, y: y, width: width, height: height)
}
func gesture(_ phase: S.GesturePhase, at: Double, x: Double, velocity: S.PointSpec? = nil) -> S.Action {
    .gesture(.init(_type: .gesture, at: at, recognizer: .edgePan, phase: phase, translation: .init(x: x, y: 0),
                   velocity: velocity))
}
func rect(_ r: S.Rect) -> List { List([r.x, r.y, r.width, r.height]) }
func series(_ batch: S.SnapshotBatch) throws -> [S.Snapshot] {
    guard case .SnapshotSeries(let series) = batch else { throw Unexpected("a SnapshotSeries, got \(batch)") }
    return series.snapshots
}
/// An action's `type`, read back from its JSON (the generated `Action` is one case per type).
func actionType(_ action: S.Action) throws -> String {
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(action)) as? [String: Any]
    guard let type = object?["type"] as? String else { throw Unexpected("an action with a type") }
    return type
}
func utf8(_ body: HTTPBody) async throws -> String { try await String(collecting: body, upTo: 1 << 24) }


@main
struct Walkthrough {
    static func main() async throws {
        guard CommandLine.arguments.count == 2, let serverURL = URL(string: CommandLine.arguments[1]) else {
            FileHandle.standardError.write(Data("usage: TransitionSimWalkthrough BASE_URL\n".utf8))
            exit(2)
        }

        let client = Client(serverURL: serverURL, transport: AsyncHTTPClientTransport())
        var report = Report()

        // The README's scene: a 320×568 window with a navigation controller holding one controller with
        // its view tree (`type` left out for the plain view controller, as the README's bodies do).
        let things = S.ViewControllerSpec(id: "things", title: "Things", view: .init(
            id: "root", kind: .collection, children: [
                .init(id: "cell-3", kind: .cell, frame: frame(110, 80, 100, 120), children: [
                    .init(id: "image", kind: .imageView, frame: frame(0, 0, 100, 100), image: "thing-3"),
                    .init(id: "label", kind: .label, frame: frame(0, 100, 100, 20), text: "Thing 3"),
                ]),
            ]))
        let scene = S.SessionCreate(
            screen: .ScreenSize(.init(width: 320, height: 568, scale: 2)), clock: .virtual,
            root: .NavigationControllerSpec(.init(_type: .navigation, id: "nav", viewControllers: [.ViewControllerSpec(things)])))
        // The detail controller; its image rounds its top corners, named in reverse order.
        let detail = S.ViewControllerSpec(id: "detail", title: "Detail", view: .init(
            id: "root", kind: .view, children: [
                .init(id: "image", kind: .imageView, frame: frame(20, 84, 280, 280), image: "thing-3", cornerRadius: 12,
                      maskedCorners: [.maxXMinY, .minXMinY]),
            ]))
        let zoomIn = S.AnimatorChoice.named("zoom", ["sourceView": "cell-3/image", "targetView": "image"])
        let zoomOut = S.AnimatorChoice.named("zoom", ["sourceView": "image", "targetView": "cell-3/image"])
        let push = S.PushAction(_type: .push, animator: zoomIn, viewController: .ViewControllerSpec(detail))

        // Create, then push with the zoom animator.
        let created = try await client.createSession(body: .json(.SessionCreate(scene))).created
        let state = try created.body.json
        let id = state.id
        report["created"] = List([201, created.headers.location == "/v1/sessions/\(id)", state.controllers._type.rawValue,
                                  state.controllers.topViewController])
        let pushed = try await client.applyActions(path: .init(id: id), body: .json(.PushAction(push))).ok.body.json
        report["push"] = List([pushed.applied, pushed.transition.operation?.rawValue, pushed.transition.animator,
                               List(pushed.events.map { $0.event.seq })])

        let frames = try series(try await client.snapshots(path: .init(id: id), query: .init(t: "0,0.1,0.2,0.3")).ok.body.json)
        report["series"] = List(frames.map { List([$0.time, $0.transition.percentComplete, $0.root?.view.id]) })

        // A flat snapshot with precision 2: every view's window frame, alpha and transform; maskedCorners
        // is left out unless a view's differs from all four.
        let flat = try await client.snapshot(path: .init(id: id), query: .init(t: 0.15, flat: true, precision: 2)).ok.body.json
        report["flat"] = List((flat.views ?? []).map { v in
            let t = v.view.transform
            return List([v.parent ?? "", v.view.id, rect(v.view.windowFrame), v.view.alpha, List([t.a, t.b, t.c, t.d, t.tx, t.ty]),
                         v.view.maskedCorners.map { List($0.map(\.rawValue)) } ?? "all"])
        })
        report["clock"] = try await client.advanceClock(path: .init(id: id), body: .json(.init(by: 1))).ok.body.json.time

        // An interactive pop, driven directly, then cancelled: an array of actions.
        let pop: S.VectorOfActions = [
            .pop(.init(_type: .pop, interactive: true, animator: zoomOut)),
            .update(.init(_type: .update, at: 1.1, percent: 0.3)),
            .cancel(.init(_type: .cancel, at: 1.2)),
        ]
        report["pop"] = try await client.applyActions(path: .init(id: id), body: .json(.VectorOfActions(pop))).ok.body.json.applied
        let scrub = try series(try await client.snapshots(path: .init(id: id), query: .init(from: 1, to: 1.3, fps: 20)).ok.body.json)
        report["scrub"] = List(scrub.map { List([$0.time, $0.transition.phase.rawValue, $0.transition.percentComplete ?? -1]) })

        // The same through gesture samples: an edge pan.
        _ = try await client.applyActions(path: .init(id: id), body: .json(.VectorOfActions([
            gesture(.began, at: 2.0, x: 0), gesture(.changed, at: 2.05, x: 96),
            gesture(.ended, at: 2.1, x: 200, velocity: .init(x: 300, y: 0)),
        ]))).ok
        guard let g = try await client.snapshot(path: .init(id: id), query: .init(t: 2.2)).ok.body.json.transition.gesture else {
            throw Unexpected("a gesture at 2.2")
        }
        report["gesture"] = List([g.decision?.rawValue, g.progress])
        _ = try await client.advanceClock(path: .init(id: id), body: .json(.init(to: 3))).ok

        let completions = try await client.events(path: .init(id: id), query: .init(_type: .completeTransition)).ok.body.json
        report["completions"] = List([List(try completions.events.map { e in
            guard case .completeTransition(let c) = e else { throw Unexpected("a completeTransition event") }
            return List([c.seq, c.time, c.didComplete])
        }), completions.lastSeq])
        // `after` is an int64: a value past 2^31 is sent as written and answers no events.
        report["after"] = try await client.events(path: .init(id: id), query: .init(after: 9_000_000_000)).ok.body.json.events.count
        let shown = try await client.showSession(path: .init(id: id)).ok.body.json
        report["state"] = List([shown.controllers.topViewController, shown.eventCount])

        // The scenario export reads back through the unions (screen, controllers, actions, clock).
        let scenario = try await client.exportScenario(path: .init(id: id)).ok.body.json
        guard case .ScreenSize(let screen) = scenario.session.screen, case .NavigationControllerSpec(let root) = scenario.session.root
        else { throw Unexpected("a screen size and a navigation controller") }
        report["scenario"] = List([scenario.version.rawValue, screen.width, root.viewControllers.count,
                                   List(try scenario.changes.map { change in
                                       switch change {
                                       case .ScenarioClock(let c): List(["clock", c.clock])
                                       case .ScenarioAction(let a): List(["action", try actionType(a.action)])
                                       }
                                   })])

        let deleted: Int
        switch try await client.deleteSession(path: .init(id: id)) {
        case .noContent: deleted = 204
        case let other: throw Unexpected("204, got \(other)")
        }
        let gone: Int
        switch try await client.showSession(path: .init(id: id)) {
        case .notFound: gone = 404
        case let other: throw Unexpected("404, got \(other)")
        }
        report["deleted"] = List([deleted, gone])

        // Beyond the other clients' walkthrough: a fresh session with the same scene and push.
        let other = try await client.createSession(body: .json(.SessionCreate(scene))).created.body.json.id
        _ = try await client.applyActions(path: .init(id: other), body: .json(.PushAction(push))).ok

        // One frame as a tree: every view depth first.
        let tree = try await client.snapshot(path: .init(id: other), query: .init(t: 0.15)).ok.body.json
        func nodes(_ node: S.ViewNode) -> [any Reportable] {
            let v = node.view
            return [List([v.viewController ?? "", v.path, v.kind, v.role ?? "", rect(v.windowFrame), v.alpha, node.children.count])]
                + node.children.flatMap(nodes)
        }
        guard let root = tree.root else { throw Unexpected("a tree snapshot") }
        report["tree"] = List([tree.time, tree.transition.phase.rawValue, List(nodes(root))])

        // The same frame drawn, and the four frames side by side (image/svg+xml answers).
        let svg = try await client.snapshotSVG(path: .init(id: other), query: .init(t: 0.15)).ok
        let strip = try await client.filmstripSVG(path: .init(id: other), query: .init(t: "0,0.1,0.2,0.3")).ok
        report["svg"] = List(["image/svg+xml", try await utf8(svg.body.imageSvgXml),
                              "image/svg+xml", try await utf8(strip.body.imageSvgXml)])

        // A change-only batch: the first frame whole, then what changes.
        let batch = try await client.snapshots(path: .init(id: other), query: .init(t: "0,0.1,0.2,0.3", changes: true)).ok.body.json
        guard case .ChangeBatch(let changes) = batch, case .Snapshot(let first)? = changes.snapshots.first else {
            throw Unexpected("a ChangeBatch starting with a whole frame")
        }
        report["changes"] = List([changes.format.rawValue, first.time, List((first.views ?? []).map(\.view.id)),
                                  List(try changes.snapshots.dropFirst().map { frame in
                                      guard case .SnapshotChange(let c) = frame else { throw Unexpected("a change frame") }
                                      let added = try (c.added ?? []).map { pair -> any Reportable in
                                          guard let index = pair.value.first as? Int else { throw Unexpected("an added index") }
                                          return index
                                      }
                                      return List([c.time, List((c.set?.additionalProperties.value.keys.sorted() ?? []) as [any Reportable]),
                                                   List((c.unset ?? []) as [any Reportable]), List((c.removed ?? []) as [any Reportable]),
                                                   List(added), List((c.viewSet?.additionalProperties.keys.sorted() ?? []) as [any Reportable])])
                                  })])

        // A golden check in its minimal form: the detail image where the push leaves it, then
        // (wrongly) as narrow as the cell's, with one divergence allowed.
        let image = S.ExpectedView(viewController: "detail", path: "image", additionalProperties: try .init(unvalidatedValue: [
            "windowFrame": ["x": 20, "y": 84, "width": 280, "height": 280],
        ]))
        let narrow = S.ExpectedView(viewController: "detail", path: "image", additionalProperties: try .init(unvalidatedValue: [
            "windowFrame": ["width": 100],
        ]))
        func compared(_ view: S.ExpectedView, budget: Int? = nil) async throws -> List {
            let request = S.CompareRequest(expected: .ExpectedMinimalFrames(.init(frames: [.init(time: 1, views: [view])])),
                                           budget: budget)
            let r = try await client.compareSession(path: .init(id: other), body: .json(request)).ok.body.json
            let byProperty = r.byProperty.additionalProperties.sorted { $0.key < $1.key }
            let d = r.first
            let first: [any Reportable] = [d?.kind.rawValue, d?.frame, d?.time, d?.view, d?.viewController, d?.path,
                                           d?.property, d?.difference, d?.tolerance]
            return List([r.match, List([r.compared.frames, r.compared.views, r.compared.values]), r.divergences, r.budget,
                         List(first), List(byProperty.map { List([$0.key, $0.value.divergences, $0.value.largest]) }),
                         List(r.divergentTimes)])
        }
        report["compare"] = List([try await compared(image), try await compared(narrow, budget: 1)])
        _ = try await client.deleteSession(path: .init(id: other))

        print(report.json)
    }
}
