"""Issue 13, item 3: the /viewer page in headless Chromium. It opens a session at a time and shows
the frame the JSON snapshot predicts, with no console errors; stepping and the slider move the
time; the event lane holds the events of /events; curves plot; a pasted scenario runs; and with
--auth-token it asks for the token once and sends it. Loopback only."""
import json
import os

import pytest

from test_api import create
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
