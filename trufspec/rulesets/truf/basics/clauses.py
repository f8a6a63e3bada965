"""The clauses of truf-basics: every rule of "Truf: The Basics", one clause each.

The source is a short rules page: a summary of six steps, then headed parts (declaring a
target with one card, two cards of one suit, two cards of different suits; card values;
hitting and missing a target; mode selection; zero targets; setting trump and its
tiebreakers; the No Truf round; trump in play).  Citations locate a quote by its heading
(``Step 3``, ``2 Cards, Same Suit``, ``Tiebreakers``, ...); ``The Basics`` is the opening line.

Codes and slugs:

* definitions: TB001 four-players, TB002 the-pack, TB003 rank-order, TB004 card-values
* deal: TB101 hands-size, TB102 deal-partition
* declaration: TB201 declaration-cards, TB202 one-card-target, TB203 sum, TB204 subtract,
  TB205 no-truf, TB206 restated-target, TB207 bid-winner, TB208 tie-truf-beats-no-truf,
  TB209 tie-suit-order, TB210 tie-no-truf, TB211 tie-same-suit, TB212 trump-from-declaration,
  TB213 main-atas, TB214 main-bawah, TB215 thirteen-trump-player-chooses
* play: TB301 first-leader, TB302 next-leader, TB303 follow-suit, TB304 card-held,
  TB305 one-card-each, TB306 trick-winner, TB307 trick-count, TB308 trump-lead
* scoring: TB401 exact-target, TB402 atas-penalties, TB403 bawah-penalties,
  TB404 zero-target-made, TB405 zero-target-missed, TB406 tricks-taken, TB407 restated-score,
  TB408 running-total
* game end: TB501 game-winner, TB502 game-length, TB503 incomplete-game

An invalid declaration is reported under the table row it breaks (TB203 SUM, TB204 SUBTRACT,
TB205 NO TRUF); a wrong score under the clause that fixes the right one (TB401 to TB405).  The
register of unclear places is in :mod:`trufspec.rulesets.truf.basics.options`.
"""

from __future__ import annotations

from trufspec.spec.clauses import Citation, Clause, Kind, Phase, Strength

__all__ = ["CLAUSES", "RULESET"]

RULESET = "truf-basics"


def _cite(locator: str, quote: str) -> Citation:
    """A citation of the truf-basics source, which is also the ruleset's id."""
    return Citation(source=RULESET, locator=locator, quote=quote)


_FORMAT = _cite("The Basics", "4 players, 52 cards, 6 rounds of 13 tricks each.")
_ROUNDS = _cite("The Basics", "Highest cumulative score after 6 rounds wins.")
_PLACES = _cite(
    "Declaring Your Target",
    "Each player places 1 or 2 cards face-down, then all reveal simultaneously.",
)
_VALUES = (
    _cite("Card Values", "| A | 1 |"),
    _cite("Card Values", "| 2–10 | Face value |"),
    _cite("Card Values", "| J, Q, K | 0 |"),
)
_TIEBREAKERS = _cite("Tiebreakers", "Tiebreakers (in order)")
_FOLLOW = _cite("Step 5", "Must follow suit if possible.")
_TRUMP_PLAY = _cite(
    "Trump in Play",
    "if you can't follow the lead suit, you may play any card — including a trump.",
)
_MISS = _cite("Missing Your Target", "Let diff = |wins − target|")

