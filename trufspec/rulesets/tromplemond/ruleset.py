"""tromplemond, "Tromplemond Rules and Regulations Version 1.0": the replay of a game.

Each round goes through the cards of the round (:mod:`.pack`), the claims (:mod:`.claims`), the
irregularities the record states (:mod:`.irregularities`), the vote and its ties (:mod:`.votes`),
the scores (:mod:`.scoring`) and, with ``betting=tromp``, the TROMP! pot (:mod:`.pot`); the game
then goes through the running totals and its end (:mod:`.ending`).  There are no tricks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs
from attrs import frozen

from trufspec.cards import Card
from trufspec.engine.findings import Findings
from trufspec.engine.ruleset import DealOutcome, GameOutcome, Ruleset
from trufspec.engine.totals import RunningTotals
from trufspec.records import Atom, Deal, Dealer, Game, Score, Total, Tromp
from trufspec.rulesets.tromplemond.claims import check_claims, true_claims
from trufspec.rulesets.tromplemond.ending import Ending
from trufspec.rulesets.tromplemond.game import GAME
from trufspec.rulesets.tromplemond.irregularities import Irregular, irregularities
from trufspec.rulesets.tromplemond.pack import round_cards
from trufspec.rulesets.tromplemond.pot import (
    RoundPot,
    check_pot_lines,
    collectors,
    extreme_owner,
    round_pot,
    settle,
)
from trufspec.rulesets.tromplemond.scoring import Scored, round_scores
from trufspec.rulesets.tromplemond.votes import decide_vote
from trufspec.spec.options import Readings

__all__ = [
    "TROMPLEMOND",
    "RoundOutcome",
    "replay_round",
    "round_dealer",
    "scored_round",
    "wrong_dealer",
]

_PLAYERS = 4


@frozen
class RoundOutcome:
    """What a round established: its scores (None when the record gives too little), who went
    off, how many claimed cards were true per player, and the round's TROMP! pot."""

    scores: dict[str, int] | None
    off: str | None
    true_claims: dict[str, int]
    pot: RoundPot | None
    irregular: Irregular


def round_dealer(
    deal: Deal, seats: Sequence[str], previous: str | None, findings: Findings
) -> str | None:
    """TM103: the deal passes to the left."""
    section = deal.find(Dealer)
    if section is None or section.player.value not in seats:
        return None
    dealer = section.player.value
    if previous is not None:
        findings.judge("TM103")
        expected = wrong_dealer(dealer, previous, seats)
        if expected is not None:
            findings.add(
                "TM103",
                section.player.span,
                ack=section.player.ack,
                player=dealer,
                number=deal.number.value,
                previous=previous,
                expected=expected,
            )
    return dealer


def wrong_dealer(dealer: str, previous: str, seats: Sequence[str]) -> str | None:
    """TM103: who should deal after ``previous`` instead of ``dealer`` (the next player to
    the left), or None when ``dealer`` is that player; the record check and the live referee
    both ask it."""
    expected = seats[(seats.index(previous) + 1) % len(seats)]
    return None if dealer == expected else expected


def replay_round(
    deal: Deal,
    seats: Sequence[str],
    previous_dealer: str | None,
    options: Readings,
    findings: Findings,
    owner: str | None = None,
) -> tuple[RoundOutcome, str | None]:
    """Replay one round; its outcome and its dealer.  ``owner`` is the earlier Extreme caller
    who wins the round's TROMP! pot (:func:`~trufspec.rulesets.tromplemond.pot.extreme_owner`)."""
    dealer = round_dealer(deal, seats, previous_dealer, findings)
    cards = round_cards(deal, seats, findings)
    claims = check_claims(deal, seats, dealer, cards, options, findings)
    irregular = irregularities(deal.sections, seats, dealer, options, findings)
    off = (
        decide_vote(deal, irregular.voters, options, findings).off if irregular.vote_held else None
    )
    scores = _scores(deal, seats, cards.hand, off, irregular, findings)
    stake = options.integer("tromp-stake")
    out = irregular.forfeiting(off)
    pot = round_pot(
        deal.find_all(Tromp),
        seats,
        cards,
        out,
        options["betting"] == "tromp",
        stake,
        findings,
        owner,
        collectors(scores, out, options),
    )
    return RoundOutcome(scores, off, true_claims(claims, cards), pot, irregular), dealer


