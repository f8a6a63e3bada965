"""truf-de, the German "TRUF Spielregeln": the replay of a game through its phases.

Deal and dealer (:mod:`.deal`), bidding and mode (:mod:`.bids`), play (the shared
trick-taking of :mod:`trufspec.engine.tricks` with this ruleset's clauses), scoring
(:mod:`.scoring`), running totals and the end of the game after 13 deals.  The clauses with
their citations are in :mod:`.clauses`; the readings of the source's unclear points in
:mod:`.options`.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve

from trufspec.cards import Suit
from trufspec.engine.findings import Findings
from trufspec.engine.ruleset import DealOutcome, GameOutcome, Ruleset
from trufspec.engine.totals import RunningTotals, best_totals
from trufspec.engine.tricks import TrickRules, replay_play, tricks_taken
from trufspec.records import Bids, Contract, Deal, Game, Play, Score, Total
from trufspec.rulesets.truf.de import bids as bidding
from trufspec.rulesets.truf.de.deal import HAND, check_dealer, hands_of
from trufspec.rulesets.truf.de.game import GAME
from trufspec.rulesets.truf.de.scoring import Scored, score
from trufspec.rulesets.truf.outcome import settled
from trufspec.spec.options import Readings

__all__ = ["DEALS", "TRICK_RULES", "TRUF_DE", "deal_scores", "game_winners"]

PLAYERS = 4
DEALS = 13
"""TD501: the deals of a complete game."""

TRICK_RULES = TrickRules(
    first_leader="TD301",
    next_leader="TD302",
    follow_suit="TD305",
    card_held="TD306",
    one_card_each="TD307",
    trick_count="TD309",
    trick_winner="TD308",
    trump_lead="TD303",
)
"""The play of truf-de: trumps may not be led until one has been played in an earlier trick
(TD-A14); the source says nothing of the order of the followers, so it is not checked."""


def _check_trump(contract: Contract | None, winning: bidding.Bid, findings: Findings) -> None:
    """TD206: the trump the record states is the suit of the highest bid."""
    if winning.card is None or contract is None or contract.trump is None:
        return
    findings.judge("TD206")
    if contract.trump.value == winning.card.suit:
        return
    written = contract.trump.value
    findings.fault(
        "TD206",
        contract.trump.span,
        ack=contract.trump.ack,
        expected=winning.card.suit.name.lower(),
        written=written.name.lower() if isinstance(written, Suit) else "no trump",
        reason=f"{winning.player} bid {winning.card}",
    )


def _replay_deal(
    deal: Deal, seats: Sequence[str], options: Readings, findings: Findings
) -> DealOutcome:
    """Replay one deal; its scores (recomputed, or as recorded where they cannot be) and the
    contract they are scored under."""
    hands = hands_of(deal, seats, options, findings)
    contract = deal.find(Contract)
    bids_section = deal.find(Bids)
    bids = bidding.evaluate_bids(bids_section, seats, hands, findings) if bids_section else {}

    # As in every Truf ruleset: the play is judged under the record's own contract (who led and
    # which suit was trumps is what the table played), the scores under the rules.
    winner = contract.winner.value if contract is not None else None
    trump = contract.trump.value if contract is not None and contract.trump is not None else None
    choice = None
    scoring_winner = winner
    if set(bids) == set(seats):
        highest = bidding.bid_winner(bids)
        if highest is None:
            findings.unchecked("the highest bidder (tied bids written as numbers)")
        else:
            scoring_winner = highest
            bidding.judge_winner(bids, findings)
            if contract is None:
                winner = highest
            elif contract.winner.value != highest:
                bidding.report_winner(highest, contract, bids, findings)
            _check_trump(contract, bids[highest], findings)
        if trump is None and winner in bids:
            card = bids[winner].card
            trump = card.suit if card is not None else None
        choice = bidding.decide_mode(sum(b.value for b in bids.values()), contract, findings)
    else:
        findings.unchecked("the contract (not every bid is recorded)")

    play = deal.find(Play)
    won = None
    if play is not None:
        if winner is None:
            findings.unchecked("who leads the first trick (the highest bidder is not known)")
        if trump is None:
            findings.unchecked("trumps in the play (the trump suit is not known)")
        suit = trump if isinstance(trump, Suit) else None
        # The trick winner is found by the rank order, with trumps turned up once the trick
        # is complete, which the record shows as a plain card.
        findings.judge("TD003", "TD310" if suit is not None else None)
        outcome = replay_play(play, seats, hands, winner, suit, TRICK_RULES, findings, HAND)
        won = outcome.won if outcome.complete else None
        if not outcome.complete:
            findings.unchecked("the tricks taken (the play is not complete)")
    taken = tricks_taken(deal, seats, won, "TD407", findings)
    scores = _scores(deal, seats, bids, choice, taken, options, findings)
    return settled(scores, scoring_winner, trump, None if choice is None else choice.high, taken)


def _scores(
    deal: Deal,
    seats: Sequence[str],
    bids: dict[str, bidding.Bid],
    choice: bidding.ModeChoice | None,
    taken: dict[str, int] | None,
    options: Readings,
    findings: Findings,
) -> dict[str, int] | None:
    """TD402 to TD406: the scores, checked against the record's score line."""
    written = deal.find(Score)
    recorded = {f.side_name: f.value for f in written.entries} if written is not None else {}
    if taken is None or choice is None or set(bids) != set(seats):
        if choice is None and taken is not None and set(bids) == set(seats):
            findings.unchecked("the scores (the mode is not known)")
        return {p: recorded[p] for p in seats} if set(seats) <= set(recorded) else None
    targets = bidding.targets(bids, choice)
    findings.judge("TD401", "TD210" if any(t < 0 for t in targets.values()) else None)
    scores = {}
    for player, result in deal_scores(seats, bids, choice, taken, options).items():
        findings.judge(*result.judged)
        scores[player] = result.points
        for figure in written.entries if written is not None else ():
            if figure.side_name == player and figure.value != result.points:
                findings.add(
                    result.clause,
                    figure.span,
                    ack=figure.ack,
                    player=player,
                    bid=targets[player],
                    taken=taken[player],
                    expected=result.points,
                    written=figure.value,
                    mode="atas" if choice.high else "bawah",
                    working=result.working,
                )
    return scores


