"""Every construct of the notation reads as the records it means.

Each test parses a small text and compares the result with records built by hand: equality
ignores spans, so the comparison says exactly what a record means and nothing about layout.  A
few tests check spans on their own, because diagnostics point at tokens through them.

The constructs come in both of the ways the parser reads them: the canonical layout, which the
grammar reads as whole lines, and other layouts (a space before a colon, several entries on one
line, a comment or a mark inside), which it reads token by token.  Both must give the same records.
"""

from __future__ import annotations

from typing import Any

import pytest

from trufspec.cards import NT, Suit, parse_card
from trufspec.notation.parse import Parsed, parse_text
from trufspec.records import (
    Atom,
    BidEntry,
    Bids,
    Bribe,
    Cards,
    Claims,
    Comment,
    Contract,
    Cut,
    Deal,
    Dealer,
    Decide,
    Discards,
    EarlyReveal,
    Figure,
    Game,
    HandEntry,
    Hands,
    Honours,
    Misdeal,
    Mode,
    Off,
    Place,
    Play,
    Pot,
    Public,
    Ruff,
    Score,
    Secret,
    Span,
    Stock,
    Tag,
    Total,
    Trick,
    Tricks,
    Tromp,
    Undealt,
    Vote,
    Votes,
)


def run(text: str, acks: tuple[int, ...] = ()) -> Cards:
    """Cards from their ASCII spelling, as a record built in code holds them."""
    return Cards(tuple(parse_card(word) for word in text.split()), acks=frozenset(acks))


def name(value: str, ack: bool = False) -> Atom[str]:
    return Atom(value, ack=ack)


def parsed_clean(text: str) -> Parsed:
    parsed = parse_text(text)
    assert parsed.diagnostics == (), [d.message for d in parsed.diagnostics]
    assert parsed.damaged == frozenset()
    return parsed


def deal_of(body: str) -> Deal:
    """The one deal of ``deal 1`` followed by ``body``."""
    games = parsed_clean("deal 1\n" + body).games
    assert len(games) == 1 and len(games[0].deals) == 1
    return games[0].deals[0]


def sections(body: str) -> tuple[Any, ...]:
    return deal_of(body).sections


def section(body: str) -> Any:
    found = sections(body)
    assert len(found) == 1, found
    return found[0]


# ---------------------------------------------------------------- tags, games, deals


def test_tags_unescape_quotes_and_backslashes() -> None:
    games = parsed_clean('[Event "Friday \\"club\\" night"]\n[Site "C:\\\\cards"]\n').games
    assert games == (Game((Tag("Event", 'Friday "club" night'), Tag("Site", "C:\\cards"))),)


def test_tags_keep_unicode_and_unknown_names_in_order() -> None:
    games = parsed_clean('[Zeta_2 "♠ Ünïcode"] [Ruleset "truf-jb"]\n').games
    assert games[0].tags == (Tag("Zeta_2", "♠ Ünïcode"), Tag("Ruleset", "truf-jb"))


def test_a_tag_after_a_deal_starts_the_next_game() -> None:
    games = parsed_clean('[Event "one"]\ndeal 1\ndealer Ana\n[Event "two"]\nround 1\n').games
    assert games == (
        Game((Tag("Event", "one"),), (Deal("deal", Atom(1), (Dealer(name("Ana")),)),)),
        Game((Tag("Event", "two"),), (Deal("round", Atom(1)),)),
    )


@pytest.mark.parametrize("kind", ["deal", "round"])
def test_deal_and_round_headers(kind: str) -> None:
    games = parsed_clean(f"{kind} 12\n{kind}   3\n").games
    assert games[0].deals == (Deal(kind, Atom(12)), Deal(kind, Atom(3)))


def test_dealer() -> None:
    assert section("dealer Ana") == Dealer(name("Ana"))


def test_dealer_quoted_because_the_name_reads_as_a_card() -> None:
    assert section('dealer "AS"') == Dealer(name("AS"))
    assert section("dealer Dewi!") == Dealer(name("Dewi", ack=True))
    assert section("bribe Sam") == Bribe(name("Sam"))
    assert section("bribe Sam!") == Bribe(name("Sam", ack=True))


# ---------------------------------------------------------------- hands and the like


def test_hands_one_line_per_player() -> None:
    text = "hands\n  Ana:   AH 9H 8H\n  Budi:  AS JS 8S\n"
    assert section(text) == Hands(
        (HandEntry(name("Ana"), run("AH 9H 8H")), HandEntry(name("Budi"), run("AS JS 8S")))
    )


