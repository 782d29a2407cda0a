"""Alerts and action sheets (docs/semantics.md § Alerts and popovers): the platter and
the sheet laid out as UIKit lays them out, their frames and alpha through present and dismiss on
UIKit's 0.404 s critically damped spring, the action sheet as a popover on an iPad and an iOS 26
iPhone, the events, a tap on a button, and bad inputs."""
import math

import pytest

# Flutter's reading of the spring in Xcode (`_kStandardSpring`, cupertino/route.dart): mass 1,
# stiffness 522.35, critically damped. UIKit's code gives duration 0.404 s and a damping the
# duration form clamps to critical: the service's spring must match Flutter's numbers.
OMEGA = math.sqrt(522.35)


def spring(t):
    """Progress of the alert's spring t seconds after it starts, from rest."""
    if t <= 0:
        return 0.0
    if t >= 0.404:
        return 1.0
    return 1 - (1 + OMEGA * t) * math.exp(-OMEGA * t)


PHONE = {"device": "iPhone 15"}  # 393 × 852 pt, safe area 59 / 34, iOS 17
ALERT = {"type": "alert", "id": "confirm", "title": "Delete?", "message": "This cannot be undone.",
         "actions": [{"title": "Cancel", "style": "cancel"}, {"title": "Delete", "style": "destructive"}]}
SHEET = {"type": "alert", "id": "choose", "preferredStyle": "actionSheet", "title": "Photo", "message": "Choose an action",
         "actions": [{"title": "Share"}, {"title": "Delete", "style": "destructive"}, {"title": "Cancel", "style": "cancel"}]}


