"""Issue 15, item 10: the container's details (numeric user, OCI labels, build arguments) and a
healthcheck that takes the server's own flags and environment, or reads them from PID 1."""
import json
import os
import shutil
import re
import subprocess
from pathlib import Path

from conftest import BINARY, ROOT, Server, free_port

DOCKERFILE = (ROOT / "Dockerfile").read_text()


def healthcheck(*arguments, env=None):
    return subprocess.run([BINARY, "healthcheck", *arguments], env=env if env is not None else {}, capture_output=True,
                          timeout=10).returncode


def test_dockerfile_user_labels_and_build_arguments():
    runtime = DOCKERFILE.split("AS runtime", 1)[1]
    assert re.search(r"^USER 10001:10001$", runtime, re.M)  # runAsNonRoot can verify a number
    for label in ("source", "version", "revision", "licenses", "title"):
        assert f"org.opencontainers.image.{label}=" in runtime, label
    assert re.search(r"^ARG VERSION=", DOCKERFILE, re.M) and re.search(r"^ARG COMMIT=", DOCKERFILE, re.M)
    assert 'TRANSITION_SIM_COMMIT="$COMMIT"' in DOCKERFILE
    assert 'CMD ["/usr/local/bin/transition-sim", "healthcheck"]' in DOCKERFILE


def test_healthcheck_takes_the_servers_flags_and_environment():
    server = Server("--probe-port", str(probe := free_port()))
    try:
        assert healthcheck(f"--port={server.port}") == 0
        assert healthcheck("--host", "127.0.0.1", "--port", str(server.port), "--threads", "2") == 0
        assert healthcheck(env={"TRANSITION_SIM_PORT": str(server.port)}) == 0
        # With a probe port the probe listener is checked: a wrong main port does not matter.
        assert healthcheck("--port", "1", "--probe-port", str(probe)) == 0
        assert healthcheck("--port", "1") == 1
        assert healthcheck("--bogus") == 1 and healthcheck("--port", "x") == 1  # never 2: Docker reserves it
    finally:
        assert server.stop() == 0


def test_healthcheck_without_arguments_reads_the_servers_from_its_command_line():
    # In a container the server is PID 1; here TRANSITION_SIM_HEALTHCHECK_PID points at it.
    server = Server(f"--threads=2")
    try:
        env = {"TRANSITION_SIM_HEALTHCHECK_PID": str(server.process.pid)}
        assert healthcheck(env=env) == 0
        # The server's flags win over the environment, as they do for the server.
        assert healthcheck(env={**env, "TRANSITION_SIM_PORT": "1"}) == 0
        assert healthcheck(env={"TRANSITION_SIM_HEALTHCHECK_PID": str(os.getpid()), "TRANSITION_SIM_PORT": "1"}) == 1
    finally:
        assert server.stop() == 0


def test_the_build_stage_copies_what_the_package_needs(tmp_path):
    """The build stage copies a part of the repository; SwiftPM checks every target's folder when
    it loads the package, so a target whose folder is not copied fails `docker build` at once.
    The package is loaded here from exactly what the build stage's COPY lines name."""
    build = DOCKERFILE.split("AS runtime", 1)[0]
    copied = []
    for line in re.findall(r"^COPY (?!--from)(.+)$", build, re.M):
        *sources, destination = line.split()
        copied += sources
    for source in copied:
        path = ROOT / source
        if path.is_dir():
            shutil.copytree(path, tmp_path / source, ignore=shutil.ignore_patterns(".build*"))
        else:
            shutil.copy(path, tmp_path / source)
    done = subprocess.run(["swift", "package", "--package-path", str(tmp_path), "describe", "--type", "json"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert any(product["name"] == "transition-sim" for product in json.loads(done.stdout)["products"])
