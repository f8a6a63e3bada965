"""The clauses of ruff-and-honours: every rule of the trapapps.com reconstruction, one clause each.

The source is a short page in paragraphs without numbers; citations locate a quote by the
paragraph's subject: ``Objective``, ``Deal``, ``Stock``, ``Next hand``, ``Play``, ``Trick``,
``Scoring``, ``Honours`` and ``Game``.  Every sentence that states a rule is cited.

Codes and slugs:

* definitions: RH001 four-players-two-teams, RH002 the-pack, RH003 rank-order, RH004 objective
* deal: RH101 first-dealer, RH102 hands-size, RH103 stock-and-trump, RH104 ruffer,
  RH105 ruff-discards, RH106 dealer-rotation, RH107 ruff-compulsory
* play: RH301 first-leader, RH302 next-leader, RH303 follow-suit, RH304 card-held,
  RH305 one-card-each, RH306 trick-winner, RH307 trick-count, RH308 free-lead, RH309 turn-order
* scoring: RH401 tricks-taken, RH402 trick-points, RH403 honours-count, RH404 honours-points,
  RH405 honours-after-tricks, RH406 honours-bar, RH407 running-total
* game end: RH501 game-winner, RH502 play-after-game

A wrong score is reported under the clause that fixes the right value: RH402 when only trick
points are at stake, RH404 when the team's honours count, RH405 when a win on tricks pre-empts
them and RH406 when the bar at eight withholds them.  The register of unclear places is in
:mod:`trufspec.rulesets.ruff_and_honours.options`.
"""

from __future__ import annotations

from trufspec.spec.clauses import Citation, Clause, Kind, Phase, Strength

__all__ = ["CLAUSES", "RULESET"]

RULESET = "ruff-and-honours"


def _cite(locator: str, quote: str) -> Citation:
    """A citation of the ruff-and-honours source, which is also the ruleset's id."""
    return Citation(source=RULESET, locator=locator, quote=quote)


_TEAMS = _cite("Objective", "Ruff and Honours is played by 4 players in 2 teams of 2.")
_PACK = _cite("Objective", "A standard deck of 52 cards is used")
_RANKS = _cite(
    "Objective", "going from high to low: Ace, King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2."
)
_STOCK = _cite(
    "Stock",
    "The top card of the stock is turned up and the suit of this turned up card becomes trump.",
)
_RUFF = _cite(
    "Stock",
    "Whoever holds the ace of trump then gets all 4 cards of the stock, this player then "
    "discards 4 cards.",
)
_DEALER_RUFFS = _cite(
    "Stock", "If no one has the ace of trump then the dealer gets the stock and discards 4 cards."
)
_FOLLOW = _cite(
    "Play",
    "they must follow suit, if the next player is not able to follow suit they are able to play "
    "any card",
)
_WINNER = _cite(
    "Trick",
    "the player who played the highest trump, or the player who played the highest card of the "
    "suit led",
)
_TRICK_POINTS = _cite(
    "Scoring", "For each trick over 6 tricks that a team earns they earn 1-point."
)
_HONOURS = _cite(
    "Honours",
    "the team who was dealt 3 of (AKQJ) Ace, King, Queen, and Jack of the trump suit earns 2 "
    "extra points.",
)
_HONOURS_FOUR = _cite(
    "Honours", "A team that was dealt 4 of (AKQJ) of the trump suit earns 4 extra points."
)
_AFTER = _cite("Honours", "Honours are added in after the normal scoring has already completed")
_BAR = _cite("Honours", "they are not applied if a player has 8 points.")
_GAME = _cite("Game", "The first team to reach 9-Points wins.")


def _clause(
    code: str,
    slug: str,
    phase: Phase,
    kind: Kind,
    strength: Strength,
    title: str,
    statement: str,
    citations: tuple[Citation, ...],
    message: str,
    *,
    ambiguities: tuple[str, ...] = (),
    concept: str | None = None,
    note: str = "",
) -> Clause:
    """A clause of this ruleset; the keyword form of :class:`Clause` with the ruleset filled in."""
    return Clause(
        code=code,
        slug=slug,
        ruleset=RULESET,
        phase=phase,
        kind=kind,
        strength=strength,
        title=title,
        statement=statement,
        citations=citations,
        message=message,
        ambiguities=ambiguities,
        concept=concept,
        note=note,
    )


