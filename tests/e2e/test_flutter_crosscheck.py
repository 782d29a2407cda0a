"""Flutter's Cupertino tests as a cross-check (docs/reference.md § Flutter cross-check).

Each case transcribes one expectation of `packages/flutter/test/cupertino/route_test.dart`,
`sheet_test.dart` or `nav_bar_transition_test.dart` at one revision, flutter/flutter's tree as
stored in chingjun/flutter at 2bbcaf6be639c398108daa2ef557b20927e4cedd (the three files and
`cupertino/route.dart`, `sheet.dart` and `nav_bar.dart` at that commit), that the service can
express: the Flutter test's name, the number it expects, its tolerance, and the same scenario in
our API on Flutter's test surface (800 × 600 at scale 1). Flutter's numbers are facts; the code
here is ours. An expectation the service answers otherwise on purpose is an expected difference
(`xfail`, strict, so that it fails the suite if it starts passing), and its reason is one line of
that section, keyed as here (`test_every_expected_difference_is_documented`).
"""
import re
from pathlib import Path

import pytest

ROUTE, SHEET, NAV_BAR = "route_test.dart", "sheet_test.dart", "nav_bar_transition_test.dart"
SCREEN = {"width": 800, "height": 600, "scale": 1}
SHEET_SCREEN = {**SCREEN, "iOS": 17}  # sheets are iOS 13 and later; the default screen is iOS 7

# The expected differences, by key (each is one line of docs/reference.md § Flutter cross-check):
# what the service does, what Flutter does, and what UIKit's code or a measurement says.
DIFFERENCES = {
    "parallax": "the covered page moves W - round(0.7 W) on the incoming page's curve, as UIKit's code does "
                "(iOS 18.2 _UINavigationParallaxTransition -parallaxOffset: round(0.7 x the container's width)); "
                "Flutter's moves W/3 on linearToEaseOut (_kMiddleLeftTween)",
    "cover-vertical": "a full-screen presentation rises on the push's fastEaseInToSlowEaseOut, borrowed from the push; "
                      "Flutter's fullscreen dialog rises on linearToEaseOut, eyeballed; neither is measured on a device",
    "interrupted": "a push, pop or dismiss while a transition runs, a back swipe or sheet pull dragged or settling included, "
                   "is a 409 (a pop during a back swipe, nothing-to-pop); Flutter lets it interrupt; UIKit's iOS 18.2 "
                   "_UINavigationParallaxTransition has a hand-off (shouldPreemptWithContext:, preemptWithContext:) behind "
                   "+[UIView _fluidParallaxTransitionsEnabledWithTraitCollection:], whose default the decompile does not show",
    "dimming": "the covered page dims to black at 0.1, UIKit's own (iOS 18.2 _UIParallaxDimmingView); "
               "Flutter's barrier is 0x18000000 (24/255, about 0.094, 'a relatively rigorous eyeball estimation')",
    "stacked-sheet": "a sheet over a sheet keeps its bottom at the screen's, so it is 0.02 of its height taller than the first; "
                     "Flutter slides a card as tall as the first 0.02 higher (_kBottomUpTweenWhenCoveringOtherSheet, "
                     "eyeballed on an iOS 18.0 simulator); no UIKit code or measurement of stacked sheets was read",
    "bar-fades": "each bar label fades linearly in the push's progress inside Flutter's windows; Flutter eases each fade "
                 "in its window and runs the bar's flight on curves of its own, eyeballed on an iOS 17.5 simulator "
                 "(_kBottomNavBarHeaderTransitionCurve, _kTopNavBarHeaderTransitionCurve); UIKit's own fades are in its "
                 "code (the fade blocks of iOS 18.2's _UINavigationBarTransitionContext), which the service does not follow yet",
    "chevron": "the chevron is an estimated 13 x 21 pt at (8, 11.5), stays in place when both items have one and slides in "
               "26 pt from the right when only the new one has; Flutter's is a 34 pt test-font glyph at (14, 7) that slides "
               "in from far right and cross-fades with the old one; in iOS 18.2's _UINavigationBarTransitionContextPush only "
               "a first back button's indicator view moves (behind a large title: from 7 pt right, 5 pt down, scale 0.7, alpha 0)",
    "curve-solving": "Flutter solves a cubic only to within 0.001 of its input (Cubic._cubicErrorBound), the service exactly, "
                     "so steep stretches differ by up to 1.4 pt",
    "text-metrics": "text is 8.5 pt a character without fonts and a large title's line is 41 pt (Apple's Large Title leading), "
                    "where Flutter measures its test font (a 34 pt line): positions that depend on text size differ",
    "bar-timing": "the bar's views move with the push's own progress (the slide's curve), as UIKit runs the bar alongside the "
                  "transition; Flutter's bar is a hero flying on curves of its own (eyeballed on an iOS 17.5 simulator), so "
                  "mid-flight positions and opacities differ while the paths agree",
    "large-title-box": "the flying large title and back label are their labels scaled, box and text together (as iOS 18.2's "
                       "_UINavigationBarTransitionContextPush -_prepareScaleTransition scales the large title towards the "
                       "back button); Flutter keeps each box and tweens the text style in it",
}


