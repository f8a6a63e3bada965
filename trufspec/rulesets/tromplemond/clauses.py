"""The clauses of tromplemond: every rule of "Tromplemond Rules and Regulations Version 1.0".

The source is a blog page in untitled paragraphs: the introduction, the pack, the setup, the
claims, the interrogation and vote, the reveal and scoring, the worked example, then short
paragraphs on the cardinal sin, ties, the end of the game, the dealer's error, betting and
TROMP! betting, and a section of tactics.  The reader comments that follow are not rules.
Citations locate a quote by the paragraph's subject (``Setup``, ``Vote``, ``TROMP! betting``).

Codes and slugs:

* definitions: TM001 four-players, TM002 the-pack, TM003 card-points, TM004 equipment
* deal: TM101 round-cards, TM102 five-cards, TM103 dealer-rotation
* claims and votes: TM201 claim-order, TM202 claim-three-cards, TM203 claim-card-unavailable,
  TM204 one-vote-each, TM205 no-self-vote, TM206 voted-off, TM207 two-way-tie,
  TM208 four-way-tie, TM209 card-cut, TM210 interrogation, TM211 anonymous-vote
* scoring: TM401 stayer-score, TM402 off-scores-zero, TM403 running-total,
  TM404 tromp-payout, TM405 tromp-call, TM406 tromp-settlement, TM407 joining-fee
* game end: TM501 game-length, TM502 end-tie-extra-round, TM503 game-winner, TM504 rejoin
* irregularities: TM901 early-reveal, TM902 banned, TM903 null-and-void, TM904 dealer-error

Lies are part of the game: no clause makes a false claim an error.  A wrong score is reported
under the clause that fixes the right one (TM401 for a player who stays, TM402 for the player
voted off, TM901 and TM904 where an irregularity changed who scores).
"""

from __future__ import annotations

from trufspec.spec.clauses import Citation, Clause, Kind, Phase, Strength

__all__ = ["CLAUSES", "RULESET"]

RULESET = "tromplemond"


def _cite(locator: str, quote: str) -> Citation:
    """A citation of the tromplemond source, which is also the ruleset's id."""
    return Citation(source=RULESET, locator=locator, quote=quote)


