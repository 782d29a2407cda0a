import JSONCodec
import Testing
@testable import TransitionCore

/// The content below a large-title bar (docs/semantics.md § Large titles): on a 320 × 568 pt
/// iOS 17 screen with a 20 pt top inset, UIKit's safe area ends at 20 + 96 = 116 under a large
/// title and 20 + 44 = 64 under an inline one; the first scroll view's adjusted inset is the part
/// of it over the scroll view, and at rest its content offset is minus that inset.
@Suite struct LargeTitleSafeAreaTests {
    /// A navigation controller over `settings`, whose view is `view` (a table holding one row at
    /// the content's top by default), with `pushed` specs on top.
    func scene(view: String? = nil, mode: String? = nil, prefers: Bool = true, pushed: [String] = []) throws -> World {
        let list = view ?? #"{"id": "root", "kind": "table", "children": [{"id": "row", "kind": "cell", "frame": {"x": 0, "y": 0, "width": 320, "height": 44}}]}"#
        let modeMember = mode.map { #", "largeTitleDisplayMode": "\#($0)""# } ?? ""
        let stack = [#"{"id": "settings", "title": "Settings", "view": \#(list)\#(modeMember)}"#] + pushed
        let text = #"{"screen": {"width": 320, "height": 568, "iOS": 17}, "root": {"type": "navigation", "id": "nav", "prefersLargeTitles": \#(prefers), "viewControllers": [\#(stack.joined(separator: ", "))]}}"#
        return try World(scene: SceneSpec.decode(json(text), limits: SceneLimits()))
    }

    func node(_ world: World, _ controller: String, _ path: String, at t: Double = 0) throws -> SnapshotNode {
        try #require(world.shot(t).root.find(controller, path), "\(controller) \(path)")
    }

    func barBottom(_ world: World, at t: Double = 0) throws -> Double {
        try #require(world.shot(t).root.find(role: .navigationBar)).windowFrame.maxY
    }

    func scroll(_ world: inout World, _ controller: String = "settings", _ path: String = "", y: Double, at t: Double) throws {
        try world.apply(try action(#"{"type": "scroll", "viewController": "\#(controller)", "view": "\#(path)", "contentOffset": {"x": 0, "y": \#(y)}, "at": \#(t)}"#))
    }

    @Test func atRestTheContentStartsBelowTheWholeBar() throws {
        let world = try scene()
        let list = try node(world, "settings", "")
        // The scroll view fills the screen; its bounds (its content offset) start at minus the inset.
        #expect(list.frame == Rect(x: 0, y: 0, width: 320, height: 568) && list.bounds.origin == Point(x: 0, y: -116))
        #expect(try node(world, "settings", "row").windowFrame == Rect(x: 0, y: 116, width: 320, height: 44))
        #expect(try barBottom(world) == 116)
    }

    /// Scrolled `s` points from rest (content offset s − 116) the row's top is 116 − s, and the bar's
    /// bottom is 20 + 44 + max(0, 52 − s): the two move together until the bar is 44 pt, pulls included.
    @Test func theContentsTopTracksTheBarsBottomAtEveryOffset() throws {
        var world = try scene()
        var t = 0.0
        for s in stride(from: -100.0, through: 120, by: 2) {
            t += 1
            try scroll(&world, y: s - 116, at: t)
            let row = try node(world, "settings", "row", at: t).windowFrame
            #expect(row.minY == 116 - s, "scrolled \(s)")
            let bottom = try barBottom(world, at: t)
            #expect(bottom == 64 + max(0, 52 - s), "scrolled \(s)")
            if s <= 52 { #expect(row.minY == bottom, "scrolled \(s)") }
        }
        // Back to rest: the offset UIKit rests at.
        try scroll(&world, y: -116, at: t + 1)
        let rest = try node(world, "settings", "row", at: t + 1).windowFrame.minY, bottom = try barBottom(world, at: t + 1)
        #expect(rest == 116 && bottom == 116)
    }

    @Test func neverKeepsTheContentUnderTheBarAndTheOffsetFromRestIsTheOffset() throws {
        var world = try scene(view: #"{"id": "root", "kind": "table", "contentInsetAdjustmentBehavior": "never", "children": [{"id": "row", "kind": "cell", "frame": {"x": 0, "y": 0, "width": 320, "height": 44}}]}"#)
        #expect(try node(world, "settings", "").bounds.origin == .zero)
        let row = try node(world, "settings", "row").windowFrame.minY, bottom = try barBottom(world)
        #expect(row == 0 && bottom == 116)
        try scroll(&world, y: 30, at: 1)
        let scrolled = try node(world, "settings", "row", at: 1).windowFrame.minY, collapsed = try barBottom(world, at: 1)
        #expect(scrolled == -30 && collapsed == 86)
    }

    /// A header and, in a box 20 pt down, a table `listY` points further down.
    func headerScene(listY: Double) throws -> World {
        try scene(view: #"{"id": "root", "kind": "view", "children": [{"id": "header", "kind": "label", "frame": {"x": 0, "y": 0, "width": 320, "height": 50}}, {"id": "box", "kind": "view", "frame": {"x": 0, "y": 20, "width": 320, "height": 548}, "children": [{"id": "list", "kind": "table", "frame": {"x": 0, "y": \#(listY), "width": 320, "height": 400}, "children": [{"id": "row", "kind": "cell", "frame": {"x": 0, "y": 0, "width": 320, "height": 44}}]}]}]}"#)
    }

    @Test func aScrollViewLaidOutLowerGetsOnlyTheSafeAreaOverIt() throws {
        // The table's top is 50 pt down: 116 − 50 = 66 pt of the safe area is over it.
        var world = try headerScene(listY: 30)
        #expect(try node(world, "settings", "box/list").bounds.origin.y == -66)
        #expect(try node(world, "settings", "box/list/row").windowFrame.minY == 116)
        // Below the bar altogether: no inset; the header (plain content) stays where its frame puts it.
        world = try headerScene(listY: 130)
        let list = try node(world, "settings", "box/list"), header = try node(world, "settings", "header")
        #expect(list.bounds.origin.y == 0 && header.windowFrame.minY == 0)
    }

    @Test func everyScrollViewGetsTheSafeAreaOverItNotOnlyTheFirst() throws {
        // A banner below the bar comes first (depth first), a list filling the screen second: the
        // list's content starts below the 116 pt bar too (it rested at 0, under the bar, before).
        let view = #"{"id": "root", "children": [{"id": "banner", "kind": "scrollView", "frame": {"x": 0, "y": 400, "width": 320, "height": 100}}, {"id": "list", "kind": "table", "frame": {"x": 0, "y": 0, "width": 320, "height": 568}, "children": [{"id": "row", "kind": "cell", "frame": {"x": 0, "y": 0, "width": 320, "height": 44}}]}]}"#
        let world = try scene(view: view)
        #expect(try node(world, "settings", "banner").bounds.origin.y == 0)
        #expect(try node(world, "settings", "list").bounds.origin.y == -116)
        #expect(try node(world, "settings", "list/row").windowFrame.minY == 116)
        // The bar still tracks the first one, the banner, which is at rest.
        let bottom = try barBottom(world)
        #expect(world.scrolledFromRest("settings") == 0 && bottom == 116)
        // A scroll view inside another moves through the safe area as that one scrolls: not adjusted.
        let nested = try scene(view: #"{"id": "root", "kind": "table", "children": [{"id": "inner", "kind": "scrollView", "frame": {"x": 0, "y": 0, "width": 320, "height": 200}}]}"#)
        let outer = try node(nested, "settings", ""), inner = try node(nested, "settings", "inner")
        #expect(outer.bounds.origin.y == -116 && inner.bounds.origin.y == 0)
    }

    @Test func theBottomInsetIsTheHomeIndicatorAndTheTabBarUnderTheScrollView() throws {
        // An iPhone 15 (59 / 34 pt insets, docs/reference.md § Device profiles) in a tab bar
        // controller: the safe area ends 49 + 34 = 83 pt above the bottom, so a list reaching the
        // bottom gets 83 pt there, one ending 100 pt higher none, one ending 20 pt into it 20 pt.
        /// Each scroll view's [top, bottom] inset, by "controller/path".
        func insets(tabs: Bool, hides: Bool = false) throws -> [String: [Double]] {
            let feed = #"{"id": "feed", "title": "Feed", "view": {"id": "root", "children": [{"id": "list", "kind": "table", "frame": {"x": 0, "y": 0, "width": 393, "height": 852}}, {"id": "short", "kind": "collection", "frame": {"x": 0, "y": 200, "width": 393, "height": 552}}, {"id": "edge", "kind": "scrollView", "frame": {"x": 0, "y": 200, "width": 393, "height": 589}}]}}"#
            let pushed = hides ? #", {"id": "detail", "title": "Detail", "hidesBottomBarWhenPushed": true, "view": {"id": "root", "kind": "table"}}"# : ""
            let nav = #"{"type": "navigation", "id": "nav", "title": "Feed", "prefersLargeTitles": true, "viewControllers": [\#(feed)\#(pushed)]}"#
            let root = tabs ? #"{"type": "tabBar", "id": "tabs", "viewControllers": [\#(nav), {"id": "other", "title": "Other"}]}"# : nav
            let world = try World(scene: SceneSpec.decode(json(#"{"screen": {"device": "iPhone 15"}, "root": \#(root)}"#), limits: SceneLimits()))
            var found: [String: [Double]] = [:]
            for id in ["feed"] + (hides ? ["detail"] : []) {
                for inset in world[controller: ControllerID(id)].scrollViews {
                    found[id + "/" + world.tree[inset.view].path] = [inset.top, inset.bottom]
                }
            }
            return found
        }
        let inTabs = try insets(tabs: true)
        #expect(inTabs == ["feed/list": [155, 83], "feed/short": [0, 0], "feed/edge": [0, 20]])
        let alone = try insets(tabs: false)
        #expect(alone == ["feed/list": [155, 34], "feed/short": [0, 0], "feed/edge": [0, 0]])
        // A pushed controller hiding the tab bar has only the home indicator under it.
        let hidden = try insets(tabs: true, hides: true)
        // (Detail inherits the large title: 59 + 96 = 155 over it.)
        #expect(hidden["detail/"] == [155, 34] && hidden["feed/list"] == [155, 83])
    }

    @Test func underAnInlineOrAHiddenBarTheInsetIsThatBarsAndWithoutLargeTitlesNone() throws {
        #expect(try node(scene(mode: "never"), "settings", "").bounds.origin.y == -64)
        let hidden = try World(scene: SceneSpec.decode(json(#"{"screen": {"width": 320, "height": 568, "iOS": 17}, "root": {"type": "navigation", "id": "nav", "prefersLargeTitles": true, "viewControllers": [{"id": "settings", "navigationBarHidden": true, "view": {"id": "root", "kind": "table"}}]}}"#), limits: SceneLimits()))
        #expect(try node(hidden, "settings", "").bounds.origin.y == -20)
        // A bar that does not prefer large titles lays content out as it always did.
        #expect(try node(scene(prefers: false), "settings", "").bounds.origin.y == 0)
    }

    @Test func aPushedControllersContentStartsBelowItsOwnBarAndTheOneBelowKeepsItsOffset() throws {
        var world = try scene()
        try scroll(&world, y: -86, at: 0)
        for (mode, top) in [("never", 64.0), ("always", 116.0), ("automatic", 116.0)] {
            var w = world
            try w.apply(try action(#"{"type": "push", "at": 1, "viewController": {"id": "wifi", "title": "Wi-Fi", "largeTitleDisplayMode": "\#(mode)", "view": {"id": "root", "kind": "table", "children": [{"id": "row", "kind": "cell", "frame": {"x": 0, "y": 0, "width": 320, "height": 44}}]}}}"#))
            // Mid-push the incoming row slides in already at its height under its own bar; then rests there.
            let sliding = try node(w, "wifi", "row", at: 1.1).windowFrame, row = try node(w, "wifi", "row", at: 2).windowFrame
            #expect(sliding.minY == top && sliding.minX > 0, "\(mode)")
            let bottom = try barBottom(w, at: 2)
            #expect(row.origin == Point(x: 0, y: top) && bottom == top, "\(mode)")
            #expect(try node(w, "wifi", "", at: 2).bounds.origin.y == -top, "\(mode)")
            // Settings, covered, keeps its offset; the pop brings the bar back to the extension it leaves.
            try w.apply(try action(#"{"type": "pop", "at": 3}"#))
            let offset = try node(w, "settings", "", at: 4).bounds.origin.y, back = try barBottom(w, at: 4)
            #expect(offset == -86 && back == 86, "\(mode)")
            #expect(try node(w, "settings", "row", at: 4).windowFrame.minY == 86, "\(mode)")
        }
    }

    @Test func aChangeOfTheItemBelowMovesTheOffsetByTheChangeOfInset() throws {
        // Wi-Fi (automatic) over Settings (a large title) rests at −116, scrolled 10 pt: −106.
        var world = try scene(pushed: [#"{"id": "wifi", "title": "Wi-Fi", "view": {"id": "root", "kind": "table"}}"#])
        #expect(try node(world, "wifi", "").bounds.origin.y == -116)
        try scroll(&world, "wifi", y: -106, at: 1)
        // A `never` root goes under it: Wi-Fi's automatic now means inline, its inset 64, and it
        // keeps the 10 pt it had scrolled (−54), its bar 44 pt.
        try world.apply(try action(#"{"type": "setViewControllers", "at": 2, "viewControllers": [{"id": "plain", "title": "Plain", "largeTitleDisplayMode": "never"}, "wifi"]}"#))
        let offset = try node(world, "wifi", "", at: 2).bounds.origin.y, bottom = try barBottom(world, at: 2)
        #expect(offset == -54 && bottom == 64)
    }

    @Test func aPulledTitleGrowsNoFurtherThanTheBarsTrailingEdge() throws {
        typealias L = NavigationBarLargeTitleLayout
        // "Settings" (136 pt) could grow 304 / 136 times: the 1.1 cap holds.
        #expect(L.scale(extension: 200, width: 136, barWidth: 320) == 1.1)
        // 17 characters fill the 288 pt box: 304 / 288 at most, its trailing edge at the bar's.
        let long = "Network Settings!"
        let placement = L.restPlacement(long, barWidth: 320, extension: 200)
        #expect(placement.box.width == 288 && abs(placement.scale - 304.0 / 288) < 1e-12)
        #expect(abs(placement.box.minX + placement.box.width * placement.scale - 320) < 1e-9)
        // At rest and collapsing nothing grows, whatever the width.
        #expect(L.scale(extension: 52, width: 288, barWidth: 320) == 1 && L.scale(extension: 10, width: 50, barWidth: 320) == 1)
        // 15 characters (255 pt): 304 / 255 ≈ 1.19, so the 1.1 cap again; a slight pull is below both.
        #expect(L.scale(extension: 200, width: 255, barWidth: 320) == 1.1)
        #expect(abs(L.scale(extension: 96, width: 288, barWidth: 320) - 1.03) < 1e-12)
    }
}
