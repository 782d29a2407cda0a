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

/// The README's scene with a zoom push under way (Fuzz/Support), and the routes read. The GET
/// routes never change a session, so every input sees the same one.
private let fixture: (application: Application, paths: [String]) = {
    let (application, location) = zoomPushSession(for: "snapshots")
    return (application, [location + "/snapshot", location + "/snapshots", location + "/snapshot.svg",
                           location + "/filmstrip.svg", location + "/events"])
}()
