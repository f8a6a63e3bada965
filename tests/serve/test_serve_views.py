"""What a hosted game shows, through the host (no network): views one deal long, the changes
since a version, entity tags, pages of legal actions, the watcher's public view, and that none
of them depends on the cards the one who sees cannot see.

The information-set property follows tests/referee/test_referee_information_property.py: a game at a
random point of its first deal is dealt again with the cards a seat cannot see moved among the
others, the same actions applied; the seat's view and events, and the watcher's, must read the
same in both.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from referee_properties import BUDGET, TABLES, mid_deal, play, redealt

from trufspec.referee import STATES, GameState
from trufspec.referee.actions import Action, PlayCard
from trufspec.referee.state import Setup
from trufspec.serve.games import Host, ProblemError, ViewQuery, _view
from trufspec.serve.models import LIMIT, ActionRequest, GameEvent, GameView, NewGame
from trufspec.serve.store import Logged
from trufspec.serve.store_sqlite import SqliteStore
from trufspec.serve.views import Viewer, apply_logged

PLAYERS = ["Ana", "Budi", "Citra", "Dewi"]


@pytest.fixture
def host(tmp_path: Path) -> Host:
    return Host(SqliteStore(str(tmp_path / "games.sqlite")))


def first_legal(host: Host, game: str, table: str) -> None:
    """The table plays the first legal action of the seat to act."""
    _, view = host.look(game, table, ViewQuery(limit=1))
    assert view is not None
    seat = view.to_act[0]
    host.act(game, table, ActionRequest(view.legal_actions.items[0], seat=seat))


def size(view: GameView | None) -> int:
    return len(msgspec.json.encode(view))


@pytest.mark.slow
def test_a_view_does_not_grow_with_the_deals_played(host: Host) -> None:
    created = host.create(NewGame("truf-jb", PLAYERS, {"deals": "20"}, seed=4))
    game, table, watch = created.id, created.tokens.table, created.tokens.watch
    ana = created.tokens.seats["Ana"]
    sizes: dict[int, list[int]] = {}
    records: dict[int, int] = {}
    for _ in range(2000):
        _, view = host.look(game, table, ViewQuery())
        assert view is not None
        if view.over:
            break
        assert view.changes is None  # none asked for
        number = int(str(view.record).split("\ndeal ")[1].split("\n")[0])
        if number in (2, 20) and number not in sizes and view.phase == "play":
            seen = [
                size(host.look(game, token, ViewQuery(seat=seat))[1])
                for token, seat in ((table, None), (ana, None), (watch, None), (table, "Budi"))
            ]
            sizes[number] = seen
            records[number] = len(str(host.record(game, table, False).record))
        first_legal(host, game, table)
    assert set(sizes) == {2, 20}
    # The whole record grows with every deal; each view stays the size of a deal.
    assert records[20] > 5 * records[2]
    for early, late in zip(sizes[2], sizes[20], strict=True):
        assert late < 1.5 * early, (sizes, records)
    # Once over, the watcher sees the last deal whole and is given the record.
    _, over = host.look(game, watch, ViewQuery())
    assert over is not None and over.over and over.role == "watch"
    assert "hands\n  Ana:" in str(over.record)
    assert host.record(game, watch, False).over


def test_since_gives_what_changed_as_the_seat_sees_it(host: Host) -> None:
    created = host.create(NewGame("truf-basics", PLAYERS, seed=7))
    game, table = created.id, created.tokens.table
    for _ in range(6):
        first_legal(host, game, table)
    budi = created.tokens.seats["Budi"]
    _, view = host.look(game, budi, ViewQuery(since=1))
    assert view is not None and view.changes is not None
    assert [c.version for c in view.changes] == [2, 3, 4, 5, 6]
    assert all(c.kind == "action" and c.record is None for c in view.changes)
    bids = [c for c in view.changes if c.phase == "bids"]
    # Another seat's sealed bid is not shown before the bids are; one's own is.
    assert all((c.action is not None) == (c.seat == "Budi") for c in bids)
    plays = [c for c in view.changes if c.phase == "play" and c.to_act and c.seat != "Budi"]
    assert all(c.action is not None for c in plays[1:])
    _, none = host.look(game, budi, ViewQuery(since=6))
    assert none is not None and none.changes == []
    with pytest.raises(ProblemError) as refused:
        host.look(game, budi, ViewQuery(since=7))
    assert refused.value.problem.status == 400
    assert "beyond the game's version 6" in refused.value.problem.detail


def test_the_entity_tag_names_the_version_token_and_query(host: Host) -> None:
    created = host.create(NewGame("truf-basics", PLAYERS, seed=7))
    game, table = created.id, created.tokens.table
    ana, budi = created.tokens.seats["Ana"], created.tokens.seats["Budi"]
    tag, view = host.look(game, ana, ViewQuery())
    assert view is not None and tag.startswith('W/"')
    assert host.look(game, ana, ViewQuery())[0] == tag
    others = {
        host.look(game, budi, ViewQuery())[0],
        host.look(game, table, ViewQuery())[0],
        host.look(game, table, ViewQuery(seat="Ana"))[0],
        host.look(game, ana, ViewQuery(offset=1))[0],
        host.look(game, ana, ViewQuery(as_json=True))[0],
        host.look(game, ana, ViewQuery(since=0))[0],
    }
    assert tag not in others and len(others) == 6
    assert host.look(game, ana, ViewQuery(known=frozenset({tag[2:]}))) == (tag, None)
    first_legal(host, game, table)
    moved, again = host.look(game, ana, ViewQuery(known=frozenset({tag[2:]})))
    assert moved != tag and again is not None and again.version == 1


def test_the_legal_actions_say_when_more_follow(host: Host) -> None:
    basics = host.create(NewGame("truf-basics", PLAYERS, seed=8))  # 120 bids to choose from
    _, view = host.look(basics.id, basics.tokens.table, ViewQuery())
    assert view is not None
    listed = view.legal_actions
    assert 100 < listed.total <= LIMIT
    assert len(listed.items) == listed.total and listed.next is None
    jb = host.create(NewGame("truf-jb", PLAYERS, seed=7))
    _, view = host.look(jb.id, jb.tokens.table, ViewQuery())
    assert view is not None
    listed = view.legal_actions
    assert listed.total > LIMIT and len(listed.items) == LIMIT and listed.next == LIMIT
    _, page = host.look(jb.id, jb.tokens.table, ViewQuery(offset=listed.total - 3))
    assert page is not None and len(page.legal_actions.items) == 3
    assert page.legal_actions.next is None


def test_the_watcher_sees_what_is_public_and_cannot_act(host: Host) -> None:
    created = host.create(NewGame("truf-basics", PLAYERS, seed=7))
    game, watch = created.id, created.tokens.watch
    first_legal(host, game, created.tokens.table)
    _, view = host.look(game, watch, ViewQuery())
    assert view is not None
    assert view.role == "watch" and view.seat is None and view.hand == []
    assert view.legal_actions.total == 0
    assert "hands\n  *" in str(view.record)
    with pytest.raises(ProblemError) as refused:
        host.look(game, watch, ViewQuery(seat="Ana"))
    assert refused.value.problem.status == 403
    with pytest.raises(ProblemError) as refused:
        host.act(game, watch, ActionRequest("deal"))
    assert refused.value.problem.status == 403
    with pytest.raises(ProblemError) as refused:
        host.record(game, watch, False)
    assert refused.value.problem.status == 403


def test_the_watcher_sees_the_secret_rows_every_seat_sees_after_the_reveal(host: Host) -> None:
    """At a Tromplemond round's end every seat is shown the secret rows of those who stayed,
    and the player sent off their own too: what all are shown is public, and the watcher
    sees it, marked as a part of the rows."""
    created = host.create(NewGame("tromplemond", PLAYERS, seed=5))
    game, table, watch = created.id, created.tokens.table, created.tokens.watch
    for _ in range(40):
        _, view = host.look(game, table, ViewQuery(limit=1))
        assert view is not None
        if view.phase == "end":
            break
        first_legal(host, game, table)
    _, seen = host.look(game, watch, ViewQuery(as_json=True))
    _, seat = host.look(game, created.tokens.seats["Ana"], ViewQuery(as_json=True))
    assert seen is not None and seat is not None and seen.phase == "end"

    def sections(view: GameView) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = msgspec.to_builtins(view.record)["games"][0]["deals"][-1][
            "sections"
        ]
        return found

    def rows(view: GameView) -> dict[str, list[str]]:
        return {
            entry["player"]: entry["cards"]
            for section in sections(view)
            if section["section"] == "secret"
            for entry in section["entries"]
        }

    off = next(section["player"] for section in sections(seen) if section["section"] == "off")
    assert rows(seen) == {p: cards for p, cards in rows(seat).items() if p != off}
    assert len(rows(seen)) == 3
    assert seen.cards_left == dict.fromkeys(PLAYERS, 5)


# ------------------------------------------------------------------ the information set


def logged(actions: list[Action]) -> list[Logged]:
    """The actions as the log keeps them: the words without the ``!`` of a card let stand."""
    rows = []
    for version, action in enumerate(actions, start=1):
        if isinstance(action, PlayCard) and action.acknowledged:
            acknowledged, words = True, str(PlayCard(action.player, action.card))
        else:
            acknowledged, words = False, str(action)
        rows.append(Logged(version, action.player, words, acknowledged, 0.0))
    return rows


CARD = re.compile(r"(?<!\w)(?:10|[2-9JQKA])[SHDC](?!\w)")


def may_see(state: GameState, viewer: Viewer) -> set[str]:
    """The cards the referee shows ``viewer`` now (a watcher: those it shows every seat)."""
    seats = state.players if viewer.public else (viewer.seat,)
    shown = [set(CARD.findall(state.observation_string(seat))) for seat in seats if seat]
    return set.intersection(*shown)


def told(state: GameState, rows: list[Logged], viewer: Viewer) -> tuple[object, ...]:
    """Everything the service tells ``viewer``: the events of every action from the start (as
    a stream sends them, and as ``since`` gives them) and the view at the end; none of it
    names a card the referee does not show the viewer."""
    again = type(state)(state.setup)
    told: list[GameEvent | GameView] = []
    for row in rows:
        events = apply_logged(again, row, viewer, True, False)
        text = " ".join(f"{event.action} {event.record}" for event in events)
        assert set(CARD.findall(text)) <= may_see(again, viewer), (viewer, row, text)
        told += events
    for as_json in (False, True):
        view = _view("game", len(rows), again, viewer, "seat", as_json, (0, 50))
        told.append(view)
    # The actions on offer may name cards not seen (a Tromplemond claim, a cut: any card of
    # the pack); that they do not depend on the deal is what the comparison of two deals tests.
    shown = told[-2]
    assert isinstance(shown, GameView)
    text = f"{shown.record} {shown.hand}"
    assert set(CARD.findall(text)) <= may_see(again, viewer) | set(shown.hand)
    return tuple(msgspec.json.encode(each) for each in told)


@pytest.mark.slow
@settings(BUDGET, max_examples=BUDGET.max_examples * 2)
@given(
    table=st.sampled_from(sorted(TABLES)),
    seed=st.integers(0, 2**16),
    data=st.data(),
)
def test_what_the_service_shows_does_not_depend_on_cards_unseen(
    table: str, seed: int, data: st.DataObject
) -> None:
    state, player, rng = mid_deal(table, seed, data, 0.0)
    other = redealt(state, player, rng)
    if other is None:
        return
    rows = logged(state.history)
    for viewer in (Viewer(player), Viewer(public=True)):
        assert told(other, rows, viewer) == told(state, rows, viewer), viewer


@pytest.mark.slow
@pytest.mark.parametrize(
    ("table", "chosen"),
    [(table, {}) for table in sorted(TABLES)]
    + [("tromplemond", {"betting": "tromp", "max-rounds": "2"})],
)
def test_the_last_deal_is_the_last_deal_of_the_record(table: str, chosen: dict[str, str]) -> None:
    """The deal a view holds is the last deal of the record the referee gives the same seat,
    in play, between deals and at the end (where Tromplemond's pot line holds the
    settlement)."""
    ruleset, players = TABLES[table]
    for seed in range(2):
        state = STATES[ruleset](Setup.make(ruleset, players, chosen, seed))
        rng = random.Random(seed)
        for step in range(400):
            if state.is_deal_over or step % 9 == 0:
                for player in (None, *players):
                    record = state.record() if player is None else state.view(player).record
                    assert state.last_deal(player) == record.deals[-1], (player, state.phase)
            if state.is_game_over:
                break
            play(state, rng, state.deal_number + 1, 0.05, len(state.history) + 1)
