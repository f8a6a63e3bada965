"""Costly work that several tests read, done once per run of the suite.

pytest-xdist runs the tests in several processes, and a fixture scoped to a module or to the
session is made again in each process that runs one of its tests: the reference's HTML build,
which takes a minute and a half, would be made by every worker.  :func:`once` does the work in
the folder that the workers of one run share, under a lock, so that the first process to ask
does it and the others wait for it and read what it left.  A failure is kept too, and every
later asker fails with the same words rather than doing the work again.
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock

__all__ = ["once"]


def once(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder ``name`` once ``make`` has filled it, in this run of the suite.

    ``make`` is given the empty folder; it fails as a test fails (an assertion, or
    ``pytest.skip``, which is kept like a failure and told to every asker alike)."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the workers' base folders lie side by side in the run's folder
    folder = shared / name
    done, failed, skipped = (shared / f"{name}.{end}" for end in ("done", "failed", "skipped"))
    with FileLock(shared / f"{name}.lock"):
        if not done.exists() and not failed.exists() and not skipped.exists():
            folder.mkdir()
            try:
                make(folder)
            except pytest.skip.Exception as reason:
                skipped.write_text(str(reason), encoding="utf-8")
            except (Exception, pytest.fail.Exception):
                failed.write_text(traceback.format_exc(), encoding="utf-8")
            else:
                done.touch()
    if skipped.exists():
        pytest.skip(skipped.read_text(encoding="utf-8"))
    if failed.exists():
        pytest.fail(f"{name} could not be made:\n{failed.read_text(encoding='utf-8')}")
    return folder
