"""A harness on iOS 17: a plain present is a sheet; pulled down a little it comes back."""
import math


def sheet_spring(t, response=0.344144233, damping_ratio=1.0):
    """UIKit's sheet spring (`_UISheetPresentationMetrics -transitionSpringParametersHighSpeed:`):
    response 0.344144233 s, damping ratio 1 (0.8 after a release at 1000 pt/s or faster), from rest."""
    omega = 2 * math.pi / response
    if damping_ratio == 1:
        return 1 - (1 + omega * t) * math.exp(-omega * t)
    decay, wd = damping_ratio * omega, omega * (1 - damping_ratio ** 2) ** 0.5
    return 1 - math.exp(-decay * t) * (math.cos(wd * t) + decay / wd * math.sin(wd * t))


def test_present_pull_and_cancel_a_sheet_on_ios_17(server):
    scene = {"screen": {"device": "iPhone 15"},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": {"id": "s"}}).json()
    assert out["transition"]["animator"] == "sheet"

    def frames(t):
        views = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
        return {v.get("viewController") or v.get("role"): v for v in views if v["path"] == "" or v.get("role") == "dimming"}

    rest = frames(1)
    assert abs(rest["s"]["windowFrame"]["y"] - 0.08 * 852) < 1e-6
    assert abs(rest["nav"]["windowFrame"]["y"] - 0.07 * 852) < 1e-6 and rest["dimming"]["alpha"] == 0.1
    assert server.get(f"/v1/sessions/{sid}").json()["controllers"]["presented"]["modalPresentationStyle"] == "pageSheet"

    pull = [{"type": "gesture", "recognizer": "pan", "phase": phase, "at": t, "translation": {"x": 0, "y": dy},
             "velocity": {"x": 0, "y": 40}} for phase, t, dy in [("began", 1, 0), ("changed", 1.1, 200), ("ended", 1.2, 200)]]
    assert server.post(f"/v1/sessions/{sid}/actions", pull).status_code == 200
    assert abs(frames(1.15)["s"]["windowFrame"]["y"] - (0.08 * 852 + 200)) < 1e-6
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    assert abs(frames(2)["s"]["windowFrame"]["y"] - 0.08 * 852) < 1e-6
    types = [e["type"] for e in server.get(f"/v1/sessions/{sid}/events").json()["events"]]
    assert "presentationControllerWillDismiss" in types and "presentationControllerDidDismiss" not in types
    assert types.count("cancelInteractiveTransition") == 1


def test_the_card_and_the_covered_page_round_their_corners(server):
    """docs/reference.md § Sheets: the card's top corners 10 pt (UIKit's code); the page's from
    0.9 × 59 pt to 12 pt (Flutter's fit), on the sheet's spring."""
    scene = {"screen": {"device": "iPhone 15"},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": {"id": "s"}})

    def layer(t, controller):
        views = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
        return next(v for v in views if v.get("viewController") == controller and v["path"] == "")

    device = 0.9 * 59
    for t in (0.1, 0.25, 0.4):
        card = layer(t, "s")
        assert card["cornerRadius"] == 10 and card["maskedCorners"] == ["minXMinY", "maxXMinY"] and card["clipsToBounds"]
        page = layer(t, "nav")
        assert abs(page["cornerRadius"] - (device + (12 - device) * sheet_spring(t))) < 0.5
        assert "maskedCorners" not in page
    svg = server.get(f"/v1/sessions/{sid}/snapshot.svg", params={"t": 1}).text
    assert 'A10 10 0 0 1 ' in svg
    server.post(f"/v1/sessions/{sid}/actions", {"type": "dismiss", "at": 1})
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    assert "cornerRadius" not in layer(2, "nav")


def test_present_and_dismiss_run_one_spring(server):
    """docs/semantics.md § Modal presentation: the card, the covered page and the veil move on the
    sheet's spring, both ways, and the transition completes when it settles (0.506 s)."""
    scene = {"screen": {"device": "iPhone 15"},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": {"id": "s"}})
    h = 852
    for t in (0.05, 0.15, 0.3):
        views = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
        card = next(v for v in views if v.get("viewController") == "s" and v["path"] == "")
        page = next(v for v in views if v.get("viewController") == "nav" and v["path"] == "")
        veil = next(v for v in views if v.get("role") == "dimming")
        s = sheet_spring(t)
        assert abs(card["windowFrame"]["y"] - (h - 0.92 * h * s)) < 0.5, t
        assert abs(page["windowFrame"]["y"] - 0.07 * h * s) < 0.5 and abs(veil["alpha"] - 0.1 * s) < 0.002, t
    server.post(f"/v1/sessions/{sid}/clock", {"to": 1})
    events = server.get(f"/v1/sessions/{sid}/events").json()["events"]
    done = next(e for e in events if e["type"] == "completeTransition")
    assert 0.5 < done["time"] < 0.51
    server.post(f"/v1/sessions/{sid}/actions", {"type": "dismiss", "at": 1})
    views = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 1.2, "flat": "true"}).json()["views"]
    card = next(v for v in views if v.get("viewController") == "s" and v["path"] == "")
    assert abs(card["windowFrame"]["y"] - (0.08 * h + 0.92 * h * sheet_spring(0.2))) < 0.5


def test_select_detent_moves_the_sheet_and_dims_the_page(server):
    """docs/semantics.md § Modal presentation: medium (undimmed) to large on the sheet's spring."""
    scene = {"screen": {"device": "iPhone 15"},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    sheet = {"detents": ["medium", "large"], "largestUndimmedDetent": "medium"}
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": {"id": "s", "sheet": sheet}})
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "selectDetent", "viewController": "s", "detent": "large", "at": 1})
    assert out.status_code == 200, out.text
    h = 852
    for dt in (0.03, 0.1, 0.25):
        views = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 1 + dt, "flat": "true"}).json()["views"]
        card = next(v for v in views if v.get("viewController") == "s" and v["path"] == "")
        veil = next(v for v in views if v.get("role") == "dimming")
        s = sheet_spring(dt)
        assert abs(card["windowFrame"]["y"] - (0.54 * h + (0.08 - 0.54) * h * s)) < 0.5
        assert abs(veil["alpha"] - 0.1 * s) < 0.002
    state = server.get(f"/v1/sessions/{sid}").json()["controllers"]["presented"]
    assert state["selectedDetent"] == "large"
    # The app's change, not the user's: UIKit does not call the delegate, and neither do we.
    events = server.get(f"/v1/sessions/{sid}/events").json()["events"]
    assert [e for e in events if e["time"] >= 1] == []


