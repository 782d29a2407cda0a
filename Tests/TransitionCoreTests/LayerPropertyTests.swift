import JSONCodec
import Testing
@testable import TransitionCore

/// A session whose root controller's view (320×568, filling the window) holds `children`.
func layerScene(_ children: String) throws -> World {
    let scene = try SceneSpec.decode(json("""
    {"screen": {"width": 320, "height": 568, "scale": 2},
     "root": {"id": "things", "view": {"id": "root", "children": [\(children)]}}}
    """), limits: SceneLimits())
    return try World(scene: scene)
}

/// Layer properties (docs/semantics.md § Layer properties): spec → snapshot, the animator
/// language, clipping, drawing order and facing away.
@Suite struct LayerPropertyTests {
    @Test func everyPropertyRoundTripsFromASpecToASnapshot() throws {
        let world = try layerScene("""
        {"id": "card", "frame": {"x": 10, "y": 20, "width": 100, "height": 50}, "cornerRadius": 12, "clipsToBounds": true,
         "borderWidth": 2, "borderColor": "#ff000080", "shadowOpacity": 0.25, "shadowRadius": 8, "shadowOffset": {"width": 1, "height": 4},
         "shadowColor": "#00ff00", "anchorPoint": {"x": 0, "y": 1}, "zPosition": 3, "isDoubleSided": false},
        {"id": "plain", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}
        """)
        let shot = world.shot(0)
        let card = try #require(shot.root.find("things", "card"))
        var expected = LayerProperties()
        expected.cornerRadius = 12
        expected.clipsToBounds = true
        expected.borderWidth = 2
        expected.borderColor = Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)
        expected.shadowOpacity = 0.25
        expected.shadowRadius = 8
        expected.shadowOffset = Size(width: 1, height: 4)
        expected.shadowColor = Color(red: 0, green: 1, blue: 0)
        expected.anchorPoint = Point(x: 0, y: 1)
        expected.zPosition = 3
        expected.isDoubleSided = false
        #expect(card.layer == expected)
        // The spec's frame is the frame shown; `center` is the anchor point's place (bottom left).
        #expect(card.frame == Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(card.center == Point(x: 10, y: 70))
        #expect(card.windowFrame == Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(card.visible && card.visibleRect == nil)
        // A view that says nothing keeps CALayer's defaults.
        let plain = try #require(shot.root.find("things", "plain"))
        #expect(plain.layer == .defaults)
        #expect(LayerProperties.defaults.shadowOffset == Size(width: 0, height: -3) && LayerProperties.defaults.shadowRadius == 3
                && LayerProperties.defaults.anchorPoint == Point(x: 0.5, y: 0.5) && LayerProperties.defaults.isDoubleSided
                && LayerProperties.defaults.borderColor == .black && LayerProperties.defaults.shadowColor == .black)
    }

    @Test func theAnchorPointIsWhatTheTransformTurnsAbout() throws {
        let world = try pushed(with: #"""
        {"duration": 0.5, "setup": [{"add": "to"}, {"set": "to", "frame": {"x": 10, "y": 20, "width": 100, "height": 50}, "anchorPoint": {"x": 0, "y": 0}},
           {"set": "to", "transform": [{"rotate": "pi / 2"}]}],
         "animations": [{"duration": "duration", "changes": [{"view": "to", "alpha": 0.5}], "completion": [{"completeTransition": "!cancelled"}]}]}
        """#)
        let to = try #require(world.shot(0).root.find("detail", ""))
        // Corners about the top-left anchor at (10, 20): (x, y) → (−y, x), so the box spans
        // x −50…0 and y 0…100 from there.
        #expect(to.center == Point(x: 10, y: 20))
        #expect(close(to.frame, Rect(x: -40, y: 20, width: 50, height: 100)))
    }

    @Test func eachAnimatablePropertyMovesAlongTheCurve() throws {
        let world = try pushed(with: #"""
        {"duration": 0.5, "setup": [{"add": "to"}, {"set": "to", "frame": "final"}],
         "animations": [{"duration": "duration", "curve": "linear", "changes": [
            {"view": "to", "cornerRadius": "container.width / 16", "borderWidth": 4, "borderColor": "#ffffff", "shadowOpacity": 0.8,
             "shadowRadius": 13, "shadowOffset": {"width": 10, "height": 7}, "shadowColor": "#ff0000", "zPosition": 10,
             "anchorPoint": {"x": 0, "y": 0}}],
           "completion": [{"completeTransition": "!cancelled"}]}]}
        """#)
        let start = try #require(world.shot(0).root.find("detail", ""))
        let mid = try #require(world.shot(0.25).root.find("detail", ""))
        // Halfway along a linear curve: halfway between CALayer's defaults and the targets.
        #expect(mid.layer.cornerRadius == 10)
        #expect(mid.layer.borderWidth == 2)
        #expect(mid.layer.borderColor == Color(red: 0.5, green: 0.5, blue: 0.5))
        #expect(mid.layer.shadowOpacity == 0.4)
        #expect(mid.layer.shadowRadius == 8)
        #expect(mid.layer.shadowOffset == Size(width: 5, height: 2))
        #expect(mid.layer.shadowColor == Color(red: 0.5, green: 0, blue: 0))
        #expect(mid.layer.zPosition == 5)
        #expect(mid.layer.anchorPoint == Point(x: 0.25, y: 0.25))
        // The anchor point moves the frame, not the centre (the layer's position).
        #expect(mid.center == start.center)
        #expect(mid.frame == Rect(x: start.center.x - 0.25 * 320, y: start.center.y - 0.25 * 568, width: 320, height: 568))
        let end = try #require(world.shot(0.5).root.find("detail", ""))
        #expect(end.layer.cornerRadius == 20 && end.layer.anchorPoint == .zero && end.frame.origin == start.center)
    }

    @Test func switchedPropertiesAreSetNotAnimated() throws {
        let error = try #require(try inlineSpecError(#"""
        {"duration": 0.3, "animations": [{"duration": 0.3, "changes": [{"view": "to", "clipsToBounds": true}]}]}
        """#))
        #expect(error.pointer == "/animator/spec/animations/0/changes/0/clipsToBounds")
        let world = try pushed(with: #"""
        {"duration": 0.3, "setup": [{"add": "to"}, {"set": "to", "clipsToBounds": true, "isDoubleSided": false}],
         "animations": [{"duration": "duration", "changes": [{"view": "to", "alpha": 0.5}], "completion": [{"completeTransition": "!cancelled"}]}]}
        """#)
        let to = try #require(world.shot(0).root.find("detail", ""))
        #expect(to.layer.clipsToBounds && !to.layer.isDoubleSided)
        #expect(runError(try thingsScene()) { w in
            var push = try action(detailPush)
            push.animator = try AnimatorChoice.decode(json(#"{"spec": {"duration": 0.3, "setup": [{"add": "to"}, {"set": "to", "cornerRadius": -1}], "animations": [{"duration": 0.3, "changes": [{"view": "to", "alpha": 0}], "completion": [{"completeTransition": true}]}]}}"#), at: "/animator")
            try w.apply(push)
        }?.pointer == "/animator/spec/setup/1/cornerRadius")
    }

    @Test func clippingAncestorsCutTheVisibleRect() throws {
        let world = try layerScene("""
        {"id": "box", "frame": {"x": 10, "y": 100, "width": 100, "height": 100}, "clipsToBounds": true, "children": [
          {"id": "inside", "frame": {"x": 10, "y": 10, "width": 20, "height": 20}},
          {"id": "across", "frame": {"x": 50, "y": 50, "width": 100, "height": 100}, "children": [
            {"id": "deep", "frame": {"x": 40, "y": 0, "width": 30, "height": 30}}]},
          {"id": "outside", "frame": {"x": 200, "y": 0, "width": 10, "height": 10}}]},
        {"id": "free", "frame": {"x": 50, "y": 150, "width": 100, "height": 100}, "children": [
          {"id": "spill", "frame": {"x": 90, "y": 0, "width": 20, "height": 20}}]}
        """)
        let shot = world.shot(0)
        func node(_ path: String) throws -> SnapshotNode { try #require(shot.root.find("things", path)) }
        // The clipping view itself is not cut; a subview wholly inside is not either.
        #expect(try node("box").visibleRect == nil)
        #expect(try node("box/inside").visibleRect == nil && node("box/inside").visible)
        // Window frame (60, 150, 100, 100) ∩ box (10, 100, 100, 100) = (60, 150, 50, 50).
        #expect(try node("box/across").windowFrame == Rect(x: 60, y: 150, width: 100, height: 100))
        #expect(try node("box/across").visibleRect == Rect(x: 60, y: 150, width: 50, height: 50))
        // A grandchild is cut by the clipping grandparent: (100, 150, 30, 30) ∩ … = (100, 150, 10, 30).
        #expect(try node("box/across/deep").visibleRect == Rect(x: 100, y: 150, width: 10, height: 30))
        // Wholly outside: nothing left, reported invisible.
        #expect(try node("box/outside").visibleRect == Rect(x: 110, y: 100, width: 0, height: 0))
        #expect(try !node("box/outside").visible)
        // Without clipsToBounds a subview spills out and is shown whole.
        #expect(try node("free/spill").visibleRect == nil && node("free/spill").windowFrame == Rect(x: 140, y: 150, width: 20, height: 20))
    }

    @Test func zPositionOrdersSiblingsStably() throws {
        let world = try layerScene("""
        {"id": "a", "zPosition": 1}, {"id": "b"}, {"id": "c", "zPosition": -1}, {"id": "d"}, {"id": "e", "zPosition": 1}
        """)
        let root = try #require(world.shot(0).root.find("things", ""))
        #expect(root.children.map(\.path) == ["c", "b", "d", "a", "e"])
        let plain = try layerScene(#"{"id": "a"}, {"id": "b"}"#)
        #expect(try #require(plain.shot(0).root.find("things", "")).children.map(\.path) == ["a", "b"])
    }

    /// A card flip as UIKit code writes it: the front turns 0 → π, the back −π → 0, neither
    /// double-sided, so each shows only while it faces the viewer.
    @Test func aViewTurnedAwayIsInvisibleWhenNotDoubleSided() throws {
        let world = try pushed(with: #"""
        {"duration": 0.5, "setup": [{"add": "to"}, {"set": "to", "frame": "final", "isDoubleSided": false, "transform3D": [{"rotate3d": ["-pi", 0, 1, 0]}]},
           {"set": "from", "isDoubleSided": false}],
         "animations": [{"duration": "duration", "curve": "linear", "changes": [
            {"view": "from", "transform3D": [{"rotate3d": ["pi", 0, 1, 0]}]}, {"view": "to", "transform3D": "identity"}],
           "completion": [{"completeTransition": "!cancelled"}]}]}
        """#)
        for (t, frontShows) in [(0.0, true), (0.15, true), (0.35, false), (0.45, false)] {
            let shot = world.shot(t)
            let front = try #require(shot.root.find("things", ""))
            let back = try #require(shot.root.find("detail", ""))
            #expect(front.visible == frontShows, "front at \(t)")
            #expect(back.visible == !frontShows, "back at \(t)")
            // The turn is linear: the frame's width is 320·|cos(π·t/0.5)|.
            #expect(abs(front.frame.width - 320 * abs(cos(Double.pi * t / 0.5))) < 1e-9)
            #expect(!front.hidden && !back.hidden)
        }
        // Double-sided (the default), a view turned away is still reported visible.
        let doubleSided = try pushed(with: #"""
        {"duration": 0.5, "setup": [{"add": "to"}],
         "animations": [{"duration": "duration", "curve": "linear", "changes": [{"view": "from", "transform3D": [{"rotate3d": ["pi", 0, 1, 0]}]}],
           "completion": [{"completeTransition": "!cancelled"}]}]}
        """#)
        #expect(try #require(doubleSided.shot(0.35).root.find("things", "")).visible)
    }
}
