"""Issue 15, item 9: binding IPv6 (--host ::1) and both families on one socket (--host ::)."""
import socket
import subprocess

import requests

from conftest import BINARY, Server


def test_ipv6_loopback_only():
    server = Server("--log-level", "debug", host="::1")
    try:
        r = server.get("/livez")
        assert r.status_code == 200
        # IPv6 only: nothing listens on IPv4 loopback at that port.
        with socket.socket() as v4:
            v4.settimeout(1)
            assert v4.connect_ex(("127.0.0.1", server.port)) != 0
        healthy = subprocess.run([BINARY, "healthcheck", "--host", "::1", "--port", str(server.port)], timeout=10)
        assert healthy.returncode == 0
    finally:
        status, log = server.stop_and_read_log()
    assert status == 0 and "remote=::1" in log, log


def test_both_families_on_one_socket():
    server = Server("--log-level", "debug", host="::")
    try:
        assert server.get("/livez").status_code == 200  # over [::1]
        assert requests.get(f"http://127.0.0.1:{server.port}/livez", timeout=5).status_code == 200
        assert subprocess.run([BINARY, "healthcheck", "--host", "::", "--port", str(server.port)], timeout=10).returncode == 0
    finally:
        status, log = server.stop_and_read_log()
    # An IPv4 client of the dual-stack socket is logged as the IPv4 address it is.
    assert status == 0 and "remote=127.0.0.1" in log and "remote=::1" in log, log


def test_malformed_hosts_are_refused_at_start():
    for host in ("::1%lo", "[::1]", "localhost", "1.2.3", "::g"):
        run = subprocess.run([BINARY, "--port", "0", "--host", host], capture_output=True, timeout=10)
        assert run.returncode == 2 and b"--host" in run.stderr, (host, run.stderr)
