"""The clauses of truf-jb: every rule of JB Games' "Truf House Rule 1", one clause each.

The source has an introduction, a sentence on the number of players and three numbered lists:
bidding (rules 1-13), playing (1-7) and scoring (1-5).  Citations locate a quote as
``Introduction``, ``Players``, ``Bidding, rule 5``, ``Playing, rule 5``, ``Scoring, rule 1`` or
``Closing`` (the last sentence).  Every numbered rule is cited by at least one clause.

Codes and slugs:

* definitions: JB001 players-three-or-four, JB002 the-pack, JB003 rank-order,
  JB004 bid-card-values, JB005 no-partnerships
* deal: JB101 hands-size, JB102 deal-partition
* bidding: JB201 bid-cards, JB202 single-card-positive, JB203 bid-value,
  JB204 negative-bid-is-zero, JB205 bid-winner, JB206 tie-fewer-cards, JB207 tie-highest-card,
  JB208 trump-from-bid, JB209 max-total, JB210 high-game, JB211 low-game,
  JB212 even-game-adjust, JB213 restated-bid-value, JB214 bid-limit
* play: JB301 first-leader, JB302 next-leader, JB303 no-trump-lead-until-broken,
  JB304 turn-order, JB305 follow-suit, JB306 card-held, JB307 one-card-each,
  JB308 trick-winner, JB309 trick-count, JB310 face-down-trumps
* scoring: JB401 exact-bid-score, JB402 zero-bid-score, JB403 miss-is-negative,
  JB404 high-game-penalties, JB405 low-game-penalties, JB406 zero-bid-miss, JB407 tricks-taken,
  JB408 restated-score, JB409 running-total
* game end: JB501 game-winner, JB502 game-length

A wrong score is reported under the clause that fixes the right value (JB401 to JB406), so the
diagnostic quotes the rule that was misapplied; JB408 covers scores the record gives too little
to recompute.  The register of unclear places these clauses depend on is in
:mod:`trufspec.rulesets.truf.jb.options`.
"""

from __future__ import annotations

from trufspec.spec.clauses import Citation, Clause, Kind, Phase, Strength

__all__ = ["CLAUSES", "RULESET"]

RULESET = "truf-jb"


def _cite(locator: str, quote: str) -> Citation:
    """A citation of the truf-jb source, which is also the ruleset's id."""
    return Citation(source=RULESET, locator=locator, quote=quote)


