"""``trufspec convert`` over several files and folders, and JSON records on standard input.

Where each result goes is decided before any is written: one input to standard output or
``--output``, several (or a folder) into ``--output-dir``, the files of a folder keeping their
place below it.  A bad invocation writes nothing and exits 2; a record that cannot be read is
reported and the others are still converted.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from trufspec import dumps, load
from trufspec.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "records" / "truf-jb" / "notation-example.truf"
OTHER = ROOT / "records" / "truf-de" / "club-night-2026-10-09.truf"


def run(*arguments: str | Path, stdin: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in arguments], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def corpus(tmp_path: Path) -> Path:
    """A folder of records with a subfolder: two files at the top, one below."""
    folder = tmp_path / "records"
    (folder / "deeper").mkdir(parents=True)
    shutil.copy(EXAMPLE, folder / "a.truf")
    shutil.copy(OTHER, folder / "b.truf")
    shutil.copy(EXAMPLE, folder / "deeper" / "c.truf")
    (folder / "notes.txt").write_text("not a record\n", encoding="utf-8")
    return folder


def test_a_folder_is_converted_into_the_output_folder_and_back(tmp_path: Path) -> None:
    folder = corpus(tmp_path)
    status, _, said = run("convert", folder, "--to", "json", "--output-dir", tmp_path / "json")
    assert status == 0, said
    written = sorted(p.relative_to(tmp_path / "json") for p in (tmp_path / "json").rglob("*"))
    assert [str(p) for p in written] == ["a.json", "b.json", "deeper", "deeper/c.json"]
    assert said.count("wrote ") == 3
    status, _, said = run("convert", tmp_path / "json", "--to", "truf", "-d", tmp_path / "back")
    assert status == 0, said
    for name in ("a", "b", "deeper/c"):
        back = (tmp_path / "back" / f"{name}.truf").read_text("utf-8")
        assert back == dumps(load(str(folder / f"{name}.truf")).games)


def test_files_named_directly_are_written_under_their_own_names(tmp_path: Path) -> None:
    status, _, said = run("convert", EXAMPLE, OTHER, "--to", "json", "-d", tmp_path / "out")
    assert status == 0, said
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "club-night-2026-10-09.json",
        "notation-example.json",
    ]


def test_several_inputs_need_an_output_folder_and_nothing_is_written(tmp_path: Path) -> None:
    folder = corpus(tmp_path)
    for arguments in (
        (EXAMPLE, OTHER, "--to", "json"),
        (EXAMPLE, OTHER, "--to", "json", "-o", tmp_path / "one.json"),
        (folder, "--to", "json"),
    ):
        status, out, said = run("convert", *arguments)
        assert status == 2
        assert "give --output-dir DIR" in said
        assert out == ""
    assert not (tmp_path / "one.json").exists()


def test_bad_output_requests_are_usage_errors_that_write_nothing(tmp_path: Path) -> None:
    folder = corpus(tmp_path)
    shutil.copy(EXAMPLE, tmp_path / "a.truf")
    out = tmp_path / "out"
    cases = {
        "not both": ("convert", EXAMPLE, "--to", "json", "-o", "x.json", "-d", out),
        "standard input has no name": ("convert", "-", "--to", "json", "-d", out),
        "would both be written to": (
            "convert",
            folder,
            tmp_path / "a.truf",
            "--to",
            "json",
            "-d",
            out,
        ),
    }
    for message, arguments in cases.items():
        status, _, said = run(*arguments, stdin=EXAMPLE.read_bytes())
        assert status == 2, message
        assert message in said
    assert not out.exists()
    json_in = tmp_path / "j"
    run("convert", folder, "--to", "json", "-d", json_in)
    status, _, said = run(
        "convert", json_in, "--to", "json", "--input-format", "json", "-d", json_in
    )
    assert status == 2
    assert "no records (*.truf files)" in said
    status, _, said = run("convert", json_in / "a.json", "--to", "json", "-d", json_in)
    assert status == 2
    assert "would overwrite the input" in said


def test_a_broken_record_or_a_missing_path_leaves_the_others_converted(tmp_path: Path) -> None:
    folder = corpus(tmp_path)
    (folder / "bad.truf").write_text('[Ruleset "truf-jb"]\ndeal 1 hands Ana: 1S\n', "utf-8")
    out = tmp_path / "out"
    status, _, said = run("convert", folder, "--to", "json", "-d", out)
    assert status == 1
    assert "bad.truf:2:" in said
    assert not (out / "bad.json").exists()
    assert (out / "a.json").is_file() and (out / "deeper" / "c.json").is_file()
    status, _, said = run("convert", tmp_path / "missing", EXAMPLE, "--to", "json", "-d", out)
    assert status == 2
    assert "missing: no such file or directory" in said
    assert (out / "notation-example.json").is_file()


def test_one_input_still_goes_to_standard_output_or_one_file(tmp_path: Path) -> None:
    status, out, _ = run("convert", EXAMPLE, "--to", "truf")
    assert status == 0
    assert out == dumps(load(str(EXAMPLE)).games)
    status, _, said = run("convert", EXAMPLE, "--to", "json", "-o", tmp_path / "g.json")
    assert status == 0
    assert "wrote" in said and (tmp_path / "g.json").is_file()


def test_a_json_record_on_standard_input_is_read_as_one(tmp_path: Path) -> None:
    _, document, _ = run("convert", EXAMPLE, "--to", "json")
    for command in (["check"], ["score"], ["convert", "--to", "truf"]):
        status, out, said = run(*command, "-", stdin=document.encode())
        assert status == 0, (command, out, said)
        assert "comment is never closed" not in out + said
    _, out, _ = run("convert", "-", "--to", "truf", stdin=document.encode())
    assert out == dumps(load(str(EXAMPLE)).games)
    # The notation on standard input is read as before, a leading brace comment included.
    status, out, _ = run("check", "-", stdin=b'{ "a comment" }\n' + EXAMPLE.read_bytes())
    assert status == 0, out


def test_json_read_as_the_notation_says_how_to_read_it(tmp_path: Path) -> None:
    _, document, _ = run("convert", EXAMPLE, "--to", "json")
    named = tmp_path / "game.txt"
    named.write_text(document, encoding="utf-8")
    status, out, _ = run("check", named)
    assert status == 1
    assert "looks like a JSON record" in out and "--input-format json" in out
    status, out, _ = run("check", "--input-format", "json", named)
    assert status == 0, out
    status, out, _ = run("check", "--input-format", "truf", "-", stdin=document.encode())
    assert status == 1
    assert "--input-format json" in out
