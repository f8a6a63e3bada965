"""The sentence index of the German "TRUF Spielregeln": every sentence, and what rests on it.

Entries follow the text, one per sentence as :func:`trufspec.spec.sentences.split` cuts it,
by locator (the section the clauses cite, then the rule or the sentence within it) and opening
words; see :mod:`trufspec.spec.sentences`.
"""

from __future__ import annotations

from trufspec.spec.sentences import Description as D
from trufspec.spec.sentences import Index, Sentence

__all__ = ["SENTENCES"]

_s = Index("truf-de").rests
_d = Index("truf-de").describes

SENTENCES: tuple[Sentence, ...] = (
    _d("Kopf, sentence 1", "TRUF", D.INTERFACE),
    _d("Kopf, sentence 2", "Spielregeln", D.INTERFACE),
    _d("Kopf, sentence 3", "Das Spiel Truf ist ein indonesisches", D.HISTORY),
    _d("Kopf, sentence 4", "ZIEL DES SPIELS: Nehmen Sie so wenig", D.PURPOSE),
    _s("Kopf, sentence 5", "MATERIAL: Kartenspiel mit 52 Karten (2", ("TD002", "TD102")),
    _s("Kopf, sentence 6", "ANZAHL SPIELER: 4 Spieler", ("TD001",)),
    _d("Spielvorbereitung, sentence 1", "Spielvorbereitung", D.INTERFACE),
    _s("Spielvorbereitung, sentence 2", "Der erste Geber kann auf jede von den", ("TD104",)),
    _s(
        "Spielvorbereitung, sentence 3",
        "Danach gibt der Spieler mit der",
        ("TD105", "TD408"),
        ("TD-A11",),
    ),
    _s(
        "Spielvorbereitung, sentence 4",
        "Die Karten sollten einzeln und verdeckt",
        ("TD101", "TD102", "TD309"),
    ),
    _s(
        "Spielvorbereitung, sentence 5",
        "Wenn ein Spieler entweder nur Zahlen-",
        ("TD103",),
        ("TD-A12",),
    ),
    _s(
        "Spielvorbereitung, sentence 6",
        "Die Karten werden von Hand zu Hand im",
        ("TD106",),
        ("TD-A13",),
    ),
    _s("Spielvorbereitung, sentence 7", "In der Regel wird die erste", ("TD106",)),
    _s("Spielvorbereitung, sentence 8", "Ein komplettes Spiel hat 13", ("TD501", "TD502")),
    _d("Reizen, sentence 1", "Reizen", D.INTERFACE),
    _s("Reizen, sentence 2", "Nach dem Geben bieten alle Spieler auf", ("TD202",)),
    _s("Reizen, sentence 3", "Ein Gebot wird abgegeben, indem eine", ("TD201",), ("TD-A2",)),
    _s("Reizen, sentence 4", "Der Rang der Karte entspricht der Anzahl", ("TD203",)),
    _s("Reizen, sentence 5", "Die Ränge sind wie folgt:", ("TD004",)),
    _s("Reizen, sentence 6", "Bildkarten: keine Stiche", ("TD004",)),
    _s("Reizen, sentence 7", "Ass: 1 Stich", ("TD004",)),
    _s("Reizen, sentence 8", "2-10: Anzahl der Stiche in Höhe des", ("TD004",)),
    _s("Reizen, sentence 9", "Sobald alle Karten aufgedeckt sind und", ("TD204", "TD206")),
    _s("Reizen, sentence 10", "Bei Gleichstand werden die Farben in der", ("TD205",)),
    _s("Reizen, sentence 11", "Bei Gleichstand wird die ranghöchste", ("TD205",), ("TD-A4",)),
    _s("Reizen, sentence 12", "Wenn der kumulative Wert der Gebote", ("TD207",)),
    _s("Reizen, sentence 13", "Bei dieser Variante versuchen die", ("TD207",)),
    _s("Reizen, sentence 14", "Wenn die Gesamtsumme der gebotenen", ("TD208",), ("TD-A1",)),
    _s("Reizen, sentence 15", "Bei dieser Variante versuchen die", ("TD208",), ("TD-A1",)),
    _s("Reizen, sentence 16", "Wenn die Summe der Gebote genau 13", ("TD209",), ("TD-A5",)),
    _s(
        "Reizen, sentence 17",
        "Wenn sie also 5, 4, 3, 1 bieten, kann",
        ("TD209",),
        ("TD-A15", "TD-A5"),
    ),
    _s("Reizen, sentence 18", "Alle anderen Gebote werden entsprechend", ("TD209",)),
    _s("Reizen, sentence 19", "So werden zum Beispiel die Gebote 5, 4,", ("TD209",)),
    _s("Reizen, sentence 20", "Diese Eigenschaft des Spiels kann dazu", ("TD210",)),
    _d("Reizen, sentence 21", "Zum Beispiel:", D.EXAMPLE),
    _s("Reizen, sentence 22", "1 [Gebot] - 0 [Anzahl der getätigten", ("TD210",), ("TD-A6",)),
    _s("Reizen, sentence 23", "Sie können die Gebote nicht um mehr als", ("TD211",)),
    _s("Reizen, sentence 24", "Sobald die Trumpffarbe und der", ("TD301",)),
    _d("Spielverlauf, sentence 1", "Spielverlauf", D.INTERFACE),
    _s("Spielverlauf, sentence 2", "Der Spieler, der das höchste Gebot", ("TD301",)),
    _s(
        "Spielverlauf, sentence 3",
        "Ein Stich wird durch das Ausspielen der",
        ("TD003", "TD308"),
        ("TD-A3",),
    ),
    _s("Spielverlauf, sentence 4", "Der Spieler, der einen Stich gewonnen", ("TD302",)),
    _s("Spielverlauf, sentence 5", "Wenn möglich, müssen die Spieler der", ("TD305",)),
    _s("Spielverlauf, sentence 6", "Spieler, die dazu nicht in der Lage", ("TD305", "TD306")),
    _s(
        "Spielverlauf, sentence 7",
        "Sie können einen Stich nicht mit einer",
        ("TD303",),
        ("TD-A14",),
    ),
    _s("Spielverlauf, sentence 8", "Nachdem eine Trumpfkarte gespielt wurde,", ("TD303",)),
    _s("Spielverlauf, sentence 9", "Zur Erinnerung: Trümpfe werden IMMER", ("TD310",)),
    _s("Spielverlauf, sentence 10", "Die Karten der Nicht-Trumpffarben werden", ("TD310",)),
    _s("Spielverlauf, sentence 11", "Sobald ein Stich beendet ist oder jeder", ("TD307", "TD310")),
    _d("Punktevergabe, sentence 1", "Punktevergabe", D.INTERFACE),
    _s("Punktevergabe, sentence 2", "Wenn das Spiel beendet ist, zählen die", ("TD407",)),
    _s("Punktevergabe, sentence 3", "Es gibt verschiedene Methoden der", ("TD401",), ("TD-A7",)),
    _d("Punktevergabe, Methode Eins, sentence 1", "Methode Eins:", D.INTERFACE),
    _s(
        "Punktevergabe, Methode Eins, sentence 2",
        "Wenn ein Hauptbawah gespielt wird...",
        ("TD208", "TD403"),
    ),
    _s(
        "Punktevergabe, Methode Eins, sentence 3",
        "Spieler, die WENIGER Stiche machen als",
        ("TD403",),
    ),
    _s(
        "Punktevergabe, Methode Eins, sentence 4",
        "Spieler, die MEHR Stiche gemacht haben",
        ("TD403",),
        ("TD-A17",),
    ),
    _s(
        "Punktevergabe, Methode Eins, sentence 5",
        "Spieler, die EXAKT die gleiche Anzahl",
        ("TD402",),
    ),
    _s(
        "Punktevergabe, Methode Eins, sentence 6",
        "Wenn ein Hauptatas gespielt wird...",
        ("TD207", "TD404"),
    ),
    _s(
        "Punktevergabe, Methode Eins, sentence 7",
        "Spieler, die MEHR Stiche machen als sie",
        ("TD404",),
    ),
    _s(
        "Punktevergabe, Methode Eins, sentence 8",
        "Spieler, die WENIGER Stiche machen als",
        ("TD404",),
        ("TD-A17",),
    ),
    _s("Punktevergabe, Methode Eins, sentence 9", "Spieler, die GENAU so viele Stiche", ("TD402",)),
    _d("Punktevergabe, Methode Zwei, sentence 1", "Methode Zwei:", D.INTERFACE),
    _s(
        "Punktevergabe, Methode Zwei, sentence 2",
        "Diese Methode ist fast identisch mit",
        ("TD405",),
        ("TD-A8",),
    ),
    _s(
        "Punktevergabe, Methode Zwei, sentence 3",
        'Dies gilt auch für Gebote, die einmal 1"',
        ("TD405",),
    ),
    _s(
        "Punktevergabe, Methode Zwei, sentence 4",
        "Dies gilt jedoch nicht für Gebote, die",
        ("TD405",),
    ),
    _d("Punktevergabe, Methode drei, sentence 1", "Methode drei:", D.INTERFACE),
    _s(
        "Punktevergabe, Methode drei, sentence 2",
        "Ähnlich wie bei Methode eins besteht der",
        ("TD406",),
    ),
    _s(
        "Punktevergabe, Methode drei, sentence 3",
        "So kann der Multiplikator zum Beispiel 2",
        ("TD406",),
        ("TD-A16",),
    ),
    _s("Punktevergabe, Methode drei, sentence 4", "In einem Bawah-Hauptspiel hat ein", ("TD406",)),
    _s(
        "Punktevergabe, Methode drei, sentence 5",
        "Diese Methode kann auch mit Methode zwei",
        ("TD406",),
        ("TD-A9",),
    ),
    _d("Spielende, sentence 1", "Spielende", D.INTERFACE),
    _s("Spielende, sentence 2", "Der Spieler mit den meisten oder den", ("TD503",), ("TD-A10",)),
    _d("Seite, sentence 1", "Zurück zur Übersicht", D.INTERFACE),
    _d("Seite, sentence 2", "Kontaktformular", D.INTERFACE),
    _d("Seite, sentence 3", "Downloads", D.INTERFACE),
)
