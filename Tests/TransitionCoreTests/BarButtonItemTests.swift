import JSONCodec
import Testing
@testable import TransitionCore

/// A navigation item's `rightBarButtonItems`: how they are read, where they sit in the bar
/// (docs/semantics.md § Bar button items), and the zoom options that name one as the source.
@Suite struct BarButtonItemTests {
    let items = [BarButtonItem(id: "add", content: .image("plus")), BarButtonItem(id: "edit", content: .title("Edit"))]

    /// The first item at the trailing end, 8 pt between items, an image 44 wide, a title its
    /// estimated text width (4 × 8.5 = 34), all as tall as the bar.
    @Test func theFirstItemSitsAtTheTrailingEnd() {
        #expect(BarButtonLayout.itemFrames(items) == [Rect(x: 42, y: 0, width: 44, height: 44), Rect(x: 0, y: 0, width: 34, height: 44)])
        // The group ends 16 pt from the bar's trailing edge.
        #expect(BarButtonLayout.groupFrame(items, barWidth: 320) == Rect(x: 320 - 16 - 86, y: 0, width: 86, height: 44))
        #expect(BarButtonLayout.itemFrames([]) == [] && BarButtonLayout.groupFrame([], barWidth: 320).width == 0)
    }

    @Test func aListIsReadWithItsIDsAndContent() throws {
        let list = try BarButtonItem.decodeList(try json(#"[{"id": "add", "image": "plus"}, {"id": "edit", "title": "Edit"}]"#), at: "/items")
        #expect(list == items)
        #expect(try BarButtonItem.decodeList(nil, at: "/items") == [])
    }

    @Test(arguments: [
        (#"[{"id": "a", "title": "A", "image": "plus"}]"#, "/items/0/image"),
        (#"[{"id": "a"}]"#, "/items/0"),
        (#"[{"id": "a", "title": "A"}, {"id": "a", "title": "B"}]"#, "/items/1/id"),
        (#"[{"id": "a", "title": "ABCDEFGHIJKLMNOPQRSTUVWXY"}]"#, "/items/0/title"),
        (#"[{"id": "a b", "title": "A"}]"#, "/items/0/id"),
        (#"[{"id": "a", "image": ""}]"#, "/items/0/image"),
        (#"[1, 2, 3, 4, 5, 6, 7]"#, "/items"),
        (#"{"id": "a"}"#, "/items"),
    ])
    func badItemsAreRefusedAtTheirMember(text: String, pointer: String) throws {
        let value = try json(text)
        do {
            _ = try BarButtonItem.decodeList(value, at: "/items")
            Issue.record("\(text) was accepted")
        } catch { #expect(error.pointer == pointer) }
    }

    @Test func aZoomHasOneSource() throws {
        let item = try PreferredTransition.decode(try json(#"{"type": "zoom", "sourceBarButtonItem": "add"}"#), at: "/p")
        #expect(item.zoom?.source == .barButtonItem("add") && item.zoom?.pointer == "/p/sourceBarButtonItem")
        let view = try PreferredTransition.decode(try json(#"{"type": "zoom", "sourceView": "cell-3"}"#), at: "/p")
        #expect(view.zoom?.source == .view("cell-3") && view.zoom?.barButtonItem == nil)
        let both = try json(#"{"type": "zoom", "sourceView": "a", "sourceBarButtonItem": "add"}"#)
        do {
            _ = try PreferredTransition.decode(both, at: "/p")
            Issue.record("two sources were accepted")
        } catch { #expect(error.pointer == "/p/sourceBarButtonItem") }
    }

    /// The zoom from a bar button item is iOS 26's; a zoom from a view is iOS 18's.
    @Test func theBarButtonSourceNeedsIOS26() throws {
        var settings = ControllerSettings()
        settings.preferredTransition = try PreferredTransition.decode(try json(#"{"type": "zoom", "sourceBarButtonItem": "add"}"#), at: "/p")
        do {
            try settings.checkAvailable(iOS: 18, at: "/c")
            Issue.record("iOS 18 accepted the bar button source")
        } catch { #expect(error.pointer == "/c/preferredTransition/sourceBarButtonItem") }
        try settings.checkAvailable(iOS: 26, at: "/c")
    }

    /// A 402 × 874 iOS 26 window (top inset 62) with `inbox` holding an image item and a title item.
    func inboxScene() throws -> World {
        let scene = try json(#"""
            {"screen": {"device": "iPhone 17 Pro"}, "root": {"type": "navigation", "id": "nav", "viewControllers": [
              {"id": "inbox", "title": "Inbox", "rightBarButtonItems": [{"id": "add", "image": "plus"}, {"id": "edit", "title": "Edit"}]}]}}
            """#)
        return try World(scene: try SceneSpec.decode(scene, limits: SceneLimits()))
    }

    /// The items rest in the bar at the trailing edge; a page that zooms from `add` starts as its
    /// frame, round, with the item hidden, and the pop zooms back into it.
    @Test func aPushZoomsOutOfTheItemAndThePopBackIntoIt() throws {
        let add = Rect(x: 402 - 16 - 44, y: 62, width: 44, height: 44)
        var w = try inboxScene()
        let rest = w.shot(0).root
        #expect(try #require(rest.find(nil, "inbox.rightBarButtonItems.add")).windowFrame == add)
        #expect(try #require(rest.find(nil, "inbox.rightBarButtonItems")).role == .barButtonGroup)
        try w.apply(try action(#"{"type": "push", "viewController": {"id": "page", "preferredTransition": {"type": "zoom", "sourceBarButtonItem": "add"}}}"#))
        let start = w.shot(0).root
        let clip = try #require(start.find(role: .zoomContainer))
        #expect(clip.windowFrame == add && clip.layer.cornerRadius == 22)
        #expect(try #require(start.find(nil, "inbox.rightBarButtonItems.add")).hidden)
        w.advance(to: 1)
        try w.apply(try action(#"{"type": "pop"}"#))
        let end = try #require(w.shot(1.48).root.find(role: .zoomContainer)).windowFrame
        #expect(abs(end.minX - add.minX) < 1 && abs(end.minY - add.minY) < 1 && abs(end.width - 44) < 1)
        w.advance(to: 3)
        #expect(try #require(w.snapshot(at: 3).root.find(nil, "inbox.rightBarButtonItems.add")).hidden == false)
    }

    @Test func aPushFromAnItemTheControllerLacksIsRefusedAtTheOption() throws {
        var w = try inboxScene()
        do {
            try w.apply(try action(#"{"type": "push", "viewController": {"id": "page", "preferredTransition": {"type": "zoom", "sourceBarButtonItem": "nope"}}}"#))
            Issue.record("a missing item was accepted")
        } catch { #expect((error as? SimulationError)?.pointer == "/viewController/preferredTransition/sourceBarButtonItem") }
    }
}
