"""Rewrite a file in place without ever losing it: what ``trufspec fmt`` writes with.

The new text goes to a temporary file in the directory of the file (of its target, for a
symbolic link), is flushed to disk, given the file's permissions and owner, and then takes the
file's place in one ``rename``: a run killed at any moment leaves either the old text or the new
one, never half of either (at worst a hidden ``.NAME.*.tmp`` file beside it).

A file is not rewritten when:

* it is read-only, or its directory is: no one may write to it (root included, who the system
  would let through; the mark says the file is not to be changed), or the system refuses;
* its text is no longer the text that was formatted (an editor saved it meanwhile): the newer
  text is kept, and formatting it again is up to the user.

Each refusal is a message for that file alone; the caller goes on with the others.
"""

from __future__ import annotations

import os
import stat
import tempfile
from contextlib import suppress

__all__ = ["rewrite"]

_WRITE = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH


def rewrite(path: str, old: bytes, new: bytes) -> str | None:
    """Replace the text ``old`` of the file at ``path`` by ``new``; None, or why not."""
    target = os.path.realpath(path)
    directory = os.path.dirname(target)
    try:
        status = os.stat(target)
        for place, what in ((target, "the file"), (directory, "its directory")):
            if not _writable(place):
                return f"{what} is read-only; left as it is"
        # Closed by the `with handle` below; opened here so that failing to create it is
        # reported like the other errors of this block.
        handle = tempfile.NamedTemporaryFile(  # noqa: SIM115
            dir=directory, prefix=f".{os.path.basename(target)}.", suffix=".tmp", delete=False
        )
    except OSError as error:
        return error.strerror or str(error)
    try:
        with handle:
            handle.write(new)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(handle.name, stat.S_IMODE(status.st_mode))
        if (status.st_uid, status.st_gid) != (os.getuid(), os.getgid()):
            _keep_owner(handle.name, status)
        with open(target, "rb") as current:
            if current.read() != old:
                os.unlink(handle.name)
                return (
                    "the file changed while it was being formatted; the new text is kept as it is"
                )
        os.replace(handle.name, target)
    except OSError as error:
        with suppress(OSError):
            os.unlink(handle.name)
        return error.strerror or str(error)
    return None


def _writable(path: str) -> bool:
    """Whether the user may write to ``path``, and anyone at all may (its mode has a write bit)."""
    return os.access(path, os.W_OK) and bool(os.stat(path).st_mode & _WRITE)


def _keep_owner(name: str, status: os.stat_result) -> None:
    """Give the new file the old one's owner and group, as far as the user may."""
    with suppress(OSError):
        os.chown(name, status.st_uid, status.st_gid)