def scored_round(
    seats: Sequence[str], hands: dict[str, tuple[Card, ...]], irregular: Irregular, off: str | None
) -> dict[str, Scored]:
    """TM401, TM402, TM901, TM904: the scores of a round whose counted hands are known, with
    the player voted off and the irregularities' penalties applied; the validator's check of
    a score line and the live referee's scores."""
    out = irregular.out_of_scoring(off)
    return round_scores(
        seats, hands, frozenset(p for p in seats if p not in out), frozenset(irregular.zero)
    )


def _scores(
    deal: Deal,
    seats: Sequence[str],
    hand_of: Callable[[str], tuple[Card, ...] | None],
    off: str | None,
    irregular: Irregular,
    findings: Findings,
) -> dict[str, int] | None:
    """TM401, TM402, TM901, TM904: the round's scores, checked against its score line."""
    written = deal.find(Score)
    recorded = {f.side_name: f.value for f in written.entries} if written is not None else {}
    fallback = recorded if set(recorded) == set(seats) else None
    if irregular.vote_held and off is None:
        findings.unchecked("the scores (who is voted off is not known)")
        return fallback
    out = irregular.out_of_scoring(off)
    counted = [p for p in seats if p not in out]
    known = {p: hand_of(p) for p in counted}
    hands = {p: hand for p, hand in known.items() if hand is not None}
    hidden = [p for p in counted if p not in hands]
    if hidden:
        findings.unchecked(f"the scores ({', '.join(hidden)}'s cards are not all revealed)")
        return fallback
    scored = scored_round(seats, hands, irregular, off)
    if written is not None:
        findings.judge(
            "TM003",
            "TM401",
            "TM402" if off is not None else None,
            *irregular.out.values(),
            *irregular.zero.values(),
        )
    for figure in written.entries if written is not None else ():
        player = figure.side_name
        if player not in scored or figure.value == scored[player].points:
            continue
        clause = irregular.out.get(player) or irregular.zero.get(player)
        if clause is not None:
            values: dict[str, Any] = {"player": player} if clause == "TM901" else {}
            findings.add(
                clause,
                figure.span,
                ack=figure.ack,
                problem=f"{player} scores {figure.value}, not 0",
                **values,
            )
        elif player == off:
            findings.add(
                "TM402",
                figure.span,
                ack=figure.ack,
                player=player,
                number=deal.number.value,
                written=figure.value,
            )
        else:
            findings.add(
                "TM401",
                figure.span,
                ack=figure.ack,
                player=player,
                expected=scored[player].points,
                working=scored[player].working,
                written=figure.value,
            )
    return {player: s.points for player, s in scored.items()}


