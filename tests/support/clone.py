"""What a fresh clone of the repository holds, for the tests that run the documents' commands
as a newcomer would: the files ``git ls-files`` lists, as the working tree holds them (so that
a change not yet committed is tested), and nothing else."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

__all__ = ["ROOT", "copy_checkout", "documented_installs", "environment"]

ROOT = Path(__file__).resolve().parents[2]
"""The repository's working tree."""


def copy_checkout(folder: Path) -> Path:
    """``folder``, an empty folder, once it holds the files a clone has."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, folder / name)
    return folder


DOCUMENTS = (ROOT / "README.md", ROOT / "CONTRIBUTING.md")
INSTALL = re.compile(
    r"^python3 -m venv \.venv && \.venv/bin/pip install (?:-e )?'\.\[(?P<extra>[\w,]+)\]'"
    r" && (?P<then>.+)$"
)
"""A Quick start line: a fresh environment, one extra of the checkout installed, a command."""


def documented_installs() -> dict[str, str]:
    """Each documented install of an extra other than the test extra (whose line CI runs), by
    extra: the whole line, the first of the documents to give one."""
    found: dict[str, str] = {}
    for document in DOCUMENTS:
        for line in document.read_text(encoding="utf-8").splitlines():
            match = INSTALL.match(line.strip())
            if match and match["extra"] != "test":
                found.setdefault(match["extra"], line.strip())
    return dict(sorted(found.items()))


def environment() -> dict[str, str]:
    """The test session's environment without what would leak its packages into a new one."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
