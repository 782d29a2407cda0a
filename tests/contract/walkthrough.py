"""The README walkthrough over raw HTTP, reduced to the report the generated-client programs print.

tests/contract/clients/{typescript,java} run the same steps through a generated client's typed
API and print the values they read as one JSON report; `reference_report` makes that report from
the server's own JSON, so a test compares what the typed models read with what the server said
(the same requests give the same bytes, so a fresh session answers the same).
"""
import copy
import importlib.util
import json
import math
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = ROOT / "openapi.yaml"
# tests/e2e/conftest.py's Server: the real binary on a free loopback port.
_spec = importlib.util.spec_from_file_location("e2e_conftest", ROOT / "tests" / "e2e" / "conftest.py")
e2e = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(e2e)
# The README's scene and detail controller, shared with the e2e and Swift tests; the detail's
# image also rounds its top corners, named in reverse order, so that a CornerMask goes out and
# comes back (in CACornerMask's bit order) through each client.
_THINGS = json.loads((ROOT / "tests" / "fixtures" / "things.json").read_text())
DETAIL = copy.deepcopy(_THINGS["detail"])
DETAIL["view"]["children"][0].update(cornerRadius=12, maskedCorners=["maxXMinY", "minXMinY"])


def _zoom(source, target):
    return {"name": "zoom", "sourceView": source, "targetView": target}


def _gesture(phase, at, x, velocity=None):
    sample = {"type": "gesture", "recognizer": "edgePan", "phase": phase, "at": at, "translation": {"x": x, "y": 0}}
    if velocity is not None:
        sample["velocity"] = velocity
    return sample


def _rect(r):
    return [r["x"], r["y"], r["width"], r["height"]]


def reference_report(server):
    """The walkthrough's report, read from raw JSON (server: tests/e2e/conftest.py's Server)."""
    report = {}
    created = server.post("/v1/sessions", _THINGS["scene"])
    state = created.json()
    sid = state["id"]
    report["created"] = [created.status_code, created.headers["Location"] == f"/v1/sessions/{sid}",
                         state["controllers"]["type"], state["controllers"]["topViewController"]]
    actions = f"/v1/sessions/{sid}/actions"

    pushed = server.post(actions, {"type": "push", "viewController": DETAIL,
                                   "animator": _zoom("cell-3/image", "image")}).json()
    report["push"] = [pushed["applied"], pushed["transition"]["operation"], pushed["transition"]["animator"],
                      [e["seq"] for e in pushed["events"]]]
    series = server.get(f"/v1/sessions/{sid}/snapshots", params={"t": "0,0.1,0.2,0.3"}).json()["snapshots"]
    report["series"] = [[s["time"], s["transition"]["percentComplete"], s["root"]["id"]] for s in series]

    flat = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 0.15, "flat": "true", "precision": 2}).json()
    report["flat"] = [[v["parent"] or "", v["id"], _rect(v["windowFrame"]), v["alpha"],
                       [v["transform"][k] for k in ("a", "b", "c", "d", "tx", "ty")], v.get("maskedCorners", "all")]
                      for v in flat["views"]]
    report["clock"] = server.post(f"/v1/sessions/{sid}/clock", {"by": 1}).json()["time"]

    report["pop"] = server.post(actions, [
        {"type": "pop", "interactive": True, "animator": _zoom("image", "cell-3/image")},
        {"type": "update", "percent": 0.3, "at": 1.1},
        {"type": "cancel", "at": 1.2}]).json()["applied"]
    scrub = server.get(f"/v1/sessions/{sid}/snapshots", params={"from": 1, "to": 1.3, "fps": 20}).json()["snapshots"]
    report["scrub"] = [[s["time"], s["transition"]["phase"] or "",
                        -1 if s["transition"]["percentComplete"] is None else s["transition"]["percentComplete"]]
                       for s in scrub]

    server.post(actions, [_gesture("began", 2.0, 0), _gesture("changed", 2.05, 96),
                          _gesture("ended", 2.1, 200, {"x": 300, "y": 0})])
    gesture = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 2.2}).json()["transition"]["gesture"]
    report["gesture"] = [gesture["decision"], gesture["progress"]]
    server.post(f"/v1/sessions/{sid}/clock", {"to": 3})

    events = server.get(f"/v1/sessions/{sid}/events", params={"type": "completeTransition"}).json()
    report["completions"] = [[[e["seq"], e["time"], e["didComplete"]] for e in events["events"]], events["lastSeq"]]
    report["after"] = len(server.get(f"/v1/sessions/{sid}/events", params={"after": 9_000_000_000}).json()["events"])
    state = server.get(f"/v1/sessions/{sid}").json()
    report["state"] = [state["controllers"]["topViewController"], state["eventCount"]]

    scenario = server.get(f"/v1/sessions/{sid}/scenario").json()
    changes = [["clock", c["clock"]] if "clock" in c else ["action", c["action"]["type"]] for c in scenario["changes"]]
    report["scenario"] = [scenario["version"], scenario["session"]["screen"]["width"],
                          len(scenario["session"]["root"]["viewControllers"]), changes]

    deleted = server.request("DELETE", f"/v1/sessions/{sid}").status_code
    report["deleted"] = [deleted, server.get(f"/v1/sessions/{sid}").status_code]
    return report


def assert_same_report(got, expected):
    """Member by member, so a failure names the step; numbers equal to the last bit (both sides
    print the server's shortest decimals), ints and floats compared as numbers."""
    assert list(got) == list(expected), (list(got), list(expected))
    for key in expected:
        assert _same(got[key], expected[key]), f"{key}: typed client read {got[key]!r}, raw JSON says {expected[key]!r}"


def _same(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b and not (isinstance(a, float) and math.isnan(a))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b
