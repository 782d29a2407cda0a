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
