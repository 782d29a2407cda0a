"""The README's curl walkthrough, run line by line against a real server: it must work as printed."""
import re
import subprocess
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def walkthrough(name="walkthrough"):
    text = README.read_text()
    block = re.search(rf"<!-- {name} -->\s*```sh\n(.*?)```\s*<!-- /{name} -->", text, re.S)
    assert block, f"README.md has no {name} block"
    return block.group(1)


def run(server, name):
    """The block's output, every curl having answered 2xx (--fail-with-body fails the script otherwise)."""
    script = walkthrough(name).replace("localhost:8080", f"127.0.0.1:{server.port}")
    script = script.replace("curl -s ", "curl -s --fail-with-body ")
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return result.stdout


def test_readme_walkthrough_works_as_printed(server):
    out = run(server, "walkthrough")
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


def test_readme_ios_26_session_works_as_printed(server):
    out = run(server, "ios26")
    # The tab bar minimized, then expanded at the top.
    assert "'state': 'minimized', 'progress': 1" in out
    changes = re.findall(r'"type":"tabBarMinimizeProgressDidChange","viewController":"tabs","progress":([0-9.]+),"tracking":(true|false),"state":"(\w+)"', out)
    assert changes[-3:] == [("0.4", "true", "expanded"), ("1", "false", "minimized"), ("0", "false", "expanded")]
    # The content swipe drove the pop, the album page following the finger, and committed.
    assert '"gesture":{"recognizer":"contentPan","phase":"ended"' in out and '"decision":"finish","reason":"projection"' in out
    assert '"viewController":"album","path":"","frame":{"x":120' in out
    assert re.findall(r'"topViewController":"(\w+)"', out)[-1] == "albums"
