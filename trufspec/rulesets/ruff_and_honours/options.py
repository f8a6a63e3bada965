"""The ambiguity register and the options of ruff-and-honours.

The source is a reconstruction of a game known from seventeenth-century descriptions, and it
says so; it leaves the seating, the deal, the honours of cards that pass through the stock and
the bar at eight open.  Each gap is an entry here with the reading the validator uses by
default and, where other descriptions of the game read it otherwise, the option that selects
another reading (the rules analysis, part 2.2.2, gives the evidence).
"""

from __future__ import annotations

from trufspec.rulesets.ruff_and_honours.clauses import RULESET
from trufspec.spec.ambiguities import Ambiguity, Reading
from trufspec.spec.clauses import Citation
from trufspec.spec.options import Option

__all__ = ["AMBIGUITIES", "OPTIONS", "RULESET"]


def _cite(locator: str, quote: str) -> Citation:
    """A citation of the ruff-and-honours source."""
    return Citation(source=RULESET, locator=locator, quote=quote)


_TEAMS = _cite("Objective", "Ruff and Honours is played by 4 players in 2 teams of 2.")
_RUFF = _cite(
    "Stock",
    "Whoever holds the ace of trump then gets all 4 cards of the stock, this player then "
    "discards 4 cards.",
)
_DEALT = _cite(
    "Honours",
    "the team who was dealt 3 of (AKQJ) Ace, King, Queen, and Jack of the trump suit earns 2 "
    "extra points.",
)
_FOUR = _cite(
    "Honours", "A team that was dealt 4 of (AKQJ) of the trump suit earns 4 extra points."
)
_BAR = _cite("Honours", "they are not applied if a player has 8 points.")
_AFTER = _cite("Honours", "Honours are added in after the normal scoring has already completed")
_GAME = _cite("Game", "The first team to reach 9-Points wins.")

AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        id="RH-A1",
        ruleset=RULESET,
        title="Where partners sit",
        question="Do partners sit opposite each other or side by side?",
        citations=(_TEAMS,),
        readings=(
            Reading(
                "opposite",
                "Partners sit opposite: the first and third players of the seating are one team.",
            ),
        ),
        default="opposite",
        option=None,
        clauses=("RH001",),
        rationale=(
            "Every historical description (Cotton's, and Whist after it) seats partners "
            "opposite, so that play alternates between the teams; no source seats them together."
        ),
    ),
    Ambiguity(
        id="RH-A2",
        ruleset=RULESET,
        title="How the cards are dealt",
        question="In packets of how many, and starting where, are the twelve cards dealt?",
        citations=(_cite("Deal", "Twelve cards are dealt out to each of the 4 player."),),
        readings=(
            Reading(
                "record",
                "The record gives the hands and the stock; the validator checks the twelve cards "
                "each and the stock of four, not how they were dealt.",
            ),
        ),
        default="record",
        option=None,
        clauses=("RH102", "RH103"),
        rationale="How the cards came out cannot be seen in the hands they made.",
    ),
    Ambiguity(
        id="RH-A3",
        ruleset=RULESET,
        title="Is the ruff compulsory?",
        question="Must the holder of the ace of trumps take the stock, or may they decline?",
        citations=(_RUFF,),
        readings=(
            Reading("compulsory", 'The stock is always taken (the source: the holder "gets" it).'),
            Reading(
                "optional",
                'The holder may decline (Cotton: the holder "was allowed to ruff"); the stock '
                "then stays out of play.",
            ),
        ),
        default="compulsory",
        option="ruff",
        clauses=("RH107",),
        rationale=(
            "The source's words leave no choice; the historical privilege is offered as an option."
        ),
    ),
    Ambiguity(
        id="RH-A4",
        ruleset=RULESET,
        title="When nobody holds the ace of trumps",
        question="Who ruffs when the ace of trumps is the turned card or among the stock?",
        citations=(
            _cite(
                "Stock",
                "If no one has the ace of trump then the dealer gets the stock and discards 4 "
                "cards.",
            ),
        ),
        readings=(Reading("dealer", "The dealer ruffs, and so receives the ace with the stock."),),
        default="dealer",
        option=None,
        clauses=("RH104",),
        rationale=(
            "The source covers both cases in one sentence, and Cotton confirms the turned ace."
        ),
    ),
    Ambiguity(
        id="RH-A5",
        ruleset=RULESET,
        title="What the ruffer may discard",
        question=(
            "May the ruffer discard any of the sixteen cards, or only cards of the original hand?"
        ),
        citations=(_RUFF,),
        readings=(
            Reading("any-of-16", "Any four of the sixteen cards, trumps and honours included."),
            Reading("original-12", "Only cards of the twelve the ruffer was dealt."),
        ),
        default="any-of-16",
        option="ruff-discard-from",
        clauses=("RH105",),
        rationale='The source sets no limit, and Cotton has the ruffer discard "as he liked".',
    ),
    Ambiguity(
        id="RH-A6",
        ruleset=RULESET,
        title="Honours dealt or held",
        question=(
            'Are honours counted in the hands as dealt, as the source\'s "dealt" says, or in '
            "the hands after the ruff, when the stock may have moved an honour?"
        ),
        citations=(_DEALT,),
        readings=(
            Reading("held-after-ruff", "The honours in the team's hands at the first lead."),
            Reading("as-dealt", "The honours in the team's twelve-card hands as dealt."),
            Reading(
                "as-dealt-plus-ruff-gain",
                "The honours as dealt, plus those the ruffer took from the stock; discards "
                "ignored.",
            ),
        ),
        default="held-after-ruff",
        option="honours-basis",
        clauses=("RH403", "RH404"),
        rationale=(
            'The text says "dealt", and as-dealt is its literal reading.  The default departs '
            "from it on purpose: read literally, an honour taken from the stock never counts "
            "and one the ruffer discards still does, so the ruff, which the text makes part of "
            "the deal (the stock goes to the ace of trump), would move points the wrong way.  "
            'The honours are counted "at the end of each hand", when the cards that were '
            "played are what the table can still see, and historical practice counts what the "
            'partnership holds in play; "dealt" reads as the hands the deal left the players '
            "with, the ruff included.  A table that counts the twelve cards as dealt picks "
            "as-dealt."
        ),
    ),
    Ambiguity(
        id="RH-A7",
        ruleset=RULESET,
        title="What honours are worth; winning in one hand",
        question=(
            "Are three honours worth 2 and four worth 4, as the source says, or 1 and 2, as an "
            "Elizabethan description has it, under which no team can win in a single hand?"
        ),
        citations=(_DEALT, _FOUR),
        readings=(
            Reading(
                "2-and-4",
                "Three honours score 2, four score 4; 12 tricks and 4 honours win from 0.",
            ),
            Reading(
                "1-and-2", "Three honours score 1, four score 2; at least two hands make a game."
            ),
        ),
        default="2-and-4",
        option="honour-points",
        clauses=("RH404", "RH501"),
        rationale="The source's own values are the default.",
    ),
    Ambiguity(
        id="RH-A8a",
        ruleset=RULESET,
        title="A player with 8 points",
        question='Scores are kept per team: whose 8 points does "a player has 8 points" mean?',
        citations=(_BAR,),
        readings=(Reading("team", "The team's total."),),
        default="team",
        option=None,
        clauses=("RH406",),
        rationale="Players have no scores of their own in this game.",
    ),
    Ambiguity(
        id="RH-A8b",
        ruleset=RULESET,
        title="Whom the bar at eight stops",
        question="Does a team on 8 lose only its own honours, or does nobody score honours?",
        citations=(_BAR,),
        readings=(
            Reading("own-team", "Only the team on 8 scores no honours."),
            Reading("both-teams", "No honours are scored in a hand where either team is on 8."),
        ),
        default="own-team",
        option="honours-bar-scope",
        clauses=("RH406",),
        rationale="The bar is about the team that has the points.",
    ),
    Ambiguity(
        id="RH-A8c",
        ruleset=RULESET,
        title="When the bar at eight is tested",
        question=(
            "Is the team's 8 tested after this hand's trick points, or at the start of the hand?"
        ),
        citations=(_BAR, _AFTER),
        readings=(
            Reading("after-tricks", "After the trick points of the hand are added."),
            Reading(
                "start-of-hand",
                'On the total the team had before the hand ("at the point of eight").',
            ),
        ),
        default="after-tricks",
        option="honours-bar-timing",
        clauses=("RH406",),
        rationale="The source adds honours after the trick points, so the test comes then.",
    ),
    Ambiguity(
        id="RH-A8d",
        ruleset=RULESET,
        title="The score of the bar",
        question="Is the bar exactly 8, one below the game?",
        citations=(_BAR,),
        readings=(Reading("8", "Exactly 8 points."),),
        default="8",
        option="honours-bar-score",
        clauses=("RH406",),
        rationale="The source's figure; with 9 or more the game is already won.",
    ),
    Ambiguity(
        id="RH-A8e",
        ruleset=RULESET,
        title="The call at eight",
        question='May a team on 8 call for honours ("Can you?"), as later Whist allowed?',
        citations=(_BAR,),
        readings=(Reading("absent", "No call: the source does not have it."),),
        default="absent",
        option=None,
        clauses=("RH406",),
        rationale="The call is remembered from Whist, not attested for this game.",
    ),
    Ambiguity(
        id="RH-A9",
        ruleset=RULESET,
        title="Reaching the target within a hand",
        question=(
            "In which order is the end of a hand scored, and what is the target?  The source "
            "scores at the end of each hand and adds honours after the trick points."
        ),
        citations=(_AFTER, _GAME),
        readings=(
            Reading(
                "9",
                "All twelve tricks are played; trick points first, and a team they bring to 9 "
                "has won and no honours are scored; otherwise honours, then the test for 9.",
            ),
        ),
        default="9",
        option="target-points",
        clauses=("RH405", "RH501"),
        rationale=(
            "Only one team can take more than six tricks and only one can hold three honours, "
            "so no two teams reach the target together under this order."
        ),
    ),
    Ambiguity(
        id="RH-A9b",
        ruleset=RULESET,
        title="Playing out a decided hand",
        question=(
            "Is a hand played to its twelfth trick when a team's trick points have already "
            "brought it to the target?  The source scores only at the end of each hand."
        ),
        citations=(_AFTER, _GAME),
        readings=(
            Reading(
                "all-tricks", "All twelve tricks are played, and the hand is scored at its end."
            ),
            Reading(
                "when-decided",
                "The hand ends with the trick that brings a team's trick points to the target: "
                "that team has won, and no trick is played after it.",
            ),
        ),
        default="all-tricks",
        option="hand-end",
        clauses=("RH307", "RH405"),
        rationale="The source describes whole hands and scores them only at their end.",
    ),
    Ambiguity(
        id="RH-A10",
        ruleset=RULESET,
        title="Penalties",
        question="What does a revoke, a misdeal or an exposed card cost?",
        citations=(
            _cite(
                "Play",
                "they must follow suit, if the next player is not able to follow suit they are "
                "able to play any card",
            ),
        ),
        readings=(Reading("invalid", "No penalty is modelled: the irregularity is reported."),),
        default="invalid",
        option=None,
        clauses=("RH303",),
        rationale="The source names no penalty.",
    ),
    Ambiguity(
        id="RH-A11",
        ruleset=RULESET,
        title="A game, not a match",
        question="Does play go on after a team reaches 9?",
        citations=(_GAME,),
        readings=(
            Reading("one-game", "A record is one game; a hand after the winning one is flagged."),
        ),
        default="one-game",
        option=None,
        clauses=("RH501", "RH502"),
        rationale="The source defines a single game to 9 and nothing beyond it.",
    ),
)

