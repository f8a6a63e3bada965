"""Messages said to the person at the table: every clause's message in the second person, the
referee's refusals said to the player who acted, how a game ends in its rule's words, and the
person greeted and listed by their name once.

A report of a record speaks of the players by name ("Budi played KS but holds 6D 3D"); the
terminal and the play page say the same message to the player it is about ("You played KS but
hold 6D 3D").  Both come from one template whose words that agree with a player are marked
(:mod:`trufspec.spec.wording`), so every template is rendered here for "you" and read for
the faults of a sentence made by putting "You" in place of a name.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from trufspec.cards import FULL_PACK
from trufspec.diagnostics import Diagnostic
from trufspec.output.rules import how_it_ends
from trufspec.records import NO_SPAN
from trufspec.referee import STATES, Refused, new_game
from trufspec.rulesets import RULESETS
from trufspec.simulate.bots import make_bot
from trufspec.simulate.terminal import UNNAMED, open_table, score_sheet
from trufspec.spec.clauses import Clause, Phase, message_fields
from trufspec.spec.registry import default_registry
from trufspec.spec.wording import Phrase, agreement_problem, plain_template, say, second_person

REGISTRY = default_registry()
CLAUSES = [c for c in REGISTRY.clauses() if not c.retired]

PERSONS = ("player", "expected", "written", "other", "name", "previous", "winner", "voter")
"""The placeholders that may hold a player's name: each in turn is the person addressed."""

COUNTS = {("TD502", "expected")}
"""Placeholders named as a player's are elsewhere that hold a number here."""

VALUES: dict[str, Any] = {
    "card": "KS",
    "cards": "KS QS",
    "suit_cards": "6D 3D",
    "other_cards": "AH 9H",
    "count": 3,
    "players": 4,
    "number": 2,
    "value": 5,
    "total": 14,
    "max_total": 13,
    "bid": 4,
    "taken": 2,
    "score": 3,
    "target": 6,
}
"""Representative values of the other placeholders (any other: a word)."""

THIRD_PERSON = {
    "is",
    "has",
    "was",
    "does",
    "holds",
    "leads",
    "plays",
    "bids",
    "takes",
    "wins",
    "claims",
    "votes",
    "deals",
    "discards",
    "scores",
    "calls",
    "sits",
    "beats",
    "appears",
    "declares",
    "reaches",
    "makes",
    "gets",
    "cuts",
    "chooses",
    "decides",
    "abstains",
    "casts",
}
"""Verbs said of one player, which after "You" make a sentence wrong."""

SAID_OF = re.compile(r"\byou\s+(\w+)", re.IGNORECASE)


def _verbs_marked() -> set[str]:
    """Every verb a template marks, so that the list above misses none of them."""
    found = set()
    for clause in CLAUSES:
        for spec in re.findall(r"\{\w+:([a-z]+)\}", clause.message + clause.you):
            if spec not in ("they", "them", "their", "themselves"):
                found.add(spec)
    return found


def _faults(text: str, person: str) -> list[str]:
    """What is wrong with ``text`` said to ``person``: a verb said of one player after
    "you", the person's name beside "you", or "you" quoted or made possessive as a name."""
    faults = [f"'you {verb}'" for verb in SAID_OF.findall(text) if verb.lower() in THIRD_PERSON]
    if re.search(rf"\b{person}\b", text):
        faults.append(f"the name {person} is left")
    if re.search(r"\byou \(you\)|'you'|\byou's\b|\byour's\b", text, re.IGNORECASE):
        faults.append("'you' written as a name")
    return faults


def _values(clause: Clause, person: str, field: str) -> dict[str, Any]:
    return {
        name: person if name == field else ("Budi" if name in PERSONS else VALUES.get(name, "x"))
        for name in clause.fields
    }


def test_every_verb_a_template_marks_is_checked() -> None:
    assert _verbs_marked() <= THIRD_PERSON


@pytest.mark.parametrize("clause", CLAUSES, ids=lambda c: c.code)
def test_every_message_said_to_you_is_grammatical(clause: Clause) -> None:
    assert set(message_fields(clause.you)) <= set(clause.fields)
    people = [f for f in clause.fields if f in PERSONS and (clause.code, f) not in COUNTS]
    for field in people:
        values = _values(clause, "Ana", field)
        said = Diagnostic.of(clause, NO_SPAN, None, values)
        text = said.said_to("Ana")
        assert not _faults(text, "Ana"), (clause.code, field, text, _faults(text, "Ana"))
        assert text[:1] == text[:1].upper()
        # The third person is the message of a report, unchanged by the marks.
        of = clause.format(**values)
        assert of == plain_template(clause.message).format(**values)
        assert "{" not in of and "Ana" in of