def test_hands_token_form_with_space_before_colon() -> None:
    assert section("hands\n  Ana : AS KS\n  Budi :QD\n") == Hands(
        (HandEntry(name("Ana"), run("AS KS")), HandEntry(name("Budi"), run("QD")))
    )


def test_hands_several_entries_on_one_line_and_one_entry_on_several() -> None:
    text = "hands Ana: AS KS Budi: QD\n  Citra: 2C 3C\n    4C 5C\n"
    assert section(text) == Hands(
        (
            HandEntry(name("Ana"), run("AS KS")),
            HandEntry(name("Budi"), run("QD")),
            HandEntry(name("Citra"), run("2C 3C 4C 5C")),
        )
    )


def test_hands_entry_without_cards_and_incomplete_section() -> None:
    assert section("hands\n  Ana: AS\n  Budi:\n  *\n") == Hands(
        (HandEntry(name("Ana"), run("AS")), HandEntry(name("Budi"), run(""))), incomplete=True
    )


def test_hand_cards_with_marks() -> None:
    assert section("hands Ana: AS! KS 2C!") == Hands(
        (HandEntry(name("Ana"), run("AS KS 2C", acks=(0, 2))),)
    )


def test_quoted_names_that_read_as_cards_or_keywords() -> None:
    text = 'hands\n  "AS": 2C\n  "deal": 3C\n  "Ana Maria": 4C\n'
    assert section(text) == Hands(
        (
            HandEntry(name("AS"), run("2C")),
            HandEntry(name("deal"), run("3C")),
            HandEntry(name("Ana Maria"), run("4C")),
        )
    )


@pytest.mark.parametrize(
    ("keyword", "kind"), [("public", Public), ("claims", Claims), ("secret", Secret)]
)
def test_public_claims_secret_entries(keyword: str, kind: type[Hands]) -> None:
    found = section(f"{keyword}  Rob: KH 10S  Sam: AC 2D")
    assert type(found) is kind
    assert found == kind(
        (HandEntry(name("Rob"), run("KH 10S")), HandEntry(name("Sam"), run("AC 2D")))
    )


def test_undealt() -> None:
    assert section("undealt 5D") == Undealt(run("5D"))


# ---------------------------------------------------------------- cards


@pytest.mark.parametrize("spelling", ["10H", "TH", "10h", "Th", "10♥", "T♥"])
def test_every_spelling_of_a_card(spelling: str) -> None:
    assert section(f"undealt {spelling}") == Undealt(run("10H"))


def test_ascii_and_unicode_cards_mix_in_one_run() -> None:
    assert section("stock A♠ 10h QD 2♣") == Stock(run("AS 10H QD 2C"))


# ---------------------------------------------------------------- bids


def test_bids_signed_cards_and_restated_values() -> None:
    text = "bids\n  Ana:   3H          = 3\n  Citra: 3S -JD 3D   = 0\n"
    assert section(text) == Bids(
        (
            BidEntry(name("Ana"), run("3H"), restated=Atom(3)),
            BidEntry(name("Citra"), run("3S JD 3D"), frozenset({1}), restated=Atom(0)),
        )
    )


def test_bids_plain_numbers_with_and_without_restatement() -> None:
    assert section("bids Ana: 3 Budi: 7 = 7 Citra: 0") == Bids(
        (
            BidEntry(name("Ana"), number=Atom(3)),
            BidEntry(name("Budi"), number=Atom(7), restated=Atom(7)),
            BidEntry(name("Citra"), number=Atom(0)),
        )
    )


def test_bids_marks_on_number_restated_value_and_cards() -> None:
    assert section("bids\n  Ana: 3! = 4!\n  Budi: 7H! -2C = 5\n") == Bids(
        (
            BidEntry(name("Ana"), number=Atom(3, ack=True), restated=Atom(4, ack=True)),
            BidEntry(name("Budi"), run("7H 2C", acks=(0,)), frozenset({1}), restated=Atom(5)),
        )
    )


def test_bids_token_form_with_space_before_colon() -> None:
    assert section("bids\n  Ana : 3S -JD = 0\n") == Bids(
        (BidEntry(name("Ana"), run("3S JD"), frozenset({1}), restated=Atom(0)),)
    )


def test_bids_incomplete() -> None:
    assert section("bids\n  Ana: 3\n  *\n") == Bids(
        (BidEntry(name("Ana"), number=Atom(3)),), incomplete=True
    )


