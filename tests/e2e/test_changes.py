"""Issue 14, item 3: change-only snapshot batches (`changes=true`, format "changes/1",
docs/performance.md § Change-only batches). Rebuilding the frames with the reference decoder
gives exactly the full flat batch, for a push, an interactive pop, a present, with precision."""
import gzip
import json

import pytest

from changes_decoder import decode
from test_api import DETAIL, SCENE, assert_problem, create


def act(server, sid, action):
    r = server.post(f"/v1/sessions/{sid}/actions", action)
    assert r.status_code == 200, r.text


def both(server, sid, **params):
    """The full flat batch and the change-only batch for the same frames."""
    full = server.get(f"/v1/sessions/{sid}/snapshots", params={**params, "flat": "true"})
    changes = server.get(f"/v1/sessions/{sid}/snapshots", params={**params, "changes": "true"})
    assert full.status_code == 200 and changes.status_code == 200, changes.text
    return full, changes


def check_rebuilds(full, changes):
    batch = changes.json()
    assert batch["format"] == "changes/1"
    frames = full.json()["snapshots"]
    assert batch["snapshots"][0] == frames[0]  # the first frame whole
    assert decode(batch) == frames
    return batch


@pytest.mark.parametrize("precision", [None, 2])
def test_a_push_rebuilds_exactly_and_is_much_smaller(server, precision):
    sid = create(server, SCENE)
    act(server, sid, {"type": "push", "viewController": DETAIL})
    params = {"from": "0", "to": "0.9834", "fps": "60"} | ({"precision": str(precision)} if precision is not None else {})
    full, changes = both(server, sid, **params)
    batch = check_rebuilds(full, changes)
    assert len(batch["snapshots"]) == 60
    # The slide moves every view of the pushed-from page: one path, many views.
    assert len(changes.content) * 5 < len(full.content), (len(changes.content), len(full.content))
    later = batch["snapshots"][10]
    assert set(later) <= {"time", "set", "unset", "removed", "added", "viewSet", "viewUnset", "views"}
    assert later["set"]["transition.elapsed"] == full.json()["snapshots"][10]["transition"]["elapsed"]
    # Past the end nothing moves: a frame is its time and nothing else.
    assert batch["snapshots"][-1] == {"time": full.json()["snapshots"][-1]["time"]}


def test_an_interactive_pop_and_a_present_rebuild_exactly(server):
    sid = create(server, SCENE)
    act(server, sid, {"type": "push", "animated": False, "viewController": DETAIL})
    for action in [{"type": "pop", "interactive": True, "at": 0.1}, {"type": "update", "percent": 0.4, "at": 0.3},
                   {"type": "finish", "at": 0.5}]:
        act(server, sid, action)
    server.post(f"/v1/sessions/{sid}/clock", {"to": 1.5})
    check_rebuilds(*both(server, sid, **{"from": "0", "to": "1.2", "fps": "30", "precision": "3"}))
    act(server, sid, {"type": "present", "at": 2, "viewController": {"id": "sheet", "view": {"id": "root", "children": [
        {"id": "label", "kind": "label", "text": "Hi", "frame": {"x": 10, "y": 100, "width": 100, "height": 20}}]}}})
    server.post(f"/v1/sessions/{sid}/clock", {"to": 3})
    full, changes = both(server, sid, t="1.9,2,2.1,2.2,2.3,2.6,3,2.05")  # views come and go; times out of order
    batch = check_rebuilds(full, changes)
    assert any("added" in f or "views" in f for f in batch["snapshots"][1:])


def test_changes_is_a_representation_like_any_other(server):
    sid = create(server, SCENE)
    act(server, sid, {"type": "push", "viewController": DETAIL})
    path = f"/v1/sessions/{sid}/snapshots"
    params = {"from": "0", "to": "0.5", "fps": "30", "changes": "true"}
    identity = {"Accept-Encoding": "identity"}
    plain = server.get(path, params=params, headers=identity)
    again = server.get(path, params=params, headers=identity)
    assert plain.content == again.content and plain.headers["ETag"] == again.headers["ETag"]
    assert plain.headers["ETag"] != server.get(path, params={**params, "changes": "false"}).headers["ETag"]
    assert server.get(path, params=params, headers={**identity, "If-None-Match": plain.headers["ETag"]}).status_code == 304
    head = server.request("HEAD", path, params=params, headers=identity)
    assert head.status_code == 200 and head.content == b"" and head.headers["Content-Length"] == str(len(plain.content))
    zipped = server.get(path, params=params, headers={"Accept-Encoding": "gzip"}, stream=True)
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(zipped.raw.read())) == plain.json()


def test_changes_needs_the_flat_form(server):
    sid = create(server, SCENE)
    path = f"/v1/sessions/{sid}/snapshots"
    r = server.get(path, params={"t": "0,0.1", "changes": "true", "flat": "false"})
    assert_problem(r, 422, "invalid-request")
    assert "changes" in r.json()["detail"]
    assert_problem(server.get(path, params={"t": "0", "changes": "yes"}), 422, "invalid-request")
    assert server.get(path, params={"t": "0", "changes": "true", "flat": "true"}).status_code == 200
    assert server.get(path, params={"t": "0", "changes": "false", "flat": "false"}).json()["snapshots"][0]["root"]
