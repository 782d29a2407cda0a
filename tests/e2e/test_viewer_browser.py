"""Issue 13, item 3: the /viewer page in headless Chromium. It opens a session at a time and shows
the frame the JSON snapshot predicts, with no console errors; stepping and the slider move the
time; the event lane holds the events of /events; curves plot; a pasted scenario runs; with
--auth-token it asks for the token once and sends it; and a comparison report, in the link or
pasted, marks its divergent times and outlines its first divergence (issue 32, item 4). Loopback
only."""
import json
import os
from urllib.parse import quote

import pytest

from test_api import create
from test_golden import zoom_push
from test_svg import push
from test_svg_browser import BLUE, MISSING, RED, browser, coloured, decode_png, navigation, pixel, scene_at  # noqa: F401 (browser: the fixture)

pytestmark = pytest.mark.skipif(
    MISSING and os.environ.get("TRANSITION_SIM_BROWSER_TESTS") != "required",
    reason="needs chromium, chromium-driver and selenium (scripts/test installs them)")

if not MISSING:
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

VIEWPORT = (1280, 1400)


@pytest.fixture
def page(browser):
    """The module's browser with a viewport the whole page fits in, and its console emptied."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": VIEWPORT[0], "height": VIEWPORT[1], "deviceScaleFactor": 1, "mobile": False})
    browser.get_log("browser")
    yield browser
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def shown_time(driver, t, timeout=10):
    """Waits until the stage shows the frame at `t` (its data-time)."""
    WebDriverWait(driver, timeout).until(
        lambda d: d.execute_script("const s = document.getElementById('stage'); return s.dataset.time && s.querySelector('svg') ? Number(s.dataset.time) : null") is not None
        and abs(float(d.execute_script("return document.getElementById('stage').dataset.time")) - t) < 1e-6)


def errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def test_the_viewer_opens_a_session_at_a_time_and_shows_that_frame(server, page):
    sid = create(server, navigation(RED))
    push(server, sid, None, {"id": "second", "title": "Second", "view": coloured(BLUE)})
    t = 0.125  # a whole frame at 60 fps: the page's slider moves in frames of 1/60 s
    t = round(t * 60) / 60
    page.get(f"{server.base_url}/viewer?session={sid}&t={t}")
    shown_time(page, t)
    # The frame drawn is the JSON snapshot's, pixel for pixel at the probes.
    scene = scene_at(server, sid, t)
    origin = page.execute_script("const r = document.querySelector('#stage svg').getBoundingClientRect(); return [r.x, r.y];")
    image = decode_png(page.get_screenshot_as_png())
    to = scene.find("second", "")
    left = to["quad"][0][0]
    for p in (((left + 320) / 2, 300), (left / 2, 300)):
        scene.check_clear(p)
        want, got = scene.colour_at(p), pixel(image, origin[0] + p[0], origin[1] + p[1])
        assert all(abs(a - b) <= 6 for a, b in zip(want, got)), (p, want, got)
    # The event lane holds every event of /events, by sequence number.
    log = server.get(f"/v1/sessions/{sid}/events").json()["events"]
    WebDriverWait(page, 10).until(lambda d: d.find_elements("css selector", "#event-lane circle"))
    seqs = [int(c.get_attribute("data-seq")) for c in page.find_elements("css selector", "#event-lane circle")]
    assert seqs == [e["seq"] for e in log]
    phases = {r.get_attribute("data-phase") for r in page.find_elements("css selector", "#phase-lane rect")}
    assert {"animating", "completed"} <= phases
    assert page.find_element("id", "progress-line").get_attribute("points")
    # A view clicked shows its JSON.
    page.execute_script("document.querySelector(\"#stage g[data-view-controller='second'] > polygon\").dispatchEvent(new MouseEvent('click', {bubbles: true}))")
    WebDriverWait(page, 10).until(lambda d: d.find_element("id", "inspector").text.startswith("{"))
    view = json.loads(page.find_element("id", "inspector").text)
    assert (view["viewController"], view["path"]) == ("second", "")
    assert view["windowFrame"]["x"] == pytest.approx(left, abs=1e-3)
    # Curves: the default timing is plotted, value and velocity.
    WebDriverWait(page, 10).until(lambda d: d.find_elements("id", "value-line"))
    assert len(page.find_element("id", "value-line").get_attribute("points").split()) == 201
    assert errors(page) == []


def test_stepping_and_the_slider_move_the_time(server, page):
    sid = create(server, navigation(RED))
    push(server, sid, None, {"id": "second", "view": coloured(BLUE)})
    page.get(f"{server.base_url}/viewer?session={sid}&t=0.1")
    t = round(0.1 * 60) / 60
    shown_time(page, t)
    page.find_element("id", "step-forward").click()
    shown_time(page, t + 1 / 60)
    page.find_element("id", "step-back").click()
    page.find_element("id", "step-back").click()
    shown_time(page, t - 1 / 60)
    assert page.find_element("id", "time").text == f"t = {t - 1 / 60:.3f} s"
    slider = page.find_element("id", "slider")
    slider.send_keys(Keys.END)
    end = int(slider.get_attribute("max")) / 60
    shown_time(page, end)
    slider.send_keys(Keys.HOME)
    shown_time(page, 0)
    # Played at ×0.25 for a moment, time moves on by itself, then pauses.
    page.find_element("css selector", "#speed option[value='0.25']").click()
    page.find_element("id", "play").click()
    WebDriverWait(page, 10).until(lambda d: float(d.execute_script("return document.getElementById('stage').dataset.time")) > 0.02)
    page.find_element("id", "play").click()
    assert page.find_element("id", "play").text == "Play"
    assert errors(page) == []


def test_a_pasted_scenario_runs_and_plays(server, page):
    page.get(f"{server.base_url}/viewer")
    page.find_element("id", "run").click()
    WebDriverWait(page, 10).until(lambda d: "session=" in d.current_url)
    sid = page.current_url.split("session=")[1].split("&")[0]
    assert server.get(f"/v1/sessions/{sid}").json()["controllers"]["topViewController"] == "second"
    shown_time(page, 0)
    assert errors(page) == []


def test_the_page_runs_under_a_policy_that_allows_no_inline_script(server, page):
    # Issue 28, item 4: the script is a file of the service's own (/viewer.js), so the policy
    # needs no 'unsafe-inline' for scripts; a violation would be a console error.
    r = server.get("/viewer")
    policy = dict(part.strip().split(" ", 1) for part in r.headers["Content-Security-Policy"].split(";"))
    assert policy["script-src"] == "'self'" and policy["default-src"] == "'none'"
    assert "<script>" not in r.text and '<script src="/viewer.js"></script>' in r.text
    script = server.get("/viewer.js")
    assert script.headers["Content-Type"] == "text/javascript; charset=utf-8"
    assert script.headers["X-Content-Type-Options"] == "nosniff"
    page.get(f"{server.base_url}/viewer")
    WebDriverWait(page, 10).until(lambda d: d.find_elements("id", "value-line"))  # the script ran: the curve is plotted
    # An inline script injected into the page does not run under the policy.
    page.execute_script("const s = document.createElement('script'); s.textContent = 'window.injected = 1'; document.body.appendChild(s);")
    assert page.execute_script("return window.injected") is None
    page.get_log("browser")  # the refusal of the injected script is reported there, as it should be
    page.get(f"{server.base_url}/viewer")
    WebDriverWait(page, 10).until(lambda d: d.find_elements("id", "value-line"))
    assert errors(page) == []


def test_a_window_of_many_views_gets_the_lanes_at_fewer_times_and_says_so(server, page):
    """A series of 196 frames of this window is more than the service computes in one request
    (30,000 views): the page asks again at half the frames until they fit, draws the lanes from
    them and says so under them (docs/viewer.md § The viewer page)."""
    from test_memory import views
    sid = create(server, {"root": {"type": "navigation", "id": "nav", "viewControllers": [{"id": "first", "title": "First", "view": views("a", 200)}]}})
    push(server, sid, None, {"id": "second", "title": "Second", "view": views("b", 200)})
    assert server.post(f"/v1/sessions/{sid}/clock", {"to": 3}).status_code == 200
    page.get(f"{server.base_url}/viewer?session={sid}&t=0.1")
    shown_time(page, round(0.1 * 60) / 60)
    WebDriverWait(page, 10).until(lambda d: d.find_element("id", "lanes-note").text)
    note = page.find_element("id", "lanes-note").text
    # The range: 0 to 3.25 s (the current time and a quarter of a second), a frame each 1/60 s.
    assert note.startswith("Phases and progress at 98 times, not 196: the window holds too many views"), note
    rects = page.find_elements("css selector", "#phase-lane rect")
    assert len(rects) == 98 and {"animating", "completed"} <= {r.get_attribute("data-phase") for r in rects}
    # 98 is the first of 196, 98, 49… that the service computes.
    query = "/v1/sessions/" + sid + "/snapshots?from=0&to=3.25&fps="
    assert server.get(query + str(195 / 3.25)).json()["type"] == "/problems/work-budget-exceeded"
    assert len(server.get(query + str(97 / 3.25)).json()["snapshots"]) == 98
    # The refused series is the only error the console shows (the browser reports every 4xx it fetches).
    assert all("422" in e["message"] for e in errors(page)), errors(page)


def test_with_a_token_the_page_asks_once_and_sends_it(make_server, page):
    s = make_server("--auth-token", "s3cret")
    headers = {"Authorization": "Bearer s3cret"}
    r = s.post("/v1/sessions", navigation(RED), headers=headers)
    sid = r.json()["id"]
    assert s.get("/viewer").status_code == 200, "the page itself needs no token"
    page.get(f"{s.base_url}/viewer?session={sid}&t=0")
    alert = WebDriverWait(page, 10).until(expected_conditions.alert_is_present())
    alert.send_keys("s3cret")
    alert.accept()
    shown_time(page, 0)
    image = decode_png(page.get_screenshot_as_png())
    origin = page.execute_script("const r = document.querySelector('#stage svg').getBoundingClientRect(); return [r.x, r.y];")
    assert pixel(image, origin[0] + 160, origin[1] + 300) == (255, 0, 0)
    # Asked once: every later call carries the token.
    page.find_element("id", "step-forward").click()
    shown_time(page, 1 / 60)
    assert not expected_conditions.alert_is_present()(page)


def divergent_report(server):
    """The README's zoom push and a real report of it (issue 32, item 4): expected frames whose
    flying image is 10 points wider at 0.1 s, and a view the service does not show at 0.2 s."""
    sid = zoom_push(server)
    image = next(v for v in server.get(f"/v1/sessions/{sid}/snapshot?t=0.1&flat=true").json()["views"] if v["id"] == "t1.image")
    expected = {"frames": [{"time": 0.1, "views": [{"id": "t1.image", "windowFrame": {"width": image["windowFrame"]["width"] + 10}}]},
                           {"time": 0.2, "views": [{"viewController": "detail", "path": "ghost", "alpha": 1}]}]}
    r = server.post(f"/v1/sessions/{sid}/compare", {"expected": expected})
    assert r.status_code == 200, r.text
    report = r.json()
    assert report["divergentTimes"] == [0.1, 0.2] and report["first"]["view"] == "t1.image"
    return sid, report, image


def markers(driver):
    """The divergence lane's marker times, read in one script: element by element, a marker the
    page replaced between the find and the read raised StaleElementReferenceException."""
    return driver.execute_script("return Array.from(document.querySelectorAll('#divergence-lane rect'), (r) => Number(r.getAttribute('data-time')));")


def outline(driver):
    """The divergence outlined in the frame, as [x, y, width, height], or None."""
    return driver.execute_script("const r = document.querySelector('#stage rect.divergence'); return r && ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a)));")


def test_a_report_in_the_link_marks_its_divergent_times_and_outlines_the_first(server, page):
    sid, report, image = divergent_report(server)
    page.get(f"{server.base_url}/viewer?session={sid}&t=0&report={quote(json.dumps(report))}")
    shown_time(page, 0)
    WebDriverWait(page, 10).until(lambda d: markers(d) == report["divergentTimes"])
    assert page.find_element("id", "lanes").get_attribute("height") == "118"
    status = page.find_element("id", "report-status").text
    assert status.startswith("diverges · 2 divergent time(s) · first at t = 0.1 s: t1.image windowFrame.width: expected "), status
    assert outline(page) is None, "the outline is the first divergence's, at its time only"
    # Jumping to the first divergence shows its time, the flying image outlined at its window frame.
    page.find_element("id", "first-divergence").click()
    shown_time(page, 0.1)
    assert page.find_element("id", "time").text == "t = 0.100 s"
    WebDriverWait(page, 10).until(outline)
    frame = image["windowFrame"]
    assert outline(page) == pytest.approx([frame["x"], frame["y"], frame["width"], frame["height"]])
    page.save_screenshot("/tmp/viewer-report.png")
    page.find_element("id", "step-forward").click()
    shown_time(page, 0.1 + 1 / 60)
    assert outline(page) is None
    # A marker shows its time: at 0.2 s the divergence is a view the frame does not have.
    page.find_elements("css selector", "#divergence-lane rect")[1].click()
    shown_time(page, 0.2)
    assert outline(page) is None
    assert errors(page) == []


def test_a_pasted_report_is_shown_and_a_malformed_one_is_said(server, page):
    sid, report, _ = divergent_report(server)
    page.get(f"{server.base_url}/viewer?session={sid}&t=0")
    shown_time(page, 0)
    # Without a report the page is as before: no divergence lane, nothing to jump to.
    WebDriverWait(page, 10).until(lambda d: d.find_elements("css selector", "#event-lane circle"))
    assert markers(page) == [] and page.find_element("id", "lanes").get_attribute("height") == "96"
    assert not page.find_element("id", "first-divergence").is_enabled()
    page.find_element("id", "report").send_keys(json.dumps(report))
    page.find_element("id", "show-report").click()
    WebDriverWait(page, 10).until(lambda d: markers(d) == report["divergentTimes"])
    page.find_element("id", "first-divergence").click()
    shown_time(page, 0.1)
    WebDriverWait(page, 10).until(outline)
    # Text that is not a report is said on the page, naming the member, and takes the report away.
    for text, said in [('{"match": false', "Not a comparison report: not JSON ("),
                       ('[1, 2]', "Not a comparison report: not a JSON object"),
                       ('{"match": false, "divergentTimes": [0.1, "soon"], "first": null}', "Not a comparison report: /divergentTimes/1 is not a time in seconds"),
                       ('{"match": false, "divergentTimes": [0.1], "first": {"time": -1}}', "Not a comparison report: /first/time is not a time in seconds")]:
        box = page.find_element("id", "report")
        box.clear()
        box.send_keys(text)
        page.find_element("id", "show-report").click()
        WebDriverWait(page, 10).until(lambda d: d.find_element("id", "report-status").text.startswith(said))
        assert "error" in page.find_element("id", "report-status").get_attribute("class")
        WebDriverWait(page, 10).until(lambda d: markers(d) == [])
        assert not page.find_element("id", "first-divergence").is_enabled()
    # The same from the link; the session opens as without a report.
    page.get(f"{server.base_url}/viewer?session={sid}&t=0&report={quote('{not json')}")
    shown_time(page, 0)
    assert page.find_element("id", "report-status").text.startswith("Not a comparison report: not JSON (")
    assert errors(page) == []
    # A link longer than the contract allows is refused before the page opens.
    assert server.get(f"/viewer?report={quote('[' * 8000)}").status_code == 200
    assert server.get(f"/viewer?report={'1' * 8001}").status_code == 422
