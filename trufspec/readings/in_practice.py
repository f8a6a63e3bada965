"""Which ambiguities matter in practice: how often each one mattered in the sample games.

The ambiguity register page includes this count, as a table, from
``docs/readings-in-practice.inc``; a test makes it again from the sample records and compares,
so it never goes stale.  Regenerate it with::

    python -m trufspec.readings.in_practice records/*/*.truf > docs/readings-in-practice.inc
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence

from trufspec.readings.corpus import readings_paths, summarise
from trufspec.readings.render import render_summary_rst

__all__ = ["in_practice", "main"]


def in_practice(paths: Iterable[str]) -> str:
    """The count for the records at ``paths``, replayed under the default readings, as the
    page's table."""
    return render_summary_rst(summarise(readings_paths(sorted(paths))))


def main(argv: Sequence[str] | None = None) -> int:
    """Print the count of the records named on the command line."""
    paths = list(sys.argv[1:] if argv is None else argv)
    if not paths:
        print("usage: python -m trufspec.readings.in_practice RECORD...", file=sys.stderr)
        return 2
    sys.stdout.write(in_practice(paths))
    return 0


if __name__ == "__main__":
    sys.exit(main())
