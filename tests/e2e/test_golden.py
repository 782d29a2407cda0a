"""Golden checks (issue 32, docs/golden.md) against the real binary: a session compared with
expected frames, and two runs compared, over HTTP; golden files written and checked by the
command, with no server."""
import json
import resource
import signal
import subprocess

import pytest

from conftest import BINARY
from test_api import DETAIL, assert_problem, create

ZOOM = {"name": "zoom", "sourceView": "cell-3/image", "targetView": "image"}


def zoom_push(server, **parameters):
    """The README's zoom push, with the animator's parameters changed by `parameters`."""
    sid = create(server)
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL, "animator": {**ZOOM, **parameters}})
    assert r.status_code == 200, r.text
    return sid


def compare(server, sid, body):
    r = server.post(f"/v1/sessions/{sid}/compare", body)
    assert r.status_code == 200, r.text
    return r.json()


def test_a_session_matches_its_own_snapshots(server):
    sid = zoom_push(server)
    for form in ["flat=true", "flat=false", "changes=true"]:
        batch = server.get(f"/v1/sessions/{sid}/snapshots?from=0&to=0.5&fps=30&{form}").json()
        report = compare(server, sid, {"expected": batch})
        assert report["match"] is True and report["divergences"] == 0
        assert report["compared"]["frames"] == 16 and report["compared"]["values"] > 4000
        assert report["first"] is None and report["worst"] is None


def test_a_large_title_session_matches_its_own_snapshots(server):
    """A large-title bar's labels carry `fontSize`: compared (exactly), not refused or left out."""
    scene = {"screen": {"width": 320, "height": 568, "scale": 2, "iOS": 17}, "root": {"type": "navigation", "id": "nav", "prefersLargeTitles": True,
             "viewControllers": [{"id": "things", "title": "Settings", "view": {"id": "root", "kind": "scrollView"}}]}}
    sid = create(server, scene)
    assert server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": {"id": "wifi", "title": "Wi-Fi"}}).status_code == 200
    for form in ["flat=true", "flat=false", "changes=true"]:
        batch = server.get(f"/v1/sessions/{sid}/snapshots?from=0&to=0.3&fps=30&{form}").json()
        report = compare(server, sid, {"expected": batch})
        assert report["match"] is True and report["divergences"] == 0, report
    title = {"frames": [{"time": 0, "views": [{"id": "nav.largeTitle", "fontSize": 33}]}]}
    first = compare(server, sid, {"expected": title})["first"]
    assert (first["property"], first["expected"], first["actual"], first["tolerance"]) == ("fontSize", 33, 34, 0)


def test_a_longer_zoom_diverges_first_at_the_image_views_width(server):
    reference = zoom_push(server)
    batch = server.get(f"/v1/sessions/{reference}/snapshots?from=0&to=0.5&fps=30&flat=true").json()
    slower = zoom_push(server, duration=0.5)
    report = compare(server, slower, {"expected": batch})
    changes = server.get(f"/v1/sessions/{reference}/snapshots?from=0&to=0.5&fps=30&changes=true").json()
    assert compare(server, slower, {"expected": changes}) == report, "a change-only batch stands for the same frames"
    assert report["match"] is False
    first = report["first"]
    # The image flying from the cell to the detail (the zoom's snapshot of the cell's image).
    assert first["view"] == "t1.image" and first["property"] == "windowFrame.width"
    assert first["time"] == 1 / 30 and first["tolerance"] == 0.5
    assert first["difference"] == abs(first["expected"] - first["actual"]) > 0.5
    assert report["worst"]["difference"] >= first["difference"]
    assert report["byProperty"]["windowFrame.width"]["divergences"] >= 1