def expected_difference(key):
    return pytest.mark.xfail(strict=True, reason=f"docs/reference.md § Flutter cross-check, {key}: {DIFFERENCES[key]}")


def case(flutter_test, file, what, *args, differs=None):
    """One Flutter expectation: `what` names the number, `args` feed the test function."""
    return pytest.param(*args, id=f"{file}: {flutter_test}: {what}",
                        marks=[expected_difference(differs)] if differs else [])


class Session:
    """A session of the service on Flutter's test surface."""

    def __init__(self, server, scene):
        self.server = server
        r = server.post("/v1/sessions", scene)
        assert r.status_code == 201, r.text
        self.id = r.json()["id"]

    def act(self, actions):
        return self.server.post(f"/v1/sessions/{self.id}/actions", actions)

    def ok(self, actions):
        r = self.act(actions)
        assert r.status_code == 200, r.text
        return r.json()

    def views(self, t):
        r = self.server.get(f"/v1/sessions/{self.id}/snapshot", params={"t": t, "flat": "true"})
        assert r.status_code == 200, r.text
        return r.json()["views"]

    def state_at(self, t):
        """The session's state once its clock is at `t`."""
        assert self.server.post(f"/v1/sessions/{self.id}/clock", {"to": t}).status_code == 200
        return self.server.get(f"/v1/sessions/{self.id}").json()

    def page(self, t, controller):
        """The window frame of `controller`'s view at `t`, or None when it is not in the window."""
        found = [v for v in self.views(t) if v.get("viewController") == controller and v["path"] == ""]
        return found[0]["windowFrame"] if found else None

    def role(self, t, role, incoming=None):
        """The bar view with `role` at `t`: the coming item's (`.incoming`), the one in place, or
        (None) the first of either."""
        found = [v for v in self.views(t) if v.get("role") == role
                 and incoming in (None, v["id"].endswith(".incoming"))]
        return found[0] if found else None


def slug(title):
    return title.lower().replace(" ", "-")


def navigation(server, *titles):
    """A navigation controller showing the last of `titles`, each a controller with that title
    whose id is the title in lower case, spaces as dashes."""
    return Session(server, {"screen": SCREEN, "root": {"type": "navigation", "id": "nav", "viewControllers": [
        {"id": slug(t), "title": t} for t in titles]}})


def swipe(session, *xs, at=0, end=True):
    """UIKit's own back swipe: `began`, a `changed` at each x, then `ended` at the last x."""
    samples = [{"type": "gesture", "recognizer": "edgePan", "phase": "began", "at": at, "translation": {"x": 0, "y": 0}}]
    samples += [{"type": "gesture", "recognizer": "edgePan", "phase": "changed", "at": at, "translation": {"x": x, "y": 0}}
                for x in xs]
    if end:
        samples.append({"type": "gesture", "recognizer": "edgePan", "phase": "ended", "at": at,
                        "translation": {"x": xs[-1] if xs else 0, "y": 0}})
    session.ok(samples)


def near(value, expected, tolerance):
    assert value is not None and abs(value - expected) <= tolerance, f"{value} is not {expected} ± {tolerance}"


# route_test.dart ---------------------------------------------------------------------------

PUSH = [  # 'Animated push/pop is not linear': (ms after the push, page, x, ± 1)
    case("Animated push/pop is not linear", ROUTE, f"{page} at {ms} ms", ms, page, x,
         differs="parallax" if page == "1" else None)
    for ms, page, x in [(50, "1", -69), (50, "2", 609), (100, "1", -136), (100, "2", 362), (150, "1", -191), (150, "2", 192)]]


