"""A throw-away PostgreSQL cluster for the tests: made in a temporary folder, listening on a
free port of 127.0.0.1, removed at the end.

The binaries are Debian's (``apt-get install postgresql``, under /usr/lib/postgresql/N/bin), or
any ``initdb`` and ``pg_ctl`` on the PATH.  ``initdb`` refuses to run as root, so when the tests
run as root the cluster is made and run by the ``postgres`` user the package creates (or
``nobody``), and the folder is handed to it.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

__all__ = ["Cluster", "binaries", "cluster", "free_port", "postgres"]

USER = "trufspec"
"""The cluster's superuser, which the tests connect as (trusted on 127.0.0.1: no password)."""

MISSING = (
    "PostgreSQL's initdb and pg_ctl were not found (under /usr/lib/postgresql/*/bin or on the "
    "PATH): apt-get install postgresql"
)


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: the latest Debian version's, or the PATH's."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parent.parent.name),
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("pg_ctl") else None


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now (bound and let go at once)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _owner() -> str | None:
    """The unprivileged user that runs the cluster when the tests run as root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("running as root, and neither a postgres nor a nobody user to run initdb")


class Cluster:
    """One cluster: its folder, port and binaries; stopped and started again by the tests of
    what the service does while the database is away."""

    def __init__(self, folder: Path, bin: Path, port: int, owner: str | None) -> None:
        self.folder = folder
        self.bin = bin
        self.port = port
        self.owner = owner
        self.url = f"postgresql://{USER}@127.0.0.1:{port}/trufspec"

    def _run(self, program: str, *arguments: str) -> None:
        command = [str(self.bin / program), *arguments]
        if self.owner is not None:
            command = ["runuser", "-u", self.owner, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")

    def start(self) -> None:
        options = f"-h 127.0.0.1 -p {self.port} -k {self.folder} -F"
        self._run(
            "pg_ctl",
            *("-D", str(self.folder / "data"), "-l", str(self.folder / "log"), "-o", options),
            *("-w", "-t", "60", "start"),
        )

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")


@contextmanager
def cluster() -> Iterator[Cluster]:
    """A new cluster with a ``trufspec`` database, running until the block ends, then
    removed.  RuntimeError when the binaries are missing or a step fails."""
    bin = binaries()
    if bin is None:
        raise RuntimeError(MISSING)
    owner = _owner()
    folder = Path(tempfile.mkdtemp(prefix="trufspec-postgres-"))
    try:
        if owner is not None:
            shutil.chown(folder, owner)
        made = Cluster(folder, bin, free_port(), owner)
        made._run(
            "initdb",
            *("-D", str(folder / "data"), "-U", USER, "-A", "trust"),
            *("-E", "UTF8", "--no-locale", "--no-sync"),
        )
        made.start()
        try:
            made._run("createdb", "-h", "127.0.0.1", "-p", str(made.port), "-U", USER, "trufspec")
            yield made
        finally:
            with suppress(RuntimeError):  # already stopped by a test that failed meanwhile
                made.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A throw-away PostgreSQL cluster for the session (one for each worker of pytest-xdist),
    its ``url`` a database of its own.  Without PostgreSQL's binaries the tests that need it are
    skipped, saying what to install, but fail in CI (the environment variable CI set), which
    installs them: there a skipped test would let a broken store pass."""
    if binaries() is None:
        if os.environ.get("CI"):
            pytest.fail(MISSING, pytrace=False)
        pytest.skip(MISSING)
    with cluster() as running:
        yield running
