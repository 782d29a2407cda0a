import TransitionServer

/// Fuzz target `compare`: a raw request body sent through `Application.respond` to the routes
/// that compare: `POST …/compare` and `…/compare.svg` of a session in the middle of a zoom push
/// (the body's `expected` frames in every form: tree, flat, change-only and minimal, each
/// weighed from its structure, then rebuilt and read), and `POST /v1/compare` (two sides, each
/// a scenario replayed in process once weighed). Whatever the body, the answer must be a client
/// error or a success, never a 5xx or a trap; a 503 `busy` cannot happen, one request at a time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompare(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    for path in fixture.paths {
        let response = fixture.application.respond(to: HTTPRequest(method: "POST", path: path, contentType: "application/json", body: body))
        precondition(response.status < 500, "POST \(path) answered \(response.status)")
    }
    return 0
}

/// An application with one session (the README's scene, a zoom push under way), built once. A
/// comparison reads the session and changes nothing, so every input sees the same one.
private let fixture: (application: Application, paths: [String]) = {
    var configuration = ServerConfiguration()
    configuration.logLevel = .critical
    configuration.sessionTTL = 1e9
    let application = Application(configuration: configuration)
    let scene = #"""
    {"clock": "virtual", "root": {"type": "navigation", "id": "nav", "viewControllers": [
       {"id": "things", "title": "Things", "view": {"id": "root", "kind": "collection", "children": [
         {"id": "cell-3", "kind": "cell", "frame": {"x": 110, "y": 80, "width": 100, "height": 120}, "children": [
           {"id": "image", "kind": "imageView", "image": "thing-3", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}]}]}}]}}
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
        fatalError("compare fuzz target: creating the session answered \(created.status)")
    }
    let pushed = application.respond(to: HTTPRequest(method: "POST", path: location + "/actions", contentType: "application/json",
                                                     body: Array(push.utf8)))
    guard pushed.status == 200 else { fatalError("compare fuzz target: the push answered \(pushed.status)") }
    return (application, [location + "/compare", location + "/compare.svg", "/v1/compare"])
}()
