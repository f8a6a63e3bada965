"""The clauses of truf-de: every rule of the German "TRUF Spielregeln", one clause each.

The source is a German page with the sections ``Spielvorbereitung`` (preparation and deal),
``Reizen`` (bidding, trump and mode), ``Spielverlauf`` (play), ``Punktevergabe`` (scoring, in
methods one to three) and ``Spielende`` (end of the game), preceded by a short header with the
aim, the material and the number of players.  Citations locate a quote by those headings and
quote the German words; ``translation`` is our English rendering.

Codes and slugs:

* definitions: TD001 four-players, TD002 the-pack, TD003 rank-order, TD004 bid-card-values
* deal: TD101 hands-size, TD102 deal-partition, TD103 redeal, TD104 first-dealer,
  TD105 dealer-lowest-total, TD106 deal-direction
* bidding: TD201 one-card-bid, TD202 simultaneous-bids, TD203 bid-value, TD204 bid-winner,
  TD205 tie-by-suit, TD206 trump-from-bid, TD207 main-atas, TD208 main-bawah,
  TD209 even-total-adjust, TD210 negative-bids, TD211 adjust-by-one
* play: TD301 first-leader, TD302 next-leader, TD303 no-trump-lead-until-broken,
  TD305 follow-suit, TD306 card-held, TD307 one-card-each, TD308 trick-winner,
  TD309 trick-count, TD310 face-down-trumps
* scoring: TD401 scoring-methods, TD402 exact-bid-scores-zero, TD403 bawah-difference,
  TD404 atas-difference, TD405 method-two-zero-bid, TD406 method-three-multiplier,
  TD407 tricks-taken, TD408 running-total
* game end: TD501 game-length, TD502 incomplete-game, TD503 game-winner

A wrong score is reported under the clause that fixes the right value (TD402 to TD406), so the
diagnostic quotes the rule that was misapplied.  The register of unclear places is in
:mod:`trufspec.rulesets.truf.de.options`.
"""

from __future__ import annotations

from trufspec.spec.clauses import Citation, Clause, Kind, Phase, Strength

__all__ = ["CLAUSES", "RULESET"]

RULESET = "truf-de"


def _cite(locator: str, quote: str, translation: str) -> Citation:
    """A citation of the truf-de source (its id is the ruleset's) with our translation."""
    return Citation(source=RULESET, locator=locator, quote=quote, translation=translation)


_PLAYERS = _cite("Kopf", "ANZAHL SPIELER: 4 Spieler", "NUMBER OF PLAYERS: 4 players")
_MATERIAL = _cite(
    "Kopf",
    "MATERIAL: Kartenspiel mit 52 Karten (2 bis 10, Bube, Dame, König, Ass in allen 4 "
    "Spielkartenfarben)",
    "MATERIAL: a pack of 52 cards (2 to 10, jack, queen, king, ace in all 4 suits)",
)
_THIRTEEN = _cite(
    "Spielvorbereitung",
    "Die Karten sollten einzeln und verdeckt ausgeteilt werden, bis jeder Spieler 13 Karten hat.",
    "The cards should be dealt one at a time and face down until every player has 13 cards.",
)
_TRUMP = _cite(
    "Reizen",
    "wird die Farbe der Karte mit dem höchsten Rang (höchste zu erzielende Stichzahl) zur "
    "Trumpffarbe",
    "the suit of the card of the highest rank (the most tricks to be made) becomes trumps",
)
_HIGHEST_LEADS = _cite(
    "Spielverlauf",
    "Der Spieler, der das höchste Gebot abgegeben hat, führt den ersten Stich an.",
    "The player who made the highest bid leads the first trick.",
)
_WINNER_LEADS = _cite(
    "Spielverlauf",
    "Der Spieler, der einen Stich gewonnen hat, führt im nächsten Stich.",
    "The player who won a trick leads to the next trick.",
)
_TRICK_WON = _cite(
    "Spielverlauf",
    "Ein Stich wird durch das Ausspielen der höchstwertigen Karte der Farbe gewonnen, mit der "
    "er geführt wurde",
    "A trick is won by playing the highest card of the suit that was led",
)
_COUNT = _cite(
    "Punktevergabe",
    "zählen die Spieler die Anzahl der Stiche, die sie gemacht haben, und vergleichen diese mit "
    "ihrem Gebot",
    "the players count the tricks they have taken and compare them with their bid",
)
_METHODS = _cite(
    "Punktevergabe",
    "Es gibt verschiedene Methoden der Wertung, die alle legitim sind.",
    "There are several methods of scoring, all of them legitimate.",
)
_ROUNDS = _cite(
    "Spielvorbereitung",
    "Ein komplettes Spiel hat 13 Austeilungsrunden.",
    "A complete game has 13 deals.",
)


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
    concept: str,
    ambiguities: tuple[str, ...] = (),
    note: str = "",
) -> Clause:
    """A clause of truf-de; the arguments are the fields of :class:`Clause` in their order."""
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


