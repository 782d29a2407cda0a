"""/metrics as Prometheus reads it: `promtool check metrics` (scripts/test provides promtool)."""
import os
import shutil
import subprocess

import pytest

from test_api import DETAIL, create

PROMTOOL = os.environ.get("PROMTOOL") or shutil.which("promtool")


@pytest.mark.skipif(not PROMTOOL, reason="promtool not found (scripts/test unpacks Debian's; or set PROMTOOL)")
def test_promtool_accepts_the_metrics_after_every_kind_of_request(server):
    sid = create(server)
    server.post(f"/v1/sessions/{sid}/actions", {"type": "push", "viewController": DETAIL})
    tag = server.get(f"/v1/sessions/{sid}/snapshot").headers["ETag"]
    server.get(f"/v1/sessions/{sid}/snapshot", headers={"If-None-Match": tag})
    server.request("HEAD", "/v1/animators")
    server.request("OPTIONS", "/v1/sessions")
    server.request("BREW", "/v1/animators")
    server.get("/nowhere")
    text = server.get("/metrics").text
    assert 'status="304"' in text and 'method="HEAD"' in text and 'method="OPTIONS"' in text
    check = subprocess.run([PROMTOOL, "check", "metrics"], input=text.encode(), capture_output=True, timeout=30)
    assert check.returncode == 0, check.stdout.decode() + check.stderr.decode()
