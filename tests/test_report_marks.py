"""The link between a finding and what it marks, over every record written to break a rule.

Each error marks the card, bid, slip or figure its message names, and nothing else: a card in a
trick is marked there and in the hand of the player who played it, but not where the same card
is named again (a bid, another player's hand); a finding about a bid, a slip, a figure, a hand's
size or a trick's leader marks that entry.  The property is read off the page's own model (the
:class:`~trufspec.pictures.html.FileView` that the template draws), so the diagram, the bids
table and the deal's sections are all covered.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trufspec.diagnostics import Diagnostic, Severity
from trufspec.pictures.html import DealView, file_view, read_source

ROOT = Path(__file__).resolve().parent.parent
BAD = sorted(
    str(p.relative_to(ROOT / "records")) for p in (ROOT / "records").glob("*/clauses/*.bad.truf")
)

UNREAD = {"REC001", "REC002"}
"""Text that could not be read is no card, bid or figure: its finding leads to the line."""

Item = tuple[str | None, str | None, str]
"""A marked thing: its owner (a player, or None), its card (None for an entry), and where."""


def marked(deal: DealView, index: int) -> list[Item]:
    """Everything in a deal's view that ``index`` marks."""
    scene = deal.scene
    found: list[Item] = []
    for seat in scene.seats:
        found += [(seat.player, str(c.card), "hand") for c in seat.hand if index in c.marks]
        for name, row in seat.extras:
            found += [(seat.player, str(c.card), name) for c in row if index in c.marks]
        if index in seat.marks:
            found.append((seat.player, None, "hand"))
    for trick in scene.tricks:
        found += [
            (p, str(c.card), f"trick {trick.number}") for p, c in trick.plays if index in c.marks
        ]
        if index in trick.marks:
            found.append((None, None, f"trick {trick.number}"))
    for bid in scene.bids:
        found += [(bid.player, str(c.card), "bid") for c in bid.cards if index in c.marks]
        if index in bid.marks:
            found.append((bid.player, None, "bid"))
    for name, row in scene.table:
        owner = name.split()[0] if name.endswith(" discards") else None
        found += [(owner, str(c.card), name) for c in row if index in c.marks]
    for name, words in deal.sections:
        # A card row's cards are the table's, counted above; the rest are slips and figures.
        marks = re.findall(r'<mark (?![^>]*data-card)[^>]*data-diag="([^"]*)"', f"{name} {words}")
        found += [(None, None, str(name)) for ids in marks if str(index) in ids.split()]
    heading = " ".join(re.findall(r'data-diag="([^"]*)"', deal.heading)).split()
    if str(index) in heading:
        found.append((None, None, "heading"))
    return found


def text_at(lines: list[str], diagnostic: Diagnostic) -> str:
    """The token the diagnostic points at."""
    line = lines[diagnostic.span.line - 1]
    rest = line[diagnostic.span.column - 1 :]
    return rest.split()[0] if rest.split() else ""


@pytest.mark.parametrize("name", BAD)
def test_each_error_marks_what_its_message_names_and_nothing_else(name: str) -> None:
    path = ROOT / "records" / name
    source = read_source(str(path), path.read_bytes())
    view = file_view(1, source, None, True)
    lines = (source.text or "").splitlines()
    for index, diagnostic in enumerate(source.report.diagnostics):
        if diagnostic.severity is not Severity.ERROR or diagnostic.code in UNREAD:
            continue
        deals = [d for g in view.games for d in g.deals if index in d.scene.marks]
        items = [item for d in deals for item in marked(d, index)]
        data = dict(diagnostic.data)
        what = f"{name}: {diagnostic.code} {diagnostic.message!r} marks {items}"
        if not deals or diagnostic.span.line != diagnostic.span.end_line:
            # About the file, the game or a whole section: the finding leads to its lines.
            assert not any(card for _, card, _ in items), what
            continue
        token = text_at(lines, diagnostic)
        cards = [card for _, card, _ in items if card is not None]
        if cards:
            # A card: that card where the record writes it (and in the hand it was played from).
            assert {token.lstrip("-")} == set(cards), what
            assert str(data.get("card", token.lstrip("-"))) == token.lstrip("-"), what
            named = re.findall(r"\b(?:10|[2-9AKQJ])[SHDC]\b", diagnostic.message)
            assert not named or token.lstrip("-") in named, what
            places = [where for _, card, where in items]
            assert len(places) == len(set(places)), what
            assert len(places) <= 2, what
            if len(places) == 2:
                assert "hand" in places, what
                assert any(p.startswith("trick") for p in places), what
            assert "bid" not in places or len(places) == 1, what
        else:
            assert len(items) == 1, what
        owners = {owner for owner, _, _ in items if owner is not None}
        if "player" in data and owners and "+" not in str(data["player"]):
            assert owners == {data["player"]}, what
        assert items or token.startswith("[") or not token, what
