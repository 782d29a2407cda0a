import TransitionServer

/// Fuzz target `query`: the query-string parser, fed the raw bytes after `?` made into a `String`
/// as the bridge makes them (invalid UTF-8 repaired; NUL bytes, which the bridge's C string
/// cannot carry, are kept, so the fuzzer covers a little more than the server). It must accept or
/// throw a `Problem`, and what it accepts must answer consistently: distinct names, each one's
/// first value the same through the subscript and through `values`.
///
/// Then the same query goes, through `Application.respond`, to every route that reads one —
/// `snapshot` (`t`, `flat`, `precision`), `snapshots` (`t` lists, `from`/`to`/`fps`) and `events`
/// (`after`; the other routes only parse it) — on a session in the middle of a zoom push. Whatever the
/// query, the answer must be a client error or a success, never a 5xx or a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let raw = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let query = try? QueryParameters(raw) else { return 0 }
    let names = query.names
    precondition(Set(names).count == names.count, "names repeats a name")
    for name in names {
        let values = query.values(name)
        precondition(!values.isEmpty && query[name] == values.first, "'\(name)' answers differently by subscript and values")
    }
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
        fatalError("query fuzz target: creating the session answered \(created.status)")
    }
    let pushed = application.respond(to: HTTPRequest(method: "POST", path: location + "/actions", contentType: "application/json",
                                                     body: Array(push.utf8)))
    guard pushed.status == 200 else { fatalError("query fuzz target: the push answered \(pushed.status)") }
    return (application, [location + "/snapshot", location + "/snapshots", location + "/events"])
}()
