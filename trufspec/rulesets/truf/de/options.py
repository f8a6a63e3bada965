"""The ambiguity register and the options of truf-de.

The German page is a machine translation of an English text, and it shows: the under-13 deal
is called "Haupt-Atas", the exactly-13 rule is garbled, an example lost its minus sign, and
"(in der Hauptrunde)" stands where "main bawah" was meant.  Each such place is an entry here,
with the reading the validator uses by default and, where a table could reasonably play
otherwise, the option that selects another reading.  The scoring methods are not an
ambiguity but a choice the source leaves to the players; it is recorded here as well, since
it is what the ``scoring`` option selects.
"""

from __future__ import annotations

from trufspec.spec.ambiguities import Ambiguity, Reading
from trufspec.spec.clauses import Citation
from trufspec.spec.options import Option

__all__ = ["AMBIGUITIES", "OPTIONS", "RULESET"]

RULESET = "truf-de"


def _cite(locator: str, quote: str, translation: str) -> Citation:
    """A citation of the truf-de source with our translation."""
    return Citation(source=RULESET, locator=locator, quote=quote, translation=translation)


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
    """A register entry whose default is its first reading."""
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
        "TD-A1",
        '"Haupt-Atas" below 13 is an erratum',
        'The source says a total under 13 makes a "Haupt-Atas"; is that deal high or low?',
        (
            _cite(
                "Reizen",
                "weniger als 13 beträgt, wird ein Haupt-Atas gespielt.",
                "is less than 13, a main atas is played.",
            ),
            _cite(
                "Reizen",
                "Bei dieser Variante versuchen die Spieler, keine Stiche zu machen.",
                "In this variant the players try to take no tricks.",
            ),
        ),
        (
            Reading(
                "bawah",
                'A total under 13 makes main bawah; "Haupt-Atas" in that sentence is an erratum.',
            ),
        ),
        None,
        ("TD207", "TD208"),
        "The same sentence says the players try to take no tricks, the worked example of the "
        'exactly-13 rule speaks of "Hauptbawah" for lowered bids, and method one heads its '
        'bawah rules "(weniger als 13)".  "Haupt" translates the Indonesian "main" (to '
        "play), so Hauptatas and Hauptbawah are main atas and main bawah.",
    ),
    _entry(
        "TD-A2",
        "What happens to the bid card",
        "Does the card placed face down as a bid leave the hand?",
        (
            _cite(
                "Reizen",
                "indem eine Karte aus der Hand verdeckt auf den Tisch gelegt wird.",
                "by placing one card from the hand face down on the table.",
            ),
        ),
        (
            Reading(
                "back-to-hand", "The bid card goes back to the hand and is played like any other."
            ),
        ),
        None,
        ("TD201", "TD306", "TD309"),
        "A deal has 13 tricks and each player 13 cards, so every card is needed in the play.",
    ),
    _entry(
        "TD-A3",
        "The rank order in play",
        "Which card of a suit is the highest?",
        (
            _cite(
                "Spielverlauf",
                "durch das Ausspielen der höchstwertigen Karte der Farbe gewonnen",
                "won by playing the highest card of the suit",
            ),
        ),
        (Reading("ace-high", "A, K, Q, J, 10 down to 2: the ace is the highest card."),),
        None,
        ("TD003", "TD308"),
        "The German page drops the rank line of the English text it was translated from, which "
        "ranks the ace high; the ace's bid value of 1 concerns bidding only.",
    ),
    _entry(
        "TD-A4",
        "Equal bids in one suit",
        "Two bids of equal value in one suit are possible only with picture cards (all worth 0): "
        "which wins?",
        (
            _cite(
                "Reizen",
                "Bei Gleichstand wird die ranghöchste Farbe zum Trumpf.",
                "On a tie the highest-ranking suit becomes trumps.",
            ),
        ),
        (Reading("rank", "The higher picture card wins: king above queen above jack."),),
        None,
        ("TD205",),
        "The suit order cannot separate two cards of one suit; the rank order of play (TD003) "
        "is the only order the game has left.  Both tied bids make the same trump either way.",
    ),
    _entry(
        "TD-A5",
        "The exactly-13 rule is garbled",
        "When the bids add up to 13, which bids move, in which direction and by how much?",
        (
            _cite(
                "Reizen",
                "entweder um 1 erhöhen oder um sein Gebot verringern.",
                "either raise by 1 or lower by his bid.",
            ),
            _cite(
                "Reizen",
                "indem er sein Gebot um 1 Stich erhöht.",
                "by raising his bid by 1 trick.",
            ),
        ),
        (
            Reading(
                "all-by-one",
                "The highest bidder chooses: every bid one up (main atas) or every bid one "
                "down (main bawah).",
            ),
        ),
        None,
        ("TD209", "TD211"),
        "The worked example settles it: 5, 4, 3, 1 become 4, 3, 2, 0 in main bawah, so every "
        'bid moves, downwards too, and by one trick ("nicht um mehr als 1 Stich").',
    ),
    _entry(
        "TD-A6",
        "Negative bids and the example that lost its sign",
        'Is a zero bid lowered to -1 kept, and what does "1 - 0 = -1" mean?',
        (
            _cite(
                "Reizen",
                "1 [Gebot] - 0 [Anzahl der getätigten Stiche] = -1",
                "1 [bid] - 0 [tricks taken] = -1",
            ),
        ),
        (
            Reading(
                "no-floor",
                "A lowered zero bid is -1 and is scored as such: bid -1, no trick in main bawah "
                "scores -1 - 0 = -1.",
            ),
        ),
        None,
        ("TD210", "TD403"),
        "The example is wrong as printed (1 - 0 is 1); with the bid -1 it shows what the "
        "sentence before it says, that a player can score below zero without taking a trick.",
    ),
    _entry(
        "TD-A7",
        "Which scoring method",
        "The source gives three scoring methods, all legitimate, and method three may be "
        "combined with method two: which one is used?",
        (
            _cite(
                "Punktevergabe",
                "Es gibt verschiedene Methoden der Wertung, die alle legitim sind.",
                "There are several methods of scoring, all of them legitimate.",
            ),
        ),
        (
            Reading(
                "one",
                "Method one: main atas scores tricks less bid, main bawah bid less tricks; an "
                "exact bid scores 0.",
            ),
            Reading("two", "Method two: as method one, and a zero bid made scores 5 (TD405)."),
            Reading("three", "Method three: as method one, positive scores multiplied (TD406)."),
            Reading("three-with-two", "Methods three and two combined."),
        ),
        "scoring",
        ("TD401", "TD402", "TD403", "TD404"),
        "Method one is the source's first and plainest; it is also the only one with nothing "
        'to agree on.  The unsigned "die Differenz" of a missed bid is read as a loss: the '
        "sign is the one that makes the aim of the mode pay.",
    ),
    _entry(
        "TD-A8",
        "Where method two's 5 points apply",
        '"(in der Hauptrunde)": does a zero bid made score 5 in main bawah only or in both modes?',
        (
            _cite(
                "Punktevergabe, Methode Zwei",
                "allerdings erhält ein Spieler (in der Hauptrunde), der 0 bietet",
                "except that a player (in the main round) who bids 0",
            ),
        ),
        (
            Reading("bawah-only", "Only in main bawah."),
            Reading("both", "In main atas and main bawah."),
        ),
        "method-two-modes",
        ("TD405",),
        "The sentences that follow speak of bids lowered from 1 to 0, which happens only when "
        'a deal becomes main bawah; "Hauptrunde" reads as a slip for Hauptbawah.',
    ),
    _entry(
        "TD-A9",
        "Method two's 5 under method three",
        "When methods three and two are combined, is the 5 for a zero bid made multiplied?",
        (
            _cite(
                "Punktevergabe, Methode drei",
                "Diese Methode kann auch mit Methode zwei kombiniert werden.",
                "This method can also be combined with method two.",
            ),
        ),
        (
            Reading("yes", "Yes: it is a positive score, so it is multiplied like the others."),
            Reading("no", "No: the 5 stays 5."),
        ),
        "multiply-bonus",
        ("TD406",),
        'Method three multiplies "die positive Punktzahl", and the 5 is a positive score.',
    ),
    _entry(
        "TD-A10",
        "Who wins the game",
        "The source says the player with the most or the fewest tricks wins, yet it scores "
        "every deal: who wins?",
        (
            _cite(
                "Spielende",
                "je nachdem, was vor dem Spiel vereinbart wurde und welche Variante gespielt wurde",
                "depending on what was agreed before the game and which variant was played",
            ),
        ),
        (
            Reading("highest-total", "The highest total after 13 deals wins."),
            Reading("lowest-total", "The lowest total wins, if the players so agreed."),
            Reading(
                "most-tricks",
                "The text's words, the most agreed: the most tricks taken over the 13 deals.",
            ),
            Reading(
                "fewest-tricks",
                "The text's words, the fewest agreed: the fewest tricks taken over the 13 deals.",
            ),
            Reading(
                "tricks-by-variant",
                "The text's words, the variant deciding: tricks taken in a Hauptatas count for "
                "the player and tricks in a Hauptbawah against; the highest count wins (in a "
                "game of atas deals only, the most tricks).",
            ),
        ),
        "winner",
        ("TD503",),
        "The sentence counts tricks, most or fewest by agreement and by the variant played, "
        "and the text's three readings are offered.  Yet the same text turns each deal's tricks "
        "into points under a method the players choose (Punktevergabe), and a bare count of "
        "tricks over 13 deals of both modes rewards no aim: a player who bids 1 in a Hauptatas "
        "and takes 7 would lead.  The default keeps the scores the text has the players keep, "
        "built so that a good deal scores high.",
    ),
    _entry(
        "TD-A11",
        "Ties for the lowest total",
        "After the first deal the lowest total deals; who deals when several players share it?",
        (
            _cite(
                "Spielvorbereitung",
                "Danach gibt der Spieler mit der niedrigsten Gesamtpunktzahl",
                "After that the player with the lowest total score deals",
            ),
        ),
        (
            Reading(
                "next-in-direction",
                "The first of the tied players after the previous dealer, in the direction of "
                "the coming deal.",
            ),
            Reading("any-tied", "Any of the tied players."),
        ),
        "dealer-tie",
        ("TD105",),
        "Passing the deal on in the direction of dealing is what tables do when nothing else "
        "decides, and it makes the dealer a fact the record can be checked against.",
    ),
    _entry(
        "TD-A12",
        "Is the ace a picture card or a number card for the redeal?",
        "A hand of 13 cards can never hold only jacks, queens and kings (there are 12): what "
        'does "nur Bildkarten" mean, and does a hand of number cards and aces count as "nur '
        'Zahlenkarten"?',
        (
            _cite(
                "Spielvorbereitung",
                "entweder nur Zahlen- oder nur Bildkarten auf der Hand hat",
                "has either only number cards or only picture cards in hand",
            ),
        ),
        (
            Reading(
                "aces-and-pictures",
                "Aces count with the pictures: redeal a hand of only A, K, Q, J.",
            ),
            Reading("pictures-only", "Only J, Q, K count; such a hand cannot occur."),
            Reading(
                "aces-with-numbers",
                'The ace counts as a number card (it bids "1 Stich", as a number card bids its '
                "number): redeal a hand of only 2-10 and aces; a hand of only J, Q, K cannot "
                "occur.",
            ),
        ),
        "redeal-pictures",
        ("TD103",),
        "Only with the aces can the second half of the rule ever apply; other descriptions of "
        "the game count the aces with the pictures.  The bidding table does list the ace "
        "apart from the pictures and beside the numbers (Ass: 1 Stich), which is why a table "
        "may count it as a number card; that reading leaves the rule's second half empty, so "
        "it is not the default.",
    ),
    _entry(
        "TD-A13",
        "Direction of the deal",
        '"im oder gegen den Uhrzeigersinn": is the deal clockwise, counter-clockwise, or '
        "alternating?",
        (
            _cite(
                "Spielvorbereitung",
                "von Hand zu Hand im oder gegen den Uhrzeigersinn weitergegeben",
                "passed from hand to hand clockwise or counter-clockwise",
            ),
        ),
        (
            Reading(
                "alternate-ccw-first",
                "The first deal counter-clockwise, then alternately clockwise and "
                "counter-clockwise.",
            ),
            Reading("fixed-ccw", "Every deal counter-clockwise."),
            Reading("fixed-cw", "Every deal clockwise."),
        ),
        "direction",
        ("TD106",),
        'The sentence translates "the deal moves from clockwise and counterclockwise", that is '
        "the direction alternates; the next sentence fixes the first deal as counter-clockwise.",
    ),
    _entry(
        "TD-A14",
        "When trumps may be led",
        '"Nachdem eine Trumpfkarte gespielt wurde": what allows a trump lead, and what is '
        '"nur diese Karte"?',
        (
            _cite(
                "Spielverlauf",
                "es sei denn, Sie haben nur diese Karte auf der Hand.",
                "unless you have only this card in your hand.",
            ),
        ),
        (
            Reading(
                "any-earlier-trick",
                "A trump may be led once a trump was played in an earlier trick of the deal, or "
                "when the hand holds only trumps.",
            ),
        ),
        None,
        ("TD303",),
        '"Only this card" can only mean only trump cards: a hand of one card is the last '
        "trick, where nothing is left to choose.",
    ),
    _entry(
        "TD-A15",
        "The mode after an adjustment",
        "After the bids of a 13 total move, which mode is played?",
        (
            _cite(
                "Reizen",
                "wählen, ob er Hauptatas oder Hauptbawah spielen möchte",
                "choose whether he wants to play main atas or main bawah",
            ),
        ),
        (Reading("by-direction", "Bids moved up make main atas (17), moved down main bawah (9)."),),
        None,
        ("TD209",),
        "The new totals, 17 and 9, agree with the modes the chooser picks.",
    ),
    _entry(
        "TD-A16",
        "The multiplier of method three",
        "By how much does method three multiply?",
        (
            _cite(
                "Punktevergabe, Methode drei",
                "So kann der Multiplikator zum Beispiel 2 sein.",
                "So the multiplier may be 2, for example.",
            ),
        ),
        (Reading("2", "The source's example, 2; the players may agree on another whole number."),),
        "multiplier",
        ("TD406",),
        "The source gives 2 only as an example; the option takes any agreed multiplier.",
    ),
    _entry(
        "TD-A17",
        "The unsigned difference of a missed bid",
        'Method one gives a player who beats the aim "+ die Differenz" and one who misses it '
        '"die Differenz", with no sign: is the second a gain or a loss?',
        (
            _cite(
                "Punktevergabe, Methode Eins",
                "Spieler, die MEHR Stiche gemacht haben als geboten, erhalten die Differenz",
                "Players who took MORE tricks than bid get the difference",
            ),
            _cite(
                "Punktevergabe, Methode Eins",
                "Spieler, die WENIGER Stiche machen als sie bieten, erhalten die Differenz",
                "Players who take FEWER tricks than they bid get the difference",
            ),
        ),
        (Reading("minus", "A loss: the difference is scored below zero."),),
        None,
        ("TD403", "TD404"),
        'The "+" is written only before the difference of a player who did what the mode '
        "asks; the other line sits beside it and beside an exact bid's 0, so its difference is "
        "the opposite, a loss.  Read as a gain, missing would pay as well as making, and the "
        'bid would mean nothing; method two\'s "+5 statt 0" also compares only with the 0.',
    ),
)


