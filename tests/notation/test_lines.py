"""The line reader reads a subset of the notation, and reads it exactly as the parser does.

A deal in the canonical layout is read line by line (:mod:`trufspec.notation.lines`); anything
else goes to the Lark parser.  Whatever the line reader accepts, the parser must read into the
very same records: same values, same types, same positions (spans are compared here, though
record equality ignores them), same comments in the same places.  Each test below reads deals
both ways and compares them whole.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest
from budgets import examples
from damage import damaged_records
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_strategies import game_lists

from trufspec.notation.chunks import SECTION_KEYWORDS, Chunk, chunks
from trufspec.notation.comments import attach_to_deal, attach_to_tags
from trufspec.notation.lines import _LINE_READERS, read_deal, read_tags
from trufspec.notation.parse import _Reader
from trufspec.notation.printer import dumps
from trufspec.simulate import SIMULATORS, Detail, simulate

RECORDS = Path(__file__).resolve().parents[2] / "records"


CANONICAL = """\
; before the tags
[Event "x"]   ; the event
[Players "Ana Budi Citra Dewi"]
  [ Site  "a \\"quoted\\" place" ]
; after the tags

deal 1                          ; the first
dealer Ana
hands
  Ana:   AS 9S 7S
  "AS":  KS QS 9H               ; a name that reads as a card, quoted
; before Citra
  Citra: JS 10S 8S
bids
  Ana:   -8C 9S!    = 1!
  Budi:  9H         = 9
  Citra: 3!
contract Budi! trump H! bawah! adjust -1!   { tie at 9 }
{ a brace comment on its own line }
play
   1. Budi:  7C 6C! JC = Citra!  {first}  ; and a line comment
   2. Citra: 4S 3S QS
tricks Ana 0 Budi+Citra 7!
score  Ana 5 "NT" -1
total  Ana 5 Budi -1
stock 2C 3C 4C 5C
ruff Ana discards 2D 3D
ruff Budi discards *
ruff Citra declines
votes Rob>Emily Sam>Emily! Nick 2 Emily>-
decide Rob>Sam
off Emily!
public
  Rob:   3D JS