def session(server, screen=PHONE):
    scene = {"screen": screen, "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "home", "title": "Home"}]}}
    return server.post("/v1/sessions", scene).json()["id"]


def views(server, sid, t):
    flat = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
    return {(v.get("viewController"), v["path"]) if v.get("viewController") else v.get("role"): v for v in flat}


def close(a, b, tolerance=1e-3):
    return abs(a - b) < tolerance


def test_an_alert_is_laid_out_as_uikit_lays_it_out(server):
    sid = session(server)
    assert server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": ALERT, "animated": False}).status_code == 200
    v = views(server, sid, 0)
    platter = v[("confirm", "")]
    # 270 pt wide; 36 + 20 + 24 pt of labels by their baselines, then one row of two 44 pt buttons.
    assert platter["kind"] == "alert" and platter["role"] == "alertPlatter"
    assert platter["windowFrame"] == {"x": 61.5, "y": 364, "width": 270, "height": 124}
    assert platter["cornerRadius"] == 13 and platter["clipsToBounds"] is True
    title, message = v[("confirm", "title")], v[("confirm", "message")]
    assert title["role"] == "alertTitle" and title["text"] == "Delete?" and title["fontSize"] == 17
    assert title["frame"] == {"x": 16, "y": 19, "width": 238, "height": 22}
    assert message["role"] == "alertMessage" and message["fontSize"] == 13
    assert message["frame"] == {"x": 16, "y": 43, "width": 238, "height": 18}
    # A cancel button stands on the left of a row of two.
    cancel, delete = v[("confirm", "action-0")], v[("confirm", "action-1")]
    assert cancel["role"] == "alertCancelAction" and cancel["text"] == "Cancel"
    assert cancel["frame"] == {"x": 0, "y": 80, "width": 135, "height": 44}
    assert delete["role"] == "alertDestructiveAction" and delete["frame"] == {"x": 135, "y": 80, "width": 135, "height": 44}
    assert v["dimming"]["alpha"] == 0.2 and v["dimming"]["windowFrame"] == {"x": 0, "y": 0, "width": 393, "height": 852}
    state = server.get(f"/v1/sessions/{sid}").json()
    presented = state["controllers"]["presented"]
    assert presented["type"] == "alert" and presented["modalPresentationStyle"] == "custom" and "viewControllers" not in presented


def test_three_buttons_stand_in_a_column_with_cancel_last(server):
    sid = session(server)
    alert = dict(ALERT, actions=[{"title": "Cancel", "style": "cancel"}, {"title": "Keep"}, {"title": "Delete", "style": "destructive"}])
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": alert, "animated": False})
    v = views(server, sid, 0)
    assert [v[("confirm", f"action-{i}")]["frame"]["y"] for i in (1, 2, 0)] == [80, 124, 168]
    assert v[("confirm", "")]["windowFrame"]["height"] == 80 + 3 * 44


def test_an_alert_fades_in_while_it_shrinks_and_fades_out_without_scaling(server):
    sid = session(server)
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": ALERT}).json()
    assert out["transition"]["animator"] == "alert" and out["transition"]["duration"] == 0.404
    for t in (0, 0.05, 0.1, 0.2, 0.404):
        v = views(server, sid, t)
        platter, veil = v[("confirm", "")], v["dimming"]
        p = spring(t)
        scale = 1.2 + (1 - 1.2) * p
        assert close(platter["alpha"], p) and close(veil["alpha"], 0.2 * p), t
        assert close(platter["transform"]["a"], scale) and close(platter["transform"]["d"], scale), t
        # Scaled about its centre, which stays at the screen's.
        frame = platter["windowFrame"]
        assert close(frame["width"], 270 * scale) and close(frame["x"] + frame["width"] / 2, 393 / 2), t
        assert close(frame["y"] + frame["height"] / 2, 852 / 2), t
    server.post(f"/v1/sessions/{sid}/actions", {"type": "dismiss", "at": 1})
    for t in (1, 1.05, 1.15, 1.3):
        v = views(server, sid, t)
        platter, p = v[("confirm", "")], spring(t - 1)
        assert close(platter["alpha"], 1 - p) and close(v["dimming"]["alpha"], 0.2 * (1 - p)), t
        assert platter["transform"]["a"] == 1 and platter["windowFrame"]["width"] == 270, t
    end = views(server, sid, 1.5)
    assert ("confirm", "") not in end and "dimming" not in end


def test_present_and_a_tap_make_uikits_calls(server):
    sid = session(server)
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": ALERT})
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "alertAction", "index": 1, "at": 1})
    assert out.status_code == 200 and out.json()["transition"]["animator"] == "alert"
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    events = server.get(f"/v1/sessions/{sid}/events").json()["events"]
    calls = [(e["type"], e.get("viewController")) for e in events if e["type"] != "diagnostic"]
    # A custom presentation: the presenting controller stays and gets no appearance calls.
    assert calls[4:] == [
        ("presentationControllerFor", "confirm"), ("animationControllerFor", "confirm"), ("viewWillAppear", "confirm"),
        ("animateTransition", "confirm"), ("completeTransition", "confirm"), ("viewDidAppear", "confirm"),
        ("animationControllerFor", "confirm"), ("viewWillDisappear", "confirm"), ("animateTransition", "confirm"),
        ("completeTransition", "confirm"), ("viewDidDisappear", "confirm"), ("alertActionHandler", "confirm")]
    chosen = next(e for e in events if e["type"] == "animationControllerFor")
    assert chosen["chosenBy"] == "UIAlertController" and chosen["animator"] == "alert"
    handler = next(e for e in events if e["type"] == "alertActionHandler")
    assert handler["index"] == 1 and handler["title"] == "Delete" and handler["style"] == "destructive"
    assert handler["time"] == pytest.approx(1.404)
    assert "presented" not in server.get(f"/v1/sessions/{sid}").json()["controllers"]


def test_an_action_sheet_slides_up_from_the_bottom_edge_and_back(server):
    sid = session(server)
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": SHEET}).json()
    assert out["transition"]["animator"] == "actionSheet"
    rest = views(server, sid, 1)
    sheet = rest[("choose", "")]
    # 8 pt from the sides; 34 pt (the home indicator's inset) above the bottom; a group of
    # 27 + 22 + 28 pt of labels and two 57 pt buttons, then 8 pt, then the 57 pt cancel button.
    assert sheet["kind"] == "actionSheet"
    assert sheet["windowFrame"] == {"x": 8, "y": 852 - 34 - 256, "width": 377, "height": 256}
    group = rest[("choose", "group")]
    assert group["role"] == "alertPlatter" and group["frame"] == {"x": 0, "y": 0, "width": 377, "height": 191} and group["cornerRadius"] == 13
    assert [rest[("choose", f"group/action-{i}")]["frame"]["y"] for i in (0, 1)] == [77, 134]
    cancel = rest[("choose", "action-2")]
    assert cancel["role"] == "alertCancelAction" and cancel["frame"] == {"x": 0, "y": 199, "width": 377, "height": 57}
    assert cancel["cornerRadius"] == 13
    for t in (0, 0.05, 0.15, 0.3):
        v, p = views(server, sid, t), spring(t)
        assert close(v[("choose", "")]["windowFrame"]["y"], 852 + (562 - 852) * p, 1e-2), t
        assert close(v["dimming"]["alpha"], 0.2 * p) and v[("choose", "")]["alpha"] == 1, t
    server.post(f"/v1/sessions/{sid}/actions", {"type": "alertAction", "index": 2, "at": 1})
    for t in (1, 1.1, 1.25):
        v, p = views(server, sid, t), spring(t - 1)
        assert close(v[("choose", "")]["windowFrame"]["y"], 562 + (852 - 562) * p, 1e-2), t
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    handler = [e for e in server.get(f"/v1/sessions/{sid}/events", params={"type": "alertActionHandler"}).json()["events"]]
    assert [(e["index"], e["style"]) for e in handler] == [(2, "cancel")]


