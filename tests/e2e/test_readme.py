"""The README's curl walkthrough, run line by line against a real server: it must work as printed."""
import re
import subprocess
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def walkthrough():
    text = README.read_text()
    block = re.search(r"<!-- walkthrough -->\s*```sh\n(.*?)```\s*<!-- /walkthrough -->", text, re.S)
    assert block, "README.md has no walkthrough block"
    return block.group(1)


def test_readme_walkthrough_works_as_printed(server):
    script = walkthrough().replace("localhost:8080", f"127.0.0.1:{server.port}")
    # Every curl must succeed with a 2xx: --fail-with-body makes an error status fail the script.
    script = script.replace("curl -s ", "curl -s --fail-with-body ")
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    out = result.stdout
    assert '"animator":"zoom"' in out
    # The fluid zoom ran, its clip in the frames (tests/e2e/test_zoom.py checks where it lands).
    assert '"animator":"fluidZoom"' in out and '"role":"zoomContainer"' in out
    assert '"phase":"cancelled"' in out and '"decision":"finish"' in out
    # The fluid zoom's swipe down, released past its threshold, settles into the cell.
    assert '"gesture":{"recognizer":"pan","phase":"ended"' in out and '"operation":"pop","phase":"finishing"' in out
    assert '"didComplete":false' in out and '"didComplete":true' in out
    assert '"selectedIndex":1' in out and '"role":"snapshot"' in out
    assert '"role":"largeTitle"' in out and '"fontSize":34' in out
    # The alert: its platter in the frames, and the tapped button's handler after the dismissal.
    assert '"role":"alertPlatter"' in out and '"type":"alertActionHandler"' in out and '"title":"Delete"' in out