def test_a_pull_moves_the_sheet_between_detents_and_dismisses_below_the_smallest(server):
    """docs/semantics.md § Modal presentation: the pan moves the card itself between detents, the
    release settles at the detent nearest where the card would coast (0.099 s × its velocity, UIKit's
    deceleration rate 0.99) on the sheet's spring; below medium the pull dismisses."""
    scene = {"screen": {"device": "iPhone 15"},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    sheet = {"detents": ["medium", "large"], "largestUndimmedDetent": "medium"}
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": {"id": "s", "sheet": sheet}})
    h = 852
    medium, large = 0.54 * h, 0.08 * h

    def pan(samples):
        out = server.post(f"/v1/sessions/{sid}/actions", [
            {"type": "gesture", "recognizer": "pan", "phase": phase, "at": t, "translation": {"x": 0, "y": dy},
             "velocity": {"x": 0, "y": vy}} for phase, t, dy, vy in samples])
        assert out.status_code == 200, out.text

    def views(t):
        shown = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
        card = next(v for v in shown if v.get("viewController") == "s" and v["path"] == "")
        return card, next(v for v in shown if v.get("role") == "dimming")

    # 150 pt up from medium at 900 pt/s: by position nearer medium, but it would coast 89.1 pt
    # more, to 152.8 pt from large and 239.1 pt from medium: large.
    pan([("began", 1, 0, 0), ("changed", 1.1, -150, -900)])
    card, veil = views(1.1)
    f = 150 / (medium - large)
    assert abs(card["windowFrame"]["y"] - (medium - 150)) < 1e-6 and abs(veil["alpha"] - 0.1 * f) < 1e-9
    pan([("ended", 1.2, -150, -900)])
    for dt in (0.05, 0.15):
        card, veil = views(1.2 + dt)
        s = sheet_spring(dt)
        assert abs(card["windowFrame"]["y"] - (medium - 150 + (large - medium + 150) * s)) < 0.5
        assert abs(veil["alpha"] - (0.1 * f + 0.1 * (1 - f) * s)) < 0.002
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    assert server.get(f"/v1/sessions/{sid}").json()["controllers"]["presented"]["selectedDetent"] == "large"
    # From large, 50 pt down at 1000 pt/s: it would coast to 149 pt below large, still nearer large,
    # which it has passed going down: one detent on, medium, on the spring damped 0.8.
    pan([("began", 2, 0, 0), ("changed", 2.05, 50, 1000), ("ended", 2.1, 50, 1000)])
    card, _ = views(2.1 + 0.3)
    assert abs(card["windowFrame"]["y"] - (large + 50 + (medium - large - 50) * sheet_spring(0.3, damping_ratio=0.8))) < 0.5
    assert card["windowFrame"]["y"] > medium, "the less damped spring overshoots"
    server.post(f"/v1/sessions/{sid}/clock", {"to": 3})
    assert server.get(f"/v1/sessions/{sid}").json()["controllers"]["presented"]["selectedDetent"] == "medium"
    # 300 pt below medium (300 / 391.92 of the medium card, past halfway): dismissed.
    pan([("began", 3, 0, 0), ("changed", 3.1, 300, 200), ("ended", 3.2, 300, 200)])
    server.post(f"/v1/sessions/{sid}/clock", {"to": 4})
    events = [(e["type"], e.get("detent")) for e in server.get(f"/v1/sessions/{sid}/events").json()["events"]
              if e["type"].startswith(("presentationController", "sheetPresentationController"))]
    assert events == [("sheetPresentationControllerDidChangeSelectedDetentIdentifier", "large"),
                      ("sheetPresentationControllerDidChangeSelectedDetentIdentifier", "medium"),
                      ("presentationControllerWillDismiss", None), ("presentationControllerDidDismiss", None)]
    assert "presented" not in server.get(f"/v1/sessions/{sid}").json()["controllers"]


def test_a_fast_release_of_the_pull_down_steps_on_from_1000_points_a_second(server):
    """docs/semantics.md § Modal presentation: 10 % down, released at 1000 pt/s, goes by velocity;
    at 999 pt/s it coasts to 22.6 % and stays."""
    for speed, goes in ((1000, True), (999, False)):
        scene = {"screen": {"device": "iPhone 15"},
                 "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
        sid = server.post("/v1/sessions", scene).json()["id"]
        server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": {"id": "s"}})
        dy = 0.1 * 0.92 * 852
        pull = [{"type": "gesture", "recognizer": "pan", "phase": phase, "at": t, "translation": {"x": 0, "y": y},
                 "velocity": {"x": 0, "y": speed}} for phase, t, y in [("began", 1, 0), ("changed", 1.05, dy), ("ended", 1.1, dy)]]
        out = server.post(f"/v1/sessions/{sid}/actions", pull)
        assert out.status_code == 200, out.text
        gesture = out.json()["transition"]["gesture"]
        assert (gesture["decision"], gesture["reason"]) == (("finish", "velocity") if goes else ("cancel", "threshold")), speed
        server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
        assert ("presented" in server.get(f"/v1/sessions/{sid}").json()["controllers"]) != goes


def test_select_detent_refusals(server):
    scene = {"screen": {"device": "iPhone 15"},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": {"id": "s", "sheet": {"detents": ["medium"]}}})
    undeclared = server.post(f"/v1/sessions/{sid}/actions", {"type": "selectDetent", "viewController": "s", "detent": "large", "at": 1})
    assert undeclared.status_code == 409
    problem = undeclared.json()
    assert problem["type"] == "/problems/detent-unavailable" and problem["pointer"] == "/detent" and problem["detents"] == ["medium"]
    assert server.get("/problems/detent-unavailable").status_code == 200
    unknown = server.post(f"/v1/sessions/{sid}/actions", {"type": "selectDetent", "viewController": "s", "detent": "half"})
    assert unknown.status_code == 422 and unknown.json()["pointer"] == "/detent"
    not_sheet = server.post(f"/v1/sessions/{sid}/actions", {"type": "selectDetent", "viewController": "nav", "detent": "medium"})
    assert not_sheet.status_code == 409 and not_sheet.json()["pointer"] == "/viewController"


def test_a_sheet_with_a_grabber(server):
    """docs/semantics.md § Modal presentation: 36 × 5 pt, centred, 5 pt below the card's top."""
    scene = {"screen": {"device": "iPhone 15"},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    sheet = {"detents": ["large"], "prefersGrabberVisible": True}
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": {"id": "s", "sheet": sheet}})
    views = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 1, "flat": "true"}).json()["views"]
    grabber = next(v for v in views if v.get("role") == "sheetGrabber")
    frame = grabber["windowFrame"]
    assert (frame["x"], frame["width"], frame["height"]) == ((393 - 36) / 2, 36, 5)
    assert abs(frame["y"] - (0.08 * 852 + 5)) < 1e-6
    assert grabber["cornerRadius"] == 2.5


def test_an_upward_pull_stretches_the_card_at_most_0_008_h(server):
    scene = {"screen": {"device": "iPhone 15"},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": {"id": "s"}})
    pull = [{"type": "gesture", "recognizer": "pan", "phase": phase, "at": t, "translation": {"x": 0, "y": dy},
             "velocity": {"x": 0, "y": -100}} for phase, t, dy in [("began", 1, 0), ("changed", 1.1, -40), ("ended", 1.2, -40)]]
    assert server.post(f"/v1/sessions/{sid}/actions", pull).status_code == 200

    def card(t):
        views = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
        return next(v for v in views if v.get("viewController") == "s" and v["path"] == "")["windowFrame"]

    stretched = card(1.15)
    assert abs(stretched["y"] - 0.072 * 852) < 1e-6 and abs(stretched["y"] + stretched["height"] - 852) < 1e-6
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    assert abs(card(2)["y"] - 0.08 * 852) < 1e-6


def test_a_form_sheet_on_an_ipad_is_a_centred_card(server):
    """docs/semantics.md § Modal presentation: UIKit's default size for a screen of 1180 pt,
    580 × 640 pt, centred, corners 10 pt, veil 0.4, the page untouched."""
    scene = {"screen": {"device": "iPad (10th)"},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "modalPresentationStyle": "formSheet", "viewController": {"id": "s"}})
    assert out.json()["transition"]["animator"] == "formSheet"
    views = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 1, "flat": "true"}).json()["views"]
    card = next(v for v in views if v.get("viewController") == "s" and v["path"] == "")
    page = next(v for v in views if v.get("viewController") == "nav" and v["path"] == "")
    veil = next(v for v in views if v.get("role") == "dimming")
    assert card["windowFrame"] == {"x": 120, "y": 270, "width": 580, "height": 640} and card["cornerRadius"] == 10
    assert "maskedCorners" not in card and veil["alpha"] == 0.4
    assert page["windowFrame"] == {"x": 0, "y": 0, "width": 820, "height": 1180} and "cornerRadius" not in page
    # The catalogue shows the smallest screens' size, which the session fills in from its screen.
    served = server.get("/v1/animators/formSheet").json()["parameters"]
    assert (served["width"], served["height"], served["cornerRadius"]) == (540, 600, 10)