@pytest.mark.parametrize("clause", CLAUSES, ids=lambda c: c.code)
def test_a_message_said_to_someone_it_does_not_name_is_the_report_s(clause: Clause) -> None:
    values = _values(clause, "Budi", "")
    assert clause.said_to("Dewi", values) == clause.format(**values)


def test_a_message_of_a_player_and_the_same_to_them() -> None:
    follow = REGISTRY.clause("JB305")
    values = {"player": "Budi", "card": "KS", "suit_cards": "6D 3D"}
    assert follow.format(**values) == "Budi played KS but holds 6D 3D; a player must follow suit"
    assert follow.said_to("Budi", values) == (
        "you played KS but hold 6D 3D; a player must follow suit"
    )
    turn = REGISTRY.clause("JB304")
    values = {"player": "Budi", "previous": "Citra", "expected": "Ana", "order": "clockwise"}
    assert turn.said_to("Ana", values).endswith("it is your turn (clockwise)")
    assert turn.said_to("Budi", values).startswith("you played out of turn: after Citra")
    again = REGISTRY.clause("REC011")
    values = {"name": "Budi", "section": "bids"}
    assert again.format(**values) == "'Budi' appears twice in this 'bids' section"
    assert again.said_to("Budi", values) == "you are in this 'bids' section already"


def test_the_marks_of_agreement() -> None:
    assert [second_person(v) for v in ("holds", "has", "is", "was", "does", "reaches")] == [
        "hold",
        "have",
        "are",
        "were",
        "do",
        "reach",
    ]
    template = "{p} {p:has} {q:'s} card, which {p:they} {p:holds} in {p:their} hand"
    assert say(template, {"p": "Ana", "q": "Budi"}) == (
        "Ana has Budi's card, which they holds in their hand"
    )
    assert say(template, {"p": "Ana", "q": "Budi"}, "Ana") == (
        "you have Budi's card, which you hold in your hand"
    )
    assert say(template, {"p": "Ana", "q": "Budi"}, "Budi") == (
        "Ana has your card, which they holds in their hand"
    )
    inner = Phrase("{p} {p:votes} for {p:themselves}", {"p": "Ana"})
    assert say("{why}; no", {"why": inner}, "Ana") == "you vote for yourself; no"
    assert str(inner) == "Ana votes for themselves"
    assert agreement_problem("holds") is None
    assert agreement_problem(">10") is not None
    with pytest.raises(ValueError, match="mark"):
        Clause(
            code="JB999",
            slug="x",
            ruleset="truf-jb",
            phase=Phase.PLAY,
            kind=REGISTRY.clause("JB305").kind,
            strength=REGISTRY.clause("JB305").strength,
            title="x",
            statement="x",
            citations=(),
            message="{player:>10} played",
        )


def _refused(state: Any, player: str, words: str) -> bool:
    """Whether the referee refuses ``words`` of ``player`` now."""
    try:
        return state.why_not(state.action(player, words)) is not None
    except Refused:
        return True


def _refusal(state: Any, player: str, words: str) -> Diagnostic:
    with pytest.raises(Refused) as raised:
        state.apply(state.action(player, words))
    return raised.value.diagnostic


def test_the_referee_s_refusals_are_said_to_the_player_who_acted() -> None:
    state = new_game("truf-de", ["Ana", "Budi", "Citra", "Dewi"], {}, seed=3)
    early = _refusal(state, "Ana", "deal") if state.phase == "bids" else None
    assert early is not None and early.actor == "Ana"
    for player in state.players:
        state.apply(state.legal_actions(player)[0])
    while state.phase != "play":
        state.apply(state.legal_actions()[0])
    leader = state.current_player
    assert leader is not None
    other = next(p for p in state.players if p != leader)
    missing = next(c for c in FULL_PACK if c not in state.hand(leader))
    not_held = _refusal(state, leader, str(missing))
    assert f"{leader} played {missing} but does not hold it" in not_held.message
    assert "not in their hand" in not_held.message
    said = not_held.said_to(leader)
    assert said.startswith(f"You played {missing} but do not hold it")
    assert said.endswith("it is not in your hand") or "already played" in said
    assert not _faults(said, leader)
    out_of_turn = _refusal(state, other, str(state.hand(other)[0]))
    assert not _faults(out_of_turn.said_to(other), other)
    with pytest.raises(Refused) as marked:
        state.action(leader, str(state.hand(leader)[0]) + "!")
    assert marked.value.diagnostic.said_to(leader).startswith("You cannot mark")


