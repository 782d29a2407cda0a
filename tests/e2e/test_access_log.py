"""Issue 15, item 6: the access log, in logfmt and JSON; probes and scrapes only at debug."""
import json
import re
import shlex
import socket
import unicodedata

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


def logfmt_as_parsers_read_it(line):
    """A logfmt line read as go-logfmt reads it: a quoted value is unquoted with JSON's escapes."""
    return {key: json.loads(value) if value.startswith('"') else value
            for key, value in re.findall(r'(\w+)=("(?:[^"\\]|\\.)*"|\S*)', line)}


def hidden(text):
    """Characters that would end a line or change how it reads: controls, format characters, separators."""
    return [c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") and c != "\n"]


def test_control_and_bidi_characters_are_escaped_in_both_formats():
    # Issue 28, item 4: an escape sequence and a right-to-left override in the target, as a client
    # can send them (the ESC makes the target a 400, which is logged all the same).
    targets = {"esc-1": b"/v1/animators/\x1b[31mred", "bidi-1": "/v1/animators/abc\u202ecod.exe".encode()}
    for log_format, parse in (("logfmt", logfmt_as_parsers_read_it), ("json", json.loads)):
        server = Server("--log-level", "info", "--log-format", log_format)
        for request_id, target in targets.items():
            with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
                s.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: " + request_id.encode()
                          + b"\r\nConnection: close\r\n\r\n")
                while s.recv(65536):
                    pass
        status, log = server.stop_and_read_log()
        assert status == 0
        assert hidden(log) == [], log
        by_id = {e["request_id"]: e for e in requests_logged(log, parse)}
        for request_id, target in targets.items():
            assert by_id[request_id]["target"] == target.decode(), (log_format, by_id[request_id])
        assert "\\u202e" in log and "\\u001b" in log, log