def _option(key: str, choices: tuple[str, ...], doc: str, ambiguity: str) -> Option:
    return Option(
        key=key, ruleset=RULESET, choices=choices, default=choices[0], doc=doc, ambiguity=ambiguity
    )


OPTIONS: tuple[Option, ...] = (
    _option("scoring", ("one", "two", "three", "three-with-two"), "The scoring method.", "TD-A7"),
    Option(
        key="multiplier",
        ruleset=RULESET,
        choices=None,
        default="2",
        doc="The multiplier of positive scores under scoring method three.",
        ambiguity="TD-A16",
        minimum=1,
        maximum=10,
    ),
    _option(
        "method-two-modes",
        ("bawah-only", "both"),
        "Where method two's 5 for a zero bid made applies.",
        "TD-A8",
    ),
    _option(
        "multiply-bonus", ("yes", "no"), "Whether method three multiplies method two's 5.", "TD-A9"
    ),
    _option(
        "winner",
        ("highest-total", "lowest-total", "most-tricks", "fewest-tricks", "tricks-by-variant"),
        "Which total, or which count of tricks taken, wins the game.",
        "TD-A10",
    ),
    _option(
        "dealer-tie",
        ("next-in-direction", "any-tied"),
        "Who deals when several players share the lowest total.",
        "TD-A11",
    ),
    _option(
        "redeal-pictures",
        ("aces-and-pictures", "pictures-only", "aces-with-numbers"),
        "Which side of the redeal rule the aces count on.",
        "TD-A12",
    ),
    _option(
        "direction",
        ("alternate-ccw-first", "fixed-ccw", "fixed-cw"),
        "The direction of each deal.",
        "TD-A13",
    ),
)
