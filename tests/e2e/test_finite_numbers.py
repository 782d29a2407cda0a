"""No snapshot holds a null where the contract says number (docs/semantics.md § Zoom): a spec's
number that ends up as a divisor or a scale is refused at its member when it would make one
infinite, and the snapshots of zoom and sheet sessions, at their edges, hold finite numbers only."""
import json

import pytest

from test_api import assert_problem, create
from conftest import DETAIL
from test_zoom import SCENE, act, zooming

SHEET_SCENE = {"screen": {"device": "iPhone 15"},
               "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
POINTER = "/viewController/preferredTransition/alignmentRect"


def strict(text):
    """JSON with no NaN or Infinity tokens (Python's reader takes them by default)."""
    def refuse(token):
        raise ValueError(f"non-JSON number {token}")
    return json.loads(text, parse_constant=refuse)


def nulls(value, at=""):
    """The JSON pointers of every null in `value`."""
    if value is None:
        return [at]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in nulls(v, f"{at}/{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in nulls(v, f"{at}/{i}")]
    return []


# Members whose null means "none" (openapi.yaml types them `[…, 'null']`): no controller, no
# title, a transition not yet completed (`completedAt`, a change-only frame's
# `transition.completedAt`), an event's `decision` and `reason` when there is none, a
# diagnostic's `view` when it concerns no one view.
NONE_MEMBERS = {"viewController", "role", "parent", "presented", "presenting", "transition", "label", "text", "title",
                "completedAt", "transition.completedAt", "decision", "reason", "view"}


def assert_no_null_numbers(document, what):
    bad = [p for p in nulls(document) if p.rsplit("/", 1)[-1] not in NONE_MEMBERS]
    assert bad == [], f"{what}: nulls where numbers belong: {bad[:10]}"


@pytest.mark.parametrize("size", [5e-324, 1e-300, 0.009, 0, -1, 1e7])
def test_an_alignment_rect_too_small_or_too_large_is_a_422_at_its_member(server, size):
    """The issue's reproduction: 5e-324 passed the `> 0` check and made the page's frame, center,
    transform and windowFrame null."""
    sid = create(server, SCENE)
    for member in ("width", "height"):
        rect = {"x": 0, "y": 0, "width": 100, "height": 100, member: size}
        body = {"type": "push", "viewController": zooming(alignmentRect=rect)}
        problem = assert_problem(server.post(f"/v1/sessions/{sid}/actions", body), 422, "invalid-request")
        assert problem["pointer"] == f"{POINTER}/{member}", problem
        assert "0.01" in problem["detail"], problem
    assert server.get(f"/v1/sessions/{sid}/snapshot").json()["controllers"]["topViewController"] == "things"


def zoom_session(server, rect=None, present=False):
    sid = create(server, SCENE)
    options = {"alignmentRect": rect} if rect else {}
    act(server, sid, {"type": "present" if present else "push", "viewController": zooming(**options), "at": 0})
    act(server, sid, {"type": "dismiss" if present else "pop", "at": 0.2})
    return sid


def sheet_session(server):
    sid = create(server, SHEET_SCENE)
    act(server, sid, {"type": "present", "viewController": {"id": "s"}})
    pull = [{"type": "gesture", "recognizer": "pan", "phase": phase, "at": t, "translation": {"x": 0, "y": dy},
             "velocity": {"x": 0, "y": 2000}} for phase, t, dy in [("began", 1, 0), ("changed", 1.1, 300), ("ended", 1.2, 300)]]
    act(server, sid, pull)
    return sid


def test_every_number_of_zoom_and_sheet_snapshots_is_a_number(server):
    """Zooms at the smallest and largest alignment rects the service takes, a zoomed presentation
    and a sheet pulled away: every snapshot form, the events and the golden hold no null number."""
    sessions = {
        "smallest alignment": zoom_session(server, {"x": 0, "y": 0, "width": 0.01, "height": 0.01}),
        "largest alignment": zoom_session(server, {"x": -1e6, "y": -1e6, "width": 1e6, "height": 1e6}),
        "zoom": zoom_session(server),
        "zoomed presentation": zoom_session(server, present=True),
        "sheet": sheet_session(server),
    }
    for name, sid in sessions.items():
        for query in ["from=0&to=1.5&fps=20&flat=true", "from=0&to=1.5&fps=20", "from=0&to=1.5&fps=20&changes=true"]:
            r = server.get(f"/v1/sessions/{sid}/snapshots?{query}")
            assert r.status_code == 200, (name, query, r.text)
            batch = strict(r.text)
            assert batch, (name, query)
            assert_no_null_numbers(batch, f"{name} {query}")
        for t in (0, 0.05, 0.3, 1.15):
            shot = server.get(f"/v1/sessions/{sid}/snapshot?t={t}")
            assert_no_null_numbers(strict(shot.text), f"{name} t={t}")
        events = strict(server.get(f"/v1/sessions/{sid}/events").text)["events"]
        assert events, name
        assert_no_null_numbers(events, f"{name} events")
        golden = server.get(f"/v1/sessions/{sid}/golden?from=0&to=1.5&fps=20")
        assert golden.status_code == 200, (name, golden.text)
        assert_no_null_numbers(strict(golden.text)["expected"], f"{name} golden")


def test_the_smallest_alignment_scales_the_page_by_the_source_over_it(server):
    """At the smallest alignment rect the page's scale at the source is the source's size over
    0.01 pt: large, and finite in every frame."""
    sid = create(server, SCENE)
    act(server, sid, {"type": "push", "viewController": zooming(alignmentRect={"x": 0, "y": 0, "width": 0.01, "height": 0.01}), "at": 0})
    views = strict(server.get(f"/v1/sessions/{sid}/snapshot?t=0&flat=true").text)["views"]
    page = next(v for v in views if v.get("viewController") == "detail" and v["path"] == "")
    assert page["windowFrame"]["width"] == pytest.approx(320 * 120 / 0.01, rel=1e-6), page["windowFrame"]


def custom_push(spec):
    return {"type": "push", "viewController": DETAIL, "animator": {"spec": spec}, "at": 0}


COLLAPSE = [{"set": "to", "frame": "final"}, {"add": "to"}]
IMAGE_FRAME = {"x": 10, "y": 20, "width": 100, "height": 50}


@pytest.mark.parametrize("scale", [0, 1e-300, 5e-324, [1, 0]])
@pytest.mark.parametrize("where", ["setup", "animations"])
def test_a_frame_in_a_superview_scaled_to_nothing_is_a_422_at_the_frame(server, scale, where):
    """The reproduction: a custom animator scales the to view to nothing, then sets or animates a
    frame of its image (in the container's coordinates). The frame in the superview's
    coordinates was the container rect divided by the superview's scale: inf or NaN, written
    as null in every snapshot after it. It is refused at the frame, the session untouched."""
    sid = create(server, SCENE)
    setup = COLLAPSE + [{"set": "to", "transform": [{"scale": scale}]}]
    if where == "setup":
        spec = {"duration": 0.3, "setup": setup + [{"set": "to/image", "frame": IMAGE_FRAME}],
                "animations": [{"duration": "duration", "completion": [{"completeTransition": True}]}]}
        pointer = "/animator/spec/setup/3/frame"
    else:
        spec = {"duration": 0.3, "setup": setup,
                "animations": [{"duration": "duration", "changes": [{"view": "to/image", "frame": IMAGE_FRAME}],
                                "completion": [{"completeTransition": True}]}]}
        pointer = "/animator/spec/animations/0/changes/0/frame"
    problem = assert_problem(server.post(f"/v1/sessions/{sid}/actions", custom_push(spec)), 422, "invalid-request")
    assert problem["pointer"] == pointer, problem
    assert "the frame in its superview" in problem["detail"], problem
    shot = strict(server.get(f"/v1/sessions/{sid}/snapshot?t=1&flat=true").text)
    assert shot["controllers"]["topViewController"] == "things"
    assert_no_null_numbers(shot["views"], "after the refusal")


def test_a_frame_set_in_a_completion_under_a_collapsed_superview_is_a_step_failed_diagnostic(server):
    """In a completion the transition is already running: the step fails (a diagnostic naming its
    place in the list) and the snapshots, through the end, hold numbers only."""
    sid = create(server, SCENE)
    spec = {"duration": 0.3, "setup": COLLAPSE + [{"set": "to", "transform": [{"scale": 0}]}],
            "animations": [{"duration": "duration", "completion": [
                {"set": "to/image", "frame": IMAGE_FRAME}, {"set": "to", "transform": "identity"},
                {"completeTransition": True}]}]}
    act(server, sid, custom_push(spec))
    diagnostics = strict(server.get(f"/v1/sessions/{sid}/snapshot?t=1").text)["transition"]["diagnostics"]
    # The failed step ends its completion list, as an exception ends a block in UIKit, so the
    # completeTransition after it never runs.
    assert [d["code"] for d in diagnostics] == ["step-failed", "complete-transition-not-called"], diagnostics
    assert "the frame in its superview" in json.dumps(diagnostics), diagnostics
    for query in ["from=0&to=0.6&fps=20&flat=true", "from=0&to=0.6&fps=20&changes=true"]:
        assert_no_null_numbers(strict(server.get(f"/v1/sessions/{sid}/snapshots?{query}").text), query)


def test_a_frame_in_a_half_scaled_superview_is_the_container_rect_over_the_scale(server):
    """A superview scaled by ½ about its centre still takes a frame: the image's frame in it is
    the container rect, from the superview's frame origin, times 2 (the division being refused
    only where it has no finite answer)."""
    sid = create(server, SCENE)
    spec = {"duration": 0.3, "setup": COLLAPSE + [{"set": "to", "transform": [{"scale": 0.5}]},
                                                  {"set": "to/image", "frame": IMAGE_FRAME}],
            "animations": [{"duration": "duration", "completion": [{"completeTransition": True}]}]}
    act(server, sid, custom_push(spec))
    views = strict(server.get(f"/v1/sessions/{sid}/snapshot?t=0&flat=true").text)["views"]
    page = next(v for v in views if v.get("viewController") == "detail" and v["path"] == "")
    image = next(v for v in views if v.get("viewController") == "detail" and v["path"] == "image")
    origin = page["frame"]  # the superview's frame in the container (scaled about its centre)
    assert image["frame"]["width"] == pytest.approx(200) and image["frame"]["height"] == pytest.approx(100), image
    assert image["frame"]["x"] == pytest.approx((10 - origin["x"]) * 2), (image, origin)
    assert image["frame"]["y"] == pytest.approx((20 - origin["y"]) * 2), (image, origin)