@pytest.mark.parametrize("ms, page, x", PUSH)
def test_an_animated_push(server, ms, page, x):
    s = navigation(server, "1")
    s.ok({"type": "push", "viewController": {"id": "2", "title": "2"}})
    near(s.page(ms / 1000, page)["x"], x, 1)


POP = [
    case("Animated push/pop is not linear", ROUTE, f"{page} at {ms} ms of the pop", ms, page, x,
         differs="parallax" if page == "1" else "curve-solving" if ms == 150 else None)
    for ms, page, x in [(50, "1", -197), (50, "2", 190), (100, "1", -129), (100, "2", 437), (150, "1", -74), (150, "2", 607)]]


@pytest.mark.parametrize("ms, page, x", POP)
def test_an_animated_pop(server, ms, page, x):
    s = navigation(server, "1", "2")
    s.ok({"type": "pop"})
    near(s.page(ms / 1000, page)["x"], x, 1)


DRAGGED = [
    case("Dragged pop gesture is linear", ROUTE, f"{page} under a {drag} pt drag", drag, page, x, tolerance,
         differs="parallax" if page == "1" else None)
    for drag, page, x, tolerance in [(100, "1", -233, 1), (100, "2", 100, 1e-10), (200, "1", -200, 1e-10),
                                     (200, "2", 200, 1e-10), (300, "1", -166, 1), (300, "2", 300, 1e-10)]]


@pytest.mark.parametrize("drag, page, x, tolerance", DRAGGED)
def test_a_dragged_swipe_follows_the_finger(server, drag, page, x, tolerance):
    s = navigation(server, "1", "2")
    swipe(s, drag, end=False)
    near(s.page(0, page)["x"], x, tolerance)


SNAPPING = [
    case("Pop gesture snapping is not linear", ROUTE, f"{page} {ms} ms after release", ms, page, x, tolerance,
         differs="parallax" if page == "1" else None)
    for ms, page, x, tolerance in [(0, "1", -100, 1e-10), (0, "2", 500, 1e-10), (50, "1", -61, 1), (50, "2", 614, 1),
                                   (100, "1", -26, 1), (100, "2", 721, 1)]]


@pytest.mark.parametrize("ms, page, x, tolerance", SNAPPING)
def test_a_released_swipe_snaps(server, ms, page, x, tolerance):
    s = navigation(server, "1", "2")
    swipe(s, 500)
    near(s.page(ms / 1000, page)["x"], x, tolerance)


@pytest.mark.parametrize("drag, popped", [
    case("Snapped drags forwards and backwards should signal didStart/StopUserGesture", ROUTE,
         "a 100 pt drag is back at 0 after 351 ms", 100, False),
    case("Snapped drags forwards and backwards should signal didStart/StopUserGesture", ROUTE,
         "a 500 pt drag has popped after 351 ms", 500, True)])
def test_a_snapped_drag_settles_within_351_ms(server, drag, popped):
    s = navigation(server, "1", "2")
    swipe(s, drag)
    near(s.page(0, "2")["x"], drag, 1e-10)
    if popped:
        assert s.page(0.351, "2") is None
        near(s.page(0.351, "1")["x"], 0, 1e-10)
    else:
        near(s.page(0.351, "2")["x"], 0, 1e-10)
        assert s.page(0.351, "1") is None


@pytest.mark.parametrize("xs, popped", [
    case("test edge swipe then drop back at ending point works", ROUTE, "dropped at the width, popped at once", [800], True),
    case("test edge swipe then drop back at starting point works", ROUTE, "dropped at the edge, nothing popped or moving",
         [300, 0], False)])
def test_a_swipe_dropped_at_either_end_is_over_at_once(server, xs, popped):
    s = navigation(server, "1", "2")
    swipe(s, *xs)
    for t in (0, 0.1, 0.3, 0.6):
        assert (s.page(t, "2") is None) == popped and (s.page(t, "1") is None) != popped
        if not popped:
            near(s.page(t, "2")["x"], 0, 1e-10)
    assert s.state_at(1)["controllers"]["viewControllers"][-1]["id"] == ("1" if popped else "2")


