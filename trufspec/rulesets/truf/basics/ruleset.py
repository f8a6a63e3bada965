"""truf-basics, "Truf: The Basics": the replay of a game through its phases.

Deal (TB101, TB102), declarations, bid winner, trump and mode (:mod:`.declarations`), play
(the shared trick-taking of :mod:`trufspec.engine.tricks` with this ruleset's clauses),
scoring (:mod:`.scoring`), running totals and the end of the six-round game.  The clauses
themselves, with their citations, are in :mod:`.clauses`; the readings of the source's
unclear points in :mod:`.options`.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve

from trufspec.cards import NT, Card, Suit, Trump
from trufspec.engine.findings import Findings
from trufspec.engine.ruleset import DealOutcome, GameOutcome, Ruleset
from trufspec.engine.totals import RunningTotals, best_totals
from trufspec.engine.tricks import TrickRules, replay_play, tricks_taken
from trufspec.records import Bids, Contract, Deal, Game, Hands, Play, Score, Total, Undealt
from trufspec.rulesets.truf.basics import declarations as declaring
from trufspec.rulesets.truf.basics.game import GAME
from trufspec.rulesets.truf.basics.scoring import Scored, score
from trufspec.rulesets.truf.outcome import settled
from trufspec.spec.options import Readings

__all__ = ["TRUF_BASICS", "ROUNDS", "TRICKS", "check_trump", "trick_rules", "deal_scores"]

PLAYERS = 4
TRICKS = 13
ROUNDS = 6


def trick_rules(options: Readings) -> TrickRules:
    """The clauses of play, under the reading of leading trumps."""
    return TrickRules(
        first_leader="TB301",
        next_leader="TB302",
        follow_suit="TB303",
        card_held="TB304",
        one_card_each="TB305",
        trick_count="TB307",
        trick_winner="TB306",
        trump_lead="TB308" if options["trump-lead"] == "until-broken" else None,
    )


def _hands(deal: Deal, seats: Sequence[str], findings: Findings) -> dict[str, list[Card]] | None:
    """TB101, TB102: the hands as dealt, when the record gives all of them."""
    section = deal.find(Hands)
    if section is None:
        return None
    hands = {e.player.value: list(e.cards) for e in section.entries if e.player.value in seats}
    if set(hands) != set(seats) or section.incomplete:
        findings.unchecked("the deal (not every hand is recorded)")
        return None
    findings.judge("TB002", "TB101", "TB102")
    for entry in section.entries:
        if len(entry.cards) != TRICKS and entry.player.value in seats:
            findings.add("TB101", entry.span, player=entry.player.value, count=len(entry.cards))
    # Four hands of 13 with no card twice (REC013 reports duplicates) are the whole pack; what
    # is left to check is a card said to be left out.
    undealt = deal.find(Undealt)
    if undealt is not None:
        cards = " ".join(map(str, undealt.cards))
        findings.add("TB102", undealt.span, problem=f"{cards} is recorded as undealt")
    return hands


def check_trump(
    contract: Contract | None,
    winning: declaring.Declaration,
    options: Readings,
    findings: Findings,
) -> None:
    """TB212: the trump the record states is the one the winning declaration makes (or, when
    the bid winner may choose No Truf, no trump)."""
    computed = declaring.trump_of(winning)
    if computed is None or contract is None or contract.trump is None:
        return
    findings.judge("TB212")
    written = contract.trump.value
    if written == computed or (written == NT and options["no-truf-by-choice"] == "yes"):
        return
    findings.fault(
        "TB212",
        contract.trump.span,
        ack=contract.trump.ack,
        expected=declaring.describe_trump(computed),
        written=declaring.describe_trump(written),
        reason=f"{winning.player} declared {' '.join(str(c) for c in winning.cards)} ({winning.form.value})",
    )


def _replay_deal(
    deal: Deal, seats: Sequence[str], options: Readings, findings: Findings
) -> DealOutcome:
    """Replay one round; its scores (recomputed, or as recorded where they cannot be) and the
    contract they are scored under."""
    hands = _hands(deal, seats, findings)
    contract = deal.find(Contract)
    section = deal.find(Bids)
    declared = declaring.evaluate(section, seats, hands, options, findings) if section else {}

    # The bid winner, trump and mode.  The play is judged under the record's own contract (who
    # led and which suit was trumps is what the table played); the scores under the rules.
    winner = contract.winner.value if contract is not None else None
    trump: Trump | None = (
        contract.trump.value if contract is not None and contract.trump is not None else None
    )
    high = None
    scoring_winner = winner
    if set(declared) == set(seats):
        contest = declaring.bid_winner(declared, options)
        if contest is None:
            findings.unchecked("the bid winner (tied targets written as numbers)")
        else:
            scoring_winner = contest.winner
            if contract is None:
                winner = contest.winner
            else:
                findings.judge("TB207", *contest.lost.values())
                declaring.report_winner(contest, contract, declared, options, findings)
            check_trump(contract, declared[contest.winner], options, findings)
        if trump is None and winner in declared:
            trump = declaring.trump_of(declared[winner])
        high = declaring.decide_mode(sum(d.target for d in declared.values()), contract, findings)
    else:
        findings.unchecked("the contract (not every declaration is recorded)")

    play = deal.find(Play)
    won = None
    if play is not None:
        if winner is None:
            findings.unchecked("who leads the first trick (the bid winner is not known)")
        if trump is None:
            findings.unchecked("trumps in the play (the trump suit is not known)")
        suit = trump if isinstance(trump, Suit) else None
        rules = trick_rules(options)
        if rules.trump_lead is None and suit is not None and play.tricks:
            findings.judge("TB308")  # led freely: under this reading any lead keeps the rule
        outcome = replay_play(play, seats, hands, winner, suit, rules, findings, TRICKS)
        won = outcome.won if outcome.complete else None
        if outcome.won:
            findings.judge("TB003")
        if not outcome.complete:
            findings.unchecked("the tricks won (the play is not complete)")
    taken = tricks_taken(deal, seats, won, "TB406", findings)
    return settled(
        _scores(deal, seats, declared, high, taken, findings), scoring_winner, trump, high, taken
    )


def _scores(
    deal: Deal,
    seats: Sequence[str],
    declared: dict[str, declaring.Declaration],
    high: bool | None,
    taken: dict[str, int] | None,
    findings: Findings,
) -> dict[str, int] | None:
    """TB401 to TB405: the scores, checked against the record's score line."""
    written = deal.find(Score)
    recorded = {f.side_name: f.value for f in written.entries} if written is not None else {}
    if taken is None or high is None or set(declared) != set(seats):
        if high is None and taken is not None and set(declared) == set(seats):
            findings.unchecked("the scores (the mode is not known)")
        if set(recorded) != set(seats):
            return None
        findings.judge("TB407")
        return recorded
    scores = {}
    for player, result in deal_scores(seats, declared, high, taken).items():
        target = declared[player].target
        findings.judge(result.clause)
        scores[player] = result.points
        for figure in written.entries if written is not None else ():
            if figure.side_name == player and figure.value != result.points:
                findings.add(
                    result.clause,
                    figure.span,
                    ack=figure.ack,
                    player=player,
                    target=target,
                    taken=taken[player],
                    expected=result.points,
                    written=figure.value,
                    working=result.working,
                )
    return scores


