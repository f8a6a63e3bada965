"""Record-level checks: what every record must satisfy, whatever game it records.

These are the ``REC`` clauses: a game has its ``Ruleset`` and ``Players`` tags once each, the
names in the deals are players of the game, a section that happens once per deal is written
once, no card appears twice among the cards of a deal.  Each check is a small generator in the
manner of python-jsonschema's keywords: it returns early when it does not apply and yields
diagnostics that say where and which clause.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from trufspec.cards import Card
from trufspec.diagnostics import Diagnostic, Flood, Severity
from trufspec.records import (
    NO_SPAN,
    Atom,
    Bids,
    Bribe,
    Cards,
    Claims,
    Contract,
    Cut,
    Deal,
    Dealer,
    Decide,
    EarlyReveal,
    Game,
    Hands,
    Misdeal,
    Off,
    Play,
    Public,
    Ruff,
    Secret,
    Span,
    Stock,
    Tricks,
    Tromp,
    Undealt,
    Votes,
)
from trufspec.spec.registry import default_registry

__all__ = ["check_game", "check_values", "judged_by", "record_diagnostic", "REQUIRED_TAGS"]

REQUIRED_TAGS = ("Ruleset", "Players")

_REPEATABLE = (Votes, Decide, Cut, EarlyReveal, Misdeal, Tromp, Claims, Bribe)
"""Sections a deal may hold more than once: a re-vote, a second cut, repeated claims, a bribe by
each of two players."""

_OPTION_PAIR = re.compile(r"\s*([^=,\s]+)\s*=\s*([^=,\s]+)\s*")


def record_diagnostic(
    code: str, span: Span, path: str | None, *, ack: bool = False, **values: Any
) -> Diagnostic:
    """A diagnostic of a ``REC`` clause, its message made from the clause's template.

    ``ack`` says the record marks the offending token with ``!``: the mistake is known and
    kept on purpose (a record copied from a source that has it), so it is reported as
    acknowledged, not as an error."""
    clause = default_registry().clause(code)
    severity = (
        Severity.ACKNOWLEDGED if ack and clause.severity is Severity.ERROR else clause.severity
    )
    return Diagnostic.of(clause, span, path, values, severity=severity)


def check_game(
    game: Game, path: str | None, judged: set[str] | None = None
) -> Iterator[Diagnostic]:
    """Every record-level problem of a game (at most :data:`~trufspec.diagnostics.PER_LINE`
    of a clause on a line); ``judged``, when given, receives the codes of the checks the game
    gives facts for (see :func:`judged_by`)."""
    if judged is not None:
        judged.update(judged_by(game))
    flood = Flood()
    return (d for d in _problems(game, path) if flood.admits(d.code, d.span.line))


def _problems(game: Game, path: str | None) -> Iterator[Diagnostic]:
    yield from _tags(game, path)
    players = set(game.players)
    for number, deal in enumerate(game.deals, start=1):
        yield from _numbering(deal, number, path)
        yield from _sections(deal, path)
        if players:
            yield from _names(deal, players, game, path)
        yield from _entries(deal, path)
        yield from _duplicate_cards(deal, path)


def check_values(game: Game, path: str | None) -> Iterator[Diagnostic]:
    """What the notation's reader checks as it reads, for a game that was not read from text
    (made in code, or read from JSON): in a trick that names each card's player, one card
    after each name (REC012).  The reader reports it on the run of cards; a value has no run,
    and the trick's extra cards are those after the last name, as the replay pairs them."""
    for deal in game.deals:
        play = deal.find(Play)
        for trick in play.tricks if play is not None else ():
            named = len(trick.players)
            if trick.by_player and len(trick.cards.cards) > named > 0:
                count = len(trick.cards.cards) - named + 1
                player = trick.players[-1]
                yield record_diagnostic(
                    "REC012", trick.span, path, player=player.value, count=count
                )