def test_during_a_swipe_the_pages_are_where_flutter_has_them(server):
    """'During back swipe the route ignores input' (route_test.dart): the page at 400, home left of 0."""
    s = navigation(server, "home", "page")
    swipe(s, 400, end=False)
    near(s.page(0, "page")["x"], 400, 1e-10)
    near(s.page(0, "page")["y"], 0, 1e-10)
    assert s.page(0, "home")["x"] < 0


def test_a_swipe_dropped_at_half_pops_and_is_at_789_after_210_ms(server):
    """'Back swipe dismiss interrupted by route push' (route_test.dart), before the push."""
    s = navigation(server, "push", "route")
    swipe(s, 400)
    near(s.page(0, "route")["x"], 400, 1e-10)
    assert s.page(0, "push")["x"] < 0
    near(s.page(0.21, "route")["x"], 789, 1)
    near(s.page(1, "push")["x"], 0, 1e-10)
    assert s.page(1, "route") is None


INTERRUPTED = [
    case("Back swipe dismiss interrupted by route push", ROUTE, "a push 210 ms into the settle goes on top",
         [400], True, 0.21, "push", differs="interrupted"),
    case("Back swipe less than halfway is interrupted by route pop", ROUTE, "a pop while dragged pops",
         [100], False, 0, "pop", differs="interrupted"),
    case("Back swipe more than halfway is interrupted by route pop", ROUTE, "a pop while dragged pops",
         [500], False, 0, "pop", differs="interrupted"),
    case("Back swipe less than halfway is interrupted by route push", ROUTE, "a push while dragged goes on top",
         [100], False, 0, "push", differs="interrupted"),
    case("Back swipe more than halfway is interrupted by route push", ROUTE, "a push while dragged goes on top",
         [500], False, 0, "push", differs="interrupted"),
]


@pytest.mark.parametrize("xs, released, at, operation", INTERRUPTED)
def test_a_swipe_interrupted_by_the_app(server, xs, released, at, operation):
    s = navigation(server, "1", "2")
    swipe(s, *xs, end=released)
    action = {"type": "pop", "at": at} if operation == "pop" else {"type": "push", "at": at, "viewController": {"id": "3"}}
    r = s.act(action)
    assert r.status_code == 200, r.text
    top = "1" if operation == "pop" else "3"
    near(s.page(at + 2, top)["x"], 0, 1e-10)


PARALLAX = [
    case("CupertinoPageRoute has parallax when non fullscreenDialog route is pushed on top", ROUTE,
         f"the covered page at {ms} ms", ms, x, 1, differs="parallax" if abs(x) > 1 else None)
    for ms, x in [(0, 0.0), (40, -55), (80, -111), (120, -161), (160, -200), (200, -226), (240, -242), (280, -251),
                  (320, -257), (360, -261), (400, -263), (450, -265), (500, -266)]]


@pytest.mark.parametrize("ms, x, tolerance", PARALLAX)
def test_the_covered_page_moves_in_parallax(server, ms, x, tolerance):
    s = navigation(server, "1")
    s.ok({"type": "push", "viewController": {"id": "2"}})
    # Flutter reads the page at 500 ms after the transition's last frame; ours has put it away.
    near(s.page(min(ms, 499.9) / 1000, "1")["x"], x, tolerance)


PARALLAX_BACK = [
    case("CupertinoPageRoute has parallax when non fullscreenDialog route is pushed on top", ROUTE,
         f"the covered page {ms} ms into the pop", ms, x, differs="parallax" if abs(x) > 1 else None)
    for ms, x in [(50, -197), (100, -129), (140, -83), (500, 0)]]


@pytest.mark.parametrize("ms, x", PARALLAX_BACK)
def test_the_covered_page_comes_back_in_parallax(server, ms, x):
    s = navigation(server, "1", "2")
    s.ok({"type": "pop"})
    near(s.page(ms / 1000, "1")["x"], x, 1)


@pytest.mark.parametrize("ms", [
    case("Interrupted push", ROUTE, "a pop 400 ms into a push reverses it (the covered page back at 0 after 400 ms)",
         400, differs="interrupted")])
def test_a_push_interrupted_by_a_pop(server, ms):
    s = navigation(server, "1")
    s.ok({"type": "push", "viewController": {"id": "2"}})
    r = s.act({"type": "pop", "at": ms / 1000})
    assert r.status_code == 200, r.text
    near(s.page(2 * ms / 1000, "1")["x"], 0, 1)


