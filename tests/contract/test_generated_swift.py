"""A Swift client generated from openapi.yaml by Apple's swift-openapi-generator runs the README
walkthrough.

As a harness would: clients/swift is a package of its own whose library `TransitionSimClient` is
generated at build time by the generator's build plugin from a symlink to the repository's
openapi.yaml (nothing generated is committed); its executable `transition-sim-walkthrough` runs
the walkthrough through the generated `Client` over async-http-client against the real binary and
prints the values it read as one JSON report, which must equal the same walkthrough over raw HTTP
(walkthrough.py), plus what the other clients' report leaves out: a snapshot as a tree, as SVG
and as a drawn filmstrip, a change-only batch, and a golden comparison that matches and one that
diverges. A first build compiles the generator (OpenAPIKit, Yams) and async-http-client (SwiftNIO):
minutes on two cores; scripts/test runs it as its own step.
"""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from walkthrough import CONTRACT, DETAIL, _THINGS, _rect, _zoom, assert_same_report, e2e, reference_report

PACKAGE = Path(__file__).resolve().parents[2] / "clients" / "swift"
PRODUCT = "TransitionSimWalkthrough"


def extras_report(server):
    """What the Swift program reads beyond the shared walkthrough, from raw JSON: a fresh session
    with the README's scene and zoom push (the same requests give the same bytes)."""
    report = {}
    sid = server.post("/v1/sessions", _THINGS["scene"]).json()["id"]
    server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL,
                                               "animator": _zoom("cell-3/image", "image")})

    def nodes(view):
        yield [view["viewController"] or "", view["path"], view["kind"], view.get("role", ""),
               _rect(view["windowFrame"]), view["alpha"], len(view["children"])]
        for child in view["children"]:
            yield from nodes(child)

    tree = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 0.15}).json()
    report["tree"] = [tree["time"], tree["transition"]["phase"], list(nodes(tree["root"]))]

    svg = server.get(f"/v1/sessions/{sid}/snapshot.svg", params={"t": 0.15})
    strip = server.get(f"/v1/sessions/{sid}/filmstrip.svg", params={"t": "0,0.1,0.2,0.3"})
    report["svg"] = [svg.headers["Content-Type"], svg.text, strip.headers["Content-Type"], strip.text]

    batch = server.get(f"/v1/sessions/{sid}/snapshots", params={"t": "0,0.1,0.2,0.3", "changes": "true"}).json()
    first, *later = batch["snapshots"]
    report["changes"] = [batch["format"], first["time"], [v["id"] for v in first["views"]],
                         [[c["time"], sorted(c.get("set", {})), c.get("unset", []), c.get("removed", []),
                           [a[0] for a in c.get("added", [])], sorted(c.get("viewSet", {}))] for c in later]]

    def compared(body):
        r = server.post(f"/v1/sessions/{sid}/compare", body).json()
        first = r["first"] or {}
        return [r["match"], [r["compared"][k] for k in ("frames", "views", "values")], r["divergences"], r["budget"],
                [first.get(k) for k in ("kind", "frame", "time", "view", "viewController", "path", "property",
                                        "difference", "tolerance")],
                [[p, d["divergences"], d["largest"]] for p, d in sorted(r["byProperty"].items())],
                r["divergentTimes"]]

    # The detail image where the push leaves it, then (wrongly) as narrow as the cell's, with one
    # divergence allowed.
    image = {"viewController": "detail", "path": "image", "windowFrame": {"x": 20, "y": 84, "width": 280, "height": 280}}
    narrow = {"viewController": "detail", "path": "image", "windowFrame": {"width": 100}}
    report["compare"] = [compared({"expected": {"frames": [{"time": 1, "views": [image]}]}}),
                         compared({"expected": {"frames": [{"time": 1, "views": [narrow]}]}, "budget": 1})]
    server.request("DELETE", f"/v1/sessions/{sid}")
    return report


@pytest.fixture(scope="module")
def program():
    """The walkthrough program, built once (SwiftPM's own build folder in clients/swift/.build
    keeps the generator and async-http-client for the next run)."""
    if shutil.which("swift") is None:
        pytest.fail("swift is not on PATH (the Swift 6 toolchain is needed)")
    build = ["swift", "build", "--package-path", str(PACKAGE), "--product", PRODUCT]
    result = subprocess.run(build, capture_output=True, text=True, timeout=3600)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-6000:]
    path = subprocess.run([*build, "--show-bin-path"], capture_output=True, text=True, timeout=600, check=True)
    return Path(path.stdout.strip()) / PRODUCT


@pytest.fixture(scope="module")
def server():
    s = e2e.Server()
    yield s
    assert s.stop() == 0


def test_the_client_is_generated_from_the_repositorys_contract():
    """The target's openapi.yaml is a link to the one document, not a copy that could drift."""
    document = PACKAGE / "Sources" / "TransitionSimClient" / "openapi.yaml"
    assert document.is_symlink() and not os.path.isabs(os.readlink(document))
    assert document.resolve() == CONTRACT.resolve()


def test_swift_client_runs_the_readme_walkthrough(program, server):
    result = subprocess.run([str(program), server.base_url], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-6000:]
    expected = reference_report(server) | extras_report(server)
    assert_same_report(json.loads(result.stdout), expected)
