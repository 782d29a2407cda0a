"""A Java client generated from openapi.yaml compiles and runs the README walkthrough.

As a user would: `openapi-generator-cli generate -g java --library native` with the options the
README names, no edit to the generated code, compiled with javac against Debian's Jackson jars,
then clients/java/Walkthrough.java runs against the real binary. Its report of the values read
through the typed models must equal the same walkthrough over raw HTTP (walkthrough.py).
"""
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
import yaml

from walkthrough import CONTRACT, assert_same_report, e2e, reference_report

PROGRAM = Path(__file__).resolve().parent / "clients" / "java" / "Walkthrough.java"
# The README's options: no jackson-databind-nullable (not in Debian); optional lists left null
# rather than [] (an empty `maskedCorners` rounds no corner, and a list with minItems would be
# refused), so a client sends only what its caller set.
OPTIONS = ["-g", "java", "--library", "native",
           "--additional-properties", "openApiNullable=false,containerDefaultToNull=true"]
# Debian's jars (scripts/test installs them): Jackson, and the annotations the generated code uses
# (javax.annotation.Nullable from jsr305, javax.annotation.Generated, gone from the JDK since 11).
DEBIAN_JARS = ["jackson-databind", "jackson-core", "jackson-annotations", "jsr305", "geronimo-annotation-1.3-spec"]


def jsr310_jar(directory: Path) -> Path:
    """The one jar Debian lacks: jackson-datatype-jsr310, which the native library's ApiClient
    registers. The generator's own jar (from PyPI, already needed) carries its classes; they are
    copied out into a jar of their own rather than fetched, as tests use no network. They are a
    newer release (2.22) than Debian's databind (2.14): enough to register the module, and the
    contract has no date members for it to read."""
    import openapi_generator_cli
    generator = Path(openapi_generator_cli.__file__).parent / "openapi-generator.jar"
    target = directory / "jackson-datatype-jsr310.jar"
    with zipfile.ZipFile(generator) as source, zipfile.ZipFile(target, "w") as jar:
        for name in source.namelist():
            if name.startswith("com/fasterxml/jackson/datatype/jsr310/"):
                jar.writestr(name, source.read(name))
    return target


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    """The generated client and the walkthrough, compiled once for the module: the generated
    sources' directory and the classpath to run with."""
    for tool in ("openapi-generator-cli", "javac", "java"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed (scripts/test installs it)")
    jars = [Path("/usr/share/java") / f"{name}.jar" for name in DEBIAN_JARS]
    missing = [str(j) for j in jars if not j.exists()]
    assert not missing, f"Debian's jars are missing (scripts/test installs them): {missing}"
    out = tmp_path_factory.mktemp("java-client")
    result = subprocess.run(["openapi-generator-cli", "generate", "-i", str(CONTRACT), *OPTIONS, "-o", str(out / "client")],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr
    # The generator once warned that ControllerSpec's discriminator member is optional.
    assert [line for line in (result.stdout + result.stderr).splitlines()
            if "WARN" in line and "discriminator" in line] == []
    jars.append(jsr310_jar(out))
    sources = sorted(str(p) for p in (out / "client" / "src" / "main" / "java").rglob("*.java"))
    result = subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(out / "classes"),
                             "-cp", ":".join(map(str, jars)), *sources, str(PROGRAM)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-6000:]
    return out / "client" / "src" / "main" / "java", ":".join([str(out / "classes"), *map(str, jars)])


@pytest.fixture(scope="module")
def server():
    s = e2e.Server()
    yield s
    assert s.stop() == 0


def test_required_bodies_are_not_nullable(client):
    """A body the contract requires is a non-null parameter (the actions body once was not)."""
    spec = yaml.safe_load(CONTRACT.read_text())
    bodies = [op["requestBody"] for item in spec["paths"].values() for op in item.values()
              if isinstance(op, dict) and op.get("requestBody", {}).get("required")]
    schemas = [body["content"].get("application/json", {}).get("schema", {}) for body in bodies]
    required = {schema["$ref"].rsplit("/", 1)[1] for schema in schemas if "$ref" in schema}
    assert "ActionRequest" in required
    api = "\n".join(p.read_text() for p in (client[0] / "org" / "openapitools" / "client" / "api").glob("*.java"))
    nullable = sorted(name for name in required if re.search(rf"@javax\.annotation\.Nullable {name} ", api))
    assert nullable == []


def test_java_client_runs_the_readme_walkthrough(client, server):
    result = subprocess.run(["java", "-cp", client[1], "Walkthrough", server.base_url],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr[-6000:]
    assert_same_report(json.loads(result.stdout), reference_report(server))