def test_a_navigation_controller_in_a_sheet_lays_its_page_out_in_the_card(server):
    """docs/semantics.md § Views and layout: a presented container's views fill the frame its view
    is given. The card on an 800 × 600 screen is 552 pt tall from y 48 (0.92 and 0.08 of 600); at the
    medium detent 276 pt from y 324. The page followed the screen (600 pt) before."""
    scene = {"screen": {"width": 800, "height": 600, "iOS": 17}, "root": {"id": "home"}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    nav = {"type": "navigation", "id": "nav", "sheet": {"detents": ["medium", "large"]},
           "viewControllers": [{"id": "list", "title": "List", "view": {"id": "root", "kind": "table"}}]}
    assert server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": nav}).status_code == 200

    def frames(t):
        views = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
        found = {v.get("viewController"): v["windowFrame"] for v in views if v["path"] == "" and v.get("viewController")}
        found["content"] = next(v["windowFrame"] for v in views if v["id"] == "nav.container")
        return found

    def close(a, b):
        return all(abs(a[k] - b[k]) < 1e-6 for k in ("x", "y", "width", "height"))

    for t in (0.1, 0.3, 1):  # rising, then resting at medium
        f = frames(t)
        assert abs(f["nav"]["height"] - 276) < 1e-9
        assert close(f["list"], f["nav"]) and close(f["content"], f["nav"])
    assert close(frames(1)["list"], {"x": 0, "y": 324, "width": 800, "height": 276})
    server.post(f"/v1/sessions/{sid}/actions", {"type": "selectDetent", "at": 1, "viewController": "nav", "detent": "large"})
    for t in (1.05, 1.2):  # on the detent spring, the page resizes with the card
        f = frames(t)
        assert 276 < f["nav"]["height"] < 552.5 and close(f["list"], f["nav"])
    assert close(frames(2)["list"], {"x": 0, "y": 48, "width": 800, "height": 552})
