"""Scenario documents over HTTP and as fixture files: export, import, `--scenarios DIR`."""
import json
import subprocess

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
