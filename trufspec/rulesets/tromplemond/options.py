"""The ambiguity register and the options of tromplemond.

The source is the game author's own blog page and the only description of the game there is,
so its gaps and its two accounts of the four-way tie cannot be settled by another text.  Each
unclear place is an entry here with the reading the validator uses by default and, where
tables could reasonably play otherwise, the option that picks another reading.  Entries that
raise separate questions are lettered (TM-A3a to TM-A3d), one option each.
"""

from __future__ import annotations

from trufspec.spec.ambiguities import Ambiguity, Reading
from trufspec.spec.clauses import Citation
from trufspec.spec.options import Option

__all__ = ["AMBIGUITIES", "OPTIONS", "RULESET"]

RULESET = "tromplemond"


def _cite(locator: str, quote: str) -> Citation:
    """A citation of the tromplemond source."""
    return Citation(source=RULESET, locator=locator, quote=quote)


def _entry(
    id: str,
    title: str,
    question: str,
    citations: tuple[Citation, ...],
    readings: tuple[Reading, ...],
    option: str | None,
    clauses: tuple[str, ...],
    rationale: str,
) -> Ambiguity:
    """A register entry whose default is its first reading (every entry here lists it first)."""
    return Ambiguity(
        id=id,
        ruleset=RULESET,
        title=title,
        question=question,
        citations=citations,
        readings=readings,
        default=readings[0].value,
        option=option,
        clauses=clauses,
        rationale=rationale,
    )


