"""Issue 15, item 1: HEAD on every GET route (RFC 9110 §9.3.2): GET's status and headers, no body."""
import socket

import pytest

from test_api import create

READS = ["/livez", "/readyz", "/metrics", "/openapi.yaml", "/v1/animators", "/v1/animators/zoom"]


def session_reads(sid):
    return [f"/v1/sessions/{sid}", f"/v1/sessions/{sid}/snapshot?t=0.1", f"/v1/sessions/{sid}/snapshots?t=0,0.1",
            f"/v1/sessions/{sid}/events", f"/v1/sessions/{sid}/scenario"]


def test_head_answers_like_get_without_a_body(server):
    sid = create(server)
    for path in READS + session_reads(sid):
        get = server.get(path)
        head = server.request("HEAD", path)
        assert head.status_code == get.status_code == 200, (path, head.status_code)
        assert head.content == b"", path
        assert head.headers["Content-Type"] == get.headers["Content-Type"], path
        assert head.headers.get("Content-Encoding") == get.headers.get("Content-Encoding"), path
        if path != "/metrics":  # the request counters move between the two
            assert head.headers["Content-Length"] == get.headers["Content-Length"], path


def test_head_errors_are_get_errors(server):
    head = server.request("HEAD", "/v1/sessions/" + "0" * 32)
    assert head.status_code == 404 and head.content == b""
    assert head.headers["Content-Type"].startswith("application/problem+json")
    # A route without GET has no HEAD either; Allow lists HEAD wherever GET is (and OPTIONS everywhere).
    assert server.request("HEAD", "/v1/timing/sample").status_code == 405
    assert server.request("HEAD", "/v1/timing/sample").headers["Allow"] == "OPTIONS, POST"
    put = server.request("PUT", "/v1/animators")
    assert put.status_code == 405 and put.headers["Allow"] == "GET, HEAD, OPTIONS"


def test_head_sends_no_body_bytes_on_a_kept_alive_connection(server):
    # The next answer on the connection must start right after HEAD's headers: a body there
    # would be read as the next status line.
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
        s.sendall(b"HEAD /v1/animators HTTP/1.1\r\nHost: localhost\r\n\r\nGET /livez HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 200") and b"Content-Length: " in head
    assert rest.startswith(b"HTTP/1.1 200") and rest.endswith(b'{"status":"ok"}'), rest[:80]
