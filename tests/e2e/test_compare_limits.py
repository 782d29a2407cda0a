"""Comparisons under a snapshot series' rules (docs/golden.md § Bounds and errors): the frames of
both runs of `POST /v1/compare` are weighed together before any is computed, a costly comparison
computes only in a costly-series slot, and a scenario replayed for a comparison is a session
creation for the memory budget, counted in it while the comparison runs. Loopback only, bounded
in count and time."""
import re
import subprocess

import requests

from conftest import BINARY, Server
from test_api import assert_problem
from test_fairness import assert_some_refused_busy
from test_golden import zoom_push
from test_memory import views

LIMIT = 30_000  # Application.maxSeriesWork


def list_session(server, count=250):
    """A navigation controller whose root view holds `count` views; with the window's and the
    navigation controller's own, `window` views in every frame."""
    r = server.post("/v1/sessions", {"root": {"type": "navigation", "id": "nav", "viewControllers": [
        {"id": "list", "title": "List", "view": views("w", count)}]}})
    assert r.status_code == 201, r.text
    sid = r.json()["id"]
    return sid, len(server.get(f"/v1/sessions/{sid}/snapshot?flat=true").json()["views"])


def frames(count):
    return {"from": 0, "to": (count - 1) / 60, "fps": 60}


def memory_used(server):
    text = server.get("/metrics").text
    return int(float(re.search(r"^transition_sim_session_memory_bytes (\S+)$", text, re.M).group(1)))


def test_both_runs_frames_are_weighed_together(server):
    """Each run holds 60 frames of the window's views, under the budget alone, over it together:
    refused before any frame is computed, naming /times, with the frames counted so far (a's,
    then b's until the sum passes the budget)."""
    sid, window = list_session(server)
    assert 60 * window <= LIMIT < 120 * window
    scenario = server.get(f"/v1/sessions/{sid}/scenario").json()
    for a, b in [({"session": sid}, {"session": sid}), ({"scenario": scenario}, {"session": sid})]:
        body = assert_problem(server.post("/v1/compare", {"a": a, "b": b, "times": frames(60)}), 422, "work-budget-exceeded")
        weighed = LIMIT // window + 1
        assert body["limit"] == LIMIT and body["pointer"] == "/times", body
        assert body["detail"].startswith(f"the earliest {weighed} of the 120 frames asked hold {weighed * window} views in all"), body
    # A time tolerance reads two more frames around each of b's.
    body = assert_problem(server.post("/v1/compare", {"a": {"session": sid}, "b": {"session": sid}, "times": frames(30),
                                                      "tolerance": {"time": 0.001}}), 422, "work-budget-exceeded")
    assert body["pointer"] == "/times" and "of the 120 frames asked" in body["detail"], body
    # A session compared with expected frames: its frames, three per frame with a time tolerance.
    expected = {"frames": [{"time": i / 60, "views": []} for i in range(40)]}
    body = assert_problem(server.post(f"/v1/sessions/{sid}/compare", {"expected": expected, "tolerance": {"time": 0.001}}),
                          422, "work-budget-exceeded")
    assert body["pointer"] == "/expected" and "of the 120 frames asked" in body["detail"], body
    assert server.post(f"/v1/sessions/{sid}/compare", {"expected": expected}).status_code == 200


def test_a_compare_within_the_budget_answers_as_before_and_gives_its_memory_back(server):
    a, b = zoom_push(server), zoom_push(server, duration=0.5)
    scenario = server.get(f"/v1/sessions/{b}/scenario").json()
    before = memory_used(server)
    times = frames(31)
    by_session = server.post("/v1/compare", {"a": {"session": a}, "b": {"session": b}, "times": times})
    by_scenario = server.post("/v1/compare", {"a": {"session": a}, "b": {"scenario": scenario}, "times": times})
    assert by_session.status_code == 200 and by_session.content == by_scenario.content, by_scenario.text
    # The replayed session and the frames are counted while the comparison runs, then given back.
    assert memory_used(server) == before
    report = by_session.json()
    # As b compared with a's frames as /snapshots answers them.
    batch = server.get(f"/v1/sessions/{a}/snapshots?from=0&to=0.5&fps=60&flat=true").json()
    assert len(batch["snapshots"]) == 31
    assert server.post(f"/v1/sessions/{b}/compare", {"expected": batch}).json() == report
    assert report["match"] is False and report["compared"]["frames"] == 31
    assert (report["first"]["view"], report["first"]["property"]) == ("t1.image", "windowFrame.width")


