"""A TypeScript client generated from openapi.yaml compiles and runs the README walkthrough.

As a user would: `openapi-generator-cli generate -g typescript-fetch`, no edit to the generated
code, compiled with Debian's tsc (node-typescript) with `noImplicitAny` off (the one setting its
`instanceOf` checks need) and otherwise strict, then clients/typescript/walkthrough.ts runs on
node against the real binary. Its report of the values read through the typed API must equal the
same walkthrough over raw HTTP (walkthrough.py).
"""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from walkthrough import CONTRACT, assert_same_report, e2e, reference_report

PROGRAM = Path(__file__).resolve().parent / "clients" / "typescript" / "walkthrough.ts"
TSCONFIG = {"compilerOptions": {"target": "es2020", "module": "commonjs", "lib": ["es2020", "dom"],
                                "strict": True, "noImplicitAny": False, "outDir": "out"},
            "files": ["walkthrough.ts"]}


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """The generated client and the walkthrough, compiled once for the module (tsc takes ~15 s)."""
    for tool in ("openapi-generator-cli", "tsc", "node"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed (scripts/test installs it)")
    out = tmp_path_factory.mktemp("typescript-client")
    result = subprocess.run(["openapi-generator-cli", "generate", "-i", str(CONTRACT), "-g", "typescript-fetch",
                             "-o", str(out)], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr
    shutil.copy(PROGRAM, out / PROGRAM.name)
    (out / "tsconfig.json").write_text(json.dumps(TSCONFIG))
    result = subprocess.run(["tsc", "-p", str(out)], capture_output=True, text=True, timeout=600)
    # Every error is reported, the generated files' and the walkthrough's alike.
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr
    return out / "out" / "walkthrough.js"


@pytest.fixture(scope="module")
def server():
    s = e2e.Server()
    yield s
    assert s.stop() == 0


def test_typescript_client_runs_the_readme_walkthrough(compiled, server):
    result = subprocess.run(["node", str(compiled), server.base_url], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert_same_report(json.loads(result.stdout), reference_report(server))
