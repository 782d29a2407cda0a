"""Issue 15, item 2: strong ETags on deterministic answers, If-None-Match → 304, Cache-Control."""
import re
import socket

from conftest import Server
from test_api import DETAIL, create

FIXED = ["/v1/animators", "/v1/animators/zoom", "/v1/devices", "/problems/not-found", "/openapi.yaml"]


def session_reads(sid):
    return [f"/v1/sessions/{sid}", f"/v1/sessions/{sid}/snapshot?t=0.1", f"/v1/sessions/{sid}/snapshots?from=0&to=0.3&fps=10",
            f"/v1/sessions/{sid}/events?after=1", f"/v1/sessions/{sid}/scenario"]


def raw(port, request):
    """One request on a fresh connection; the whole answer, as bytes, once the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(request)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return data


def test_deterministic_answers_have_strong_etags_and_revalidate_to_304(server):
    sid = create(server)
    server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL})
    for path, control in [(p, "max-age=3600") for p in FIXED] + [(p, "no-cache") for p in session_reads(sid)]:
        full = server.get(path)
        tag = full.headers["ETag"]
        assert re.fullmatch(r'"[0-9a-f]{16}(-gzip)?"', tag), (path, tag)
        assert full.headers["Cache-Control"] == control, path
        assert server.get(path).headers["ETag"] == tag, path  # same request, same bytes, same tag
        for field in (tag, "W/" + tag, f'"other", {tag}', "*"):
            again = server.get(path, headers={"If-None-Match": field})
            assert again.status_code == 304 and again.content == b"", (path, field)
            assert again.headers["ETag"] == tag and again.headers["Cache-Control"] == control
            assert "Content-Type" not in again.headers
        head = server.request("HEAD", path, headers={"If-None-Match": tag})
        assert head.status_code == 304 and head.headers["ETag"] == tag
        for field in ('"other"', tag[:-2] + '"', "not a tag", '"unclosed'):
            assert server.get(path, headers={"If-None-Match": field}).status_code == 200, (path, field)


def test_a_304_says_the_200s_length_and_sends_no_body(server):
    for coding in (b"identity", b"gzip"):
        request = b"GET /v1/animators HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: " + coding + b"\r\nConnection: close\r\n"
        full_head, full_body = raw(server.port, request + b"\r\n").split(b"\r\n\r\n", 1)
        tag = re.search(rb"\r\nETag: (\S+)", full_head).group(1)
        head, body = raw(server.port, request + b"If-None-Match: " + tag + b"\r\n\r\n").split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 304") and body == b"", head
        # RFC 9110 §8.6: a 304's Content-Length, when sent, is the one a 200 would have.
        assert b"\r\nContent-Length: %d\r\n" % len(full_body) in head + b"\r\n", head
        assert b"\r\nContent-Encoding:" not in head and b"\r\nContent-Type:" not in head  # the fields, not X-Content-Type-Options


def test_a_change_changes_the_tag(server):
    sid = create(server)
    path = f"/v1/sessions/{sid}/events"
    before = server.get(path).headers["ETag"]
    server.post(f"/v1/sessions/{sid}/clock", {"by": 1})
    after = server.get(path, headers={"If-None-Match": before})
    assert after.status_code == 200 and after.headers["ETag"] != before


def test_tags_are_the_same_in_every_process(server):
    # A load balancer may send the revalidation to another replica: the tag is a hash of the bytes.
    other = Server()
    try:
        snapshots = []
        for s in (server, other):
            sid = create(s)
            s.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL})
            snapshots.append(s.get(f"/v1/sessions/{sid}/snapshots?t=0,0.1,0.2"))
        assert snapshots[0].content == snapshots[1].content
        assert snapshots[0].headers["ETag"] == snapshots[1].headers["ETag"]
        assert server.get("/v1/animators").headers["ETag"] == other.get("/v1/animators").headers["ETag"]
    finally:
        assert other.stop() == 0


def test_changes_probes_and_errors_have_no_validator(server):
    sid = create(server)
    for r in (server.post(f"/v1/sessions/{sid}/clock", {"by": 1}), server.get("/livez"), server.get("/metrics"),
              server.get("/v1/sessions/" + "0" * 32), server.post("/v1/timing/sample", {"timing": "linear", "duration": 1, "times": [0.5]})):
        assert "ETag" not in r.headers and "Cache-Control" not in r.headers, r.request.url
