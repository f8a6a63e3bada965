"""A long fuzzing campaign: ``python -m fuzz --inputs 1000000``.

Mutates the sample records (:mod:`fuzz.mutate`), probes each input (:mod:`fuzz.oracle`),
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
from fuzz.oracle import Failure, minimise, probe


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
    args = parser.parse_args(argv)

    seeds = load_seeds(args.records)
    vocabulary = Vocabulary.of(seeds)
    rng = Random(args.seed)
    seen: dict[str, int] = {}
    start = last = perf_counter()
    failures = 0
    for count in range(1, args.inputs + 1):
        text = mutate(rng.choice(seeds), rng, vocabulary)
        data = text.encode("utf-8", errors="surrogatepass")
        if rng.random() < 0.1:
            data = mutate_bytes(data, rng)
        failure = probe(data, fmt=count % args.format_every == 0)
        if failure is not None:
            failures += 1
            if failure.signature not in seen:
                _save(args.out, data, failure, lambda candidate: probe(candidate, fmt=True))
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


def _save(
    out: Path, data: bytes, failure: Failure, check: Callable[[bytes], Failure | None]
) -> None:
    """Minimise a new failure and write its reproducer and traceback."""
    signature, detail = failure.signature, failure.detail
    try:
        small = minimise(data, signature, check=check)
    except MemoryError:  # an input that runs out of memory may do so again while shrunk
        small = data
    name = hashlib.sha1(signature.encode()).hexdigest()[:10]
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{name}.truf").write_bytes(small)
    (out / f"{name}.txt").write_text(f"{signature}\n\n{detail}", encoding="utf-8")
    print(
        f"new failure: {signature} -> {out / name}.truf ({len(data)} bytes, minimised to {len(small)})",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