AMBIGUITIES: tuple[Ambiguity, ...] = (
    _entry(
        "TM-A1",
        "The order of the claims and what a claim may name",
        "Who claims after the dealer, and may a claim name any card?",
        (_cite("Claims", "the dealer always going first."),),
        (
            Reading(
                "clockwise",
                "The dealer claims first, then the players to the dealer's left in turn.",
            ),
            Reading(
                "free", "Only the dealer's first place is judged; the others claim in any order."
            ),
        ),
        "claim-order",
        ("TM201", "TM202", "TM203"),
        (
            "The deal passes to the left and the worked example claims Rob, Sam, Nick, Emily, "
            "the seating order.  Claims are free statements: a lie, a card on show or a card "
            "outside the pack is pointed out (TM203) but never an error; only the count of "
            "three cards is judged."
        ),
    ),
    _entry(
        "TM-A2",
        "Compulsory votes",
        "Must every player vote, and for whom?",
        (_cite("The pack", "Each player receives three voting slips"),),
        (
            Reading(
                "no",
                "Every player votes exactly once, for an opponent: tallies of 3-1, 2-1-1, 2-2 or "
                "1-1-1-1.",
            ),
            Reading("yes", "A player may abstain; fewer than four votes are then cast."),
        ),
        "allow-abstain",
        ("TM204", "TM205", "TM208", "TM211"),
        (
            "Three slips naming the three opponents leave no way to vote for oneself, and the "
            "text never mentions abstaining.  With four compulsory votes a three-way tie cannot "
            "happen; with abstentions it can, and it is then treated as the four-way tie."
        ),
    ),
    _entry(
        "TM-A3a",
        "Re-vote or card cut in a four-way tie",
        "The four-way tie is described twice: vote again until decided, or cut cards.  Which?",
        (
            _cite("Vote", "players must vote again until a decision is made."),
            _cite("Ties", "a card cut, with Ace being high should take place to decide."),
        ),
        (Reading("1", "Vote again up to this many times; a tie that remains is cut."),),
        "max-revotes",
        ("TM208",),
        (
            "Reading both sentences together: the players vote again, and when they 'cannot "
            "decide' the cut ends it.  One re-vote is the default count; the option sets it."
        ),
    ),
    _entry(
        "TM-A3b",
        "Who loses the card cut",
        "Ace is high, but does the high or the low card go off?",
        (_cite("Ties", "a card cut, with Ace being high"),),
        (
            Reading("lowest", "The lowest card goes off (the worst hand goes off)."),
            Reading("highest", "The highest card goes off."),
        ),
        "cut-loser",
        ("TM209",),
        "The vote sends off the worst hand, so the low card, the worst, goes off.",
    ),
    _entry(
        "TM-A3c",
        "Who cuts",
        "Do only the tied players cut, or all four?",
        (_cite("Ties", "a card cut, with Ace being high should take place to decide."),),
        (
            Reading("tied-only", "Only the tied players cut."),
            Reading("all", "All four players cut; the cut decides among all of them."),
        ),
        "cut-participants",
        ("TM209",),
        "The cut settles a tie, so it is between the players in the tie.",
    ),
    _entry(
        "TM-A3d",
        "The other two disagree in a two-way tie",
        "The two players outside a two-way tie may choose differently: what then?",
        (
            _cite(
                "Ties",
                "A 2 way tie is decided by the two others privately choosing the player to be "
                "voted off.",
            ),
        ),
        (
            Reading("card-cut", "The two tied players cut cards."),
            Reading("revote-all", "All four vote again."),
            Reading("revote-others", "The two others decide again until they agree."),
        ),
        "two-way-disagreement",
        ("TM207", "TM209"),
        "A cut is the source's own way out of a deadlock; the others are offered as options.",
    ),
    _entry(
        "TM-A4a",
        "What the early reveal costs",
        "The offender scores zero; does their hand still count, and is a vote still held?",
        (_cite("Cardinal sin", "the offending player automatically scores zero for the round"),),
        (
            Reading(
                "offender-as-voted-off",
                "The offender is treated as the player voted off; no vote is held.",
            ),
            Reading(
                "offender-zero-but-hand-counts",
                "The offender scores 0, but their cards still give half points and cost jacks; "
                "no vote.",
            ),
            Reading(
                "vote-still-held",
                "The offender scores 0 and their hand counts for nobody; the others still vote "
                "one of themselves off.",
            ),
        ),
        "early-reveal-mode",
        ("TM901",),
        (
            "'all the other players score points normally' reads most simply as the round "
            "scored as if the offender had been voted off, with no vote left to hold."
        ),
    ),
    _entry(
        "TM-A4b",
        "A reveal before a tie is decided",
        "The penalty is stated only for a reveal before the vote: what about one before a tie is "
        "decided?",
        (_cite("Cardinal sin", "or before a tied vote has been decided."),),
        (Reading("same", "The same penalty; the tie is no longer decided."),),
        None,
        ("TM901",),
        "The paragraph names both as the same sin and gives one penalty.",
    ),
    _entry(
        "TM-A4c",
        "Intent and voiding",
        "Whether a reveal was on purpose, and what the vote would have been, cannot be read from "
        "a record.",
        (
            _cite(
                "Cardinal sin",
                "The penalty for such an action depends on the outcome of what would have "
                "happened.",
            ),
        ),
        (
            Reading(
                "flags",
                "The record says so: 'early-reveal NAME intentional' bans the player, 'void' "
                "voids the game.",
            ),
        ),
        None,
        ("TM902", "TM903"),
        "Both are judgements of the table about things that did not happen; the record states "
        "them.",
    ),
    _entry(
        "TM-A5",
        "What forfeiting the round means",
        "The erring dealer forfeits the round: is there still a vote, and does the dealer's hand "
        "count?",
        (_cite("Dealer's error", "he forfeits the round"),),
        (
            Reading(
                "as-voted-off", "The dealer is treated as the player voted off; no vote is held."
            ),
            Reading(
                "zero-but-vote-held",
                "The dealer scores 0 and their hand counts for nobody; the others still vote one "
                "of themselves off.",
            ),
            Reading("redeal-only", "No penalty is scored: the round is dealt again."),
        ),
        "dealer-error-mode",
        ("TM904",),
        (
            "Forfeiting the round is most naturally scoring as the player voted off.  The "
            "misdeal statement's flags 'waived' (a beginner let off) and 'before-public' (no "
            "public card dealt yet) remove the penalty whatever the reading."
        ),
    ),
    _entry(
        "TM-A6",
        "When 200 points end the game",
        "Is 200 checked after each round, and who wins if several pass it?",
        (_cite("Reveal and scoring", "or a player reaches 200 points."),),
        (
            Reading(
                "200",
                "After a round is scored, a total of this many points ends the game; the highest "
                "total wins.",
            ),
        ),
        "target-points",
        ("TM501",),
        "Scores are only known after the reveal, so the end is judged after each round.",
    ),
    _entry(
        "TM-A7a",
        "Which ties need an extra round",
        "'two or more players have the same score' covers a tie for last place too.",
        (
            _cite(
                "End of game", "If two or more players have the same score at the end of 8 rounds"
            ),
        ),
        (
            Reading("first-place", "Only a tie for the highest total is played off."),
            Reading("any-tie", "Any two equal totals are played off."),
        ),
        "tie-scope",
        ("TM502",),
        "'a player in last place could then go on to win' shows the point is deciding the winner.",
    ),
    _entry(
        "TM-A7b",
        "How many extra rounds",
        "How often is an extra round repeated before the cut?",
        (_cite("End of game", "If in the unlikely event that a tie still takes place"),),
        (Reading("1", "This many extra rounds; a tie after them is cut."),),
        "extra-round-max",
        ("TM502",),
        "The text cuts cards when a tie 'still' remains after the extra round.",
    ),
    _entry(
        "TM-A8",
        "Half of whose points",
        "Half of the opponents' card points, or of their round scores; which opponents?",
        (_cite("Claims", "and half of their opponent’s points."),),
        (
            Reading(
                "card-points-of-stayers",
                "Half the card points of the other players who stay in; jack penalties are not "
                "halved.",
            ),
        ),
        None,
        ("TM401", "TM402"),
        "'half points for the other two hands' and the worked example's arithmetic both read so.",
    ),
    _entry(
        "TM-A9",
        "The six set-aside cards",
        "Are the six discards seen?",
        (
            _cite(
                "Interrogation",
                "The six discarded cards in the “setup” mean that some people will be able to "
                "bluff cards not held by others",
            ),
        ),
        (
            Reading(
                "unseen", "Unseen during play; a record may list them with 'discards' for checking."
            ),
        ),
        None,
        ("TM101",),
        "Bluffing set-aside cards only works if nobody has seen them.",
    ),
    _entry(
        "TM-A10a",
        "The TROMP! pot",
        "One running pot, or a fresh pot each round?",
        (
            _cite(
                "TROMP! betting",
                "before each round a separate pot of smaller amounts is created and grown "
                "through each round of play.",
            ),
        ),
        (
            Reading(
                "round-pots",
                "Each round the four players put in one stake each (tromp-stake); what the round "
                "does not pay out stays for the end of the game.",
            ),
        ),
        None,
        ("TM404",),
        "'a quarter of the TROMP! Pot for that round, i.e their money back' means four equal "
        "stakes a round.",
    ),
    _entry(
        "TM-A10b",
        "The front row",
        "What is the 'front row'?",
        (_cite("TROMP! betting", "Any player who goes through with two jacks on front row."),),
        (Reading("public", "The public cards (the back row is the secret cards)."),),
        None,
        ("TM404",),
        "It is the only row left.",
    ),
    _entry(
        "TM-A10c",
        "Overlapping categories",
        "Kickself (two jacks on show) and Extreme (two back, two on show) overlap; a jack held "
        "alone is Petit.",
        (_cite("TROMP! betting", "Petit Tromplemond!: Any jack in your hand."),),
        (
            Reading(
                "most-specific",
                "The most specific, highest-paying category applies: Extreme over Kickself.",
            ),
        ),
        None,
        ("TM404",),
        "A table would pay the better category; Kickself then covers two jacks on show with at "
        "most one behind.",
    ),
    _entry(
        "TM-A10d",
        "Several winners in a round",
        "What if two players win from the same round's pot?",
        (_cite("TROMP! betting", "Wins half of the TROMP! Pot for that round"),),
        (
            Reading(
                "independent",
                "Each caller who stays in is paid their share; two winners need two jacks each, "
                "so the shares never exceed the pot.",
            ),
            Reading(
                "round-winner",
                '"depending on his winning hand in that round" read as the round\'s winner: only '
                "the player with the best score of the round (ties share) collects; another "
                "caller's hand wins nothing, and the share stays in the TROMP! pot.",
            ),
        ),
        "tromp-winners",
        ("TM404",),
        'Four jacks allow at most two paying hands of a half each.  "His winning hand" can '
        "mean the round's best score, but the same sentence goes on \"(he must not be voted "
        "off)\", a condition that would be needless if only the round's winner could collect, "
        "and each category names the hand that wins it by its jacks alone, a hand that, "
        "holding jacks, seldom has the round's best score.  So by default every caller who "
        "stays in is paid.",
    ),
    _entry(
        "TM-A10e",
        "Settling the TROMP! pot at the end",
        "Super, Ultimate and Extreme all claim the remaining pot; in which order are they paid?",
        (_cite("TROMP! betting", "Any TROMP! Pot money remaining at the end of the game"),),
        (
            Reading(
                "extreme-ultimate-super",
                "Extreme callers first, then Ultimate, then Super (a quarter of what is left), in "
                "the order of their rounds; the rest to the best single-round score, split "
                "evenly between equal bests (a remainder that does not split stays unpaid).",
            ),
        ),
        None,
        ("TM406",),
        "The larger claim first; the text gives no order.",
    ),
    _entry(
        "TM-A10f",
        "Shouting the phrase",
        "When must the phrase be called, and is a wrong phrase a fault?",
        (_cite("TROMP! betting", "He must also shout out the correct phrase to win!"),),
        (
            Reading(
                "recorded-call",
                "The record carries the call ('tromp NAME \"phrase\"'); a wrong or missing "
                "phrase wins nothing, and is no fault.",
            ),
        ),
        None,
        ("TM405",),
        "The text makes the phrase a condition of winning, not a rule of play.",
    ),
    _entry(
        "TM-A10g",
        "Ties for the joining fee",
        "Who takes the runner-up's quarter when two players tie for second?",
        (_cite("Betting", "The winner would receive ¾ of the pot and the runner up ¼."),),
        (Reading("split", "Tied players share the share."),),
        None,
        ("TM407",),
        "Nothing in the text prefers one of them.",
    ),
    _entry(
        "TM-A10h",
        "The Extreme caller's pot for the rest of the game",
        '"wins the entire TROMP! Pot for the rest of the game": every later round\'s pot, or '
        "only what is left unpaid at the end?",
        (
            _cite(
                "TROMP! betting",
                "The player wins the entire TROMP! Pot for the rest of the game",
            ),
        ),
        (
            Reading(
                "rest-of-game",
                "The Extreme caller wins every later round's pot, whatever is called in it, and "
                "everything left unpaid at the end.",
            ),
            Reading(
                "left-at-end",
                "The Extreme caller wins what is left unpaid at the end; later rounds pay their "
                "own callers as usual.",
            ),
        ),
        "extreme-pot",
        ("TM404", "TM406"),
        'The words say "for the rest of the game", which names the rounds still to come, '
        'not the end of it; the categories that win at the end say "at the end of the '
        'game" instead (Super, Ultimate).  The text also gives the Extreme caller "the whole '
        "'joining fee' regardless of result\" (TM407), which the record does not hold.",
    ),
    _entry(
        "TM-A11",
        "The first dealer",
        "Who deals the first round?",
        (_cite("Worked example", "A new game starts and Rob is the dealer."),),
        (Reading("any", "Any player; the rotation is judged from the first dealer on."),),
        None,
        ("TM103",),
        "The text says nothing on choosing the first dealer.",
    ),
    _entry(
        "TM-A12",
        "The interrogation's limits",
        "Five minutes and two repeats are procedure the record does not show.",
        (_cite("Interrogation", "This can last as long as five minutes"),),
        (Reading("not-judged", "Further claims sections are recorded but not judged."),),
        None,
        ("TM210",),
        "A record has no clock, and a repeat differing from the claim is itself a lie the rules "
        "allow.",
    ),
    _entry(
        "TM-A13",
        "The worked example's ten of diamonds",
        "The example gives 10D to both Sam and Nick, yet the pack has one.",
        (_cite("Worked example", "Nick: J♥ A♦ J♠ A♠ 10♦"),),
        (
            Reading(
                "ten-of-hearts",
                "Nick's third secret card is 10H: the only ten left, and the arithmetic is "
                "unchanged.",
            ),
        ),
        None,
        ("TM101",),
        "'Sam was telling the truth' keeps 10D with Sam; 10S is on show and there is no 10C.",
    ),
)

