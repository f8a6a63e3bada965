"""The command line run as a user runs it, in a process of its own, and the small records the
command-line tests write."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import trufspec

VALID = """\
[Event "Club night"]
[Ruleset "truf-jb"]
[Players "Ana Budi Citra Dewi"]

deal 1
dealer Ana
bids Ana: 3 Budi: 7 Citra: 0 Dewi: 2
tricks Ana 3 Budi 6 Citra 1 Dewi 3
"""

UNFORMATTED = """\
[Event "Club night"] [Ruleset "truf-jb"] [Players "Ana Budi Citra Dewi"]
deal 1 dealer Ana bids Ana: 3 Budi: 7 Citra: 0 Dewi: 2 tricks Ana 3 Budi 6 Citra 1 Dewi 3
"""

SYNTAX_ERROR = """\
[Event "Club night"]
[Ruleset "truf-jb"]
[Players "Ana Budi Citra Dewi"]

deal 1
dealer Ana
bids Ana: 3 Budi: @@ Citra: 0 Dewi: 2
"""

PACKAGE_ROOT = Path(trufspec.__file__).resolve().parents[1]


def run(
    *args: str | Path, stdin: bytes | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(PACKAGE_ROOT), os.environ.get("PYTHONPATH")) if p
    )
    result = subprocess.run(
        [sys.executable, "-m", "trufspec", *map(str, args)],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        env=env,
        timeout=300,
    )
    return subprocess.CompletedProcess(
        result.args,
        result.returncode,
        result.stdout.decode("utf-8", errors="replace"),
        result.stderr.decode("utf-8", errors="replace"),
    )


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
