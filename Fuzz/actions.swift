import JSONCodec
import TransitionCore

/// Fuzz target `actions`: what `POST /v1/sessions/{id}/actions` does with its body — one action
/// or an array of them, decoded and applied in order to a fixed scene (tabs of navigation
/// controllers, a collection cell to zoom from) — then snapshots after the last good action, as
/// a client reading frames would take them. This drives the simulation itself: transitions,
/// interactive updates, gestures, the clock. Decoding or applying may fail; nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzActions(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let json = try? JSONParser.parse(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    // The handler's bound on one request (`Application.maxActionsPerRequest`).
    let items = json.arrayValue.map { Array($0.prefix(256)) } ?? [json]
    var world = fixedWorld
    for (i, item) in items.enumerated() {
        // Like a session, keep the world as it was before a failing action (a failure may leave a half-changed copy).
        var next = world
        do {
            try next.apply(Action.decode(item, at: "/\(i)", limits: world.limits))
        } catch {
            break
        }
        world = next
    }
    for delay in [0, 0.1, 1.0] {
        var copy = world
        copy.advance(to: world.now + delay)
        _ = copy.snapshot(at: copy.now)
    }
    return 0
}

/// The scene every input acts on, built once.
private let fixedWorld: World = {
    let scene = #"""
    {"screen": {"width": 320, "height": 568, "scale": 2},
     "root": {"type": "tabBar", "id": "tabs", "viewControllers": [
       {"type": "navigation", "id": "nav", "title": "Things", "viewControllers": [
         {"id": "things", "title": "Things", "view": {"id": "root", "kind": "collection", "children": [
           {"id": "cell-3", "kind": "cell", "frame": {"x": 110, "y": 80, "width": 100, "height": 120}, "children": [
             {"id": "image", "kind": "imageView", "image": "thing-3", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}},
             {"id": "label", "kind": "label", "text": "Thing 3", "frame": {"x": 0, "y": 100, "width": 100, "height": 20}}]}]}}]},
       {"type": "navigation", "id": "settingsNav", "title": "Settings", "viewControllers": [{"id": "settings", "title": "Settings"}]}]}}
    """#
    let limits = SceneLimits()
    return try! World(scene: SceneSpec.decode(JSONParser.parse(Array(scene.utf8)), limits: limits), limits: limits)
}()
