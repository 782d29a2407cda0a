"""Issue 15, item 2: strong ETags on deterministic answers, If-None-Match → 304, Cache-Control."""
import json
import re
import shutil
import socket
import time

import pytest

from conftest import Server
from test_api import DETAIL, SCENE, create

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


# Issue 33, item 3: the snapshot routes' tags are derived from what determines their bytes (the
# session's creation and log, the query as read, the representation, the build), not hashed from
# the bytes. These tests fail if the derivation leaves out anything that changes a body.

def assert_tags_name_bodies(answers):
    """Within one process a tag names one body: two answers with one tag have the same bytes."""
    for i, (ka, a) in enumerate(answers):
        assert a.status_code == 200, (ka, a.text)
        for kb, b in answers[i + 1:]:
            if a.headers["ETag"] == b.headers["ETag"]:
                assert a.content == b.content, (ka, kb)


def pushed(server, scene=None):
    sid = create(server) if scene is None else create(server, scene)
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL})
    assert r.status_code == 200, r.text
    return sid


def test_snapshot_tags_follow_every_query_parameter_and_only_what_it_means(server):
    sid = pushed(server)
    one, series = f"/v1/sessions/{sid}/snapshot", f"/v1/sessions/{sid}/snapshots"
    queries = [(one, q) for q in ["", "t=0", "t=0.0", "t=0.1", "t=0.10", "t=0.2", "t=0.1&flat=true", "t=0.1&flat=false",
                                  "t=0.1&precision=2", "t=0.1&precision=0", "t=0.1&precision=15", "t=0.1&precision=2&flat=true"]]
    queries += [(series, q) for q in ["t=0.1", "t=0,0.1,0.2", "t=0.2,0.1,0", "t=0,0.1", "from=0&to=0.2&fps=10",
                                      "from=0&to=0.2&fps=20", "t=0,0.1,0.2&flat=true", "t=0,0.1,0.2&precision=1",
                                      "t=0,0.1,0.2&changes=true", "t=0,0.1,0.2&changes=true&precision=1",
                                      "t=0,0.1,0.2&changes=false"]]
    answers = [((path, q), server.get(path + ("?" + q if q else ""))) for path, q in queries]
    assert_tags_name_bodies(answers)
    tag = {k: r.headers["ETag"] for k, r in answers}
    body = {k: r.content for k, r in answers}
    # Each parameter changes these bodies, so a tag that left one out would have failed above.
    for x, y in [("t=0.1", "t=0.2"), ("t=0.1", "t=0.1&flat=true"), ("t=0.1", "t=0.1&precision=2"),
                 ("t=0.1&precision=2", "t=0.1&precision=0"), ("t=0.1&precision=2", "t=0.1&precision=2&flat=true")]:
        assert body[(one, x)] != body[(one, y)], (x, y)
    for x, y in [("t=0,0.1,0.2", "t=0.2,0.1,0"), ("t=0,0.1,0.2", "t=0,0.1"), ("t=0,0.1,0.2", "from=0&to=0.2&fps=20"),
                 ("t=0,0.1,0.2", "t=0,0.1,0.2&flat=true"), ("t=0,0.1,0.2", "t=0,0.1,0.2&precision=1"),
                 ("t=0,0.1,0.2&flat=true", "t=0,0.1,0.2&changes=true"),
                 ("t=0,0.1,0.2&changes=true", "t=0,0.1,0.2&changes=true&precision=1")]:
        assert body[(series, x)] != body[(series, y)], (x, y)
    assert body[(one, "t=0.1")] != body[(series, "t=0.1")]
    # The same query read the same way: the same tag (and, checked above, the same body).
    assert tag[(one, "t=0.1")] == tag[(one, "t=0.10")] == tag[(one, "t=0.1&flat=false")]
    assert tag[(one, "")] == tag[(one, "t=0")]  # t left out: the session's time (0 until the clock moves)
    assert tag[(series, "t=0,0.1,0.2")] == tag[(series, "from=0&to=0.2&fps=10")] == tag[(series, "t=0,0.1,0.2&changes=false")]
    # And the tag still answers If-None-Match with 304.
    for (path, q), r in answers:
        again = server.get(path + ("?" + q if q else ""), headers={"If-None-Match": r.headers["ETag"]})
        assert again.status_code == 304 and again.headers["ETag"] == r.headers["ETag"], (path, q)


def test_snapshot_tags_follow_the_session_log(server):
    sid = pushed(server)
    path = f"/v1/sessions/{sid}/snapshot"
    answers = [("now", server.get(path)), ("0.5", server.get(path + "?t=0.5"))]
    server.post(f"/v1/sessions/{sid}/clock", {"by": 0.3})
    answers += [("now after the clock", server.get(path)), ("0.5 after the clock", server.get(path + "?t=0.5"))]
    server.post(f"/v1/sessions/{sid}/actions", {"type": "pop"})
    answers += [("now after the pop", server.get(path)), ("0.5 after the pop", server.get(path + "?t=0.5"))]
    # A change of the log may leave a past frame's bytes as they were, under a new tag; never the reverse.
    for i, (ka, a) in enumerate(answers):
        for kb, b in answers[i + 1:]:
            if a.content != b.content:
                assert a.headers["ETag"] != b.headers["ETag"], (ka, kb)
    assert answers[4][1].content != answers[5][1].content  # the pop (at 0.3) shows at 0.5
    stale = server.get(path + "?t=0.5", headers={"If-None-Match": answers[1][1].headers["ETag"]})
    assert stale.status_code == 200 and stale.content == answers[5][1].content


