"""Each command of the README and CONTRIBUTING that installs an extra works as a newcomer runs it:
in a fresh environment holding that extra alone, from a folder holding only what a clone holds.

The test extra has every other extra in it, so a module that needs a library its own extra
lacks passes the rest of the suite; here each extra is installed by itself.  The commands are
read from the documents, so a command that changes is tested as it now reads.  The test extra's
own command is the one CI runs (``.ci/run``), and is not run a second time here.  A command
that serves (``trufspec serve``) is started on a free port, must answer its page, and is
stopped.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from postgres_cluster import free_port

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = (ROOT / "README.md", ROOT / "CONTRIBUTING.md")
INSTALL = re.compile(
    r"^python3 -m venv \.venv && \.venv/bin/pip install (?:-e )?'\.\[(?P<extra>[\w,]+)\]'"
    r" && (?P<then>.+)$"
)
"""A Quick start line: a fresh environment, one extra of the checkout installed, a command."""


def commands() -> list[tuple[str, str]]:
    """Each documented install of an extra other than the test extra: the extra and the line."""
    found: dict[str, str] = {}
    for document in DOCUMENTS:
        for line in document.read_text(encoding="utf-8").splitlines():
            match = INSTALL.match(line.strip())
            if match and match["extra"] != "test":
                found.setdefault(match["extra"], line.strip())
    return sorted(found.items())


def test_the_documents_install_the_docs_and_the_serve_extras() -> None:
    assert [extra for extra, _ in commands()] == ["docs", "serve"]


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """The files a clone has (``git ls-files``), copied to an empty folder."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, tmp_path / name)
    return tmp_path


def _environment() -> dict[str, str]:
    """The test session's environment without what would leak its packages into the new one."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}


@pytest.mark.parametrize(("extra", "line"), commands(), ids=[e for e, _ in commands()])
def test_the_command_works_with_its_extra_alone(extra: str, line: str, clone: Path) -> None:
    install, _, then = line.rpartition(" && ")
    done = subprocess.run(
        ["bash", "-c", install], cwd=clone, env=_environment(), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    if not then.endswith("trufspec serve"):
        done = subprocess.run(
            ["bash", "-c", then], cwd=clone, env=_environment(), capture_output=True, text=True
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return
    port = free_port()
    log = clone / "serve.log"
    with open(log, "wb") as output:
        server = subprocess.Popen(
            ["bash", "-c", f"exec {then} --port {port}"],
            cwd=clone,
            env=_environment(),
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
