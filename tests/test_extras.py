"""Each command of the README and CONTRIBUTING that installs an extra works as a newcomer runs it:
in a fresh environment holding that extra alone, from a folder holding only what a clone holds.

The test extra has every other extra in it, so a module that needs a library its own extra
lacks passes the rest of the suite; here each extra is installed by itself.  The commands are
read from the documents, so a command that changes is tested as it now reads.  The test extra's
own command is the one CI runs (``.ci/run``), and is not run a second time here; nor is the
docs extra's, which builds the reference: ``tests/docs`` runs it, and reads the pages it builds.
A command that serves (``trufspec serve``) is started on a free port, must answer its page, and
is stopped.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from clone import copy_checkout, documented_installs, environment
from postgres_cluster import free_port

pytestmark = pytest.mark.slow

RUN_ELSEWHERE = {"docs"}
"""The extras whose command another test runs: the reference's build (``tests/docs``)."""


def commands() -> list[tuple[str, str]]:
    """Each documented install of an extra that is run here: the extra and the line."""
    return [(e, line) for e, line in documented_installs().items() if e not in RUN_ELSEWHERE]


def test_the_documents_install_the_docs_and_the_serve_extras() -> None:
    assert list(documented_installs()) == ["docs", "serve"]


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    return copy_checkout(tmp_path)


@pytest.mark.parametrize(("extra", "line"), commands(), ids=[e for e, _ in commands()])
def test_the_command_works_with_its_extra_alone(extra: str, line: str, clone: Path) -> None:
    install, _, then = line.rpartition(" && ")
    done = subprocess.run(
        ["bash", "-c", install], cwd=clone, env=environment(), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    if not then.endswith("trufspec serve"):
        done = subprocess.run(
            ["bash", "-c", then], cwd=clone, env=environment(), capture_output=True, text=True
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return
    port = free_port()
    log = clone / "serve.log"
    with open(log, "wb") as output:
        server = subprocess.Popen(
            ["bash", "-c", f"exec {then} --port {port}"],
            cwd=clone,
            env=environment(),
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, log.read_text(encoding="utf-8", errors="replace")
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/play", timeout=5)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not answer within 60 s"
                time.sleep(0.2)
        assert page.status_code == 200
        assert "<form" in page.text
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