OPTIONS: tuple[Option, ...] = (
    Option(
        key="ruff",
        ruleset=RULESET,
        choices=("compulsory", "optional"),
        default="compulsory",
        doc="Whether the player entitled to the stock may decline it.",
        ambiguity="RH-A3",
    ),
    Option(
        key="ruff-discard-from",
        ruleset=RULESET,
        choices=("any-of-16", "original-12"),
        default="any-of-16",
        doc="Which cards the ruffer may discard.",
        ambiguity="RH-A5",
    ),
    Option(
        key="honours-basis",
        ruleset=RULESET,
        choices=("held-after-ruff", "as-dealt", "as-dealt-plus-ruff-gain"),
        default="held-after-ruff",
        doc="Which hands a team's honours are counted in.",
        ambiguity="RH-A6",
    ),
    Option(
        key="honour-points",
        ruleset=RULESET,
        choices=("2-and-4", "1-and-2"),
        default="2-and-4",
        doc="What three and four honours score.",
        ambiguity="RH-A7",
    ),
    Option(
        key="honours-bar-scope",
        ruleset=RULESET,
        choices=("own-team", "both-teams"),
        default="own-team",
        doc="Whether a team on the bar stops only its own honours or everybody's.",
        ambiguity="RH-A8b",
    ),
    Option(
        key="honours-bar-timing",
        ruleset=RULESET,
        choices=("after-tricks", "start-of-hand"),
        default="after-tricks",
        doc="When the bar at eight is tested.",
        ambiguity="RH-A8c",
    ),
    Option(
        key="honours-bar-score",
        ruleset=RULESET,
        choices=None,
        default="8",
        doc="The score at which a team scores no honours.",
        ambiguity="RH-A8d",
        minimum=1,
        maximum=50,
    ),
    Option(
        key="target-points",
        ruleset=RULESET,
        choices=None,
        default="9",
        doc="The total that wins the game.",
        ambiguity="RH-A9",
        minimum=1,
        maximum=50,
    ),
    Option(
        key="hand-end",
        ruleset=RULESET,
        choices=("all-tricks", "when-decided"),
        default="all-tricks",
        doc="Whether a hand is played out once a team's trick points reach the target.",
        ambiguity="RH-A9b",
    ),
)
