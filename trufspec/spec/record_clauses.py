"""The clauses of the record notation itself, shared by every ruleset.

These rules come from the notation, not from a game's text: a record must be readable, say
which game it is and who plays it, and not contradict itself (a card twice in one deal, a player
who is not seated).  They carry no citation; each note points to the notation reference.  Their
codes are ``REC`` and three digits with no phase digit, and the parser emits them, so the codes
are fixed.
"""

from __future__ import annotations

from trufspec.spec.clauses import Clause, Kind, Phase, Strength

__all__ = ["CLAUSES", "RULESET"]

RULESET = "record"
"""The pseudo-ruleset of the notation's own clauses."""

_NOTE = "Defined by the record notation; see the notation reference in the documentation."


def _clause(
    code: str,
    slug: str,
    phase: Phase,
    title: str,
    statement: str,
    message: str,
    strength: Strength = Strength.MUST,
    you: str = "",
) -> Clause:
    """A record clause: every one is a legality rule of the notation with no game source."""
    return Clause(
        code=code,
        slug=slug,
        ruleset=RULESET,
        phase=phase,
        kind=Kind.LEGALITY,
        strength=strength,
        title=title,
        statement=statement,
        citations=(),
        message=message,
        note=_NOTE,
        you=you,
    )


CLAUSES: tuple[Clause, ...] = (
    _clause(
        "REC001",
        "syntax-error",
        Phase.DEFINITIONS,
        "Syntax",
        "A record must follow the grammar of the notation.",
        "{detail}",
    ),
    _clause(
        "REC002",
        "unreadable-input",
        Phase.DEFINITIONS,
        "Readable text",
        "A record must be UTF-8 text: binary data, another encoding or NUL bytes cannot be read.",
        "{detail}",
    ),
    _clause(
        "REC003",
        "duplicate-tag",
        Phase.DEFINITIONS,
        "One of each tag",
        "A tag may appear only once in a game.",
        "tag [{tag}] appears twice in this game (first at line {first_line})",
    ),
    _clause(
        "REC004",
        "missing-tag",
        Phase.DEFINITIONS,
        "Required tags",
        "Every game must have a Ruleset tag and a Players tag.",
        "this game has no [{tag}] tag; every game needs one",
    ),
    _clause(
        "REC005",
        "malformed-tag",
        Phase.DEFINITIONS,
        "Tag values",
        "A tag the notation defines must have a value of the form it requires: Players names at "
        "least one player and no name twice, Options is a list of key=value pairs.",
        "{detail}",
    ),
    _clause(
        "REC006",
        "deal-before-tags",
        Phase.DEFINITIONS,
        "Tags first",
        "A game starts with its tags; a deal or round before any tag belongs to no game.",
        "{kind} {number} comes before any tag; a game starts with its tags",
    ),
    _clause(
        "REC007",
        "unknown-ruleset",
        Phase.DEFINITIONS,
        "Known ruleset",
        "A game whose ruleset trufspec does not know can be checked only for its syntax and the "
        "structure of the record, not against the rules of its game.",
        "ruleset '{ruleset}' is not known to trufspec; this game was checked for syntax and "
        "record structure only",
        strength=Strength.MAY,
    ),
    _clause(
        "REC008",
        "deal-numbering",
        Phase.DEFINITIONS,
        "Deal numbers",
        "The deals (or rounds) of a game are numbered 1, 2, 3 and so on, in order.",
        "{kind} {number} should be numbered {expected}",
    ),
    _clause(
        "REC009",
        "duplicate-section",
        Phase.DEAL,
        "One of each section",
        "A section that describes a deal once (its hands, its bids, its play) may appear only "
        "once in that deal.",
        "this {kind} has a second '{section}' section (the first is at line {first_line})",
    ),
    _clause(
        "REC010",
        "unknown-player",
        Phase.DEAL,
        "Seated players",
        "Every name in a deal must be one of the players of the game's Players tag.",
        "'{name}' is not a player of this game (players: {players})",
        you="you are not a player of this game (players: {players})",
    ),
    _clause(
        "REC011",
        "duplicate-entry",
        Phase.DEAL,
        "One entry each",
        "A section lists each player, or each team, at most once.",
        "'{name}' appears twice in this '{section}' section",
        you="you are in this '{section}' section already",
    ),
    _clause(
        "REC012",
        "one-card-per-player",
        Phase.DEAL,
        "One card per name",
        "Where a record names the player of every card (a trick in the per-card form, a card "
        "cut), each name is followed by exactly one card.",
        "{player} {player:is} followed by {count} cards; here each player is named with one card",
    ),
    _clause(
        "REC013",
        "duplicate-card",
        Phase.DEAL,
        "Each card once",
        "A card can be in only one place in a deal: it appears once among the hands, the stock "
        "and the undealt cards, once among the public and secret cards, and once in the play.",
        "{card} appears twice in this {kind} (also at line {other_line})",
    ),
    _clause(
        "REC014",
        "invalid-option",
        Phase.DEFINITIONS,
        "Known options",
        "An option chosen in the Options tag or on the command line must be an option of the "
        "game's ruleset, with one of the values it allows.",
        "{detail}",
    ),
    _clause(
        "REC015",
        "partial-record",
        Phase.DEAL,
        "Facts missing",
        "A record may leave out any part of a deal except its number; every check that needs a "
        "missing fact is skipped, and the report says which.",
        "{kind} {number}: not checked for lack of facts in the record: {what}",
        Strength.MAY,
    ),
    _clause(
        "REC016",
        "deal-not-replayed",
        Phase.DEAL,
        "Unreadable deals are not judged",
        "A deal with a syntax error is read as far as possible but not judged by the rules of "
        "the game, since what it records is not known.",
        "{kind} {number} has syntax errors, so the rules of the game were not applied to it",
        Strength.MAY,
    ),
)