CLAUSES: tuple[Clause, ...] = (
    # ------------------------------------------------------------------ definitions
    Clause(
        code="TB001",
        slug="four-players",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Four players",
        statement="A game of truf-basics has four players, each playing and scoring alone.",
        citations=(_FORMAT,),
        message="this game has {count} players; truf-basics is played by 4",
        concept="player-count",
    ),
    Clause(
        code="TB002",
        slug="the-pack",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.DEFINITION,
        strength=Strength.MUST,
        title="The pack",
        statement=(
            "The game uses one standard 52-card pack: four suits of thirteen ranks, ace, king, "
            "queen, jack and 10 down to 2."
        ),
        citations=(_FORMAT,),
        message="{detail}; truf-basics is played with one 52-card pack",
        concept="pack",
    ),
    Clause(
        code="TB003",
        slug="rank-order",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.DEFINITION,
        strength=Strength.MUST,
        title="Rank order",
        statement=(
            "In play the cards of a suit rank from the ace down: A, K, Q, J, 10, 9, 8, 7, 6, 5, "
            "4, 3, 2; the ace is the highest card, although it is worth 1 in a declaration."
        ),
        citations=(
            _cite("No Truf Round", "higher rank wins within the same suit."),
            _cite("Trump in Play", "Highest trump beats highest lead-suit card."),
        ),
        message="{higher} ranks above {lower}: cards rank A K Q J 10 9 8 7 6 5 4 3 2",
        ambiguities=("TB-A3",),
        concept="rank-order",
        note=(
            "The source never lists the ranks; the card values of a declaration cannot be "
            "them, since they make the three pictures equal (TB-A3)."
        ),
    ),
    Clause(
        code="TB004",
        slug="card-values",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.DEFINITION,
        strength=Strength.MUST,
        title="Card values",
        statement=(
            "In a declaration the ace is worth 1, a number card its number and a jack, queen "
            "or king 0, whether it is declared alone or with another card."
        ),
        citations=_VALUES,
        message="{card} is worth {value} in a declaration",
        concept="bid-card-value",
    ),
    # ------------------------------------------------------------------ deal
    Clause(
        code="TB101",
        slug="hands-size",
        ruleset=RULESET,
        phase=Phase.DEAL,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Thirteen cards each",
        statement="Each of the four players is dealt 13 cards.",
        citations=(_cite("Step 1", "Each player receives 13 cards."),),
        message="{player} {player:holds} {count} cards; each hand has 13",
        ambiguities=("TB-A1",),
        concept="hand-size",
    ),
    Clause(
        code="TB102",
        slug="deal-partition",
        ruleset=RULESET,
        phase=Phase.DEAL,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="The deal shares out the pack",
        statement="The four hands are the whole pack, each card exactly once; no card is left out.",
        citations=(_FORMAT, _cite("Step 1", "Each player receives 13 cards.")),
        message="{problem}; the four hands make up the 52-card pack",
        ambiguities=("TB-A1",),
        concept="deal-partition",
        note=(
            "The source says nothing about who deals or how (TB-A1); the record supplies the "
            "hands and the validator checks only that they share out the pack."
        ),
    ),
    # ------------------------------------------------------------------ declaration
    Clause(
        code="TB201",
        slug="declaration-cards",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Declaring with one or two cards",
        statement=(
            "Each player declares a target with one or two cards of their own hand; two cards "
            "of one suit are declared as SUM or SUBTRACT, and only then may one of them be "
            "marked minus.  The cards stay in the hand and are played like any other."
        ),
        citations=(
            _cite("Step 2", "Each player secretly bids how many tricks they'll win."),
            _PLACES,
            _cite("2 Cards, Same Suit", "Declare SUM or SUBTRACT before revealing."),
        ),
        message="{player} {problem}; a declaration is one or two cards from the player's own hand",
        ambiguities=("TB-A2", "TB-A16"),
        concept="bid-form",
        note=(
            "The notation writes SUBTRACT as a minus mark on one of two cards of one suit "
            "(9S -4S) and SUM without it (9S 4S); a minus mark anywhere else declares nothing "
            "(TB-A16).  A card is declared once: a hand holds each card once.  The declared "
            "cards go back to the hand: every card is needed for the 13 tricks (TB-A2)."
        ),
    ),
    Clause(
        code="TB202",
        slug="one-card-target",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.DEFINITION,
        strength=Strength.MUST,
        title="One card",
        statement="A player who declares one card takes its value as their target.",
        citations=(_cite("1 Card", "That card's value = your target number of wins."),),
        message="{player:'s} card {cards} declares a target of {value}",
        concept="bid-value",
    ),
    Clause(
        code="TB203",
        slug="sum",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="SUM",
        statement=(
            "Two cards of one suit declared as SUM give a target of the two values added; the "
            "declaration is valid only when that target is 5 or more."
        ),
        citations=(_cite("2 Cards, Same Suit", "| SUM | Card A + Card B | Result ≥ 5 |"),),
        message="{player:'s} SUM {cards} makes {value}, below 5: a SUM must come to 5 or more",
        ambiguities=("TB-A10", "TB-A15"),
        concept="bid-validity",
    ),
    Clause(
        code="TB204",
        slug="subtract",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="SUBTRACT",
        statement=(
            "Two cards of one suit declared as SUBTRACT give a target of the higher value less "
            "the lower; the declaration is valid only when the two values add up to 5 or more."
        ),
        citations=(_cite("2 Cards, Same Suit", "| SUBTRACT | Higher − Lower | Sum of both ≥ 5 |"),),
        message="{player:'s} SUBTRACT {cards} is invalid: {problem}",
        ambiguities=("TB-A5", "TB-A6", "TB-A15"),
        concept="bid-validity",
        note=(
            "The test is on the sum, not on the target, so SUBTRACT can declare targets of 1 "
            "to 4 (TB-A5); higher and lower are by value, the ace counting 1 (TB-A6)."
        ),
    ),
    Clause(
        code="TB205",
        slug="no-truf",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="NO TRUF",
        statement=(
            "Two cards of different suits declare NO TRUF with a target of the two values "
            "added; the declaration is valid only when that target is 7 or more."
        ),
        citations=(
            _cite(
                "2 Cards, Different Suits",
                "Select 2 cards from different suits to declare No Truf",
            ),
            _cite(
                "2 Cards, Different Suits",
                "| NO TRUF | Card A + Card B | Result ≥ 7, different suits |",
            ),
        ),
        message="{player:'s} NO TRUF {cards} makes {value}, below 7: a NO TRUF must come to 7 or more",
        ambiguities=("TB-A10", "TB-A15"),
        concept="bid-validity",
    ),
    Clause(
        code="TB206",
        slug="restated-target",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Restated target",
        statement=(
            "A target written after a declaration's cards must be the target those cards give "
            "under TB202 to TB205."
        ),
        citations=(
            _cite("1 Card", "That card's value = your target number of wins."),
            _cite("2 Cards, Same Suit", "| SUM | Card A + Card B | Result ≥ 5 |"),
        ),
        message="{player:'s} declaration {cards} gives a target of {expected}, not {written}",
        concept="bid-value",
    ),
    Clause(
        code="TB207",
        slug="bid-winner",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="The highest target wins the bid",
        statement=(
            "The player with the highest declared target wins the bid and sets trump; equal "
            "highest targets are settled by TB208 to TB211."
        ),
        citations=(
            _cite(
                "Setting the Trump Suit",
                "The player with the highest declared target sets the trump suit",
            ),
        ),
        message="the bid winner is {expected}, not {written}: {reason}",
        concept="bid-winner",
    ),
    Clause(
        code="TB208",
        slug="tie-truf-beats-no-truf",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Tie: a suit beats No Truf",
        statement="At equal highest targets a player who declared a suit beats one who declared NO TRUF.",
        citations=(
            _TIEBREAKERS,
            _cite(
                "Tiebreakers",
                "1stTruf declarers always beat a No Truf declarer at the same target.",
            ),
        ),
        message=(
            "{expected} and {other} both declared {value}; {expected} declared a suit and "
            "{expected:beats} NO TRUF, so {expected} {expected:wins}, not {written}"
        ),
        concept="bid-tie-break",
    ),
    Clause(
        code="TB209",
        slug="tie-suit-order",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Tie: suit order",
        statement=(
            "Among suit declarers at equal highest targets the higher suit wins: spades, then "
            "hearts, then clubs, then diamonds."
        ),
        citations=(_cite("Tiebreakers", "2ndAmong truf declarers: suit order ♠ > ♥ > ♣ > ♦."),),
        message=(
            "{expected} and {other} both declared {value}; {expected:'s} suit, {suit}, ranks higher "
            "(spades, hearts, clubs, diamonds), so {expected} {expected:wins}, not {written}"
        ),
        ambiguities=("TB-A14",),
        concept="bid-tie-break",
        note="This source ranks clubs above diamonds, unlike truf-jb and truf-de (TB-A14).",
    ),
    Clause(
        code="TB210",
        slug="tie-no-truf",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Tie: between NO TRUF declarers",
        statement=(
            "Among NO TRUF declarers at equal highest targets the one whose higher card is "
            "worth more wins; at equal values, the one whose higher card is of the higher suit."
        ),
        citations=(
            _cite(
                "Tiebreakers",
                "2nd (No Truf tie)Highest single card value among their two cards wins; if "
                "still tied, suit order of that card.",
            ),
        ),
        message=(
            "{expected} and {other} both declared NO TRUF for {value}; {expected} {expected:wins} with "
            "{card}, not {written}"
        ),
        ambiguities=("TB-A8", "TB-A14"),
        concept="bid-tie-break",
    ),
    Clause(
        code="TB211",
        slug="tie-same-suit",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Tie: the same suit",
        statement=(
            "Between declarers of the same suit at equal highest targets, which the source "
            "does not settle, the declaration of fewer cards wins, then the one with the card "
            "of the highest value, then the one with the card of the highest rank (under the "
            "same-suit-tiebreak option: the highest rank alone)."
        ),
        citations=(_TIEBREAKERS, _cite("Tiebreakers", "suit order ♠ > ♥ > ♣ > ♦.")),
        message=(
            "{expected} and {other} both declared {value} in {suit}; {expected} {expected:wins} by "
            "{reason}, not {written}"
        ),
        ambiguities=("TB-A7",),
        concept="bid-tie-break",
    ),
    Clause(
        code="TB212",
        slug="trump-from-declaration",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Trump from the winning declaration",
        statement=(
            "The suit of the bid winner's cards is trump; when the bid winner declared NO "
            "TRUF, the round is played without trump."
        ),
        citations=(
            _cite("Setting the Trump Suit", "their suit becomes the Truf for that round."),
            _cite(
                "No Truf Round",
                "If a No Truf declarer wins the bid, the round is played with no trump suit.",
            ),
            _cite("Step 3", "or they may declare No Truf for a pure high-card round."),
        ),
        message="trump is {expected}, not {written}: {reason}",
        ambiguities=("TB-A4",),
        concept="trump-selection",
    ),
    Clause(
        code="TB213",
        slug="main-atas",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Main Atas",
        statement="When the targets add up to more than 13, the round is played Main Atas.",
        citations=(
            _cite("Step 4", "Total bids vs 13 determines Main Atas or Main Bawah."),
            _cite("Mode Selection", "| > 13 | Main Atas |"),
        ),
        message="the targets total {total}, above 13: the round is Main Atas, not {written}",
        concept="mode",
    ),
    Clause(
        code="TB214",
        slug="main-bawah",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Main Bawah",
        statement="When the targets add up to less than 13, the round is played Main Bawah.",
        citations=(
            _cite("Step 4", "Total bids vs 13 determines Main Atas or Main Bawah."),
            _cite("Mode Selection", "| < 13 | Main Bawah |"),
        ),
        message="the targets total {total}, below 13: the round is Main Bawah, not {written}",
        concept="mode",
    ),
    Clause(
        code="TB215",
        slug="thirteen-trump-player-chooses",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Exactly 13: the trump player chooses",
        statement=(
            "When the targets add up to exactly 13, the bid winner chooses Main Atas or Main "
            "Bawah; no target changes."
        ),
        citations=(_cite("Mode Selection", "| = 13 | Trump player chooses |"),),
        message="the targets total {total}: {problem}",
        ambiguities=("TB-A9",),
        concept="even-total",
        note=(
            "A record writes the choice as atas or bawah on the contract line; an adjustment "
            "of the targets, as other Truf rules make, is an error here (TB-A9)."
        ),
    ),
    # ------------------------------------------------------------------ play
    Clause(
        code="TB301",
        slug="first-leader",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="The trump winner leads first",
        statement="The bid winner leads the first trick.",
        citations=(_cite("Trump in Play", "The trump winner leads the first trick."),),
        message="trick 1 is led by {player}, but the bid winner {expected} {expected:leads} the first trick",
        concept="first-leader",
    ),
    Clause(
        code="TB302",
        slug="next-leader",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="The trick winner leads next",
        statement="The winner of each trick leads the next one.",
        citations=(
            _cite("Step 5", "13 tricks per round."),
            _cite("Trump in Play", "The trump winner leads the first trick."),
        ),
        message=(
            "trick {number} is led by {player}, but {expected} won trick {previous} and {expected:leads} next"
        ),
        ambiguities=("TB-A1",),
        concept="leader",
        note="The source names only the first leader; the rest is the custom of Truf (TB-A1).",
    ),
    Clause(
        code="TB303",
        slug="follow-suit",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Follow suit",
        statement=(
            "A player who holds a card of the suit led must play one; a player who holds none "
            "may play any card, a trump included."
        ),
        citations=(_FOLLOW, _TRUMP_PLAY),
        message="{player} played {card} but {player:holds} {suit_cards}; a player must follow suit",
        concept="follow-suit",
    ),
    Clause(
        code="TB304",
        slug="card-held",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Play only cards held",
        statement="A player plays only cards from their own hand, each card once.",
        citations=(_cite("Step 1", "Each player receives 13 cards."), _FOLLOW),
        message="{player} played {card} but {player:does} not hold it: {reason}",
        ambiguities=("TB-A2",),
        concept="card-held",
    ),
    Clause(
        code="TB305",
        slug="one-card-each",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="One card from each player",
        statement="Every player plays exactly one card to every trick.",
        citations=(_FORMAT, _cite("Step 5", "13 tricks per round.")),
        message=(
            "trick {number} has {count} cards; each of the {players} players plays one card to "
            "every trick"
        ),
        concept="one-card-each",
    ),
    Clause(
        code="TB306",
        slug="trick-winner",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Trick winner",
        statement=(
            "The highest trump wins the trick; without a trump, the highest card of the suit "
            "led wins; a card of another suit never wins."
        ),
        citations=(
            _cite("Trump in Play", "Highest trump beats highest lead-suit card."),
            _cite(
                "No Truf Round",
                "the lead suit wins over off-suit cards, and higher rank wins within the same "
                "suit.",
            ),
        ),
        message="trick {number} is won by {expected} with {card}, not by {written}",
        ambiguities=("TB-A3",),
        concept="trick-winner",
    ),
    Clause(
        code="TB307",
        slug="trick-count",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Thirteen tricks",
        statement="A round is played in 13 tricks, numbered from 1 in the order they are played.",
        citations=(_cite("Step 5", "13 tricks per round."), _FORMAT),
        message="{problem}; a round is played in {expected} tricks, numbered from 1",
        concept="trick-count",
    ),
    Clause(
        code="TB308",
        slug="trump-lead",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Leading trumps",
        statement=(
            "Any card may be led, a trump included, at any time; only under "
            "trump-lead=until-broken may a trump not be led before a trump has been played, "
            "unless the leader holds nothing else."
        ),
        citations=(_TRUMP_PLAY,),
        message=("{player} led the trump {card} while holding {other_cards}, and {unbroken}"),
        ambiguities=("TB-A12",),
        concept="trump-lead",
        note=("Unlike truf-jb and truf-de, this source puts no limit on leading trumps (TB-A12)."),
    ),
    # ------------------------------------------------------------------ scoring
    Clause(
        code="TB401",
        slug="exact-target",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="Hitting the target",
        statement="A player whose target is above zero and who wins exactly that many tricks scores the target.",
        citations=(
            _cite("Hitting Your Target", "Exact target: Score = +target"),
            _cite("Step 6", "Hit your target = gain points."),
        ),
        message="{player} hit the target of {target} and {player:scores} {expected}, not {written}",
        concept="exact-score",
    ),
    Clause(
        code="TB402",
        slug="atas-penalties",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="Missing in Main Atas",
        statement=(
            "In Main Atas a player who misses the target loses 1 point per trick over it and 2 "
            "points per trick under it."
        ),
        citations=(
            _MISS,
            _cite("Missing Your Target", "| Main Atas | −(diff × 1) | −(diff × 2) |"),
        ),
        message=(
            "{player} declared {target} and won {taken} in Main Atas, which scores {expected} "
            "(1 per trick over, 2 per trick under), not {written}"
        ),
        concept="miss-score",
    ),
    Clause(
        code="TB403",
        slug="bawah-penalties",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="Missing in Main Bawah",
        statement=(
            "In Main Bawah a player who misses the target loses 2 points per trick over it and "
            "1 point per trick under it."
        ),
        citations=(
            _MISS,
            _cite("Missing Your Target", "| Main Bawah | −(diff × 2) | −(diff × 1) |"),
        ),
        message=(
            "{player} declared {target} and won {taken} in Main Bawah, which scores {expected} "
            "(2 per trick over, 1 per trick under), not {written}"
        ),
        concept="miss-score",
    ),
    Clause(
        code="TB404",
        slug="zero-target-made",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="A zero target made",
        statement=(
            "A player whose target is zero and who wins no trick scores the highest target "
            "declared in the round."
        ),
        citations=(
            _cite("0-Target Special Rules", "| Target 0, wins 0 | +(highest target that round) |"),
        ),
        message=(
            "{player} declared 0 and won no trick, which scores the round's highest target, "
            "{expected}, not {written}"
        ),
        ambiguities=("TB-A11",),
        concept="zero-bid-score",
    ),
    Clause(
        code="TB405",
        slug="zero-target-missed",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="A zero target missed",
        statement=(
            "A player whose target is zero and who wins tricks loses the over-target penalty "
            "of the mode for every trick won, and 2 points more."
        ),
        citations=(
            _cite("0-Target Special Rules", "| Target 0, wins > 0 | Normal penalty + extra −2 |"),
        ),
        message=(
            "{player} declared 0 and won {taken}, which scores {expected} ({working}), not {written}"
        ),
        ambiguities=("TB-A11",),
        concept="zero-bid-miss",
    ),
    Clause(
        code="TB406",
        slug="tricks-taken",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Tricks won",
        statement="The tricks written for a player must be the number of tricks they won in the play.",
        citations=(_MISS,),
        message="{player} won {expected} tricks in the play, not {written}",
        concept="tricks-taken",
    ),
    Clause(
        code="TB407",
        slug="restated-score",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.TRANSITION,
        strength=Strength.MAY,
        title="Scores that cannot be recomputed",
        statement=(
            "A score is checked against the targets, the tricks won and the mode; when the "
            "record lacks what is needed, the written score is taken as it stands."
        ),
        citations=(_cite("Step 6", "Hit your target = gain points. Miss = penalty."),),
        message="{player:'s} score of {written} could not be checked: {reason}",
        concept="score-check",
    ),
    Clause(
        code="TB408",
        slug="running-total",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Running total",
        statement="A player's total after a round is their total before it plus their score for it.",
        citations=(_ROUNDS,),
        message=(
            "{player:'s} total after this round is {expected} ({previous} + {score}), not {written}"
        ),
        concept="running-total",
    ),
    # ------------------------------------------------------------------ game end
    Clause(
        code="TB501",
        slug="game-winner",
        ruleset=RULESET,
        phase=Phase.GAME_END,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Winner of the game",
        statement=(
            "The player with the highest total after the sixth round wins; players level on "
            "the highest total share the win."
        ),
        citations=(_ROUNDS,),
        message="the game is won by {expected} with the highest total, {total}, not by {written}",
        ambiguities=("TB-A13",),
        concept="game-winner",
    ),
    Clause(
        code="TB502",
        slug="game-length",
        ruleset=RULESET,
        phase=Phase.GAME_END,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Six rounds",
        statement="A game has six rounds; a seventh round is not part of it.",
        citations=(_FORMAT, _ROUNDS),
        message="the game has {count} rounds; a game of truf-basics ends after 6",
        ambiguities=("TB-A17",),
        concept="game-length",
    ),
    Clause(
        code="TB503",
        slug="incomplete-game",
        ruleset=RULESET,
        phase=Phase.GAME_END,
        kind=Kind.TRANSITION,
        strength=Strength.MAY,
        title="A game recorded in part",
        statement=(
            "A record may stop before the sixth round; the game is then incomplete, not wrong, "
            "and has no winner yet."
        ),
        citations=(_ROUNDS,),
        message="the record has {count} of the game's 6 rounds: the game is incomplete and has no winner yet",
        ambiguities=("TB-A17",),
        concept="game-length",
    ),
)