ENTER = [(40, 475.6), (80, 350.0), (120, 237.4), (160, 149.2), (200, 89.5), (240, 54.4), (280, 33.2), (320, 20.4),
         (360, 12.6), (400, 7.4), (450, 3), (500, 0)]
EXIT = [(50, 156.3), (100, 308.1), (140, 411.03), (180, 484.35), (220, 530.67), (260, 557.61), (300, 573.88),
        (340, 583.86), (380, 590.26), (420, 594.58), (460, 597.66), (500, 600.0)]
FULLSCREEN = [
    case("Fullscreen route animates correct transform values over time", ROUTE, f"{way} at {ms} ms", way, ms, y,
         differs=None if ms == 500 else "cover-vertical")
    for way, points in [("enter", ENTER), ("exit", EXIT)] for ms, y in points]


@pytest.mark.parametrize("way, ms, y", FULLSCREEN)
def test_a_fullscreen_dialog_slides_up(server, way, ms, y):
    s = navigation(server, "1")
    s.ok({"type": "present", "viewController": {"id": "dialog"}, "modalPresentationStyle": "fullScreen"})
    start = 0
    if way == "exit":
        start = 1
        s.ok({"type": "dismiss", "at": start})
    # Flutter's last frame is the presented page's resting place (at the end of a dismissal, the
    # screen's bottom), where ours has already taken it away.
    frame = s.page(start + min(ms, 499.9) / 1000, "dialog")
    near(frame["y"], y, 0.1)


@pytest.mark.parametrize("ms", [
    case("CupertinoPageRoute has no parallax when fullscreenDialog route is pushed on top", ROUTE,
         f"the covered page at {ms} ms", ms) for ms in range(40, 440, 40)])
def test_a_fullscreen_dialog_moves_nothing_under_it(server, ms):
    s = navigation(server, "1")
    s.ok({"type": "present", "viewController": {"id": "dialog"}, "modalPresentationStyle": "fullScreen"})
    assert s.page(ms / 1000, "1")["x"] == 0.0
    s.ok({"type": "dismiss", "at": 1})
    assert s.page(1 + ms / 1000, "1")["x"] == 0.0


def test_a_fullscreen_dialog_leaves_the_bar_title_in_place(server):
    """'fullscreen routes do not transition previous route' (route_test.dart)."""
    s = navigation(server, "Page 1")
    before = s.role(0, "navigationTitle", False)["windowFrame"]["x"]
    s.ok({"type": "present", "viewController": {"id": "dialog"}, "modalPresentationStyle": "fullScreen"})
    assert s.role(0.1, "navigationTitle", False)["windowFrame"]["x"] == before


@pytest.mark.parametrize("alpha", [
    case("when route is not fullscreenDialog, it has a barrierColor", ROUTE, "the barrier 0x18000000", 24 / 255,
         differs="dimming")])
def test_the_covered_page_is_dimmed(server, alpha):
    s = navigation(server, "1")
    s.ok({"type": "push", "viewController": {"id": "2"}})
    dimming = [v for v in s.views(0.4999) if v.get("role") == "dimming"]
    near(dimming[0]["alpha"], alpha, 0.001)


@pytest.mark.parametrize("titles, role, x", [
    case("Middle auto-populates with title", ROUTE, "the title centred", ["root", "An iPod"], "navigationTitle", 400.0),
    case("Leading auto-populates with back button with previous title", ROUTE, "the title centred",
         ["root", "An iPod", "A Phone"], "navigationTitle", 400.0),
])
def test_the_title_is_centred(server, titles, role, x):
    s = navigation(server, *titles)
    frame = s.role(0, role, False)["windowFrame"]
    assert frame["x"] + frame["width"] / 2 == x


@pytest.mark.parametrize("titles, text", [
    case("Leading auto-populates with back button with previous title", ROUTE, "the back label is the previous title",
         ["root", "An iPod", "A Phone"], "An iPod"),
    case("Previous title stays up to date with changing routes", ROUTE, "a title too long is 'Back'",
         ["root", "An Internet communicator", "A Phone"], "Back"),
])
def test_the_back_label(server, titles, text):
    s = navigation(server, *titles)
    assert s.role(0, "backButton", False)["text"] == text