# ---------------------------------------------------------------- contract


def test_contract_winner_only() -> None:
    assert section("contract Dewi") == Contract(name("Dewi"))


@pytest.mark.parametrize(
    ("text", "trump"),
    [
        ("S", Suit.SPADES),
        ("H", Suit.HEARTS),
        ("D", Suit.DIAMONDS),
        ("C", Suit.CLUBS),
        ("NT", NT),
        ("♠", Suit.SPADES),
    ],
)
def test_contract_trump(text: str, trump: Any) -> None:
    assert section(f"contract Dewi trump {text}") == Contract(name("Dewi"), Atom(trump))


@pytest.mark.parametrize("mode", list(Mode))
def test_contract_mode_without_trump(mode: Mode) -> None:
    assert section(f"contract Dewi {mode.value}") == Contract(name("Dewi"), mode=Atom(mode))


@pytest.mark.parametrize(("text", "value"), [("+1", 1), ("-1", -1)])
def test_contract_adjust(text: str, value: int) -> None:
    assert section(f"contract Dewi trump S atas adjust {text}") == Contract(
        name("Dewi"), Atom(Suit.SPADES), Atom(Mode.ATAS), Atom(value)
    )


def test_contract_marks_on_every_part() -> None:
    assert section("contract Dewi! trump S! bawah! adjust -1!") == Contract(
        name("Dewi", ack=True),
        Atom(Suit.SPADES, ack=True),
        Atom(Mode.BAWAH, ack=True),
        Atom(-1, ack=True),
    )


def test_contract_of_a_quoted_winner() -> None:
    assert section('contract "AS" trump NT high') == Contract(name("AS"), Atom(NT), Atom(Mode.HIGH))


# ---------------------------------------------------------------- play


def test_play_in_leader_form() -> None:
    text = "play\n   1. Dewi:  2C 7C 4C 8C\n   2. Citra: KC 6C JC 5C\n"
    assert section(text) == Play(
        (
            Trick(Atom(1), name("Dewi"), run("2C 7C 4C 8C")),
            Trick(Atom(2), name("Citra"), run("KC 6C JC 5C")),
        )
    )


def test_play_in_per_card_form() -> None:
    dewi, ana, citra, budi = (name(n) for n in ("Dewi", "Ana", "Citra", "Budi"))
    assert section("play\n  1. Dewi 2C Ana 4C Citra 8C Budi 7C\n") == Play(
        (Trick(Atom(1), dewi, run("2C 4C 8C 7C"), (dewi, ana, citra, budi)),)
    )


def test_play_with_restated_trick_winners() -> None:
    text = "play\n  1. Dewi: 2C 7C 4C 8C = Citra\n  2. Citra 3D Dewi 4D = Dewi!\n"
    citra, dewi = name("Citra"), name("Dewi")
    assert section(text) == Play(
        (
            Trick(Atom(1), dewi, run("2C 7C 4C 8C"), winner=citra),
            Trick(Atom(2), citra, run("3D 4D"), (citra, dewi), winner=name("Dewi", ack=True)),
        )
    )


def test_play_marks_and_an_incomplete_play() -> None:
    assert section("play\n  1. Dewi: 2C 7C! 4C\n  *\n") == Play(
        (Trick(Atom(1), name("Dewi"), run("2C 7C 4C", acks=(1,))),), incomplete=True
    )


def test_play_token_form_when_a_line_is_not_canonical() -> None:
    assert section("play 1. Dewi : 2C\n 7C 2. Ana: 3C") == Play(
        (Trick(Atom(1), name("Dewi"), run("2C 7C")), Trick(Atom(2), name("Ana"), run("3C")))
    )


def test_per_card_form_with_two_cards_after_a_name_is_reported() -> None:
    parsed = parse_text("deal 1\nplay\n  1. Dewi 2C 3C Ana 4C\n")
    assert [(d.code, d.span.line, d.span.column) for d in parsed.diagnostics] == [("REC012", 3, 11)]
    assert "Dewi is followed by 2 cards" in parsed.diagnostics[0].message


# ---------------------------------------------------------------- figures


@pytest.mark.parametrize(
    ("keyword", "kind"),
    [("tricks", Tricks), ("score", Score), ("total", Total), ("honours", Honours), ("pot", Pot)],
)
def test_figures_of_players(keyword: str, kind: type[Tricks]) -> None:
    found = section(f"{keyword} Ana 0 Budi -6 Citra +11")
    assert type(found) is kind
    assert found == kind((Figure(("Ana",), 0), Figure(("Budi",), -6), Figure(("Citra",), 11)))


