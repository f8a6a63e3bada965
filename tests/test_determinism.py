"""The same answers however a check is run: byte for byte, in every output format.

A report must not depend on how the work was shared out (one process, two, a Dask cluster),
on the hash seed of the Python that ran it (set and dict orders), or on the order in which
the files were named.  Each variation below is run as the command, on every sample record (of
every ruleset, with diagnostics of every kind) and on one file large enough to be checked in
several blocks, and its output compared with that of one process given the folder; and damaged
records are read in blocks of every size and compared with the whole file.
"""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from budgets import examples
from cli_runs import run
from corpus import as_json
from damage import SEEDS, VOCABULARY
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trufspec
from fuzz.mutate import mutate
from trufspec.batch import BLOCK_SIZE, check_blocks
from trufspec.notation.blocks import blocks

RECORDS = Path(__file__).resolve().parent.parent / "records"

FORMATS = [
    ("--format", "text"),
    ("--format", "json"),
    ("--format", "github"),
    ("--format", "sarif"),
    ("--statistics",),
]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A copy of the sample records with a large file of their games beside them; the folder
    and its files, relative to it, in the order of a directory walk."""
    root = tmp_path_factory.mktemp("determinism")
    shutil.copytree(RECORDS, root / "records")
    games = [p.read_text(encoding="utf-8") for p in sorted(RECORDS.glob("*/*.truf"))]
    text = "\n".join(games)
    big = "\n".join([text] * (2 * BLOCK_SIZE // len(text) + 1))
    (root / "records" / "large.truf").write_text(big, encoding="utf-8")
    files = []
    for folder, dirs, names in os.walk(root / "records"):
        dirs.sort()
        files += [
            os.path.relpath(os.path.join(folder, n), root)
            for n in sorted(names)
            if n.endswith(".truf")
        ]
    return root, files


def check(root: Path, seed: str, *args: str) -> tuple[int, str]:
    os.environ["PYTHONHASHSEED"] = seed
    try:
        result = run("check", *args, cwd=root)
    finally:
        del os.environ["PYTHONHASHSEED"]
    assert "Traceback" not in result.stderr
    return result.returncode, result.stdout


@pytest.fixture(scope="module")
def references(corpus: tuple[Path, list[str]]) -> dict[tuple[str, ...], tuple[int, str]]:
    """The output of one process given the folder, in each format."""
    root, _ = corpus
    return {form: check(root, "0", *form, "--jobs", "1", "records") for form in FORMATS}


@pytest.mark.slow
@pytest.mark.parametrize("form", FORMATS, ids=lambda f: f[-1].lstrip("-"))
def test_two_processes_another_hash_seed_and_the_files_named_backwards(
    corpus: tuple[Path, list[str]],
    references: dict[tuple[str, ...], tuple[int, str]],
    form: tuple[str, ...],
) -> None:
    root, files = corpus
    reference = references[form]
    assert reference[0] == 1 and len(reference[1]) > 10_000
    assert check(root, "1", *form, "--jobs", "2", *reversed(files)) == reference


@pytest.mark.slow
def test_a_local_dask_cluster_another_hash_seed_and_the_files_named_backwards(
    corpus: tuple[Path, list[str]], references: dict[tuple[str, ...], tuple[int, str]]
) -> None:
    """One run on a cluster (it takes seconds to start): JSON, the format that holds every
    figure of every game beside the diagnostics."""
    root, files = corpus
    assert (
        check(root, "3", "--format", "json", "--dask", "local", *reversed(files))
        == references[("--format", "json")]
    )


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(SEEDS), min_size=1, max_size=4),
    st.randoms(use_true_random=False),
    st.sampled_from([1, 300]),
)
def test_damaged_records_read_in_blocks_report_what_the_whole_file_reports(
    seeds: list[str], rng: Any, size: int
) -> None:
    """A large file is read a block of games at a time: the campaign's damaged records, cut into
    blocks of every game (or of about 300 bytes), give the report of the whole file."""
    text = "\n".join(mutate(seed, rng, VOCABULARY) for seed in seeds)
    data = text.encode("utf-8", errors="surrogatepass")
    whole = trufspec.check_bytes(data, "x.truf")
    streamed = check_blocks(blocks(io.BytesIO(data), size), "x.truf")
    assert as_json(streamed) == as_json(whole)
    assert streamed.lines == whole.lines