@pytest.mark.parametrize("titles", [
    case("Leading auto-populates with back button with previous title", ROUTE, "the back label at 8 + 4 + 34 + 6 pt",
         ["root", "An iPod", "A Phone"], differs="chevron"),
    case("Previous title stays up to date with changing routes", ROUTE, "the back label at 8 + 4 + 34 + 6 pt",
         ["root", "An Internet communicator", "A Phone"], differs="chevron"),
])
def test_the_back_label_follows_the_chevron(server, titles):
    s = navigation(server, *titles)
    near(s.role(0, "backButton", False)["windowFrame"]["x"], 8.0 + 4.0 + 34.0 + 6.0, 0.5)


# sheet_test.dart ---------------------------------------------------------------------------

def sheet_session(server):
    """A navigation controller `nav` holding `page1`, with the sheet `s` presented at 0 and at rest by 1."""
    s = Session(server, {"screen": SHEET_SCREEN, "root": {"type": "navigation", "id": "nav", "viewControllers": [
        {"id": "page1"}]}})
    s.ok({"type": "present", "viewController": {"id": "s"}})
    return s


def pull(session, *dys, at=1, velocity=0, end=True):
    samples = [{"type": "gesture", "recognizer": "pan", "phase": "began", "at": at, "translation": {"x": 0, "y": 0}}]
    samples += [{"type": "gesture", "recognizer": "pan", "phase": "changed", "at": at, "translation": {"x": 0, "y": dy},
                 "velocity": {"x": 0, "y": velocity}} for dy in dys]
    if end:
        samples.append({"type": "gesture", "recognizer": "pan", "phase": "ended", "at": at,
                        "translation": {"x": 0, "y": dys[-1]}, "velocity": {"x": 0, "y": velocity}})
    session.ok(samples)


def test_a_sheet_does_not_cover_the_whole_screen(server):
    """'Sheet route does not cover the whole screen' and 'sheet uses default topGap when not
    specified' (sheet_test.dart): the card's top at 0.08 × 600 = 48.0 exactly."""
    s = sheet_session(server)
    assert s.page(1, "s")["y"] == 600.0 * 0.08


def test_the_page_under_a_sheet_moves_down_and_in(server):
    """'Previous route moves slight downward when sheet route is pushed' (sheet_test.dart)."""
    s = sheet_session(server)
    page, card = s.page(1, "nav"), s.page(1, "s")
    assert page["y"] > 0.0 and page["x"] > 0.0 and card["y"] > page["y"]


def test_a_covered_sheet_moves_slightly_up(server):
    """'If a sheet covers another sheet, then the previous sheet moves slightly upwards' (sheet_test.dart)."""
    s = sheet_session(server)
    before = s.page(1, "s")["y"]
    s.ok({"type": "present", "viewController": {"id": "s2"}, "at": 1})
    after = s.page(2, "s")["y"]
    assert before > 0.0 and before > after


@pytest.mark.parametrize("height", [
    case("If a sheet covers another sheet, then the previous sheet moves slightly upwards", SHEET,
         "(cupertino/sheet.dart's geometry) the new card as tall as the first, 552 pt", 552.0, differs="stacked-sheet")])
def test_a_sheet_over_a_sheet_is_as_tall_as_the_first(server, height):
    s = sheet_session(server)
    s.ok({"type": "present", "viewController": {"id": "s2"}, "at": 1})
    card = s.page(2, "s2")
    near(card["y"], 48 - 0.02 * 552, 1e-9)
    near(card["height"], height, 1e-9)


def test_a_short_drag_does_not_pop_the_sheet(server):
    """'partial drag and drop does not pop the sheet' (sheet_test.dart): 200 pt down, released."""
    s = sheet_session(server)
    initial = s.page(1, "s")["y"]
    pull(s, 200, end=False)
    middle = s.page(1, "s")["y"]
    assert middle > initial
    pull_end = {"type": "gesture", "recognizer": "pan", "phase": "ended", "at": 1, "translation": {"x": 0, "y": 200}}
    s.ok(pull_end)
    final = s.page(2, "s")["y"]
    assert final < middle and final == initial


@pytest.mark.parametrize("flutter_test", [
    case("dropping the drag further down the page pops the sheet", SHEET, "350 pt down pops", 0),
    case("Sheet transition does not interfere after popping", SHEET, "350 pt down pops", 1),
    case("drag dismiss uses route navigator instead of root navigator", SHEET, "350 pt down pops", 2)])
def test_a_long_drag_pops_the_sheet(server, flutter_test):
    s = sheet_session(server)
    pull(s, 350)
    assert s.page(2, "s") is None
    assert s.state_at(2)["controllers"].get("presented") is None


