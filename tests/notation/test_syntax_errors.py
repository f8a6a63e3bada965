"""Syntax errors: each one found, placed exactly, said in words a scorekeeper understands, and
none of them stopping the reading of the rest of the file.

A record is written at the table; a slip of the pen in one deal must not hide the other deals
from the validator, nor the other slips from the writer, who wants them all in one run.
"""

from __future__ import annotations

from typing import cast

from trufspec.diagnostics import Diagnostic, Severity
from trufspec.notation.parse import parse_text
from trufspec.records import Atom, BidEntry, Bids, Contract, Dealer, Hands, Tricks

THREE_BROKEN_DEALS = """\
[Event "x"]
[Players "Ana Budi"]

deal 1
dealer Ana
hands
  Ana:  AS 11H KS
  Budi: 2C
bids
  Ana: 3

deal 2
dealer Budi
bidz
  Ana: 3
  Budi: 4
contract Ana

deal 3
off 2C
tricks Ana 3

deal 4
dealer Budi
"""


def errors(text: str) -> list[Diagnostic]:
    return [d for d in parse_text(text).diagnostics if d.severity is Severity.ERROR]


def only_error(text: str) -> Diagnostic:
    found = errors(text)
    assert len(found) == 1, [d.message for d in found]
    assert found[0].code == "REC001"
    return found[0]


def test_three_errors_in_three_deals_are_three_diagnostics_at_their_tokens() -> None:
    found = errors(THREE_BROKEN_DEALS)
    assert [(d.code, d.span.line, d.span.column) for d in found] == [
        ("REC001", 7, 12),
        ("REC001", 14, 1),
        ("REC001", 20, 5),
    ]


def test_reading_goes_on_after_an_error_in_the_deal_and_in_the_next_deals() -> None:
    parsed = parse_text(THREE_BROKEN_DEALS)
    deals = parsed.games[0].deals
    assert [d.number.value for d in deals] == [1, 2, 3, 4]
    assert [type(s) for s in deals[0].sections] == [Dealer, Hands, Bids]
    assert [e.player.value for e in cast(Hands, deals[0].sections[1]).entries] == ["Budi"]
    assert [type(s) for s in deals[1].sections] == [Dealer, Contract]
    assert [type(s) for s in deals[2].sections] == [Tricks]
    assert deals[3].sections == (Dealer(cast(Dealer, deals[3].sections[0]).player),)


def test_damaged_deals_are_the_ones_with_errors() -> None:
    """A rules check must not judge a deal that was only partly read; the last deal is whole."""
    assert parse_text(THREE_BROKEN_DEALS).damaged == frozenset({(0, 0), (0, 1), (0, 2)})


def test_an_error_in_one_section_leaves_the_sections_around_it_alone() -> None:
    """Reading a damaged deal statement by statement must read the sound statements as the
    whole deal would have read them: the ``*`` that ends a section included."""
    parsed = parse_text("deal 1\nbids\n  Ana: 3\n  *\n  ; still sound\noff 2C\n")
    assert [(d.span.line, d.span.column) for d in parsed.diagnostics] == [(6, 5)]
    bids = Bids((BidEntry(Atom("Ana"), number=Atom(3)),), incomplete=True)
    assert parsed.games[0].deals[0].sections == (bids,)


def test_a_card_that_does_not_exist() -> None:
    error = only_error("deal 1\nhands\n  Ana: AS 11H KS\n")
    assert error.message.startswith("expected a card such as 7H or 10S, found '11H'")
    assert (error.span.line, error.span.column, error.span.end_column) == (3, 11, 14)


def test_a_deal_whose_first_line_is_garbage_is_kept_and_only_it_is_damaged() -> None:
    parsed = parse_text("deal 1\n@@\n\ndeal 2\ndealer Ana\n")
    assert [d.code for d in parsed.diagnostics] == ["REC001"]
    assert [d.number.value for d in parsed.games[0].deals] == [1, 2]
    assert parsed.damaged == frozenset({(0, 0)})


