import JSONCodec
import TestSupport
import Testing
@testable import TransitionCore

/// A window showing one plain controller, `home`.
func homeScene() throws -> World {
    try World(scene: SceneSpec.decode(json(#"{"screen": {"width": 320, "height": 568, "scale": 2}, "root": {"id": "home", "title": "Home"}}"#),
                                      limits: SceneLimits()))
}

/// A tab bar controller with tabs `a`, `b`, `c`; `rules` as in the session body.
func tabsScene(rules: String = "[]") throws -> World {
    try World(scene: SceneSpec.decode(json(#"""
    {"screen": {"width": 320, "height": 568}, "rules": \#(rules),
     "root": {"type": "tabBar", "id": "tabs", "viewControllers": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}, {"id": "c", "title": "C"}]}}
    """#), limits: SceneLimits()))
}

/// Everything a snapshot says, as text: two snapshots print the same exactly when every number,
/// name and flag in them is the same.
func dump(_ shot: Snapshot) -> String {
    var out = "time \(shot.time)\n"
    if let t = shot.transition {
        out += "transition \(t.id) \(t.operation) \(t.phase) \(t.from)→\(t.to) \(t.animator) \(t.chosenBy) D=\(t.duration) "
        out += "begin=\(t.begin) elapsed=\(t.elapsed) p=\(t.percentComplete) cancelled=\(t.wasCancelled) done=\(String(describing: t.completedAt)) "
        out += "diagnostics=\(t.diagnostics.map { "\($0.code.rawValue)@\($0.time):\($0.view ?? "-")" })\n"
    }
    func node(_ n: SnapshotNode, _ depth: Int) {
        out += String(repeating: " ", count: depth) + "\(n.id) \(n.kind) \(n.viewController ?? "-") \(n.path) \(n.role?.rawValue ?? "-") "
        out += "frame=\(n.frame) bounds=\(n.bounds) center=\(n.center) t=\(n.transform) t3=\(String(describing: n.transform3D)) "
        out += "alpha=\(n.alpha) hidden=\(n.hidden) window=\(n.windowFrame) bg=\(String(describing: n.backgroundColor)) "
        out += "text=\(n.text ?? "-") image=\(n.image ?? "-")\n"
        for c in n.children { node(c, depth + 1) }
    }
    node(shot.root, 0)
    return out
}

/// An iPad showing `home`, whose button `share` a popover points at.
func iPadScene() throws -> World {
    try World(scene: SceneSpec.decode(json(#"""
    {"screen": {"device": "iPad (10th)"},
     "root": {"id": "home", "view": {"id": "root", "children": [{"id": "share", "frame": {"x": 400, "y": 100, "width": 40, "height": 40}}]}}}
    """#), limits: SceneLimits()))
}

/// How to exercise one operation of a catalogue animator: the scene, the actions before it, the
/// action itself (with `ANIMATOR` where the choice goes) and the parameters it needs.
struct Exercise: Sendable, CustomStringConvertible {
    var operation: TransitionOperation
    var scene: @Sendable () throws -> World
    var before: [String]
    var action: String

    var description: String { operation.rawValue }

    static let push = Exercise(operation: .push, scene: thingsScene, before: [], action: String(detailPush.dropLast()) + #", "animator": ANIMATOR}"#)
    static let pop = Exercise(operation: .pop, scene: thingsScene, before: [detailPush], action: #"{"type": "pop", "at": 2, "animator": ANIMATOR}"#)
    static let selectTab = Exercise(operation: .selectTab, scene: { try tabsScene() }, before: [], action: #"{"type": "selectTab", "index": 1, "animator": ANIMATOR}"#)
    static func present(_ style: String) -> Exercise {
        Exercise(operation: .present, scene: homeScene, before: [],
                 action: #"{"type": "present", "modalPresentationStyle": "\#(style)", "viewController": {"id": "sheet"}, "animator": ANIMATOR}"#)
    }
    static func dismiss(_ style: String) -> Exercise {
        Exercise(operation: .dismiss, scene: homeScene,
                 before: [#"{"type": "present", "modalPresentationStyle": "\#(style)", "viewController": {"id": "sheet"}, "animator": {"name": "ANIMATOR_NAME"}}"#],
                 action: #"{"type": "dismiss", "at": 2, "animator": ANIMATOR}"#)
    }

    static let popover = #"{"type": "present", "viewController": {"id": "sheet", "modalPresentationStyle": "popover", "popoverPresentation": {"sourceView": "share"}}, "animator": ANIMATOR}"#
    static let presentPopover = Exercise(operation: .present, scene: iPadScene, before: [], action: popover)
    static let dismissPopover = Exercise(operation: .dismiss, scene: iPadScene, before: [popover.replacing("ANIMATOR", with: #"{"name": "ANIMATOR_NAME"}"#)],
                                         action: #"{"type": "dismiss", "at": 2, "animator": ANIMATOR}"#)

    /// Runs the exercise with `choice` (JSON of the animator choice) and returns the world at the
    /// start of the operation.
    func run(_ name: String, choice: String) throws -> World {
        var world = try scene()
        for text in before {
            try world.apply(try TransitionCoreTests.action(text.replacing("ANIMATOR_NAME", with: name)))
        }
        world.advance(to: 2)
        try world.apply(try TransitionCoreTests.action(action.replacing("ANIMATOR", with: choice)))
        return world
    }
}

/// The exercises of each catalogue animator, and the parameters its operations need.
func exercises(for name: String) -> [(Exercise, String)] {
    let zoomPush = #"{"name": "zoom", "sourceView": "cell-3/image", "targetView": "image"}"#
    let zoomPop = #"{"name": "zoom", "sourceView": "image", "targetView": "cell-3/image"}"#
    switch name {
    case "default": return [(.push, #""default""#), (.pop, #""default""#), (.present("fullScreen"), #""default""#), (.dismiss("fullScreen"), #""default""#)]
    case "slide": return [(.push, #""slide""#), (.pop, #""slide""#)]
    case "coverVertical": return [(.present("fullScreen"), #""coverVertical""#), (.dismiss("fullScreen"), #""coverVertical""#)]
    case "crossDissolve": return [(.push, #""crossDissolve""#), (.pop, #""crossDissolve""#), (.present("fullScreen"), #""crossDissolve""#),
                                  (.dismiss("fullScreen"), #""crossDissolve""#), (.selectTab, #""crossDissolve""#)]
    case "flipFromLeft", "flipFromRight", "curlUp", "curlDown":
        return [(.push, "\"\(name)\""), (.pop, "\"\(name)\""), (.present("fullScreen"), "\"\(name)\""),
                (.dismiss("fullScreen"), "\"\(name)\""), (.selectTab, "\"\(name)\"")]
    case "zoom":
        var pop = Exercise.pop
        pop.before = [String(detailPush.dropLast()) + #", "animator": \#(zoomPush)}"#]
        return [(.push, zoomPush), (pop, zoomPop)]
    case "flip": return [(.push, #""flip""#), (.pop, #""flip""#)]
    case "overlay", "sidePanel": return [(.present("custom"), "\"\(name)\""), (.dismiss("custom"), "\"\(name)\"")]
    case "sheet": return [(.present("pageSheet"), #""sheet""#), (.dismiss("pageSheet"), #""sheet""#)]
    case "formSheet": return [(.present("formSheet"), #""formSheet""#), (.dismiss("formSheet"), #""formSheet""#)]
    case "alert", "actionSheet": return [(.present("custom"), "\"\(name)\""), (.dismiss("custom"), "\"\(name)\"")]
    case "popover": return [(.presentPopover, #""popover""#), (.dismissPopover, #""popover""#)]
    case "fade": return [(.push, #""fade""#), (.pop, #""fade""#), (.present("fullScreen"), #""fade""#), (.dismiss("fullScreen"), #""fade""#), (.selectTab, #""fade""#)]
    default: return []
    }
}

@Suite struct CatalogueTests {
    static let names = ["default", "slide", "coverVertical", "crossDissolve", "flipFromLeft", "flipFromRight", "curlUp", "curlDown",
                        "zoom", "flip", "overlay", "fade", "sidePanel", "sheet", "formSheet", "alert", "actionSheet", "popover"]

    @Test func theCatalogueHoldsThePinnedNames() {
        #expect(Catalogue.shared.names == Self.names)
    }

    /// A file in Catalogue/Animators is compiled in whether or not `Catalogue` lists it; one it
    /// does not list would never be served.
    @Test func everyCatalogueFileIsServed() throws {
        let files = try #require(repositoryFolder("Sources/TransitionCore/Catalogue/Animators"), "cannot list the catalogue's files")
        // The fluid zoom is the one file not served by name: a controller's preferredTransition
        // asks for it (docs/semantics.md § Zoom).
        let served = Set(Catalogue.shared.names + [Catalogue.shared.fluidZoom.name])
        for file in files {
            #expect(file.hasSuffix(".json") && served.contains(String(file.dropLast(5))), "\(file) is not served: list it in Catalogue.others")
        }
        #expect(files.count == Self.names.count, "every animator but default is a file, and the fluid zoom")
        #expect(!Catalogue.shared.names.contains(Catalogue.shared.fluidZoom.name))
    }

    @Test(arguments: names)
    func everyAnimatorDescribesItselfAndCitesItsSources(name: String) throws {
        let d = try #require(Catalogue.shared.definition(named: name))
        #expect(!d.summary.isEmpty && d.source.count > 40)
        // Its served JSON decodes back to the same animator.
        let text = JSONWriter.encode(d.json)
        let again = try AnimatorDefinition.decode(JSONParser.parse(text), at: "", defaultName: "")
        #expect(again.name == name && again.parameters == d.parameters)
        #expect(again.operations == d.operations)
        for op in d.operations { #expect(again.body(for: op) == d.body(for: op)) }
        // Every exercised operation is one it has, and it has no operation left unexercised.
        #expect(exercises(for: name).map(\.0.operation) == d.operations, "\(name): \(d.operations)")
        // Every number the parameters hold, the source names.
        for (key, value) in d.parameters.entries where value.numberValue != nil {
            #expect(d.source.contains(key == "dismissVelocity" ? "-15" : shortNumber(value.numberValue!)), "\(name).\(key) = \(value) is not cited")
        }
    }

    func shortNumber(_ n: Double) -> String {
        if n == -0.002 { return "-1/500" }
        if n == 0.1 { return "0.1" }
        return n == n.rounded() ? String(Int(n)) : String(n)
    }

    @Test func platformDefaultsAreUIKits() throws {
        #expect(Catalogue.shared.platformDefault(for: .push)?.name == "slide")
        #expect(Catalogue.shared.platformDefault(for: .pop)?.name == "slide")
        #expect(Catalogue.shared.platformDefault(for: .present)?.name == "coverVertical")
        #expect(Catalogue.shared.platformDefault(for: .dismiss)?.name == "coverVertical")
        #expect(Catalogue.shared.platformDefault(for: .selectTab) == nil)
        let d = try #require(Catalogue.shared.definition(named: "default"))
        #expect(d.operations == [.push, .pop, .present, .dismiss])
        #expect(d.parameters.keys == ["duration", "parallax", "dimming", "curve"])
    }

    @Test func presentingWithNoAnimatorCoversVertically() throws {
        var world = try homeScene()
        try world.apply(try action(#"{"type": "present", "viewController": {"id": "sheet"}}"#))
        let t = try #require(world.runningTransition)
        #expect(t.animator == "coverVertical" && t.chosenBy == "default" && t.duration == 0.5)
        #expect(try #require(world.shot(0).root.find("sheet", "")).frame.minY == 568)
        world.advance(to: 0.5)
        #expect(world.snapshot(at: 0.5).root.find("sheet", "")?.frame.minY == 0)
        try world.apply(try action(#"{"type": "dismiss", "at": 1}"#))
        #expect(world.runningTransition?.animator == "coverVertical")
        world.advance(to: 2)
        #expect(world.snapshot(at: 2).root.find("sheet", "") == nil)
        #expect(world.snapshot(at: 2).root.find("home", "")?.frame.minY == 0)
    }

    /// Each catalogue animator, each operation: it completes by itself, reports nothing, and
    /// leaves the views where UIKit would.
    @Test(arguments: names)
    func everyOperationOfEveryAnimatorCompletesCleanly(name: String) throws {
        for (exercise, choice) in exercises(for: name) {
            var world = try exercise.run(name, choice: choice)
            let t = try #require(world.runningTransition, "\(name) \(exercise)")
            #expect(t.operation == exercise.operation)
            world.advance(to: 5)
            let done = try #require(world.transitions.last)
            #expect(done.phase == .completed, "\(name) \(exercise)")
            #expect(done.diagnostics.isEmpty, "\(name) \(exercise): \(done.diagnostics.map(\.message))")
            let shot = world.snapshot(at: 5)
            #expect(shot.root.find(role: .snapshot) == nil, "\(name) \(exercise)")
            // Only the side panel, the sheets and the alerts keep a view of their own, while
            // presented: the overlay and the veil.
            let keeps = ["sidePanel", "sheet", "formSheet", "alert", "actionSheet"].contains(name) && exercise.operation == .present
            #expect((shot.root.find(role: .dimming) != nil) == keeps, "\(name) \(exercise)")
            let to = try #require(shot.root.find(done.to.rawValue, ""), "\(name) \(exercise): the to view is on screen")
            #expect(!to.hidden && to.alpha == 1 && to.transform3D == nil, "\(name) \(exercise)")
            if exercise.operation != .dismiss, !["overlay", "sidePanel", "sheet", "formSheet", "alert", "actionSheet", "popover"].contains(name) {
                #expect(to.frame == Rect(x: 0, y: 0, width: 320, height: 568), "\(name) \(exercise): \(to.frame)")
            }
            if exercise.operation == .present, name == "sheet" {
                #expect(abs(to.frame.minY - 0.08 * 568) < 1e-9 && abs(to.frame.height - 0.92 * 568) < 1e-9, "the card rests 0.08 H down")
            }
            if exercise.operation == .present, name == "alert" {
                #expect(to.frame == Rect(x: (320 - 270) / 2, y: (568 - 124) / 2, width: 270, height: 124), "the catalogue's platter, centred")
            }
            if exercise.operation == .present, name == "actionSheet" {
                #expect(to.frame == Rect(x: 8, y: 568 - 8 - 122, width: 304, height: 122), "the catalogue's sheet, at the bottom")
            }
            if exercise.operation == .present, name == "popover" {
                // Below the 40 pt button at (400, 100) of the iPad, the default 320 × 480 under the arrow.
                #expect(to.windowFrame == Rect(x: 260, y: 153, width: 320, height: 480), "the popover rests below its source")
            }
            if exercise.operation == .present, name == "formSheet" {
                #expect(to.frame == Rect(x: (320 - 540) / 2, y: (568 - 600) / 2, width: 540, height: 600), "the card rests centred")
            }
            switch exercise.operation {
            case .push, .pop, .selectTab:
                #expect(shot.root.find(done.from.rawValue, "") == nil, "\(name) \(exercise): the from view left")
            case .present:
                // The page stays under a custom presentation and under a popover.
                let stays = ["overlay", "sidePanel", "alert", "actionSheet", "popover"].contains(name)
                #expect((shot.root.find("home", "") != nil) == stays, "\(name) \(exercise)")
            case .dismiss:
                #expect(shot.root.find("sheet", "") == nil && world.controllers["sheet"] == nil)
            }
            // Nothing the animator hid stays hidden.
            func anyHidden(_ n: SnapshotNode) -> Bool { n.hidden || n.children.contains(where: anyHidden) }
            #expect(!anyHidden(shot.root), "\(name) \(exercise)")
        }
    }

    /// docs/animators.md § The catalogue, issue 5: what `GET /v1/animators/{name}` serves, posted
    /// back inline, gives the same snapshots to the last bit (here for every operation, at several
    /// instants).
    @Test(arguments: names)
    func servedSpecPostedBackInlineGivesIdenticalSnapshots(name: String) throws {
        let d = try #require(Catalogue.shared.definition(named: name))
        for (exercise, choice) in exercises(for: name) {
            // The named choice's overrides go beside the inline spec (docs/animators.md § Choosing an animator).
            var inlineChoice = JSONObject()
            inlineChoice["spec"] = d.json
            for (key, value) in try json(choice).objectValue?.entries ?? [] where key != "name" { inlineChoice[key] = value }
            let inline = String(decoding: JSONWriter.encode(.object(inlineChoice)), as: UTF8.self)
            let a = try exercise.run(name, choice: choice)
            let b = try exercise.run(name, choice: inline)
            for t in [2.0, 2.05, 2.1, 2.15, 2.2, 2.25, 2.3, 2.5, 2.75, 3.0, 4.0] {
                #expect(dump(a.shot(t)) == dump(b.shot(t)), "\(name) \(exercise) at \(t)")
            }
        }
    }

    /// docs/animators.md shows every animator as served (each catalogue file's text, as
    /// scripts/catalogue-docs copies it), the literal translations as tested, and every ```json
    /// block in it is a definition that decodes.
    @Test func theDocsShowWhatRuns() throws {
        let text = try #require(repositoryFile("docs/animators.md"), "cannot read docs/animators.md")
        var blocks: [String: JSONValue] = [:]
        for (i, chunk) in text.split(separator: "```json\n", omittingEmptySubsequences: false).enumerated() where i > 0 {
            let body = String(chunk.split(separator: "\n```", maxSplits: 1, omittingEmptySubsequences: false)[0])
            let value = try JSONParser.parse(Array(body.utf8))
            let d = try AnimatorDefinition.decode(value, at: "", defaultName: "inline")
            blocks[d.name] = value
        }
        for name in Self.names {
            #expect(blocks[name] == Catalogue.shared.definition(named: name)?.json, "docs/animators.md: \(name)")
        }
        // Each file's own text, not just the same value: scripts/catalogue-docs copies them.
        for name in Self.names.filter({ $0 != "default" }) + [Catalogue.shared.fluidZoom.name] {
            let file = try #require(repositoryFile("Sources/TransitionCore/Catalogue/Animators/\(name).json"))
            #expect(text.contains("```json\n" + file + "```"), "docs/animators.md shows an older \(name): run scripts/catalogue-docs")
        }
        for (name, spec) in [("literal-000-001-push", SeedFidelityTests.literalZoomPush), ("literal-002-overlay", SeedFidelityTests.literalOverlay),
                             ("literal-003-fade", SeedFidelityTests.literalFade)] {
            #expect(blocks[name] == (try json(spec)), "docs/animators.md: \(name)")
        }
    }

    @Test func zoomWithoutItsViewsSaysWhichParameterIsMissing() throws {
        var world = try thingsScene()
        var push = try action(detailPush)
        push.animator = try AnimatorChoice.decode(json(#""zoom""#), at: "/animator")
        #expect {
            try world.apply(push)
        } throws: { error in
            guard let e = error as? SimulationError, let pointer = e.pointer else { return false }
            return pointer.hasPrefix("/animator") && e.reason.contains("sourceView parameter names no view")
        }
    }
}
