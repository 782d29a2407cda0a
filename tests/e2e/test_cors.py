"""Issue 15, item 4: CORS with --cors-origin (off by default), and OPTIONS on every route."""
import subprocess

import pytest

from conftest import BINARY, Server
from test_api import SCENE, assert_problem

APP = "https://app.example"


def preflight(server, path, method, origin=APP, headers="authorization, content-type"):
    return server.request("OPTIONS", path, headers={"Origin": origin, "Access-Control-Request-Method": method,
                                                    "Access-Control-Request-Headers": headers})


def test_off_by_default_options_lists_methods_and_preflights_are_refused(server):
    r = server.request("OPTIONS", "/v1/sessions")
    assert r.status_code == 204 and r.headers["Allow"] == "OPTIONS, POST" and r.content == b""
    assert server.request("OPTIONS", "/v1/sessions/abc").headers["Allow"] == "DELETE, GET, HEAD, OPTIONS"
    body = assert_problem(preflight(server, "/v1/sessions", "POST"), 403, "origin-not-allowed")
    assert "--cors-origin" in body["detail"]
    r = server.get("/v1/animators", headers={"Origin": APP})
    assert r.status_code == 200 and "Access-Control-Allow-Origin" not in r.headers and "Origin" not in r.headers.get("Vary", "")
    assert_problem(server.request("OPTIONS", "/nowhere"), 404, "not-found")


def test_listed_origins_may_call_with_a_token(make_server):
    s = make_server("--cors-origin", APP, "--cors-origin", "http://localhost:3000", "--auth-token", "s3cret")
    # The preflight carries no token (browsers never send one) and is answered.
    r = preflight(s, "/v1/sessions", "POST")
    assert r.status_code == 204, r.text
    assert r.headers["Access-Control-Allow-Origin"] == APP
    assert r.headers["Access-Control-Allow-Methods"] == "OPTIONS, POST"
    allowed = [h.strip().lower() for h in r.headers["Access-Control-Allow-Headers"].split(",")]
    assert {"authorization", "content-type", "if-none-match", "x-request-id"} <= set(allowed)
    assert int(r.headers["Access-Control-Max-Age"]) > 0
    vary = [v.strip() for v in r.headers["Vary"].split(",")]
    assert {"Origin", "Access-Control-Request-Method"} <= set(vary)
    assert preflight(s, "/v1/sessions/abc/snapshot", "GET", origin="http://localhost:3000").status_code == 204
    # A method the route lacks.
    wrong = preflight(s, "/v1/animators", "DELETE")
    assert_problem(wrong, 405, "method-not-allowed")

    # The real requests: the page may read the answer and the headers it needs.
    token = {"Authorization": "Bearer s3cret", "Origin": APP}
    created = s.post("/v1/sessions", SCENE, headers=token)
    assert created.status_code == 201 and created.headers["Access-Control-Allow-Origin"] == APP
    exposed = [h.strip() for h in created.headers["Access-Control-Expose-Headers"].split(",")]
    assert {"ETag", "Location", "X-Request-Id", "Retry-After"} <= set(exposed)
    assert "Origin" in created.headers["Vary"]
    # Problems too, so a page can show them.
    denied = s.get("/v1/animators", headers={"Origin": APP})
    assert_problem(denied, 401, "unauthorized")
    assert denied.headers["Access-Control-Allow-Origin"] == APP


def test_other_origins_get_no_access_but_are_served(make_server):
    s = make_server("--cors-origin", APP)
    assert_problem(preflight(s, "/v1/sessions", "POST", origin="https://evil.example"), 403, "origin-not-allowed")
    assert_problem(preflight(s, "/v1/sessions", "POST", origin=APP.upper()), 403, "origin-not-allowed")
    r = s.get("/v1/animators", headers={"Origin": "https://evil.example"})
    assert r.status_code == 200 and "Access-Control-Allow-Origin" not in r.headers
    assert "Origin" in r.headers["Vary"]  # the answer depends on Origin, so caches must know


def test_any_origin(make_server):
    s = make_server("--cors-origin", "*")
    r = preflight(s, "/v1/animators", "GET", origin="https://anyone.example")
    assert r.status_code == 204 and r.headers["Access-Control-Allow-Origin"] == "*"
    r = s.get("/v1/animators", headers={"Origin": "null"})
    assert r.headers["Access-Control-Allow-Origin"] == "*" and "Origin" not in r.headers.get("Vary", "")


def test_environment_lists_origins_and_flags_replace_them(monkeypatch):
    monkeypatch.setenv("TRANSITION_SIM_CORS_ORIGIN", "https://a.example, https://b.example:8443")
    from_env, flagged = Server(), Server("--cors-origin", "https://c.example")
    try:
        assert preflight(from_env, "/v1/animators", "GET", origin="https://b.example:8443").status_code == 204
        assert preflight(flagged, "/v1/animators", "GET", origin="https://a.example").status_code == 403
        assert preflight(flagged, "/v1/animators", "GET", origin="https://c.example").status_code == 204
    finally:
        assert from_env.stop() == 0 and flagged.stop() == 0


@pytest.mark.parametrize("value", ["ftp://a.example", "https://a.example/path", "https://", "a.example", "https://a.example:0", ""])
def test_malformed_origins_are_refused_at_start(value):
    run = subprocess.run([BINARY, "--port", "0", "--cors-origin", value], capture_output=True, timeout=10)
    assert run.returncode == 2 and b"--cors-origin" in run.stderr, run.stderr
