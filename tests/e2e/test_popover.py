"""Popovers on an iPad (docs/semantics.md § Alerts and popovers): placed by UIKit's rule, the
arrow on each side, the spring about the arrow's tip, no dimming, the phone's card on an
iPhone, and bad inputs as 422s at their members."""
import math

import pytest

BUTTONS = {"top": (400, 100), "bottom": (400, 1000), "leftEdge": (20, 500), "rightEdge": (760, 500)}


def ipad_scene(device="iPad (10th)"):
    children = [{"id": name, "frame": {"x": x, "y": y, "width": 40, "height": 40}} for name, (x, y) in BUTTONS.items()]
    return {"screen": {"device": device}, "root": {"id": "home", "view": {"id": "root", "children": children}}}


def popover(source, permitted=None, size=(320, 200)):
    anchor = {"sourceView": source}
    if permitted:
        anchor["permittedArrowDirections"] = permitted
    return {"id": "menu", "modalPresentationStyle": "popover", "preferredContentSize": {"width": size[0], "height": size[1]},
            "popoverPresentation": anchor}


def views(server, sid, t):
    return server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]


def by_role(vs, prefix):
    return [v for v in vs if v.get("role", "").startswith(prefix)]


def rect(r):
    return (r["x"], r["y"], r["width"], r["height"])


def uikit_spring(damping, duration, t):
    """Framer's model of UIView's duration-form spring (docs/timing.md), from rest."""
    zeta, v, eps = damping, 0.0, 0.001
    w = 5 / duration
    def env(w):
        decay = w * zeta
        return eps - (decay - v) / (w * math.sqrt(1 - zeta * zeta)) * math.exp(-decay * duration)
    def der(w):
        decay = w * zeta
        delta = decay * duration
        a, b = delta * v + v, zeta * zeta * w * w * duration
        factor = -1 if -env(w) + eps > 0 else 1
        return factor * ((a - b) * math.exp(-delta)) / (w * w * math.sqrt(1 - zeta * zeta))
    for _ in range(11):
        w -= env(w) / der(w)
    decay, wd = zeta * w, w * math.sqrt(1 - zeta * zeta)
    return 1 - math.exp(-decay * t) * (math.cos(wd * t) + decay / wd * math.sin(wd * t))


@pytest.mark.parametrize("source, permitted, role, chrome, arrow, content", [
    ("top", None, "popoverArrowUp", (260, 140, 320, 213), (407, 140, 26, 13), (260, 153, 320, 200)),
    ("bottom", None, "popoverArrowDown", (260, 787, 320, 213), (407, 987, 26, 13), (260, 787, 320, 200)),
    ("leftEdge", ["left", "right"], "popoverArrowLeft", (60, 420, 333, 200), (60, 507, 13, 26), (73, 420, 320, 200)),
    ("rightEdge", ["left", "right"], "popoverArrowRight", (427, 420, 333, 200), (747, 507, 13, 26), (427, 420, 320, 200)),
])
def test_the_arrow_on_each_side(server, source, permitted, role, chrome, arrow, content):
    sid = server.post("/v1/sessions", ipad_scene()).json()["id"]
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "animated": False, "viewController": popover(source, permitted)})
    assert out.status_code == 200, out.text
    vs = views(server, sid, 0)
    [c] = by_role(vs, "popover")[:1]
    assert c["role"] == "popover" and rect(c["windowFrame"]) == chrome and c["cornerRadius"] == 13
    [a] = by_role(vs, "popoverArrow")
    assert a["role"] == role and rect(a["windowFrame"]) == arrow
    menu = next(v for v in vs if v.get("viewController") == "menu" and v["path"] == "")
    assert rect(menu["windowFrame"]) == content
    assert not by_role(vs, "dimming"), "no dimming on iPad"
    assert server.get(f"/v1/sessions/{sid}").json()["controllers"]["presented"]["modalPresentationStyle"] == "popover"


def test_present_and_dismiss_spring_about_the_arrows_tip(server):
    sid = server.post("/v1/sessions", ipad_scene()).json()["id"]
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": popover("top")}).json()
    assert out["transition"]["animator"] == "popover"
    for t in (0, 0.1, 0.25, 0.4937, 1):
        [c] = [v for v in views(server, sid, t) if v.get("role") == "popover"]
        p = uikit_spring(0.8, 0.4937, t) if t < 0.4937 else 1
        scale = 0.01 + 0.99 * p
        assert abs(c["transform"]["a"] - scale) < 1e-6, t
        # The tip, (420, 140), stays where it is.
        assert abs(c["windowFrame"]["x"] + c["windowFrame"]["width"] / 2 - 420) < 1e-6 and abs(c["windowFrame"]["y"] - 140) < 1e-6
    server.post(f"/v1/sessions/{sid}/actions", {"type": "dismiss", "at": 1})
    for t in (1.1, 1.3):
        [c] = [v for v in views(server, sid, t) if v.get("role") == "popover"]
        assert abs(c["transform"]["a"] - (1 - 0.99 * uikit_spring(0.85, 0.51566, t - 1))) < 1e-6, t
    assert not by_role(views(server, sid, 2), "popover")
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    types = [e["type"] for e in server.get(f"/v1/sessions/{sid}/events").json()["events"]]
    assert types.count("completeTransition") == 2 and "viewDidDisappear" in types


