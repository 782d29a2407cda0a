"""The HTTP contract end to end: the real binary, real sockets, loopback only."""
import json
import random

import pytest
import requests

from conftest import DETAIL, THINGS_SCENE

SCENE = THINGS_SCENE


def create(server, scene=SCENE):
    r = server.post("/v1/sessions", scene)
    assert r.status_code == 201, r.text
    return r.json()["id"]


def find(node, controller, path):
    if node.get("viewController") == controller and node.get("path") == path:
        return node
    for child in node.get("children", []):
        found = find(child, controller, path)
        if found:
            return found
    return None


def assert_problem(r, status, type_):
    assert r.status_code == status, r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    body = r.json()
    assert body["status"] == status and body["type"] == "/problems/" + type_
    assert body["title"] and body["detail"] and body["instance"]
    return body


def test_session_lifecycle(server):
    r = server.post("/v1/sessions", SCENE)
    assert r.status_code == 201
    sid = r.json()["id"]
    assert len(sid) == 32 and int(sid, 16) >= 0
    assert r.headers["Location"] == f"/v1/sessions/{sid}"
    state = server.get(r.headers["Location"]).json()
    assert state["time"] == 0 and state["clock"] == "virtual"
    assert state["controllers"]["topViewController"] == "things"
    assert server.request("DELETE", f"/v1/sessions/{sid}").status_code == 204
    assert_problem(server.get(f"/v1/sessions/{sid}"), 404, "not-found")


def test_default_push_slides_in_and_completes_like_uikit(server):
    sid = create(server)
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL})
    assert r.status_code == 200
    assert r.json()["transition"]["animator"] == "slide"
    times = [0, 0.1, 0.2, 0.3, 0.4, 0.5]
    shots = server.get(f"/v1/sessions/{sid}/snapshots", params={"t": ",".join(map(str, times))}).json()["snapshots"]
    to_x = [find(s["root"], "detail", "")["frame"]["x"] for s in shots]
    from_x = [find(s["root"], "things", "")["frame"]["x"] if find(s["root"], "things", "") else None for s in shots]
    assert to_x[0] == 320 and to_x[-1] == 0
    assert all(a > b for a, b in zip(to_x, to_x[1:]))
    assert from_x[0] == 0 and from_x[-1] is None  # removed once the push completed
    assert all(a > b for a, b in zip(from_x[:-1], from_x[1:-1]))
    assert from_x[-2] > -96
    near_end = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": "0.49999"}).json()
    assert abs(find(near_end["root"], "things", "")["frame"]["x"] + 96) < 0.01
    # The clock request in the walkthrough is sent with curl's default form content type.
    r = server.request("POST", f"/v1/sessions/{sid}/clock", data='{"by": 1}',
                       headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 200, r.text
    outcome = r.json()
    assert outcome["time"] == 1
    assert [e["type"] for e in outcome["events"]] == ["completeTransition", "viewDidDisappear", "viewDidAppear", "didShow"]
    state = server.get(f"/v1/sessions/{sid}").json()
    assert [c["id"] for c in state["controllers"]["viewControllers"]] == ["things", "detail"]
    events = server.get(f"/v1/sessions/{sid}/events", params={"after": 4}).json()["events"]
    assert [(e["type"], e["viewController"]) for e in events] == [
        ("viewWillDisappear", "things"), ("viewWillAppear", "detail"), ("willShow", "nav"),
        ("animationControllerFor", "nav"), ("animateTransition", "nav"), ("completeTransition", "nav"),
        ("viewDidDisappear", "things"), ("viewDidAppear", "detail"), ("didShow", "nav")]
    assert [e["seq"] for e in events] == sorted(e["seq"] for e in events)
    complete = [e for e in events if e["type"] == "completeTransition"][0]
    assert complete["time"] == 0.5 and complete["didComplete"] is True
    # History: the past still answers exactly.
    again = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": "0.3"}).json()
    assert again == shots[3]


def test_same_requests_give_the_same_bytes(server):
    bodies = []
    for _ in range(2):
        sid = create(server)
        server.post(f"/v1/sessions/{sid}/actions", [{"type": "push", "viewController": DETAIL},
                                                    {"type": "pop", "at": 0.7}])
        bodies.append(server.get(f"/v1/sessions/{sid}/snapshots", params={"from": 0, "to": 1.2, "fps": 20}).content)
    assert bodies[0] == bodies[1]
    assert len(json.loads(bodies[0])["snapshots"]) == 25


def test_flat_and_precision(server):
    sid = create(server)
    server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL})
    flat = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": "0.123", "flat": "true", "precision": "2"}).json()
    views = flat["views"]
    assert views[0]["id"] == "window" and views[0]["parent"] is None
    keys = {(v["viewController"], v["path"]) for v in views if v["viewController"]}
    assert ("detail", "image") in keys
    for v in views:
        for value in v["frame"].values():
            assert round(value, 2) == value


