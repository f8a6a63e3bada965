"""``trufspec fmt`` never loses a file: killed at any moment, facing links, read-only files and
directories, or a file saved by someone else meanwhile.

The command runs as a real process (``run`` of ``test_cli``), and the kill test sends SIGKILL
to that one process only, at random moments of a rewrite of 2,000 records.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import cast

import pytest
from cli_runs import PACKAGE_ROOT, UNFORMATTED, run, write

import trufspec
from trufspec.cli.rewrite import rewrite

pytestmark = pytest.mark.slow

FORMATTED = cast(str, trufspec.format_bytes(UNFORMATTED.encode(), "club.truf").output)


def test_a_symbolic_link_stays_a_link_to_its_rewritten_target(tmp_path: Path) -> None:
    target = write(tmp_path / "archive" / "club.truf", UNFORMATTED)
    link = tmp_path / "today.truf"
    link.symlink_to(os.path.relpath(target, tmp_path))
    result = run("fmt", link)
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == os.path.join("archive", "club.truf")
    assert target.read_text(encoding="utf-8") == FORMATTED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["archive", "today.truf"]
    assert sorted(p.name for p in target.parent.iterdir()) == ["club.truf"]


def test_permissions_and_owner_are_kept(tmp_path: Path) -> None:
    path = write(tmp_path / "club.truf", UNFORMATTED)
    path.chmod(0o604)
    if os.getuid() == 0:
        os.chown(path, 65534, 65534)
    before = path.stat()
    assert run("fmt", path).returncode == 0
    after = path.stat()
    assert path.read_text(encoding="utf-8") == FORMATTED
    assert (stat.S_IMODE(after.st_mode), after.st_uid, after.st_gid) == (
        0o604,
        before.st_uid,
        before.st_gid,
    )


def _folder(tmp_path: Path) -> tuple[Path, Path, Path]:
    """Three unformatted records: one to be protected, one beside it, one in another folder."""
    first = write(tmp_path / "a" / "first.truf", UNFORMATTED)
    second = write(tmp_path / "a" / "second.truf", UNFORMATTED)
    other = write(tmp_path / "b" / "other.truf", UNFORMATTED)
    return first, second, other


def test_a_read_only_file_is_an_error_for_that_file_and_the_others_go_on(tmp_path: Path) -> None:
    """A file no one may write is left as it is, even by root, whom the system would let through."""
    first, second, other = _folder(tmp_path)
    first.chmod(0o444)
    result = run("fmt", tmp_path)
    assert result.returncode == 2
    assert f"trufspec: error: {first}: the file is read-only; left as it is" in result.stderr
    assert first.read_text(encoding="utf-8") == UNFORMATTED
    assert second.read_text(encoding="utf-8") == FORMATTED == other.read_text(encoding="utf-8")
    assert "2 files reformatted" in result.stderr


def test_a_read_only_directory_is_an_error_for_its_files_and_the_others_go_on(
    tmp_path: Path,
) -> None:
    first, second, other = _folder(tmp_path)
    first.parent.chmod(0o555)
    try:
        result = run("fmt", tmp_path)
    finally:
        first.parent.chmod(0o755)
    assert result.returncode == 2
    for path in (first, second):
        assert (
            f"trufspec: error: {path}: its directory is read-only; left as it is" in result.stderr
        )
        assert path.read_text(encoding="utf-8") == UNFORMATTED
    assert other.read_text(encoding="utf-8") == FORMATTED
    assert sorted(p.name for p in first.parent.iterdir()) == ["first.truf", "second.truf"]


def _chattr(flag: str, *paths: Path) -> None:
    """Set or clear the immutable attribute, which the system enforces even for root."""
    if shutil.which("chattr") is None:
        pytest.fail("chattr (e2fsprogs) is needed to make a file the system refuses to replace")
    done = subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(
            f"the file system of {paths[0]} has no immutable attribute: {done.stderr.strip()}"
        )


@pytest.mark.skipif(os.getuid() != 0, reason="only root may set the immutable attribute")
def test_a_file_and_a_directory_the_system_refuses_to_change(tmp_path: Path) -> None:
    """The refusal of the system itself, whatever the mode bits say: an immutable file cannot be
    replaced, and nothing can be created in an immutable directory."""
    first, second, other = _folder(tmp_path)
    _chattr("+i", first, other.parent)
    try:
        result = run("fmt", tmp_path)
    finally:
        _chattr("-i", first, other.parent)
    assert result.returncode == 2
    assert f"trufspec: error: {first}: the file is read-only; left as it is" in result.stderr
    assert f"trufspec: error: {other}: its directory is read-only; left as it is" in result.stderr
    assert first.read_text(encoding="utf-8") == UNFORMATTED == other.read_text(encoding="utf-8")
    assert second.read_text(encoding="utf-8") == FORMATTED
    assert sorted(p.name for p in first.parent.iterdir()) == ["first.truf", "second.truf"]
    assert sorted(p.name for p in other.parent.iterdir()) == ["other.truf"]


def test_a_file_saved_by_someone_else_meanwhile_is_not_overwritten(tmp_path: Path) -> None:
    path = write(tmp_path / "club.truf", UNFORMATTED)
    newer = UNFORMATTED.replace("Club night", "Club night, corrected")
    path.write_text(newer, encoding="utf-8")
    problem = rewrite(str(path), UNFORMATTED.encode(), FORMATTED.encode())
    assert problem == "the file changed while it was being formatted; the new text is kept as it is"
    assert path.read_text(encoding="utf-8") == newer
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.truf"]
    assert rewrite(str(path), newer.encode(), FORMATTED.encode()) is None
    assert path.read_text(encoding="utf-8") == FORMATTED


RECORDS = 2_000
KILLS = 8


def test_fmt_killed_at_random_moments_leaves_every_file_whole(tmp_path: Path) -> None:
    """SIGKILL to a ``trufspec fmt`` rewriting 2,000 records, again and again at random moments:
    each file is, after every kill, either its original text or its formatted text."""
    folder = tmp_path / "records"
    originals = [UNFORMATTED.replace("Club night", f"Club night {n}") for n in range(RECORDS)]
    formatted = [trufspec.format_bytes(t.encode(), "x.truf").output for t in originals]
    paths = [
        write(folder / f"{n // 100:02d}" / f"game-{n:04d}.truf", t) for n, t in enumerate(originals)
    ]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            p for p in (str(PACKAGE_ROOT), os.environ.get("PYTHONPATH")) if p
        ),
    }
    rng = random.Random(18)
    kills = 0
    midway = 0
    while True:
        process = subprocess.Popen(
            [sys.executable, "-m", "trufspec", "fmt", str(folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        if kills < KILLS:
            time.sleep(rng.uniform(0.3, 3.0))
            if process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
                kills += 1
        status = process.wait(timeout=300)
        texts = [p.read_text(encoding="utf-8") for p in paths]
        whole = [t in (o, f) for t, o, f in zip(texts, originals, formatted)]
        assert all(whole), [str(p) for p, w in zip(paths, whole) if not w][:5]
        done = sum(t == f for t, f in zip(texts, formatted))
        midway += 0 < done < RECORDS
        leftovers = [p for p in folder.rglob("*") if p.is_file() and p not in set(paths)]
        assert all(p.name.startswith(".game-") and p.name.endswith(".tmp") for p in leftovers)
        if status != -signal.SIGKILL:
            break
    assert status == 0
    assert midway >= 3  # kills that stopped it halfway through the folder
    assert texts == formatted
