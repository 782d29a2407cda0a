import TransitionServer

/// An application holding one session, the README's scene with a zoom push under way, and the
/// session's path (`/v1/sessions/ID`): what the targets that answer through the whole
/// application read (`snapshots`, `compare`). Built once per target; `target` names it in a
/// failure.
func zoomPushSession(for target: String) -> (application: Application, location: String) {
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
        fatalError("\(target) fuzz target: creating the session answered \(created.status)")
    }
    let pushed = application.respond(to: HTTPRequest(method: "POST", path: location + "/actions", contentType: "application/json",
                                                     body: Array(push.utf8)))
    guard pushed.status == 200 else { fatalError("\(target) fuzz target: the push answered \(pushed.status)") }
    return (application, location)
}
