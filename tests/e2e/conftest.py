"""Starts the real transition-sim binary on a free loopback port for the end-to-end tests."""
import json
import os
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
BINARY = os.environ.get("TRANSITION_SIM_BIN", str(ROOT / ".build" / "debug" / "transition-sim"))

# The README's scene (a navigation controller holding `things`, a collection with one cell) and
# the detail controller it pushes: one fixture, shared with the Swift tests (Tests/*/Support.swift).
_THINGS = json.loads((ROOT / "tests" / "fixtures" / "things.json").read_text())
THINGS_SCENE, DETAIL = _THINGS["scene"], _THINGS["detail"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One running server process and a requests session bound to it."""

    def __init__(self, *flags, host="127.0.0.1"):
        # Tests stop servers often: no drain unless a test asks for one.
        if "--drain-seconds" not in flags:
            flags = ("--drain-seconds", "0", *flags)
        self.port = free_port()
        reach = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
        self.base_url = f"http://[{reach}]:{self.port}" if ":" in reach else f"http://{reach}:{self.port}"
        # The log goes to a file, not a pipe: a pipe nobody reads fills up (64 KiB) and blocks the
        # server in its next log write, as a test that provokes many 5xx (each logged) would.
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [BINARY, "--host", host, "--port", str(self.port), "--log-level", "warning", *flags],
            stdout=subprocess.DEVNULL, stderr=self.log)
        self.http = requests.Session()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if self.http.get(self.base_url + "/livez", timeout=1).status_code == 200:
                    return
            except requests.ConnectionError:
                time.sleep(0.05)
        self.process.kill()
        raise RuntimeError("transition-sim did not become live: " + self.read_log())

    def request(self, method, path, **kwargs):
        kwargs.setdefault("timeout", 10)
        return self.http.request(method, self.base_url + path, **kwargs)

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, body=None, **kwargs):
        if body is not None:
            kwargs["json"] = body
        return self.request("POST", path, **kwargs)

    def read_log(self):
        """Everything the server has written to standard error (its log) so far."""
        self.log.seek(0)
        return self.log.read().decode()

    def stop_and_read_log(self):
        """SIGTERM, then the whole log: (exit status, text)."""
        self.http.close()
        self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(timeout=10)
        try:
            return status, self.read_log()
        finally:
            self.log.close()

    def stop(self):
        """SIGTERM, as a container runtime would; returns the exit status."""
        self.http.close()
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=10)
        finally:
            self.log.close()


@pytest.fixture(scope="session")
def server():
    s = Server()
    yield s
    assert s.stop() == 0, "the server must exit 0 on SIGTERM"


@pytest.fixture(scope="session")
def base_url(server):
    return server.base_url


@pytest.fixture
def make_server():
    """Starts servers with extra flags; each is stopped (and must exit 0) after the test."""
    started = []

    def start(*flags):
        s = Server(*flags)
        started.append(s)
        return s

    yield start
    for s in started:
        assert s.stop() == 0
