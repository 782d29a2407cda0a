import JSONCodec
import Testing
@testable import TransitionCore

/// The decoding error of an inline spec, or nil when it decodes.
func inlineSpecError(_ spec: String) throws -> SimulationError? {
    let value = try json(#"{"spec": \#(spec)}"#)
    do throws(SimulationError) {
        _ = try AnimatorChoice.decode(value, at: "/animator")
        return nil
    } catch {
        return error
    }
}

/// The things scene with the detail controller pushed by an inline animator.
func pushed(with spec: String, interactive: Bool = false) throws -> World {
    var world = try thingsScene()
    var push = try action(detailPush)
    push.animator = try AnimatorChoice.decode(json(#"{"spec": \#(spec)}"#), at: "/animator")
    push.interactive = interactive
    try world.apply(push)
    return world
}

/// The SimulationError an action raises when it runs, or nil.
func runError(_ world: World, _ apply: (inout World) throws -> Void) -> SimulationError? {
    var copy = world
    do {
        try apply(&copy)
        return nil
    } catch let e as SimulationError where e.pointer != nil {
        return e
    } catch {
        return SimulationError("?", "\(error)")
    }
}

/// A view's frame under a rotation of `angle` about the y axis (`axis` 1) or x axis (`axis` 0)
/// through `hinge` (offset from the centre), seen with perspective m34: the four corners, each
/// rotated, projected (x/w, y/w with w = 1 + z·m34) and boxed. Written here from the geometry,
/// independently of the simulation's matrices.
func rotatedFrame(center: Point, size: Size, angle: Double, aboutY: Bool, hingeY: Double = 0, m34: Double) -> Rect {
    var xs: [Double] = [], ys: [Double] = []
    for cx in [-size.width / 2, size.width / 2] {
        for cy in [-size.height / 2, size.height / 2] {
            var x = cx, y = cy - hingeY, z = 0.0
            if aboutY {
                (x, z) = (x * cos(angle), -x * sin(angle))
            } else {
                (y, z) = (y * cos(angle), y * sin(angle))
            }
            y += hingeY
            let w = 1 + z * m34
            xs.append(center.x + x / w)
            ys.append(center.y + y / w)
        }
    }
    return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
}

func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

@Suite struct AnimatorLanguageTests {
    // MARK: Static validation

    @Test(arguments: [
        // (spec, pointer, words of the reason)
        (#"{"duration": 0.3, "setup": [{"fly": "to"}]}"#, "/animator/spec/setup/0", "a step has one of"),
        (#"{"duration": 0.3, "animations": [{"duration": 0.3, "changes": [{"view": "$snap", "alpha": 1}]}], "setup": [{"add": "to"}]}"#,
         "/animator/spec/animations/0/changes/0/view", "used before any step makes it"),
        (#"{"duration": 0.3, "setup": [{"set": "$snap", "alpha": 0}, {"snapshot": "snap", "of": "from"}]}"#,
         "/animator/spec/setup/0/set", "used before any step makes it"),
        (#"{"duration": 0.3, "setup": [{"set": "to", "alpha": "fade * 2"}]}"#, "/animator/spec/setup/0/alpha", "unknown name 'fade'"),
        (#"{"parameters": {"curve": "easeIn"}, "duration": 0.3, "setup": [{"set": "to", "alpha": "curve"}]}"#,
         "/animator/spec/setup/0/alpha", "not a number"),
        (#"{"duration": "duration", "setup": [{"add": "to"}]}"#, "/animator/spec/duration", "can only be a parameter"),
        (#"{"duration": 0.3, "animations": [{"duration": 0.3, "changes": [{"view": "to", "hidden": false}]}]}"#,
         "/animator/spec/animations/0/changes/0/hidden", "can't be animated"),
        (#"{"duration": 0.3, "animations": [{"duration": 0.3, "changes": [{"view": "to", "text": "x"}]}]}"#,
         "/animator/spec/animations/0/changes/0/text", "can't be animated"),
        (#"{"duration": 0.3, "animations": [{"duration": -0.1, "changes": [{"view": "to", "alpha": 1}]}]}"#,
         "/animator/spec/animations/0/duration", "can't be negative"),
        (#"{"duration": 0.3, "animations": [{"delay": "-1", "duration": 0.2}]}"#, "/animator/spec/animations/0/delay", "can't be negative"),
        (#"{"duration": -2}"#, "/animator/spec/duration", "can't be negative"),
        (#"{"duration": 0.3, "setup": [{"snapshot": "s", "of": "from", "frame": "final"}]}"#, "/animator/spec/setup/0/frame", "from or to view only"),
        (#"{"duration": 0.3, "setup": [{"snapshot": "s", "of": "from"}, {"dimming": "s"}]}"#, "/animator/spec/setup/1/dimming", "already made"),
        (#"{"duration": 0.3, "setup": [{"add": "source"}]}"#, "/animator/spec/setup/0/add", "no sourceView parameter"),
        (#"{"duration": 0.3, "setup": [{"add": "container"}]}"#, "/animator/spec/setup/0/add", "container"),
        (#"{"duration": 0.3, "setup": [{"remove": "container"}]}"#, "/animator/spec/setup/0/remove", "container"),
        (#"{"duration": 0.3, "animations": [{"duration": 0.3, "curve": "@bounce"}]}"#, "/animator/spec/animations/0/curve", "names no parameter"),
        (#"{"parameters": {"k": 2}, "duration": 0.3, "animations": [{"duration": 0.3, "curve": "@k"}]}"#, "/animator/spec/animations/0/curve", "not a timing"),
        (#"{"duration": 0.3, "animations": [{"duration": 0.3, "curve": {"spring": {"dampingRatio": "zeta", "initialVelocity": 0}}}]}"#,
         "/animator/spec/animations/0/curve/spring/dampingRatio", "unknown name 'zeta'"),
        (#"{"duration": 0.3, "animations": [{"duration": 0.3, "curve": "wobbly"}]}"#, "/animator/spec/animations/0/curve", ""),
        (#"{"duration": 0.3, "animations": [{"duration": 0.3, "keyframes": [{"start": 0.5, "duration": 0.75, "changes": []}]}]}"#,
         "/animator/spec/animations/0/keyframes/0/duration", "after the block"),
        (#"{"duration": 0.3, "animations": [{"duration": 0.3, "keyframes": [{"start": 2, "duration": 0}]}]}"#,
         "/animator/spec/animations/0/keyframes/0/start", "between 0 and 1"),
        (#"{"duration": 0.3, "animations": [{"duration": 0.3, "keyframes": [], "calculationMode": "cubicPaced"}]}"#,
         "/animator/spec/animations/0/calculationMode", ""),
        (#"{"duration": 0.3, "animations": [{"duration": 0.3, "changes": [{"view": "to", "alpha": 1}], "keyframes": []}]}"#,
         "/animator/spec/animations/0/keyframes", "not both"),
        (#"{"duration": 0.3, "setup": [{"transition": "spin"}]}"#, "/animator/spec/setup/0/transition", "unknown transition"),
        (#"{"duration": 0.3, "setup": [{"transition": "flipFromLeft", "from": "to", "to": "to"}]}"#, "/animator/spec/setup/0/to", "one view to another"),
        (#"{"duration": 0.3, "setup": [{"if": "maybe", "then": []}]}"#, "/animator/spec/setup/0/if", "cancelled"),
        (#"{"duration": 0.3, "setup": [{"set": "to", "transform": [{"scale": 2}], "transform3D": "identity"}]}"#,
         "/animator/spec/setup/0/transform3D", "not both"),
        (#"{"duration": 0.3, "setup": [{"set": "to", "transform3D": [{"rotate3d": [1, 0, 1]}]}]}"#,
         "/animator/spec/setup/0/transform3D/0/rotate3d", "expected 4 numbers"),
        (#"{"duration": 0.3, "setup": [{"set": "to", "transform": [{"rotate3d": [1, 0, 1, 0]}]}]}"#,
         "/animator/spec/setup/0/transform/0", "3D steps go in transform3D"),
        (#"{"duration": 0.3, "setup": [{"set": "to"}]}"#, "/animator/spec/setup/0", "changes at least one"),
        (#"{"duration": 0.3, "setup": [{"set": "to", "alpha": "container.depth"}]}"#, "/animator/spec/setup/0/alpha", "unknown view geometry"),
        (#"{"duration": 0.3, "setup": [{"set": "to", "alpha": "$ghost.width"}]}"#, "/animator/spec/setup/0/alpha", "used before any step makes it"),
        (#"{"duration": 0.3, "setup": [{"set": "to", "center": {"x": 1, "y": 2}, "frame": "final"}]}"#, "/animator/spec/setup/0/center", "not both"),
        (#"{"duration": 0.3, "setup": [{"add": "to", "above": "from", "below": "from"}]}"#, "/animator/spec/setup/0/below", "not both"),
        (#"{"duration": 0.3, "push": {"duration": 0.3}}"#, "/animator/spec/push", "unknown member"),
    ] as [(String, String, String)])
    func invalidSpecsAreRefusedWithAPointer(spec: String, pointer: String, reason: String) throws {
        let error = try #require(try inlineSpecError(spec))
        #expect(error.pointer == pointer, "\(error)")
        #expect(reason.isEmpty || error.reason.contains(reason), "\(error)")
    }

    @Test func sizesAreBounded() throws {
        let steps = Array(repeating: #"{"set": "to", "alpha": 1}"#, count: 65).joined(separator: ",")
        #expect(try inlineSpecError(#"{"duration": 0.3, "setup": [\#(steps)]}"#)?.pointer == "/animator/spec/setup")
        let long = String(repeating: "1 + ", count: 80) + "1"
        #expect(try inlineSpecError(#"{"duration": 0.3, "setup": [{"set": "to", "alpha": "\#(long)"}]}"#)?.pointer == "/animator/spec/setup/0/alpha")
        let blocks = Array(repeating: #"{"duration": 0.1}"#, count: 33).joined(separator: ",")
        #expect(try inlineSpecError(#"{"duration": 0.3, "animations": [\#(blocks)]}"#)?.pointer == "/animator/spec/animations")
        // 5 blocks of 60 completion steps: each list is fine, the body is not.
        let completion = Array(repeating: #"{"set": "to", "alpha": 1}"#, count: 60).joined(separator: ",")
        let many = Array(repeating: #"{"duration": 0.1, "completion": [\#(completion)]}"#, count: 5).joined(separator: ",")
        let error = try #require(try inlineSpecError(#"{"duration": 0.3, "animations": [\#(many)]}"#))
        #expect(error.reason.contains("at most 256 steps"))
        var nested = #"{"completeTransition": true}"#
        for _ in 0..<6 { nested = #"{"if": "cancelled", "then": [\#(nested)]}"# }
        #expect(try inlineSpecError(#"{"duration": 0.3, "setup": [\#(nested)]}"#)?.reason.contains("nest") == true)
    }

    @Test func validSpecsUsingEveryFeatureDecode() throws {
        let spec = #"""
        {"parameters": {"d": 0.4, "damping": 0.6, "curve": "easeOut", "sourceView": "cell-3/image", "targetView": "image"},
         "push": {"duration": "d",
           "setup": [
             {"snapshot": "snap", "of": "source", "frame": {"offset": {"frameOf": "source"}, "dx": 1}},
             {"dimming": "dim", "alpha": 0.1, "below": "$snap"},
             {"find": "kept"},
             {"set": "to", "frame": "final", "alpha": "$dim.alpha", "transform3D": [{"rotate3d": ["pi / 2", 0, 1, 0]}, {"perspective": "-1 / 500"}]},
             {"add": "to", "above": "from"},
             {"transition": "crossDissolve", "from": "$snap", "to": "$dim", "completion": [{"snapshot": "late", "of": "to"}]}
           ],
           "animations": [
             {"duration": "duration * 0.75", "curve": {"spring": {"dampingRatio": "damping", "initialVelocity": "1 / damping"}},
              "changes": [{"view": "$snap", "frame": {"frameOf": "target"}}, {"view": "to", "transform3D": "identity"}]},
             {"duration": "duration", "curve": "@curve", "keyframes": [{"start": 0, "duration": 0.5, "changes": [{"view": "$dim", "alpha": 0}]}],
              "calculationMode": "cubic", "outlivesTransition": true,
              "completion": [{"if": "!cancelled", "then": [{"remove": "$late"}], "else": []}, {"completeTransition": "!cancelled"}]}
           ]}}
        """#
        #expect(try inlineSpecError(spec) == nil)
    }

    // MARK: Snapshots

    @Test func snapshotStepCopiesTheViewIntoTheContainerAtItsConvertedFrame() throws {
        let world = try pushed(with: #"""
        {"duration": 0.3, "setup": [
            {"snapshot": "snap", "of": "from/cell-3/image"},
            {"set": "to", "frame": "final"}, {"add": "to", "below": "$snap"}],
         "animations": [{"duration": "duration", "changes": [{"view": "$snap", "frame": {"frameOf": "to/image"}}],
           "completion": [{"completeTransition": "!cancelled"}]}]}
        """#)
        let start = world.shot(0)
        let snap = try #require(start.root.find(role: .snapshot))
        #expect(snap.id == "t1.snap" && snap.kind == "snapshot" && snap.viewController == nil && snap.image == "thing-3")
        #expect(snap.frame == Rect(x: 110, y: 80, width: 100, height: 100))
        let container = try #require(start.root.find(role: .container))
        #expect(container.children.map(\.id) == ["root", "root", "t1.snap"])
        #expect(container.children.map { $0.viewController ?? "-" } == ["things", "detail", "-"])
        // Halfway in time is halfway in value for easeInOut, which is symmetric.
        let mid = try #require(world.shot(0.15).root.find(role: .snapshot))
        #expect(close(mid.frame, Rect(x: 65, y: 82, width: 190, height: 190), 1e-9))
        var end = world
        end.advance(to: 0.3)
        // It was never removed: reported, never fixed (docs/semantics.md § Diagnostics).
        #expect(end.transitions.last?.diagnostics.map(\.code) == [.snapshotLeftInHierarchy])
        #expect(end.transitions.last?.diagnostics.first?.view == "t1.snap")
    }

    @Test func snapshotOfAViewWithSubviewsCopiesThem() throws {
        let world = try pushed(with: #"""
        {"duration": 0.3, "setup": [{"snapshot": "cell", "of": "from/cell-3", "frame": {"x": 0, "y": 0, "width": 100, "height": 120}}, {"add": "to"}],
         "animations": [{"duration": "duration", "completion": [{"remove": "$cell"}, {"completeTransition": true}]}]}
        """#)
        let snap = try #require(world.shot(0.1).root.find(role: .snapshot))
        #expect(snap.frame == Rect(x: 0, y: 0, width: 100, height: 120))
        #expect(snap.children.map(\.path) == ["t1.cell/image", "t1.cell/label"])
        #expect(snap.children.map(\.role) == [.snapshotContent, .snapshotContent])
        #expect(snap.children.last?.text == "Thing 3")
        var end = world
        end.advance(to: 1)
        #expect(end.transitions.last?.diagnostics.isEmpty == true)
    }

    // MARK: Properties

    @Test func transform3DStepsBuildCoreAnimationMatricesAndAnimateByDecomposition() throws {
        let world = try pushed(with: #"""
        {"duration": 0.4, "setup": [{"add": "to"}, {"set": "to", "frame": "final", "transform3D": [{"rotate3d": ["pi / 3", 0, 1, 0]}, {"perspective": "-1 / 500"}]}],
         "animations": [{"duration": "duration", "curve": "linear", "changes": [{"view": "to", "transform3D": "identity"}],
           "completion": [{"completeTransition": "!cancelled"}]}]}
        """#)
        let start = try #require(world.shot(0).root.find("detail", ""))
        let t3 = try #require(start.transform3D)
        let (c, s) = (cos(Double.pi / 3), sin(Double.pi / 3))
        #expect(abs(t3.m11 - c) < 1e-12 && abs(t3.m13 - -s) < 1e-12 && abs(t3.m31 - s) < 1e-12 && abs(t3.m33 - c) < 1e-12)
        // Perspective after the rotation: m14 = m13·m34, m34 = m33·m34.
        #expect(abs(t3.m14 - -s * -0.002) < 1e-15 && abs(t3.m34 - c * -0.002) < 1e-15)
        #expect(close(start.frame, rotatedFrame(center: Point(x: 160, y: 284), size: Size(width: 320, height: 568),
                                                 angle: .pi / 3, aboutY: true, m34: -0.002), 1e-9))
        let mid = try #require(world.shot(0.2).root.find("detail", "")?.transform3D)
        #expect(mid == t3.interpolate(to: Transform3D(AffineTransform.identity), fraction: 0.5))
        let end = try #require(world.shot(0.4).root.find("detail", ""))
        #expect(end.transform3D == nil && end.frame == Rect(x: 0, y: 0, width: 320, height: 568))
    }

    @Test func frameCenterAlphaTransformAndColourAnimateFromWhatIsShown() throws {
        let world = try pushed(with: #"""
        {"duration": 0.5, "setup": [{"add": "to"}, {"set": "to", "frame": {"x": 0, "y": 100, "width": 100, "height": 50}, "backgroundColor": "#000000"}],
         "animations": [{"duration": "duration", "curve": "linear", "changes": [
            {"view": "to", "center": {"x": "container.midX", "y": "container.midY"}, "alpha": 0.5, "transform": [{"scale": 2}, {"rotate": "pi"}],
             "backgroundColor": "#ffffff"}],
           "completion": [{"completeTransition": "!cancelled"}]}]}
        """#)
        let mid = try #require(world.shot(0.25).root.find("detail", ""))
        #expect(mid.center == Point(x: 105, y: 204.5))
        #expect(mid.alpha == 0.75)
        #expect(mid.backgroundColor == Color(red: 0.5, green: 0.5, blue: 0.5))
        // scale 2 then a half turn: (−2, 0, 0, −2), halfway from identity.
        #expect(abs(mid.transform.a - -0.5) < 1e-12 && abs(mid.transform.d - -0.5) < 1e-12)
    }

    // MARK: Keyframes

    func keyframes(_ mode: String?, curve: String = "linear") -> String {
        #"""
        {"duration": 1, "setup": [{"set": "to", "frame": "final"}, {"add": "to"}],
         "animations": [{"duration": "duration", "curve": "\#(curve)", \#(mode.map { #""calculationMode": "\#($0)","# } ?? "") "keyframes": [
            {"start": 0.75, "duration": 0.25, "changes": [{"view": "to", "alpha": 1}]},
            {"start": 0, "duration": 0.5, "changes": [{"view": "to", "alpha": 0.2}]}],
           "completion": [{"completeTransition": "!cancelled"}]}]}
        """#
    }

    @Test func linearKeyframesHoldThenMoveWithinTheirWindows() throws {
        let world = try pushed(with: keyframes(nil))
        // Keys (0, 1), (0.5, 0.2), (0.75, 0.2), (1, 1): keyframes apply in order of start time.
        for (t, alpha) in [(0.0, 1.0), (0.25, 0.6), (0.5, 0.2), (0.6, 0.2), (0.875, 0.6), (1.0, 1.0)] {
            let shown = try #require(world.shot(t).root.find("detail", "")).alpha
            #expect(abs(shown - alpha) < 1e-12, "t = \(t): \(shown)")
        }
    }

    @Test func keyframeBlocksUseTheirCurveForTheWholeAndDefaultToEaseInOut() throws {
        let world = try pushed(with: keyframes(nil, curve: "easeInOut"))
        let p = TimingCurve.easeInOut.value(at: 0.25, duration: 1)
        let expected = 1 + (0.2 - 1) * (p / 0.5)
        #expect(abs(try #require(world.shot(0.25).root.find("detail", "")).alpha - expected) < 1e-12)
    }

    @Test func discreteKeyframesJumpAtTheirStart() throws {
        let world = try pushed(with: keyframes("discrete"))
        for (t, alpha) in [(0.1, 0.2), (0.7, 0.2), (0.76, 1.0)] {
            #expect(try #require(world.shot(t).root.find("detail", "")).alpha == alpha, "t = \(t)")
        }
    }

    @Test func cubicKeyframesPassThroughTheirKeys() throws {
        let world = try pushed(with: keyframes("cubic"))
        for (t, alpha) in [(0.5, 0.2), (0.75, 0.2)] {
            #expect(abs(try #require(world.shot(t).root.find("detail", "")).alpha - alpha) < 1e-12, "t = \(t)")
        }
        let between = try #require(world.shot(0.25).root.find("detail", "")).alpha
        #expect(between > 0.2 && between < 1)
    }

    @Test func pacedKeyframesMoveAtConstantSpeedIgnoringKeyTimes() throws {
        let world = try pushed(with: keyframes("paced"))
        // Distances 0.8, 0, 0.8: the keys are re-timed to 0, 0.5, 0.5, 1.
        for (t, alpha) in [(0.25, 0.6), (0.5, 0.2), (0.6, 0.36), (0.75, 0.6), (1.0, 1.0)] {
            let shown = try #require(world.shot(t).root.find("detail", "")).alpha
            #expect(abs(shown - alpha) < 1e-12, "t = \(t): \(shown)")
        }
    }

    // MARK: View transitions

    func viewTransition(_ kind: String) -> String {
        #"""
        {"duration": 0.5, "setup": [{"set": "to", "frame": "final"},
          {"transition": "\#(kind)", "duration": "duration", "curve": "linear",
           "completion": [{"completeTransition": "!cancelled"}]}]}
        """#
    }

    @Test func flipFromRightTurnsTheFromViewEdgeOnThenTheToViewIn() throws {
        let world = try pushed(with: viewTransition("flipFromRight"))
        let full = Size(width: 320, height: 568), center = Point(x: 160, y: 284)
        // First half: the from view turns by −π/2 (right edge toward the viewer).
        let early = world.shot(0.125)
        let from = try #require(early.root.find("things", ""))
        #expect(close(from.frame, rotatedFrame(center: center, size: full, angle: -.pi / 4, aboutY: true, m34: -1.0 / 500)))
        #expect(from.frame.maxX - 160 > 160 - from.frame.minX)  // the near (right) edge looks bigger
        let waiting = try #require(early.root.find("detail", ""))
        #expect(waiting.frame.width < 1e-9)
        // Second half: the to view comes in from +π/2.
        let late = world.shot(0.375)
        let to = try #require(late.root.find("detail", ""))
        #expect(close(to.frame, rotatedFrame(center: center, size: full, angle: .pi / 4, aboutY: true, m34: -1.0 / 500)))
        #expect(try #require(late.root.find("things", "")).frame.width < 1e-9)
        var end = world
        end.advance(to: 0.5)
        let shot = end.snapshot(at: 0.5)
        #expect(shot.root.find("things", "") == nil)
        #expect(try #require(shot.root.find("detail", "")).transform3D == nil)
        #expect(end.transitions.last?.phase == .completed && end.transitions.last?.diagnostics.isEmpty == true)
    }

    @Test func flipFromLeftTurnsTheOtherWayWithTheGivenPerspective() throws {
        let world = try pushed(with: #"""
        {"duration": 0.5, "setup": [{"set": "to", "frame": "final"},
          {"transition": "flipFromLeft", "curve": "linear", "perspective": "-1 / 900", "completion": [{"completeTransition": true}]}]}
        """#)
        let from = try #require(world.shot(0.125).root.find("things", ""))
        #expect(close(from.frame, rotatedFrame(center: Point(x: 160, y: 284), size: Size(width: 320, height: 568),
                                                angle: .pi / 4, aboutY: true, m34: -1.0 / 900)))
        #expect(160 - from.frame.minX > from.frame.maxX - 160)  // the left edge comes toward the viewer
    }

    @Test func crossDissolveFadesOneViewIntoTheOther() throws {
        let world = try pushed(with: viewTransition("crossDissolve"))
        let shot = world.shot(0.125)
        #expect(abs(try #require(shot.root.find("things", "")).alpha - 0.75) < 1e-12)
        #expect(abs(try #require(shot.root.find("detail", "")).alpha - 0.25) < 1e-12)
        var end = world
        end.advance(to: 0.5)
        #expect(end.snapshot(at: 0.5).root.find("detail", "")?.alpha == 1)
        #expect(end.tree[end.controllers["things"]!.view].alpha == 1)
    }

    @Test func curlUpFoldsTheFromViewUpAboutItsTopEdgeOverTheToView() throws {
        let world = try pushed(with: viewTransition("curlUp"))
        let shot = world.shot(0.25)
        let container = try #require(shot.root.find(role: .container))
        #expect(container.children.map { $0.viewController ?? "-" } == ["detail", "things"])
        let from = try #require(shot.root.find("things", ""))
        #expect(close(from.frame, Rect(x: 0, y: 0, width: 320, height: 568 * cos(Double.pi / 4)), 1e-9))
        #expect(close(from.frame, rotatedFrame(center: Point(x: 160, y: 284), size: Size(width: 320, height: 568), angle: .pi / 4,
                                               aboutY: false, hingeY: -284, m34: 0)))
    }

    @Test func curlDownUnfoldsTheToViewFromTheTop() throws {
        let world = try pushed(with: viewTransition("curlDown"))
        let to = try #require(world.shot(0.125).root.find("detail", ""))
        #expect(close(to.frame, Rect(x: 0, y: 0, width: 320, height: 568 * cos(3 * Double.pi / 8)), 1e-9))
    }

    @Test func viewTransitionNeedsTheFromViewInASuperview() throws {
        let world = try thingsScene()
        let error = runError(world) { w in
            var push = try action(detailPush)
            push.animator = try AnimatorChoice.decode(json(#"{"spec": {"duration": 0.5, "setup": [{"transition": "curlUp", "from": "to", "to": "from"}]}}"#), at: "/animator")
            try w.apply(push)
        }
        #expect(error?.pointer?.hasSuffix("/setup/0/from") == true)
        #expect(error?.reason.contains("no superview") == true)
    }

    // MARK: Timing

    @Test func springNumbersMayBeExpressions() throws {
        let world = try pushed(with: #"""
        {"parameters": {"damping": 0.55}, "duration": 0.5, "setup": [{"set": "to", "frame": "final", "transform": [{"scale": 0.3}]}, {"add": "to"}],
         "animations": [{"duration": "duration", "curve": {"spring": {"dampingRatio": "damping", "initialVelocity": "1 / damping"}},
           "changes": [{"view": "to", "transform": "identity"}], "completion": [{"completeTransition": "!cancelled"}]}]}
        """#)
        let spring = try TimingCurve.decode(json(#"{"spring": {"dampingRatio": 0.55, "initialVelocity": \#(1 / 0.55)}}"#), duration: 0.5, iOS: Screen.newestIOS, at: "").curve
        for t in [0.05, 0.1, 0.2, 0.3, 0.45] {
            let scale = try #require(world.shot(t).root.find("detail", "")).transform.a
            #expect(abs(scale - (0.3 + 0.7 * spring.value(at: t, duration: 0.5))) < 1e-12, "t = \(t)")
        }
    }

    @Test func durationFactorsAndDelaysPlaceTheCompletion() throws {
        var world = try pushed(with: #"""
        {"duration": 0.4, "setup": [{"set": "to", "frame": "final"}, {"add": "to"}],
         "animations": [{"delay": "duration / 8", "duration": "duration * 0.75", "changes": [{"view": "to", "alpha": 0.5}],
           "completion": [{"completeTransition": "!cancelled"}]}]}
        """#)
        #expect(try #require(world.shot(0.05).root.find("detail", "")).alpha == 1)  // still in its delay
        world.advance(to: 1)
        let complete = try #require(world.events.first { $0.type == .completeTransition })
        #expect(abs(complete.time - (0.05 + 0.3)) < 1e-12)
    }

    @Test func springsWithTheirOwnDurationRunUntilTheySettle() throws {
        var world = try pushed(with: #"""
        {"duration": 0.1, "setup": [{"set": "to", "frame": "final", "alpha": 0}, {"add": "to"}],
         "animations": [{"duration": "duration", "curve": {"spring": {"mass": 1, "stiffness": 100, "damping": 10}},
           "changes": [{"view": "to", "alpha": 1}], "completion": [{"completeTransition": "!cancelled"}]}]}
        """#)
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(try #require(world.shot(0.2).root.find("detail", "")).alpha - min(1, spring.value(at: 0.2))) < 1e-12)
        world.advance(to: 5)
        let complete = try #require(world.events.first { $0.type == .completeTransition })
        #expect(abs(complete.time - spring.settlingDuration) < 1e-9 && complete.time > 0.5)
    }

    // MARK: Conditions, kept views

    @Test func ifCancelledChoosesItsBranch() throws {
        let spec = #"""
        {"duration": 0.4, "setup": [{"set": "to", "frame": "final"}, {"add": "to"}],
         "animations": [{"duration": "duration", "changes": [{"view": "to", "alpha": 0.5}],
           "completion": [{"if": "cancelled", "then": [{"set": "from", "alpha": 0.25}], "else": [{"set": "from", "alpha": 0.75}]},
                          {"completeTransition": "!cancelled"}]}]}
        """#
        var cancelled = try pushed(with: spec, interactive: true)
        try cancelled.apply(try action(#"{"type": "update", "percent": 0.5, "at": 0.1}"#))
        try cancelled.apply(try action(#"{"type": "cancel", "at": 0.2}"#))
        cancelled.advance(to: 1)
        #expect(cancelled.tree[cancelled.controllers["things"]!.view].alpha == 0.25)
        #expect(cancelled.transitions.last?.phase == .cancelled)
        var finished = try pushed(with: spec)
        finished.advance(to: 1)
        #expect(finished.tree[finished.controllers["things"]!.view].alpha == 0.75)
    }

    @Test func keptViewsOutliveTheirTransitionAndAreFoundByTheNextOne() throws {
        var world = try World(scene: SceneSpec.decode(json(#"{"screen": {"width": 320, "height": 568}, "root": {"id": "home"}}"#), limits: SceneLimits()))
        let spec = #"""
        {"spec": {
          "present": {"duration": 0.2, "setup": [{"dimming": "veil", "alpha": 0.5, "keep": true}, {"add": "to"}],
                      "animations": [{"duration": "duration", "completion": [{"completeTransition": "!cancelled"}]}]},
          "dismiss": {"duration": 0.2, "setup": [{"find": "veil"}],
                      "animations": [{"duration": "duration", "changes": [{"view": "$veil", "alpha": 0}],
                                      "completion": [{"remove": "$veil"}, {"completeTransition": "!cancelled"}]}]}}}
        """#
        try world.apply(try action(#"{"type": "present", "modalPresentationStyle": "custom", "viewController": {"id": "sheet"}, "animator": \#(spec)}"#))
        world.advance(to: 0.5)
        let shown = world.snapshot(at: 0.5)
        let veil = try #require(shown.root.find(role: .dimming))
        #expect(veil.id == "sheet.presentation.veil" && veil.alpha == 0.5)
        #expect(world.transitions.last?.diagnostics.isEmpty == true)
        try world.apply(try action(#"{"type": "dismiss", "animator": \#(spec)}"#))
        #expect(abs(try #require(world.shot(0.6).root.find(role: .dimming)).alpha - 0.25) < 1e-9)
        world.advance(to: 1)
        #expect(world.snapshot(at: 1).root.find(role: .dimming) == nil)
        #expect(world.transitions.last?.diagnostics.isEmpty == true)
    }

    @Test func findWithoutAKeptViewIsAnError() throws {
        let world = try thingsScene()
        let error = runError(world) { w in
            var push = try action(detailPush)
            push.animator = try AnimatorChoice.decode(json(#"{"spec": {"duration": 0.5, "setup": [{"find": "veil"}]}}"#), at: "/animator")
            try w.apply(push)
        }
        #expect(error?.pointer?.hasSuffix("/setup/0/find") == true)
        #expect(error?.reason.contains("no view is kept") == true)
    }

    @Test func outlivingBlocksAreDeclaredNotDiagnosed() throws {
        func run(_ declared: Bool) throws -> [DiagnosticCode]? {
            var world = try pushed(with: #"""
            {"duration": 0.2,
             "animations": [
               {"duration": "duration", "completion": [{"remove": "$snap"}, {"completeTransition": true}]},
               {"duration": "2 * duration", "changes": [{"view": "from", "alpha": 0}], "outlivesTransition": \#(declared)}],
             "setup": [{"set": "to", "frame": "final"}, {"add": "to"}, {"snapshot": "snap", "of": "from"}]}
            """#)
            world.advance(to: 1)
            return world.transitions.last?.diagnostics.map(\.code)
        }
        #expect(try run(true) == [])
        #expect(try run(false) == [.animationOnRemovedView])
    }

    // MARK: Robustness

    @Test(arguments: [
        (#"{"set": "to", "alpha": "1e300 * 1e300"}"#, "/setup/0/alpha", "not finite"),
        (#"{"set": "to", "alpha": "1 / (container.width - container.width)"}"#, "/setup/0/alpha", "division by zero"),
        (#"{"set": "to", "frame": {"x": 1e8, "y": 0, "width": 1, "height": 1}}"#, "/setup/0/frame", "within"),
        (#"{"set": "to", "transform": [{"scale": 1e6}, {"scale": 1e6}]}"#, "/setup/0/transform", "within"),
        (#"{"set": "from/nope", "alpha": 0}"#, "/setup/0/set", "no view at path 'nope'"),
        (#"{"add": "from", "above": "from"}"#, "/setup/0/above", "itself"),
        (#"{"snapshot": "s", "of": "to/missing"}"#, "/setup/0/of", "no view at path"),
        (#"{"set": "to", "frame": {"frameOf": "source"}}"#, "/setup/0/frame/frameOf", "sourceView parameter names no view"),
        // A frame in a superview scaled to nothing: dividing by its scale would give inf/NaN.
        (#"{"set": "to", "frame": "final", "transform": [{"scale": 0}]}, {"add": "to"}, {"set": "to/image", "frame": {"x": 10, "y": 20, "width": 100, "height": 50}}"#,
         "/setup/2/frame", "the frame in its superview (scaled 0.0 × 0.0 in the container)"),
        (#"{"set": "to", "frame": "final", "transform": [{"scale": 1e-300}]}, {"add": "to"}, {"set": "to/image", "frame": "container"}"#,
         "/setup/2/frame", "within"),
        (#"{"set": "to", "frame": "final", "transform": [{"scale": [0, 1]}]}, {"add": "to"}, {"set": "to/image", "frame": {"x": 160, "y": 0, "width": 0, "height": 0}}"#,
         "/setup/2/frame", "nan"),
    ] as [(String, String, String)])
    func runtimeErrorsPointIntoTheSpecAndNeverCrash(step: String, pointer: String, reason: String) throws {
        let world = try thingsScene()
        let error = runError(world) { w in
            var push = try action(detailPush)
            push.animator = try AnimatorChoice.decode(json(#"{"spec": {"parameters": {"sourceView": ""}, "duration": 0.5, "setup": [\#(step)]}}"#), at: "/animator")
            try w.apply(push)
        }
        let e = try #require(error)
        #expect(e.pointer?.hasSuffix(pointer) == true, "\(e)")
        #expect(e.reason.contains(reason), "\(e)")
    }

    @Test func aFailingCompletionStepIsADiagnosticNotACrash() throws {
        var world = try pushed(with: #"""
        {"duration": 0.2, "setup": [{"set": "to", "frame": "final"}, {"add": "to"}],
         "animations": [{"duration": "duration", "completion": [{"set": "to", "alpha": "1 / 0"}, {"completeTransition": true}]}]}
        """#)
        world.advance(to: 1)
        #expect(world.transitions.last?.diagnostics.map(\.code).first == .stepFailed)
    }

    @Test func aFrameInACollapsedSuperviewIsRefusedInABlockAndFailsInACompletion() throws {
        let collapsed = #"{"set": "to", "frame": "final", "transform": [{"scale": 0}]}, {"add": "to"}"#
        let world = try thingsScene()
        let error = runError(world) { w in
            var push = try action(detailPush)
            push.animator = try AnimatorChoice.decode(json(#"""
            {"spec": {"duration": 0.2, "setup": [\#(collapsed)],
             "animations": [{"duration": "duration", "changes": [{"view": "to/image", "frame": "container"}]}]}}
            """#), at: "/animator")
            try w.apply(push)
        }
        #expect(error?.pointer == "/animator/spec/animations/0/changes/0/frame", "\(String(describing: error))")
        var late = try pushed(with: #"""
        {"duration": 0.2, "setup": [\#(collapsed)],
         "animations": [{"duration": "duration", "completion": [{"set": "to/image", "frame": "container"}, {"completeTransition": true}]}]}
        """#)
        late.advance(to: 1)
        #expect(late.transitions.last?.diagnostics.map(\.code).first == .stepFailed)
    }
}
