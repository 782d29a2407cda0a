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
