"""A client generated from openapi.yaml runs the README's walkthrough with typed models.

As a user would: `openapi-python-client generate` on the contract, one hand patch for the
generator's own bug (below), then create, zoom push, snapshots, interactive pop, gesture, events
and delete through the generated functions against the real binary (tests/e2e/conftest.py's
Server). `openapi-generator-cli validate` checks the document as the Java generators read it.
"""
import importlib
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = ROOT / "openapi.yaml"

_spec = importlib.util.spec_from_file_location("e2e_conftest", ROOT / "tests" / "e2e" / "conftest.py")
e2e = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(e2e)


def patch_from_dict_shadowing(models: Path):
    """openapi-python-client 0.29's `from_dict` keeps the incoming members in a local named `d`;
    a model with a member `d` (AffineTransform: a, b, c, d, tx, ty) assigns that member to `d`
    and then calls `d.pop` on a float. Rename the local, as a user of the client would."""
    patched = []
    for path in models.glob("*.py"):
        text = path.read_text()
        if not re.search(r'^        d = d\.pop\("d"\)$', text, re.M):
            continue
        head, sep, rest = text.partition("    def from_dict(")
        rest = rest.replace("        d = dict(src_dict)\n", "        src = dict(src_dict)\n")
        rest = re.sub(r"\bd\.pop\(", "src.pop(", rest)
        path.write_text(head + sep + rest)
        patched.append(path.name)
    return patched