CLAUSES: tuple[Clause, ...] = (
    # ------------------------------------------------------------------ definitions
    Clause(
        code="JB001",
        slug="players-three-or-four",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Three or four players",
        statement="A game of truf-jb has three or four players.",
        citations=(
            _cite(
                "Players",
                "Minimum 3 players are needed to play the game, and maximum is 4 players.",
            ),
        ),
        message="this game has {count} players; truf-jb is played by 3 or 4",
        concept="player-count",
    ),
    Clause(
        code="JB002",
        slug="the-pack",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.DEFINITION,
        strength=Strength.MUST,
        title="The pack",
        statement=(
            "The game uses one standard 52-card pack: four suits (spades, hearts, diamonds, "
            "clubs) of thirteen ranks, ace, king, queen, jack and 10 down to 2."
        ),
        citations=(
            _cite(
                "Bidding, rule 5",
                "Number cards: the number represents their values (from 2 to 10)",
            ),
            _cite(
                "Bidding, rule 9",
                "with Spaces is highest, followed by Hearts, Diamond, and then Club.",
            ),
        ),
        message="{detail}; truf-jb is played with one 52-card pack",
        ambiguities=("JB-A16",),
        concept="pack",
        note=(
            "The source never names the pack; the ranks and suits it mentions are those of the "
            "standard 52-card pack, and its three-player game of 17 tricks needs 51 of its cards."
        ),
    ),
    Clause(
        code="JB003",
        slug="rank-order",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.DEFINITION,
        strength=Strength.MUST,
        title="Rank order",
        statement=(
            "In every suit the cards rank from the ace down: A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, "
            "3, 2; the ace is the highest card, although it is worth 1 in a bid."
        ),
        citations=(
            _cite(
                "Playing, rule 7",
                "The ranking of the card follows this (highest to lowest): Ace, King, Queen, "
                "Jack, 10, 9 ... 2.",
            ),
            _cite(
                "Bidding, rule 9",
                "cards are ordered as (from highest to lowest): Ace, King, Queen, Jack, 10 ... 2",
            ),
        ),
        message="{higher} ranks above {lower}: cards rank A K Q J 10 9 8 7 6 5 4 3 2",
        concept="rank-order",
    ),
    Clause(
        code="JB004",
        slug="bid-card-values",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.DEFINITION,
        strength=Strength.MUST,
        title="Bid values of the cards",
        statement=(
            "In a bid, a number card is worth its number, an ace 1, and a jack, queen or king "
            "0 when it is the only bid card and 10 when it is one of several."
        ),
        citations=(
            _cite(
                "Bidding, rule 5",
                "Number cards: the number represents their values (from 2 to 10)",
            ),
            _cite("Bidding, rule 5", "Ace has the value of 1"),
            _cite(
                "Bidding, rule 5",
                "Picture cards (Jack, Queen, King) - in a single card bid, their bid value is "
                "zero. Otherwise it's 10.",
            ),
        ),
        message="{card} is worth {value} in {form}",
        concept="bid-card-value",
    ),
    Clause(
        code="JB005",
        slug="no-partnerships",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="No partnerships",
        statement="Every player plays and scores alone; there are no teams.",
        citations=(
            _cite(
                "Introduction",
                "Truf is a each-person-for-himself game, and partnering is discouraged (to the "
                "point that it means cheating).",
            ),
        ),
        message="'{side}' names a team; in truf-jb every player plays and scores alone",
        concept="partnerships",
    ),
    # ------------------------------------------------------------------ deal
    Clause(
        code="JB101",
        slug="hands-size",
        ruleset=RULESET,
        phase=Phase.DEAL,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Size of the hands",
        statement=(
            "With four players each is dealt 13 cards; with three players each is dealt 17 "
            "cards and one card of the pack stays undealt."
        ),
        citations=(
            _cite(
                "Bidding, rule 10",
                "In a 3-player game, the total number of tricks is 17. In 4-player game, the "
                "total number of tricks is 13.",
            ),
            _cite(
                "Playing, rule 1",
                "The playing phase consist of eiher 13 (for 4-player) or 17 rounds (for "
                "3-player) of trick taking.",
            ),
        ),
        message="{player} {player:holds} {count} cards; with {players} players each hand has {expected}",
        ambiguities=("JB-A3", "JB-A16"),
        concept="hand-size",
        note=(
            "The hand sizes follow from the number of tricks: everyone plays one card to each "
            "trick.  Three hands of 17 leave one card of the 52 over, which the source does not "
            "mention (JB-A3)."
        ),
    ),
    Clause(
        code="JB102",
        slug="deal-partition",
        ruleset=RULESET,
        phase=Phase.DEAL,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="The deal shares out the pack",
        statement=(
            "The hands, with the undealt card of a three-player game, are the whole pack, each "
            "card exactly once; a four-player deal leaves no card undealt."
        ),
        citations=(
            _cite("Bidding, rule 10", "In a 3-player game, the total number of tricks is 17."),
            _cite(
                "Players",
                "Minimum 3 players are needed to play the game, and maximum is 4 players.",
            ),
        ),
        message="{problem}; the hands and the undealt card must make up the 52-card pack",
        ambiguities=("JB-A1", "JB-A3"),
        concept="deal-partition",
        note=(
            "The source says nothing about dealing (JB-A1); the record supplies the hands and "
            "the validator checks only that they share out the pack."
        ),
    ),
    # ------------------------------------------------------------------ bidding
    Clause(
        code="JB201",
        slug="bid-cards",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Bidding with cards",
        statement=(
            "Each player bids with one or more cards of their own hand, each marked plus or "
            "minus; the bid cards stay in the hand and are played like any other."
        ),
        citations=(
            _cite("Bidding, rule 1", "Any number of cards are possible."),
            _cite("Bidding, rule 2", 'Any combination of "plus" or "minus" cards are possible.'),
            _cite(
                "Introduction",
                "During bidding, everyone bets on how much tricks they can take later on.",
            ),
        ),
        message="{player} {problem}; a bid is one or more cards from the bidder's own hand",
        ambiguities=("JB-A2", "JB-A4a"),
        concept="bid-form",
        note=(
            "Bidding with no card at all is not allowed (JB-A4a).  A card is bid once: a hand "
            "holds each card once.  Bid cards must go back to the "
            "hand, or a player who bid with several cards could not play every trick (JB-A2)."
        ),
    ),
    Clause(
        code="JB202",
        slug="single-card-positive",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="A single bid card is plus",
        statement="A bid of a single card always counts that card as plus.",
        citations=(
            _cite("Bidding, rule 3", "A single card bid will always be assumed to be positive."),
        ),
        message=(
            "{player} marked the single bid card {card} as minus; a single-card bid always "
            "counts as plus"
        ),
        ambiguities=("JB-A4c",),
        concept="bid-sign",
        note=(
            "By default a minus mark on a single card is read as plus without a finding; with "
            "single-minus=reject it is an error."
        ),
    ),
    Clause(
        code="JB203",
        slug="bid-value",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.DEFINITION,
        strength=Strength.MUST,
        title="Value of a bid",
        statement=(
            "The value of a bid is the sum of the bid values of its plus cards minus the sum of "
            "the bid values of its minus cards."
        ),
        citations=(
            _cite("Bidding, rule 2", 'Any combination of "plus" or "minus" cards are possible.'),
            _cite("Bidding, rule 5", "During bidding, cards have the following values:"),
        ),
        message="{player:'s} bid {cards} is worth {value}: {working}",
        concept="bid-value",
    ),
    Clause(
        code="JB204",
        slug="negative-bid-is-zero",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="A bid below zero counts as zero",
        statement="A player whose bid adds up to less than zero has bid zero.",
        citations=(_cite("Bidding, rule 4", "Total bids less than zero will be taken as zero."),),
        message=(
            "{player:'s} bid {cards} adds up to {sum}, below zero, so it counts as 0, not {written}"
        ),
        ambiguities=("JB-A5",),
        concept="bid-floor",
        note=(
            "The floor applies to each player's own bid, before the bid winner and the mode are "
            "found (JB-A5)."
        ),
    ),
    Clause(
        code="JB205",
        slug="bid-winner",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Bid winner",
        statement=(
            "The player with the highest bid value wins the bidding; ties are broken by JB206 and "
            "JB207."
        ),
        citations=(_cite("Bidding, rule 6", "The winner is the one with the highest bid."),),
        message="the bid winner is {expected}, not {written}: {reason}",
        ambiguities=("JB-A5",),
        concept="bid-winner",
    ),
    Clause(
        code="JB206",
        slug="tie-fewer-cards",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Tie: fewer cards",
        statement="Between equal highest bids, the bid made with fewer cards wins.",
        citations=(
            _cite(
                "Bidding, rule 8",
                "If the bid value from players are the same, those with lesser number of cards "
                "win.",
            ),
        ),
        message=(
            "{expected} and {other} both bid {value}; {expected} {expected:wins} with fewer bid cards, "
            "not {written}"
        ),
        concept="bid-tie-break",
    ),
    Clause(
        code="JB207",
        slug="tie-highest-card",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Tie: highest card",
        statement=(
            "Between equal highest bids of as many cards, the bid holding the highest card "
            "wins: cards compare by rank, ace high, and equal ranks by suit, spades above "
            "hearts above diamonds above clubs."
        ),
        citations=(
            _cite(
                "Bidding, rule 9",
                "If the above doesn't resolve the winner, the one who has the highest card will "
                "win",
            ),
            _cite(
                "Bidding, rule 9",
                "with Spaces is highest, followed by Hearts, Diamond, and then Club.",
            ),
        ),
        message=(
            "{expected} and {other} both bid {value} with {count} cards; {expected} {expected:wins} with "
            "the higher card {card}, not {written}"
        ),
        ambiguities=("JB-A9a", "JB-A9b", "JB-A16"),
        concept="bid-tie-break",
    ),
    Clause(
        code="JB208",
        slug="trump-from-bid",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Trump from the winning bid",
        statement=(
            "Trump is the suit of the winning bid when all its cards share one suit; a winning "
            "bid of cards of different suits makes the deal a no-trump game."
        ),
        citations=(
            _cite("Bidding, rule 6", "He/she gets to decide what's the trump."),
            _cite(
                "Bidding, rule 7",
                "The trump is decided based on the suit of the card used to bid.",
            ),
            _cite(
                "Bidding, rule 7",
                "If more than one card is used to bid and all of them are of the same suit, "
                "then that suit become the trump.",
            ),
            _cite("Bidding, rule 7", "Otherwise a no-trump game will be played."),
        ),
        message="trump is {expected}, not {written}: {reason}",
        ambiguities=("JB-A10", "JB-A14"),
        concept="trump-selection",
        note=(
            "The winner's choice of trump is made through the choice of bid cards; minus cards "
            "count in the same-suit test (JB-A10)."
        ),
    ),
    Clause(
        code="JB209",
        slug="max-total",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.DEFINITION,
        strength=Strength.MUST,
        title="Max total",
        statement=(
            "The max total, against which the sum of all bids is measured, is the number of "
            "tricks of the deal: 13 with four players, 17 with three."
        ),
        citations=(
            _cite(
                "Bidding, rule 10",
                "In a 3-player game, the total number of tricks is 17. In 4-player game, the "
                "total number of tricks is 13.",
            ),
        ),
        message="with {players} players the bids are measured against a max total of {max_total}",
        concept="max-total",
    ),
    Clause(
        code="JB210",
        slug="high-game",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="High game",
        statement="When the bids add up to more than the max total, the deal is a high game.",
        citations=(
            _cite(
                "Bidding, rule 11",
                "If the total number of tricks bidded exceed the max total, the game is called "
                'as "high game"',
            ),
        ),
        message=(
            "the bids total {total}, above the max total of {max_total}: this is a high game, "
            "not {written}"
        ),
        ambiguities=("JB-A5", "JB-A16"),
        concept="mode",
        note="In the notation a high game is written atas (or high).",
    ),
    Clause(
        code="JB211",
        slug="low-game",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Low game",
        statement="When the bids add up to less than the max total, the deal is a low game.",
        citations=(
            _cite(
                "Bidding, rule 12",
                "If the total number of tricks bidded is less than max total, the game is "
                'called as "low game"',
            ),
        ),
        message=(
            "the bids total {total}, below the max total of {max_total}: this is a low game, "
            "not {written}"
        ),
        ambiguities=("JB-A5", "JB-A16"),
        concept="mode",
        note="In the notation a low game is written bawah (or low).",
    ),
    Clause(
        code="JB212",
        slug="even-game-adjust",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Even game: the bid winner adjusts",
        statement=(
            "When the bids add up to exactly the max total, the bid winner raises or lowers "
            "every player's bid by the same amount, which makes the deal a high game if raised "
            "and a low game if lowered; the adjusted bids are the ones scored."
        ),
        citations=(
            _cite(
                "Bidding, rule 13",
                "If the total number of tricks bidded is equal to the max total, the game is "
                'called as "even game"',
            ),
            _cite(
                "Bidding, rule 13",
                "the bid winner will have to adjust the game up or down (adding or subtract a "
                "number of tricks from all players)",
            ),
        ),
        message="the bids total {total}, the max total, so the bid winner must adjust: {problem}",
        ambiguities=("JB-A6a", "JB-A6b", "JB-A7", "JB-A16"),
        concept="even-total",
        note=(
            "The source leaves the amount open; we adjust by one trick, every player's bid, "
            "and never below zero (JB-A6a, JB-A6b, JB-A7).  A record restates the choice as "
            "adjust +1 or adjust -1."
        ),
    ),
    Clause(
        code="JB213",
        slug="restated-bid-value",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Restated bid value",
        statement=(
            "A bid value written after a bid's cards must be the value those cards give under "
            "JB203 and JB204."
        ),
        citations=(
            _cite("Bidding, rule 4", "Total bids less than zero will be taken as zero."),
            _cite("Bidding, rule 5", "During bidding, cards have the following values:"),
        ),
        message="{player:'s} bid {cards} is worth {expected}, not {written}",
        concept="bid-value",
    ),
    Clause(
        code="JB214",
        slug="bid-limit",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Limit on bids",
        statement=(
            "A bid may be worth any amount, even more than the tricks of the deal; only with "
            "max-bid=tricks-available is a bid above the max total refused."
        ),
        citations=(
            _cite("Bidding, rule 1", "Any number of cards are possible."),
            _cite("Bidding, rule 10", "In 4-player game, the total number of tricks is 13."),
        ),
        message="{player:'s} bid is worth {value}, more than the {max_total} tricks of the deal",
        ambiguities=("JB-A4b",),
        concept="bid-limit",
        note=(
            "Multi-card bids easily exceed the tricks available (two picture cards are worth "
            "20); the source does not forbid them, and such a bid simply cannot be made."
        ),
    ),
    # ------------------------------------------------------------------ play
    Clause(
        code="JB301",
        slug="first-leader",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="The bid winner leads first",
        statement="The bid winner leads the first trick.",
        citations=(
            _cite(
                "Playing, rule 2",
                "The round is started by the bid winner, or by the previous round winner.",
            ),
        ),
        message="trick 1 is led by {player}, but the bid winner {expected} {expected:leads} the first trick",
        concept="first-leader",
    ),
    Clause(
        code="JB302",
        slug="next-leader",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="The trick winner leads next",
        statement="The winner of each trick leads the next one.",
        citations=(
            _cite(
                "Playing, rule 2",
                "The round is started by the bid winner, or by the previous round winner.",
            ),
        ),
        message=(
            "trick {number} is led by {player}, but {expected} won trick {previous} and {expected:leads} next"
        ),
        concept="leader",
        note='The source calls a trick a "round" and its leader the "round leader".',
    ),
    Clause(
        code="JB303",
        slug="no-trump-lead-until-broken",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="No trump lead until trumps are broken",
        statement=(
            "A leader may not lead a trump unless a trump has been played in an earlier trick "
            "of the deal or the leader holds nothing but trumps."
        ),
        citations=(
            _cite(
                "Playing, rule 3",
                "The leader can play any card except trump card, unless: a) trump has been "
                "played before b) he has no other card to play",
            ),
        ),
        message=("{player} led the trump {card} while holding {other_cards}, and {unbroken}"),
        ambiguities=("JB-A13", "JB-A14"),
        concept="trump-lead",
    ),
    Clause(
        code="JB304",
        slug="turn-order",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Order of play",
        statement=(
            "The leader plays first; the others follow in any order unless the turn-order "
            "option requires clockwise or counterclockwise order from the leader."
        ),
        citations=(
            _cite(
                "Playing, rule 4",
                "The other players normally play their turns following clockwise direction, "
                "though this is not imposed by the system.",
            ),
        ),
        message="{player} played out of turn: after {previous} it is {expected:'s} turn ({order})",
        ambiguities=("JB-A11",),
        concept="turn-order",
        note=(
            "Clockwise is the custom, not a rule: the order of the followers changes neither "
            "what they may play nor who wins the trick."
        ),
    ),
    Clause(
        code="JB305",
        slug="follow-suit",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Follow suit",
        statement=(
            "A player who holds a card of the suit led must play one; a player who holds none "
            "may play any card, a trump or another suit."
        ),
        citations=(
            _cite(
                "Playing, rule 5",
                "The other player must play a card with the same suit with the leader card, "
                "unless he doesn't have cards of that suit anymore",
            ),
            _cite(
                "Playing, rule 5",
                "in which case he/she can play either: a) a trump card, or b) any other card",
            ),
        ),
        message="{player} played {card} but {player:holds} {suit_cards}; a player must follow suit",
        concept="follow-suit",
    ),
    Clause(
        code="JB306",
        slug="card-held",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Play only cards held",
        statement="A player plays only cards from their own hand, each card once.",
        citations=(
            _cite("Playing, rule 5", "unless he doesn't have cards of that suit anymore"),
            _cite("Playing, rule 3", "he has no other card to play"),
            _cite(
                "Closing",
                "The above rules are enforced by the game engine, so you don't have to worry "
                "about making mistakes.",
            ),
        ),
        message="{player} played {card} but {player:does} not hold it: {reason}",
        ambiguities=("JB-A2",),
        concept="card-held",
        note=(
            "The source takes this for granted: its rules speak of the cards a player has.  "
            "They describe an online engine that enforces every rule, so a faithful record of a "
            "game played there breaks none of them; records of games at a table may."
        ),
    ),
    Clause(
        code="JB307",
        slug="one-card-each",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="One card from each player",
        statement="Every player plays exactly one card to every trick.",
        citations=(
            _cite(
                "Playing, rule 7",
                "Upon completion of the all player turns, the winner of the round is "
                "determined as follow:",
            ),
            _cite("Playing, rule 6", "when everybody has completed their turn."),
        ),
        message=(
            "trick {number} has {count} cards; each of the {players} players plays one card to "
            "every trick"
        ),
        concept="one-card-each",
    ),
    Clause(
        code="JB308",
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
            _cite("Playing, rule 7", "Trump cards always win against other non-trump cards."),
            _cite(
                "Playing, rule 7",
                "Non-trump cards that is of different suit from the leader card, always lose",
            ),
            _cite(
                "Playing, rule 7",
                "The winner of the round is those with the highest ranking card.",
            ),
        ),
        message="trick {number} is won by {expected} with {card}, not by {written}",
        ambiguities=("JB-A14",),
        concept="trick-winner",
        note="In a no-trump game the highest card of the suit led always wins (JB-A14).",
    ),
    Clause(
        code="JB309",
        slug="trick-count",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Number of tricks",
        statement=(
            "A deal is played in 13 tricks with four players and 17 with three, numbered from "
            "1 in the order they are played."
        ),
        citations=(
            _cite(
                "Playing, rule 1",
                "The playing phase consist of eiher 13 (for 4-player) or 17 rounds (for "
                "3-player) of trick taking.",
            ),
        ),
        message=(
            "{problem}; a {players}-player deal is played in {expected} tricks, numbered from 1"
        ),
        ambiguities=("JB-A16",),
        concept="trick-count",
    ),
    Clause(
        code="JB310",
        slug="face-down-trumps",
        ruleset=RULESET,
        phase=Phase.PLAY,
        kind=Kind.LEGALITY,
        strength=Strength.MAY,
        title="Trumps are played face down",
        statement=(
            "A trump is played face down and turned up once everyone has played to the trick; "
            "this hides information but changes neither legality nor the winner."
        ),
        citations=(
            _cite(
                "Playing, rule 6",
                "Trump card is played face down, and turned face up for evaluation when "
                "everybody has completed their turn.",
            ),
        ),
        message=(
            "trumps are played face down and turned up when the trick is complete; records do "
            "not show how a card was played, so this was not checked"
        ),
        ambiguities=("JB-A14", "JB-A15"),
        concept="face-down-trumps",
    ),
    # ------------------------------------------------------------------ scoring
    Clause(
        code="JB401",
        slug="exact-bid-score",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="Making a bid",
        statement=(
            "A player who takes exactly as many tricks as their bid, above zero, scores the bid."
        ),
        citations=(
            _cite(
                "Scoring, rule 1",
                "If the tricks you take equals to the bid you made, then your game score is your "
                "bid",
            ),
            _cite(
                "Introduction",
                "the winner is always the one with the highest bid, and meets their bid, not "
                "more, not less.",
            ),
        ),
        message="{player} made the bid of {bid} exactly and {player:scores} {expected}, not {written}",
        concept="exact-score",
        note="The bid scored is the adjusted bid of an even game (JB212).",
    ),
    Clause(
        code="JB402",
        slug="zero-bid-score",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="Making a zero bid",
        statement=(
            "A player who bid zero and takes no trick scores 5 in a four-player game and 7 in a "
            "three-player game."
        ),
        citations=(
            _cite(
                "Scoring, rule 1",
                "except when you bid zero, the score for meeting your bid is five (in 4-player "
                "mode), or seven (in 3-player mode).",
            ),
        ),
        message=(
            "{player} bid zero and took no trick, which scores {expected} with {players} players, "
            "not {written}"
        ),
        ambiguities=("JB-A8b",),
        concept="zero-bid-score",
    ),
    Clause(
        code="JB403",
        slug="miss-is-negative",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="A missed bid scores below zero",
        statement="A player who takes more or fewer tricks than their bid scores less than zero.",
        citations=(
            _cite("Scoring, rule 2", "If you don't meet your bid, your score is always negative."),
        ),
        message=(
            "{player} bid {bid} and took {taken}, so the score must be below zero, not {written}"
        ),
        ambiguities=("JB-A7",),
        concept="miss-score",
        note=(
            "Used when the exact penalty cannot be worked out (the mode is unknown); otherwise "
            "JB404 to JB406 give the score."
        ),
    ),
    Clause(
        code="JB404",
        slug="high-game-penalties",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="Missing a bid in a high game",
        statement=(
            "In a high game a player who misses their bid loses 2 points for each trick short "
            "of it and 1 point for each trick over it."
        ),
        citations=(
            _cite(
                "Scoring, rule 3",
                "In a high game - you lose 2 points for every trick you don't get, and you lose "
                "1 point for every excess trick",
            ),
        ),
        message=(
            "{player} bid {bid} and took {taken} in a high game, which scores {expected} "
            "(2 per trick short, 1 per trick over), not {written}"
        ),
        concept="miss-score",
    ),
    Clause(
        code="JB405",
        slug="low-game-penalties",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="Missing a bid in a low game",
        statement=(
            "In a low game a player who misses their bid loses 1 point for each trick short of "
            "it and 2 points for each trick over it."
        ),
        citations=(
            _cite(
                "Scoring, rule 4",
                "In a low game - you lose 1 points for every trick you don't get, and you lose "
                "2 point for every excess trick",
            ),
        ),
        message=(
            "{player} bid {bid} and took {taken} in a low game, which scores {expected} "
            "(1 per trick short, 2 per trick over), not {written}"
        ),
        concept="miss-score",
    ),
    Clause(
        code="JB406",
        slug="zero-bid-miss",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="Missing a zero bid",
        statement=(
            "A player who bid zero and takes tricks loses 5 points (7 with three players) for "
            "the first trick and the excess-trick penalty of the mode for each further trick."
        ),
        citations=(
            _cite(
                "Scoring, rule 5",
                "if you bid zero, the first trick you get will always have negative 5 (or 7) "
                "points, with the rest following the above rules",
            ),
        ),
        message=(
            "{player} bid zero and took {taken}, which scores {expected} ({working}), not {written}"
        ),
        ambiguities=("JB-A8a", "JB-A8b"),
        concept="zero-bid-miss",
    ),
    Clause(
        code="JB407",
        slug="tricks-taken",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Tricks taken",
        statement=(
            "The tricks written for a player must be the number of tricks they won in the play."
        ),
        citations=(
            _cite(
                "Introduction",
                "the number of tricks collected from each player is counted, and compared "
                "against their original bids",
            ),
        ),
        message="{player} won {expected} tricks in the play, not {written}",
        concept="tricks-taken",
    ),
    Clause(
        code="JB408",
        slug="restated-score",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.TRANSITION,
        strength=Strength.MAY,
        title="Scores that cannot be recomputed",
        statement=(
            "A score is checked against the bid, the tricks taken and the mode; when the record "
            "lacks what is needed, the written score is taken as it stands."
        ),
        citations=(
            _cite(
                "Introduction",
                "the scores is calculated based on this",
            ),
        ),
        message="{player:'s} score of {written} could not be checked: {reason}",
        concept="score-check",
    ),
    Clause(
        code="JB409",
        slug="running-total",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Running total",
        statement="A player's total after a deal is their total before it plus their score for it.",
        citations=(
            _cite(
                "Scoring, rule 1",
                "If the tricks you take equals to the bid you made, then your game score is your "
                "bid",
            ),
        ),
        message=(
            "{player:'s} total after this deal is {expected} ({previous} + {score}), not {written}"
        ),
        ambiguities=("JB-A12",),
        concept="running-total",
        note=(
            "The source scores single deals only; keeping a running total over a session is "
            "our reading (JB-A12)."
        ),
    ),
    # ------------------------------------------------------------------ game end
    Clause(
        code="JB501",
        slug="game-winner",
        ruleset=RULESET,
        phase=Phase.GAME_END,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Winner of the game",
        statement=(
            "The player with the highest total after the last deal wins the game; under "
            "winner=highest-bid-made, the player who met the highest bid (over several deals, "
            "the highest sum of bids met), and nobody when nobody met a bid."
        ),
        citations=(
            _cite(
                "Introduction",
                "the winner is always the one with the highest bid, and meets their bid, not "
                "more, not less.",
            ),
        ),
        message="the game is won by {expected} {reason}, not by {written}",
        ambiguities=("JB-A12", "JB-A12b"),
        concept="game-winner",
        note=(
            "The source's words rank a single deal and can disagree with its own scores (a "
            "zero bid made scores 5, more than a bid of 3 made); by default we rank by score, "
            "and the text's own winner is the reading winner=highest-bid-made (JB-A12b)."
        ),
    ),
    Clause(
        code="JB502",
        slug="game-length",
        ruleset=RULESET,
        phase=Phase.GAME_END,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Length of the game",
        statement=(
            "A game has as many deals as the players agree; when the deals option sets a "
            "number, the game has exactly that many."
        ),
        citations=(
            _cite(
                "Introduction",
                "every Truf game is different - for rules are determined and agreed by those who "
                "are playing.",
            ),
        ),
        message="the game has {count} deals, but the deals option sets {expected}",
        ambiguities=("JB-A12",),
        concept="game-length",
    ),
)
