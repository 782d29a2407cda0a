"""Issue 28, item 3: no cross-site writes, no DNS rebinding (docs/security.md).

A page of another origin (served by a second server on another port: the browser's resolver rules
let it reach 127.0.0.1 only) posts to the service from headless Chromium with
`fetch(…, {mode: "no-cors"})`, the request CORS lets through without a preflight: it is refused,
while curl's request, the README's form-encoded `-d`, is accepted. Loopback only, bounded."""
import json
import os
import socket
import subprocess

import pytest

from conftest import BINARY, Server
from test_api import SCENE, assert_problem, create
from test_svg_browser import MISSING, browser  # noqa: F401 (browser: the fixture)

browser_required = pytest.mark.skipif(
    MISSING and os.environ.get("TRANSITION_SIM_BROWSER_TESTS") != "required",
    reason="needs chromium, chromium-driver and selenium (scripts/test installs them)")


@pytest.fixture
def other_origin():
    """A page of another origin: /livez of a second server (a JSON document: no CSP of its own)."""
    s = Server()
    yield s
    assert s.stop() == 0


def post_from_page(driver, page_url, target, body):
    """Opens `page_url` and has it POST `body`, form-encoded, to `target` without a preflight."""
    driver.get(page_url)
    return driver.execute_async_script("""
        const [target, body, done] = arguments;
        fetch(target, {method: "POST", mode: "no-cors", headers: {"Content-Type": "application/x-www-form-urlencoded"}, body})
          .then(() => done("sent"), (error) => done("failed: " + error));
    """, target, body)


def curl_post(url, body):
    """The README's way: curl -d, which sends the JSON form-encoded."""
    run = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "10", "-d", body, url],
                         capture_output=True, text=True, timeout=20)
    return int(run.stdout)


def clock_moves(server, sid):
    return server.get(f"/v1/sessions/{sid}").json()["time"]


@browser_required
def test_a_cross_origin_post_from_chromium_is_refused_and_curls_is_accepted(make_server, other_origin, browser):
    s = make_server("--log-level", "info")
    sid = create(s, SCENE)
    before = clock_moves(s, sid)
    # A form-encoded body is read as JSON (curl's -d), so a page could move the clock: it must not.
    verdict = post_from_page(browser, other_origin.base_url + "/livez", f"{s.base_url}/v1/sessions/{sid}/clock", '{"by": 1}')
    assert verdict == "sent"
    assert clock_moves(s, sid) == before
    log = s.read_log()
    refused = [line for line in log.splitlines() if "msg=request" in line and "status=403" in line and "/clock" in line]
    assert refused, log
    # curl sends no Origin: accepted as before.
    assert curl_post(f"{s.base_url}/v1/sessions/{sid}/clock", '{"by": 1}') == 200
    assert clock_moves(s, sid) == before + 1
    assert curl_post(f"{s.base_url}/v1/sessions", json.dumps(SCENE)) == 201


@browser_required
def test_an_origin_cors_allows_may_post(make_server, other_origin, browser):
    s = make_server("--cors-origin", other_origin.base_url)
    sid = create(s, SCENE)
    before = clock_moves(s, sid)
    assert post_from_page(browser, other_origin.base_url + "/livez", f"{s.base_url}/v1/sessions/{sid}/clock", '{"by": 1}') == "sent"
    assert clock_moves(s, sid) == before + 1


def test_browser_signals_decide_and_reads_are_served(server):
    sid = create(server)
    own = server.base_url
    for headers in ({"Origin": "https://evil.example"}, {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site"},
                    {"Origin": own, "Sec-Fetch-Site": "same-site"}):
        body = assert_problem(server.post(f"/v1/sessions/{sid}/clock", {"by": 1}, headers=headers), 403, "origin-not-allowed")
        assert "--cors-origin" in body["detail"]
        assert_problem(server.request("DELETE", f"/v1/sessions/{sid}", headers=headers), 403, "origin-not-allowed")
        assert server.get(f"/v1/sessions/{sid}", headers=headers).status_code == 200
    assert server.post(f"/v1/sessions/{sid}/clock", {"by": 1}, headers={"Origin": own}).status_code == 200
    assert server.post(f"/v1/sessions/{sid}/clock", {"by": 1}, headers={"Origin": own, "Sec-Fetch-Site": "same-origin"}).status_code == 200


def raw_get(port, host, path=b"/v1/animators"):
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(b"GET " + path + b" HTTP/1.1\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def test_a_rebinding_host_is_refused_on_loopback(server):
    port = b"%d" % server.port
    status, body = raw_get(server.port, b"rebind.evil.example:" + port)
    assert status == 421 and json.loads(body)["type"] == "/problems/host-not-allowed"
    for host in (b"127.0.0.1:" + port, b"localhost:" + port, b"LOCALHOST", b"[::1]:" + port):
        assert raw_get(server.port, host)[0] == 200, host
    # Probes name whatever address they reach the service by.
    assert raw_get(server.port, b"10.0.0.7:" + port, b"/livez")[0] == 200


def test_allowed_hosts_adds_names(make_server, monkeypatch):
    s = make_server("--allowed-hosts", "sim.example, other.example")
    assert raw_get(s.port, b"sim.example")[0] == 200 and raw_get(s.port, b"other.example:443")[0] == 200
    assert raw_get(s.port, b"evil.example")[0] == 421 and raw_get(s.port, b"localhost")[0] == 200
    assert raw_get(make_server("--allowed-hosts", "*").port, b"evil.example")[0] == 200
    monkeypatch.setenv("TRANSITION_SIM_ALLOWED_HOSTS", "env.example")
    from_env = Server()
    try:
        assert raw_get(from_env.port, b"env.example")[0] == 200 and raw_get(from_env.port, b"sim.example")[0] == 421
    finally:
        assert from_env.stop() == 0
    for bad in ("sim.example:80", "http://sim.example", ""):
        run = subprocess.run([BINARY, "--port", "0", "--allowed-hosts", bad],
                             capture_output=True, timeout=10)
        assert run.returncode == 2 and b"--allowed-hosts" in run.stderr, (bad, run.stderr)
