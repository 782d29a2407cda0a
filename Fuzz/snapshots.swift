import TransitionServer

/// Fuzz target `snapshots`: a raw query string, as the bridge hands it over (see `query`), sent
/// through `Application.respond` to every route that reads one: `snapshot` (`t`, `flat`,
/// `precision`), `snapshots` (`t` lists, `from`/`to`/`fps`), their drawings `snapshot.svg` and
/// `filmstrip.svg`, and `events` (`after`), on a session in the middle of a zoom push (the other
/// routes only parse the query). Times, frame rates and precisions are read here, and a session's
/// history is replayed to answer them: whatever the query, the answer must be a client error or a
/// success, never a 5xx or a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshots(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let raw = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for path in fixture.paths {
        let response = fixture.application.respond(to: HTTPRequest(method: "GET", path: path, query: raw))
        precondition(response.status < 500, "GET \(path)?\(raw) answered \(response.status)")
    }
    return 0
}

/// An application with one session (the README's scene, a zoom push under way), built once.
/// The GET routes never change a session, so every input sees the same one.
private let fixture: (application: Application, paths: [String]) = {
    var configuration = ServerConfiguration()
    configuration.logLevel = .critical
    configuration.sessionTTL = 1e9
    let application = Application(configuration: configuration)
    let scene = #"""
    {"screen": {"width": 320, "height": 568, "scale": 2}, "clock": "virtual",
     "root": {"type": "navigation", "id": "nav", "viewControllers": [
       {"id": "things", "title": "Things", "view": {"id": "root", "kind": "collection", "children": [
         {"id": "cell-3", "kind": "cell", "frame": {"x": 110, "y": 80, "width": 100, "height": 120}, "children": [
           {"id": "image", "kind": "imageView", "image": "thing-3", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}},
           {"id": "label", "kind": "label", "text": "Thing 3", "frame": {"x": 0, "y": 100, "width": 100, "height": 20}}]}]}}]}}
    """#
    let push = #"""
    {"type": "push",
     "viewController": {"id": "detail", "view": {"id": "root", "kind": "view", "children": [
       {"id": "image", "kind": "imageView", "image": "thing-3", "frame": {"x": 20, "y": 84, "width": 280, "height": 280}}]}},
     "animator": {"name": "zoom", "sourceView": "cell-3/image", "targetView": "image"}}
    """#
    let created = application.respond(to: HTTPRequest(method: "POST", path: "/v1/sessions", contentType: "application/json",
                                                       body: Array(scene.utf8)))
    guard created.status == 201, let location = created.headers.first(where: { $0.name == "Location" })?.value else {
        fatalError("snapshots fuzz target: creating the session answered \(created.status)")
    }
    let pushed = application.respond(to: HTTPRequest(method: "POST", path: location + "/actions", contentType: "application/json",
                                                     body: Array(push.utf8)))
    guard pushed.status == 200 else { fatalError("snapshots fuzz target: the push answered \(pushed.status)") }
    return (application, [location + "/snapshot", location + "/snapshots", location + "/snapshot.svg",
                           location + "/filmstrip.svg", location + "/events"])
}()
