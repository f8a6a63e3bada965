"""truf-jb, Truf House Rule 1 of JB Games: the replay of a game through its phases.

Deal (JB101, JB102), bidding and mode (:mod:`.bids`), play (the shared trick-taking of
:mod:`trufspec.engine.tricks` with this ruleset's clauses), scoring (:mod:`.scoring`), running
totals and the end of the game.  The clauses themselves, with their citations, are in
:mod:`.clauses`; the readings of the source's unclear points in :mod:`.options`.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve

from trufspec.cards import Card, Rank, Suit, Trump
from trufspec.engine.findings import Findings
from trufspec.engine.ruleset import DealOutcome, GameOutcome, Ruleset
from trufspec.engine.totals import RunningTotals, best_totals
from trufspec.engine.tricks import TrickRules, replay_play, tricks_taken
from trufspec.records import Bids, Contract, Deal, Game, Hands, Play, Score, Total, Tricks, Undealt
from trufspec.rulesets.truf.jb import bids as bidding
from trufspec.rulesets.truf.jb.game import GAME
from trufspec.rulesets.truf.jb.scoring import Scored, score
from trufspec.rulesets.truf.outcome import settled
from trufspec.spec.options import Readings

__all__ = [
    "REMOVED_CARD",
    "TRUF_JB",
    "bids_met",
    "deal_scores",
    "highest_bids_met",
    "trick_rules",
]

REMOVED_CARD = Card(Rank.TWO, Suit.CLUBS)
"""The card taken out before a three-player deal under
``three-player-leftover=remove-fixed-card``."""


def trick_rules(options: Readings) -> TrickRules:
    """The clauses of play, under the readings of the order of play and of broken trumps."""
    return TrickRules(
        first_leader="JB301",
        next_leader="JB302",
        follow_suit="JB305",
        card_held="JB306",
        one_card_each="JB307",
        trick_count="JB309",
        trick_winner="JB308",
        trump_lead="JB303",
        turn_order="JB304",
        enforce_order="free" if options["turn-order"] == "free" else options["turn-order"],
        broken_by=options["trump-broken-by"],
    )


def _hands(deal: Deal, seats: Sequence[str], findings: Findings) -> dict[str, list[Card]] | None:
    """JB101, JB102: the hands as dealt, when the record gives all of them."""
    section = deal.find(Hands)
    if section is None:
        return None
    hands = {
        e.player.value: list(e.cards.cards) for e in section.entries if e.player.value in seats
    }
    if set(hands) != set(seats) or section.incomplete:
        findings.unchecked("the deal (not every hand is recorded)")
        return None
    size = 13 if len(seats) == 4 else 17
    findings.judge("JB002", "JB101", "JB102")
    for entry in section.entries:
        if len(entry.cards) != size and entry.player.value in seats:
            findings.add(
                "JB101",
                entry.span,
                player=entry.player.value,
                count=len(entry.cards),
                players=len(seats),
                expected=size,
            )
    dealt = [card for hand in hands.values() for card in hand]
    undealt_section = deal.find(Undealt)
    undealt = list(undealt_section.cards.cards) if undealt_section is not None else []
    if len(set(dealt + undealt)) != len(dealt + undealt):
        return hands  # the duplicates are reported as REC013
    # With the right hand sizes and no card twice, the hands are the pack (less one card for
    # three players); what is left to check is a card said to be undealt when all are dealt.
    if len(seats) == 4 and undealt and undealt_section is not None:
        cards = " ".join(map(str, undealt))
        findings.add(
            "JB102",
            undealt_section.span,
            problem=f"{cards} is recorded as undealt in a four-player deal",
        )
    return hands


def _three_player_leftover(
    hands: dict[str, list[Card]] | None,
    options: Readings,
    seats: Sequence[str],
    deal: Deal,
    findings: Findings,
) -> None:
    """JB-A3 read as remove-fixed-card: the 2C is the card out of play."""
    if hands is None or len(seats) != 3 or options["three-player-leftover"] != "remove-fixed-card":
        return
    findings.judge("JB102")
    section = deal.find(Hands)
    assert section is not None
    for entry in section.entries:
        player = entry.player.value
        if player in hands and REMOVED_CARD in entry.cards.cards:
            # The finding points at the card, where the hand writes it.
            findings.add(
                "JB102",
                entry.cards.span(entry.cards.cards.index(REMOVED_CARD)),
                problem=f"{player} was dealt {REMOVED_CARD}, "
                "the card taken out before a three-player deal",
            )


def _check_trump(contract: Contract | None, winning: bidding.Bid, findings: Findings) -> None:
    """JB208: the trump the record states is the one the winning bid makes."""
    computed = bidding.trump_of(winning)
    if computed is None or contract is None or contract.trump is None:
        return
    findings.judge("JB208")
    if contract.trump.value == computed:
        return
    findings.fault(
        "JB208",
        contract.trump.span,
        ack=contract.trump.ack,
        expected=bidding.describe_trump(computed),
        written=bidding.describe_trump(contract.trump.value),
        reason=f"{winning.player}'s bid is {' '.join(str(c) for c in winning.cards)}",
    )


def _replay_deal(
    deal: Deal, seats: Sequence[str], options: Readings, rules: TrickRules, findings: Findings
) -> tuple[DealOutcome, dict[str, int] | None]:
    """Replay one deal; its scores (recomputed, or as recorded where they cannot be), the
    contract they are scored under, and the bids met (see :func:`bids_met`)."""
    players = len(seats)
    max_total = 13 if players == 4 else 17
    hands = _hands(deal, seats, findings)
    _three_player_leftover(hands, options, seats, deal, findings)
    contract = deal.find(Contract)
    bids_section = deal.find(Bids)
    bids = (
        bidding.evaluate_bids(bids_section, seats, hands, options, max_total, findings)
        if bids_section
        else {}
    )

    # The bid winner, trump and mode.  A contract that the bids contradict is reported, and
    # what follows in the deal is marked as its consequence.  The play is judged under the
    # record's own contract (who led and which suit was trumps is what the table played); the
    # scores under the rules (the contract the bids make).
    winner = contract.winner.value if contract is not None else None
    trump: Trump | None = (
        contract.trump.value if contract is not None and contract.trump is not None else None
    )
    complete_bids = set(bids) == set(seats)
    choice = None
    scoring_winner = winner
    if complete_bids:
        contest = bidding.bid_winner(bids, options)
        if contest is None:
            findings.unchecked("the bid winner (tied bids written as numbers)")
        else:
            scoring_winner = contest.winner
            if contract is None:
                winner = contest.winner
            else:
                findings.judge(*contest.judged)
                if contract.winner.value != contest.winner:
                    bidding.report_winner(contest, contract, bids, options, findings)
            _check_trump(contract, bids[contest.winner], findings)
        if trump is None and winner in bids:
            trump = bidding.trump_of(bids[winner])
        choice = bidding.decide_mode(
            sum(b.value for b in bids.values()), max_total, contract, options, findings
        )
    else:
        findings.unchecked("the contract (not every bid is recorded)")
        if contract is not None and contract.mode is not None:
            choice = bidding.ModeChoice(
                contract.mode.value.is_high, contract.adjust.value if contract.adjust else 0
            )

    play = deal.find(Play)
    won = None
    if play is not None:
        if winner is None:
            findings.unchecked("who leads the first trick (the bid winner is not known)")
        if trump is None:
            findings.unchecked("trumps in the play (the trump suit is not known)")
        suit = trump if isinstance(trump, Suit) else None
        outcome = replay_play(play, seats, hands, winner, suit, rules, findings, max_total)
        _judge_trick_winners(play, seats, suit, findings)
        won = outcome.won if outcome.complete else None
        if not outcome.complete:
            findings.unchecked("the tricks taken (the play is not complete)")
    taken = tricks_taken(deal, seats, won, "JB407", findings)
    scores = _scores(deal, seats, bids, scoring_winner, choice, taken, options, findings)
    high = None if choice is None else choice.high
    return settled(scores, scoring_winner, trump, high, taken), bids_met(seats, bids, scores)


def bids_met(
    seats: Sequence[str], bids: dict[str, bidding.Bid], scores: dict[str, int] | None
) -> dict[str, int] | None:
    """The bid, as made, of each player who met it; None when the bids or scores are unknown.

    A bid met never scores below zero and a bid missed always does (JB401 to JB403), so the
    sign of a score says whether its player met their bid."""
    if scores is None or set(bids) != set(seats) or set(scores) != set(seats):
        return None
    return {player: bids[player].value for player in seats if scores[player] >= 0}


def _judge_trick_winners(
    play: Play, seats: Sequence[str], trump: Suit | None, findings: Findings
) -> None:
    """JB003 and JB310 where the winner of a trick is decided: the rank order always, and the
    face-down trump when a trump was played to the trick (it counts as any trump would)."""
    complete = [t for t in play.tricks if len(t.cards.cards) == len(seats)]
    if complete:
        findings.judge("JB003")
    if trump is not None and any(c.suit is trump for t in complete for c in t.cards.cards):
        findings.judge("JB310")


def _scores(
    deal: Deal,
    seats: Sequence[str],
    bids: dict[str, bidding.Bid],
    winner: str | None,
    choice: bidding.ModeChoice | None,
    taken: dict[str, int] | None,
    options: Readings,
    findings: Findings,
) -> dict[str, int] | None:
    """JB401 to JB406: the scores, checked against the record's score line."""
    written = deal.find(Score)
    figures = [(f.side_name, f) for f in written.entries] if written is not None else []
    if written is not None:
        findings.judge("JB408")  # checked when the facts are there, else taken as written
    if taken is None or choice is None or set(bids) != set(seats):
        if choice is None and taken is not None and set(bids) == set(seats):
            findings.unchecked("the scores (the mode is not known)")
            _missed_but_positive(written, bids, taken, options, findings)
        recorded = {side: f.value for side, f in figures}
        return recorded if set(recorded) == set(seats) else None
    targets = bidding.targets(bids, winner, choice, options)
    scores = {}
    clauses: set[str] = set()
    for player, result in deal_scores(seats, bids, winner, choice, taken, options).items():
        clauses.add(result.clause)
        scores[player] = result.points
        for side, figure in figures:
            if side == player and figure.value != result.points:
                findings.add(
                    result.clause,
                    figure.span,
                    ack=figure.ack,
                    player=player,
                    bid=targets[player],
                    taken=taken[player],
                    expected=result.points,
                    written=figure.value,
                    players=len(seats),
                    working=result.working,
                )
    # JB403 (a missed bid scores below zero) is judged wherever a miss is scored (JB404 to JB406).
    findings.judge(*clauses, "JB403" if clauses & {"JB404", "JB405", "JB406"} else None)
    return scores


