"""Issue 15, item 8: a problem's type is a path on the service that documents it; a query
parameter's error names it in `parameter`, a body's error in `pointer`; every 503 says when to
retry (shutting-down: test_drain.py; store-unavailable: test_store.py)."""
from test_api import assert_problem, create


def test_query_parameter_errors_name_the_parameter(server):
    sid = create(server)
    for query, name in [("fps=0&from=0&to=1", "fps"), ("t=abc", "t"), ("t=0&bogus=1", "bogus"), ("from=1&to=0", "to"),
                        ("t=0&precision=99", "precision")]:
        body = assert_problem(server.get(f"/v1/sessions/{sid}/snapshots?{query}"), 422, "invalid-request")
        assert body["parameter"] == name and "pointer" not in body, (query, body)
        assert f"'{name}'" in body["detail"]
    body = assert_problem(server.get(f"/v1/sessions/{sid}/events?after=-1"), 422, "invalid-request")
    assert body["parameter"] == "after"
    # A mistake in a body is still a JSON pointer.
    body = assert_problem(server.post(f"/v1/sessions/{sid}/clock", {"by": -1}), 422, "invalid-request")
    assert body["pointer"] == "/by" and "parameter" not in body


def test_problem_types_are_paths_that_document_them(server):
    sid = create(server)
    problems = [server.get("/nowhere"), server.request("PUT", "/v1/animators"), server.post("/v1/sessions", data=b"{",
                headers={"Content-Type": "application/json"}), server.post(f"/v1/sessions/{sid}/actions", {"type": "pop"}),
                server.get(f"/v1/sessions/{sid}/snapshot?t=x")]
    for r in problems:
        body = r.json()
        assert body["type"].startswith("/problems/"), body
        page = server.get(body["type"])  # relative to the service, as RFC 9457 resolves it
        assert page.status_code == 200 and page.headers["Content-Type"] == "text/markdown; charset=utf-8"
        assert page.text.startswith("# " + body["title"] + "\n") and f"status {body['status']}" in page.text
        assert page.headers["ETag"] and page.headers["Cache-Control"] == "max-age=3600"
    assert_problem(server.get("/problems/no-such-type"), 404, "not-found")


def test_a_valid_request_the_state_does_not_allow_is_409_and_an_invalid_one_422(server):
    """Issue 12, item 5 (docs/semantics.md § Conflict or invalid request)."""
    sid = create(server)
    act = f"/v1/sessions/{sid}/actions"
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    body = assert_problem(server.post(f"/v1/sessions/{sid}/clock", {"to": 1}), 409, "time-in-the-past")
    assert body["pointer"] == "/to" and body["now"] == 2
    body = assert_problem(server.post(act, {"type": "push", "at": 1, "viewController": {"id": "x"}}), 409, "time-in-the-past")
    assert body["pointer"] == "/at"
    body = assert_problem(server.post(act, {"type": "pop", "container": "ghost"}), 409, "unknown-controller")
    assert body["pointer"] == "/container" and body["detail"].startswith("/container: ")
    assert_problem(server.post(act, {"type": "selectTab", "index": 0}), 409, "wrong-container")
    # The same mistakes in any state stay 422.
    assert_problem(server.post(act, {"type": "pop", "container": 7}), 422, "invalid-request")
    assert_problem(server.post(f"/v1/sessions/{sid}/clock", {"to": -1}), 422, "invalid-request")


def test_an_unknown_event_type_is_a_422_listing_the_known_ones(server):
    """Issue 12, item 7: a misspelt type filtered nothing and looked like an empty log."""
    sid = create(server)
    body = assert_problem(server.get(f"/v1/sessions/{sid}/events?type=completeTransaction"), 422, "invalid-request")
    assert body["parameter"] == "type" and "completeTransaction" in body["detail"]
    assert "completeTransition" in body["detail"] and "viewWillAppear" in body["detail"]
    events = server.get(f"/v1/sessions/{sid}/events?type=viewWillAppear").json()["events"]
    assert events and all(e["type"] == "viewWillAppear" for e in events)


def test_a_misspelt_member_of_a_container_is_an_unknown_member(server):
    """Issue 12, item 8: not "needs at least one child"."""
    r = server.post("/v1/sessions", {"root": {"type": "navigation", "id": "nav", "viewcontrollers": [{"id": "a"}]}})
    body = assert_problem(r, 422, "invalid-request")
    assert body["pointer"] == "/root/viewcontrollers" and "unknown member" in body["detail"]
    r = server.post("/v1/sessions", {"root": {"type": "tabBar", "id": "t", "selectedindex": 1, "viewControllers": [{"id": "a"}]}})
    assert assert_problem(r, 422, "invalid-request")["pointer"] == "/root/selectedindex"


def test_bad_gesture_samples_are_clean_problems_or_the_documented_diagnostic(server):
    """Issue 30: a sample with a non-finite number is malformed JSON (JSON has none; a literal
    too large for a double is refused, not read as infinity); samples out of order in time are a
    409 naming the late one, and the batch changes nothing; an `ended` with no `began` is the
    documented `gesture-without-began` diagnostic (docs/semantics.md § UIKit's back swipe)."""
    sid = create(server, {"root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a"}, {"id": "b"}]}})
    act = f"/v1/sessions/{sid}/actions"
    began = '{"type": "gesture", "recognizer": "edgePan", "phase": "began", '
    for raw in [began + '"translation": {"x": 1e999, "y": 0}}', began + '"translation": {"x": NaN, "y": 0}}',
                began + '"velocity": {"x": -Infinity, "y": 0}}', began + '"velocity": {"x": 0, "y": -1e400}}']:
        body = assert_problem(server.post(act, data=raw.encode(), headers={"Content-Type": "application/json"}),
                              400, "malformed-json")
        assert body["line"] == 1 and body["column"] > 1, body
    samples = [{"type": "gesture", "recognizer": "edgePan", "phase": "began", "at": 2},
               {"type": "gesture", "recognizer": "edgePan", "phase": "changed", "at": 1, "translation": {"x": 10, "y": 0}}]
    body = assert_problem(server.post(act, samples), 409, "time-in-the-past")
    assert body["pointer"] == "/1/at" and body["now"] == 2
    assert server.get(f"/v1/sessions/{sid}").json()["transition"]["phase"] == "idle"
    out = server.post(act, {"type": "gesture", "recognizer": "edgePan", "phase": "ended", "at": 3,
                            "translation": {"x": 10, "y": 0}})
    assert out.status_code == 200, out.text
    assert out.json()["controllers"]["topViewController"] == "b"
    diagnostics = [e for e in server.get(f"/v1/sessions/{sid}/events").json()["events"] if e["type"] == "diagnostic"]
    assert [d["code"] for d in diagnostics] == ["gesture-without-began"]