def test_a_sheet_that_refuses_the_drag_does_not_move(server):
    """'dragging does not move the sheet when enableDrag is false' (sheet_test.dart), as a sheet
    with isModalInPresentation: middle == initial, final == initial."""
    s = Session(server, {"screen": SHEET_SCREEN, "root": {"type": "navigation", "id": "nav", "viewControllers": [
        {"id": "page1"}]}})
    s.ok({"type": "present", "viewController": {"id": "s", "isModalInPresentation": True}})
    initial = s.page(1, "s")["y"]
    pull(s, 200, end=False)
    assert s.page(1, "s")["y"] == initial
    s.ok({"type": "gesture", "recognizer": "pan", "phase": "ended", "at": 1, "translation": {"x": 0, "y": 200}})
    assert s.page(2, "s")["y"] == initial


def test_an_upward_drag_stretches_and_returns(server):
    """'partial upward drag stretches and returns without popping' (sheet_test.dart): 100 pt up."""
    s = sheet_session(server)
    initial = s.page(1, "s")["y"]
    pull(s, -100, end=False)
    assert s.page(1, "s")["y"] < initial
    s.ok({"type": "gesture", "recognizer": "pan", "phase": "ended", "at": 1, "translation": {"x": 0, "y": -100}})
    for t in (1.5, 2, 3):  # settled, and nothing moves after (issue 30, item 1)
        assert s.page(t, "s")["y"] == initial


def nested_sheet_session(server):
    """Flutter's sheet with nested navigation: a navigation controller `inner` (holding `page2`)
    presented as the sheet, at rest by 1."""
    s = Session(server, {"screen": SHEET_SCREEN, "root": {"type": "navigation", "id": "nav", "viewControllers": [
        {"id": "page1"}]}})
    s.ok({"type": "present", "viewController": {"type": "navigation", "id": "inner", "viewControllers": [{"id": "page2"}]}})
    return s


def test_a_page_pushed_in_a_sheet_stays_in_the_sheet(server):
    """'useNestedNavigation set to true enables nested navigation' (sheet_test.dart): the pushed
    page's top is the sheet page's, below the screen's top."""
    s = nested_sheet_session(server)
    page2 = s.page(1, "page2")["y"]
    s.ok({"type": "push", "container": "inner", "viewController": {"id": "page3"}, "at": 1})
    assert page2 > 0.0 and s.page(2, "page3")["y"] == page2 and s.page(2, "page2") is None


def test_a_sheet_with_pushed_pages_goes_with_one_drag(server):
    """'dismissing with a drag pops all nested routes' (sheet_test.dart): 350 pt down."""
    s = nested_sheet_session(server)
    s.ok({"type": "push", "container": "inner", "viewController": {"id": "page3"}, "at": 1})
    pull(s, 350, at=2)
    assert s.page(3, "page2") is None and s.page(3, "page3") is None
    assert s.state_at(3)["controllers"].get("presented") is None


def test_a_sheet_dismissed_in_code_puts_the_page_back(server):
    """'useNestedNavigation handles programmatic pops' (sheet_test.dart): the page under the sheet
    is moved down, then back at the top of the screen when the sheet goes."""
    s = nested_sheet_session(server)
    assert s.page(0, "page1")["y"] == 0.0 and s.page(1, "page1")["y"] > 0.0
    s.ok({"type": "dismiss", "at": 1})
    assert s.page(2, "page1")["y"] == 0.0 and s.page(2, "page2") is None


@pytest.mark.parametrize("dy", [
    case("Popping the sheet during drag should not crash", SHEET, "a dismiss while dragged takes the sheet away", 300,
         differs="interrupted")])
def test_a_sheet_dismissed_while_dragged(server, dy):
    s = sheet_session(server)
    pull(s, dy, end=False)
    r = s.act({"type": "dismiss", "at": 1})
    assert r.status_code == 200, r.text
    assert s.page(3, "s") is None


# nav_bar_transition_test.dart (the inline bar; large titles are issue 31) --------------------

def bar_push(server):
    """Flutter's startTransitionBetween: 'Page 1' at rest above a root, then a push of an untitled page."""
    s = navigation(server, "root", "Page 1")
    s.ok({"type": "push", "viewController": {"id": "page2"}})
    return s