def test_a_phrase_about_the_voter_is_said_to_them() -> None:
    """A vote for oneself (TM205): the phrase of the problem is said in the message's person."""
    state = new_game("tromplemond", ["Ana", "Budi", "Citra", "Dewi"], {}, seed=4)
    bot = make_bot("basic", random.Random(1))
    while state.phase != "votes":
        player = state.current_player
        assert player is not None and not state.is_game_over
        state.apply(bot.choose(state, player))
    voter = state.to_act[0]
    refused = _refusal(state, voter, voter)
    assert refused.code == "TM205"
    assert refused.message.startswith(f"{voter} votes for themselves; ")
    assert refused.said_to(voter).startswith("You vote for yourself; ")


@pytest.mark.parametrize("ruleset", sorted(STATES))
def test_a_refusal_at_a_table_of_each_ruleset_is_said_to_the_person(ruleset: str) -> None:
    out: list[str] = []
    table = open_table(ruleset, "Dewi", 2, 4, 7, {}, out.append)
    state = table.state
    while state.current_player != "Dewi" and not state.is_game_over:
        player = state.current_player
        assert player is not None
        state.apply(table.bots.choose(state, player))
    tried = next(str(c) for c in FULL_PACK if _refused(state, "Dewi", str(c)))
    lines = iter([tried, "quit"])
    table.run(lambda: next(lines) + "\n")
    refused = [line for line in out if line.startswith("Not allowed: ")]
    assert refused, out[-5:]
    for line in refused:
        assert not _faults(line.removeprefix("Not allowed: "), "Dewi"), line


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_how_a_game_ends_is_its_rule_s_own_words(ruleset: str) -> None:
    clause = REGISTRY.game_end(ruleset)
    assert clause is not None and clause.phase is Phase.GAME_END
    said = how_it_ends(ruleset, REGISTRY)
    assert clause.code in said
    assert " ".join(clause.statement.split()) in said
    if ruleset in STATES:
        out: list[str] = []
        table = open_table(ruleset, UNNAMED, 1, 4, 1, {}, out.append)
        assert table.ending().startswith(how_it_ends(ruleset, REGISTRY, table.state.readings))


def test_tromplemond_ends_as_tm501_says() -> None:
    said = how_it_ends("tromplemond", REGISTRY, {"target-points": 150})
    assert "TM501" in said and "eight rounds" in said
    assert "Read here with target-points=150" in said
    assert "first to reach" not in said
    assert "By default target-points=200" in how_it_ends("tromplemond", REGISTRY)


def test_a_player_left_unnamed_is_greeted_and_listed_once() -> None:
    out: list[str] = []
    table = open_table("truf-basics", UNNAMED, 3, 4, 5, {}, out.append)
    greeting = table.greeting()
    assert "you are You" not in greeting
    assert "you sit in seat 3, named You in the record" in greeting
    named = open_table("truf-basics", "Sari", 2, 4, 5, {}, out.append)
    assert named.greeting().endswith("; you are Sari, in seat 2.")
    lines = iter(["auto"] * 80 + ["quit"])
    table.run(lambda: next(lines) + "\n")
    shown = "\n".join([*out, score_sheet(table.state.record(), False)])
    assert "(you)" not in shown
    assert not re.search(r"\bYou (takes|plays|holds|has|is)\b", shown)


def test_the_play_page_says_how_each_game_ends() -> None:
    """The play page offers each game with its ending in its rule's words, shown under the
    choice of game (the first at once, the others as they are chosen, and at the table)."""
    from litestar import Litestar
    from litestar.testing import TestClient
    from markupsafe import escape

    from trufspec.serve.pages import pages_router

    with TestClient(Litestar(route_handlers=[pages_router()])) as client:
        page = client.get("/play").text
    for ruleset in RULESETS:
        assert f'data-ending="{escape(how_it_ends(ruleset, REGISTRY))}"' in page
    first = next(iter(RULESETS))
    assert f'<p id="ending" class="note">{escape(how_it_ends(first, REGISTRY))}</p>' in page