def deal_scores(
    seats: Sequence[str],
    bids: dict[str, bidding.Bid],
    choice: bidding.ModeChoice,
    taken: dict[str, int],
    options: Readings,
) -> dict[str, Scored]:
    """TD401 to TD406: what each player scores for a deal, with the clause that fixes it."""
    targets = bidding.targets(bids, choice)
    return {player: score(targets[player], taken[player], choice.high, options) for player in seats}


def replay(game: Game, options: Readings, findings: Findings, skip: frozenset[int]) -> GameOutcome:
    """Replay a truf-de game deal by deal."""
    seats = game.players
    if len(seats) != PLAYERS:
        span = next((t.span for t in game.tags if t.name == "Players"), game.span)
        findings.add("TD001", span, count=len(seats))
        return GameOutcome(tuple(DealOutcome() for _ in game.deals))
    findings.judge("TD001")
    totals = RunningTotals(seats, "TD408")
    outcomes = []
    dealers: tuple[str, ...] = ()
    for index, deal in enumerate(game.deals):
        before = [
            t for t in (totals.totals, totals.stated) if t is not None and set(seats) <= set(t)
        ]
        if index in skip:
            findings.add("REC016", deal.span, kind=deal.kind, number=deal.number.value)
            dealers = ()
            outcomes.append(DealOutcome(None, totals.add(None, deal.find(Total), findings)))
            continue
        dealers = check_dealer(index, deal, dealers, seats, before, options, findings)
        played = _replay_deal(deal, seats, options, findings)
        running = totals.add(played.scores, deal.find(Total), findings, deal.find(Score))
        findings.close_deal(deal.kind, deal.number.value, deal.span)
        outcomes.append(evolve(played, totals=running))
    return GameOutcome(tuple(outcomes), _winners(game, outcomes, options, findings))


def _winners(
    game: Game, outcomes: list[DealOutcome], options: Readings, findings: Findings
) -> tuple[str, ...]:
    """TD501 to TD503: after 13 deals the highest total (or the lowest, or by the tricks taken,
    as the winner option says) wins; a record of fewer deals is an unfinished game, and one of
    more breaks the length of a game."""
    count = len(game.deals)
    findings.judge("TD501", "TD502" if count else None)
    if count > DEALS:
        findings.add("TD501", game.deals[DEALS].span, count=count, expected=DEALS)
    if 0 < count < DEALS:
        findings.add("TD502", game.deals[-1].span, count=count, expected=DEALS)
    if count < DEALS or outcomes[-1].totals is None:
        return ()
    found = game_winners(game.players, outcomes, options)
    if found is None:
        findings.unchecked("the winner (a deal's tricks or mode are not known)")
        return ()
    winners, reason = found
    written = game.tag("Winner")
    if written is not None:
        findings.judge("TD503")
    if written is not None and set(written.split()) != set(winners):
        span = next(t.span for t in game.tags if t.name == "Winner")
        findings.add("TD503", span, expected=" and ".join(winners), reason=reason, written=written)
    return winners


_TRICK_READINGS = {
    "most-tricks": ("the most tricks", False),
    "fewest-tricks": ("the fewest tricks", True),
    "tricks-by-variant": ("the most tricks, atas deals counted for and bawah against", False),
}
"""The TD-A10 readings that decide by tricks taken: how the reason reads, and whether the
lowest count wins."""


def game_winners(
    seats: Sequence[str], outcomes: Sequence[DealOutcome], options: Readings
) -> tuple[tuple[str, ...], str] | None:
    """TD503 and TD-A10: the winners of a finished game, with the figure that made them; None
    when a reading by tricks needs a deal's tricks or mode that is not known."""
    reading = options["winner"]
    if reading not in _TRICK_READINGS:
        totals = outcomes[-1].totals
        assert totals is not None  # a finished game's totals are known
        lowest = reading == "lowest-total"
        winners = best_totals(seats, totals, lowest)
        which = "lowest" if lowest else "highest"
        return winners, f"with the {which} total, {totals[winners[0]]}"
    counted = dict.fromkeys(seats, 0)
    for outcome in outcomes:
        if outcome.tricks is None or set(outcome.tricks) != set(seats) or outcome.mode is None:
            return None
        against = reading == "tricks-by-variant" and outcome.mode == "low"
        for player in seats:
            counted[player] += -outcome.tricks[player] if against else outcome.tricks[player]
    what, lowest = _TRICK_READINGS[reading]
    winners = best_totals(seats, counted, lowest)
    return winners, f"with {what}, {counted[winners[0]]}"


TRUF_DE = Ruleset(GAME.id, GAME.title, GAME.source.id, replay, deal_word=GAME.deal_word)
