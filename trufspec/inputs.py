"""The files a command works on, from the paths on its command line.

Every command that reads records (``check``, ``fmt``, ``score``, ``coverage``, ``convert``)
collects them here, so that they agree on what a path means and on what is wrong with one: a
path that does
not exist, and one that names no records (an empty or mistyped folder), are problems the
command reports, exiting 2 after doing what it can with the other paths.  Checking nothing
where the user expected a check would let a typo in a CI path pass.

A directory is walked as git sees it: what its ``.gitignore`` files (and those above it, up to
the root of its repository) ignore is left out, and so is what the ``exclude`` patterns of the
configuration or of ``--exclude`` name.  Both are gitignore patterns, read by ``pathspec``.  A
file named on the command line is always read: naming it is asking for it.
"""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    import pathspec

__all__ = [
    "EXTENSION",
    "STDIN",
    "GITIGNORE",
    "Input",
    "Collected",
    "Patterns",
    "collect",
    "opening",
    "reads_as_json",
]

EXTENSION = ".truf"
"""Files a directory is searched for; a file named explicitly is read whatever its name."""

STDIN = "-"

GITIGNORE = ".gitignore"

_OPENING = 256
"""How many bytes of standard input are looked at to tell a JSON record from the notation."""


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


def opening(lines: Iterator[bytes]) -> tuple[bytes, Iterator[bytes]]:
    """The first lines of a stream, enough to tell what it holds (a few hundred bytes, or all
    of a shorter stream), and the stream's lines again from the start."""
    head: list[bytes] = []
    size = 0
    for line in lines:
        head.append(line)
        size += len(line)
        if size >= _OPENING:
            break
    return b"".join(head), itertools.chain(head, lines)


def reads_as_json(path: str, input_format: str, start: bytes) -> bool:
    """Whether the file ``path``, which starts with ``start``, is read as a JSON record.

    ``--input-format`` says so for every file; under ``auto`` a file goes by its name (see
    :func:`trufspec.jsonrecords.is_json`), and standard input, which has none, by how it
    starts: a JSON object's first key (``{"version":``), where the notation has a tag, a
    comment or a deal.  So ``trufspec convert game.truf --to json | trufspec check -`` checks
    the JSON record it is given.
    """
    from trufspec.jsonrecords import is_json
    from trufspec.notation.syntax_errors import JSON_START

    if path != STDIN or input_format != "auto":
        return is_json(path, input_format)
    text = start[:_OPENING].decode("utf-8", "replace").lstrip("\ufeff \t\r\n")
    return JSON_START.match(text) is not None


@attrs.frozen
class Patterns:
    """Gitignore patterns and the directory they are relative to (a ``.gitignore``'s own, the
    configuration file's, or the current directory for ``--exclude``)."""

    base: str
    spec: pathspec.GitIgnoreSpec

    @classmethod
    def of(cls, base: str, lines: Sequence[str]) -> Patterns:
        # Imported here: pathspec takes longer to import than a small check takes to run, and
        # only a walk that meets patterns needs it.
        import pathspec

        return cls(os.path.abspath(base), pathspec.GitIgnoreSpec.from_lines(lines))

    def verdict(self, path: str, directory: bool = False) -> bool | None:
        """Whether the patterns leave out ``path``: True or False as the last pattern that
        matches it says (``!`` takes back), None when none does."""
        relative = os.path.relpath(os.path.abspath(path), self.base)
        if relative == os.curdir or relative.split(os.sep)[0] == os.pardir:
            return None
        result = self.spec.check_file(relative.replace(os.sep, "/") + ("/" if directory else ""))
        return None if result.include is None else bool(result.include)


@attrs.frozen
class Collected:
    """The files the paths name, in a stable order and each once, and what was wrong with the
    paths (``path: reason``), to be reported."""

    inputs: tuple[Input, ...]
    problems: tuple[str, ...]