def deal_scores(
    seats: Sequence[str],
    bids: dict[str, bidding.Bid],
    winner: str | None,
    choice: bidding.ModeChoice,
    taken: dict[str, int],
    options: Readings,
) -> dict[str, Scored]:
    """JB401 to JB406: what each player scores for a deal, with the clause that fixes it."""
    targets = bidding.targets(bids, winner, choice, options)
    return {
        player: score(
            targets[player], taken[player], choice.high, len(seats), options, bids[player].value
        )
        for player in seats
    }


def _missed_but_positive(
    written: Tricks | None,
    bids: dict[str, bidding.Bid],
    taken: dict[str, int],
    options: Readings,
    findings: Findings,
) -> None:
    """JB403 when the mode is not known: a player who missed whichever way the bids were
    adjusted cannot have a score of zero or more."""
    if written is None:
        return
    amount = options.integer("even-adjust-amount")
    if not amount:
        return  # the bid winner chose the amount, and the record does not say what it was
    findings.judge("JB403")
    for figure in written.entries:
        bid = bids.get(figure.side_name)
        if bid is None or figure.value < 0:
            continue
        possible = {bid.value + amount, max(bid.value - amount, 0), bid.value - amount}
        if taken[figure.side_name] not in possible:
            findings.add(
                "JB403",
                figure.span,
                ack=figure.ack,
                player=figure.side_name,
                bid=bid.value,
                taken=taken[figure.side_name],
                written=figure.value,
            )