def test_figures_of_teams_with_marks() -> None:
    assert section("tricks  Ana+Citra 7 Budi + Dewi 5!") == Tricks(
        (Figure(("Ana", "Citra"), 7), Figure(("Budi", "Dewi"), 5, ack=True))
    )


def test_figures_of_quoted_names_and_incomplete() -> None:
    assert section('score "AS" -3 "Ana Maria"+Budi 2 *') == Score(
        (Figure(("AS",), -3), Figure(("Ana Maria", "Budi"), 2)), incomplete=True
    )


# ---------------------------------------------------------------- ruff and honours


def test_stock() -> None:
    assert section("stock   7C AD 2H QS") == Stock(run("7C AD 2H QS"))


def test_ruff_discards_cards() -> None:
    assert section("ruff Citra discards 2H 3H 4D 5D") == Ruff(name("Citra"), run("2H 3H 4D 5D"))


def test_ruff_discards_unknown() -> None:
    assert section("ruff Citra discards *") == Ruff(name("Citra"))


def test_ruff_declined() -> None:
    assert section("ruff Citra declines") == Ruff(name("Citra"), declined=True)


# ---------------------------------------------------------------- tromplemond


def test_votes_tallies() -> None:
    assert section("votes   Emily 2 Nick 1! Sam 1") == Votes(
        (
            Vote(name("Emily"), count=2),
            Vote(name("Nick"), count=1, ack=True),
            Vote(name("Sam"), count=1),
        )
    )


def test_votes_slips_and_incomplete() -> None:
    assert section('votes Rob>Emily Sam > "AS"! *') == Votes(
        (Vote(name("Emily"), name("Rob")), Vote(name("AS"), name("Sam"), ack=True)), incomplete=True
    )


def test_a_blank_slip_is_an_abstention_in_a_vote_still_open() -> None:
    assert section("votes Rob>- Sam>Emily *") == Votes(
        (Vote(None, name("Rob")), Vote(name("Emily"), name("Sam"))), incomplete=True
    )


def test_decide() -> None:
    found = section("decide Rob>Emily Sam>Nick")
    assert type(found) is Decide
    assert found == Decide((Vote(name("Emily"), name("Rob")), Vote(name("Nick"), name("Sam"))))


def test_off_with_and_without_mark() -> None:
    assert sections("off Emily\noff Rob!") == (Off(name("Emily")), Off(name("Rob", ack=True)))


def test_discards() -> None:
    assert section("discards 2C 3C 4C 5C 6C 7C") == Discards(run("2C 3C 4C 5C 6C 7C"))


def test_cut() -> None:
    assert section("cut Rob 7H Emily KD") == Cut((name("Rob"), name("Emily")), run("7H KD"))


def test_early_reveal_with_flags() -> None:
    assert sections("early-reveal Sam intentional void\nearly-reveal Nick") == (
        EarlyReveal(name("Sam"), ("intentional", "void")),
        EarlyReveal(name("Nick")),
    )


def test_misdeal_with_flags() -> None:
    assert sections("misdeal waived\nmisdeal") == (Misdeal(("waived",)), Misdeal())


def test_tromp_with_a_quoted_phrase() -> None:
    assert section('tromp Nick "TROMP! \\"le\\" monde"') == Tromp(name("Nick"), 'TROMP! "le" monde')


def test_tromp_pass_and_a_player_named_pass() -> None:
    assert section("tromp Nick pass") == Tromp(name("Nick"), None)
    assert section('tromp pass "pass"') == Tromp(name("pass"), "pass")


# ---------------------------------------------------------------- a whole deal


def test_the_sections_of_a_deal_keep_their_order() -> None:
    found = sections("total Ana 1\ndealer Ana\nvotes Ana 1\nvotes Ana 2\n")
    assert [type(s) for s in found] == [Total, Dealer, Votes, Votes]


# ---------------------------------------------------------------- comments


def test_comments_before_and_after_tags_and_after_the_last_tag() -> None:
    game = parsed_clean(
        '; before\n[Event "x"]  ; after\n{between}\n[Site "y"] {trailing}\n; end\n'
    ).games[0]
    assert game.tags == (
        Tag(
            "Event",
            "x",
            comments=(Comment("; before", Place.BEFORE), Comment("; after", Place.AFTER)),
        ),
        Tag(
            "Site",
            "y",
            comments=(Comment("{between}", Place.BEFORE), Comment("{trailing}", Place.AFTER)),
        ),
    )
    assert game.comments == (Comment("; end", Place.END),)


