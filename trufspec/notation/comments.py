"""Give each comment to the node it belongs to, so that printing puts it back in its place.

The lexer hands comments over separately from the tokens; once a chunk is built, each comment
is attached by position:

* a comment alone on its line belongs, *before*, to the next node (a tag, a section, or an
  entry of a multi-line section: a hand, a bid, a trick); after the last node of a chunk it
  belongs to the *end* of the deal or of the block of tags;
* a comment that follows something on its line belongs, *after*, to the last node that started
  before it; a ``{brace}`` comment inside a run of cards also records after which card it
  stands.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from trufspec.records import Bids, Comment, Deal, Hands, Place, Play, Tag, replace

__all__ = ["attach_to_deal", "attach_to_tags", "Loose"]

Loose = tuple[Comment, bool]
"""A comment not yet attached (its place is still to be decided), and whether it stands alone
on its line."""


def _entries(section: Any) -> Sequence[Any]:
    if isinstance(section, Play):
        return section.tricks
    if isinstance(section, (Hands, Bids)):
        return tuple(section.entries)
    return ()


def _card_index(node: Any, comment: Comment) -> int | None:
    """After which card of ``node`` a brace comment stands, when it stands among them
    (-1: before the first)."""
    cards = getattr(node, "cards", None) or getattr(node, "discards", None)
    if comment.is_line or not cards:
        return None
    position = (comment.span.line, comment.span.column)
    before = sum(
        1 for i in range(len(cards)) if (cards.span(i).line, cards.span(i).column) < position
    )
    return before - 1 if before < len(cards) else None


def _assign(
    anchors: list[Any], comments: Sequence[Loose]
) -> tuple[dict[int, list[Comment]], list[Comment]]:
    """Comments per anchor (by position in ``anchors``), and those at the end."""
    starts = [(a.span.line, a.span.column) for a in anchors]
    owned: dict[int, list[Comment]] = defaultdict(list)
    at_end: list[Comment] = []
    for comment, own_line in comments:
        position = (comment.span.line, comment.span.column)
        if own_line:
            following = bisect_right(starts, position)
            if following < len(anchors):
                owned[following].append(replace(comment, place=Place.BEFORE))
            else:
                at_end.append(replace(comment, place=Place.END))
        else:
            preceding = bisect_right(starts, position) - 1
            if preceding < 0:
                owned[0].append(replace(comment, place=Place.BEFORE))
            else:
                index = _card_index(anchors[preceding], comment)
                owned[preceding].append(replace(comment, place=Place.AFTER, index=index))
    return owned, at_end


def attach_to_deal(deal: Deal, comments: Sequence[Loose]) -> Deal:
    """``deal`` with the comments of its chunk attached where they belong."""
    if not comments:
        return deal  # most deals have none: no need to list what they could belong to
    anchors: list[Any] = [deal]
    for section in deal.sections:
        anchors.append(section)
        anchors.extend(_entries(section))
    owned, at_end = _assign(anchors, comments)
    if not owned and not at_end:
        return deal
    numbers = iter(range(1, len(anchors)))

    def with_comments(node: Any) -> Any:
        found = owned.get(next(numbers))
        return replace(node, comments=node.comments + tuple(found)) if found else node

    sections = []
    for section in deal.sections:
        section = with_comments(section)
        entries = _entries(section)
        if entries:
            rebuilt = tuple(with_comments(e) for e in entries)
            field = "tricks" if isinstance(section, Play) else "entries"
            section = replace(section, **{field: rebuilt})
        sections.append(section)
    head = owned.get(0, [])
    return replace(deal, sections=tuple(sections), comments=tuple(head) + tuple(at_end))


def attach_to_tags(
    tags: Sequence[Tag], comments: Sequence[Loose]
) -> tuple[tuple[Tag, ...], tuple[Comment, ...]]:
    """The tags with their comments, and the comments after the last tag."""
    if not comments:
        return tuple(tags), ()
    owned, at_end = _assign(list(tags), comments)
    rebuilt = tuple(
        replace(tag, comments=tuple(owned[n])) if n in owned else tag for n, tag in enumerate(tags)
    )
    return rebuilt, tuple(at_end)