discards 4D QD 4H KD KH 10D
undealt 2H
cut Ana 2C Budi 10S    ; a tie cut
early-reveal Nick
early-reveal Nick intentional void
misdeal
misdeal waived
tromp Nick "TROMP!"
tromp Rob pass
; the end
"""


def exact(value: Any) -> Any:
    """A record as nested plain values, every field included (spans, sources, comments) and
    every node tagged with its type: equal exactly when the two reads agree in everything."""
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(exact(v) for v in value)
    if isinstance(value, frozenset):
        return value
    if attrs.has(type(value)):
        return (
            type(value).__name__,
            *((a.name, exact(getattr(value, a.name))) for a in attrs.fields(type(value))),
        )
    return value


def deal_chunks(text: str) -> list[Chunk]:
    return [chunk for chunk in chunks(text) if chunk.kind == "deal"]


def by_lines(text: str, chunk: Chunk) -> Any:
    """What the line reader reads of a chunk, comments attached; None when it leaves it."""
    if chunk.kind == "deal":
        deal = read_deal(text, chunk.start, chunk.end, chunk.line)
        return None if deal is None else attach_to_deal(*deal)
    tags = read_tags(text, chunk.start, chunk.end, chunk.line)
    return None if tags is None else attach_to_tags(*tags)


def compare(text: str) -> tuple[int, int]:
    """Read every chunk of ``text`` both ways; where the line reader accepts one, the parser
    must give the same.  Returns (deals the line reader read, deals it left to the parser)."""
    parser = _Reader(text, None)
    read = left = 0
    for chunk in chunks(text):
        mine = by_lines(text, chunk)
        if mine is None:
            left += chunk.kind == "deal"
            continue
        read += chunk.kind == "deal"
        theirs = parser.parse(chunk)
        assert parser.diagnostics == [], parser.diagnostics
        assert exact(mine) == exact(theirs), text[chunk.start : chunk.end]
    return read, left


def test_every_kind_of_line_the_reader_takes() -> None:
    assert compare(CANONICAL) == (1, 0)


def test_lines_ending_in_a_carriage_return() -> None:
    assert compare(CANONICAL.replace("\n", "\r\n")) == (1, 0)


def test_every_section_keyword_is_read_by_lines() -> None:
    assert set(_LINE_READERS) == set(SECTION_KEYWORDS) | {"deal", "round"}


@pytest.mark.parametrize(
    "line",
    [
        "cut Ana 2C 3C Budi 4C",  # two cards after a name, which the parser reports
        "early-reveal Ana deal",  # a flag that is a keyword
        'tromp Ana "TROMP!" x',
        "tromp Ana passes",
        "votes Ana>-!",  # a blank slip takes no mark
        "hands\n  Ana: AS {a brace comment} KS",
        "hands\n  play: AS KS",  # a bare name that is a keyword
        "hands\n  AS: KS QS",  # a bare name that is a card
        "hands\n  Ana: AS\n    KS",  # an entry on two lines
        "hands\n  Ana: AS\n*",
        "play\n  1. Ana 2C Budi 3C",  # the per-card form
        "bids\n  Ana: 3 !",
        "tricks Ana 3 Budi",
        "score",
        "contract Ana trump X",
        "Ana: AS",  # an entry outside a section
        "\ufeffdealer Ana",
    ],
)
def test_lines_outside_the_canonical_layout_go_to_the_parser(line: str) -> None:
    text = f"deal 1\n{line}\n"
    assert read_deal(text, 0, len(text), 1) is None


@pytest.mark.parametrize(
    "line", ['[Event"x"]', '[Event "x"] [Site "y"]', '[deal "x"]', '[Event\n"x"]', "[Event 3]"]
)
def test_tags_outside_the_canonical_layout_go_to_the_parser(line: str) -> None:
    text = f'[Round "1"]\n{line}\n'
    assert read_tags(text, 0, len(text), 1) is None


def test_a_deal_without_its_header_goes_to_the_parser() -> None:
    text = "; a comment\ndealer Ana\n"
    assert read_deal(text, 0, len(text), 1) is None


@pytest.mark.slow
def test_the_deals_of_the_sample_records_read_the_same_both_ways() -> None:
    read = left = 0
    for path in sorted(RECORDS.rglob("*.truf")):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # the record of a file that is not UTF-8
        more_read, more_left = compare(text)
        read, left = read + more_read, left + more_left
    assert read > 600 and read > 10 * left


@pytest.mark.parametrize("ruleset", sorted(SIMULATORS))
@pytest.mark.parametrize("detail", list(Detail))
def test_simulated_games_are_read_line_by_line(ruleset: str, detail: Detail) -> None:
    """Every deal as the printer lays it out is read by the line reader."""
    for text in simulate(ruleset, games=3, seed=11, detail=detail):
        assert compare(text) == (len(deal_chunks(text)), 0)


LINES = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@LINES
@given(game_lists())
def test_printed_records_read_the_same_both_ways(games: Any) -> None:
    compare(dumps(games))


@LINES
@given(damaged_records(CANONICAL))
def test_damaged_records_read_the_same_both_ways(text: str) -> None:
    compare(text)


@LINES
@given(
    st.lists(
        st.sampled_from(CANONICAL.split("deal 1")[1].splitlines()[1:]), min_size=1, max_size=12
    )
)
def test_any_sequence_of_canonical_lines_reads_the_same_both_ways(lines: list[str]) -> None:
    compare("deal 1\n" + "\n".join(lines) + "\n")


def test_reading_and_checking_leave_no_reference_cycles() -> None:
    """Records are freed the moment they are dropped, by reference counting alone: that is what
    keeps a large file checked block by block in flat memory while the cycle collector is
    paused (a reader that kept a bound method of itself once made every deal a cycle)."""
    import gc

    import trufspec

    text = "".join(simulate("truf-jb", games=3, seed=5))
    trufspec.check_text(text, "warm-up.truf")  # what is made once, on first use, may be cyclic
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        parsed = trufspec.loads(text)
        assert parsed.games
        del parsed
        report = trufspec.check_text(text, "cycles.truf")
        assert report.games
        del report
        assert gc.collect() == 0
    finally:
        if was_enabled:
            gc.enable()


def test_only_a_parse_by_lines_alone_hands_its_records_to_the_oldest_generation() -> None:
    """The collector skips the records of a parse (see ``no_collection``) only when the Lark
    parser, whose errors may leave cycles, read none of it."""
    from trufspec.notation.parse import _parse_text

    canonical, braced = (
        _Reader(CANONICAL, None),
        _Reader(CANONICAL.replace("JC = Citra!", "JC {x} = Citra!"), None),
    )
    _parse_text(canonical, 1)
    _parse_text(braced, 1)
    assert (canonical.used_parser, braced.used_parser) == (False, True)