def replay(game: Game, options: Readings, findings: Findings, skip: frozenset[int]) -> GameOutcome:
    """Replay a truf-jb game deal by deal."""
    seats = game.players
    findings.judge("JB001")
    if len(seats) not in (3, 4):
        span = next((t.span for t in game.tags if t.name == "Players"), game.span)
        findings.add("JB001", span, count=len(seats))
        return GameOutcome(tuple(DealOutcome() for _ in game.deals))
    totals = RunningTotals(seats, "JB409")
    rules = trick_rules(options)
    outcomes = []
    met: list[dict[str, int] | None] = []
    for index, deal in enumerate(game.deals):
        _no_teams(deal, findings)
        if index in skip:
            findings.add("REC016", deal.span, kind=deal.kind, number=deal.number.value)
            outcomes.append(DealOutcome(None, totals.add(None, deal.find(Total), findings)))
            met.append(None)
            continue
        played, deal_met = _replay_deal(deal, seats, options, rules, findings)
        met.append(deal_met)
        running = totals.add(played.scores, deal.find(Total), findings, deal.find(Score))
        findings.close_deal(deal.kind, deal.number.value, deal.span)
        outcomes.append(evolve(played, totals=running))
    return GameOutcome(tuple(outcomes), _winners(game, outcomes, met, options, findings))


