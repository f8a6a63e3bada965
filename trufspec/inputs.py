"""The files a command works on, from the paths on its command line.

Every command that reads records (``check``, ``fmt``, ``score``, ``coverage``) collects them
here, so that they agree on what a path means and on what is wrong with one: a path that does
not exist, and one that names no records (an empty or mistyped folder), are problems the
command reports, exiting 2 after doing what it can with the other paths.  Checking nothing
where the user expected a check would let a typo in a CI path pass.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence

import attrs

__all__ = ["EXTENSION", "STDIN", "Input", "Collected", "collect"]

EXTENSION = ".truf"
"""Files a directory is searched for; a file named explicitly is read whatever its name."""

STDIN = "-"


@attrs.frozen
class Input:
    """A file to process: the path as the user will see it, and ``-`` for standard input."""

    path: str

    @property
    def is_stdin(self) -> bool:
        return self.path == STDIN

    def read(self) -> bytes:
        if self.is_stdin:
            return sys.stdin.buffer.read()
        with open(self.path, "rb") as handle:
            return handle.read()


@attrs.frozen
class Collected:
    """The files the paths name, in a stable order and each once, and what was wrong with the
    paths (``path: reason``), to be reported."""

    inputs: tuple[Input, ...]
    problems: tuple[str, ...]


def collect(paths: Sequence[str]) -> Collected:
    """The files named by ``paths``.

    A directory contributes its ``*.truf`` files at any depth, sorted, skipping hidden
    directories (``.git``, ``.venv``).  A path that does not exist, a directory that cannot be
    read and a directory without records are problems; the other paths are still collected.
    """
    seen: set[str] = set()
    inputs: list[Input] = []
    problems: list[str] = []
    for path in paths:
        if path != STDIN and not os.path.lexists(path):
            problems.append(f"{path}: no such file or directory")
            continue
        if path == STDIN or not os.path.isdir(path):
            found: list[str] = [path]
        else:
            found = list(_walk(path, problems))
            if not found:
                problems.append(f"{path}: no records (*{EXTENSION} files) in this directory")
        for file in found:
            key = file if file == STDIN else os.path.normpath(file)
            if key not in seen:
                seen.add(key)
                inputs.append(Input(file))
    return Collected(tuple(inputs), tuple(problems))


def _walk(directory: str, problems: list[str]) -> Iterator[str]:
    def fail(error: OSError) -> None:
        problems.append(f"{error.filename}: {error.strerror}")

    for root, dirs, files in os.walk(directory, onerror=fail):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith(EXTENSION):
                yield os.path.join(root, name)