def test_errors_are_problems(server):
    assert_problem(server.get("/nope"), 404, "not-found")
    r = server.request("PUT", "/v1/sessions")
    assert_problem(r, 405, "method-not-allowed")
    assert "POST" in r.headers["Allow"]
    body = assert_problem(server.request("POST", "/v1/sessions", data='{"screen": {',
                                         headers={"Content-Type": "application/json"}), 400, "malformed-json")
    assert body["line"] == 1 and body["column"] >= 12
    assert_problem(server.request("POST", "/v1/sessions", data=json.dumps(SCENE),
                                  headers={"Content-Type": "text/plain"}), 415, "unsupported-media-type")
    bad = json.loads(json.dumps(SCENE))
    bad["root"]["viewControllers"][0]["view"]["kind"] = "blob"
    body = assert_problem(server.post("/v1/sessions", bad), 422, "invalid-request")
    assert body["pointer"] == "/root/viewControllers/0/view/kind"
    sid = create(server)
    server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL})
    body = assert_problem(server.post(f"/v1/sessions/{sid}/actions", {"type": "pop"}), 409, "transition-in-progress")
    assert body["transition"] == "t1" and body["expectedEnd"] == 0.5
    assert_problem(server.post(f"/v1/sessions/{sid}/actions", {"type": "pop", "at": 0.2}), 409, "transition-in-progress")
    body = assert_problem(server.post(f"/v1/sessions/{sid}/actions", {"type": "fly"}), 422, "invalid-request")
    assert body["pointer"] == "/type"
    assert_problem(server.get(f"/v1/sessions/{sid}/snapshot", params={"t": "soon"}), 422, "invalid-request")


def test_body_limit_session_limit_and_token(make_server):
    small = make_server("--max-body", "1000", "--max-sessions", "2")
    assert_problem(small.post("/v1/sessions", {"pad": "x" * 5000}), 413, "payload-too-large")
    # The connection closed on the 413; the server still serves.
    assert create(small) and create(small)
    assert_problem(small.post("/v1/sessions", SCENE), 429, "too-many-sessions")
    guarded = make_server("--auth-token", "s3cret")
    assert guarded.get("/livez").status_code == 200
    r = guarded.post("/v1/sessions", SCENE)
    assert_problem(r, 401, "unauthorized")
    assert r.headers["WWW-Authenticate"].startswith("Bearer")
    assert_problem(guarded.post("/v1/sessions", SCENE, headers={"Authorization": "Bearer nope"}), 401, "unauthorized")
    assert guarded.post("/v1/sessions", SCENE, headers={"Authorization": "Bearer s3cret"}).status_code == 201
    # The scheme in any case (RFC 9110 §11.1; issue 28, item 4), the token exactly.
    assert guarded.post("/v1/sessions", SCENE, headers={"Authorization": "bearer s3cret"}).status_code == 201
    assert guarded.post("/v1/sessions", SCENE, headers={"Authorization": "BEARER s3cret"}).status_code == 201
    assert_problem(guarded.post("/v1/sessions", SCENE, headers={"Authorization": "bearer S3CRET"}), 401, "unauthorized")


def test_operations_endpoints(server):
    assert server.get("/livez").json() == {"status": "ok"}
    assert server.get("/readyz").json() == {"status": "ready"}
    create(server)
    metrics = server.get("/metrics")
    assert metrics.headers["Content-Type"].startswith("text/plain")
    assert 'transition_sim_http_requests_total{route="/v1/sessions",method="POST",status="201"}' in metrics.text
    assert "transition_sim_sessions_live" in metrics.text
    served = server.get("/openapi.yaml")
    from pathlib import Path
    assert served.content == (Path(__file__).resolve().parents[2] / "openapi.yaml").read_bytes()  # final newline too


def test_timing_sample(server):
    r = server.post("/v1/timing/sample", {"timing": "easeInOut", "duration": 1, "times": [0, 0.5, 1]})
    assert r.status_code == 200
    assert r.json()["values"] == [0, 0.5, 1]
    r = server.post("/v1/timing/sample", {"timing": {"spring": {"dampingRatio": 0.25, "initialVelocity": 0}},
                                          "duration": 3, "times": [0, 3]})
    values = r.json()["values"]
    # The duration model leaves the spring within 0.001 of its envelope at the duration.
    assert values[0] == 0 and abs(values[1] - 1) < 0.005
    body = assert_problem(server.post("/v1/timing/sample", {"timing": {"cubicBezier": [2, 0, 0, 1]}, "duration": 1, "times": [0]}),
                          422, "invalid-request")
    assert body["pointer"] == "/timing/cubicBezier"


def test_bounded_fuzz_never_breaks_the_server(server):
    """Seeded random requests: never a 5xx, every body is JSON (or Prometheus/YAML text)."""
    rng = random.Random(20261122)
    sid = create(server)
    paths = ["/v1/sessions", f"/v1/sessions/{sid}", f"/v1/sessions/{sid}/actions", f"/v1/sessions/{sid}/clock",
             f"/v1/sessions/{sid}/snapshot", f"/v1/sessions/{sid}/snapshots", f"/v1/sessions/{sid}/events",
             "/v1/animators", "/v1/timing/sample", "/livez"]
    atoms = [None, True, 0, -1, 1e308, "push", "pop", "x" * 300, [], {}, {"type": "push"}, {"id": "a"}]

    def value(depth=0):
        if depth > 3 or rng.random() < 0.4:
            return rng.choice(atoms)
        if rng.random() < 0.5:
            return [value(depth + 1) for _ in range(rng.randint(0, 3))]
        keys = ["type", "at", "viewController", "animator", "root", "screen", "by", "to", "timing", "times", "percent", "id"]
        return {rng.choice(keys): value(depth + 1) for _ in range(rng.randint(0, 4))}

    for _ in range(200):
        method = rng.choice(["GET", "POST", "DELETE", "PATCH"])
        path = rng.choice(paths[:-1] if method == "DELETE" else paths)
        params = {rng.choice(["t", "after", "from", "to", "fps", "precision", "flat"]): rng.choice(["0", "-1", "abc", "1e9", "0.5,0.2", ""])}
        r = server.request(method, path, params=params, data=json.dumps(value()) if method == "POST" else None,
                           headers={"Content-Type": "application/json"})
        assert r.status_code < 500, (method, path, r.text)
        if r.content and r.headers["Content-Type"].startswith("application/"):
            json.loads(r.content)
