"""The ambiguity register and the options of truf-basics.

"Truf: The Basics" is the rules page of a web app whose program fills the gaps of the text: it
never says who deals, who leads after the first trick, how cards rank in play, or how two
declarers of the same suit at the same target are separated.  Each gap or unclear phrase is an
entry here, with the reading the validator uses by default and, where a table could reasonably
play otherwise, the option that selects another reading.
"""

from __future__ import annotations

from trufspec.spec.ambiguities import Ambiguity, Reading
from trufspec.spec.clauses import Citation
from trufspec.spec.options import Option

__all__ = ["AMBIGUITIES", "OPTIONS", "RULESET"]

RULESET = "truf-basics"


def _cite(locator: str, quote: str) -> Citation:
    """A citation of the truf-basics source."""
    return Citation(source=RULESET, locator=locator, quote=quote)


AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        id="TB-A1",
        ruleset=RULESET,
        title="Dealing, play direction and the later leaders",
        question=(
            "Who deals, in which direction does play go, and who leads the tricks after the first?"
        ),
        citations=(
            _cite("Step 1", "Each player receives 13 cards."),
            _cite("Trump in Play", "The trump winner leads the first trick."),
        ),
        readings=(
            Reading(
                "record",
                "The record supplies the hands and is not judged on who dealt; the winner of "
                "each trick leads the next; the order of the followers is not checked, since it "
                "changes neither what they may play nor who wins.",
            ),
        ),
        default="record",
        option=None,
        clauses=("TB101", "TB102", "TB302"),
        rationale=(
            "Nothing in the text can be checked about the dealer; the winner of a trick leading "
            "the next is what every description of Truf, and every trick-taking game, does."
        ),
    ),
    Ambiguity(
        id="TB-A2",
        ruleset=RULESET,
        title="What happens to the declared cards",
        question="Do the one or two cards placed face down leave the hand?",
        citations=(_cite("Declaring Your Target", "Each player places 1 or 2 cards face-down"),),
        readings=(
            Reading(
                "stay-in-hand", "The declared cards go back to the hand and are played normally."
            ),
        ),
        default="stay-in-hand",
        option=None,
        clauses=("TB201", "TB304"),
        rationale="13 cards make 13 tricks only if every card of the hand is played.",
    ),
    Ambiguity(
        id="TB-A3",
        ruleset=RULESET,
        title="The rank of the cards in play",
        question=(
            '"Cards are ranked purely by face value": do the declaration values (pictures 0) '
            "rank the cards in play?"
        ),
        citations=(_cite("No Truf Round", "Cards are ranked purely by face value"),),
        readings=(Reading("ace-high", "Cards rank A, K, Q, J, 10 down to 2 in every round."),),
        default="ace-high",
        option=None,
        clauses=("TB003", "TB306"),
        rationale=(
            "With pictures worth 0 three cards of a suit would be equal and a trick could have "
            "no winner; the standard ranks are what other Truf texts state."
        ),
    ),
    Ambiguity(
        id="TB-A4",
        ruleset=RULESET,
        title="No Truf by choice",
        question=(
            'Step 3 says the highest bidder "may declare No Truf": may a suit declarer who wins '
            "the bid still play without trump?"
        ),
        citations=(
            _cite("Step 3", "or they may declare No Truf for a pure high-card round."),
            _cite(
                "2 Cards, Different Suits", "Select 2 cards from different suits to declare No Truf"
            ),
        ),
        readings=(
            Reading("no", "No Truf comes only from a declaration of two cards of different suits."),
            Reading("yes", "The bid winner may also turn a suit declaration into a No Truf round."),
        ),
        default="no",
        option="no-truf-by-choice",
        clauses=("TB212",),
        rationale=(
            "The declaration table is precise where the summary is short; the summary's "
            '"declare" is the NO TRUF declaration.'
        ),
    ),
    Ambiguity(
        id="TB-A5",
        ruleset=RULESET,
        title="What makes SUBTRACT valid",
        question="SUBTRACT is valid when the sum is 5 or more: may its own result be below 5?",
        citations=(_cite("2 Cards, Same Suit", "| SUBTRACT | Higher − Lower | Sum of both ≥ 5 |"),),
        readings=(
            Reading("sum", "Only the sum of the two values must be 5 or more, as written."),
            Reading("result", "The result, higher less lower, must itself be 5 or more."),
        ),
        default="sum",
        option="subtract-valid",
        clauses=("TB204",),
        rationale=(
            "The table says sum for SUBTRACT and result for SUM, deliberately it seems: it lets "
            "a player name a suit with a low target."
        ),
    ),
    Ambiguity(
        id="TB-A6",
        ruleset=RULESET,
        title="Higher and lower in SUBTRACT",
        question='Are "Higher" and "Lower" the higher and lower rank or value?',
        citations=(_cite("2 Cards, Same Suit", "Higher − Lower"),),
        readings=(Reading("value", "By value: the ace counts 1 and the pictures 0."),),
        default="value",
        option=None,
        clauses=("TB204",),
        rationale="By rank an ace less a five would be negative; the formula works on values.",
    ),
    Ambiguity(
        id="TB-A7",
        ruleset=RULESET,
        title="Two declarers of the same suit at the same target",
        question=(
            "The suit order cannot separate two declarers of the same suit (7S against 3S 4S): "
            "who wins?"
        ),
        citations=(_cite("Tiebreakers", "2ndAmong truf declarers: suit order ♠ > ♥ > ♣ > ♦."),),
        readings=(
            Reading(
                "cards-value-rank",
                "Fewer cards win; then the card of the highest value; then the card of the "
                "highest rank.",
            ),
            Reading("rank", "The declaration holding the card of the highest rank wins."),
        ),
        default="cards-value-rank",
        option="same-suit-tiebreak",
        clauses=("TB211",),
        rationale=(
            "Fewer cards first is what truf-jb does with ties; value before rank keeps to the "
            "values the source uses for the No Truf tie."
        ),
    ),
    Ambiguity(
        id="TB-A8",
        ruleset=RULESET,
        title='"That card" when both NO TRUF cards have the same value',
        question="Which suit decides when a NO TRUF declarer's two cards are worth the same (7S 7H)?",
        citations=(_cite("Tiebreakers", "if still tied, suit order of that card."),),
        readings=(Reading("higher-suit", "The card of the higher suit is that card."),),
        default="higher-suit",
        option=None,
        clauses=("TB210",),
        rationale="The declarer's best card is the one that stands for the declaration.",
    ),
    Ambiguity(
        id="TB-A9",
        ruleset=RULESET,
        title="Exactly 13",
        question=(
            "At a total of 13 the trump player chooses: who is that in a No Truf round, and do "
            "the targets change?"
        ),
        citations=(_cite("Mode Selection", "| = 13 | Trump player chooses |"),),
        readings=(
            Reading(
                "choose-mode",
                "The bid winner chooses Main Atas or Main Bawah; the targets stay as declared.",
            ),
        ),
        default="choose-mode",
        option=None,
        clauses=("TB215",),
        rationale="The table names a choice of mode and nothing else; other Truf rules adjust the bids, this one does not.",
    ),
    Ambiguity(
        id="TB-A10",
        ruleset=RULESET,
        title="Targets above 13",
        question="A SUM can declare 19 and a NO TRUF 20: are targets above the 13 tricks allowed?",
        citations=(_cite("2 Cards, Same Suit", "| SUM | Card A + Card B | Result ≥ 5 |"),),
        readings=(Reading("allowed", "Any target is allowed; one above 13 cannot be hit."),),
        default="allowed",
        option=None,
        clauses=("TB203", "TB205"),
        rationale="The source sets no upper limit, and a high target still wins the bid.",
    ),
    Ambiguity(
        id="TB-A11",
        ruleset=RULESET,
        title="The zero-target scores",
        question=(
            'What is "the highest target that round", and which "normal penalty" does a '
            "missed zero target pay?"
        ),
        citations=(
            _cite("0-Target Special Rules", "+(highest target that round)"),
            _cite("0-Target Special Rules", "Normal penalty + extra −2"),
        ),
        readings=(
            Reading(
                "as-written",
                "The highest of all four targets; a missed zero target pays the over-target "
                "penalty of the mode for every trick won, and 2 more.",
            ),
        ),
        default="as-written",
        option=None,
        clauses=("TB404", "TB405"),
        rationale="Every trick a zero target wins is a trick over it.",
    ),
    Ambiguity(
        id="TB-A12",
        ruleset=RULESET,
        title="Leading trumps",
        question="May a trump be led before any trump has been played?",
        citations=(_cite("Trump in Play", "you may play any card — including a trump."),),
        readings=(
            Reading(
                "free", "Any card may be led at any time, as the source says nothing against it."
            ),
            Reading(
                "until-broken",
                "As in truf-jb: no trump lead before a trump has been played, unless the leader "
                "holds only trumps.",
            ),
        ),
        default="free",
        option="trump-lead",
        clauses=("TB308",),
        rationale="The source states no restriction, and it lists every other rule of play.",
    ),
    Ambiguity(
        id="TB-A13",
        ruleset=RULESET,
        title="A tie for the win",
        question="Who wins when two players end level on the highest total?",
        citations=(_cite("The Basics", "Highest cumulative score after 6 rounds wins."),),
        readings=(Reading("shared", "They share the win."),),
        default="shared",
        option=None,
        clauses=("TB501",),
        rationale="The source plays no extra round and names no other tie-break.",
    ),
    Ambiguity(
        id="TB-A14",
        ruleset=RULESET,
        title="The suit order",
        question="This source ranks clubs above diamonds, unlike the other Truf texts: is that meant?",
        citations=(_cite("Tiebreakers", "suit order ♠ > ♥ > ♣ > ♦."),),
        readings=(Reading("as-written", "Spades, hearts, clubs, diamonds, in every tie-break."),),
        default="as-written",
        option=None,
        clauses=("TB209", "TB210"),
        rationale=(
            "It is stated plainly, and it is the suit order of card games popular where Truf "
            "is played; each ruleset follows its own text."
        ),
    ),
    Ambiguity(
        id="TB-A15",
        ruleset=RULESET,
        title="Invalid declarations",
        question="What happens to a declaration that breaks its table row (a SUM of 4)?",
        citations=(_cite("2 Cards, Same Suit", "Valid when"),),
        readings=(
            Reading(
                "error",
                "The record is wrong; the declaration is still valued by its formula so that "
                "the rest of the round can be followed.",
            ),
        ),
        default="error",
        option=None,
        clauses=("TB203", "TB204", "TB205"),
        rationale="The source gives no fallback, such as counting only one of the cards.",
    ),
    Ambiguity(
        id="TB-A16",
        ruleset=RULESET,
        title="Writing SUM and SUBTRACT",
        question="How does a record say which of SUM and SUBTRACT a same-suit pair declared?",
        citations=(_cite("2 Cards, Same Suit", "Declare SUM or SUBTRACT before revealing."),),
        readings=(
            Reading(
                "minus-mark",
                "A minus mark on one of the two cards declares SUBTRACT; no mark declares SUM.",
            ),
        ),
        default="minus-mark",
        option=None,
        clauses=("TB201",),
        rationale="It is the notation's signed bid card, the way truf-jb writes a minus card.",
    ),
    Ambiguity(
        id="TB-A17",
        ruleset=RULESET,
        title="Rounds and records of part of a game",
        question="A game is 6 rounds: what of a record that stops before the sixth?",
        citations=(_cite("The Basics", "6 rounds of 13 tricks each."),),
        readings=(
            Reading(
                "incomplete",
                "A round is a deal; a record of fewer rounds is an incomplete game, checked as "
                "far as it goes, with no winner.",
            ),
        ),
        default="incomplete",
        option=None,
        clauses=("TB502", "TB503"),
        rationale="Score sheets are often kept and checked while the game is still going on.",
    ),
)


OPTIONS: tuple[Option, ...] = (
    Option(
        key="no-truf-by-choice",
        ruleset=RULESET,
        choices=("no", "yes"),
        default="no",
        doc="Whether a bid winner who declared a suit may still play the round without trump.",
        ambiguity="TB-A4",
    ),
    Option(
        key="subtract-valid",
        ruleset=RULESET,
        choices=("sum", "result"),
        default="sum",
        doc="Whether SUBTRACT needs the sum of its cards, or its result, to be 5 or more.",
        ambiguity="TB-A5",
    ),
    Option(
        key="same-suit-tiebreak",
        ruleset=RULESET,
        choices=("cards-value-rank", "rank"),
        default="cards-value-rank",
        doc="How two declarers of the same suit at the same highest target are separated.",
        ambiguity="TB-A7",
    ),
    Option(
        key="trump-lead",
        ruleset=RULESET,
        choices=("free", "until-broken"),
        default="free",
        doc="Whether a trump may be led before a trump has been played.",
        ambiguity="TB-A12",
    ),
)
