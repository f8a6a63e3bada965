"""The vote and its ties: who goes off.

The procedure is a small machine over the record's ``votes``, ``decide`` and ``cut`` sections,
in the order written:

* a vote (TM204, TM205) with one player on top sends that player off (TM206);
* a two-way tie goes to the other two, who decide privately (TM207); if they disagree the
  ``two-way-disagreement`` reading says what follows (TM-A3d);
* a tie of three or four goes to a re-vote, ``max-revotes`` times, and then to a card cut (TM208);
* a card cut, ace high, sends off the ``cut-loser`` card; equal cards cut again (TM209).

The decision is private and the slips anonymous, so a record may stop anywhere after the first
tally: the ``off`` line is then judged only against the players still in the running.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from attrs import frozen

from trufspec.engine.findings import Findings
from trufspec.records import Cut, Deal, Decide, Off, Section, Span, Votes
from trufspec.spec.options import Readings
from trufspec.spec.wording import Phrase

__all__ = ["Stage", "VoteResult", "advance", "decide_vote", "off_problem", "vote_stage"]


@frozen
class VoteResult:
    """Who goes off (None: not known) and how the procedure got there."""

    off: str | None
    reason: str = ""


@frozen
class Stage:
    """Where the procedure stands: what it expects next and among whom."""

    step: str
    """``vote``, ``decide``, ``cut``, ``done`` or ``unknown`` (the record's facts ran out)."""
    pool: tuple[str, ...]
    """The players who may still go off."""
    deciders: tuple[str, ...] = ()
    revotes: int = 0
    off: str | None = None
    reason: str = ""


def decide_vote(
    deal: Deal, voters: Sequence[str], options: Readings, findings: Findings
) -> VoteResult:
    """TM204 to TM209: run the vote of a round among ``voters`` and check the ``off`` line."""
    stage = vote_stage(deal.sections, voters, options, findings)
    if not any(type(section) is Votes for section in deal.sections):
        findings.unchecked("the vote (no votes are recorded)")
    return _off(deal, stage, findings)


def vote_stage(
    sections: Sequence[Section], voters: Sequence[str], options: Readings, findings: Findings
) -> Stage:
    """TM204 to TM209: where the vote of a round among ``voters`` stands after the votes,
    decisions and cuts among ``sections``, in order (a round's sections, or a live round's
    steps so far)."""
    stage = Stage("vote", tuple(voters))
    for section in sections:
        if isinstance(section, (Votes, Decide, Cut)):
            stage = advance(stage, section, voters, options, findings)
    return stage


def advance(
    stage: Stage,
    step: Votes | Decide | Cut,
    voters: Sequence[str],
    options: Readings,
    findings: Findings,
) -> Stage:
    """TM204 to TM209: the procedure at ``stage`` after one more vote, decision or cut, judged
    into ``findings``.  A live table takes each step as it is made, without going over the
    steps before it again."""
    if type(step) is Votes:
        return _vote(step, stage, voters, options, findings)
    if isinstance(step, Decide):
        return _decide(step, stage, voters, options, findings)
    assert isinstance(step, Cut)
    return _cut(step, stage, options, findings)


def _unexpected(code: str, span: Span, what: str, stage: Stage, findings: Findings) -> None:
    """A vote, decision or cut that the procedure does not call for at this point."""
    if stage.step == "unknown":
        return
    due = {
        "vote": "a vote is due",
        "decide": f"{' and '.join(stage.deciders)} are to decide between {' and '.join(stage.pool)}",
        "cut": f"{', '.join(stage.pool)} are to cut",
        "done": f"the vote already sent {stage.off} off",
    }[stage.step]
    problem = f"{what} is held, but {due}"
    if code == "TM207":
        tied = " and ".join(stage.pool) if stage.step == "decide" else "two players"
        findings.fault(code, span, problem=problem, tied=tied)
    else:
        findings.fault(code, span, problem=problem)


def _tally(
    section: Votes, voters: Sequence[str], options: Readings, findings: Findings
) -> Counter[str] | None:
    """TM204, TM205: the votes of a ``votes`` section; None when the record gives too little."""
    findings.judge("TM204", "TM205", "TM211")
    counts: Counter[str] = Counter()
    cast: Counter[str] = Counter()
    blank: Counter[str] = Counter()
    abstain = options["allow-abstain"] == "yes"
    slips = any(v.voter is not None for v in section.entries)
    for vote in section.entries:
        if vote.target is None:  # a blank slip: an abstention, judged with the votes cast
            assert vote.voter is not None
            voter = vote.voter.value
            if voter not in voters:
                findings.fault(
                    "TM204",
                    vote.voter.span,
                    problem=Phrase(
                        "{voter} {voter:abstains} but {voter:is} not in the vote", {"voter": voter}
                    ),
                )
            elif not abstain:
                findings.fault(
                    "TM204",
                    vote.voter.span,
                    problem=Phrase(
                        "{voter} {voter:abstains}, but every voter votes", {"voter": voter}
                    ),
                )
            blank[voter] += 1
            continue
        target = vote.target.value
        if vote.voter is not None:
            voter = vote.voter.value
            if voter == target:
                findings.fault(
                    "TM205",
                    vote.span,
                    ack=vote.ack,
                    problem=Phrase(
                        "{voter} {voter:votes} for {voter:themselves}", {"voter": voter}
                    ),
                )
            elif voter not in voters:
                findings.fault(
                    "TM204",
                    vote.voter.span,
                    ack=vote.ack,
                    problem=Phrase(
                        "{voter} {voter:votes} but {voter:is} not in the vote", {"voter": voter}
                    ),
                )
            elif target not in voters:
                findings.fault(
                    "TM204",
                    vote.target.span,
                    ack=vote.ack,
                    problem=Phrase(
                        "{voter} {voter:votes} for {target}, who is not in the vote",
                        {"voter": voter, "target": target},
                    ),
                )
            cast[voter] += 1
            counts[target] += 1
        else:
            count = vote.count or 0
            if target not in voters and count:
                findings.fault(
                    "TM204",
                    vote.target.span,
                    ack=vote.ack,
                    problem=f"{target} gets {count} votes but is not in the vote",
                )
            elif count > len(voters) - 1:
                findings.fault(
                    "TM205",
                    vote.span,
                    ack=vote.ack,
                    problem=f"{target} gets {count} votes, but only {len(voters) - 1} players can vote for them",
                )
            counts[target] += count
    if section.incomplete:
        return None
    if slips:
        for voter in voters:
            if cast[voter] > 1 or (cast[voter] == blank[voter] == 0 and not abstain):
                findings.fault(
                    "TM204",
                    section.span,
                    problem=Phrase(
                        "{voter} {voter:casts} {count} votes",
                        {"voter": voter, "count": cast[voter]},
                    ),
                )
            elif cast[voter] + blank[voter] > 1:
                slips_in = cast[voter] + blank[voter]
                findings.fault(
                    "TM204",
                    section.span,
                    problem=Phrase(
                        "{voter} {voter:hands} in {count} slips",
                        {"voter": voter, "count": slips_in},
                    ),
                )
        return counts
    total = sum(counts.values())
    if total > len(voters) or (total < len(voters) and not abstain):
        findings.fault(
            "TM204", section.span, problem=f"the tallies add up to {total} votes, not {len(voters)}"
        )
    return counts


def _vote(
    section: Votes, stage: Stage, voters: Sequence[str], options: Readings, findings: Findings
) -> Stage:
    """TM206, TM208: a vote sends its leader off, or leads to the decision of the other two, a
    re-vote or a cut."""
    if stage.step not in ("vote", "unknown"):
        _unexpected("TM208", section.span, "a vote", stage, findings)
        return stage
    counts = _tally(section, voters, options, findings)
    if counts is None or stage.step == "unknown":
        return Stage("unknown", stage.pool)
    pool = [p for p in voters if counts[p]]
    if not pool:
        return Stage("unknown", tuple(voters))
    top = max(counts[p] for p in pool)
    leaders = tuple(p for p in voters if counts[p] == top)
    if len(leaders) == 1:
        return Stage("done", leaders, off=leaders[0], reason=f"the votes send {leaders[0]} off")
    others = tuple(p for p in voters if p not in leaders)
    if len(leaders) > 2:
        findings.judge("TM208")
    if len(leaders) == 2 and len(others) == 2:
        return Stage("decide", leaders, others, stage.revotes)
    if stage.revotes < options.integer("max-revotes"):
        return Stage("vote", tuple(voters), revotes=stage.revotes + 1)
    cutters = leaders if options["cut-participants"] == "tied-only" else tuple(voters)
    return Stage("cut", cutters, revotes=stage.revotes)


def _decide(
    section: Decide, stage: Stage, voters: Sequence[str], options: Readings, findings: Findings
) -> Stage:
    """TM207: the private choice of the two others."""
    if stage.step != "decide":
        _unexpected("TM207", section.span, "a decision of the other two", stage, findings)
        return stage
    findings.judge("TM207")
    tied = " and ".join(stage.pool)
    choices: Counter[str] = Counter()
    by: Counter[str] = Counter()
    broken = False
    for vote in section.entries:
        if vote.target is None:
            assert vote.voter is not None  # a blank slip has its voter
            findings.fault(
                "TM207",
                vote.voter.span,
                problem=Phrase("{voter} {voter:chooses} nobody", {"voter": vote.voter.value}),
                tied=tied,
            )
            broken = True
            continue
        target = vote.target.value
        if target not in stage.pool:
            findings.fault(
                "TM207", vote.target.span, ack=vote.ack, problem=f"{target} is chosen", tied=tied
            )
            broken = True
            continue
        if vote.voter is not None:
            if vote.voter.value not in stage.deciders:
                findings.fault(
                    "TM207",
                    vote.voter.span,
                    ack=vote.ack,
                    problem=Phrase("{voter} {voter:decides}", {"voter": vote.voter.value}),
                    tied=tied,
                )
                broken = True
                continue
            by[vote.voter.value] += 1
            choices[target] += 1
        else:
            choices[target] += vote.count or 0
    if section.incomplete or broken:
        return Stage("unknown", stage.pool)
    if sum(choices.values()) != 2 or any(n > 1 for n in by.values()):
        findings.add(
            "TM207",
            section.span,
            problem=f"the decision has {sum(choices.values())} choices, not one from each",
            tied=tied,
        )
        return Stage("unknown", stage.pool)
    if len(choices) == 1:
        chosen = next(iter(choices))
        return Stage("done", (chosen,), off=chosen, reason=f"the other two chose {chosen}")
    follow = options["two-way-disagreement"]
    if follow == "revote-all":
        return Stage("vote", tuple(voters), revotes=stage.revotes)
    if follow == "revote-others":
        return stage
    return Stage("cut", stage.pool if options["cut-participants"] == "tied-only" else tuple(voters))


def _cut(section: Cut, stage: Stage, options: Readings, findings: Findings) -> Stage:
    """TM209: a card cut, ace high; the ``cut-loser`` card goes off, equal cards cut again."""
    if stage.step != "cut":
        _unexpected("TM209", section.span, "a card cut", stage, findings)
        return stage
    findings.judge("TM209")
    cutters = [p.value for p in section.players]
    if sorted(cutters) != sorted(stage.pool):
        findings.fault(
            "TM209",
            section.span,
            problem=f"{', '.join(cutters)} cut, but the cut is between {', '.join(stage.pool)}",
        )
        return Stage("unknown", stage.pool)
    ranks = {player: card.rank for player, card in zip(cutters, section.cards)}
    pick = min if options["cut-loser"] == "lowest" else max
    worst = pick(ranks.values())
    losers = tuple(p for p in stage.pool if ranks[p] == worst)
    if len(losers) == 1:
        word = "lowest" if options["cut-loser"] == "lowest" else "highest"
        return Stage("done", losers, off=losers[0], reason=f"{losers[0]} cut the {word} card")
    return Stage("cut", losers)


def _off(deal: Deal, stage: Stage, findings: Findings) -> VoteResult:
    """TM206: the ``off`` line against the procedure's outcome."""
    written = deal.find(Off)
    if written is None:
        if stage.step == "done":
            return VoteResult(stage.off, stage.reason)
        findings.unchecked("who is voted off (the record does not say)")
        return VoteResult(None)
    findings.judge("TM206")
    name = written.player.value
    reason = off_problem(stage, name)
    if reason is not None:
        findings.fault(
            "TM206", written.player.span, ack=written.player.ack, written=name, reason=reason
        )
    if stage.step == "done":
        return VoteResult(stage.off, stage.reason)
    return VoteResult(None) if reason is not None else VoteResult(name, "as recorded")


def off_problem(stage: Stage, name: str) -> str | None:
    """TM206: why ``name`` is not the player the vote at ``stage`` sends off (the reason of
    the message), or None.  Before the vote is done, anyone it may still send off may be
    written; the record check and the live referee both ask it."""
    if stage.step == "done":
        return None if name == stage.off else stage.reason
    if name not in stage.pool:
        return f"only {' and '.join(stage.pool)} can still go off"
    return None
