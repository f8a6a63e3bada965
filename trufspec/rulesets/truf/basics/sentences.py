"""The sentence index of "Truf (see :mod:`trufspec.spec.sentences`)."""

from __future__ import annotations

from trufspec.spec.sentences import Description as D
from trufspec.spec.sentences import Index, Sentence

__all__ = ["SENTENCES"]

_s = Index("truf-basics").rests
_d = Index("truf-basics").describes

SENTENCES: tuple[Sentence, ...] = (
    _d("The Basics, sentence 1", "The Basics", D.INTERFACE),
    _s(
        "The Basics, sentence 2",
        "4 players, 52 cards, 6 rounds of 13",
        ("TB001", "TB002", "TB102", "TB305", "TB307", "TB502"),
        ("TB-A17",),
    ),
    _s(
        "The Basics, sentence 3",
        "Highest cumulative score after 6 rounds",
        ("TB408", "TB501", "TB502", "TB503"),
        ("TB-A13",),
    ),
    _s(
        "Step 1, sentence 1",
        "Step 1 — DealEach player receives 13",
        ("TB101", "TB102", "TB304"),
        ("TB-A1",),
    ),
    _s("Step 2, sentence 1", "Step 2 — Declare TargetEach player", ("TB201",)),
    _s("Step 3, sentence 1", "Step 3 — Set TrumpThe highest bidder's", ("TB212",), ("TB-A4",)),
    _s("Step 4, sentence 1", "Step 4 — Choose ModeTotal bids vs 13", ("TB213", "TB214")),
    _s(
        "Step 5, sentence 1",
        "Step 5 — Play Tricks13 tricks per round.",
        ("TB302", "TB305", "TB307"),
    ),
    _s("Step 5, sentence 2", "Must follow suit if possible.", ("TB303", "TB304")),
    _s("Step 6, sentence 1", "Step 6 — ScoreHit your target = gain", ("TB401", "TB407")),
    _s("Step 6, sentence 2", "Miss = penalty.", ("TB407",)),
    _d("Declaring Your Target, sentence 1", "Declaring Your Target", D.INTERFACE),
    _s(
        "Declaring Your Target, sentence 2",
        "Each player places 1 or 2 cards",
        ("TB201",),
        ("TB-A2",),
    ),
    _d("1 Card, sentence 1", "1 Card", D.INTERFACE),
    _s("1 Card, sentence 2", "That card's value = your target number", ("TB202", "TB206")),
    _d("2 Cards, Same Suit, sentence 1", "2 Cards — Same Suit (SUM or SUBTRACT)", D.INTERFACE),
    _s("2 Cards, Same Suit, sentence 2", "Declare SUM or SUBTRACT before", ("TB201",), ("TB-A16",)),
    _s("2 Cards, Same Suit, sentence 3", "| Option | Formula | Valid when |", (), ("TB-A15",)),
    _s(
        "2 Cards, Same Suit, sentence 4",
        "| SUM | Card A + Card B | Result ≥ 5 |",
        ("TB203", "TB206"),
        ("TB-A10",),
    ),
    _s(
        "2 Cards, Same Suit, sentence 5",
        "| SUBTRACT | Higher \u2212 Lower | Sum of",
        ("TB204",),
        ("TB-A5", "TB-A6"),
    ),
    _d("2 Cards, Different Suits, sentence 1", "2 Cards — Different Suits (No Truf)", D.INTERFACE),
    _s(
        "2 Cards, Different Suits, sentence 2",
        "Select 2 cards from different suits to",
        ("TB205",),
        ("TB-A4",),
    ),
    _d("2 Cards, Different Suits, sentence 3", "| Option | Formula | Valid when |", D.INTERFACE),
    _s(
        "2 Cards, Different Suits, sentence 4", "| NO TRUF | Card A + Card B | Result ≥", ("TB205",)
    ),
    _d("Card Values, sentence 1", "Card Values", D.INTERFACE),
    _d("Card Values, sentence 2", "| Card | Value |", D.INTERFACE),
    _s("Card Values, sentence 3", "| A | 1 |", ("TB004",)),
    _s("Card Values, sentence 4", "| 2\u201310 | Face value |", ("TB004",)),
    _s("Card Values, sentence 5", "| J, Q, K | 0 |", ("TB004",)),
    _d("Hitting Your Target, sentence 1", "Hitting Your Target", D.INTERFACE),
    _s("Hitting Your Target, sentence 2", "Exact target: Score = +target", ("TB401",)),
    _d("Missing Your Target, sentence 1", "Missing Your Target", D.INTERFACE),
    _s(
        "Missing Your Target, sentence 2",
        "Let diff = |wins \u2212 target|",
        ("TB402", "TB403", "TB406"),
    ),
    _d("Missing Your Target, sentence 3", "| Mode | Over target | Under target |", D.INTERFACE),
    _s(
        "Missing Your Target, sentence 4",
        "| Main Atas | \u2212(diff \u00d7 1) | \u2212(diff \u00d7 2)",
        ("TB402",),
    ),
    _s(
        "Missing Your Target, sentence 5",
        "| Main Bawah | \u2212(diff \u00d7 2) | \u2212(diff \u00d7 1)",
        ("TB403",),
    ),
    _d("Mode Selection, sentence 1", "Mode Selection", D.INTERFACE),
    _d("Mode Selection, sentence 2", "| Total of all targets | Mode |", D.INTERFACE),
    _s("Mode Selection, sentence 3", "| > 13 | Main Atas |", ("TB213",)),
    _s("Mode Selection, sentence 4", "| < 13 | Main Bawah |", ("TB214",)),
    _s("Mode Selection, sentence 5", "| = 13 | Trump player chooses |", ("TB215",), ("TB-A9",)),
    _d("0-Target Special Rules, sentence 1", "0-Target Special Rules", D.INTERFACE),
    _d("0-Target Special Rules, sentence 2", "| Condition | Score |", D.INTERFACE),
    _s(
        "0-Target Special Rules, sentence 3",
        "| Target 0, wins 0 | +(highest target",
        ("TB404",),
        ("TB-A11",),
    ),
    _s(
        "0-Target Special Rules, sentence 4",
        "| Target 0, wins > 0 | Normal penalty +",
        ("TB405",),
        ("TB-A11",),
    ),
    _d("Setting the Trump Suit, sentence 1", "Setting the Trump Suit", D.INTERFACE),
    _s(
        "Setting the Trump Suit, sentence 2",
        "The player with the highest declared",
        ("TB207", "TB212"),
    ),
    _s("Tiebreakers, sentence 1", "Tiebreakers (in order)", ("TB208", "TB211")),
    _s("Tiebreakers, sentence 2", "1stTruf declarers always beat a No Truf", ("TB208",)),
    _s(
        "Tiebreakers, sentence 3",
        "2ndAmong truf declarers: suit order ♠ >",
        ("TB209", "TB211"),
        ("TB-A14", "TB-A7"),
    ),
    _s("Tiebreakers, sentence 4", "2nd (No Truf tie)Highest single card", ("TB210",), ("TB-A8",)),
    _d("No Truf Round, sentence 1", "No Truf Round", D.INTERFACE),
    _s("No Truf Round, sentence 2", "If a No Truf declarer wins the bid, the", ("TB212",)),
    _s(
        "No Truf Round, sentence 3",
        "Cards are ranked purely by face value —",
        ("TB003", "TB306"),
        ("TB-A3",),
    ),
    _d("Trump in Play, sentence 1", "Trump in Play", D.INTERFACE),
    _s(
        "Trump in Play, sentence 2",
        "The trump winner leads the first trick.",
        ("TB301", "TB302"),
        ("TB-A1",),
    ),
    _s(
        "Trump in Play, sentence 3",
        "During play, if you can't follow the",
        ("TB303", "TB308"),
        ("TB-A12",),
    ),
    _s("Trump in Play, sentence 4", "Highest trump beats highest lead-suit", ("TB003", "TB306")),
)
