"""The navigation bar's own transition over HTTP (docs/semantics.md § Navigation bar transition).

The bar follows the transition's progress, so each frame's progress is read off the page that
moves with it (the pushed page's x is 320 · (1 − p)), and the bar's views are checked against
the numbers of the semantics: on this 320 pt screen "Things" and "Detail" are 51 pt wide, a title
rests centred (centre 160), a back button label at x 27 (centre 52.5), the chevron at x 8."""
from test_api import DETAIL, SCENE, create, find


def bar_views(shot):
    bar = next(child for child in find(shot["root"], "nav", "")["children"] if child.get("role") == "navigationBar")
    return {view["id"]: view for view in bar["children"]}


def center_x(view):
    return view["frame"]["x"] + view["frame"]["width"] / 2


def cubic(x1, y1, x2, y2, x):
    """A CSS / CAMediaTimingFunction cubic's y at x, by bisection on its x(t)."""
    lo, hi = 0.0, 1.0
    for _ in range(100):
        t = (lo + hi) / 2
        if 3 * (1 - t) ** 2 * t * x1 + 3 * (1 - t) * t * t * x2 + t ** 3 < x:
            lo = t
        else:
            hi = t
    t = (lo + hi) / 2
    return 3 * (1 - t) ** 2 * t * y1 + 3 * (1 - t) * t * t * y2 + t ** 3


def fade_in(p):
    """UIKit's fade-in of the coming item's views (`_UINavigationBarTransitionContext`)."""
    return cubic(0.75, 0.1, 0.75, 0.1, p)


def fade_out(p):
    """UIKit's fade-out of the outgoing item's views: 1 − its cubic."""
    return 1 - cubic(0.25, 0.9, 0.25, 0.9, p)


def check_bar(views, p, when):
    """The bar at push progress p: Things' title leaving for the back button's place, Detail's
    title coming from the trailing edge, the back button titled "Things", the first chevron."""
    things = next(v for v in views.values() if v["role"] == "navigationTitle" and v["text"] == "Things")
    detail = next(v for v in views.values() if v["role"] == "navigationTitle" and v["text"] == "Detail")
    back = next(v for v in views.values() if v["role"] == "backButton")
    chevron = views["nav.backIndicator"]
    expected = {
        "Things x": (center_x(things), 160 + (52.5 - 160) * p), "Things alpha": (things["alpha"], fade_out(p)),
        "Detail x": (center_x(detail), 320 - 160 * p), "Detail alpha": (detail["alpha"], fade_in(p)),
        "back x": (center_x(back), 160 + (52.5 - 160) * p), "back alpha": (back["alpha"], fade_in(p)),
        "chevron x": (center_x(chevron), 40.5 - 26 * p), "chevron alpha": (chevron["alpha"], fade_in(p)),
    }
    for name, (actual, want) in expected.items():
        assert abs(actual - want) < 1e-6, (when, name, actual, want)
    assert back["text"] == "Things" and chevron["role"] == "backIndicator"


def test_a_default_push_animates_the_bar_and_a_cancelled_interactive_pop_runs_it_back(server):
    sid = create(server, SCENE)
    assert server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL}).status_code == 200
    times = [0, 0.05, 0.1, 0.2, 0.3, 0.45]
    shots = server.get(f"/v1/sessions/{sid}/snapshots", params={"t": ",".join(map(str, times))}).json()["snapshots"]
    for t, shot in zip(times, shots):
        p = 1 - find(shot["root"], "detail", "")["frame"]["x"] / 320
        views = bar_views(shot)
        assert sorted(views) == ["nav.backButton.incoming", "nav.backIndicator", "nav.navigationTitle", "nav.navigationTitle.incoming"]
        check_bar(views, p, f"push at {t}")
    rest = bar_views(server.get(f"/v1/sessions/{sid}/snapshot", params={"t": "0.5"}).json())
    assert sorted(rest) == ["nav.backButton", "nav.backIndicator", "nav.navigationTitle"]
    assert rest["nav.navigationTitle"]["text"] == "Detail" and rest["nav.navigationTitle"]["frame"]["x"] == 134.5
    assert rest["nav.backButton"]["text"] == "Things" and rest["nav.backButton"]["frame"]["x"] == 27

    # An interactive pop held at 20 %, then cancelled: the bar runs back with the page.
    for action in [{"type": "pop", "interactive": True, "at": 1}, {"type": "update", "percent": 0.2, "at": 1.1},
                   {"type": "cancel", "at": 1.2}]:
        assert server.post(f"/v1/sessions/{sid}/actions", action).status_code == 200, action
    times = [1.15, 1.2, 1.23, 1.26, 1.29]  # the cancel runs τ from 0.1 back to 0 in 0.1 s
    shots = server.get(f"/v1/sessions/{sid}/snapshots", params={"t": ",".join(map(str, times))}).json()["snapshots"]
    detail = []
    for t, shot in zip(times, shots):
        q = find(shot["root"], "detail", "")["frame"]["x"] / 320  # the popped page's progress
        views = bar_views(shot)
        check_bar(views, 1 - q, f"pop at {t}")
        detail.append((views["nav.navigationTitle"]["alpha"], center_x(views["nav.navigationTitle"])))
    assert shots[0]["transition"]["phase"] == "interactive" and shots[2]["transition"]["phase"] == "cancelling"
    # Detail's title comes back as the cancel runs: more opaque, nearer the middle, every frame.
    assert 0 < detail[1][0] < detail[2][0] < detail[3][0] < detail[4][0] <= 1
    assert detail[1][1] > detail[2][1] > detail[3][1] > detail[4][1] >= 160
    end = server.get(f"/v1/sessions/{sid}/snapshot", params={"t": "1.5"}).json()
    assert end["transition"]["phase"] == "cancelled"
    assert {v["id"]: (v["text"], v["alpha"]) for v in bar_views(end).values() if "text" in v} == {
        "nav.navigationTitle": ("Detail", 1), "nav.backButton": ("Things", 1)}