def popover_session(server, device, x=400):
    """A page with a 40 pt button at (x, 100) for the action sheet's popover to point at."""
    scene = {"screen": {"device": device},
             "root": {"id": "home", "view": {"id": "root", "children": [{"id": "share", "frame": {"x": x, "y": 100, "width": 40, "height": 40}}]}}}
    return server.post("/v1/sessions", scene).json()["id"]


def popover_spring(damping, duration, t):
    """UIView's duration-form spring, as test_popover.py models it."""
    from test_popover import uikit_spring
    return uikit_spring(damping, duration, t) if t < duration else 1


@pytest.mark.parametrize("device, x", [("iPad (10th)", 400), ("iPhone 17", 181)])  # iPhone 17: 402 pt wide, iOS 26
def test_an_action_sheet_on_an_ipad_or_an_ios_26_iphone_is_a_popover_without_its_cancel_button(server, device, x):
    sid = popover_session(server, device, x)
    tip, left = x + 20, x + 20 - 152
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": dict(SHEET, sourceView="share")})
    assert out.status_code == 200, out.text
    assert out.json()["transition"]["animator"] == "popover"
    assert server.get(f"/v1/sessions/{sid}").json()["controllers"]["presented"]["modalPresentationStyle"] == "popover"
    # The sheet 304 pt wide: 27 + 22 + 28 pt of labels and two 57 pt buttons; no cancel button.
    # Below the button (arrow up), centred on it; the chrome adds the 13 pt arrow.
    rest = views(server, sid, 1)
    sheet = rest[("choose", "")]
    assert sheet["kind"] == "actionSheet" and sheet["windowFrame"] == {"x": left, "y": 153, "width": 304, "height": 191}
    assert [rest[("choose", f"group/action-{i}")]["frame"]["y"] for i in (0, 1)] == [77, 134]
    assert ("choose", "action-2") not in rest, "UIKit drops the cancel button in a popover"
    assert rest["popover"]["windowFrame"] == {"x": left, "y": 140, "width": 304, "height": 204}
    assert rest["popoverArrowUp"]["windowFrame"] == {"x": tip - 13, "y": 140, "width": 26, "height": 13}
    assert "dimming" not in rest
    # Start, middle, end: the chrome grows about the arrow's tip (its x, 140).
    for t in (0, 0.1, 0.25, 0.4937):
        chrome = views(server, sid, t)["popover"]
        scale = 0.01 + 0.99 * popover_spring(0.8, 0.4937, t)
        assert close(chrome["transform"]["a"], scale, 1e-6), t
        assert close(chrome["windowFrame"]["width"], 304 * scale, 1e-6) and close(chrome["windowFrame"]["y"], 140, 1e-6), t
        assert close(chrome["windowFrame"]["x"] + chrome["windowFrame"]["width"] / 2, tip, 1e-6), t
    # Tapping a button dismisses the popover, then calls the handler.
    server.post(f"/v1/sessions/{sid}/actions", {"type": "alertAction", "index": 1, "at": 1})
    chrome = views(server, sid, 1.1)["popover"]
    assert close(chrome["transform"]["a"], 1 - 0.99 * popover_spring(0.85, 0.51566, 0.1), 1e-6)
    assert "popover" not in views(server, sid, 2)
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    handler = server.get(f"/v1/sessions/{sid}/events", params={"type": "alertActionHandler"}).json()["events"]
    assert [(e["index"], e["style"]) for e in handler] == [(1, "destructive")]


