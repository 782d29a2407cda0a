import JSONCodec
import TestSupport
import Testing
@testable import TransitionCore

/// Parses JSON written in a test; a typo in a test is a test failure, not a crash.
func json(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
}

/// The README's scene and the controller it pushes: tests/fixtures/things.json, shared with the
/// end-to-end tests (tests/e2e/conftest.py).
let thingsFixture: JSONObject = {
    guard let text = repositoryFile("tests/fixtures/things.json"), let fixture = try? json(text).objectValue else {
        fatalError("cannot read tests/fixtures/things.json")
    }
    return fixture
}()

/// A 320×568 window with a navigation controller holding `things` (a collection with one cell).
func thingsScene() throws -> World {
    let scene = try SceneSpec.decode(try #require(thingsFixture["scene"]), limits: SceneLimits())
    return try World(scene: scene)
}

func action(_ text: String) throws -> Action {
    try Action.decode(json(text), at: "", limits: SceneLimits())
}

/// A push of the fixture's `detail` controller, with the platform's animator.
let detailPush = #"{"type": "push", "viewController": "# + String(decoding: JSONWriter.encode(thingsFixture["detail"]!), as: UTF8.self) + "}"

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

    func find(role: ViewRole) -> SnapshotNode? {
        if self.role == role { return self }
        for child in children { if let found = child.find(role: role) { return found } }
        return nil
    }
}