def replay(game: Game, options: Readings, findings: Findings, skip: frozenset[int]) -> GameOutcome:
    """Replay a tromplemond game round by round."""
    seats = game.players
    findings.judge("TM001")
    if len(seats) != _PLAYERS:
        span = next((t.span for t in game.tags if t.name == "Players"), game.span)
        findings.add("TM001", span, count=len(seats))
        return GameOutcome(tuple(DealOutcome() for _ in game.deals))
    totals = RunningTotals(seats, "TM403")
    ending = Ending(options)
    outcomes: list[DealOutcome] = []
    pots: list[RoundPot | None] = []
    best_round: dict[str, int] = {}
    # Per round, whether a fault made the rest of it follow the record rather than the rules.
    faulted: list[bool] = []
    dealer: str | None = None
    previous_off: str | None = None
    banned: list[tuple[Atom[str], int]] = []  # each player banned, as first named, and when
    void: int | None = None
    for index, deal in enumerate(game.deals):
        ending.before(deal, findings, follows=any(faulted))
        if previous_off is not None and previous_off in seats:
            findings.judge(
                "TM504"
            )  # the player voted off plays on: this round holds them like any other
        for banned_player, since in banned:
            findings.add(
                "TM902",
                deal.number.span,
                ack=banned_player.ack,
                player=banned_player.value,
                number=deal.number.value,
                banned=since,
            )
        if void is not None:
            findings.add(
                "TM903",
                deal.number.span,
                problem=f"round {deal.number.value} is played",
                number=void,
            )
        if index in skip:
            findings.add("REC016", deal.span, kind=deal.kind, number=deal.number.value)
            outcomes.append(DealOutcome(None, totals.add(None, deal.find(Total), findings)))
            pots.append(None)
            faulted.append(True)
            ending.after(outcomes[-1].totals)
            dealer = previous_off = None
            continue
        owner = extreme_owner(pots, options)
        result, dealer = replay_round(deal, seats, dealer, options, findings, owner)
        if deal.find(Total) is not None or deal.find(Score) is not None:
            # The score and total lines are the score card, kept by the points table in view.
            findings.judge("TM004", "TM005")
        running = totals.add(result.scores, deal.find(Total), findings, deal.find(Score))
        previous_off = result.off
        faulted.append(findings.disturbed)
        findings.close_deal(deal.kind, deal.number.value, deal.span)
        outcomes.append(DealOutcome(result.scores, running, _figures(result, options)))
        pots.append(result.pot)
        for player, points in (result.scores or {}).items():
            best_round[player] = max(points, best_round.get(player, points))
        ending.after(running)
        banned += [
            (player, deal.number.value)
            for player in result.irregular.banned
            if all(player.value != earlier.value for earlier, _ in banned)
        ]
        if result.irregular.void and void is None:
            void = deal.number.value
    winners = _winners(game, seats, ending, void, options, findings)
    if options["betting"] == "tromp":
        settlement = _settle_pots(game, seats, pots, best_round, ending, faulted, findings)
        if settlement is not None and outcomes:
            outcomes[-1] = _with_settlement(outcomes[-1], settlement)
    return GameOutcome(tuple(outcomes), winners)


_TRUE_CLAIMS = "true claims"
_POT = "TROMP! pot"


def _figures(result: RoundOutcome, options: Readings) -> tuple[tuple[str, dict[str, int]], ...]:
    """What the score sheet shows beside a round's scores: how many claimed cards were true,
    and under TROMP! betting what each player won from the pot."""
    figures = []
    if result.true_claims:
        figures.append((_TRUE_CLAIMS, result.true_claims))
    if options["betting"] == "tromp" and result.pot is not None:
        figures.append((_POT, dict(result.pot.won)))
    return tuple(figures)


def _with_settlement(outcome: DealOutcome, settlement: dict[str, int]) -> DealOutcome:
    """The last round's pot figures with the end-of-game settlement added."""
    figures = tuple(
        (
            label,
            {p: v + settlement.get(p, 0) for p, v in values.items()} if label == _POT else values,
        )
        for label, values in outcome.figures
    )
    return attrs.evolve(outcome, figures=figures)


def _winners(
    game: Game,
    seats: Sequence[str],
    ending: Ending,
    void: int | None,
    options: Readings,
    findings: Findings,
) -> tuple[str, ...]:
    """TM503, TM903: the winners, unless the game was made void."""
    if void is None:
        winners = ending.winners(game, seats, findings)
        if winners and options["betting"] == "joining-fee":
            findings.judge("TM407")  # the fee's winner and runner-up are named from the totals
        return winners
    tag = next((t for t in game.tags if t.name == "Winner"), None)
    if tag is not None:
        findings.judge("TM903")
        findings.add("TM903", tag.span, problem=f"the game is given to {tag.value}", number=void)
    return ()


def _settle_pots(
    game: Game,
    seats: Sequence[str],
    pots: list[RoundPot | None],
    best_round: dict[str, int],
    ending: Ending,
    faulted: list[bool],
    findings: Findings,
) -> dict[str, int] | None:
    """TM404, TM406: the pot lines, with the settlement in the last round once the game is over.
    The settlement depends on every round, so a fault in any of them makes its finding a
    consequence.  The settlement, once the game is over."""
    settlement, how = None, ""
    if ending.over is not None and all(p is not None for p in pots):
        settlement, how = settle([p for p in pots if p is not None], best_round, seats)
    expected = [p.won if p is not None else None for p in pots]
    if ending.over is not None and settlement is None and expected:
        # The last line holds the settlement, which a round with hidden hands leaves unknown.
        expected[-1] = None
    check_pot_lines(game.deals, expected, settlement, how, faulted, findings)
    return settlement


TROMPLEMOND = Ruleset(GAME.id, GAME.title, GAME.source.id, replay, deal_word=GAME.deal_word)