CLAUSES: tuple[Clause, ...] = (
    # ------------------------------------------------------------------ definitions
    _clause(
        "RH001",
        "four-players-two-teams",
        Phase.DEFINITIONS,
        Kind.LEGALITY,
        Strength.MUST,
        "Four players in two partnerships",
        (
            "A game has four players in two teams of two; partners sit opposite, so the first "
            "and third players named in the seating are one team and the second and fourth the "
            "other.  Tricks, honours and scores are counted per team, written as Ana+Citra; "
            "a Teams tag may name the teams (Lions=Ana+Citra, Tigers=Budi+Dewi)."
        ),
        (_TEAMS,),
        "{problem}; Ruff and Honours is played by four players in two teams of partners sitting opposite",
        ambiguities=("RH-A1",),
        concept="player-count",
    ),
    _clause(
        "RH002",
        "the-pack",
        Phase.DEFINITIONS,
        Kind.DEFINITION,
        Strength.MUST,
        "The pack",
        "The game uses one standard pack of 52 cards, four suits of thirteen ranks.",
        (_PACK,),
        "{detail}; Ruff and Honours is played with one 52-card pack",
        concept="pack",
    ),
    _clause(
        "RH003",
        "rank-order",
        Phase.DEFINITIONS,
        Kind.DEFINITION,
        Strength.MUST,
        "Rank order",
        "In every suit the ace is highest, then king, queen, jack and 10 down to 2.",
        (_RANKS,),
        "{higher} ranks above {lower}: cards rank A K Q J 10 9 8 7 6 5 4 3 2",
        concept="rank-order",
    ),
    _clause(
        "RH004",
        "objective",
        Phase.DEFINITIONS,
        Kind.DEFINITION,
        Strength.MAY,
        "Objective",
        (
            "Each team tries to take more tricks than the other; the points come from the tricks "
            "over six and from honours."
        ),
        (
            _cite(
                "Objective", "the objective of the game is to take more tricks then your opponent."
            ),
        ),
        "{detail}",
        concept="objective",
    ),
    # ------------------------------------------------------------------ deal
    _clause(
        "RH101",
        "first-dealer",
        Phase.DEAL,
        Kind.DEFINITION,
        Strength.MAY,
        "The first dealer",
        "Any player may deal the first hand of a game; the record names who did.",
        (_cite("Deal", "The dealer is randomly selected at the beginning of the game."),),
        "{player} {player:deals} the first hand, chosen at random",
        concept="first-dealer",
    ),
    _clause(
        "RH102",
        "hands-size",
        Phase.DEAL,
        Kind.LEGALITY,
        Strength.MUST,
        "Twelve cards each",
        "Each of the four players is dealt twelve cards.",
        (_cite("Deal", "Twelve cards are dealt out to each of the 4 player."),),
        "{player} {player:was} dealt {count} cards; each player is dealt 12",
        ambiguities=("RH-A2",),
        concept="hand-size",
    ),
    _clause(
        "RH103",
        "stock-and-trump",
        Phase.DEAL,
        Kind.LEGALITY,
        Strength.MUST,
        "The stock fixes trumps",
        (
            "The four cards left after the deal are the stock; its top card, written first, is "
            "turned up and its suit is trumps for the hand."
        ),
        (_cite("Stock", "The rest of the cards (4 cards) become a stock."), _STOCK),
        "the stock holds {count} cards; it is the 4 cards left after dealing 12 to each player",
        ambiguities=("RH-A2",),
        concept="trump",
    ),
    _clause(
        "RH104",
        "ruffer",
        Phase.DEAL,
        Kind.TRANSITION,
        Strength.MUST,
        "Who ruffs",
        (
            "The player dealt the ace of trumps takes the stock; when nobody was dealt it (it is "
            "the turned card or among the stock), the dealer takes the stock."
        ),
        (_RUFF, _DEALER_RUFFS),
        "{expected} {expected:takes} the stock ({reason}), not {written}",
        ambiguities=("RH-A4",),
        concept="ruff",
    ),
    _clause(
        "RH105",
        "ruff-discards",
        Phase.DEAL,
        Kind.LEGALITY,
        Strength.MUST,
        "Discarding after the ruff",
        (
            "The player who takes the stock discards four cards from the sixteen they then hold, "
            "which leaves them twelve; the discards are out of play for the hand."
        ),
        (_RUFF,),
        "{player} {problem}; the ruffer discards 4 of the cards they hold after taking the stock",
        ambiguities=("RH-A5",),
        concept="ruff",
    ),
    _clause(
        "RH106",
        "dealer-rotation",
        Phase.DEAL,
        Kind.TRANSITION,
        Strength.MUST,
        "The deal passes to the left",
        "Each hand after the first is dealt by the player to the left of the previous dealer.",
        (
            _cite(
                "Next hand",
                "At the start of the next hand, the player to the left of the dealer becomes the "
                "next dealer.",
            ),
        ),
        "hand {number} is dealt by {written}, but {expected} {expected:sits} to the left of the previous dealer {previous}",
        concept="dealer",
    ),
    _clause(
        "RH107",
        "ruff-compulsory",
        Phase.DEAL,
        Kind.LEGALITY,
        Strength.MUST,
        "The ruff is taken",
        (
            "The player entitled to the ruff takes the stock and discards; under "
            "ruff=optional they may decline, and the stock stays out of play."
        ),
        (_RUFF,),
        "{player} declined the ruff, but the stock must be taken (ruff=compulsory)",
        ambiguities=("RH-A3",),
        concept="ruff",
    ),
    # ------------------------------------------------------------------ play
    _clause(
        "RH301",
        "first-leader",
        Phase.PLAY,
        Kind.TRANSITION,
        Strength.MUST,
        "The player left of the dealer leads first",
        "The player to the left of the dealer leads the first trick.",
        (_cite("Play", "The player to the left of the dealer leads the first trick."),),
        "trick 1 is led by {player}, but {expected}, to the left of the dealer, {expected:leads} the first trick",
        concept="first-leader",
    ),
    _clause(
        "RH302",
        "next-leader",
        Phase.PLAY,
        Kind.TRANSITION,
        Strength.MUST,
        "The trick winner leads next",
        "The winner of each trick leads the next one.",
        (
            _cite(
                "Trick",
                "The winner of the trick is then able to lead any card they choose to lead to the next trick.",
            ),
        ),
        "trick {number} is led by {player}, but {expected} won trick {previous} and {expected:leads} next",
        concept="leader",
    ),
    _clause(
        "RH303",
        "follow-suit",
        Phase.PLAY,
        Kind.LEGALITY,
        Strength.MUST,
        "Follow suit",
        (
            "A player who holds a card of the suit led must play one; a player who holds none "
            "may play any card, a trump or another suit."
        ),
        (_FOLLOW,),
        "{player} played {card} but {player:holds} the suit led ({suit_cards}) and must follow suit",
        ambiguities=("RH-A10",),
        concept="follow-suit",
    ),
    _clause(
        "RH304",
        "card-held",
        Phase.PLAY,
        Kind.LEGALITY,
        Strength.MUST,
        "Play only cards held",
        (
            "A player plays only cards in their hand as it stands after the ruff: a card the "
            "ruffer discarded, or one already played, cannot be played."
        ),
        (_FOLLOW, _RUFF),
        "{player} played {card}, which {player:they} do not hold: {reason}",
        concept="card-held",
    ),
    _clause(
        "RH305",
        "one-card-each",
        Phase.PLAY,
        Kind.LEGALITY,
        Strength.MUST,
        "One card from each player",
        "Each of the four players plays exactly one card to each trick.",
        (_cite("Play", "Play then moves to the left to the next player"),),
        "trick {number} has {count} cards; each of the {players} players plays one",
        concept="one-card-each",
    ),
    _clause(
        "RH306",
        "trick-winner",
        Phase.PLAY,
        Kind.TRANSITION,
        Strength.MUST,
        "Trick winner",
        (
            "The highest trump wins the trick; without a trump, the highest card of the suit "
            "led wins."
        ),
        (_WINNER,),
        "trick {number} is won by {expected} with {card}, not by {written}",
        concept="trick-winner",
        note='The source says "the first trick", but the rule is that of every trick.',
    ),
    _clause(
        "RH307",
        "trick-count",
        Phase.PLAY,
        Kind.LEGALITY,
        Strength.MUST,
        "Twelve tricks",
        "A hand is played in twelve tricks, numbered from 1, one for each card of a hand.",
        (_cite("Deal", "Twelve cards are dealt out to each of the 4 player."),),
        "{problem}; a hand is played in {expected} tricks, numbered from 1",
        ambiguities=("RH-A9b",),
        concept="trick-count",
        note=(
            "Read with hand-end=when-decided, a hand ends with the trick that brings a team's "
            "trick points to the target, and a trick after it breaks this clause."
        ),
    ),
    _clause(
        "RH308",
        "free-lead",
        Phase.PLAY,
        Kind.LEGALITY,
        Strength.MAY,
        "Any card may be led",
        "The leader of a trick may lead any card, trumps included, at any time.",
        (_cite("Play", "They may lead any card they choose including trump."),),
        "{player} led {card}; any card may be led",
        concept="trump-lead",
    ),
    _clause(
        "RH309",
        "turn-order",
        Phase.PLAY,
        Kind.LEGALITY,
        Strength.MUST,
        "Play moves to the left",
        "After the leader, the others play in turn to the left (clockwise).",
        (_cite("Play", "Play then moves to the left to the next player"),),
        "{player} played out of turn: after {previous} it is {expected:'s} turn ({order})",
        concept="turn-order",
    ),
    # ------------------------------------------------------------------ scoring
    _clause(
        "RH401",
        "tricks-taken",
        Phase.SCORING,
        Kind.TRANSITION,
        Strength.MUST,
        "Tricks taken by a team",
        "The tricks written for a team must be the tricks its two players won in the play.",
        (_TRICK_POINTS,),
        "{team} won {expected} tricks in the play, not {written}",
        concept="tricks-taken",
    ),
    _clause(
        "RH402",
        "trick-points",
        Phase.SCORING,
        Kind.SCORING,
        Strength.MUST,
        "One point per trick over six",
        "A team scores one point for each trick it takes beyond six; the other team none.",
        (_TRICK_POINTS,),
        "{team} took {taken} tricks and scores {expected} ({working}), not {written}",
        concept="trick-score",
    ),
    _clause(
        "RH403",
        "honours-count",
        Phase.SCORING,
        Kind.TRANSITION,
        Strength.MUST,
        "Honours held",
        (
            "A team's honours are the ace, king, queen and jack of trumps its two players hold, "
            "counted on the basis the honours-basis option chooses (by default the hands after "
            "the ruff)."
        ),
        (_HONOURS, _HONOURS_FOUR),
        "{team} held {expected} honours ({basis}), not {written}",
        ambiguities=("RH-A6",),
        concept="honours",
    ),
    _clause(
        "RH404",
        "honours-points",
        Phase.SCORING,
        Kind.SCORING,
        Strength.MUST,
        "Points for honours",
        (
            "A team holding three of the four honours scores 2 extra points, and one holding all "
            "four 4 (1 and 2 under honour-points=1-and-2); fewer than three score nothing."
        ),
        (_HONOURS, _HONOURS_FOUR),
        "{team} took {taken} tricks and held {honours} honours, which scores {expected} ({working}), not {written}",
        ambiguities=("RH-A6", "RH-A7"),
        concept="honours",
    ),
    _clause(
        "RH405",
        "honours-after-tricks",
        Phase.SCORING,
        Kind.SCORING,
        Strength.MUST,
        "Honours come after the tricks",
        (
            "At the end of a hand the trick points are scored first; a team they bring to the "
            "target has won, and no honours are applied in that hand."
        ),
        (_AFTER, _GAME),
        "{team} took {taken} tricks and scores {expected} ({working}), not {written}",
        ambiguities=("RH-A9", "RH-A9b"),
        concept="honours",
    ),
    _clause(
        "RH406",
        "honours-bar",
        Phase.SCORING,
        Kind.SCORING,
        Strength.MUST,
        "No honours at eight",
        (
            "Honours are not applied to a team that has 8 points once the trick points are in "
            "(the options choose the moment and whether the bar stops both teams)."
        ),
        (_BAR, _AFTER),
        "{team} took {taken} tricks and scores {expected} ({working}), not {written}",
        ambiguities=("RH-A8a", "RH-A8b", "RH-A8c", "RH-A8d", "RH-A8e"),
        concept="honours",
    ),
    _clause(
        "RH407",
        "running-total",
        Phase.SCORING,
        Kind.TRANSITION,
        Strength.MUST,
        "Running total",
        "A team's total after a hand is its total before the hand plus its score for it.",
        (_AFTER, _GAME),
        "{player:'s} total after this hand is {expected} ({previous} + {score}), not {written}",
        concept="running-total",
    ),
    # ------------------------------------------------------------------ game end
    _clause(
        "RH501",
        "game-winner",
        Phase.GAME_END,
        Kind.TRANSITION,
        Strength.MUST,
        "The first team to nine wins",
        "The game is won by the first team whose total reaches 9 points.",
        (_GAME,),
        "the game is won by {expected}, who reached {total} first, not by {written}",
        ambiguities=("RH-A7", "RH-A9", "RH-A11"),
        concept="game-winner",
    ),
    _clause(
        "RH502",
        "play-after-game",
        Phase.GAME_END,
        Kind.LEGALITY,
        Strength.MUST,
        "No hand after the game is won",
        "The game ends with the hand in which a team reaches 9; no further hand is played.",
        (_GAME,),
        "hand {number} is played after {team} won the game with {total} in hand {won}",
        ambiguities=("RH-A11",),
        concept="game-length",
    ),
)
