"""A long fuzzing campaign: ``python -m fuzz --inputs 1000000`` (``--json`` for JSON records).

Mutates the sample records (:mod:`fuzz.mutate`; with ``--json`` their JSON form,
:mod:`fuzz.mutate_json`), probes each input (:mod:`fuzz.oracle`),
prints the inputs tried per second as it goes, and saves a minimised reproducer of each new
failure, with its traceback, to the output directory (one per signature: the exception's type
and the place in trufspec it came from).  The same ``--seed`` tries the same inputs.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Callable
from pathlib import Path
from random import Random
from time import perf_counter

from fuzz.mutate import RECORDS, Vocabulary, load_seeds, mutate, mutate_bytes
from fuzz.mutate_json import json_seeds, mutate_json
from fuzz.oracle import Failure, minimise, minimise_json, probe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000, help="inputs to try")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random mutations")
    parser.add_argument(
        "--out", type=Path, default=Path("fuzz-failures"), help="where reproducers go"
    )
    parser.add_argument("--records", type=Path, default=RECORDS, help="the seed records (a folder)")
    parser.add_argument(
        "--format-every",
        type=int,
        default=5,
        help="format one input in so many, and resume its games (formatting costs five checks)",
    )
    parser.add_argument("--every", type=float, default=30.0, help="seconds between progress lines")
    parser.add_argument(
        "--json",
        action="store_true",
        help="JSON records: the sample records' JSON form, its structure and bytes damaged",
    )
    args = parser.parse_args(argv)

    next_input = _json_inputs(args.records) if args.json else _notation_inputs(args.records)
    rng = Random(args.seed)
    seen: dict[str, int] = {}
    start = last = perf_counter()
    failures = 0
    for count in range(1, args.inputs + 1):
        data = next_input(rng)
        if rng.random() < 0.1:
            data = mutate_bytes(data, rng)
        failure = probe(data, fmt=count % args.format_every == 0, json=args.json)
        if failure is not None:
            failures += 1
            if failure.signature not in seen:
                _save(args.out, data, failure, args.json)
            seen[failure.signature] = seen.get(failure.signature, 0) + 1
        now = perf_counter()
        if now - last >= args.every or count == args.inputs:
            last = now
            print(
                f"{count} inputs in {now - start:.0f} s ({count / (now - start):.0f}/s):"
                f" {failures} failures, {len(seen)} distinct",
                flush=True,
            )
    for signature, times in sorted(seen.items()):
        print(f"  {times:>7}  {signature}")
    return 1 if seen else 0


def _notation_inputs(records: Path) -> Callable[[Random], bytes]:
    """Inputs in the notation: a sample record after a few mutations."""
    seeds = load_seeds(records)
    vocabulary = Vocabulary.of(seeds)

    def next_input(rng: Random) -> bytes:
        return mutate(rng.choice(seeds), rng, vocabulary).encode("utf-8", errors="surrogatepass")

    return next_input


def _json_inputs(records: Path) -> Callable[[Random], bytes]:
    """Inputs in JSON: the JSON form of a sample record after a few structural edits."""
    seeds = json_seeds(records)
    return lambda rng: mutate_json(rng.choice(seeds), rng)


def _save(out: Path, data: bytes, failure: Failure, json: bool) -> None:
    """Minimise a new failure and write its reproducer and traceback."""
    signature, detail = failure.signature, failure.detail

    def check(candidate: bytes) -> Failure | None:
        return probe(candidate, fmt=True, json=json)

    try:
        small = (
            minimise_json(data, signature, check)
            if json
            else minimise(data, signature, check=check)
        )
    except MemoryError:  # an input that runs out of memory may do so again while shrunk
        small = data
    name = hashlib.sha1(signature.encode()).hexdigest()[:10]
    suffix = ".json" if json else ".truf"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{name}{suffix}").write_bytes(small)
    (out / f"{name}.txt").write_text(f"{signature}\n\n{detail}", encoding="utf-8")
    print(
        f"new failure: {signature} -> {out / name}{suffix} ({len(data)} bytes, minimised to {len(small)})",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
