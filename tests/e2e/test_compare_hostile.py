"""The comparison surfaces under hostile input (docs/golden.md § Bounds and errors,
docs/security.md § Golden files): a change-only expected side rebuilt in one pass and bounded,
the expected side weighed with the service's frames before it is read, the scenarios of
`POST /v1/compare` weighed before they are replayed, and `GET …/golden` of a session whose
scenario outgrows a body's limits. Each reproduction is sized to run in seconds; each time bound
is generous for a loaded machine and a debug build (a worker's CPU for the rebuild is about 0.2 s
there; the wall clock under a load of 20 on 2 cores, up to 5 s), and under what the quadratic
rebuild took (12 to 16 s in a release build, more than 30 s in a debug one)."""
import json
import time

import requests

from conftest import Server
from test_api import assert_problem
from test_compare_limits import list_session, memory_used
from test_fairness import assert_some_refused_busy

LIMIT = 30_000  # Application.maxSeriesWork
REPLAY_LIMIT = 4_000_000  # Application.maxReplayWork


def timed_post(server, path, body):
    """POSTs `body` (already JSON) and answers the response and the seconds it took."""
    start = time.monotonic()
    r = server.post(path, data=body, headers={"Content-Type": "application/json"}, timeout=60)
    return r, time.monotonic() - start


def change_only(first_views, changes):
    return {"format": "changes/1", "snapshots": [{"time": 0, "views": first_views}, *changes]}


def test_a_change_only_side_is_rebuilt_in_one_pass(server):
    """One view of 20,000 members, then 20,000 edits of it: each member indexed once, each edit
    applied once. The rebuilt frame 0 is then refused at its first unknown member, in well under
    a second where assigning each edit into a copy of the view searched linearly took 12 to 16 s."""
    sid, _ = list_session(server, 10)
    view = {"id": "v", **{f"m{i}": 0 for i in range(20_000)}}
    for edit in [{"viewSet": {"alpha": [[1, *([0] * 20_000)]]}}, {"viewUnset": {f"m{i}": [0] for i in range(20_000)}}]:
        body = json.dumps({"expected": change_only([view], [{"time": 0.1, **edit}])})
        r, seconds = timed_post(server, f"/v1/sessions/{sid}/compare", body)
        problem = assert_problem(r, 422, "invalid-request")
        assert problem["pointer"] == "/expected/snapshots/0/views/0/m0", problem
        assert seconds < 10, seconds


def test_a_rebuild_reading_too_many_members_is_refused_naming_the_bound(server):
    """Every frame that edits a view indexes its members once: the 20,000-member view edited in 30
    frames is 600,000 members read, past the 500,000 values a comparison reads."""
    sid, _ = list_session(server, 10)
    view = {"id": "v", **{f"m{i}": 0 for i in range(20_000)}}
    changes = [{"time": i / 60, "viewSet": {"alpha": [[1, 0]]}} for i in range(1, 31)]
    r, seconds = timed_post(server, f"/v1/sessions/{sid}/compare", json.dumps({"expected": change_only([view], changes)}))
    problem = assert_problem(r, 422, "limit-exceeded")
    assert "more than 500000 members" in problem["detail"], problem
    assert seconds < 10, seconds


def test_the_expected_side_is_weighed_before_it_is_read(server):
    """A 30 KB change-only body whose first frame lists 2,000 views, 240 frames: 480,000 expected
    views, refused from the batch's structure (no frame rebuilt, nothing read) with the work
    budget's problem; the minimal form likewise. Nothing stays counted in the memory budget."""
    sid, _ = list_session(server, 10)
    before = memory_used(server)
    batch = change_only([{"id": "v"}] * 2_000, [{"time": i / 60} for i in range(1, 240)])
    changes = json.dumps({"expected": batch})
    assert len(changes) < 40_000
    minimal = json.dumps({"expected": {"frames": [{"time": i / 60, "views": [{"id": "v"}] * 1_000} for i in range(40)]}})
    for path in ["compare", "compare.svg"]:
        for body, views in [(changes, 480_000), (minimal, 40_000)]:
            r, seconds = timed_post(server, f"/v1/sessions/{sid}/{path}", body)
            problem = assert_problem(r, 422, "work-budget-exceeded")
            assert problem["limit"] == LIMIT and problem["pointer"] == "/expected", problem
            assert problem["detail"].startswith(f"the expected frames hold {views} views in all, more than the {LIMIT}"), problem
            assert seconds < 5, seconds
    assert memory_used(server) == before


def test_the_expected_views_count_with_the_services_frames(server):
    """25 expected frames of 1,000 views are under the budget alone; with the service's 25 frames
    of its window's views they pass it, and the detail says both."""
    sid, window = list_session(server)
    assert 25_000 + 25 * window > LIMIT
    expected = {"frames": [{"time": i / 60, "views": [{"id": "v"}] * 1_000} for i in range(25)]}
    problem = assert_problem(server.post(f"/v1/sessions/{sid}/compare", {"expected": expected}), 422, "work-budget-exceeded")
    weighed = (LIMIT - 25_000) // window + 1
    assert problem["pointer"] == "/expected", problem
    assert problem["detail"].startswith(f"the expected frames' 25000 views and the earliest {weighed} of the 25 frames asked hold "
                                        f"{25_000 + weighed * window} views in all"), problem
    # Within the budget together, the comparison answers (every expected view missing).
    expected["frames"] = expected["frames"][:10]
    report = server.post(f"/v1/sessions/{sid}/compare", {"expected": expected}, timeout=60)
    assert report.status_code == 200 and report.json()["match"] is False, report.text


