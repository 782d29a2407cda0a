"""SIGTERM drains: readiness turns false at once, requests are served until the drain ends."""
import signal
import threading
import time

import requests

from conftest import Server
from test_api import DETAIL, assert_problem, create


def test_sigterm_drains_then_stops_and_loses_no_request_that_arrived():
    server = Server("--drain-seconds", "2")
    sid = create(server)
    results, stop = [], threading.Event()

    def load():
        # New connections each time, as requests from many clients would come.
        while not stop.is_set():
            try:
                r = requests.get(f"{server.base_url}/v1/sessions/{sid}/snapshot?t=0.1", timeout=5)
                results.append(r.status_code)
            except requests.ConnectionError:
                results.append("refused")  # the listener has closed: the request never arrived
            time.sleep(0.01)

    threads = [threading.Thread(target=load) for _ in range(4)]
    for t in threads:
        t.start()
    time.sleep(0.3)
    sent = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    time.sleep(0.3)

    ready = requests.get(server.base_url + "/readyz", timeout=2)
    # Issue 15, item 11: readiness is 503 at once, with Retry-After, while the listener still accepts.
    assert_problem(ready, 503, "shutting-down")
    assert ready.headers["Retry-After"] == "1"
    # Work on existing sessions goes on, and each answer closes its connection.
    push = requests.post(f"{server.base_url}/v1/sessions/{sid}/actions", json={"type": "push", "viewController": DETAIL}, timeout=2)
    assert push.status_code == 200, push.text
    assert push.headers.get("Connection", "").lower() == "close"
    # A session made now would be lost with the process.
    refused = requests.post(server.base_url + "/v1/sessions", json={"root": {"id": "a"}}, timeout=2)
    assert_problem(refused, 503, "shutting-down")
    assert refused.headers["Retry-After"] == "1"

    assert server.process.wait(timeout=10) == 0
    stopped = time.monotonic() - sent
    stop.set()
    for t in threads:
        t.join()
    server.log.close()
    assert 1.8 <= stopped <= 6, stopped
    answered = [r for r in results if r != "refused"]
    assert len(answered) > 20 and set(answered) == {200}, results


def test_a_second_signal_ends_the_drain_at_once():
    server = Server("--drain-seconds", "30")
    server.process.send_signal(signal.SIGTERM)
    time.sleep(0.3)
    sent = time.monotonic()
    server.process.send_signal(signal.SIGINT)
    assert server.process.wait(timeout=10) == 0
    assert time.monotonic() - sent < 3
    server.log.close()
