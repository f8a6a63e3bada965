"""The ambiguity register and the options of truf-jb.

"Truf House Rule 1" describes an online game whose engine filled every gap the text leaves, so
the text itself is silent on dealing, on what a three-player game does with the 52nd card, on
how far an even game is adjusted and on when a session ends.  Each gap or unclear phrase is an
entry here, with the reading the validator uses by default and, where a table could
reasonably play otherwise, the option that selects another reading.

One unclear place can raise separate questions; those get one entry each, lettered (JB-A4a,
JB-A4b, JB-A4c), so that every entry is answered by exactly one option.
"""

from __future__ import annotations

from trufspec.spec.ambiguities import Ambiguity, Reading
from trufspec.spec.clauses import Citation
from trufspec.spec.options import Option

__all__ = ["AMBIGUITIES", "OPTIONS", "RULESET"]

RULESET = "truf-jb"


def _cite(locator: str, quote: str) -> Citation:
    """A citation of the truf-jb source."""
    return Citation(source=RULESET, locator=locator, quote=quote)


AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        id="JB-A1",
        ruleset=RULESET,
        title="Dealing is not described",
        question="Who deals, in which order and direction, and does the deal rotate?",
        citations=(
            _cite(
                "Introduction",
                "every Truf game is different - for rules are determined and agreed by those "
                "who are playing.",
            ),
        ),
        readings=(
            Reading(
                "record",
                "The record supplies the hands; the validator checks that they share out the "
                "pack and does not judge who dealt.",
            ),
        ),
        default="record",
        option=None,
        clauses=("JB102",),
        rationale=(
            "The source gives nothing to check a dealer or a rotation against, and its engine "
            "dealt for the players; inventing a rotation would report breaches of a rule the "
            "text never states."
        ),
    ),
    Ambiguity(
        id="JB-A2",
        ruleset=RULESET,
        title="What happens to the bid cards",
        question=(
            "Do the cards shown in a bid leave the hand, or are they played later like the others?"
        ),
        citations=(
            _cite("Bidding, rule 1", "Any number of cards are possible."),
            _cite(
                "Playing, rule 1",
                "The playing phase consist of eiher 13 (for 4-player) or 17 rounds (for "
                "3-player) of trick taking.",
            ),
        ),
        readings=(
            Reading(
                "stay-in-hand",
                "Bid cards stay in the bidder's hand and are played normally; everyone has seen "
                "them.",
            ),
        ),
        default="stay-in-hand",
        option=None,
        clauses=("JB201", "JB306"),
        rationale=(
            "Every player plays a card to each of the 13 or 17 tricks, so every card of the "
            "hand is needed: a player who gave up three bid cards could not play the last "
            "tricks.  No other reading fits the text."
        ),
    ),
    Ambiguity(
        id="JB-A3",
        ruleset=RULESET,
        title="The 52nd card of a three-player game",
        question=(
            "Three hands of 17 cards use 51 cards of the pack: what happens to the one left over?"
        ),
        citations=(
            _cite("Bidding, rule 10", "In a 3-player game, the total number of tricks is 17."),
        ),
        readings=(
            Reading(
                "dead-card",
                "Any one card stays undealt, face down and out of play for the deal; the record "
                "may name it with undealt.",
            ),
            Reading(
                "remove-fixed-card",
                "The two of clubs is taken out before the deal, so the undealt card must be 2C.",
            ),
        ),
        default="dead-card",
        option="three-player-leftover",
        clauses=("JB101", "JB102"),
        rationale=(
            "Both readings keep the source's 17 tricks.  Removing a whole black suit, as some "
            "other descriptions of Truf do, would leave 13 tricks for three players, which "
            "contradicts the source, so it is not offered: it would be a different ruleset."
        ),
    ),
    Ambiguity(
        id="JB-A4a",
        ruleset=RULESET,
        title="A bid without cards",
        question="May a player bid with no card at all, for a bid of zero?",
        citations=(_cite("Bidding, rule 1", "Any number of cards are possible."),),
        readings=(
            Reading(
                "at-least-one",
                "A bid has at least one card; a zero bid is made with cards worth zero.",
            ),
        ),
        default="at-least-one",
        option=None,
        clauses=("JB201",),
        rationale=(
            "Rules 3, 7 and 8 all speak of the cards used to bid, and trump comes from them; "
            "a bid without cards would leave trump undefined if it won.  A zero bid needs no "
            "empty bid: a single picture card is worth zero."
        ),
    ),
    Ambiguity(
        id="JB-A4b",
        ruleset=RULESET,
        title="Bids above the tricks available",
        question=(
            "Multi-card bids can be worth more than the tricks of the deal (two picture cards "
            "make 20): are such bids allowed?"
        ),
        citations=(_cite("Bidding, rule 1", "Any number of cards are possible."),),
        readings=(
            Reading("none", "Any value is allowed; a bid above the tricks cannot be made."),
            Reading(
                "tricks-available",
                "A bid worth more than the tricks of the deal (13 or 17) is refused.",
            ),
        ),
        default="none",
        option="max-bid",
        clauses=("JB214",),
        rationale=(
            "The source sets no limit, and a high bid still has a purpose: it wins the bidding "
            "and so the choice of trump."
        ),
    ),
    Ambiguity(
        id="JB-A4c",
        ruleset=RULESET,
        title="A single card marked minus",
        question="Is a single bid card marked minus an error, or is the mark ignored?",
        citations=(
            _cite("Bidding, rule 3", "A single card bid will always be assumed to be positive."),
        ),
        readings=(
            Reading("positive", "The mark is ignored: a single card always counts as plus."),
            Reading("reject", "A single card marked minus is an error of the record."),
        ),
        default="positive",
        option="single-minus",
        clauses=("JB202",),
        rationale=(
            '"Assumed to be positive" reads as the engine overriding the mark, not refusing it.'
        ),
    ),
    Ambiguity(
        id="JB-A5",
        ruleset=RULESET,
        title='Which "total bids" are floored at zero',
        question=(
            'Does "total bids less than zero" mean one player\'s signed total or the sum of '
            "all players' bids, as in rules 11 to 13?"
        ),
        citations=(
            _cite("Bidding, rule 4", "Total bids less than zero will be taken as zero."),
            _cite("Bidding, rule 11", "If the total number of tricks bidded exceed the max total"),
        ),
        readings=(
            Reading(
                "per-player",
                "Each player's own bid is floored at zero, before the bid winner and the mode "
                "are found.",
            ),
        ),
        default="per-player",
        option=None,
        clauses=("JB204", "JB205", "JB210", "JB211"),
        rationale=(
            "The sum of all bids cannot be below zero once each bid is, and a negative "
            "number of tricks cannot be taken; only the per-player reading has an effect."
        ),
    ),
    Ambiguity(
        id="JB-A6a",
        ruleset=RULESET,
        title="How far an even game is adjusted",
        question=(
            'By how many tricks does the bid winner adjust an even game ("a number of tricks")?'
        ),
        citations=(
            _cite(
                "Bidding, rule 13",
                "adding or subtract a number of tricks from all players",
            ),
        ),
        readings=(
            Reading("1", "Every bid moves by one trick."),
            Reading(
                "2",
                "Every bid moves by two tricks; any other amount up to 13 can be chosen the "
                "same way.",
            ),
            Reading(
                "0",
                "The bid winner picks the amount afresh in every even game, from 1 to 13; the "
                "record's adjust line says which (a contract giving only the mode leaves the "
                "scores unchecked).",
            ),
        ),
        default="1",
        option="even-adjust-amount",
        clauses=("JB212",),
        rationale=(
            "One trick is the smallest change that breaks the tie, and it is what the other "
            'descriptions of Truf and the known implementations use.  The words "a number of '
            'tricks" also let the bid winner pick the number each time (the 0 reading); one '
            "fixed amount is the default because the rule's purpose, to make the game high or "
            "low, needs no more than one trick, and a table that varies it says so."
        ),
    ),
    Ambiguity(
        id="JB-A6b",
        ruleset=RULESET,
        title="Whose bids an even game adjusts",
        question=(
            "Does the adjustment change every player's bid, only the winner's, or no bid at all?"
        ),
        citations=(
            _cite(
                "Bidding, rule 13",
                "the bid winner will have to adjust the game up or down (adding or subtract a "
                "number of tricks from all players)",
            ),
            _cite("Introduction", "compared against their original bids"),
        ),
        readings=(
            Reading(
                "all-players",
                "Every player's bid moves by the amount; the adjusted bids are scored.",
            ),
            Reading(
                "winner-only",
                "Only the bid winner's bid moves; the total moves by the amount.",
            ),
            Reading(
                "mode-only",
                "No bid changes; the bid winner only chooses between a high and a low game.",
            ),
        ),
        default="all-players",
        option="even-adjust-scope",
        clauses=("JB212",),
        rationale=(
            'Rule 13 says "from all players", so every bid moves.  The introduction\'s tricks '
            '"compared against their original bids" fit only mode-only, where no bid changes; '
            "the default keeps the numbered rule, which speaks of the even game itself, over "
            "the introduction's summary of a game, which does not mention it."
        ),
    ),
    Ambiguity(
        id="JB-A7",
        ruleset=RULESET,
        title="Adjusted bids below zero",
        question="Lowering an even game turns a bid of zero into -1: is it kept at zero instead?",
        citations=(
            _cite("Bidding, rule 4", "Total bids less than zero will be taken as zero."),
            _cite("Bidding, rule 13", "the bid winner will have to adjust the game up or down"),
        ),
        readings=(
            Reading("zero", "An adjusted bid never goes below zero."),
            Reading(
                "none",
                "An adjusted bid may be -1; it can never be made and every trick taken counts "
                "as excess.",
            ),
        ),
        default="zero",
        option="adjusted-bid-floor",
        clauses=("JB212", "JB403"),
        rationale=(
            "Rule 4 floors bids at zero and the zero-bid bonus treats zero as the lowest bid; "
            "the total still leaves the max total, because a total equal to it holds at least "
            "one bid above zero."
        ),
    ),
    Ambiguity(
        id="JB-A8a",
        ruleset=RULESET,
        title="The score of a missed zero bid",
        question=(
            'How do "negative 5 (or 7)" for the first trick and "the rest following the above '
            'rules" combine?'
        ),
        citations=(
            _cite(
                "Scoring, rule 5",
                "the first trick you get will always have negative 5 (or 7) points, with the "
                "rest following the above rules",
            ),
        ),
        readings=(
            Reading(
                "first-trick",
                "The first trick costs 5 (7 with three players), each further trick the "
                "excess-trick penalty of the mode.",
            ),
            Reading(
                "all-tricks",
                "5 (or 7) is lost once, and every trick taken, the first included, costs the "
                "excess-trick penalty as well.",
            ),
            Reading("flat", "A missed zero bid loses 5 (or 7) however many tricks were taken."),
        ),
        default="first-trick",
        option="zero-bid-miss",
        clauses=("JB406",),
        rationale=(
            "It is the literal reading: the first trick has its own price and the rest are "
            "excess tricks under rules 3 and 4."
        ),
    ),
    Ambiguity(
        id="JB-A8b",
        ruleset=RULESET,
        title="Which zero bids are zero bids",
        question=(
            "After an even game is adjusted, is a zero bid judged on the adjusted bid or the "
            "bid as made?"
        ),
        citations=(
            _cite("Scoring, rule 1", "except when you bid zero"),
            _cite("Bidding, rule 13", "adding or subtract a number of tricks from all players"),
        ),
        readings=(
            Reading(
                "adjusted",
                "A bid lowered to zero is a zero bid; a zero bid raised to 1 is a bid of 1.",
            ),
            Reading(
                "original",
                "Only a bid made as zero is a zero bid, whatever the adjustment did to it.",
            ),
        ),
        default="adjusted",
        option="zero-bid-basis",
        clauses=("JB402", "JB406"),
        rationale="The adjusted bids are the targets every other score is measured against.",
    ),
    Ambiguity(
        id="JB-A9a",
        ruleset=RULESET,
        title="Comparing the highest cards of tied bids",
        question=(
            "Rule 9 orders cards by rank and names a suit order: which decides first when two "
            "tied bids are compared by their highest card?"
        ),
        citations=(
            _cite(
                "Bidding, rule 9",
                "the one who has the highest card will win - in this case, cards are ordered as "
                "(from highest to lowest)",
            ),
            _cite(
                "Bidding, rule 9",
                "with Spaces is highest, followed by Hearts, Diamond, and then Club.",
            ),
        ),
        readings=(
            Reading(
                "rank-then-suit",
                "Rank decides (ace high); between cards of equal rank, spades, hearts, "
                "diamonds, clubs.",
            ),
            Reading(
                "suit-then-rank",
                "Suit decides (spades, hearts, diamonds, clubs); within a suit, rank.",
            ),
        ),
        default="rank-then-suit",
        option="tie-card-order",
        clauses=("JB207",),
        rationale=(
            "The rule lists the ranks first and adds the suits after them, as the way to "
            "separate cards of equal rank; it always resolves, since no two cards are equal."
        ),
    ),
    Ambiguity(
        id="JB-A9b",
        ruleset=RULESET,
        title="Which bid cards break a tie",
        question="Do minus cards count when the highest card of a tied bid is looked for?",
        citations=(_cite("Bidding, rule 9", "the one who has the highest card will win"),),
        readings=(
            Reading("all", "Every bid card counts, plus or minus."),
            Reading("plus-only", "Only the plus cards count."),
        ),
        default="all",
        option="tie-cards",
        clauses=("JB207",),
        rationale="The rule speaks of the highest card, without regard to its sign.",
    ),
    Ambiguity(
        id="JB-A10",
        ruleset=RULESET,
        title="Choosing trump or finding it",
        question=(
            "Rule 6 lets the bid winner decide trump, while rule 7 fixes it by the suits of "
            "the bid cards: is there a separate choice?"
        ),
        citations=(
            _cite("Bidding, rule 6", "He/she gets to decide what's the trump."),
            _cite(
                "Bidding, rule 7",
                "The trump is decided based on the suit of the card used to bid.",
            ),
        ),
        readings=(
            Reading(
                "by-bid-cards",
                "Trump follows from the bid cards, minus cards included; the winner decided by "
                "choosing them.",
            ),
        ),
        default="by-bid-cards",
        option=None,
        clauses=("JB208",),
        rationale=(
            "Rule 7 is precise where rule 6 is general; read together, the choice is made in the "
            "bid."
        ),
    ),
    Ambiguity(
        id="JB-A11",
        ruleset=RULESET,
        title="Whether the order of play is enforced",
        question="Must the players after the leader play in clockwise order?",
        citations=(
            _cite(
                "Playing, rule 4",
                "The other players normally play their turns following clockwise direction, "
                "though this is not imposed by the system.",
            ),
        ),
        readings=(
            Reading("free", "After the leader the others play in any order, each once."),
            Reading("clockwise", "The others play clockwise from the leader."),
            Reading("counterclockwise", "The others play counterclockwise from the leader."),
        ),
        default="free",
        option="turn-order",
        clauses=("JB304",),
        rationale=(
            "The source says the order is not imposed, and nothing depends on it: what a "
            "follower may play and who wins depend only on the card led."
        ),
    ),
    Ambiguity(
        id="JB-A12",
        ruleset=RULESET,
        title="The end of a game and its winner",
        question=(
            "The source ranks players within one deal (highest bid made) and says nothing on "
            "how many deals a game has: who wins, and when does it end?"
        ),
        citations=(
            _cite(
                "Introduction",
                "the winner is always the one with the highest bid, and meets their bid, not "
                "more, not less.",
            ),
        ),
        readings=(
            Reading("0", "Any number of deals; the highest total at the end wins."),
            Reading("13", "A game of exactly 13 deals, as in other descriptions of Truf."),
        ),
        default="0",
        option="deals",
        clauses=("JB409", "JB501", "JB502"),
        rationale=(
            "The words about the winner contradict the scores (a zero bid made scores 5, a bid "
            "of 3 made only 3), so scores decide; with no length given, the record's deals "
            "make the game unless the players set a number."
        ),
    ),
    Ambiguity(
        id="JB-A12b",
        ruleset=RULESET,
        title="Who wins: the highest total or the highest bid met",
        question=(
            'The introduction says "the winner is always the one with the highest bid, and '
            'meets their bid", while the scores give a zero bid made 5 and a bid of 3 made 3: '
            "does the game go to the highest total, or to the highest bid met?"
        ),
        citations=(
            _cite(
                "Introduction",
                "the winner is always the one with the highest bid, and meets their bid, not "
                "more, not less.",
            ),
            _cite("Introduction", "the scores is calculated based on this"),
        ),
        readings=(
            Reading("highest-total", "The highest total after the last deal wins."),
            Reading(
                "highest-bid-made",
                "The text's own winner: of the players who met their bid, the one with the "
                "highest bid (bids as made, before an even game's adjustment); over several "
                "deals, the highest sum of the bids met.  Nobody wins when nobody met a bid.",
            ),
        ),
        default="highest-total",
        option="winner",
        clauses=("JB501",),
        rationale=(
            'The sentence describes one deal ("At the end of the game, the number of tricks '
            'collected from each player is counted") and names its winner in the same breath as '
            '"the scores is calculated based on this"; the scoring rules then pay every made '
            "bid, and a session of several deals is settled by its running totals (JB409).  "
            "The highest total is the default because it is the figure the text has the players "
            "keep; a table that plays single deals for the honour of the highest bid met picks "
            "highest-bid-made, which gives the sentence's winner exactly."
        ),
    ),
    Ambiguity(
        id="JB-A13",
        ruleset=RULESET,
        title="When trumps are broken",
        question='What counts as "trump has been played before" for the leader?',
        citations=(_cite("Playing, rule 3", "a) trump has been played before"),),
        readings=(
            Reading(
                "any-earlier-trick",
                "Any trump played in an earlier trick of the deal, led or not.",
            ),
            Reading(
                "ruff-only",
                "Only a trump played by a player who could not follow the suit led.",
            ),
        ),
        default="any-earlier-trick",
        option="trump-broken-by",
        clauses=("JB303",),
        rationale=(
            "The phrase names no way of playing the trump; a trump led from a hand of nothing "
            "but trumps has been played as much as a ruff.  A trump earlier in the current "
            "trick cannot matter, since the leader plays first."
        ),
    ),
    Ambiguity(
        id="JB-A14",
        ruleset=RULESET,
        title="Play in a no-trump game",
        question=(
            "How do the trump rules apply when a mixed-suit bid leaves the deal without trump?"
        ),
        citations=(_cite("Bidding, rule 7", "Otherwise a no-trump game will be played."),),
        readings=(
            Reading(
                "no-trump",
                "The trump rules do nothing and the highest card of the suit led wins.",
            ),
        ),
        default="no-trump",
        option=None,
        clauses=("JB208", "JB303", "JB308", "JB310"),
        rationale=(
            "With no trump suit no card is a trump, so the rules about trumps have nothing to "
            "apply to."
        ),
    ),
    Ambiguity(
        id="JB-A15",
        ruleset=RULESET,
        title="Face-down trumps in a record",
        question="Can a record show that trumps were played face down, and should it be checked?",
        citations=(_cite("Playing, rule 6", "Trump card is played face down"),),
        readings=(
            Reading(
                "not-recorded",
                "Records do not show how a card was played; the rule is documented, not checked.",
            ),
        ),
        default="not-recorded",
        option=None,
        clauses=("JB310",),
        rationale=(
            "Playing face down hides information only; it changes neither what is legal nor who "
            "wins."
        ),
    ),
    Ambiguity(
        id="JB-A16",
        ruleset=RULESET,
        title="Typing errors",
        question="Do the misspellings of the source change any rule?",
        citations=(
            _cite("Bidding, rule 9", "with Spaces is highest"),
            _cite("Playing, rule 1", "The playing phase consist of eiher 13"),
            _cite("Bidding, rule 11", "If the total number of tricks bidded exceed the max total"),
        ),
        readings=(
            Reading(
                "as-meant",
                '"Spaces" is spades, "eiher" is either and "bidded" is bid; nothing else changes.',
            ),
        ),
        default="as-meant",
        option=None,
        clauses=("JB002", "JB101", "JB207", "JB210", "JB211", "JB212", "JB309"),
        rationale="Each misspelt word has one evident meaning in its sentence.",
    ),
)