def test_a_costly_expected_side_takes_a_costly_series_slot():
    """16,000 expected views of a one-frame-a-time session: costly on the expected side alone, so
    with 2 workers others asked meanwhile get a 503 `busy` at once."""
    server = Server("--threads", "2")
    try:
        sid, window = list_session(server, 10)
        expected = {"frames": [{"time": i / 60, "views": [{"id": f"v{j}"} for j in range(1_000)]} for i in range(16)]}
        assert 16_000 + 16 * window < LIMIT
        body = json.dumps({"expected": expected})
        assert_some_refused_busy(lambda: requests.post(f"{server.base_url}/v1/sessions/{sid}/compare", data=body,
                                                       headers={"Content-Type": "application/json"}, timeout=120),
                                 clients=4, what="comparison of a costly expected side")
    finally:
        assert server.stop() == 0


def scroll_scenario(views, scrolls):
    """A scenario of `views` labels in a scroll view per controller (at most 500 a controller), then
    `scrolls` scrolls of the top one."""
    controllers = [{"id": f"c{k}", "title": "T", "view": {"id": "root", "kind": "scrollView", "children": [
        {"id": f"w{i}", "kind": "label", "text": "r", "frame": {"x": 0, "y": 20 * i, "width": 320, "height": 20}} for i in range(499)]}}
                   for k in range(views // 500)]
    return {"version": 1, "session": {"root": {"type": "navigation", "id": "nav", "viewControllers": controllers}},
            "changes": [{"action": {"type": "scroll", "view": "", "contentOffset": {"x": 0, "y": i % 50}, "animated": False}}
                        for i in range(scrolls)]}


def test_compare_weighs_the_scenarios_before_replaying_them(server):
    """2,500 views scrolled 2,000 times: 5,000,000 view-steps to replay, refused before any
    replay from the document alone (in under a second; replayed, about 13 s in a debug build)."""
    sid, _ = list_session(server, 10)
    body = json.dumps({"a": {"scenario": scroll_scenario(2_500, 2_000)}, "b": {"session": sid}, "times": {"t": [0]}})
    r, seconds = timed_post(server, "/v1/compare", body)
    problem = assert_problem(r, 422, "work-budget-exceeded")
    assert problem["limit"] == REPLAY_LIMIT and problem["pointer"] == "/a/scenario", problem
    assert problem["detail"].startswith("replaying the scenarios may take "), problem
    assert seconds < 5, seconds
    # Two under the bound alone are weighed together, the second named.
    half = scroll_scenario(1_000, 2_000)
    r, seconds = timed_post(server, "/v1/compare", json.dumps({"a": {"scenario": half}, "b": {"scenario": half}, "times": {"t": [0]}}))
    assert assert_problem(r, 422, "work-budget-exceeded")["pointer"] == "/b/scenario"
    assert seconds < 5, seconds


def test_a_replayed_scenario_takes_a_place_among_the_sessions():
    """A scenario replayed for a comparison is a creation for `--max-sessions` while it lives."""
    server = Server("--max-sessions", "2")
    try:
        sid, _ = list_session(server, 10)
        scenario = server.get(f"/v1/sessions/{sid}/scenario").json()
        body = {"a": {"scenario": scenario}, "b": {"session": sid}, "times": {"t": [0]}}
        assert server.post("/v1/compare", body).status_code == 200
        # Both places taken: the second scenario finds none.
        problem = assert_problem(server.post("/v1/compare", {**body, "b": {"scenario": scenario}}), 429, "too-many-sessions")
        assert problem["limit"] == 2
        list_session(server, 10)
        assert_problem(server.post("/v1/compare", body), 429, "too-many-sessions")
    finally:
        assert server.stop() == 0


def test_the_golden_of_a_session_larger_than_a_body_is_written(server):
    """40 pushes of 450 labels: the scenario holds more JSON values than a body may (200,000); the
    service reads its own document with its own limits, and the golden is written."""
    sid, _ = list_session(server, 10)
    for k in range(40):
        view = {"id": "root", "kind": "view", "children": [
            {"id": f"l{i}", "kind": "label", "text": "r", "alpha": 1, "hidden": False, "backgroundColor": "#ffffff",
             "frame": {"x": 0, "y": 20 * i, "width": 320, "height": 20}} for i in range(449)]}
        r = server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "animated": False, "viewController": {"id": f"p{k}", "view": view}},
                        timeout=60)
        assert r.status_code == 200, r.text
    scenario = server.get(f"/v1/sessions/{sid}/scenario", timeout=60).json()

    def values(v):
        return 1 + sum(values(x) for x in (v.values() if isinstance(v, dict) else v if isinstance(v, list) else []))
    assert values(scenario) > 200_000
    r = server.get(f"/v1/sessions/{sid}/golden?t=0", timeout=60)
    assert r.status_code == 200, r.text
    golden = r.json()
    assert golden["scenario"] == scenario and len(golden["expected"]["snapshots"]) == 1
