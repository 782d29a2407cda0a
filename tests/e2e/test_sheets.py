"""A harness on iOS 17: a plain present is a sheet; pulled down a little it comes back."""


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
    """docs/reference.md § Sheets: the card's top corners 12 pt; the page's from 0.9 × 59 pt to 12 pt."""
    scene = {"screen": {"device": "iPhone 15"},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "viewController": {"id": "s"}})

    def layer(t, controller):
        views = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": t, "flat": "true"}).json()["views"]
        return next(v for v in views if v.get("viewController") == controller and v["path"] == "")

    def linear_to_ease_out(x):  # cubic (0.35, 0.91, 0.33, 0.97), solved for x by bisection
        lo, hi = 0.0, 1.0
        for _ in range(60):
            u = (lo + hi) / 2
            bx = 3 * (1 - u) ** 2 * u * 0.35 + 3 * (1 - u) * u ** 2 * 0.33 + u ** 3
            lo, hi = (u, hi) if bx < x else (lo, u)
        return 3 * (1 - u) ** 2 * u * 0.91 + 3 * (1 - u) * u ** 2 * 0.97 + u ** 3

    device = 0.9 * 59
    for t in (0.1, 0.25, 0.4):
        card = layer(t, "s")
        assert card["cornerRadius"] == 12 and card["maskedCorners"] == ["minXMinY", "maxXMinY"] and card["clipsToBounds"]
        page = layer(t, "nav")
        assert abs(page["cornerRadius"] - (device + (12 - device) * linear_to_ease_out(t / 0.5))) < 0.5
        assert "maskedCorners" not in page
    svg = server.get(f"/v1/sessions/{sid}/snapshot.svg", params={"t": 1}).text
    assert 'A12 12 0 0 1 ' in svg
    server.post(f"/v1/sessions/{sid}/actions", {"type": "dismiss", "at": 1})
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    assert "cornerRadius" not in layer(2, "nav")


def critically_damped(t, omega=(1000 / 3) ** 0.5):
    """UIKit's system spring (mass 3, stiffness 1000, damping 500) as Core Animation runs it: critical."""
    import math
    return 1 - (1 + omega * t) * math.exp(-omega * t)


def test_select_detent_moves_the_sheet_and_dims_the_page(server):
    """docs/semantics.md § Modal presentation: medium (undimmed) to large on the system spring."""
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
        s = critically_damped(dt)
        assert abs(card["windowFrame"]["y"] - (0.54 * h + (0.08 - 0.54) * h * s)) < 0.5
        assert abs(veil["alpha"] - 0.1 * s) < 0.002
    state = server.get(f"/v1/sessions/{sid}").json()["controllers"]["presented"]
    assert state["selectedDetent"] == "large"
    # The app's change, not the user's: UIKit does not call the delegate, and neither do we.
    events = server.get(f"/v1/sessions/{sid}/events").json()["events"]
    assert [e for e in events if e["time"] >= 1] == []


def test_a_pull_moves_the_sheet_between_detents_and_dismisses_below_the_smallest(server):
    """docs/semantics.md § Modal presentation: the pan moves the card itself between detents, the
    release settles at the nearest detent on the system spring; below medium the pull dismisses."""
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

    # 250 pt up from medium, released slowly: nearer large (142 pt) than medium (250 pt).
    pan([("began", 1, 0, 0), ("changed", 1.1, -250, -300)])
    card, veil = views(1.1)
    f = 250 / (medium - large)
    assert abs(card["windowFrame"]["y"] - (medium - 250)) < 1e-6 and abs(veil["alpha"] - 0.1 * f) < 1e-9
    pan([("ended", 1.2, -250, -300)])
    for dt in (0.05, 0.15):
        card, veil = views(1.2 + dt)
        s = critically_damped(dt)
        assert abs(card["windowFrame"]["y"] - (medium - 250 + (large - medium + 250) * s)) < 0.5
        assert abs(veil["alpha"] - (0.1 * f + 0.1 * (1 - f) * s)) < 0.002
    server.post(f"/v1/sessions/{sid}/clock", {"to": 2})
    assert server.get(f"/v1/sessions/{sid}").json()["controllers"]["presented"]["selectedDetent"] == "large"
    # From large, 300 pt below medium (300 / 391.92 of the medium card, past 48 %): dismissed.
    pan([("began", 2, 0, 0), ("changed", 2.1, medium - large + 300, 200), ("ended", 2.2, medium - large + 300, 200)])
    server.post(f"/v1/sessions/{sid}/clock", {"to": 3})
    events = [(e["type"], e.get("detent")) for e in server.get(f"/v1/sessions/{sid}/events").json()["events"]
              if e["type"].startswith(("presentationController", "sheetPresentationController"))]
    assert events == [("sheetPresentationControllerDidChangeSelectedDetentIdentifier", "large"),
                      ("presentationControllerWillDismiss", None), ("presentationControllerDidDismiss", None)]
    assert "presented" not in server.get(f"/v1/sessions/{sid}").json()["controllers"]


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
    """docs/semantics.md § Modal presentation: 540 × 620 pt centred, veil 0.4, the page untouched."""
    scene = {"screen": {"device": "iPad (10th)"},
             "root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "a", "title": "A"}]}}
    sid = server.post("/v1/sessions", scene).json()["id"]
    out = server.post(f"/v1/sessions/{sid}/actions", {"type": "present", "modalPresentationStyle": "formSheet", "viewController": {"id": "s"}})
    assert out.json()["transition"]["animator"] == "formSheet"
    views = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": 1, "flat": "true"}).json()["views"]
    card = next(v for v in views if v.get("viewController") == "s" and v["path"] == "")
    page = next(v for v in views if v.get("viewController") == "nav" and v["path"] == "")
    veil = next(v for v in views if v.get("role") == "dimming")
    assert card["windowFrame"] == {"x": 140, "y": 280, "width": 540, "height": 620} and card["cornerRadius"] == 12
    assert "maskedCorners" not in card and veil["alpha"] == 0.4
    assert page["windowFrame"] == {"x": 0, "y": 0, "width": 820, "height": 1180} and "cornerRadius" not in page


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