def test_tolerance_and_budget_edges(server):
    sid = zoom_push(server)
    shot = server.get(f"/v1/sessions/{sid}/snapshot?t=0.1&flat=true").json()
    image = next(v for v in shot["views"] if v["id"] == "t1.image")
    width = image["windowFrame"]["width"]

    def frames(dw, alpha=None):
        view = {"id": "t1.image", "windowFrame": {"width": width + dw}}
        if alpha is not None:
            view["alpha"] = alpha
        return {"frames": [{"time": 0.1, "views": [view]}]}

    assert compare(server, sid, {"expected": frames(0.25), "tolerance": {"position": 0.25}})["match"] is True
    outside = compare(server, sid, {"expected": frames(0.25), "tolerance": {"position": 0.24}})
    assert outside["match"] is False and outside["first"]["tolerance"] == 0.24
    assert compare(server, sid, {"expected": frames(1), "budget": 1})["match"] is True
    two = compare(server, sid, {"expected": frames(1, alpha=image["alpha"] - 0.5), "budget": 1})
    assert two["match"] is False and two["divergences"] == 2


def test_views_are_matched_by_path_and_by_id(server):
    sid = zoom_push(server)
    by_path = {"frames": [{"time": 0.3, "views": [{"viewController": "detail", "path": "image", "windowFrame": {"x": 20, "y": 84, "width": 280, "height": 280}}]}]}
    assert compare(server, sid, {"expected": by_path})["match"] is True
    by_id = {"frames": [{"time": 0.3, "views": [{"id": "nav.navigationBar", "alpha": 1}]}]}
    assert compare(server, sid, {"expected": by_id})["compared"]["views"] == 1
    # "image" names the cell's image and the detail's: a path is needed.
    body = assert_problem(server.post(f"/v1/sessions/{sid}/compare", {"expected": {"frames": [{"time": 0.1, "views": [{"id": "image", "alpha": 1}]}]}}),
                          422, "invalid-request")
    assert body["pointer"] == "/expected/frames/0/views/0"


def test_missing_and_unexpected_views(server):
    sid = zoom_push(server)
    missing = compare(server, sid, {"expected": {"frames": [{"time": 0.1, "views": [{"viewController": "detail", "path": "ghost", "alpha": 1}]}]}})
    assert missing["first"]["kind"] == "missing" and missing["first"]["path"] == "ghost"
    batch = server.get(f"/v1/sessions/{sid}/snapshots?t=0.1&flat=true").json()
    batch["snapshots"][0]["views"] = [v for v in batch["snapshots"][0]["views"] if v["id"] != "t1.image"]
    unexpected = compare(server, sid, {"expected": batch})
    assert unexpected["divergences"] == 1 and unexpected["first"]["kind"] == "unexpected" and unexpected["first"]["view"] == "t1.image"


def test_bad_bodies_are_problems_at_their_pointer(server):
    sid = zoom_push(server)
    frame = {"time": 0, "views": []}
    for body, pointer in [({"expected": {"frames": [frame]}, "tolerance": {"position": -1}}, "/tolerance/position"),
                          ({"expected": {"frames": [frame]}, "properties": ["opacity"]}, "/properties/0"),
                          ({"expected": {"frames": [{"time": 0, "views": [{"id": "root", "opacity": 1}]}]}}, "/expected/frames/0/views/0/opacity"),
                          ({"expected": {"frames": [{"time": "0", "views": []}]}}, "/expected/frames/0/time"),
                          ({"expected": {"frames": [frame] * 241}}, "/expected/frames"),
                          ({"expected": {"format": "changes/2", "snapshots": [frame]}}, "/expected/format"),
                          ({"expected": {"format": "changes/1", "snapshots": [frame, {"time": 0.1, "removed": [0]}]}}, "/expected/snapshots/1/removed")]:
        problem = assert_problem(server.post(f"/v1/sessions/{sid}/compare", body), 422, "invalid-request")
        assert problem["pointer"] == pointer, problem
    assert_problem(server.post("/v1/sessions/nope/compare", {"expected": {"frames": [frame]}}), 404, "not-found")


def test_two_runs_compare_and_a_scenario_replays_in_process(server):
    a, b = zoom_push(server), zoom_push(server)
    times = {"from": 0, "to": 0.5, "fps": 30}
    same = server.post("/v1/compare", {"a": {"session": a}, "b": {"session": b}, "times": times})
    assert same.status_code == 200 and same.json()["match"] is True, same.text
    scenario = server.get(f"/v1/sessions/{a}/scenario").json()
    longer = server.get(f"/v1/sessions/{zoom_push(server, duration=0.5)}/scenario").json()
    changed = server.post("/v1/compare", {"a": {"scenario": scenario}, "b": {"scenario": longer}, "times": times, "properties": ["windowFrame"]})
    assert changed.status_code == 200, changed.text
    first = changed.json()["first"]
    assert (first["view"], first["property"], first["time"]) == ("t1.image", "windowFrame.width", 1 / 30)
    assert_problem(server.post("/v1/compare", {"a": {"session": a}, "b": {"session": "nope"}, "times": times}), 404, "not-found")
    problem = assert_problem(server.post("/v1/compare", {"a": {"session": a}, "b": {"scenario": {"version": 1}}, "times": times}), 422, "invalid-request")
    assert problem["pointer"] == "/b/scenario/session"