def test_sessions_with_the_same_log_share_tags_and_different_logs_do_not(server):
    a, b = pushed(server), pushed(server)
    c = create(server)
    server.post(f"/v1/sessions/{c}/actions", {"type": "push", "viewController": DETAIL, "animated": False})
    answers = [(sid, server.get(f"/v1/sessions/{sid}/snapshot?t=0.2")) for sid in (a, b, c)]
    assert_tags_name_bodies(answers)
    assert answers[0][1].headers["ETag"] == answers[1][1].headers["ETag"]
    assert answers[0][1].content != answers[2][1].content


def test_a_fixture_reloaded_under_its_id_with_other_changes_has_other_tags(tmp_path):
    # The same id and the same log length in two processes, different changes: a tag made of the
    # id and the log's position alone would say these answers are one.
    answers = []
    for i, at in enumerate((0.0, 0.1)):
        folder = tmp_path / f"fixtures-{i}"
        folder.mkdir()
        change = {"action": {"type": "push", "viewController": DETAIL, "at": at}}
        (folder / "demo.json").write_text(json.dumps({"version": 1, "session": SCENE, "changes": [change]}))
        s = Server("--scenarios", str(folder))
        try:
            answers.append((at, s.get("/v1/sessions/demo/snapshot?t=0.2")))
        finally:
            assert s.stop() == 0
    assert_tags_name_bodies(answers)
    assert answers[0][1].content != answers[1][1].content


def test_a_wall_clock_session_tags_the_time_it_shows(server):
    sid = pushed(server, dict(SCENE, clock="wall"))
    path = f"/v1/sessions/{sid}/snapshot"
    first = server.get(path)
    time.sleep(0.05)
    second = server.get(path)
    # t left out is the session's time now: another frame, another tag.
    assert first.json()["time"] < second.json()["time"]
    assert first.headers["ETag"] != second.headers["ETag"]
    # A time already past is computed from the log alone: the same bytes, the same tag, a 304.
    past = server.get(path + "?t=0.01")
    time.sleep(0.05)
    again = server.get(path + "?t=0.01", headers={"If-None-Match": past.headers["ETag"]})
    assert again.status_code == 304
    assert server.get(path + "?t=0.01").content == past.content
    # A time still ahead starts from the world at real time, which moves: other bytes never keep the tag.
    ahead = server.get(path + "?t=1000")
    time.sleep(0.05)
    later = server.get(path + "?t=1000")
    assert later.content == ahead.content or later.headers["ETag"] != ahead.headers["ETag"]


def test_a_wall_clock_frame_ahead_of_the_session_tags_the_real_time_it_started_from(server):
    # An animator that never calls completeTransition: the advance that finds it stuck stamps
    # its diagnostic with its own time, so a frame ahead of a wall-clock session, which starts
    # from the world at real time, changes with that time although the log does not.
    sid = create(server, dict(SCENE, clock="wall"))
    stuck = {"spec": {"duration": 0.1, "setup": [{"add": "to"}],
                      "animations": [{"duration": "duration", "changes": [{"view": "to", "alpha": 1}]}]}}
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL, "animator": stuck})
    assert r.status_code == 200, r.text
    time.sleep(0.2)
    path = f"/v1/sessions/{sid}/snapshot?t=1000"
    first = server.get(path)
    time.sleep(0.05)
    second = server.get(path)
    found = [[d["time"] for d in r.json()["transition"]["diagnostics"]] for r in (first, second)]
    assert len(found[0]) == 1 and found[0][0] < found[1][0] < 1000, found
    assert first.content != second.content and first.headers["ETag"] != second.headers["ETag"]


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is installed by scripts/test")
def test_a_change_on_another_replica_changes_the_tag(tmp_path):
    from test_store import Redis
    redis = Redis(tmp_path)
    a, b = Server("--store", redis.url), Server("--store", redis.url)
    try:
        sid = pushed(a)
        paths = [f"/v1/sessions/{sid}/snapshot", f"/v1/sessions/{sid}/snapshot?t=0.2",
                 f"/v1/sessions/{sid}/snapshots?from=0&to=0.6&fps=10&flat=true"]
        before = [(a.get(p), b.get(p)) for p in paths]
        for (x, y), p in zip(before, paths):
            assert x.content == y.content and x.headers["ETag"] == y.headers["ETag"], p  # one tag on every replica
        assert b.post(f"/v1/sessions/{sid}/clock", {"by": 0.5}).status_code == 200
        assert b.post(f"/v1/sessions/{sid}/actions", {"type": "pop"}).status_code == 200
        for (x, _), p in zip(before, paths):
            after, there = a.get(p, headers={"If-None-Match": x.headers["ETag"]}), b.get(p)
            assert after.headers["ETag"] == there.headers["ETag"], p
            if "t=0.2" in p:
                continue  # before the changes: its bytes may stay (under either tag)
            assert after.status_code == 200 and after.content != x.content and after.content == there.content, p
    finally:
        assert a.stop() == 0 and b.stop() == 0
        redis.stop()