def test_a_scenario_replayed_for_a_comparison_is_a_creation_for_the_memory_budget():
    server = Server("--max-memory", "1M")
    try:
        sid, _ = list_session(server, 100)
        scenario = server.get(f"/v1/sessions/{sid}/scenario").json()
        body = {"a": {"scenario": scenario}, "b": {"session": sid}, "times": frames(2)}
        assert server.post("/v1/compare", body).status_code == 200
        for i in range(100):  # fill the budget: 500-view pushes until a change is refused
            r = server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "animated": False,
                                                             "viewController": {"id": f"c{i}", "view": views(f"p{i}", 500)}})
            if r.status_code == 507:
                break
            assert r.status_code == 200, r.text
        else:
            raise AssertionError("the budget never filled")
        problem = assert_problem(server.post("/v1/compare", body), 507, "memory-budget-exhausted")
        assert problem["limit"] == 1 << 20
        # Reads that hold no more than a frame go on.
        assert server.get(f"/v1/sessions/{sid}/snapshot?flat=true").status_code == 200
    finally:
        assert server.stop() == 0


def test_costly_comparisons_beyond_half_the_workers_are_busy_at_once():
    """With 2 worker threads one costly series computes at a time. Each run of these comparisons
    is 30 frames of 255 views, 7,650, not costly alone; together 15,300, costly: others asked
    meanwhile get a 503 `busy` with Retry-After at once."""
    server = Server("--threads", "2")
    try:
        sid, window = list_session(server)
        assert 30 * window < LIMIT // 2 <= 60 * window
        body = {"a": {"session": sid}, "b": {"session": sid}, "times": frames(30)}
        assert_some_refused_busy(lambda: requests.post(server.base_url + "/v1/compare", json=body, timeout=120), clients=4, what="comparison")
    finally:
        assert server.stop() == 0


def test_the_commands_refuse_huge_input_naming_the_bound(server, tmp_path):
    """`transition-sim golden` and `check` run locally with the service's bounds: frames past the
    work budget, a file of too many JSON values or too many bytes exit 2 with the bound named."""
    sid, window = list_session(server)
    (tmp_path / "list.scenario.json").write_text(server.get(f"/v1/sessions/{sid}/scenario").text)

    def run(*arguments):
        return subprocess.run([BINARY, *arguments], cwd=tmp_path, capture_output=True, text=True, timeout=120)

    done = run("golden", "list.scenario.json", "--from", "0", "--to", "3.9833", "--fps", "60", "-o", "list.golden.json")
    weighed = LIMIT // window + 1
    assert done.returncode == 2 and f"the earliest {weighed} of the 239 frames asked hold {weighed * window} views" in done.stderr, done
    assert not (tmp_path / "list.golden.json").exists()
    # A golden the service writes within the work budget is checked: 90 frames of this window hold
    # more than the 500,000 values a compare body may give, not more than the budget's views.
    (tmp_path / "list.golden.json").write_bytes(server.get(f"/v1/sessions/{sid}/golden?from=0&to=1.485&fps=60", timeout=60).content)
    done = run("check", "list.golden.json")
    assert done.returncode == 0 and f"in {90 * window} views of 90 frames" in done.stdout, done
    values = int(re.search(r"of (\d+) values", done.stdout).group(1))
    assert values > 500_000, values
    (tmp_path / "values.golden.json").write_text("[" + ",".join(["0"] * 5_000_001) + "]")
    done = run("check", "values.golden.json")
    assert done.returncode == 2 and "more than the limit of 5000000 values" in done.stdout, done
    with open(tmp_path / "large.golden.json", "wb") as f:
        f.truncate((64 << 20) + 1)
    done = run("check", "large.golden.json")
    assert done.returncode == 2 and "larger than 64 MiB" in done.stdout + done.stderr, done