def _no_teams(deal: Deal, findings: Findings) -> None:
    """JB005: every player scores alone, so a line of figures (tricks, score, total) names no
    team."""
    lines = [section for section in deal.sections if isinstance(section, Tricks)]
    if lines:
        findings.judge("JB005")
    for section in lines:
        for figure in section.entries:
            if len(figure.side) > 1:
                findings.add("JB005", figure.span, ack=figure.ack, side=figure.side_name)


def _winners(
    game: Game,
    outcomes: list[DealOutcome],
    met: list[dict[str, int] | None],
    options: Readings,
    findings: Findings,
) -> tuple[str, ...]:
    """JB501, JB502: the winners, once the game has all its deals: the highest total, or under
    ``winner=highest-bid-made`` the highest bids met (JB-A12b)."""
    wanted = options.integer("deals")
    if wanted:
        findings.judge("JB502")
    if wanted and len(game.deals) > wanted:
        findings.add("JB502", game.deals[wanted].span, count=len(game.deals), expected=wanted)
    if not outcomes or outcomes[-1].totals is None or (wanted and len(game.deals) < wanted):
        return ()
    if options["winner"] == "highest-bid-made":
        found = highest_bids_met(game.players, met)
        if found is None:
            findings.unchecked("the winner (a deal's bids or scores are not known)")
            return ()
        winners, reason = found
    else:
        totals = outcomes[-1].totals
        winners = best_totals(game.players, totals)
        reason = f"with the highest total, {totals[winners[0]]}"
    written = game.tag("Winner")
    if written is not None:
        findings.judge("JB501")
    if written is not None and set(written.split()) != set(winners):
        span = next(t.span for t in game.tags if t.name == "Winner")
        expected = " and ".join(winners) or "nobody"
        findings.add("JB501", span, expected=expected, reason=reason, written=written)
    return winners


def highest_bids_met(
    seats: Sequence[str], met: list[dict[str, int] | None]
) -> tuple[tuple[str, ...], str] | None:
    """The players whose bids met add up to the most, with how; over one deal, the player with
    the highest bid among those who met theirs.  Nobody wins when nobody met a bid.  None when
    a deal's bids or scores are unknown."""
    if any(deal is None for deal in met):
        return None
    sums: dict[str, int] = {}
    for deal in met:
        assert deal is not None
        for player, bid in deal.items():
            sums[player] = sums.get(player, 0) + bid
    if not sums:
        return (), "as nobody met a bid"
    winners = best_totals([p for p in seats if p in sums], sums)
    return winners, f"with the highest bid met, {sums[winners[0]]}"


TRUF_JB = Ruleset(GAME.id, GAME.title, GAME.source.id, replay, deal_word=GAME.deal_word)