def run(*arguments, cwd):
    return subprocess.run([BINARY, *arguments], cwd=cwd, capture_output=True, text=True, timeout=60)


def test_the_command_stores_a_golden_and_exits_1_on_a_longer_zoom(server, tmp_path):
    """The issue's "done when": a golden of the README's zoom push, the zoom's duration changed
    in its scenario, exit 1 with the first divergence naming the image view, windowFrame.width,
    the time and the difference."""
    sid = zoom_push(server)
    (tmp_path / "zoom.scenario.json").write_bytes(server.get(f"/v1/sessions/{sid}/scenario").content)
    made = run("golden", "zoom.scenario.json", "--from", "0", "--to", "0.5", "--fps", "30", "-o", "zoom.golden.json", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    golden = (tmp_path / "zoom.golden.json").read_bytes()
    assert golden == server.get(f"/v1/sessions/{sid}/golden?from=0&to=0.5&fps=30").content, "the route answers the command's file"

    clean = run("check", "zoom.golden.json", cwd=tmp_path)
    assert clean.returncode == 0 and clean.stdout.startswith("zoom.golden.json: match: 0 divergent of "), clean.stdout

    changed = golden.replace(b'"name":"zoom"', b'"duration":0.5,"name":"zoom"')
    assert changed != golden
    (tmp_path / "zoom.golden.json").write_bytes(changed)
    diverges = run("check", "zoom.golden.json", "--report", "report.json", cwd=tmp_path)
    assert diverges.returncode == 1
    first_line, summary = diverges.stdout.splitlines()
    assert first_line.startswith("zoom.golden.json: first divergence: t=0.03333333333333333 t1.image (t1.image) windowFrame.width: expected ")
    assert "(difference " in first_line and ", tolerance 0.5)" in first_line
    assert summary.startswith("zoom.golden.json: DIVERGES: ")
    report = json.loads((tmp_path / "report.json").read_text())
    first = report["first"]
    assert (first["view"], first["property"], first["time"]) == ("t1.image", "windowFrame.width", 1 / 30)
    assert first["difference"] == abs(first["expected"] - first["actual"]) and report["match"] is False

    # The same over HTTP: the changed scenario's session against the golden's frames.
    expected = json.loads(golden)["expected"]
    report = compare(server, zoom_push(server, duration=0.5), {"expected": expected})
    assert report["first"] == {**first, "frame": 1}


def test_update_rewrites_the_expected_frames_byte_for_byte(server, tmp_path):
    sid = zoom_push(server)
    golden = server.get(f"/v1/sessions/{sid}/golden?t=0,0.1,0.2").content
    changed = golden.replace(b'"name":"zoom"', b'"duration":0.5,"name":"zoom"')
    (tmp_path / "a.json").write_bytes(changed)
    (tmp_path / "b.json").write_bytes(changed)
    assert run("check", "a.json", "--update", cwd=tmp_path).returncode == 0
    assert run("check", "b.json", "--update", cwd=tmp_path).returncode == 0
    updated = (tmp_path / "a.json").read_bytes()
    assert updated == (tmp_path / "b.json").read_bytes() != changed
    assert run("check", "a.json", cwd=tmp_path).returncode == 0
    assert run("check", "a.json", "--update", cwd=tmp_path).returncode == 0
    assert (tmp_path / "a.json").read_bytes() == updated, "an update of an updated file changes nothing"
    slower = zoom_push(server, duration=0.5)
    assert updated == server.get(f"/v1/sessions/{slower}/golden?t=0,0.1,0.2").content


def test_bad_files_and_arguments_exit_2_naming_the_member(server, tmp_path):
    golden = json.loads(server.get(f"/v1/sessions/{zoom_push(server)}/golden?t=0,0.1").content)
    golden["tolerance"]["alpha"] = -1
    (tmp_path / "bad.json").write_text(json.dumps(golden))
    bad = run("check", "bad.json", cwd=tmp_path)
    assert bad.returncode == 2 and bad.stdout == "bad.json: /tolerance/alpha: a tolerance is a number from 0 to 1000000\n"
    del golden["scenario"]
    (tmp_path / "bad.json").write_text(json.dumps(golden))
    assert "/scenario: is required" in run("check", "bad.json", cwd=tmp_path).stdout
    for arguments in [["check"], ["check", "missing.json"], ["check", "bad.json", "--tolerance"], ["check", "bad.json", "--colour"],
                      ["golden", "bad.json"], ["golden", "bad.json", "-o", "x.json", "--from", "1", "--to", "0"]]:
        result = run(*arguments, cwd=tmp_path)
        assert result.returncode == 2 and result.stderr.startswith("transition-sim: ") and "usage:" in result.stderr, (arguments, result.stderr)
    (tmp_path / "scenario.json").write_text('{"version": 1, "session": {}, "changes": [{"clock": -1}]}')
    broken = run("golden", "scenario.json", "--t", "0", "-o", "x.json", cwd=tmp_path)
    assert broken.returncode == 2 and "/changes/0/clock" in broken.stderr


def test_the_golden_route_takes_the_series_parameters(server):
    sid = zoom_push(server)
    golden = server.get(f"/v1/sessions/{sid}/golden?t=0,0.1")
    assert golden.status_code == 200 and golden.headers["Content-Type"].startswith("application/json")
    document = golden.json()
    assert sorted(document) == ["budget", "expected", "scenario", "tolerance", "version"]
    assert [f["time"] for f in document["expected"]["snapshots"]] == [0, 0.1]
    assert document["tolerance"] == {"alpha": 0.01, "position": 0.5, "time": 0, "transform": 1e-06}
    assert_problem(server.get(f"/v1/sessions/{sid}/golden"), 422, "invalid-request")
    assert_problem(server.get(f"/v1/sessions/{sid}/golden?t=0&flat=true"), 422, "invalid-request")


def test_the_first_divergence_drawn(server):
    batch = server.get(f"/v1/sessions/{zoom_push(server)}/snapshots?from=0&to=0.2&fps=30&flat=true").json()
    r = server.post(f"/v1/sessions/{zoom_push(server, duration=0.5)}/compare.svg", {"expected": batch})
    assert r.status_code == 200 and r.headers["Content-Type"] == "image/svg+xml"
    assert r.text.count('<rect class="divergence"') == 2 and "t1.image · windowFrame.width" in r.text


def scenario_file(server, tmp_path):
    (tmp_path / "s.json").write_bytes(server.get(f"/v1/sessions/{zoom_push(server)}/scenario").content)


@pytest.mark.parametrize("times", [
    ["--from", "0", "--to", "1e19", "--fps", "1"],  # a frame count past Int: SIGILL before the check
    ["--from", "0", "--to", "1e19"],
    ["--from", "0", "--to", "20000000"],
    ["--from", "-1", "--to", "0"],
    ["--from", "nan", "--to", "0"],
    ["--from", "0", "--to", "inf"],
    ["--from", "0", "--to", "10000000", "--fps", "1000"],
    ["--from", "0", "--to", "1", "--fps", "0"],
    ["--from", "0", "--to", "1", "--fps", "1e9"],
    ["--from", "0", "--to", "1", "--fps", "nan"],
    ["--from", "0", "--to", "1", "--fps", "-30"],
    ["--t", "2e7"],  # a golden `check` would refuse (its times are 0 to 1e7 s)
    ["--t", "0,,1"],
    ["--t", "-0.5"],
    ["--t", "inf"],
    ["--t", ",".join(["0"] * 241)],
])
def test_numeric_flags_out_of_range_exit_2_and_write_nothing(server, tmp_path, times):
    scenario_file(server, tmp_path)
    result = run("golden", "s.json", *times, "-o", "g.json", cwd=tmp_path)
    assert result.returncode == 2, (times, result.returncode, result.stderr)
    assert result.stderr.startswith("transition-sim: ") and "usage:" in result.stderr
    assert not (tmp_path / "g.json").exists()


def test_fps_is_optional_at_60_and_the_latest_time_makes_a_golden_check_reads(server, tmp_path):
    scenario_file(server, tmp_path)
    made = run("golden", "s.json", "--from", "0", "--to", "0.1", "-o", "g.json", cwd=tmp_path)
    assert made.returncode == 0 and made.stdout == "g.json: 7 frames of s.json\n", made.stdout + made.stderr
    frames = json.loads((tmp_path / "g.json").read_text())["expected"]["snapshots"]
    assert [f["time"] for f in frames] == [i / 60 for i in range(7)]
    assert run("golden", "s.json", "--t", "0,10000000", "-o", "late.json", cwd=tmp_path).returncode == 0
    assert run("check", "late.json", cwd=tmp_path).returncode == 0


def test_update_and_report_replace_a_link_never_its_target(server, tmp_path):
    golden = server.get(f"/v1/sessions/{zoom_push(server)}/golden?t=0,0.1").content
    (tmp_path / "real.json").write_bytes(golden.replace(b'"name":"zoom"', b'"duration":0.5,"name":"zoom"'))
    (tmp_path / "golden.json").symlink_to("real.json")
    (tmp_path / "secret.txt").write_text("keep me\n")
    (tmp_path / "report.json").symlink_to("secret.txt")
    assert run("check", "golden.json", "--report", "report.json", cwd=tmp_path).returncode == 1
    assert (tmp_path / "secret.txt").read_text() == "keep me\n"
    assert not (tmp_path / "report.json").is_symlink() and json.loads((tmp_path / "report.json").read_text())["match"] is False
    before = (tmp_path / "real.json").read_bytes()
    assert run("check", "golden.json", "--update", cwd=tmp_path).returncode == 0
    assert (tmp_path / "real.json").read_bytes() == before
    assert not (tmp_path / "golden.json").is_symlink() and run("check", "golden.json", cwd=tmp_path).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["golden.json", "real.json", "report.json", "secret.txt"], "no temporary file left"


def test_a_write_cut_short_leaves_the_former_file(server, tmp_path):
    """A file size limit (RLIMIT_FSIZE) stops the rewrite: exit 2, the golden as it was."""
    golden = server.get(f"/v1/sessions/{zoom_push(server)}/golden?t=0,0.1").content
    changed = golden.replace(b'"name":"zoom"', b'"duration":0.5,"name":"zoom"')
    (tmp_path / "g.json").write_bytes(changed)

    def limited():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of the signal
        resource.setrlimit(resource.RLIMIT_FSIZE, (len(changed) // 2, len(changed) // 2))
    result = subprocess.run([BINARY, "check", "g.json", "--update"], cwd=tmp_path, capture_output=True, text=True, timeout=60, preexec_fn=limited)
    assert result.returncode == 2 and "cannot write g.json" in result.stderr, result.stderr
    assert (tmp_path / "g.json").read_bytes() == changed
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


def test_what_a_file_brings_is_printed_escaped(server, tmp_path):
    """An id holding an escape sequence or a line break reaches the terminal as `\\u001b`, `\\n`."""
    golden = json.loads(server.get(f"/v1/sessions/{zoom_push(server)}/golden?t=0").content)
    hostile = "x\u001b]0;owned\u0007\u202e\ny"
    golden["expected"]["snapshots"][0]["views"].append({"id": hostile, "alpha": 1})
    (tmp_path / "g.json").write_text(json.dumps(golden))
    result = run("check", "g.json", cwd=tmp_path)
    assert result.returncode == 1
    first = result.stdout.splitlines()[0]
    assert "x\\u001b]0;owned\\u0007\\u202e\\ny" in first and "\u001b" not in result.stdout and "\u202e" not in result.stdout, first
    assert len(result.stdout.splitlines()) == 2
    name = "a\u001b[2Jb.json"
    missing = run("check", name, cwd=tmp_path)
    assert missing.returncode == 2 and "a\\u001b[2Jb.json" in missing.stderr and "\u001b" not in missing.stderr
