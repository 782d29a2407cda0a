"""Issue 15, item 5: request ids. X-Request-Id is taken (or made), echoed, logged and put in problems."""
import re
import socket

from conftest import Server
from test_api import assert_problem

TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"


def test_an_id_is_made_when_none_is_sent(server):
    a, b = server.get("/livez"), server.get("/livez")
    assert re.fullmatch(r"[0-9a-f]{32}", a.headers["X-Request-Id"])
    assert a.headers["X-Request-Id"] != b.headers["X-Request-Id"]


def test_the_clients_id_is_echoed_and_named_in_problems(server):
    r = server.get("/livez", headers={"X-Request-Id": "req-42:a/b=c"})
    assert r.headers["X-Request-Id"] == "req-42:a/b=c"
    missing = server.get("/v1/sessions/" + "0" * 32, headers={"X-Request-Id": "lost-1"})
    body = assert_problem(missing, 404, "not-found")
    assert body["requestId"] == "lost-1" and missing.headers["X-Request-Id"] == "lost-1"
    # Every problem carries one, made by the service when the client sent none.
    made = assert_problem(server.get("/nowhere"), 404, "not-found")
    assert re.fullmatch(r"[0-9a-f]{32}", made["requestId"])


def test_a_malformed_id_is_a_400_with_an_id_of_ours(server):
    for bad in ("x" * 201, "has space", 'quo"te', "back\\slash", "\u00e9t\u00e9"):
        r = server.get("/livez", headers={"X-Request-Id": bad.encode("utf-8")})
        body = assert_problem(r, 400, "bad-request")
        assert "X-Request-Id" in body["detail"]
        assert re.fullmatch(r"[0-9a-f]{32}", body["requestId"]) and r.headers["X-Request-Id"] == body["requestId"]
    assert server.get("/livez", headers={"X-Request-Id": "x" * 200}).status_code == 200
    # Two ids for one request are ambiguous.
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
        s.sendall(b"GET /livez HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: a\r\nX-Request-Id: b\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    assert data.startswith(b"HTTP/1.1 400") and b'"type":"/problems/bad-request"' in data


def test_the_id_and_traceparent_are_in_the_requests_log_line():
    server = Server("--log-level", "info")
    server.get("/v1/animators", headers={"X-Request-Id": "trace-me-1", "traceparent": TRACEPARENT})
    server.get("/v1/animators", headers={"X-Request-Id": "trace-me-2", "traceparent": "00-not-a-trace"})
    status, log = server.stop_and_read_log()
    assert status == 0
    first = [line for line in log.splitlines() if "trace-me-1" in line]
    assert len(first) == 1 and "request_id=trace-me-1" in first[0] and f"traceparent={TRACEPARENT}" in first[0], log
    # A malformed traceparent is ignored, as W3C Trace Context asks; the request is served.
    second = [line for line in log.splitlines() if "trace-me-2" in line]
    assert len(second) == 1 and "not-a-trace" not in second[0], log
