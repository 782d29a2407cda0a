import Testing
@testable import TransitionCore

/// Present and dismiss with the flips and curls (issue 11, item 5): the presenting side is a
/// snapshot of the presenting view in the presentation's container (docs/animators.md § The catalogue).
/// Expected frames come from `rotatedFrame`, written from the geometry.
@Suite struct PresentationViewTransitionTests {
    static let full = Size(width: 320, height: 568), middle = Point(x: 160, y: 284), m34 = -1.0 / 500

    /// `home` presents `sheet` full screen with `animator`, along a linear curve over 0.5 s.
    func presented(_ animator: String) throws -> World {
        var world = try homeScene()
        try world.apply(try action(#"{"type": "present", "modalPresentationStyle": "fullScreen", "viewController": {"id": "sheet"}, "animator": {"name": "\#(animator)", "curve": "linear"}}"#))
        return world
    }

    /// …then dismisses it at t = 1 with `animator`.
    func dismissed(_ animator: String) throws -> World {
        var world = try presented(animator)
        world.advance(to: 1)
        try world.apply(try action(#"{"type": "dismiss", "animator": {"name": "\#(animator)", "curve": "linear"}}"#))
        return world
    }

    func snapshotView(_ shot: Snapshot) throws -> SnapshotNode { try #require(shot.root.find(role: .snapshot)) }

    @Test func flipFromRightPresentsByTurningASnapshotOfThePresentingViewAway() throws {
        let world = try presented("flipFromRight")
        // First half: the presenting view's snapshot turns to −π/2 (right edge toward the viewer).
        let early = world.shot(0.125)
        let front = try snapshotView(early)
        #expect(front.snapshotOf == "home")
        #expect(close(front.frame, rotatedFrame(center: Self.middle, size: Self.full, angle: -.pi / 4, aboutY: true, m34: Self.m34)))
        #expect(try #require(early.root.find("sheet", "")).frame.width < 1e-9)
        // Second half: the presented view turns in from +π/2.
        let late = world.shot(0.375)
        #expect(close(try #require(late.root.find("sheet", "")).frame, rotatedFrame(center: Self.middle, size: Self.full, angle: .pi / 4, aboutY: true, m34: Self.m34)))
        #expect(try snapshotView(late).frame.width < 1e-9)
        // Done: the snapshot has gone with the view transition, the presented view is in place.
        let end = world.shot(0.6)
        #expect(end.root.find(role: .snapshot) == nil)
        #expect(try #require(end.root.find("sheet", "")).frame == Rect(x: 0, y: 0, width: 320, height: 568))
        #expect(end.transition?.phase == .completed && end.transition?.diagnostics.isEmpty == true)
    }

    @Test func flipFromLeftDismissesByTurningToASnapshotOfThePresentingView() throws {
        let world = try dismissed("flipFromLeft")
        // First half: the presented view turns to +π/2 (left edge toward the viewer).
        let early = world.shot(1.125)
        #expect(close(try #require(early.root.find("sheet", "")).frame, rotatedFrame(center: Self.middle, size: Self.full, angle: .pi / 4, aboutY: true, m34: Self.m34)))
        let back = try snapshotView(early)
        #expect(back.snapshotOf == "home" && back.frame.width < 1e-9)
        // Second half: the presenting view's snapshot turns in from −π/2.
        let late = world.shot(1.375)
        #expect(close(try snapshotView(late).frame, rotatedFrame(center: Self.middle, size: Self.full, angle: -.pi / 4, aboutY: true, m34: Self.m34)))
        // Done: the presented controller is gone, the presenting view shows itself, no snapshot is left.
        var end = world
        end.advance(to: 1.6)
        let shot = end.snapshot(at: 1.6)
        #expect(shot.root.find(role: .snapshot) == nil && shot.root.find("sheet", "") == nil)
        #expect(try #require(shot.root.find("home", "")).frame == Rect(x: 0, y: 0, width: 320, height: 568))
        #expect(end.transitions.last?.phase == .completed && end.transitions.last?.diagnostics.isEmpty == true)
    }

    @Test func curlUpPresentsByFoldingTheSnapshotUpOverThePresentedView() throws {
        let world = try presented("curlUp")
        let mid = world.shot(0.25)
        let front = try snapshotView(mid)
        // Halfway through a fold from 0 to π/2 about the top edge, seen straight on: h·cos(π/4), top fixed.
        #expect(close(front.frame, Rect(x: 0, y: 0, width: 320, height: 568 * cos(Double.pi / 4))))
        // The presented view waits, flat and whole, beneath it.
        let container = try #require(mid.root.find(role: .container) ?? mid.root.children.last)
        let order = container.children.map { $0.role?.rawValue ?? $0.viewController ?? "" }
        #expect(order == ["sheet", "snapshot"], "\(order)")
        #expect(try #require(mid.root.find("sheet", "")).frame == Rect(x: 0, y: 0, width: 320, height: 568))
        #expect(world.shot(0.6).root.find(role: .snapshot) == nil)
    }

    @Test func curlDownDismissesByUnfoldingTheSnapshotOverThePresentedView() throws {
        let world = try dismissed("curlDown")
        let mid = world.shot(1.25)
        let back = try snapshotView(mid)
        #expect(close(back.frame, Rect(x: 0, y: 0, width: 320, height: 568 * cos(Double.pi / 4))))
        let container = try #require(mid.root.find(role: .container) ?? mid.root.children.last)
        #expect(container.children.map { $0.role?.rawValue ?? $0.viewController ?? "" } == ["sheet", "snapshot"])
        var end = world
        end.advance(to: 1.6)
        #expect(end.snapshot(at: 1.6).root.find(role: .snapshot) == nil && end.transitions.last?.diagnostics.isEmpty == true)
    }
}
