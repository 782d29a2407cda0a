"""Issue 29, items 2–4: iOS 18's fluid zoom, asked for by the pushed controller's
`preferredTransition` (docs/semantics.md § Zoom)."""
import pytest

from conftest import DETAIL, THINGS_SCENE
from test_api import assert_problem, create

# The README's scene on iOS 18, the first with `preferredTransition`.
SCENE = dict(THINGS_SCENE, screen=dict(THINGS_SCENE["screen"], iOS=18))
CELL = {"x": 110, "y": 80, "width": 100, "height": 120}
SCREEN = {"x": 0, "y": 0, "width": 320, "height": 568}


def zooming(**options):
    return dict(DETAIL, preferredTransition={"type": "zoom", "sourceView": "cell-3", **options})


def act(server, sid, body):
    r = server.post(f"/v1/sessions/{sid}/actions", body)
    assert r.status_code == 200, r.text
    return r.json()


def views(server, sid, t):
    flat = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
    return {(v.get("viewController"), v["path"]): v for v in flat}


def role(server, sid, t, name):
    found = [v for v in views(server, sid, t).values() if v.get("role") == name]
    return found[0] if found else None


def close(a, b, tolerance=1e-6):
    return all(abs(a[k] - b[k]) <= tolerance for k in ("x", "y", "width", "height"))


def test_a_push_grows_the_cell_into_the_page_and_a_pop_shrinks_it_back(server):
    sid = create(server, SCENE)
    transition = act(server, sid, {"type": "push", "viewController": zooming(), "at": 0})["transition"]
    assert (transition["animator"], transition["chosenBy"], transition["duration"]) == ("fluidZoom", "preferredTransition of detail", 0.5)
    start = views(server, sid, 0)
    clip = role(server, sid, 0, "zoomContainer")
    assert clip["windowFrame"] == CELL and clip["path"] == "nav.container.zoom"
    assert start[("things", "cell-3")]["hidden"] is True
    assert start[("detail", "")]["windowFrame"] == {"x": 110, "y": 51.25, "width": 100, "height": 177.5}
    assert role(server, sid, 0, "dimming")["alpha"] == 0
    # On the way: x, y, width and height each the same fraction of the way, the veil with them.
    mid = role(server, sid, 0.1, "zoomContainer")["windowFrame"]
    p = (mid["width"] - 100) / 220
    assert 0.3 < p < 0.9
    assert close(mid, {"x": 110 * (1 - p), "y": 80 * (1 - p), "width": 100 + 220 * p, "height": 120 + 448 * p})
    assert abs(role(server, sid, 0.1, "dimming")["alpha"] - 0.15 * p) < 1e-9
    # At rest: no clip, no veil, the page fills the screen, the cell shows again.
    end = views(server, sid, 0.6)
    assert role(server, sid, 0.6, "zoomContainer") is None and role(server, sid, 0.6, "dimming") is None
    assert end[("detail", "")]["windowFrame"] == SCREEN

    act(server, sid, {"type": "pop", "at": 1})
    # UIKit's callbacks as for any push, when the spring settles (0.486 s).
    events = server.get(f"/v1/sessions/{sid}/events").json()["events"]
    assert [(e["type"], round(e["time"], 3)) for e in events if 0.4 < e["time"] < 1] == [
        ("completeTransition", 0.485), ("viewDidDisappear", 0.485), ("viewDidAppear", 0.485), ("didShow", 0.485)]
    assert role(server, sid, 1, "zoomContainer")["windowFrame"] == SCREEN
    assert role(server, sid, 1, "dimming")["alpha"] == 0.15
    assert close(role(server, sid, 1.48, "zoomContainer")["windowFrame"], CELL, 0.5)
    back = views(server, sid, 2)
    assert back[("things", "cell-3")]["hidden"] is False and ("detail", "") not in back


def test_the_pop_finds_the_source_again_moved_or_gone(server):
    sid = create(server, SCENE)
    act(server, sid, {"type": "push", "viewController": zooming(), "at": 0})
    # The grid scrolls under the page: the page lands on the cell's new place.
    act(server, sid, {"type": "scroll", "viewController": "things", "view": "", "contentOffset": {"x": 0, "y": 50}, "at": 1})
    act(server, sid, {"type": "pop", "at": 1})
    assert close(role(server, sid, 1.48, "zoomContainer")["windowFrame"], dict(CELL, y=30), 0.5)

    act(server, sid, {"type": "push", "viewController": zooming(), "at": 2})
    # Scrolled out of the window, the cell is gone: the page shrinks toward UIKit's stand-in, a
    # source 44 pt wide at the centre (fallbackSourceViewWidth), with the page's aspect.
    act(server, sid, {"type": "scroll", "viewController": "things", "view": "", "contentOffset": {"x": 0, "y": 600}, "at": 3})
    act(server, sid, {"type": "pop", "at": 3})
    near = role(server, sid, 3.48, "zoomContainer")["windowFrame"]
    assert abs(near["x"] + near["width"] / 2 - 160) < 1e-6 and abs(near["y"] + near["height"] / 2 - 284) < 1e-6
    assert abs(near["width"] - 44) < 1 and abs(near["height"] - 44 * 568 / 320) < 1

    # An exported scenario replays the zooms.
    copy = server.post("/v1/sessions", {"scenario": server.get(f"/v1/sessions/{sid}/scenario").json()}).json()["id"]
    for t in (0.1, 1.2, 3.2):
        assert views(server, copy, t) == views(server, sid, t)