def collect(
    paths: Sequence[str], exclude: Sequence[Patterns] = (), extension: str = EXTENSION
) -> Collected:
    """The files named by ``paths``.

    A directory contributes its files ending in ``extension`` (``*.truf`` unless told; ``trufspec
    convert --to truf`` looks for ``*.json``) at any depth, sorted, skipping hidden
    directories (``.git``, ``.venv``), what its ``.gitignore`` files ignore and what
    ``exclude`` names.  A path that does not exist, a directory that cannot be read and a
    directory without records are problems; the other paths are still collected.  The files
    are sorted as a directory walk meets them (a folder's files before its subfolders'),
    whatever the order they were named in, so that a report is the same however a shell or a
    script lists the files.
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
            found = list(_walk(path, problems, exclude, _gitignores_above(path), extension))
            if not found:
                problems.append(f"{path}: no records (*{extension} files) in this directory")
        for file in found:
            key = file if file == STDIN else os.path.normpath(file)
            if key not in seen:
                seen.add(key)
                inputs.append(Input(file))
    return Collected(tuple(sorted(inputs, key=_walk_order)), tuple(problems))


def _walk_order(source: Input) -> tuple[tuple[str, ...], str]:
    """The place of a file in a sorted directory walk: its folders, then its name."""
    folder, name = os.path.split(os.path.normpath(source.path))
    return tuple(folder.split(os.sep)) if folder else (), name


def _walk(
    directory: str,
    problems: list[str],
    exclude: Sequence[Patterns],
    above: list[Patterns],
    extension: str,
) -> Iterator[str]:
    """The records below ``directory`` (files ending in ``extension``), less what ``exclude``
    names and what the .gitignore files (``above`` it, then its own and those of its folders)
    ignore."""

    def fail(error: OSError) -> None:
        problems.append(f"{error.filename}: {error.strerror}")

    ignores = {os.path.abspath(p.base): p for p in above}
    for root, dirs, files in os.walk(directory, onerror=fail):
        own = _gitignore(root, problems)
        if own is not None:
            ignores[own.base] = own
        # The .gitignore files that apply here, from the top down: a deeper one has the last word.
        chain = [patterns for base, patterns in ignores.items() if _within(root, base)]
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".") and not _left_out(os.path.join(root, d), True, exclude, chain)
        )
        for name in sorted(files):
            path = os.path.join(root, name)
            if name.endswith(extension) and not _left_out(path, False, exclude, chain):
                yield path


def _within(path: str, base: str) -> bool:
    relative = os.path.relpath(os.path.abspath(path), base)
    return relative.split(os.sep)[0] != os.pardir


def _left_out(
    path: str, directory: bool, exclude: Sequence[Patterns], ignores: Sequence[Patterns]
) -> bool:
    """Whether a walk leaves ``path`` out: any ``exclude`` pattern names it, or the .gitignore
    files, read from the top down, ignore it last."""
    if any(patterns.verdict(path, directory) for patterns in exclude):
        return True
    verdict = None
    for patterns in ignores:
        said = patterns.verdict(path, directory)
        if said is not None:
            verdict = said
    return bool(verdict)


def _gitignore(directory: str, problems: list[str]) -> Patterns | None:
    """The patterns of a directory's ``.gitignore``, if it has one."""
    path = os.path.join(directory, GITIGNORE)
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return Patterns.of(directory, handle.read().splitlines())
    except FileNotFoundError:
        return None
    except OSError as error:
        problems.append(f"{path}: {error.strerror or error}")
        return None


def _gitignores_above(directory: str) -> list[Patterns]:
    """The ``.gitignore`` files of the directories above ``directory`` up to the root of its
    git repository (the first with a ``.git``); none outside a repository, where a stray
    ``.gitignore`` higher up belongs to something else."""
    above: list[str] = []
    current = os.path.abspath(directory)
    while not os.path.exists(os.path.join(current, ".git")):
        parent = os.path.dirname(current)
        if parent == current:
            return []
        current = parent
        above.append(current)
    ignored: list[Patterns] = []
    for folder in reversed(above):
        patterns = _gitignore(folder, [])
        if patterns is not None:
            ignored.append(patterns)
    return ignored
