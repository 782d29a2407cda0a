import JSONCodec
import TransitionCore

/// Fuzz target `animator`: an inline animator definition in the animator language, as a client
/// posts it under `"animator": {"spec": …}`. It is decoded and validated; when it has a push
/// body, it then runs: a push with it on a fixed scene, snapshots during and after. Validation
/// is what stands between client text and the runner, so whatever it accepts must run without
/// trapping (a runtime failure is a `SimulationError`, which is fine).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnimator(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let spec = try? JSONParser.parse(UnsafeBufferPointer(start: data, count: size)),
          let definition = try? AnimatorDefinition.decode(spec, at: "", defaultName: "inline"),
          definition.operations.contains(.push)
    else { return 0 }
    let push = JSONValue.object(JSONObject([
        ("type", .string("push")),
        ("viewController", .object(JSONObject([("id", .string("detail")), ("view", detailView)]))),
        ("animator", .object(JSONObject([("spec", spec)]))),
    ]))
    var world = fixedWorld
    do {
        try world.apply(Action.decode(push, at: "", limits: world.limits))
    } catch {
        return 0
    }
    for t in [0.05, 0.3, 5.0] {
        world.advance(to: t)
        _ = world.snapshot(at: t)
    }
    return 0
}

/// A navigation controller showing a collection with one cell, so that animators can fly views.
private let fixedWorld: World = {
    let scene = #"""
    {"root": {"type": "navigation", "id": "nav", "viewControllers": [
       {"id": "things", "title": "Things", "view": {"id": "root", "kind": "collection", "children": [
         {"id": "cell-3", "kind": "cell", "frame": {"x": 110, "y": 80, "width": 100, "height": 120}, "children": [
           {"id": "image", "kind": "imageView", "image": "thing-3", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}]}]}}]}}
    """#
    let limits = SceneLimits()
    return try! World(scene: SceneSpec.decode(JSONParser.parse(Array(scene.utf8)), limits: limits), limits: limits)
}()

/// The pushed controller's view: an image for the cell's image to fly to.
private let detailView = try! JSONParser.parse(Array(#"""
    {"id": "root", "children": [{"id": "image", "kind": "imageView", "frame": {"x": 20, "y": 84, "width": 280, "height": 280}}]}
    """#.utf8))
