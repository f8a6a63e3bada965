"""The sentence index of JB Games' "Truf House Rule 1" (see :mod:`trufspec.spec.sentences`)."""

from __future__ import annotations

from trufspec.spec.sentences import Description as D
from trufspec.spec.sentences import Index, Sentence

__all__ = ["SENTENCES"]

_s = Index("truf-jb").rests
_d = Index("truf-jb").describes

SENTENCES: tuple[Sentence, ...] = (
    _d("Title, sentence 1", "Truf House Rule 1", D.INTERFACE),
    _d("Introduction, sentence 1", "Truf is the Indonesian word for English", D.HISTORY),
    _d("Introduction, sentence 2", "It is probably derived from a Dutch", D.HISTORY),
    _d("Introduction, sentence 3", "Used alone, Truf means a card game, an", D.HISTORY),
    _d("Introduction, sentence 4", "It is similar to Contract Bridge in the", D.HISTORY),
    _d("Introduction, sentence 5", "But that is where the similar ends.", D.HISTORY),
    _d("Introduction, sentence 6", "One of the most contrasting difference", D.HISTORY),
    _s("Introduction, sentence 7", "Truf is a each-person-for-himself game,", ("JB005",)),
    _d("Introduction, sentence 8", "Truf is an exact trick-taking game.", D.PURPOSE),
    _d("Introduction, sentence 9", "It consist of two phases: bidding phase,", D.PURPOSE),
    _s("Introduction, sentence 10", "During bidding, everyone bets on how", ("JB201",)),
    _s("Introduction, sentence 11", "This is called bidding, because the", ("JB205", "JB208")),
    _s("Introduction, sentence 12", "After bidding is completed, the", ("JB401",)),
    _s(
        "Introduction, sentence 13",
        "At the end of the game, the number of",
        ("JB401", "JB407", "JB408", "JB501"),
        ("JB-A12", "JB-A12b", "JB-A6b"),
    ),
    _d("Introduction, sentence 14", "For a more thorough explanation, please", D.INTERFACE),
    _d("Introduction, sentence 15", "They have written a very clear", D.INTERFACE),
    _s(
        "Introduction, sentence 16",
        "However - please note though, every Truf",
        ("JB502",),
        ("JB-A1",),
    ),
    _d("Introduction, sentence 17", "These sets of rules, though similar, is", D.HISTORY),
    _d("Introduction, sentence 18", "The rules shown in the above link is", D.INTERFACE),
    _d("Introduction, sentence 19", "JB Games houses Truf game with many", D.INTERFACE),
    _d("Introduction, sentence 20", "You can also suggest the kind of rules", D.INTERFACE),
    _s("Players, sentence 1", "Minimum 3 players are needed to play the", ("JB001", "JB102")),
    _s(
        "Bidding, rule 1, sentence 1",
        "Any number of cards are possible.",
        ("JB201", "JB214"),
        ("JB-A2", "JB-A4a", "JB-A4b"),
    ),
    _s("Bidding, rule 2, sentence 1", 'Any combination of "plus" or "minus"', ("JB201", "JB203")),
    _d("Bidding, rule 2, sentence 2", 'Indicate "minus" card bid by', D.INTERFACE),
    _s(
        "Bidding, rule 3, sentence 1",
        "A single card bid will always be assumed",
        ("JB202",),
        ("JB-A4c",),
    ),
    _s(
        "Bidding, rule 4, sentence 1",
        "Total bids less than zero will be taken",
        ("JB204", "JB213"),
        ("JB-A5", "JB-A7"),
    ),
    _s(
        "Bidding, rule 5, sentence 1",
        "During bidding, cards have the following",
        ("JB203", "JB213"),
    ),
    _s("Bidding, rule 5, sentence 2", "Number cards: the number represents", ("JB002", "JB004")),
    _s("Bidding, rule 5, sentence 3", "Ace has the value of 1", ("JB004",)),
    _s("Bidding, rule 5, sentence 4", "Picture cards (Jack, Queen, King) - in a", ("JB004",)),
    _s("Bidding, rule 5, sentence 5", "Otherwise it's 10.", ("JB004",)),
    _s("Bidding, rule 6, sentence 1", "The winner is the one with the highest", ("JB205",)),
    _s(
        "Bidding, rule 6, sentence 2",
        "He/she gets to decide what's the trump.",
        ("JB208",),
        ("JB-A10",),
    ),
    _s(
        "Bidding, rule 7, sentence 1",
        "The trump is decided based on the suit",
        ("JB208",),
        ("JB-A10",),
    ),
    _s("Bidding, rule 7, sentence 2", "If more than one card is used to bid and", ("JB208",)),
    _s("Bidding, rule 7, sentence 3", "Otherwise a no-trump game will be", ("JB208",), ("JB-A14",)),
    _s("Bidding, rule 8, sentence 1", "If the bid value from players are the", ("JB206",)),
    _s(
        "Bidding, rule 9, sentence 1",
        "If the above doesn't resolve the winner,",
        ("JB002", "JB003", "JB207"),
        ("JB-A16", "JB-A9a", "JB-A9b"),
    ),
    _s(
        "Bidding, rule 10, sentence 1",
        "In a 3-player game, the total number of",
        ("JB101", "JB102", "JB209"),
        ("JB-A3",),
    ),
    _s(
        "Bidding, rule 10, sentence 2",
        "In 4-player game, the total number of",
        ("JB101", "JB209", "JB214"),
    ),
    _s(
        "Bidding, rule 11, sentence 1",
        "If the total number of tricks bidded",
        ("JB210",),
        ("JB-A16", "JB-A5"),
    ),
    _s("Bidding, rule 12, sentence 1", "If the total number of tricks bidded is", ("JB211",)),
    _s(
        "Bidding, rule 13, sentence 1",
        "If the total number of tricks bidded is",
        ("JB212",),
        ("JB-A6a", "JB-A6b", "JB-A7", "JB-A8b"),
    ),
    _s(
        "Playing, rule 1, sentence 1",
        "The playing phase consist of eiher 13",
        ("JB101", "JB309"),
        ("JB-A16", "JB-A2"),
    ),
    _s(
        "Playing, rule 2, sentence 1", "The round is started by the bid winner,", ("JB301", "JB302")
    ),
    _s("Playing, rule 2, sentence 2", 'This player is called as the "round', ("JB302",)),
    _s(
        "Playing, rule 3, sentence 1",
        "The leader can play any card except",
        ("JB303", "JB306"),
        ("JB-A13",),
    ),
    _s(
        "Playing, rule 4, sentence 1",
        "The other players normally play their",
        ("JB304",),
        ("JB-A11",),
    ),
    _s("Playing, rule 5, sentence 1", "The other player must play a card with", ("JB305", "JB306")),
    _s(
        "Playing, rule 6, sentence 1",
        "Trump card is played face down, and",
        ("JB307", "JB310"),
        ("JB-A15",),
    ),
    _s("Playing, rule 7, sentence 1", "Upon completion of the all player turns,", ("JB307",)),
    _s("Playing, rule 7, sentence 2", "Trump cards always win against other", ("JB308",)),
    _s("Playing, rule 7, sentence 3", "Non-trump cards that is of different", ("JB308",)),
    _s("Playing, rule 7, sentence 4", "The ranking of the card follows this", ("JB003",)),
    _s("Playing, rule 7, sentence 5", "The winner of the round is those with", ("JB308",)),
    _s(
        "Scoring, rule 1, sentence 1",
        "If the tricks you take equals to the bid",
        ("JB401", "JB402", "JB409"),
        ("JB-A8b",),
    ),
    _s("Scoring, rule 2, sentence 1", "If you don't meet your bid, your score", ("JB403",)),
    _s("Scoring, rule 2, sentence 2", "It's a matter of how bad it is.", ("JB403",)),
    _s("Scoring, rule 3, sentence 1", "In a high game - you lose 2 points for", ("JB404",)),
    _s("Scoring, rule 4, sentence 1", "In a low game - you lose 1 points for", ("JB405",)),
    _s(
        "Scoring, rule 5, sentence 1",
        "In either case, if you bid zero, the",
        ("JB406",),
        ("JB-A8a",),
    ),
    _s("Closing, sentence 1", "The above rules are enforced by the game", ("JB306",)),
)
