"""Issue 15, item 6: the access log, in logfmt and JSON; probes and scrapes only at debug."""
import json
import shlex

from conftest import Server
from test_api import create

TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"


def logfmt(line):
    """A logfmt line as a dict (values unquoted); shlex reads the quoting the logger writes."""
    return dict(part.split("=", 1) for part in shlex.split(line))


def requests_logged(log, parse):
    return [entry for entry in map(parse, log.splitlines()) if entry.get("msg") == "request"]


def exercise(server):
    sid = create(server)
    server.get(f"/v1/sessions/{sid}/snapshots?t=0,0.1&precision=2", headers={"X-Request-Id": "snap-1", "traceparent": TRACEPARENT,
                                                                            "Accept-Encoding": "gzip"})
    server.request("HEAD", "/v1/animators", headers={"X-Request-Id": "head-1"})
    server.get("/nowhere", headers={"X-Request-Id": "lost-1"})
    server.get("/livez", headers={"X-Request-Id": "probe-1"})
    server.get("/metrics", headers={"X-Request-Id": "scrape-1"})
    return sid


def check(entries, sid):
    by_id = {e["request_id"]: e for e in entries}
    snap = by_id["snap-1"]
    assert snap["method"] == "GET" and snap["route"] == "/v1/sessions/{id}/snapshots"
    assert snap["target"] == f"/v1/sessions/{sid}/snapshots?t=0,0.1&precision=2"
    assert int(snap["status"]) == 200 and 0 < int(snap["bytes"]) and float(snap["duration_ms"]) >= 0
    assert snap["remote"] == "127.0.0.1" and snap["traceparent"] == TRACEPARENT and snap["level"] == "info"
    assert int(by_id["head-1"]["bytes"]) == 0  # HEAD sends no body
    assert by_id["lost-1"]["route"] == "unmatched" and int(by_id["lost-1"]["status"]) == 404
    assert "traceparent" not in by_id["lost-1"]
    return by_id


def test_logfmt_lines_and_quiet_probes():
    server = Server("--log-level", "info")
    sid = exercise(server)
    status, log = server.stop_and_read_log()
    assert status == 0
    by_id = check(requests_logged(log, logfmt), sid)
    # Probes and scrapes are debug lines: not written at info.
    assert "probe-1" not in by_id and "scrape-1" not in by_id, log


def test_json_lines_and_probes_at_debug():
    server = Server("--log-level", "debug", "--log-format", "json")
    sid = exercise(server)
    status, log = server.stop_and_read_log()
    assert status == 0
    lines = [json.loads(line) for line in log.splitlines()]  # every line is one JSON object
    entries = [e for e in lines if e["msg"] == "request"]
    by_id = check(entries, sid)
    assert isinstance(by_id["snap-1"]["status"], int) and isinstance(by_id["snap-1"]["duration_ms"], (int, float))
    assert by_id["probe-1"]["level"] == "debug" and by_id["scrape-1"]["route"] == "/metrics"
    assert any(e["msg"] == "listening" for e in lines)


def test_long_targets_are_cut():
    server = Server("--log-level", "info")
    server.get("/v1/animators?" + "a=" + "x" * 5000, headers={"X-Request-Id": "long-1"})
    status, log = server.stop_and_read_log()
    entry = [e for e in requests_logged(log, logfmt) if e["request_id"] == "long-1"][0]
    assert len(entry["target"].encode()) <= 2048 and entry["target"].endswith("…")


def test_a_malformed_log_format_is_refused(make_server):
    import subprocess
    from conftest import BINARY
    run = subprocess.run([BINARY, "--port", "0", "--log-format", "xml"], capture_output=True, timeout=10)
    assert run.returncode == 2 and b"--log-format" in run.stderr