def judged_by(game: Game) -> set[str]:
    """The record-level clauses a game can be judged by: the tag checks when it has tags, the
    numbering and section checks for each deal, the names when the players are known, the
    entries and duplicate cards when a section lists them."""
    codes = {"REC003", "REC004", "REC006"} if game.tags else set()
    if game.tag("Players") is not None or game.tag("Options") is not None:
        codes.add("REC005")
    if game.deals:
        codes.update(("REC008", "REC009"))
        if game.players:
            codes.add("REC010")
    # What a game holds is told by the kinds of its sections, looked at once each.
    kinds = {type(section) for deal in game.deals for section in deal.sections}
    if any(issubclass(kind, (Hands, Bids, Tricks)) for kind in kinds):
        codes.add("REC011")
    if any(issubclass(kind, (Hands, Undealt, Stock, Public, Secret, Play)) for kind in kinds):
        codes.add("REC013")
    plays = [
        section for deal in game.deals for section in deal.sections if isinstance(section, Play)
    ]
    if any(trick.by_player for play in plays for trick in play.tricks):
        codes.add("REC012")  # checked as the trick is read, one card after each name
    return codes


def _tags(game: Game, path: str | None) -> Iterator[Diagnostic]:
    # A game begins with its tags; deals before any tag belong to no game.
    if not game.tags:
        first = game.deals[0]
        yield record_diagnostic(
            "REC006", first.span, path, kind=first.kind, number=first.number.value
        )
        return
    seen: dict[str, Span] = {}
    for tag in game.tags:
        if tag.name in seen:
            yield record_diagnostic(
                "REC003", tag.span, path, tag=tag.name, first_line=seen[tag.name].line
            )
        else:
            seen[tag.name] = tag.span
    for required in REQUIRED_TAGS:
        if required not in seen:
            yield record_diagnostic("REC004", game.tags[0].span, path, tag=required)
    if "Players" in seen:
        names = game.players
        if not names:
            yield record_diagnostic(
                "REC005", seen["Players"], path, detail="the [Players] tag names no player"
            )
        repeated = sorted({n for n in names if names.count(n) > 1})
        if repeated:
            detail = f"the [Players] tag names {', '.join(repeated)} more than once"
            yield record_diagnostic("REC005", seen["Players"], path, detail=detail)
    if "Options" in seen:
        text = game.tag("Options") or ""
        for part in filter(str.strip, text.split(",")):
            if not _OPTION_PAIR.fullmatch(part):
                detail = f"the [Options] tag should list key=value pairs separated by commas, found '{part.strip()}'"
                yield record_diagnostic("REC005", seen["Options"], path, detail=detail)


def _numbering(deal: Deal, expected: int, path: str | None) -> Iterator[Diagnostic]:
    # Deals are numbered 1, 2, 3... in the order they are written.  A deal whose header could
    # not be read has no number written (its span is NO_SPAN): the reader reported the header.
    if deal.number.value != expected and deal.number.span != NO_SPAN:
        yield record_diagnostic(
            "REC008",
            deal.number.span,
            path,
            kind=deal.kind,
            number=deal.number.value,
            expected=expected,
        )


def _keyword(section: Any) -> str:
    return type(section).__name__.lower().replace("earlyreveal", "early-reveal")


def _sections(deal: Deal, path: str | None) -> Iterator[Diagnostic]:
    # A section that happens once per deal is written once.
    seen: dict[type, Span] = {}
    for section in deal.sections:
        kind = type(section)
        if isinstance(section, _REPEATABLE):
            continue
        if kind in seen:
            yield record_diagnostic(
                "REC009",
                section.span,
                path,
                kind=deal.kind,
                section=_keyword(section),
                first_line=seen[kind].line,
            )
        else:
            seen[kind] = section.span