def test_comments_after_a_section_head_and_before_a_section() -> None:
    found = sections("; who deals\ndealer Ana  ; first deal\nhands {as dealt}\n  Ana: AS\n")
    assert found == (
        Dealer(
            name("Ana"),
            comments=(Comment("; who deals", Place.BEFORE), Comment("; first deal", Place.AFTER)),
        ),
        Hands((HandEntry(name("Ana"), run("AS")),), comments=(Comment("{as dealt}", Place.AFTER),)),
    )


def test_comments_before_and_after_an_entry() -> None:
    found = section("bids\n  ; Ana first\n  Ana: 3H = 3  ; a low bid\n  Budi: 7 {sure}\n")
    assert found == Bids(
        (
            BidEntry(
                name("Ana"),
                run("3H"),
                restated=Atom(3),
                comments=(
                    Comment("; Ana first", Place.BEFORE),
                    Comment("; a low bid", Place.AFTER),
                ),
            ),
            BidEntry(name("Budi"), number=Atom(7), comments=(Comment("{sure}", Place.AFTER),)),
        )
    )


def test_brace_comments_inside_a_run_of_cards_know_after_which_card() -> None:
    found = section("hands\n  Ana: {first} AS {second} KS QS  {after}\n")
    assert found == Hands(
        (
            HandEntry(
                name("Ana"),
                run("AS KS QS"),
                comments=(
                    Comment("{first}", Place.AFTER, -1),
                    Comment("{second}", Place.AFTER, 0),
                    Comment("{after}", Place.AFTER),
                ),
            ),
        )
    )


def test_brace_comment_inside_a_trick() -> None:
    found = section("play\n  1. Dewi: 2C 7C {ruffed?} 4C 8C\n")
    assert found == Play(
        (
            Trick(
                Atom(1),
                name("Dewi"),
                run("2C 7C 4C 8C"),
                comments=(Comment("{ruffed?}", Place.AFTER, 1),),
            ),
        )
    )


def test_comments_after_the_deal_header_and_at_the_end_of_a_deal() -> None:
    deal = deal_of("dealer Ana\n; that was all\n{really}\n")
    header = parsed_clean("deal 1 ; late start\n").games[0].deals[0]
    assert deal.comments == (Comment("; that was all", Place.END), Comment("{really}", Place.END))
    assert header.comments == (Comment("; late start", Place.AFTER),)


def test_a_file_of_comments_only_has_no_games() -> None:
    assert parsed_clean("; nothing\n{yet}\n").games == ()


def test_keywords_inside_comments_and_strings_start_nothing() -> None:
    games = parsed_clean('[Event "deal 2"]\ndeal 1 {\ndeal 3 } ; [Next "game"]\ndealer Ana\n').games
    assert len(games) == 1
    assert [d.number.value for d in games[0].deals] == [1]


# ---------------------------------------------------------------- positions


def test_span_of_a_card_inside_a_run() -> None:
    hands = section("hands\n  Ana:   AH 9H 10H\n")
    cards = hands.entries[0].cards
    assert cards.span(0) == Span(3, 10, 3, 12)
    assert cards.span(2) == Span(3, 16, 3, 19)


def test_span_of_a_card_in_the_token_form() -> None:
    cards = section("hands\n  Ana : 2C\n    10♥\n").entries[0].cards
    assert cards.span(1) == Span(4, 5, 4, 8)


def test_span_of_a_player() -> None:
    hands = section("hands\n  Ana:  AS\n  Budi: KS\n")
    assert hands.entries[1].player.span == Span(4, 3, 4, 7)
    assert section("dealer   Citra").player.span == Span(2, 10, 2, 15)


def test_span_of_a_figure() -> None:
    tricks = section("tricks Ana 0 Budi+Dewi -4!")
    assert tricks.entries[1].span == Span(2, 14, 2, 27)


def test_span_of_a_deal_number_and_a_tag() -> None:
    game = parsed_clean('[Event "x"]\n\ndeal   7\n').games[0]
    assert game.tags[0].span == Span(1, 1, 1, 12)
    assert game.deals[0].number.span == Span(3, 8, 3, 9)
