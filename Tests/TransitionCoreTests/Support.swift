import JSONCodec
import Testing
@testable import TransitionCore

/// Parses JSON written in a test; a typo in a test is a test failure, not a crash.
func json(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
}

/// A 320×568 window with a navigation controller holding `things` (a collection with one cell).
func thingsScene() throws -> World {
    let scene = try SceneSpec.decode(json("""
    {"screen": {"width": 320, "height": 568, "scale": 2},
     "root": {"type": "navigation", "id": "nav", "viewControllers": [
       {"id": "things", "title": "Things", "view": {"id": "root", "kind": "collection", "children": [
         {"id": "cell-3", "kind": "cell", "frame": {"x": 110, "y": 80, "width": 100, "height": 120}, "children": [
           {"id": "image", "kind": "imageView", "image": "thing-3", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}},
           {"id": "label", "kind": "label", "text": "Thing 3", "frame": {"x": 0, "y": 100, "width": 100, "height": 20}}]}]}}]}}
    """), limits: SceneLimits())
    return try World(scene: scene)
}

func action(_ text: String) throws -> Action {
    try Action.decode(json(text), at: "", limits: SceneLimits())
}

let detailPush = """
{"type": "push", "viewController": {"id": "detail", "title": "Detail", "view": {"id": "root", "kind": "view", "children": [
  {"id": "image", "kind": "imageView", "image": "thing-3", "frame": {"x": 20, "y": 84, "width": 280, "height": 280}}]}}}
"""

extension World {
    /// The snapshot at `t` of a copy advanced there.
    func shot(_ t: Double) -> Snapshot {
        var copy = self
        copy.advance(to: t)
        return copy.snapshot(at: t)
    }

    /// Events after `seq` as "type:controller" strings, for exact sequence assertions.
    func eventNames(after seq: Int = 0) -> [String] {
        events.filter { $0.seq > seq }.map { "\($0.type.rawValue):\($0.viewController ?? "-")" }
    }
}

extension SnapshotNode {
    /// The first node, depth first, owned by `controller` at `path`.
    func find(_ controller: String?, _ path: String) -> SnapshotNode? {
        if viewController == controller && path == self.path { return self }
        for child in children { if let found = child.find(controller, path) { return found } }
        return nil
    }

    func find(role: String) -> SnapshotNode? {
        if self.role == role { return self }
        for child in children { if let found = child.find(role: role) { return found } }
        return nil
    }
}
