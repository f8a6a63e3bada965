"""Cards are interned: there is one object per card, however it is made.

The replay looks cards up in sets and dicts by identity, so every way of getting a card (the
pack, a spelling, the constructor, a copy, a round trip through pickle as the reports of other
processes make) must give the one object of that card.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from trufspec.cards import CARD_SPELLINGS, FULL_PACK, Card, Rank, Suit, parse_card


def test_the_pack_holds_52_distinct_cards() -> None:
    assert len(FULL_PACK) == len(set(FULL_PACK)) == 52
    assert set(CARD_SPELLINGS.values()) == set(FULL_PACK)


@pytest.mark.parametrize("card", FULL_PACK, ids=str)
def test_every_way_of_making_a_card_gives_the_one_object(card: Card) -> None:
    assert Card(card.rank, card.suit) is card
    assert Card(int(card.rank), card.suit.value) is card
    assert parse_card(str(card)) is card
    assert parse_card(card.unicode()) is card
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_cards_compare_by_what_they_are() -> None:
    queen = Card(Rank.QUEEN, Suit.SPADES)
    assert queen == parse_card("QS")
    assert queen != parse_card("QH")
    assert queen != "QS"  # type: ignore[comparison-overlap]  # a card is not its name
    assert {queen: 1}[parse_card("Qs")] == 1


def test_a_card_cannot_be_changed() -> None:
    card = parse_card("2C")
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]  # the assignment refused is the test
    assert card.rank is Rank.TWO


def test_there_is_no_53rd_card() -> None:
    with pytest.raises(ValueError, match="not a valid Rank"):
        Card(1, Suit.CLUBS)