def _player_atoms(deal: Deal) -> list[Atom[str]]:
    """Every player named in a deal, as written."""
    atoms: list[Atom[str]] = []
    for section in deal.sections:
        if isinstance(section, (Hands, Bids)):
            atoms.extend([entry.player for entry in section.entries])
        elif isinstance(section, Play):
            atoms.extend(
                [atom for trick in section.tricks for atom in (trick.players or (trick.leader,))]
            )
        elif isinstance(section, Contract):
            atoms.append(section.winner)
        elif isinstance(section, Tricks):
            continue  # a line of figures names sides, whose members are checked one by one
        elif isinstance(section, (Dealer, Off, Ruff, EarlyReveal, Tromp, Bribe)):
            atoms.append(section.player)
        elif isinstance(section, Votes):
            for vote in section.entries:
                if vote.target is not None:
                    atoms.append(vote.target)
                if vote.voter is not None:
                    atoms.append(vote.voter)
        elif isinstance(section, Cut):
            atoms.extend(section.players)
    return atoms


def _names(deal: Deal, players: set[str], game: Game, path: str | None) -> Iterator[Diagnostic]:
    # Every name in a deal is a player of the game (teams are players joined by '+').
    atoms = _player_atoms(deal)
    sides = [
        figure
        for section in deal.sections
        if isinstance(section, Tricks)
        for figure in section.entries
    ]
    named = {atom.value for atom in atoms}.union(*(figure.side for figure in sides))
    if named <= players:
        return  # every name is a player's: the usual case, told at the cost of one set
    listed = " ".join(game.players)
    for atom in atoms:
        if atom.value not in players:
            yield record_diagnostic("REC010", atom.span, path, name=atom.value, players=listed)
    for figure in sides:
        for member in figure.side:
            if member not in players:
                yield record_diagnostic("REC010", figure.span, path, name=member, players=listed)


def _entries(deal: Deal, path: str | None) -> Iterator[Diagnostic]:
    # A section lists each player (or team) once.
    for section in deal.sections:
        if isinstance(section, (Hands, Bids)):
            keys = [e.player.value for e in section.entries]
        elif isinstance(section, Tricks):
            keys = [f.side_name for f in section.entries]
        else:
            continue
        if len(set(keys)) == len(keys):
            continue  # no one twice: the usual case
        seen: set[str] = set()
        for key, span in zip(keys, [entry.span for entry in section.entries]):
            if key in seen:
                yield record_diagnostic("REC011", span, path, name=key, section=_keyword(section))
            seen.add(key)


def _duplicate_cards(deal: Deal, path: str | None) -> Iterator[Diagnostic]:
    # No card appears twice among the cards dealt, among the cards shown and revealed, or in
    # the play.
    dealt: list[Cards] = []
    undealt: list[Cards] = []
    shown: list[Cards] = []
    played: list[Cards] = []
    for section in deal.sections:
        # Exact types: claims, which are also hands, are neither dealt nor shown.
        if type(section) is Hands:
            dealt.extend([entry.cards for entry in section.entries])
        elif type(section) is Public or type(section) is Secret:
            shown.extend([entry.cards for entry in section.entries])
        elif isinstance(section, (Undealt, Stock)):
            undealt.append(section.cards)
        elif isinstance(section, Play):
            played.extend([trick.cards for trick in section.tricks])
    for group in (dealt + undealt, shown, played):
        runs = [run.cards for run in group]
        if len(set().union(*runs)) == sum(map(len, runs)):
            continue  # no card twice: the usual case, told at the cost of one set
        seen: dict[Card, tuple[Cards, int]] = {}
        for run in group:
            for index, card in enumerate(run):
                if card not in seen:
                    seen[card] = (run, index)
                    continue
                first_run, first_index = seen[card]
                yield record_diagnostic(
                    "REC013",
                    run.span(index),
                    path,
                    ack=index in run.acks,
                    card=card,
                    kind=deal.kind,
                    other_line=first_run.span(first_index).line,
                )