OPTIONS: tuple[Option, ...] = (
    Option(
        key="claim-order",
        ruleset=RULESET,
        choices=("clockwise", "free"),
        default="clockwise",
        doc="The order of the claims after the dealer.",
        ambiguity="TM-A1",
    ),
    Option(
        key="allow-abstain",
        ruleset=RULESET,
        choices=("no", "yes"),
        default="no",
        doc="Whether a player may cast no vote.",
        ambiguity="TM-A2",
    ),
    Option(
        key="max-revotes",
        ruleset=RULESET,
        choices=None,
        default="1",
        doc="How many re-votes a four-way tie gets before the card cut.",
        ambiguity="TM-A3a",
        minimum=0,
        maximum=9,
    ),
    Option(
        key="cut-loser",
        ruleset=RULESET,
        choices=("lowest", "highest"),
        default="lowest",
        doc="Which card of a cut goes off.",
        ambiguity="TM-A3b",
    ),
    Option(
        key="cut-participants",
        ruleset=RULESET,
        choices=("tied-only", "all"),
        default="tied-only",
        doc="Who cuts to settle a tie.",
        ambiguity="TM-A3c",
    ),
    Option(
        key="two-way-disagreement",
        ruleset=RULESET,
        choices=("card-cut", "revote-all", "revote-others"),
        default="card-cut",
        doc="What follows when the two deciders of a two-way tie disagree.",
        ambiguity="TM-A3d",
    ),
    Option(
        key="early-reveal-mode",
        ruleset=RULESET,
        choices=("offender-as-voted-off", "offender-zero-but-hand-counts", "vote-still-held"),
        default="offender-as-voted-off",
        doc="How an early reveal changes the round.",
        ambiguity="TM-A4a",
    ),
    Option(
        key="dealer-error-mode",
        ruleset=RULESET,
        choices=("as-voted-off", "zero-but-vote-held", "redeal-only"),
        default="as-voted-off",
        doc="How a dealer's error changes the round.",
        ambiguity="TM-A5",
    ),
    Option(
        key="target-points",
        ruleset=RULESET,
        choices=None,
        default="200",
        doc="The total that ends the game after the round it is reached in.",
        ambiguity="TM-A6",
        minimum=1,
        maximum=10000,
    ),
    Option(
        key="max-rounds",
        ruleset=RULESET,
        choices=None,
        default="8",
        doc="The number of rounds of a game (extra rounds for a tie come after).",
        minimum=1,
        maximum=100,
    ),
    Option(
        key="tie-scope",
        ruleset=RULESET,
        choices=("first-place", "any-tie"),
        default="first-place",
        doc="Which ties at the end need an extra round.",
        ambiguity="TM-A7a",
    ),
    Option(
        key="extra-round-max",
        ruleset=RULESET,
        choices=None,
        default="1",
        doc="How many extra rounds a tie at the end gets before the cut.",
        ambiguity="TM-A7b",
        minimum=0,
        maximum=9,
    ),
    Option(
        key="betting",
        ruleset=RULESET,
        choices=("off", "joining-fee", "tromp"),
        default="off",
        doc="Whether money is played for: not at all, the joining fee, or the fee and TROMP! pots.",
    ),
    Option(
        key="extreme-pot",
        ruleset=RULESET,
        choices=("rest-of-game", "left-at-end"),
        default="rest-of-game",
        doc=(
            "What an Extreme Tromplemond! wins: every later round's pot, or what is left at the "
            "end."
        ),
        ambiguity="TM-A10h",
    ),
    Option(
        key="tromp-winners",
        ruleset=RULESET,
        choices=("independent", "round-winner"),
        default="independent",
        doc=(
            "Who may collect from a round's TROMP! pot: every caller who stays in, or the round's "
            "winner."
        ),
        ambiguity="TM-A10d",
    ),
    Option(
        key="tromp-stake",
        ruleset=RULESET,
        choices=None,
        default="1",
        doc="What each player puts into each round's TROMP! pot (the pot is four stakes).",
        minimum=1,
        maximum=1000,
    ),
)
