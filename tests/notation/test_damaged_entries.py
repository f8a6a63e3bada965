"""Every line of entries of the sample games, damaged in each way a table damages one: the
replay judges only what the record says.

Wherever a ruleset reads hands, bids, claims, votes, decisions, cuts, tricks, scores, totals,
honours or pots, an entry may be missing, the line may be empty, an entry may be written twice
or name another player in place of the right one.  Each such record must be checked to
diagnostics, never to an exception: this test makes every one of these damages, one at a time,
to every line of one complete game of each ruleset (and its score sheet), where the random
campaign of ``tests/fuzz/test_fuzz.py`` would take long to hit them all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from samples import ONE_PER_RULESET, RECORDS

import trufspec
from trufspec.notation.chunks import SECTION_KEYWORDS

GAMES = [
    *ONE_PER_RULESET,
    "truf-jb/score-sheet-kampus-league-2027-06-11.truf",
    "truf-jb/kampus-league-three-players-2027-05-14.truf",
    "truf-basics/score-sheet-2027-05-08.truf",
    "truf-de/family-evening-2026-11-07-method-three.truf",
    "ruff-and-honours/score-sheet-league-2026-11-10.truf",
    "tromplemond/score-sheet-club-night-2026-10-22.truf",
    "tromplemond/tromp-pots-evening-2026-09-19.truf",
]

_SECTION = re.compile(r"(\s*(?:{})\b)(.*)".format("|".join(re.escape(k) for k in SECTION_KEYWORDS)))
_ENTRY = re.compile(r"(\s+[^\W\d][\w\-]*:)(.*)")


def damages(text: str) -> Iterator[tuple[int, str, str]]:
    """Each damage of each line of entries of the first two deals and the last one (where the
    end of the game is judged): (line number, what, the damaged text)."""
    lines = text.split("\n")
    headers = [i for i, line in enumerate(lines) if re.match(r"(deal|round)\b", line)]
    middle = range(headers[2], headers[-1]) if len(headers) > 3 else range(0)
    players = re.findall(r'\[Players "([^"]*)"\]', text)
    names = players[0].split() if players else []
    for index, line in enumerate(lines):
        found = _SECTION.match(line) or _ENTRY.match(line)
        if not found or index in middle:
            continue
        head, rest = found.groups()
        body = rest.split(";")[0]
        tokens = body.split()
        variants = {"empty": head, "dropped": None, "doubled": line + "\n" + line}
        if tokens:
            variants["first left out"] = (
                head + " " + " ".join(tokens[2:] if len(tokens) > 2 else tokens[1:])
            )
            variants["first repeated"] = head + " " + " ".join(tokens + tokens[:2])
        if len(names) > 1 and any(n in tokens for n in names):
            first = next(n for n in names if n in tokens)
            other = next(n for n in names if n != first)
            variants["named twice"] = (
                head + " " + " ".join(other if t == first else t for t in tokens)
            )
        for what, new in variants.items():
            damaged = lines[:index] + ([] if new is None else [new]) + lines[index + 1 :]
            yield index + 1, what, "\n".join(damaged)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_every_damaged_line_of_entries_is_checked_to_diagnostics(name: str) -> None:
    text = (RECORDS / name).read_text(encoding="utf-8")
    failures = []
    count = 0
    for line, what, damaged in damages(text):
        count += 1
        try:
            trufspec.check_text(damaged, name)
        except Exception as error:  # each failure is collected to report them all
            failures.append(f"line {line} {what}: {type(error).__name__}: {error}")
    assert count > 50
    assert failures == []