@pytest.fixture(scope="module")
def client_package(tmp_path_factory):
    if shutil.which("openapi-python-client") is None:
        pytest.fail("openapi-python-client is not installed (tests/requirements.txt)")
    out = tmp_path_factory.mktemp("client") / "transition_sim_client"
    result = subprocess.run(
        ["openapi-python-client", "generate", "--path", str(CONTRACT), "--meta", "none", "--output-path", str(out)],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    # The only warning allowed: the YAML answer of GET /openapi.yaml, a media type it does not read.
    warnings = re.findall(r"^WARNING parsing (.*) within", result.stdout, re.M)
    assert warnings in ([], ["GET /openapi.yaml"]), result.stdout
    assert patch_from_dict_shadowing(out / "models") == ["affine_transform.py"]
    sys.path.insert(0, str(out.parent))
    try:
        yield importlib.import_module("transition_sim_client")
    finally:
        sys.path.remove(str(out.parent))


@pytest.fixture(scope="module")
def server():
    s = e2e.Server()
    yield s
    assert s.stop() == 0


def test_openapi_generator_validates_the_contract():
    if shutil.which("openapi-generator-cli") is None:
        pytest.fail("openapi-generator-cli is not installed (tests/requirements.txt)")
    result = subprocess.run(["openapi-generator-cli", "validate", "-i", str(CONTRACT)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0 and "No validation issues detected" in result.stdout, result.stdout + result.stderr


# The Java-based generators, as the README runs them: the request unions the issue found collapsed
# into one class needing every member (item 2) must stay unions. Kotlin's default (moshi) client
# has no oneOf support and merges them; its retrofit2/gson client wraps each (`actualInstance`).
# Swift's makes enums with one case per member. Generation only: compiling needs Gradle or Swift
# packages from the network.
JAVA_GENERATORS = {
    "kotlin": (["-g", "kotlin", "--library", "jvm-retrofit2",
                "--additional-properties", "serializationLibrary=gson,generateOneOfAnyOfWrappers=true"],
               "src/main/kotlin/org/openapitools/client/models/{}.kt", r"data class {}\(var actualInstance: Any\? = null\)"),
    "swift6": (["-g", "swift6"], "Sources/OpenAPIClient/Models/{}.swift", r"public enum {}: "),
}
UNIONS = ["Timing", "AnimatorChoice", "ActionRequest", "Action", "ControllerSpec", "Spring", "Step"]


@pytest.mark.parametrize("generator", sorted(JAVA_GENERATORS))
def test_java_generators_keep_the_unions(generator, tmp_path):
    if shutil.which("openapi-generator-cli") is None:
        pytest.fail("openapi-generator-cli is not installed (tests/requirements.txt)")
    options, model, union = JAVA_GENERATORS[generator]
    result = subprocess.run(["openapi-generator-cli", "generate", "-i", str(CONTRACT), *options, "-o", str(tmp_path)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr
    collapsed = [name for name in UNIONS
                 if not re.search(union.format(name), (tmp_path / model.format(name)).read_text())]
    assert collapsed == []


def test_readme_walkthrough_through_the_generated_client(client_package, server):
    from transition_sim_client import Client
    from transition_sim_client.api.sessions import (advance_clock, apply_actions, create_session, delete_session,
                                                    events, show_session)
    from transition_sim_client.api.snapshots import snapshot, snapshots
    from transition_sim_client.api.timing import sample_timing
    from transition_sim_client import models as m

    client = Client(base_url=server.base_url, raise_on_unexpected_status=True)

    # A 320×568 window with a navigation controller holding one controller with its view tree.
    def frame(x, y, w, h):
        return m.RectSpec(x=x, y=y, width=w, height=h)

    things = m.ViewControllerSpec(id="things", title="Things", view=m.ViewSpec(
        id="root", kind=m.ViewSpecKind.COLLECTION, children=[
            m.ViewSpec(id="cell-3", kind=m.ViewSpecKind.CELL, frame=frame(110, 80, 100, 120), children=[
                m.ViewSpec(id="image", kind=m.ViewSpecKind.IMAGEVIEW, image="thing-3", frame=frame(0, 0, 100, 100)),
                m.ViewSpec(id="label", kind=m.ViewSpecKind.LABEL, text="Thing 3", frame=frame(0, 100, 100, 20))])]))
    body = m.SessionCreate(
        screen=m.ScreenSize(width=320, height=568, scale=2),
        clock=m.SessionCreateClock.VIRTUAL,
        root=m.NavigationControllerSpec(type_=m.NavigationControllerSpecType.NAVIGATION, id="nav",
                                        view_controllers=[things]))
    created = create_session.sync_detailed(client=client, body=body)
    assert created.status_code == 201 and isinstance(created.parsed, m.SessionState)
    session = created.parsed.id
    assert created.headers["Location"] == f"/v1/sessions/{session}"
    assert isinstance(created.parsed.controllers, m.Controller) and created.parsed.controllers.type_ == m.ControllerType.NAVIGATION

    def zoom(source, target):
        choice = m.AnimatorWithParameters(name="zoom")
        choice["sourceView"] = source
        choice["targetView"] = target
        return choice

    # Push a detail controller with the zoom animator.
    detail = m.ViewControllerSpec(id="detail", view=m.ViewSpec(id="root", kind=m.ViewSpecKind.VIEW, children=[
        m.ViewSpec(id="image", kind=m.ViewSpecKind.IMAGEVIEW, image="thing-3", frame=frame(20, 84, 280, 280))]))
    pushed = apply_actions.sync(session, client=client, body=m.PushAction(
        type_=m.PushActionType.PUSH, view_controller=detail, animator=zoom("cell-3/image", "image")))
    assert isinstance(pushed, m.Outcome), pushed
    assert pushed.transition.operation == m.TransitionOperation.PUSH and pushed.transition.animator == "zoom"

    frames = snapshots.sync(session, client=client, t="0,0.1,0.2,0.3")
    assert isinstance(frames, m.SnapshotSeries) and [f.time for f in frames.snapshots] == [0, 0.1, 0.2, 0.3]
    assert all(isinstance(f.root, m.ViewNode) for f in frames.snapshots)
    flat = snapshot.sync(session, client=client, t=0.15, flat=True, precision=2)
    assert isinstance(flat, m.Snapshot) and all(isinstance(v, m.FlatView) for v in flat.views)
    transforms = [v.transform for v in flat.views]
    assert all(isinstance(t, m.AffineTransform) for t in transforms)  # the model the patch repairs
    assert isinstance(advance_clock.sync(session, client=client, body=m.ClockRequest(by=1)), m.Outcome)

    # An interactive pop, driven directly, then cancelled.
    popped = apply_actions.sync(session, client=client, body=[
        m.PopAction(type_=m.PopActionType.POP, interactive=True, animator=zoom("image", "cell-3/image")),
        m.UpdateAction(type_=m.UpdateActionType.UPDATE, percent=0.3, at=1.1),
        m.CancelAction(type_=m.CancelActionType.CANCEL, at=1.2)])
    assert isinstance(popped, m.Outcome) and popped.applied == 3
    scrubbed = snapshots.sync(session, client=client, from_=1, to=1.3, fps=20)
    assert len(scrubbed.snapshots) == 7

    # The same through gesture samples: an edge pan.
    def sample(phase, at, x, **extra):
        return m.GestureAction(type_=m.GestureActionType.GESTURE, recognizer=m.Recognizer.EDGEPAN, phase=phase, at=at,
                               translation=m.PointSpec(x=x, y=0), **extra)
    gestured = apply_actions.sync(session, client=client, body=[
        sample(m.GesturePhase.BEGAN, 2.0, 0),
        sample(m.GesturePhase.CHANGED, 2.05, 96),
        sample(m.GesturePhase.ENDED, 2.1, 200, velocity=m.PointSpec(x=300, y=0))])
    assert isinstance(gestured, m.Outcome)
    finishing = snapshot.sync(session, client=client, t=2.2)
    assert isinstance(finishing.transition.gesture, m.Gesture)
    # A nullable enum of its own (openapi.yaml's Gesture says why): compared by value.
    assert finishing.transition.gesture.decision == "finish"
    advance_clock.sync(session, client=client, body=m.ClockRequest(to=3))
    completions = events.sync(session, client=client, type_=m.EventType.COMPLETETRANSITION)
    assert isinstance(completions, m.EventsResponse200)
    assert all(isinstance(e, m.CompleteTransitionEvent) for e in completions.events)
    assert [e.did_complete for e in completions.events] == [True, False, True]
    state = show_session.sync(session, client=client)
    assert isinstance(state, m.SessionState) and state.controllers.top_view_controller == "things"

    # A timing sample, one of the request unions the issue found broken.
    sampled = sample_timing.sync(client=client, body=m.TimingSampleRequest(
        timing=m.SpringTiming(spring=m.DampingRatioSpring(damping_ratio=0.5)), duration=0.5, times=[0, 0.25, 0.5]))
    assert isinstance(sampled, m.TimingSampleResponse) and len(sampled.values) == 3
    eased = sample_timing.sync(client=client, body=m.TimingSampleRequest(
        timing=m.TimingName.EASEINOUT, duration=1, times=[0.5]))
    assert eased.values == [0.5]

    assert delete_session.sync_detailed(session, client=client).status_code == 204
    gone = show_session.sync(session, client=client)
    assert isinstance(gone, m.Problem) and gone.status == 404


def test_a_golden_check_through_the_generated_client(client_package, server):
    """Issue 32's "done when" over HTTP: a golden of the README's zoom push, compared with the
    same push with a longer zoom, names the image view, windowFrame.width, the time and the
    difference, through typed models."""
    from transition_sim_client import Client
    from transition_sim_client.api.snapshots import compare_runs, compare_session, session_golden
    from transition_sim_client import models as m

    client = Client(base_url=server.base_url, raise_on_unexpected_status=True)

    def zoom_push(**parameters):
        session = server.post("/v1/sessions", e2e.THINGS_SCENE).json()["id"]
        pushed = server.post(f"/v1/sessions/{session}/actions", {"type": "push", "viewController": e2e.DETAIL, "animator": {
            "name": "zoom", "sourceView": "cell-3/image", "targetView": "image", **parameters}})
        assert pushed.status_code == 200, pushed.text
        return session

    golden = session_golden.sync(zoom_push(), client=client, from_=0, to=0.5, fps=30)
    assert isinstance(golden, m.GoldenFile) and isinstance(golden.expected, m.ExpectedSnapshots)
    slower = zoom_push(duration=0.5)
    report = compare_session.sync(slower, client=client, body=m.CompareRequest(expected=golden.expected))
    assert isinstance(report, m.ComparisonReport) and report.match is False
    first = report.first
    # Divergence is nullable (openapi.yaml's ComparisonReport says why): the generator names its
    # object form DivergenceType0.
    assert isinstance(first, m.DivergenceType0)
    assert (first.view, first.property_, first.time, first.tolerance) == ("t1.image", "windowFrame.width", 1 / 30, 0.5)
    assert first.difference == abs(first.expected - first.actual) > 0.5

    runs = compare_runs.sync(client=client, body=m.CompareRunsRequest(
        a=m.ScenarioRun(scenario=golden.scenario), b=m.SessionRun(session=slower),
        times=m.TimeList(t=[1 / 30]), properties=["windowFrame"]))
    assert isinstance(runs, m.ComparisonReport) and runs.first.property_ == "windowFrame.width"