CLAUSES: tuple[Clause, ...] = (
    # ------------------------------------------------------------------ definitions
    Clause(
        code="TM001",
        slug="four-players",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Four players",
        statement="A game of tromplemond has exactly four players, each playing for themselves.",
        citations=(_cite("Introduction", "The game is for four players"),),
        message="this game has {count} players; tromplemond is played by 4",
        concept="player-count",
    ),
    Clause(
        code="TM002",
        slug="the-pack",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="The 26-card pack",
        statement=(
            "The pack is A, K, Q, J, 10, 4, 3 and 2 of spades, hearts and diamonds, and the ace "
            "and jack of clubs: 26 cards.  No other card can be dealt, shown or set aside."
        ),
        citations=(
            _cite(
                "The pack",
                "The deck is made by discarding the 5,6,7,8,9s of all suits and the K,Q,10,4,3,2s "
                "of ♣, thereby creating a deck of 26 cards.",
            ),
        ),
        message="{card} ({where}) is not in the 26-card tromplemond pack",
        concept="pack",
    ),
    Clause(
        code="TM003",
        slug="card-points",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.DEFINITION,
        strength=Strength.MUST,
        title="Card points",
        statement=(
            "An ace is worth 10 points, a king 8, a queen 6, a ten 4, a four, three or two 2 and "
            "a jack 0 to its holder; to every other player who stays in, a jack costs 20."
        ),
        citations=(
            _cite("Claims", "A: 10pts, K: 8pts, Q: 6pts, 10: 4pts, 4,3,2: 2pts"),
            _cite("Claims", "Jack: 0 pts (-20pts)"),
        ),
        message="{card} is worth {value} points",
        concept="card-points",
    ),
    Clause(
        code="TM004",
        slug="equipment",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.DEFINITION,
        strength=Strength.MUST,
        title="Score card and voting slips",
        statement=(
            "The table keeps a score card of the players' totals round by round; each player "
            "has three voting slips, one with the name of each opponent."
        ),
        citations=(
            _cite(
                "The pack",
                "Each player receives three voting slips, with each of their opponent’s names "
                "written on them.",
            ),
        ),
        message="{detail}",
        note=(
            "A record is the score card: its score and total lines hold what the card holds.  "
            "The slips are why nobody can vote for themselves (TM205)."
        ),
    ),
    Clause(
        code="TM005",
        slug="points-table-visible",
        ruleset=RULESET,
        phase=Phase.DEFINITIONS,
        kind=Kind.DEFINITION,
        strength=Strength.SHOULD,
        title="The points table in view",
        statement=(
            "The table of card points (TM003) should be in view of every player throughout the "
            "round, so that each can weigh the claims and the vote by it."
        ),
        citations=(
            _cite(
                "Claims",
                "The points system should be visible to all players to help them with their "
                "decisions",
            ),
        ),
        message="{detail}",
        note=(
            "A table procedure, like the score card (TM004): a record cannot show a table that "
            "hid it, so no record breaks it, and a scored round is taken to have kept it."
        ),
    ),
    # ------------------------------------------------------------------ deal
    Clause(
        code="TM101",
        slug="round-cards",
        ruleset=RULESET,
        phase=Phase.DEAL,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="The twenty cards of a round",
        statement=(
            "Each round uses all four jacks, all four aces and twelve of the other eighteen "
            "cards; the dealer sets the other six aside unseen.  Set-aside cards are never jacks "
            "or aces and are never in a hand."
        ),
        citations=(
            _cite(
                "Setup",
                "Six cards are discarded, and the Js and Aces are integrated back into the deck.",
            ),
            _cite("Setup", "These 20 cards are therefore used for this round."),
        ),
        message="{problem}; a round uses every jack and ace and sets six other cards aside",
        ambiguities=("TM-A9", "TM-A13"),
        concept="deal-partition",
    ),
    Clause(
        code="TM102",
        slug="five-cards",
        ruleset=RULESET,
        phase=Phase.DEAL,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Five cards: three secret, two public",
        statement=(
            "Each player is dealt five cards: the first three face down (the secret cards, the "
            "back row) and the last two face up (the public cards)."
        ),
        citations=(
            _cite(
                "Setup",
                "Five cards are dealt to each player, the first three face down",
            ),
            _cite("Setup", "the last two face up (the “public” cards)"),
        ),
        message="{player} {player:has} {count} {row} cards; each player has {expected}",
        concept="hand-size",
    ),
    Clause(
        code="TM103",
        slug="dealer-rotation",
        ruleset=RULESET,
        phase=Phase.DEAL,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="The deal passes to the left",
        statement="After each round the player to the left of the dealer deals the next one.",
        citations=(
            _cite("Reveal and scoring", "the player to the left of the dealer deals next."),
            _cite("Worked example", "The deal then goes to Sam"),
        ),
        message="{player} {player:deals} round {number}; after {previous} it is {expected:'s} deal",
        ambiguities=("TM-A11",),
        concept="dealer-rotation",
        note="Left is the next player in the order of the Players tag, which seats them clockwise.",
    ),
    # ------------------------------------------------------------------ claims and votes
    Clause(
        code="TM201",
        slug="claim-order",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="The dealer claims first",
        statement=(
            "The players say in turn which secret cards they hold, the dealer first and then "
            "clockwise."
        ),
        citations=(
            _cite(
                "Claims",
                "The players take it in turn to say what their secret cards are – the dealer "
                "always going first.",
            ),
        ),
        message="{player} {player:claims} in place {place}; the order is {expected}",
        ambiguities=("TM-A1",),
        concept="declaration-order",
    ),
    Clause(
        code="TM202",
        slug="claim-three-cards",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="A claim names three cards",
        statement=("A claim names three cards, one for each secret card; it need not be true."),
        citations=(
            _cite("Claims", "The players take it in turn to say what their secret cards are"),
            _cite(
                "Interrogation",
                "Some players may be able to work out what cards can be left in open play and "
                "lie accordingly.",
            ),
        ),
        message="{player} {player:claims} {count} cards; a claim names the three secret cards",
        ambiguities=("TM-A1",),
    ),
    Clause(
        code="TM203",
        slug="claim-card-unavailable",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MAY,
        title="Claims may be lies",
        statement=(
            "A player may claim any cards, true or not, even a card that is not in the pack or "
            "that lies face up on the table; such a claim is a lie the others can see through."
        ),
        citations=(
            _cite(
                "Worked example",
                "Nick immediately says that Emily must be lying about her king, as it is already "
                "on public display!",
            ),
            _cite(
                "Interrogation",
                "some people will be able to bluff cards not held by others",
            ),
        ),
        message="{player} {player:claims} {card}, which {reason}: a visible lie",
        ambiguities=("TM-A1",),
        note="Lies are never errors; the validator only points out the claims that cannot be true.",
    ),
    Clause(
        code="TM204",
        slug="one-vote-each",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="One vote each",
        statement=(
            "After the interrogation every player votes once, by slip, for the player they want "
            "off: four votes in all."
        ),
        citations=(
            _cite("Vote", "players vote off who they think has the worst hand."),
            _cite(
                "Vote",
                "voting slips should be dropped in the centre of the table simultaneously or "
                "folded up.",
            ),
        ),
        message="{problem}; every player casts one vote",
        ambiguities=("TM-A2",),
        concept="vote",
    ),
    Clause(
        code="TM205",
        slug="no-self-vote",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Nobody votes for themselves",
        statement="A player votes for one of their three opponents, never for themselves.",
        citations=(
            _cite(
                "The pack",
                "Each player receives three voting slips, with each of their opponent’s names "
                "written on them.",
            ),
        ),
        message="{problem}; a player's slips name only their opponents",
        ambiguities=("TM-A2",),
    ),
    Clause(
        code="TM206",
        slug="voted-off",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="The player with most votes is voted off",
        statement=(
            "The player with the most votes is voted off: they score nothing for the round and "
            "their hand is thrown away."
        ),
        citations=(
            _cite(
                "Vote",
                "This unlucky soul receives zero points for the round and their hand is thrown "
                "away.",
            ),
        ),
        message="{written} {written:is} recorded as voted off, but {reason}",
        concept="vote",
    ),
    Clause(
        code="TM207",
        slug="two-way-tie",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="A two-way tie: the other two decide",
        statement=(
            "When two players tie with the most votes, the other two choose privately which of "
            "the two goes off; they may keep lying about their own cards meanwhile."
        ),
        citations=(
            _cite(
                "Vote",
                "If there is a draw in the vote between two players, the other two must decide "
                "privately who they should vote off.",
            ),
            _cite(
                "Ties",
                "A 2 way tie is decided by the two others privately choosing the player to be "
                "voted off.",
            ),
        ),
        message="{problem}; in a tie between {tied} the other two decide",
        ambiguities=("TM-A3d",),
        concept="vote-tie",
    ),
    Clause(
        code="TM208",
        slug="four-way-tie",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="A four-way tie: vote again, then cut",
        statement=(
            "When every player has one vote, the players vote again; if they still cannot "
            "decide, a card cut settles it."
        ),
        citations=(
            _cite(
                "Vote",
                "If there is a four way tie, players must vote again until a decision is made.",
            ),
            _cite(
                "Ties",
                "If players cannot decide on who should be voted off (ie, a 4 way tie) a card cut",
            ),
        ),
        message="{problem}",
        ambiguities=("TM-A3a", "TM-A2"),
        concept="vote-tie",
    ),
    Clause(
        code="TM209",
        slug="card-cut",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="The card cut, ace high",
        statement=(
            "A card cut decides a tie the vote cannot: each player in it cuts a card, ace high; "
            "the player whose card the reading names goes off, and equal cards cut again."
        ),
        citations=(_cite("Ties", "a card cut, with Ace being high should take place to decide."),),
        message="{problem}",
        ambiguities=("TM-A3b", "TM-A3c", "TM-A3d"),
        concept="card-cut",
    ),
    Clause(
        code="TM210",
        slug="interrogation",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.DEFINITION,
        strength=Strength.MAY,
        title="The interrogation",
        statement=(
            "Between the claims and the vote the players may question each other for up to "
            "five minutes; a player can be asked to repeat their claim at most twice more."
        ),
        citations=(
            _cite(
                "Interrogation",
                "Players can be asked to repeat their cards no more than twice more in a round.",
            ),
        ),
        message="{detail}",
        ambiguities=("TM-A12",),
        note="A record may write repeated claims as further claims sections; they are not judged.",
    ),
    Clause(
        code="TM211",
        slug="anonymous-vote",
        ruleset=RULESET,
        phase=Phase.BIDDING,
        kind=Kind.DEFINITION,
        strength=Strength.MUST,
        title="The vote is anonymous",
        statement=(
            "Votes are secret: a record may give only the tallies ('Emily 2 Nick 1 Sam 1'), or "
            "the slips ('Rob>Emily') when they are known."
        ),
        citations=(_cite("Vote", "The vote should always remain anonymous"),),
        message="{detail}",
        ambiguities=("TM-A2",),
    ),
    # ------------------------------------------------------------------ scoring
    Clause(
        code="TM401",
        slug="stayer-score",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="The score of a player who stays",
        statement=(
            "A player who is not voted off scores the points of their own five cards, plus half "
            "the card points of each other player who stays, less 20 for every jack those "
            "players hold."
        ),
        citations=(
            _cite(
                "Claims",
                "Players who are not voted off gain the full points of their own hand, and half "
                "of their opponent’s points.",
            ),
            _cite(
                "Reveal and scoring",
                "Jacks held by other players are still worth the full -20 points.",
            ),
        ),
        message="{player} {player:scores} {expected} ({working}), not {written}",
        ambiguities=("TM-A8",),
        concept="deal-score",
    ),
    Clause(
        code="TM402",
        slug="off-scores-zero",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="The player voted off scores zero",
        statement=(
            "The player voted off scores 0 for the round, and their hand counts for nobody: "
            "it gives no half points and its jacks cost nobody anything."
        ),
        citations=(
            _cite("Vote", "This unlucky soul receives zero points for the round"),
            _cite("Worked example", "Emily gets 0 pts."),
        ),
        message="{player} {player:is} out of round {number} and {player:scores} 0, not {written}",
        ambiguities=("TM-A8",),
        concept="deal-score",
    ),
    Clause(
        code="TM403",
        slug="running-total",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="Running totals",
        statement="Each player's total is their previous total plus the round's score.",
        citations=(
            _cite(
                "Reveal and scoring",
                "The most competent person does the scoring and once everyone is happy that "
                "their totals are right",
            ),
        ),
        message="{player:'s} total is {expected} ({previous} + {score}), not {written}",
        concept="running-total",
    ),
    Clause(
        code="TM404",
        slug="tromp-payout",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="TROMP! payouts",
        statement=(
            "Under TROMP! betting each round has its own pot; a player who stays in and calls "
            "the right phrase wins the share of that round's pot their jacks earn (b in the "
            "secret row, f in the public row): Moyenne (b 1, f 1) a quarter, Tromplemond "
            "(b 2, f 0) a half, Grand (b 2, f 1), Super (b 3, f 0) and Ultimate (b 3, f 1) the "
            "whole pot, Kickself (f 2) a half, Extreme (b 2, f 2) the whole pot; Petit (any "
            "other jack) nothing.  What nobody wins stays in the TROMP! pot.  Once a player has "
            "won with Extreme, every later round's pot is theirs, whatever is called in it "
            "(unless extreme-pot=left-at-end); under tromp-winners=round-winner only the round's "
            "best score collects."
        ),
        citations=(
            _cite(
                "TROMP! betting",
                "A player wins a certain amount of this “TROMP!” pot depending on his winning "
                "hand in that round (he must not be voted off).",
            ),
            _cite(
                "TROMP! betting",
                "Petit Tromplemond!: Any jack in your hand. Wins absolutely no money.",
            ),
            _cite("TROMP! betting", "Moyenne Tromplemond!: Jack on the back row, one on show."),
            _cite(
                "TROMP! betting",
                "Tromplemond!: Two jacks on the back row, none on show. Wins half the TROMP! Pot "
                "for that round.",
            ),
            _cite(
                "TROMP! betting",
                "Grand Tromplemond!: Two jacks on back row, one on show. Wins the whole TROMP! "
                "Pot for that round.",
            ),
            _cite(
                "TROMP! betting",
                "Kickself Tromplemond!: Any player who goes through with two jacks on front row.",
            ),
        ),
        message=(
            "{player} {player:wins} {expected} from round {number}'s TROMP! pot ({reason}), not {written}"
        ),
        ambiguities=("TM-A10a", "TM-A10b", "TM-A10c", "TM-A10d", "TM-A10h"),
    ),
    Clause(
        code="TM405",
        slug="tromp-call",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.LEGALITY,
        strength=Strength.MAY,
        title="Calling the phrase",
        statement=(
            "To win from the TROMP! pot a player must shout the phrase of their hand; a wrong "
            "phrase, a call by the player voted off or a call without TROMP! betting wins nothing."
        ),
        citations=(_cite("TROMP! betting", "He must also shout out the correct phrase to win!"),),
        message="{player} {player:calls} {phrase}, which wins nothing: {reason}",
        ambiguities=("TM-A10f",),
    ),
    Clause(
        code="TM406",
        slug="tromp-settlement",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.SCORING,
        strength=Strength.MUST,
        title="The TROMP! pot at the end of the game",
        statement=(
            "At the end of the game the money left in the TROMP! pot goes to the Extreme caller, "
            "else the Ultimate caller, and a quarter of it to a Super caller; whatever is still "
            "left goes to the best score of a single round.  The last round's pot line includes "
            "this settlement.  The Extreme caller has also won every round's pot after their "
            "call (TM404, TM-A10h)."
        ),
        citations=(
            _cite(
                "TROMP! betting", "a quarter of the remaining TROMP! Pot at the end of the game."
            ),
            _cite("TROMP! betting", "and the remaining Tromp! pot at the end of the game."),
            _cite(
                "TROMP! betting", "The player wins the entire TROMP! Pot for the rest of the game"
            ),
            _cite(
                "TROMP! betting",
                "Any TROMP! Pot money remaining at the end of the game is given to the player "
                "with the best individual score for a round.",
            ),
        ),
        message=(
            "{player} {player:wins} {expected} from the TROMP! pot in the last round ({reason}), not "
            "{written}"
        ),
        ambiguities=("TM-A10e", "TM-A10h"),
    ),
    Clause(
        code="TM407",
        slug="joining-fee",
        ruleset=RULESET,
        phase=Phase.SCORING,
        kind=Kind.DEFINITION,
        strength=Strength.MAY,
        title="The joining fee",
        statement=(
            "Players may agree a joining fee at the start; the winner takes three quarters of it "
            "and the runner-up a quarter, or other shares the table agrees.  Under TROMP! "
            "betting a player who wins with Extreme Tromplemond! takes the whole fee instead, "
            "whatever the result of the game."
        ),
        citations=(
            _cite("Betting", "The winner would receive ¾ of the pot and the runner up ¼."),
            _cite("Betting", "(These ratios can be changed according to players’ whims.)"),
            _cite("TROMP! betting", "and the whole “joining fee” regardless of result"),
        ),
        message="{detail}",
        ambiguities=("TM-A10g",),
        note=(
            "The fee is paid outside the record; the validator names the winner and runner-up "
            "only.  The Extreme caller's claim to it shows in the record as the call itself."
        ),
    ),
    # ------------------------------------------------------------------ game end
    Clause(
        code="TM501",
        slug="game-length",
        ruleset=RULESET,
        phase=Phase.GAME_END,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="Eight rounds, or 200 points",
        statement=(
            "The game ends after eight rounds, or after the round in which a player reaches 200 "
            "points; no round is played after it unless a tie for first place needs one."
        ),
        citations=(
            _cite(
                "Introduction",
                "the aim is to score as many points as possible in 8 rounds of play.",
            ),
            _cite(
                "Reveal and scoring",
                "Play continues until all 8 rounds are complete, or a player reaches 200 points.",
            ),
        ),
        message="round {number} is played after the game ended ({reason})",
        ambiguities=("TM-A6",),
        concept="game-length",
    ),
    Clause(
        code="TM502",
        slug="end-tie-extra-round",
        ruleset=RULESET,
        phase=Phase.GAME_END,
        kind=Kind.LEGALITY,
        strength=Strength.MUST,
        title="A tie at the end: an extra round",
        statement=(
            "When players tie at the end, an extra round is played by all four, and if they are "
            "still tied a card cut decides."
        ),
        citations=(
            _cite(
                "End of game",
                "If two or more players have the same score at the end of 8 rounds, an extra "
                "round is then played.",
            ),
            _cite("End of game", "a simple card cut should suffice."),
        ),
        message="round {number} is extra round {extra}; {reason}",
        ambiguities=("TM-A7a", "TM-A7b"),
        concept="final-tie",
    ),
    Clause(
        code="TM503",
        slug="game-winner",
        ruleset=RULESET,
        phase=Phase.GAME_END,
        kind=Kind.TRANSITION,
        strength=Strength.MUST,
        title="The highest total wins",
        statement="The player with the most points at the end of the game wins.",
        citations=(
            _cite(
                "Tactics",
                "The simple premise of Tromplemond is to gain more points than anyone else",
            ),
        ),
        message="the winner is {expected} with {total} points, not {written}",
        concept="game-winner",
    ),
    Clause(
        code="TM504",
        slug="rejoin",
        ruleset=RULESET,
        phase=Phase.GAME_END,
        kind=Kind.DEFINITION,
        strength=Strength.MUST,
        title="The player voted off plays on",
        statement="The player voted off plays the next round as usual, with no further penalty.",
        citations=(
            _cite("Reveal and scoring", "The player voted out also rejoins play without penalty."),
        ),
        message="{detail}",
    ),
    # ------------------------------------------------------------------ irregularities
    Clause(
        code="TM901",
        slug="early-reveal",
        ruleset=RULESET,
        phase=Phase.IRREGULARITIES,
        kind=Kind.PENALTY,
        strength=Strength.MUST,
        title="The cardinal sin: revealing early",
        statement=(
            "Nobody may reveal secret cards before the vote, or a tie, is decided.  A player who "
            "does scores zero for the round and the others score without penalty."
        ),
        citations=(
            _cite(
                "Vote",
                "At no time can any player reveal their secret cards before the vote has been "
                "confirmed.",
            ),
            _cite(
                "Cardinal sin",
                "the offending player automatically scores zero for the round and all the other "
                "players score points normally without penalty.",
            ),
        ),
        message="{problem} after {player:'s} early reveal",
        ambiguities=("TM-A4a", "TM-A4b", "TM-A14"),
        concept="early-reveal",
    ),
    Clause(
        code="TM902",
        slug="banned",
        ruleset=RULESET,
        phase=Phase.IRREGULARITIES,
        kind=Kind.PENALTY,
        strength=Strength.MUST,
        title="Banned for eternity",
        statement=(
            "A player who shows their cards on purpose, or offers bribes, plays against the "
            "spirit of the game and is banned: they play no further round."
        ),
        citations=(
            _cite(
                "Cardinal sin",
                "they would be playing against the spirit of the game and banned for eternity.",
            ),
            _cite("Tactics", "which of course is illegal and would have you banned for eternity."),
        ),
        message="{player} {player:plays} round {number}, but {player:was} banned in round {banned}",
        ambiguities=("TM-A4c", "TM-A14"),
        note=(
            "A bribe is written 'bribe NAME' in the round it was offered, and an intentional "
            "reveal "
            "'early-reveal NAME intentional'; the ban starts with the next round.  'bribe NAME!' "
            "says the table let the player play on, and the later rounds report it as acknowledged."
        ),
    ),
    Clause(
        code="TM903",
        slug="null-and-void",
        ruleset=RULESET,
        phase=Phase.IRREGULARITIES,
        kind=Kind.PENALTY,
        strength=Strength.MUST,
        title="A game made null and void",
        statement=(
            "An accidental reveal that would have sent off, in place of another, a player with "
            "three or more jacks makes the game null and void: it has no result and ends there."
        ),
        citations=(
            _cite(
                "Cardinal sin",
                "a player being voted off with three or more jacks who would have not been voted "
                "off otherwise, the game is null and void.",
            ),
        ),
        message="{problem}, but the game was made void in round {number}",
        ambiguities=("TM-A4c",),
    ),
    Clause(
        code="TM904",
        slug="dealer-error",
        ruleset=RULESET,
        phase=Phase.IRREGULARITIES,
        kind=Kind.PENALTY,
        strength=Strength.MUST,
        title="The dealer's error",
        statement=(
            "A dealer who errs before the deal is complete forfeits the round, unless no public "
            "card was dealt yet; beginners may be let off."
        ),
        citations=(
            _cite(
                "Dealer's error",
                "If the dealer makes an error before completing the deal, he forfeits the round "
                "(unless no public cards have been handed out yet).",
            ),
            _cite("Dealer's error", "Beginners can be let off and asked to deal again"),
        ),
        message="{problem} after the dealer's error",
        ambiguities=("TM-A5", "TM-A14"),
        concept="misdeal",
    ),
)
