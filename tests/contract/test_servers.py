"""Issue 12, item 10: openapi.yaml's server is a template over host and port, so that tools
driven by the document (schemathesis, generated clients' default base URL) reach a service
started with any --host and --port."""
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_the_server_is_a_template_over_host_and_port():
    (server,) = yaml.safe_load((ROOT / "openapi.yaml").read_text())["servers"]
    variables = server["variables"]
    assert set(re.findall(r"\{(\w+)\}", server["url"])) == set(variables) == {"host", "port"}
    # The defaults are the server's own (--host 127.0.0.1, --port 8080).
    url = server["url"].format(**{name: v["default"] for name, v in variables.items()})
    assert url == "http://127.0.0.1:8080"
