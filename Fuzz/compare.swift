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

/// The README's scene with a zoom push under way (Fuzz/Support), and the routes asked. A
/// comparison reads the session and changes nothing, so every input sees the same one.
private let fixture: (application: Application, paths: [String]) = {
    let (application, location) = zoomPushSession(for: "compare")
    return (application, [location + "/compare", location + "/compare.svg", "/v1/compare"])
}()