def test_on_an_iphone_a_popover_is_the_sheet_card(server):
    scene = {"screen": {"device": "iPhone 15"}, "root": {"id": "home", "view": {"id": "root", "children": [{"id": "top"}]}}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": popover("top")}).json()
    assert out["transition"]["animator"] == "sheet"
    assert server.get(f"/v1/sessions/{sid}").json()["controllers"]["presented"]["modalPresentationStyle"] == "formSheet"
    assert not by_role(views(server, sid, 1), "popover")


@pytest.mark.parametrize("body, pointer", [
    ({"type": "present", "viewController": {"id": "m", "modalPresentationStyle": "popover"}}, "/viewController/popoverPresentation"),
    ({"type": "present", "modalPresentationStyle": "popover", "viewController": {"id": "m"}}, "/viewController/popoverPresentation"),
    ({"type": "present", "viewController": {**popover("nowhere")}}, "/viewController/popoverPresentation/sourceView"),
    ({"type": "present", "viewController": popover("top", ["sideways"])}, "/viewController/popoverPresentation/permittedArrowDirections/0"),
    ({"type": "present", "viewController": {**popover("top"), "preferredContentSize": {"width": -1, "height": 10}}},
     "/viewController/preferredContentSize/width"),
])
def test_bad_popovers_are_422s_at_their_members(server, body, pointer):
    sid = server.post("/v1/sessions", ipad_scene()).json()["id"]
    out = server.post(f"/v1/sessions/{sid}/actions", body)
    assert out.status_code == 422 and out.headers["Content-Type"].startswith("application/problem+json"), out.text
    assert out.json()["pointer"] == pointer


def test_a_tap_outside_dismisses_animated_and_tells_the_delegate(server):
    sid = server.post("/v1/sessions", ipad_scene()).json()["id"]
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "animated": False, "viewController": popover("top")})
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "tapOutside", "at": 1, "location": {"x": 40, "y": 900}})
    assert out.status_code == 200, out.text
    assert out.json()["transition"]["animator"] == "popover"
    # UIKit's shrink, 0.51566 s on damping 0.85, as a dismiss.
    [c] = [v for v in views(server, sid, 1.2) if v.get("role") == "popover"]
    assert abs(c["transform"]["a"] - (1 - 0.99 * uikit_spring(0.85, 0.51566, 0.2))) < 1e-6
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    events = [(e["type"], e.get("viewController")) for e in server.get(f"/v1/sessions/{sid}/events").json()["events"] if e["time"] >= 1]
    will = events.index(("presentationControllerWillDismiss", "menu"))
    assert events.index(("viewWillDisappear", "menu")) < will < events.index(("viewDidDisappear", "menu"))
    assert events[-1] == ("presentationControllerDidDismiss", "menu")
    assert server.get(f"/v1/sessions/{sid}").json()["controllers"].get("presented") is None


def test_a_tap_on_a_passthrough_view_leaves_the_popover(server):
    sid = server.post("/v1/sessions", ipad_scene()).json()["id"]
    menu = popover("top")
    menu["popoverPresentation"]["passthroughViews"] = ["bottom"]
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "animated": False, "viewController": menu})
    before = len(server.get(f"/v1/sessions/{sid}/events").json()["events"])
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "tapOutside", "location": {"x": 420, "y": 1020}})
    assert out.status_code == 200 and out.json()["events"] == [], out.text
    assert len(server.get(f"/v1/sessions/{sid}/events").json()["events"]) == before
    assert by_role(views(server, sid, 5), "popover")


def test_a_modal_popover_refuses_a_tap_outside(server):
    sid = server.post("/v1/sessions", ipad_scene()).json()["id"]
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "animated": False,
                                                 "viewController": {**popover("top"), "isModalInPresentation": True}})
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "tapOutside"}).json()
    assert [e["type"] for e in out["events"]] == ["presentationControllerDidAttemptToDismiss"]
    assert by_role(views(server, sid, 5), "popover")


@pytest.mark.parametrize("device, tap, status, where", [
    ("iPad (10th)", {"type": "tapOutside", "location": {"x": 300, "y": 200}}, 422, "/location"),
    ("iPad (10th)", {"type": "tapOutside", "animated": False}, 422, "/animated"),
    ("iPhone 15", {"type": "tapOutside"}, 409, "wrong-container"),
])
def test_what_a_tap_outside_refuses(server, device, tap, status, where):
    scene = ipad_scene() if device.startswith("iPad") else \
        {"screen": {"device": device}, "root": {"id": "home", "view": {"id": "root", "children": [{"id": "top"}]}}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "animated": False, "viewController": popover("top")})
    out = server.post(f"/v1/sessions/{sid}/actions", tap)
    assert out.status_code == status and out.headers["Content-Type"].startswith("application/problem+json"), out.text
    problem = out.json()
    assert problem.get("pointer") == where if status == 422 else problem["type"].endswith(where)
    assert server.get(f"/v1/sessions/{sid}").json()["controllers"]["presented"]["id"] == "menu"
