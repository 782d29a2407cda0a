import JSONCodec
import Testing
@testable import TransitionCore

/// The grabber of a sheet with `prefersGrabberVisible` (docs/reference.md § Sheets: Flutter's
/// drag handle, 36 × 5 pt, 5 pt below the card's top, centred).
@Suite struct SheetGrabberTests {
    func world() throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": {"device": "iPhone 15", "iOS": 17},
         "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
        """), limits: SceneLimits())
        return try World(scene: scene)
    }

    @Test func theGrabberSitsAtTheTopOfTheCardAndMovesWithIt() throws {
        var w = try world()
        try w.apply(try action(#"{"type": "present", "viewController": {"id": "s", "sheet": {"detents": ["large"], "prefersGrabberVisible": true}}}"#))
        for t in [0.1, 0.25, 1] {
            let shot = w.shot(t)
            let card = try #require(shot.root.find("s", "")).windowFrame
            let grabber = try #require(shot.root.find(role: .sheetGrabber))
            #expect(abs(grabber.windowFrame.minY - (card.minY + 5)) < 1e-9, "5 pt below the card's top at \(t)")
            #expect(abs(grabber.windowFrame.midX - 393.0 / 2) < 1e-9 && grabber.windowFrame.width == 36 && grabber.windowFrame.height == 5)
            #expect(grabber.layer.cornerRadius == 2.5 && grabber.backgroundColor?.alpha == 76.0 / 255)
        }
        #expect(abs(try #require(w.shot(1).root.find(role: .sheetGrabber)).windowFrame.minY - (0.08 * 852 + 5)) < 1e-9)
        // It leaves with the card.
        try w.apply(try action(#"{"type": "dismiss", "at": 1}"#))
        w.advance(to: 2)
        #expect(w.shot(2).root.find(role: .sheetGrabber) == nil)
    }

    @Test func noGrabberUnlessAsked() throws {
        var w = try world()
        try w.apply(try action(#"{"type": "present", "animated": false, "viewController": {"id": "s", "sheet": {"detents": ["medium"]}}}"#))
        #expect(w.shot(0).root.find(role: .sheetGrabber) == nil)
        var full = try world()
        try full.apply(try action(#"{"type": "present", "animated": false, "modalPresentationStyle": "fullScreen", "viewController": {"id": "s", "sheet": {"detents": ["medium"], "prefersGrabberVisible": true}}}"#))
        #expect(full.shot(0).root.find(role: .sheetGrabber) == nil, "a full-screen presentation is no sheet")
    }
}
