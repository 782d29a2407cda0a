import JSONCodec
import Testing
@testable import TransitionCore

/// Screens and device profiles: the bars sit where UIKit lays them out on each profile
/// (docs/reference.md § Device profiles).
@Suite struct ScreenTests {
    func world(_ screen: String) throws -> World {
        let scene = try SceneSpec.decode(json("""
        {"screen": \(screen),
         "root": {"type": "tabBar", "id": "tabs", "viewControllers": [
           {"type": "navigation", "id": "nav", "title": "A", "viewControllers": [{"id": "a", "title": "A"}]},
           {"id": "b", "title": "B"}]}}
        """), limits: SceneLimits())
        return try World(scene: scene)
    }

    func bars(_ world: World) throws -> (navigation: Rect, tabBar: Rect, item: Rect) {
        let root = world.shot(0).root
        return (try #require(root.find(role: .navigationBar)).windowFrame, try #require(root.find(role: .tabBar)).windowFrame,
                try #require(root.find(role: .tabBarItem)).windowFrame)
    }

    @Test(arguments: [
        // profile, width, height, top inset, bottom inset
        ("iPhone SE (1st)", 320.0, 568.0, 20.0, 0.0),
        ("iPhone 8", 375, 667, 20, 0),
        ("iPhone X", 375, 812, 44, 34),
        ("iPhone 15", 393, 852, 59, 34),
        ("iPad (10th)", 820, 1180, 24, 20),
    ])
    func barsFollowTheSafeArea(device: String, width: Double, height: Double, top: Double, bottom: Double) throws {
        let w = try world(#"{"device": "\#(device)"}"#)
        #expect(w.screen == Size(width: width, height: height))
        let (navigation, tabBar, item) = try bars(w)
        #expect(navigation == Rect(x: 0, y: top, width: width, height: 44))
        #expect(tabBar == Rect(x: 0, y: height - 49 - bottom, width: width, height: 49 + bottom))
        #expect(item == Rect(x: 0, y: height - 49 - bottom, width: width / 2, height: 49))
    }

    @Test func theDefaultScreenIsTheIOS7iPhone() throws {
        let w = try world(#"{"width": 320, "height": 568}"#)
        #expect(w.display == .iOS7)
        let (navigation, tabBar, _) = try bars(w)
        #expect(navigation == Rect(x: 0, y: 20, width: 320, height: 44))
        #expect(tabBar == Rect(x: 0, y: 519, width: 320, height: 49))
        // A profile carries its iOS version; `iOS` overrides it.
        #expect(try world(#"{"device": "iPhone 15"}"#).display.iOS == 17)
        #expect(try world(#"{"device": "iPhone 15", "iOS": 13}"#).display.iOS == 13)
        #expect(try world(#"{"width": 400, "height": 800, "scale": 3, "iOS": 18}"#).display.iOS == 18)
    }

    @Test(arguments: [
        (#"{"device": "iPhone 99"}"#, "/screen/device"),
        (#"{"device": "iPhone 15", "width": 300}"#, "/screen/width"),
        (#"{"width": 320, "height": 568, "iOS": 6}"#, "/screen/iOS"),
        (#"{"device": "iPhone 15", "iOS": 19}"#, "/screen/iOS"),
        (#"{"device": "iPhone 15", "iOS": 17.5}"#, "/screen/iOS"),
        (#"{"width": 320}"#, "/screen/height"),
        (#"{"device": "iPhone 15", "notch": true}"#, "/screen/notch"),
    ])
    func badScreensNameTheField(screen: String, pointer: String) throws {
        let error = #expect(throws: SimulationError.self) { try world(screen) }
        #expect(error?.pointer == pointer, "\(screen)")
    }
}
