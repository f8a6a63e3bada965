"""The sentence index of "Ruff and Honours" (see :mod:`trufspec.spec.sentences`)."""

from __future__ import annotations

from trufspec.spec.sentences import Description as D
from trufspec.spec.sentences import Index, Sentence

__all__ = ["SENTENCES"]

_s = Index("ruff-and-honours").rests
_d = Index("ruff-and-honours").describes

SENTENCES: tuple[Sentence, ...] = (
    _d("Title, sentence 1", "Ruff and Honours", D.INTERFACE),
    _d("Introduction, sentence 1", "Ruff and Honours, which may mean trump,", D.HISTORY),
    _d("Introduction, sentence 2", "Ruff and Honours was popular in the 16th", D.HISTORY),
    _d("Introduction, sentence 3", "The game is also related to Ruffe and", D.HISTORY),
    _d("Introduction, sentence 4", "Ruff and Honours is believed to be the", D.HISTORY),
    _d("Introduction, sentence 5", "It may also be a descendent of Rofna.", D.HISTORY),
    _d("Introduction, sentence 6", "There is still some debate over how this", D.HISTORY),
    _d("Introduction, sentence 7", "For additional information about Ruff", D.INTERFACE),
    _d("Objective, sentence 1", "Objective and Requirements:", D.INTERFACE),
    _s("Objective, sentence 2", "Ruff and Honours is a trick-taking card", ("RH004",)),
    _s("Objective, sentence 3", "Ruff and Honours is played by 4 players", ("RH001",), ("RH-A1",)),
    _s("Objective, sentence 4", "A standard deck of 52 cards is used", ("RH002", "RH003")),
    _s("Deal, sentence 1", "The dealer is randomly selected at the", ("RH101",)),
    _s("Deal, sentence 2", "Twelve cards are dealt out to each of", ("RH102", "RH307"), ("RH-A2",)),
    _s("Stock, sentence 1", "The rest of the cards (4 cards) become a", ("RH103",)),
    _s("Stock, sentence 2", "The top card of the stock is turned up", ("RH103",)),
    _s(
        "Stock, sentence 3",
        "Whoever holds the ace of trump then gets",
        ("RH104", "RH105", "RH107", "RH304"),
        ("RH-A3", "RH-A5"),
    ),
    _s("Stock, sentence 4", "If no one has the ace of trump then the", ("RH104",), ("RH-A4",)),
    _s("Next hand, sentence 1", "At the start of the next hand, the", ("RH106",)),
    _s("Play, sentence 1", "The player to the left of the dealer", ("RH301",)),
    _s("Play, sentence 2", "They may lead any card they choose", ("RH308",)),
    _s(
        "Play, sentence 3",
        "Play then moves to the left to the next",
        ("RH303", "RH304", "RH305", "RH309"),
        ("RH-A10",),
    ),
    _s("Trick, sentence 1", "At the end of the first trick the player", ("RH306",)),
    _s("Trick, sentence 2", "The winner of the trick is then able to", ("RH302",)),
    _s("Scoring, sentence 1", "For each trick over 6 tricks that a team", ("RH401", "RH402")),
    _s(
        "Honours, sentence 1",
        "At the end of each hand, the team who",
        ("RH403", "RH404"),
        ("RH-A6", "RH-A7"),
    ),
    _s(
        "Honours, sentence 2",
        "A team that was dealt 4 of (AKQJ) of the",
        ("RH403", "RH404"),
        ("RH-A7",),
    ),
    _s(
        "Honours, sentence 3",
        "Honours are added in after the normal",
        ("RH405", "RH406", "RH407"),
        ("RH-A8a", "RH-A8b", "RH-A8c", "RH-A8d", "RH-A8e", "RH-A9", "RH-A9b"),
    ),
    _s(
        "Game, sentence 1",
        "The first team to reach 9-Points wins.",
        ("RH405", "RH407", "RH501", "RH502"),
        ("RH-A11", "RH-A9", "RH-A9b"),
    ),
)
