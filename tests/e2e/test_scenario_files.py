"""Scenario documents over HTTP and as fixture files: export, import, `--scenarios DIR`."""
import json
import os
import signal
import subprocess
import time

from conftest import BINARY, free_port
from test_api import DETAIL, SCENE, assert_problem, create


def walkthrough(server):
    sid = create(server)
    for path, body in [("actions", {"type": "push", "viewController": DETAIL}),
                       ("clock", {"by": 0.2}),
                       ("actions", {"type": "pop", "at": 1})]:
        r = server.post(f"/v1/sessions/{sid}/{path}", body)
        assert r.status_code == 200, r.text
    return sid


def reads(server, sid):
    """What a client can read of a session, with its id taken out."""
    return [server.get(f"/v1/sessions/{sid}{target}").content.replace(sid.encode(), b"ID")
            for target in ["", "/snapshots?from=0&to=1.5&fps=30", "/events"]]


def test_export_then_import_over_http_gives_the_same_bytes(server):
    sid = walkthrough(server)
    exported = server.get(f"/v1/sessions/{sid}/scenario")
    assert exported.status_code == 200
    assert exported.headers["Content-Type"].startswith("application/json")
    document = exported.json()
    assert document["version"] == 1 and document["session"] == SCENE
    assert [list(c) for c in document["changes"]] == [["action"], ["clock"], ["action"]]

    imported = server.post("/v1/sessions", {"scenario": document})
    assert imported.status_code == 201, imported.text
    copy = imported.json()["id"]
    assert reads(server, copy) == reads(server, sid)
    assert_problem(server.get("/v1/sessions/nope/scenario"), 404, "not-found")


def test_scenarios_folder_loads_fixtures_with_their_file_names(server, make_server, tmp_path):
    sid = walkthrough(server)
    (tmp_path / "pushed-and-popped.json").write_bytes(server.get(f"/v1/sessions/{sid}/scenario").content)
    (tmp_path / "notes.txt").write_text("not a scenario, and ignored")
    fixtures = make_server("--scenarios", str(tmp_path))
    assert reads(fixtures, "pushed-and-popped") == reads(server, sid)
    # A fixture is an ordinary session from then on: it changes, and it can be deleted.
    assert fixtures.post("/v1/sessions/pushed-and-popped/actions", {"type": "push", "at": 2, "viewController": {"id": "more"}}).status_code == 200
    assert fixtures.request("DELETE", "/v1/sessions/pushed-and-popped").status_code == 204
    assert fixtures.get("/v1/sessions/pushed-and-popped").status_code == 404


def test_a_bad_fixture_stops_the_start_with_its_reason(tmp_path):
    (tmp_path / "broken.json").write_text(json.dumps({"version": 1, "session": SCENE, "changes": [{"action": {"type": "pop"}}]}))
    process = subprocess.run([BINARY, "--host", "127.0.0.1", "--port", str(free_port()), "--scenarios", str(tmp_path)],
                             capture_output=True, timeout=20)
    assert process.returncode == 1
    log = process.stdout.decode() + process.stderr.decode()
    assert "broken.json" in log and "/changes/0" in log, log


# MARK: issue 28, item 4: only regular files, never their content in the log, SIGTERM while loading

def start_with(folder, *flags):
    return subprocess.Popen([BINARY, "--host", "127.0.0.1", "--port", str(free_port()), "--scenarios", str(folder), *flags],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def test_a_fifo_in_the_folder_is_refused_at_once(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")  # opening it for reading would wait for a writer forever
    start = time.monotonic()
    process = start_with(tmp_path)
    try:
        _, log = process.communicate(timeout=10)
    finally:
        process.kill()
    assert process.returncode == 1 and time.monotonic() - start < 5
    assert b"pipe.json" in log and b"not a regular file" in log, log


def test_a_refusal_never_quotes_the_file(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("hunter2 is the password\n")
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "linked.json").symlink_to(secret)
    process = subprocess.run([BINARY, "--host", "127.0.0.1", "--port", str(free_port()), "--scenarios", str(folder)],
                             capture_output=True, timeout=20)
    log = process.stderr.decode()
    assert process.returncode == 1 and "linked.json" in log and "line 1, column 1" in log, log
    assert "hunter2" not in log and "password" not in log, log


def test_sigterm_stops_a_start_that_is_still_loading(server, tmp_path):
    sid = walkthrough(server)
    document = server.get(f"/v1/sessions/{sid}/scenario").content
    for i in range(1500):
        (tmp_path / f"s{i}.json").write_bytes(document)
    process = start_with(tmp_path, "--max-sessions", "2000")
    time.sleep(0.3)
    process.send_signal(signal.SIGTERM)
    try:
        _, log = process.communicate(timeout=5)
    finally:
        process.kill()
    assert process.returncode == 0, log
    assert b"stopped while loading the scenarios" in log, log