def test_an_action_sheets_popover_points_up_from_a_source_rect_near_the_bottom(server):
    sid = popover_session(server, "iPad (10th)")
    rect = {"x": 400, "y": 1000, "width": 40, "height": 40}
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "animated": False, "viewController": dict(SHEET, sourceRect=rect)})
    assert out.status_code == 200, out.text
    rest = views(server, sid, 0)
    # Above the rect, the arrow at the chrome's bottom pointing down at it.
    assert rest["popover"]["windowFrame"] == {"x": 268, "y": 1000 - 204, "width": 304, "height": 204}
    assert rest["popoverArrowDown"]["windowFrame"] == {"x": 407, "y": 987, "width": 26, "height": 13}
    assert rest[("choose", "")]["windowFrame"] == {"x": 268, "y": 1000 - 204, "width": 304, "height": 191}


@pytest.mark.parametrize("device", ["iPad (10th)", "iPhone 17"])
def test_an_action_sheets_popover_needs_a_source(server, device):
    sid = popover_session(server, device)
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": SHEET})
    assert r.status_code == 422 and r.json()["pointer"] == "/viewController/sourceView"
    assert "popover" in r.json()["detail"] and "sourceRect" in r.json()["detail"]
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": dict(SHEET, sourceView="nowhere")})
    assert r.status_code == 422 and r.json()["pointer"] == "/viewController/sourceView"
    # An alert is centred there as on an iPhone.
    assert server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": ALERT}).status_code == 200


@pytest.mark.parametrize("change, pointer", [
    ({"actions": [{"title": "OK", "style": "primary"}]}, "/viewController/actions/0/style"),
    ({"actions": []}, "/viewController/actions"),
    ({"actions": [{"title": str(i)} for i in range(17)]}, "/viewController/actions"),
    ({"actions": [{"title": "x" * 65}]}, "/viewController/actions/0/title"),
    ({"title": "x" * 257}, "/viewController/title"),
    ({"message": "x" * 1025}, "/viewController/message"),
    ({"actions": [{"title": "No", "style": "cancel"}, {"title": "Never", "style": "cancel"}]}, "/viewController/actions/1/style"),
    ({"preferredStyle": "popup"}, "/viewController/preferredStyle"),
    ({"sourceView": "home"}, "/viewController/sourceView"),
    ({"view": {"id": "root"}}, "/viewController/view"),
])
def test_bad_alerts_are_refused_at_their_member(server, change, pointer):
    sid = session(server)
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": dict(ALERT, **change)})
    assert r.status_code == 422 and r.json()["pointer"] == pointer, r.json()


def test_bad_taps_and_choices_are_refused(server):
    sid = session(server)
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "alertAction", "index": 0})
    assert r.status_code == 409 and r.json()["type"] == "/problems/nothing-presented"
    for extra, member in [({"animator": "fade"}, "/animator"), ({"interactive": True}, "/interactive"),
                          ({"modalPresentationStyle": "fullScreen"}, "/modalPresentationStyle")]:
        r = server.post(f"/v1/sessions/{sid}/actions", dict({"type": "present", "viewController": ALERT}, **extra))
        assert r.status_code == 422 and r.json()["pointer"] == member, extra
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": ALERT, "animated": False})
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "alertAction", "index": 2})
    assert r.status_code == 422 and r.json()["pointer"] == "/index" and "2 actions" in r.json()["detail"]
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "alertAction", "index": 0, "viewController": "home"})
    assert r.status_code == 409 and r.json()["pointer"] == "/viewController"
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "dismiss", "animator": "fade"})
    assert r.status_code == 422 and r.json()["pointer"] == "/animator"
    # An alert is only presented.
    r = server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "container": "nav", "viewController": dict(ALERT, id="other")})
    assert r.status_code == 422 and r.json()["pointer"] == "/viewController/type"


def test_ios_26_widens_and_rounds_the_platter(server):
    """With Liquid Glass (iOS 26.1's -maximumWidth, -contentCornerRadius) the platter is 320 pt wide,
    its corners 34 pt; the animation is the same."""
    sid = session(server, {"device": "iPhone 17"})  # 402 × 874 pt, iOS 26
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": ALERT}).json()
    assert out["transition"]["duration"] == 0.404
    platter = views(server, sid, 1)[("confirm", "")]
    assert platter["windowFrame"] == {"x": 41, "y": (874 - 124) / 2, "width": 320, "height": 124} and platter["cornerRadius"] == 34