def test_options_and_who_wins(server):
    sid = create(server, SCENE)
    act(server, sid, {"type": "push", "at": 0, "viewController": zooming(
        alignmentRect={"x": 20, "y": 84, "width": 280, "height": 280}, dimmingColor="#ff0000", dimmingAlpha=0.4)})
    # The alignment rect (the detail's image) covers the cell: its width meets the cell's.
    image = views(server, sid, 0)[("detail", "image")]["windowFrame"]
    assert abs(image["width"] - 120) < 1e-9 and abs(image["x"] + image["width"] / 2 - 160) < 1e-9
    veil = role(server, sid, 0.48, "dimming")
    assert veil["backgroundColor"] in ("#ff0000", "#ff0000ff") and abs(veil["alpha"] - 0.4) < 0.01
    # An explicit animator wins, and the catalogue does not name the fluid zoom.
    sid = create(server, SCENE)
    assert act(server, sid, {"type": "push", "animator": "slide", "viewController": zooming()})["transition"]["animator"] == "slide"
    names = [a["name"] for a in server.get("/v1/animators").json()["animators"]]
    assert "zoom" in names and "fluidZoom" not in names


@pytest.mark.parametrize("options, pointer", [
    ({"sourceView": "cell-9"}, "/viewController/preferredTransition/sourceView"),
    # `image` is the detail's own view: the source must be in the controller it zooms from.
    ({"sourceView": "image"}, "/viewController/preferredTransition/sourceView"),
    ({"dimmingAlpha": "dark"}, "/viewController/preferredTransition/dimmingAlpha"),
    ({"dimmingAlpha": 2}, "/viewController/preferredTransition/dimmingAlpha"),
    ({"alignmentRect": {"x": 0, "y": 0, "width": "wide", "height": 1}}, "/viewController/preferredTransition/alignmentRect/width"),
    ({"interactiveDismiss": "no"}, "/viewController/preferredTransition/interactiveDismiss"),
    ({"type": "morph"}, "/viewController/preferredTransition/type"),
])
def test_bad_options_are_a_422_at_their_member(server, options, pointer):
    sid = create(server, SCENE)
    body = {"type": "push", "viewController": dict(DETAIL, preferredTransition={"type": "zoom", "sourceView": "cell-3", **options})}
    problem = assert_problem(server.post(f"/v1/sessions/{sid}/actions", body), 422, "invalid-request")
    assert problem["pointer"] == pointer, problem
    # Nothing happened.
    assert server.get(f"/v1/sessions/{sid}/snapshot").json()["controllers"]["topViewController"] == "things"


@pytest.mark.parametrize("style", ["fullScreen", "pageSheet", None])
def test_a_presentation_zooms_full_screen(server, style):
    sid = create(server, SCENE)
    spec = dict(zooming(), **({"modalPresentationStyle": style} if style else {}))
    transition = act(server, sid, {"type": "present", "viewController": spec, "at": 0})["transition"]
    assert transition["animator"] == "fluidZoom" and transition["diagnostics"] == []
    assert role(server, sid, 0, "zoomContainer")["windowFrame"] == CELL
    assert views(server, sid, 0.6)[("detail", "")]["windowFrame"] == SCREEN
    act(server, sid, {"type": "dismiss", "at": 1})
    assert close(role(server, sid, 1.48, "zoomContainer")["windowFrame"], CELL, 0.5)
    assert ("detail", "") not in views(server, sid, 2)


def test_other_styles_ignore_the_zoom_with_a_diagnostic(server):
    sid = create(server, SCENE)
    transition = act(server, sid, {"type": "present", "modalPresentationStyle": "overFullScreen", "viewController": zooming()})["transition"]
    assert transition["animator"] == "coverVertical"
    assert [d["code"] for d in transition["diagnostics"]] == ["zoom-ignored"]