_D, _L, _T, _S = Kind.DEFINITION, Kind.LEGALITY, Kind.TRANSITION, Kind.SCORING
_MUST, _MAY = Strength.MUST, Strength.MAY

CLAUSES: tuple[Clause, ...] = (
    # ------------------------------------------------------------------ definitions
    _clause(
        "TD001",
        "four-players",
        Phase.DEFINITIONS,
        _L,
        _MUST,
        "Four players",
        "A game of truf-de has exactly four players, each playing for themselves.",
        (_PLAYERS,),
        "this game has {count} players; truf-de is played by 4",
        "player-count",
    ),
    _clause(
        "TD002",
        "the-pack",
        Phase.DEFINITIONS,
        _D,
        _MUST,
        "The pack",
        "The game uses one 52-card pack: 2 to 10, jack, queen, king and ace in each of four suits.",
        (_MATERIAL,),
        "{detail}; truf-de is played with one 52-card pack",
        "pack",
    ),
    _clause(
        "TD003",
        "rank-order",
        Phase.DEFINITIONS,
        _D,
        _MUST,
        "Rank order",
        "In play the cards of a suit rank ace high: A, K, Q, J, 10 down to 2.",
        (_TRICK_WON,),
        "{higher} ranks above {lower}: cards rank A K Q J 10 9 8 7 6 5 4 3 2",
        "rank-order",
        ("TD-A3",),
        "The source speaks of the highest card without giving the order; we read it ace high.",
    ),
    _clause(
        "TD004",
        "bid-card-values",
        Phase.DEFINITIONS,
        _D,
        _MUST,
        "Bid values of the cards",
        "A bid card is worth a number of tricks: a picture card 0, an ace 1, a number card its "
        "number.",
        (
            _cite("Reizen", "Bildkarten: keine Stiche", "Picture cards: no tricks"),
            _cite("Reizen", "Ass: 1 Stich", "Ace: 1 trick"),
            _cite(
                "Reizen",
                "2-10: Anzahl der Stiche in Höhe des Kartenwerts",
                "2-10: as many tricks as the card's value",
            ),
        ),
        "{card} is worth {value} tricks as a bid",
        "bid-card-value",
    ),
    # ------------------------------------------------------------------ deal
    _clause(
        "TD101",
        "hands-size",
        Phase.DEAL,
        _L,
        _MUST,
        "Thirteen cards each",
        "Each of the four players is dealt 13 cards.",
        (_THIRTEEN,),
        "{player} {player:holds} {count} cards; each hand has 13",
        "hand-size",
    ),
    _clause(
        "TD102",
        "deal-partition",
        Phase.DEAL,
        _L,
        _MUST,
        "The whole pack is dealt",
        "The four hands together are the whole pack; no card stays undealt.",
        (_MATERIAL, _THIRTEEN),
        "{problem}; the four hands of 13 are the whole pack",
        "deal-partition",
    ),
    _clause(
        "TD103",
        "redeal",
        Phase.DEAL,
        _L,
        _MUST,
        "Redeal a one-sided hand",
        (
            "When a hand holds only number cards, or only aces and picture cards, all cards are "
            "thrown in and dealt again; such a deal is never bid or played.  Under "
            "redeal-pictures=aces-with-numbers the aces count with the number cards instead."
        ),
        (
            _cite(
                "Spielvorbereitung",
                "Wenn ein Spieler entweder nur Zahlen- oder nur Bildkarten auf der Hand hat, "
                "werden alle Karten eingeworfen",
                "If a player has either only number cards or only picture cards in hand, all "
                "cards are thrown in",
            ),
            _cite(
                "Spielvorbereitung",
                "neu gemischt und erneut ausgeteilt",
                "shuffled again and dealt anew",
            ),
        ),
        "{player:'s} hand holds {what}, so the cards must be thrown in and dealt again",
        "redeal",
        ("TD-A12",),
    ),
    _clause(
        "TD104",
        "first-dealer",
        Phase.DEAL,
        _T,
        _MAY,
        "The first dealer",
        "The players choose the dealer of the first deal as they like.",
        (
            _cite(
                "Spielvorbereitung",
                "Der erste Geber kann auf jede von den Spielern bevorzugte Weise gewählt werden.",
                "The first dealer may be chosen in any way the players prefer.",
            ),
        ),
        "the first dealer, {player}, may be chosen in any way",
        "first-dealer",
    ),
    _clause(
        "TD105",
        "dealer-lowest-total",
        Phase.DEAL,
        _T,
        _MUST,
        "The lowest total deals",
        (
            "From the second deal on, the player with the lowest total so far deals; among tied "
            "players the dealer-tie option decides."
        ),
        (
            _cite(
                "Spielvorbereitung",
                "Danach gibt der Spieler mit der niedrigsten Gesamtpunktzahl (oder kumulative "
                "Punktzahl) gibt.",
                "After that the player with the lowest total score (or cumulative score) deals.",
            ),
        ),
        "deal {number} is dealt by {written}, but {expected} {expected:deals} ({reason})",
        "dealer",
        ("TD-A11",),
    ),
    _clause(
        "TD106",
        "deal-direction",
        Phase.DEAL,
        _D,
        _MUST,
        "Direction of the deal",
        (
            "The first deal goes counter-clockwise, to the right; the direction then alternates "
            "from deal to deal unless the direction option fixes it."
        ),
        (
            _cite(
                "Spielvorbereitung",
                "Die Karten werden von Hand zu Hand im oder gegen den Uhrzeigersinn weitergegeben.",
                "The cards pass from hand to hand clockwise or counter-clockwise.",
            ),
            _cite(
                "Spielvorbereitung",
                "In der Regel wird die erste Kartenausgabe gegen den Uhrzeigersinn oder nach "
                "rechts vorgenommen.",
                "As a rule the first deal goes counter-clockwise, that is to the right.",
            ),
        ),
        "deal {number} goes {direction}",
        "deal-direction",
        ("TD-A13",),
        "A record does not show the order in which cards were dealt; the direction decides "
        "which of several tied players deals next (TD105).",
    ),
    # ------------------------------------------------------------------ bidding
    _clause(
        "TD201",
        "one-card-bid",
        Phase.BIDDING,
        _L,
        _MUST,
        "One card from the hand",
        "Every player bids with exactly one card of their own hand, placed face down.",
        (
            _cite(
                "Reizen",
                "Ein Gebot wird abgegeben, indem eine Karte aus der Hand verdeckt auf den Tisch "
                "gelegt wird.",
                "A bid is made by placing one card from the hand face down on the table.",
            ),
        ),
        "{player} {problem}; a bid is one card of the bidder's hand",
        "bid-cards",
        ("TD-A2",),
    ),
    _clause(
        "TD202",
        "simultaneous-bids",
        Phase.BIDDING,
        _L,
        _MAY,
        "Everyone bids at once",
        "All players bid at the same time, after the deal; no bid is made knowing another.",
        (
            _cite(
                "Reizen",
                "Nach dem Geben bieten alle Spieler auf einmal.",
                "After the deal all players bid at once.",
            ),
        ),
        "the bids are made at once; the record cannot show their timing",
        "bid-timing",
    ),
    _clause(
        "TD203",
        "bid-value",
        Phase.BIDDING,
        _T,
        _MUST,
        "Value of a bid",
        "A bid is worth the tricks its card stands for; a value written after it must be that.",
        (
            _cite(
                "Reizen",
                "Der Rang der Karte entspricht der Anzahl der Stiche, die der Spieler zu machen "
                "gedenkt.",
                "The rank of the card is the number of tricks the player means to make.",
            ),
        ),
        "{player:'s} bid {card} is worth {expected}, not {written}",
        "bid-value",
    ),
    _clause(
        "TD204",
        "bid-winner",
        Phase.BIDDING,
        _T,
        _MUST,
        "The highest bid wins",
        "The player whose bid is worth the most tricks is the highest bidder.",
        (_TRUMP,),
        "the highest bidder is {expected}, not {written}: {reason}",
        "bid-winner",
    ),
    _clause(
        "TD205",
        "tie-by-suit",
        Phase.BIDDING,
        _T,
        _MUST,
        "Ties go by suit",
        (
            "Among bids of equal value the one in the higher suit wins, spades above hearts above "
            "diamonds above clubs; within one suit the higher picture card wins."
        ),
        (
            _cite(
                "Reizen",
                "Bei Gleichstand werden die Farben in der Reihenfolge von oben nach unten "
                "geordnet: Pik, Herz, Karo, Kreuz.",
                "On a tie the suits are ordered from top to bottom: spades, hearts, diamonds, "
                "clubs.",
            ),
            _cite(
                "Reizen",
                "Bei Gleichstand wird die ranghöchste Farbe zum Trumpf.",
                "On a tie the highest-ranking suit becomes trumps.",
            ),
        ),
        "{expected:'s} {card} beats {written:'s} equal bid by {reason}",
        "bid-tie",
        ("TD-A4",),
    ),
    _clause(
        "TD206",
        "trump-from-bid",
        Phase.BIDDING,
        _T,
        _MUST,
        "Trump is the suit of the highest bid",
        "The suit of the highest bidder's card is trumps; there is no no-trump deal.",
        (_TRUMP,),
        "trumps are {expected} ({reason}), not {written}",
        "trump",
    ),
    _clause(
        "TD207",
        "main-atas",
        Phase.BIDDING,
        _T,
        _MUST,
        "Main atas above 13",
        "When the bids add up to more than 13 the deal is main atas: everyone wants many tricks.",
        (
            _cite(
                "Reizen",
                "Wenn der kumulative Wert der Gebote (Anzahl der Stiche) größer als 13 ist, wird "
                "ein Hauptatas gespielt.",
                "If the combined value of the bids (number of tricks) is more than 13, a main "
                "atas is played.",
            ),
            _cite(
                "Reizen",
                "versuchen die Spieler, so viele Stiche wie möglich zu machen.",
                "the players try to take as many tricks as possible.",
            ),
        ),
        "the bids add up to {total}, more than 13, which makes main atas, not {written}",
        "mode",
        ("TD-A1",),
    ),
    _clause(
        "TD208",
        "main-bawah",
        Phase.BIDDING,
        _T,
        _MUST,
        "Main bawah below 13",
        "When the bids add up to less than 13 the deal is main bawah: everyone wants few tricks.",
        (
            _cite(
                "Reizen",
                "Wenn die Gesamtsumme der gebotenen Stiche weniger als 13 beträgt, wird ein "
                "Haupt-Atas gespielt.",
                "If the total of the tricks bid is less than 13, a main atas [sic: main bawah] "
                "is played.",
            ),
            _cite(
                "Reizen",
                "Bei dieser Variante versuchen die Spieler, keine Stiche zu machen.",
                "In this variant the players try to take no tricks.",
            ),
        ),
        "the bids add up to {total}, less than 13, which makes main bawah, not {written}",
        "mode",
        ("TD-A1",),
        'The source names the under-13 deal "Haupt-Atas"; that is an erratum for main '
        "bawah (TD-A1).",
    ),
    _clause(
        "TD209",
        "even-total-adjust",
        Phase.BIDDING,
        _T,
        _MUST,
        "Exactly 13: every bid moves",
        (
            "When the bids add up to exactly 13 the highest bidder moves every bid one trick up, "
            "making main atas, or one trick down, making main bawah."
        ),
        (
            _cite(
                "Reizen",
                "muss der Spieler, der das höchste Gebot abgegeben hat, entweder um 1 erhöhen "
                "oder um sein Gebot verringern.",
                "the player who made the highest bid must either raise by 1 or lower by his bid.",
            ),
            _cite(
                "Reizen",
                "Alle anderen Gebote werden entsprechend angepasst.",
                "All other bids are adjusted accordingly.",
            ),
            _cite(
                "Reizen",
                "So werden zum Beispiel die Gebote 5, 4, 3, 1 zu 4, 3, 2, 0 im Hauptbawah.",
                "So for example the bids 5, 4, 3, 1 become 4, 3, 2, 0 in main bawah.",
            ),
        ),
        "the bids add up to {total}: {problem}",
        "even-total",
        ("TD-A5", "TD-A15"),
    ),
    _clause(
        "TD210",
        "negative-bids",
        Phase.BIDDING,
        _D,
        _MUST,
        "Bids may become negative",
        "A zero bid moved down becomes -1 and is scored as -1; adjusted bids are not held at zero.",
        (
            _cite(
                "Reizen",
                "Diese Eigenschaft des Spiels kann dazu führen, dass 0-Gebote negativ werden",
                "This feature of the game can make 0 bids negative",
            ),
            _cite(
                "Reizen",
                "dass die Spieler negativ punkten, auch wenn sie keinen Stich machen.",
                "that players score negatively even when they take no trick.",
            ),
        ),
        "{player:'s} bid is {value} after the adjustment",
        "adjusted-bid-floor",
        ("TD-A6",),
    ),
    _clause(
        "TD211",
        "adjust-by-one",
        Phase.BIDDING,
        _L,
        _MUST,
        "Bids move by one trick only",
        "An adjustment moves the bids by exactly one trick, up or down.",
        (
            _cite(
                "Reizen",
                "Sie können die Gebote nicht um mehr als 1 Stich ändern.",
                "You cannot change the bids by more than 1 trick.",
            ),
        ),
        "the adjustment is {written}; bids move by one trick, +1 or -1",
        "even-adjust-amount",
        ("TD-A5",),
    ),
    # ------------------------------------------------------------------ play
    _clause(
        "TD301",
        "first-leader",
        Phase.PLAY,
        _T,
        _MUST,
        "The highest bidder leads first",
        "The highest bidder leads the first trick.",
        (_HIGHEST_LEADS,),
        "trick 1 is led by {player}, but the highest bidder {expected} {expected:leads} the first trick",
        "first-leader",
    ),
    _clause(
        "TD302",
        "next-leader",
        Phase.PLAY,
        _T,
        _MUST,
        "The trick winner leads next",
        "The winner of each trick leads the next one.",
        (_WINNER_LEADS,),
        "trick {number} is led by {player}, but {expected} won trick {previous} and {expected:leads} next",
        "leader",
    ),
    _clause(
        "TD303",
        "no-trump-lead-until-broken",
        Phase.PLAY,
        _L,
        _MUST,
        "No trump lead until a trump is played",
        (
            "A leader may not lead a trump unless a trump has been played in an earlier trick "
            "of the deal or the leader holds nothing but trumps."
        ),
        (
            _cite(
                "Spielverlauf",
                "Sie können einen Stich nicht mit einer Trumpfkarte anführen, es sei denn, Sie "
                "haben nur diese Karte auf der Hand.",
                "You cannot lead a trick with a trump card unless that is the only card in "
                "your hand.",
            ),
            _cite(
                "Spielverlauf",
                "Nachdem eine Trumpfkarte gespielt wurde, kann jede beliebige Karte ausgespielt "
                "werden.",
                "After a trump card has been played, any card may be played.",
            ),
        ),
        "{player} led the trump {card} while holding {other_cards}, and {unbroken}",
        "trump-lead",
        ("TD-A14",),
    ),
    _clause(
        "TD305",
        "follow-suit",
        Phase.PLAY,
        _L,
        _MUST,
        "Follow suit",
        "A player who holds a card of the suit led must play one; one who holds none may play "
        "any card, a trump included.",
        (
            _cite(
                "Spielverlauf",
                "Wenn möglich, müssen die Spieler der Farbe folgen",
                "If possible, players must follow suit",
            ),
            _cite(
                "Spielverlauf",
                "Spieler, die dazu nicht in der Lage sind, dürfen eine beliebige Karte aus der "
                "Hand spielen, auch einen Trumpf.",
                "Players who cannot may play any card from their hand, a trump too.",
            ),
        ),
        "{player} played {card} but {player:holds} {suit_cards}; a player must follow suit",
        "follow-suit",
    ),
    _clause(
        "TD306",
        "card-held",
        Phase.PLAY,
        _L,
        _MUST,
        "Play only cards held",
        "A player plays only cards from their own hand, each card once.",
        (
            _cite(
                "Spielverlauf",
                "dürfen eine beliebige Karte aus der Hand spielen",
                "may play any card from their hand",
            ),
        ),
        "{player} played {card} but {player:does} not hold it: {reason}",
        "card-held",
        ("TD-A2",),
    ),
    _clause(
        "TD307",
        "one-card-each",
        Phase.PLAY,
        _L,
        _MUST,
        "One card from each player",
        "Every player plays exactly one card to every trick.",
        (
            _cite(
                "Spielverlauf",
                "Sobald ein Stich beendet ist oder jeder Spieler eine einzige Karte gespielt hat",
                "As soon as a trick is complete, that is every player has played a single card",
            ),
        ),
        "trick {number} has {count} cards; each of the {players} players plays one card to "
        "every trick",
        "one-card-each",
    ),
    _clause(
        "TD308",
        "trick-winner",
        Phase.PLAY,
        _T,
        _MUST,
        "Trick winner",
        "The highest trump wins the trick; without a trump, the highest card of the suit led.",
        (
            _TRICK_WON,
            _cite(
                "Spielverlauf",
                "es sei denn, es wird ein Trumpf gespielt, dann gewinnt der höchstwertige Trumpf.",
                "unless a trump is played, in which case the highest trump wins.",
            ),
        ),
        "trick {number} is won by {expected} with {card}, not by {written}",
        "trick-winner",
        ("TD-A3",),
    ),
    _clause(
        "TD309",
        "trick-count",
        Phase.PLAY,
        _L,
        _MUST,
        "Thirteen tricks",
        "A deal is played in 13 tricks, numbered from 1 in the order they are played.",
        (_THIRTEEN,),
        "{problem}; a {players}-player deal is played in {expected} tricks, numbered from 1",
        "trick-count",
        ("TD-A2",),
    ),
    _clause(
        "TD310",
        "face-down-trumps",
        Phase.PLAY,
        _L,
        _MAY,
        "Trumps are played face down",
        "A trump is played face down and turned up when the trick is complete; this changes "
        "neither what may be played nor who wins.",
        (
            _cite(
                "Spielverlauf",
                "Zur Erinnerung: Trümpfe werden IMMER verdeckt gespielt.",
                "As a reminder: trumps are ALWAYS played face down.",
            ),
            _cite(
                "Spielverlauf",
                "werden die Trümpfe aufgedeckt und der Gewinner ermittelt.",
                "the trumps are turned up and the winner is found.",
            ),
        ),
        "trumps are played face down; records do not show how a card was played",
        "face-down-trumps",
    ),
    # ------------------------------------------------------------------ scoring
    _clause(
        "TD401",
        "scoring-methods",
        Phase.SCORING,
        _D,
        _MUST,
        "Three scoring methods",
        (
            "A deal is scored by method one, two or three (three may be combined with two); the "
            "scoring option says which one the players agreed."
        ),
        (_METHODS,),
        "scores are counted by method {method}",
        "scoring-method",
        ("TD-A7",),
    ),
    _clause(
        "TD402",
        "exact-bid-scores-zero",
        Phase.SCORING,
        _S,
        _MUST,
        "An exact bid scores zero",
        "A player who takes exactly the tricks of their bid scores 0 (method two makes an "
        "exception for some zero bids, TD405).",
        (
            _cite(
                "Punktevergabe, Methode Eins",
                "Spieler, die EXAKT die gleiche Anzahl von Stichen machen, erhalten 0 Punkte.",
                "Players who take EXACTLY the same number of tricks get 0 points.",
            ),
            _cite(
                "Punktevergabe, Methode Eins",
                "Spieler, die GENAU so viele Stiche machen, wie sie bieten, erhalten 0 Punkte.",
                "Players who take EXACTLY as many tricks as they bid get 0 points.",
            ),
        ),
        "{player} bid {bid} and took {taken}, which scores {expected}, not {written}",
        "exact-score",
        ("TD-A7",),
    ),
    _clause(
        "TD403",
        "bawah-difference",
        Phase.SCORING,
        _S,
        _MUST,
        "Main bawah: bid less tricks",
        "In main bawah a player scores the bid less the tricks taken: plus for fewer tricks "
        "than bid, minus for more.",
        (
            _cite(
                "Punktevergabe, Methode Eins",
                "Spieler, die WENIGER Stiche machen als sie bieten, erhalten + die Differenz",
                "Players who take FEWER tricks than they bid get + the difference",
            ),
            _cite(
                "Punktevergabe, Methode Eins",
                "Spieler, die MEHR Stiche gemacht haben als geboten, erhalten die Differenz",
                "Players who took MORE tricks than bid get the difference",
            ),
        ),
        "{player} bid {bid} and took {taken} in main bawah, which scores {expected}, not {written}",
        "miss-score",
        ("TD-A6", "TD-A7", "TD-A17"),
    ),
    _clause(
        "TD404",
        "atas-difference",
        Phase.SCORING,
        _S,
        _MUST,
        "Main atas: tricks less bid",
        "In main atas a player scores the tricks taken less the bid: plus for more tricks "
        "than bid, minus for fewer.",
        (
            _cite(
                "Punktevergabe, Methode Eins",
                "Spieler, die MEHR Stiche machen als sie bieten, erhalten + die Differenz",
                "Players who take MORE tricks than they bid get + the difference",
            ),
            _cite(
                "Punktevergabe, Methode Eins",
                "Spieler, die WENIGER Stiche machen als sie bieten, erhalten die Differenz",
                "Players who take FEWER tricks than they bid get the difference",
            ),
        ),
        "{player} bid {bid} and took {taken} in main atas, which scores {expected}, not {written}",
        "miss-score",
        ("TD-A7", "TD-A17"),
    ),
    _clause(
        "TD405",
        "method-two-zero-bid",
        Phase.SCORING,
        _S,
        _MUST,
        "Method two: a zero bid made scores 5",
        "Under method two a bid of 0, also one lowered from 1, that takes no trick scores 5; "
        "a bid lowered below 0 does not.",
        (
            _cite(
                "Punktevergabe, Methode Zwei",
                "der 0 bietet und keinen Stich macht, +5 Punkte statt 0 Punkte.",
                "who bids 0 and takes no trick, +5 points instead of 0 points.",
            ),
            _cite(
                "Punktevergabe, Methode Zwei",
                'Dies gilt auch für Gebote, die einmal 1" waren und auf 0" reduziert wurden.',
                "This also holds for bids that were once 1 and were lowered to 0.",
            ),
            _cite(
                "Punktevergabe, Methode Zwei",
                "Dies gilt jedoch nicht für Gebote, die auf die gleiche Art und Weise negativ "
                "sind.",
                "It does not hold, however, for bids that became negative the same way.",
            ),
        ),
        "{player} bid {bid} and took {taken} in main {mode}, which scores {expected} under "
        "method two, not {written}",
        "zero-bid-score",
        ("TD-A8",),
    ),
    _clause(
        "TD406",
        "method-three-multiplier",
        Phase.SCORING,
        _S,
        _MUST,
        "Method three: positive scores multiplied",
        "Under method three a positive score is multiplied by the agreed multiplier; negative "
        "scores are not.",
        (
            _cite(
                "Punktevergabe, Methode drei",
                "dass sich die positive Punktzahl um einen Multiplikator erhöht.",
                "that the positive score is increased by a multiplier.",
            ),
            _cite(
                "Punktevergabe, Methode drei",
                "ein Spieler, der 4 geboten hat, 0 Stiche gemacht und daher 8 Punkte erhalten.",
                "a player who bid 4 took 0 tricks and so received 8 points.",
            ),
            _cite(
                "Punktevergabe, Methode drei",
                "Diese Methode kann auch mit Methode zwei kombiniert werden.",
                "This method can also be combined with method two.",
            ),
        ),
        "{player} bid {bid} and took {taken} in main {mode}, which scores {expected} "
        "({working}), not {written}",
        "score-multiplier",
        ("TD-A9", "TD-A16"),
    ),
    _clause(
        "TD407",
        "tricks-taken",
        Phase.SCORING,
        _T,
        _MUST,
        "Tricks taken",
        "The tricks written for a player must be the number of tricks they won in the play.",
        (_COUNT,),
        "{player} won {expected} tricks in the play, not {written}",
        "tricks-taken",
    ),
    _clause(
        "TD408",
        "running-total",
        Phase.SCORING,
        _T,
        _MUST,
        "Running total",
        "A player's total after a deal is their total before it plus their score for it.",
        (
            _cite(
                "Spielvorbereitung",
                "der Spieler mit der niedrigsten Gesamtpunktzahl (oder kumulative Punktzahl)",
                "the player with the lowest total score (or cumulative score)",
            ),
        ),
        "{player:'s} total after this deal is {expected} ({previous} + {score}), not {written}",
        "running-total",
    ),
    # ------------------------------------------------------------------ game end
    _clause(
        "TD501",
        "game-length",
        Phase.GAME_END,
        _L,
        _MUST,
        "Thirteen deals",
        "A complete game has 13 deals and no more.",
        (_ROUNDS,),
        "the game has {count} deals, but a complete game has {expected}",
        "game-length",
    ),
    _clause(
        "TD502",
        "incomplete-game",
        Phase.GAME_END,
        _T,
        _MAY,
        "A game that stops early",
        "A record of fewer than 13 deals is an unfinished game: its deals are judged, its "
        "winner is not.",
        (_ROUNDS,),
        "the record stops after {count} of the game's {expected} deals; the winner is not judged",
        "game-length",
    ),
    _clause(
        "TD503",
        "game-winner",
        Phase.GAME_END,
        _T,
        _MUST,
        "Winner of the game",
        "After the 13th deal the player with the highest total wins; under the winner "
        "option, the lowest total, or the text's own count of tricks taken over the game: the "
        "most, the fewest, or by the variant played (atas deals' tricks counted for, bawah "
        "deals' against).  Tied players share the win.",
        (
            _cite(
                "Spielende",
                "Der Spieler mit den meisten oder den wenigsten Stichen (je nachdem, was vor dem "
                "Spiel vereinbart wurde",
                "The player with the most or the fewest tricks (depending on what was agreed "
                "before the game",
            ),
            _cite(
                "Spielende",
                "und welche Variante gespielt wurde) gewinnt das Spiel.",
                "and which variant was played) wins the game.",
            ),
        ),
        "the game is won by {expected} {reason}, not by {written}",
        "game-winner",
        ("TD-A10",),
    ),
)
