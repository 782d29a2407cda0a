"""Issue 15, item 7: --version, the build in the start line, transition_sim_build_info and process metrics."""
import os
import re
import subprocess
import time

from conftest import BINARY, Server


def test_version_names_the_build():
    run = subprocess.run([BINARY, "--version"], capture_output=True, timeout=10)
    assert run.returncode == 0
    match = re.fullmatch(rb"transition-sim (\S+) \(commit (\S+)\)\n", run.stdout)
    assert match, run.stdout
    # scripts/test builds with the commit it tests.
    if os.environ.get("TRANSITION_SIM_COMMIT"):
        assert match.group(2).decode() == os.environ["TRANSITION_SIM_COMMIT"]


def test_start_line_and_metrics_name_the_build_and_the_process():
    version = subprocess.run([BINARY, "--version"], capture_output=True, timeout=10).stdout.decode().split()
    number, commit = version[1], version[3].rstrip(")")
    server = Server("--log-level", "info")
    started = time.time()
    try:
        text = server.get("/metrics").text
        assert f'transition_sim_build_info{{version="{number}",commit="{commit}"}} 1' in text
        values = dict(line.split(" ", 1) for line in text.splitlines() if line.startswith("process_"))
        assert int(values["process_resident_memory_bytes"]) > 1 << 20
        assert 3 <= int(values["process_open_fds"]) < int(values["process_max_fds"])
        assert float(values["process_cpu_seconds_total"]) > 0
        assert started - 30 < float(values["process_start_time_seconds"]) <= time.time()
    finally:
        status, log = server.stop_and_read_log()
    start = [line for line in log.splitlines() if "msg=listening" in line][0]
    assert f"version={number}" in start and f"commit={commit}" in start