def test_the_zoom_needs_ios_18(server):
    sid = create(server, THINGS_SCENE)
    problem = assert_problem(server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": zooming()}), 422, "invalid-request")
    assert problem["pointer"] == "/viewController/preferredTransition" and "iOS 18" in problem["detail"]


@pytest.mark.parametrize("present", [False, True])
def test_a_pop_during_the_zoom_in_completes_it_and_zooms_out_from_where_the_page_is(server, present):
    sid = create(server, SCENE)
    if present:
        act(server, sid, {"type": "present", "modalPresentationStyle": "fullScreen", "viewController": zooming(), "at": 0})
    else:
        act(server, sid, {"type": "push", "viewController": zooming(), "at": 0})
    before = role(server, sid, 0.1, "zoomContainer")["windowFrame"]
    page_before = views(server, sid, 0.1)[("detail", "")]["windowFrame"]
    transition = act(server, sid, {"type": "dismiss" if present else "pop", "at": 0.1})["transition"]
    assert transition["operation"] == ("dismiss" if present else "pop") and transition["animator"] == "fluidZoom"
    # The same frame just before and just after: nothing jumps.
    assert close(role(server, sid, 0.1, "zoomContainer")["windowFrame"], before, 1e-9)
    assert close(views(server, sid, 0.1)[("detail", "")]["windowFrame"], page_before, 1e-9)
    # It goes on with the velocity it had: 1 ms later it is where the zoom in, left alone, would
    # be, but for the change of acceleration (½ · Δa · (1 ms)² ≈ 0.03 pt), while it moved 1 pt.
    after = role(server, sid, 0.1 + 1e-3, "zoomContainer")["windowFrame"]
    alone = create(server, SCENE)
    act(server, alone, {"type": "present", "modalPresentationStyle": "fullScreen", "viewController": zooming(), "at": 0} if present
        else {"type": "push", "viewController": zooming(), "at": 0})
    assert close(after, role(server, alone, 0.1 + 1e-3, "zoomContainer")["windowFrame"], 0.1) and not close(after, before, 0.5)
    # The push completed first, its viewDidAppear before the pop's callbacks, all at 0.1.
    events = [(e["type"], e.get("viewController")) for e in server.get(f"/v1/sessions/{sid}/events").json()["events"] if e["time"] == 0.1]
    completed = events.index(("completeTransition", "detail" if present else "nav"))
    assert ("viewDidAppear", "detail") in events[completed:] and ("viewWillDisappear", "detail") in events[completed:]
    assert events.index(("viewDidAppear", "detail")) < events.index(("viewWillDisappear", "detail"))
    # It lands in the cell.
    assert close(role(server, sid, 0.58, "zoomContainer")["windowFrame"], CELL, 0.5)
    assert ("detail", "") not in views(server, sid, 1)


def test_a_cancelled_interactive_pop_leaves_the_page_at_rest(server):
    sid = create(server, SCENE)
    act(server, sid, {"type": "push", "viewController": zooming(), "at": 0})
    act(server, sid, [{"type": "pop", "interactive": True, "at": 1}, {"type": "update", "percent": 0.4, "at": 1.1},
                      {"type": "cancel", "at": 1.2}])
    assert role(server, sid, 1.1, "zoomContainer")["windowFrame"]["width"] < 320
    end = views(server, sid, 3)
    # Back in the container at rest, not left at the scale the run back ended its animation from.
    assert end[("detail", "")]["windowFrame"] == SCREEN and end[("detail", "")]["transform"]["a"] == 1
    assert role(server, sid, 3, "zoomContainer") is None and role(server, sid, 3, "dimming") is None


def test_the_covered_page_recedes_under_a_shadowed_platter(server):
    """UIKit's backdrop (`_UIZoomTransitionSpec`, iOS 26.1): the page below recedes to
    (W − 104/3) / W of its size with the flight and comes back on the pop; the clip casts the
    platter's shadow (0.4, radius 40, 10 pt down)."""
    receded = (320 - 104 / 3) / 320
    sid = create(server, SCENE)
    act(server, sid, {"type": "push", "viewController": zooming(), "at": 0})
    for t in (0, 0.1, 0.3):
        clip = role(server, sid, t, "zoomContainer")
        assert (clip["shadowOpacity"], clip["shadowRadius"], clip["shadowOffset"]) == (0.4, 40, {"width": 0, "height": 10})
        p = (clip["windowFrame"]["width"] - 100) / 220
        things = views(server, sid, t)[("things", "")]
        scale = 1 - p * (1 - receded)
        assert abs(things["transform"]["a"] - scale) < 1e-9 and abs(things["transform"]["d"] - scale) < 1e-9, t
    act(server, sid, {"type": "pop", "at": 1})
    start, end = views(server, sid, 1)[("things", "")], views(server, sid, 1.6)[("things", "")]
    assert abs(start["transform"]["a"] - receded) < 1e-9
    mid = role(server, sid, 1.1, "zoomContainer")["windowFrame"]
    p = 1 - (mid["width"] - 100) / 220
    assert abs(views(server, sid, 1.1)[("things", "")]["transform"]["a"] - (receded + p * (1 - receded))) < 1e-9
    assert end["transform"]["a"] == 1 and end["windowFrame"] == SCREEN