def deal_scores(
    seats: Sequence[str],
    declared: dict[str, declaring.Declaration],
    high: bool,
    taken: dict[str, int],
) -> dict[str, Scored]:
    """TB401 to TB405: what each player scores for a round, with the clause that fixes it."""
    highest = max(d.target for d in declared.values())
    return {
        player: score(declared[player].target, taken[player], high, highest) for player in seats
    }


def replay(game: Game, options: Readings, findings: Findings, skip: frozenset[int]) -> GameOutcome:
    """Replay a truf-basics game round by round."""
    seats = game.players
    findings.judge("TB001")
    if len(seats) != PLAYERS:
        span = next((t.span for t in game.tags if t.name == "Players"), game.span)
        findings.add("TB001", span, count=len(seats))
        return GameOutcome(tuple(DealOutcome() for _ in game.deals))
    totals = RunningTotals(seats, "TB408")
    outcomes = []
    for index, deal in enumerate(game.deals):
        if index in skip:
            findings.add("REC016", deal.span, kind=deal.kind, number=deal.number.value)
            outcomes.append(DealOutcome(None, totals.add(None, deal.find(Total), findings)))
            continue
        played = _replay_deal(deal, seats, options, findings)
        running = totals.add(played.scores, deal.find(Total), findings, deal.find(Score))
        findings.close_deal(deal.kind, deal.number.value, deal.span)
        outcomes.append(evolve(played, totals=running))
    return GameOutcome(tuple(outcomes), _winners(game, outcomes, findings))


def _winners(game: Game, outcomes: list[DealOutcome], findings: Findings) -> tuple[str, ...]:
    """TB501 to TB503: the highest total after six rounds wins; a record of fewer rounds is a
    game not yet finished."""
    count = len(game.deals)
    findings.judge("TB502", "TB503")
    if count > ROUNDS:
        findings.add("TB502", game.deals[ROUNDS].span, count=count)
    if count < ROUNDS:
        findings.add("TB503", game.deals[-1].span if game.deals else game.span, count=count)
        return ()
    totals = outcomes[ROUNDS - 1].totals
    if totals is None:
        return ()
    winners = best_totals(game.players, totals)
    best = totals[winners[0]]
    written = game.tag("Winner")
    if written is not None:
        findings.judge("TB501")
    if written is not None and set(written.split()) != set(winners):
        span = next(t.span for t in game.tags if t.name == "Winner")
        findings.add("TB501", span, expected=" and ".join(winners), total=best, written=written)
    return winners


TRUF_BASICS = Ruleset(GAME.id, GAME.title, GAME.source.id, replay, deal_word=GAME.deal_word)