OPTIONS: tuple[Option, ...] = (
    Option(
        key="three-player-leftover",
        ruleset=RULESET,
        choices=("dead-card", "remove-fixed-card"),
        default="dead-card",
        doc="What a three-player game does with the card its three hands of 17 leave over.",
        ambiguity="JB-A3",
    ),
    Option(
        key="max-bid",
        ruleset=RULESET,
        choices=("none", "tricks-available"),
        default="none",
        doc="Whether a bid may be worth more than the tricks of the deal.",
        ambiguity="JB-A4b",
    ),
    Option(
        key="single-minus",
        ruleset=RULESET,
        choices=("positive", "reject"),
        default="positive",
        doc="Whether a single bid card marked minus counts as plus or is an error.",
        ambiguity="JB-A4c",
    ),
    Option(
        key="even-adjust-amount",
        ruleset=RULESET,
        choices=None,
        default="1",
        doc=(
            "How many tricks the bid winner adds to or takes from the bids of an even game; 0 "
            "lets the bid winner pick the amount each deal."
        ),
        ambiguity="JB-A6a",
        minimum=0,
        maximum=13,
    ),
    Option(
        key="even-adjust-scope",
        ruleset=RULESET,
        choices=("all-players", "winner-only", "mode-only"),
        default="all-players",
        doc="Whose bids the adjustment of an even game changes.",
        ambiguity="JB-A6b",
    ),
    Option(
        key="adjusted-bid-floor",
        ruleset=RULESET,
        choices=("zero", "none"),
        default="zero",
        doc="Whether an adjusted bid stops at zero or may go below it.",
        ambiguity="JB-A7",
    ),
    Option(
        key="zero-bid-miss",
        ruleset=RULESET,
        choices=("first-trick", "all-tricks", "flat"),
        default="first-trick",
        doc="How a zero bid that takes tricks is scored.",
        ambiguity="JB-A8a",
    ),
    Option(
        key="zero-bid-basis",
        ruleset=RULESET,
        choices=("adjusted", "original"),
        default="adjusted",
        doc="Whether a zero bid is judged on the adjusted bid or the bid as made.",
        ambiguity="JB-A8b",
    ),
    Option(
        key="tie-card-order",
        ruleset=RULESET,
        choices=("rank-then-suit", "suit-then-rank"),
        default="rank-then-suit",
        doc="How the highest cards of tied bids are compared.",
        ambiguity="JB-A9a",
    ),
    Option(
        key="tie-cards",
        ruleset=RULESET,
        choices=("all", "plus-only"),
        default="all",
        doc="Which bid cards are looked at when a tie goes to the highest card.",
        ambiguity="JB-A9b",
    ),
    Option(
        key="turn-order",
        ruleset=RULESET,
        choices=("free", "clockwise", "counterclockwise"),
        default="free",
        doc="The order in which the players after the leader play to a trick.",
        ambiguity="JB-A11",
    ),
    Option(
        key="trump-broken-by",
        ruleset=RULESET,
        choices=("any-earlier-trick", "ruff-only"),
        default="any-earlier-trick",
        doc="Which earlier trumps allow a leader to lead a trump.",
        ambiguity="JB-A13",
    ),
    Option(
        key="deals",
        ruleset=RULESET,
        choices=None,
        default="0",
        doc="The number of deals of a game; 0 leaves it open.",
        ambiguity="JB-A12",
        minimum=0,
        maximum=100,
    ),
    Option(
        key="winner",
        ruleset=RULESET,
        choices=("highest-total", "highest-bid-made"),
        default="highest-total",
        doc="Who wins the game: the highest total, or the highest bid met.",
        ambiguity="JB-A12b",
    ),
)