OPACITIES = [
    case("Bottom middle and top back label transitions their font", NAV_BAR, f"{which} at {ms} ms", ms, role, incoming,
         alpha, differs=differs)
    for ms, which, role, incoming, alpha, differs in [
        (50, "bottom middle", "navigationTitle", False, 0.9404401779174805, "bar-fades"),
        (50, "top back label", "backButton", True, 0.0, None),
        (250, "bottom middle", "navigationTitle", False, 0.0, None),
        (250, "top back label", "backButton", True, 0.5292819738388062, "bar-fades")]]


@pytest.mark.parametrize("ms, role, incoming, alpha", OPACITIES)
def test_the_bar_labels_fade(server, ms, role, incoming, alpha):
    s = bar_push(server)
    near(s.role(ms / 1000, role, incoming)["alpha"], alpha, 0.001)


@pytest.mark.parametrize("ms, x", [
    case("Bottom middle moves between middle and back label", NAV_BAR, "'Page 1' at 50 ms", 50, 342.547737105096302912,
         differs="bar-timing")])
def test_the_title_flies_to_the_back_label(server, ms, x):
    s = bar_push(server)
    assert s.role(ms / 1000, "navigationTitle", False)["windowFrame"]["x"] == x


@pytest.mark.parametrize("ms, alpha, x", [
    case("First appearance of back chevron fades in from the right", NAV_BAR, "opacity at 50 ms", 50, 0.0, None),
    case("First appearance of back chevron fades in from the right", NAV_BAR, "opacity at 250 ms", 250, 0.167, None,
         differs="bar-fades"),
    case("First appearance of back chevron fades in from the right", NAV_BAR, "x at 50 ms", 50, None, 80.54,
         differs="chevron"),
    case("First appearance of back chevron fades in from the right", NAV_BAR, "x at 250 ms", 250, None, 14.0,
         differs="chevron")])
def test_the_first_chevron_fades_in_from_the_right(server, ms, alpha, x):
    s = navigation(server, "root")
    s.ok({"type": "push", "viewController": {"id": "page-1", "title": "Page 1"}})
    chevron = s.role(ms / 1000, "backIndicator")
    if alpha is not None:
        near(chevron["alpha"], alpha, 0.001)
    else:
        near(chevron["windowFrame"]["x"], x, 0.01)


@pytest.mark.parametrize("ms, which, alpha", [
    case("Back chevron fades out and in when both pages have it", NAV_BAR, f"{which} chevron at {ms} ms", ms, which,
         alpha, differs="chevron")
    for ms, which, alpha in [(50, "bottom", 0.9280824661254883), (50, "top", 0.0), (250, "bottom", 0.0), (250, "top", 0.167)]])
def test_both_chevrons_cross_fade(server, ms, which, alpha):
    s = bar_push(server)
    chevrons = [v for v in s.views(ms / 1000) if v.get("role") == "backIndicator"]
    assert len(chevrons) == 2
    near(chevrons[0 if which == "bottom" else 1]["alpha"], alpha, 0.001)


@pytest.mark.parametrize("ms, alpha", [
    case("Bottom back label fades and slides to the left", NAV_BAR, "opacity at 50 ms", 50, 0.7952219992876053,
         differs="bar-fades"),
    case("Bottom back label fades and slides to the left", NAV_BAR, "opacity at 250 ms", 250, 0.0)])
def test_the_leaving_back_label_fades(server, ms, alpha):
    s = navigation(server, "root", "Page 1", "Page 2")
    s.ok({"type": "push", "viewController": {"id": "page-3", "title": "Page 3"}})
    near(s.role(ms / 1000, "backButton", False)["alpha"], alpha, 0.001)


def test_the_flying_bar_views_are_gone_after_the_push(server):
    """'Hero flight removed at the end of page transition' (nav_bar_transition_test.dart): 550 ms."""
    s = bar_push(server)
    assert not [v for v in s.views(0.55) if v["id"].endswith(".incoming")]


# The documentation -------------------------------------------------------------------------

def test_every_expected_difference_is_documented():
    """Each key above is one line of docs/reference.md § Flutter cross-check, and the section
    lists no other."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "reference.md").read_text()
    section = text.split("\n## Flutter cross-check\n", 1)[1].split("\n## ", 1)[0]
    documented = re.findall(r"^- \*\*([\w-]+)\*\*", section, re.M)
    assert sorted(documented) == sorted(DIFFERENCES)
