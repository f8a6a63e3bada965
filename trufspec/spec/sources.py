"""The rule texts trufspec specifies, shipped unchanged inside the package.

Every clause cites one of these texts.  The files are kept exactly as they were collected
(typos, machine translation and page furniture included) because a citation is only worth
something if the reader can find the quoted words in the text it names.  Each file's SHA-256
is pinned in its game's descriptor (:attr:`~trufspec.descriptor.GameDescriptor.source`), so
that an accidental edit of a source fails the test suite instead of quietly invalidating the
citations that quote it.
"""

from __future__ import annotations

import hashlib

from trufspec.descriptor import Source
from trufspec.games import GAMES

__all__ = ["Source", "SOURCES", "verify"]


def verify(source: Source) -> bool:
    """Whether the packaged file still has the content its citations were written against."""
    return hashlib.sha256(source.data()).hexdigest() == source.sha256


SOURCES: dict[str, Source] = {
    source.id: source for source in sorted((game.source for game in GAMES), key=lambda s: s.file)
}
"""Each game's rule text, by its id, in the order the files were collected."""