def test_a_misspelt_section_keyword_on_the_line_of_its_entries_keeps_the_deal() -> None:
    parsed = parse_text("deal 2\ndealer Ana\nbidz Ana: 3\ncontract Ana\n")
    assert [d.code for d in parsed.diagnostics] == ["REC001"]
    assert "did you mean 'bids'" in parsed.diagnostics[0].message
    deal = parsed.games[0].deals[0]
    assert deal.number.value == 2
    assert [type(s) for s in deal.sections] == [Dealer, Contract]


def test_a_misspelt_section_keyword_names_the_right_one() -> None:
    error = only_error("deal 1\ndealer Ana\nbidz\n  Ana: 3\n")
    assert "did you mean 'bids'" in error.message
    assert (error.span.line, error.span.column) == (3, 1)


def test_an_unclosed_brace_comment() -> None:
    error = only_error("deal 1\ndealer Ana {forgot to close\ncontract Ana\n")
    assert error.message == "this '{' comment is never closed with '}'"
    assert (error.span.line, error.span.column) == (2, 12)


def test_an_unclosed_brace_comment_at_the_start_of_a_file() -> None:
    error = only_error("{forgot to close\n\ndealer Ana\n")
    assert error.message == "this '{' comment is never closed with '}'"
    assert (error.span.line, error.span.column) == (1, 1)


def test_an_unclosed_tag_value() -> None:
    error = only_error('[Event "Friday\n[Ruleset "truf-jb"]\n')
    assert error.message == "this quoted text is never closed with '\"'"
    assert (error.span.line, error.span.column) == (1, 8)


def test_a_name_that_reads_as_a_card_is_told_to_be_quoted() -> None:
    error = only_error("deal 1\noff 2C\n")
    assert "reads as a card" in error.message
    assert 'write such a name in quotes: "2C"' in error.message
    assert (error.span.line, error.span.column) == (2, 5)


def test_empty_text_has_no_games_and_nothing_to_say() -> None:
    parsed = parse_text("")
    assert parsed.games == ()
    assert parsed.diagnostics == ()
    assert parsed.damaged == frozenset()


def test_white_space_and_comments_only_are_no_error() -> None:
    parsed = parse_text("\n  ; a record to come\n{ nothing\n yet }\n\t\n")
    assert parsed.games == ()
    assert parsed.diagnostics == ()


def test_an_error_in_the_tags_keeps_the_deals() -> None:
    parsed = parse_text('[Event "x" extra]\n\ndeal 1\ndealer Ana\n')
    assert [d.code for d in parsed.diagnostics] == ["REC001"]
    assert parsed.diagnostics[0].span.line == 1
    assert [d.sections for d in parsed.games[-1].deals] == [(Dealer(Atom("Ana")),)]


def test_every_syntax_error_of_a_long_file_is_counted_but_not_all_are_shown() -> None:
    text = "".join(f"deal {n}\noff 2C\n" for n in range(1, 131))
    parsed = parse_text(text)
    shown = [d for d in parsed.diagnostics if d.severity is Severity.ERROR]
    assert len(shown) == 100
    assert parsed.diagnostics[-1].severity is Severity.INFO
    assert parsed.diagnostics[-1].message == "30 further syntax errors are not shown"


def test_a_misspelt_keyword_that_reads_as_a_player_is_named_as_the_keyword() -> None:
    # After a tricks line, "scores" could be one more player of it; the mistake is the word.
    error = only_error("deal 1\ntricks Ana 3 Budi 10\nscores Ana 1 Budi -3\n")
    assert error.message == "'scores' is not a section of a deal; did you mean 'score'?"
    assert (error.span.line, error.span.column, error.span.end_column) == (3, 1, 7)
    indented = only_error(
        "deal 1\ntricks Ana 3 Budi 10\nscore Ana 1 Budi -3\n  totl Ana 1 Budi -3\n"
    )
    assert indented.message == "'totl' is not a section of a deal; did you mean 'total'?"
    assert (indented.span.line, indented.span.column, indented.span.end_column) == (4, 3, 7)


def test_a_first_word_unlike_any_keyword_is_not_taken_for_one() -> None:
    error = only_error("deal 1\ntricks Ana 3 Budi 10\nscoreboard Ana 1\n")
    assert error.message == "expected a number or '+', found 'Ana'"
    assert (error.span.line, error.span.column) == (3, 12)
