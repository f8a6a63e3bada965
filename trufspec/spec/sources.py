"""The rule texts trufspec specifies, shipped unchanged inside the package.

Every clause cites one of these texts.  The files are kept exactly as they were collected
(typos, machine translation and page furniture included) because a citation is only worth
something if the reader can find the quoted words in the text it names.  Each file's SHA-256
is pinned here, so that an accidental edit of a source fails the test suite instead of quietly
invalidating the citations that quote it.
"""

from __future__ import annotations

import functools
import hashlib
from importlib.resources import files

from attrs import frozen

__all__ = ["Source", "SOURCES", "verify"]


@frozen
class Source:
    """One rule text: where it comes from and the file that holds it.

    ``id`` is the id of the ruleset the text specifies, so a citation's source id is also the
    ruleset it belongs to.
    """

    id: str
    file: str
    title: str
    origin: str
    language: str
    sha256: str
    url: str | None = None

    def data(self) -> bytes:
        """The file's bytes, as pinned by ``sha256``."""
        return _read(self.file)

    def text(self) -> str:
        """The file's text; the sources are UTF-8."""
        return self.data().decode("utf-8")


@functools.cache
def _read(file: str) -> bytes:
    """Read a packaged source once: citations are checked against the same text many times."""
    return (files("trufspec.spec") / "sources" / file).read_bytes()


def verify(source: Source) -> bool:
    """Whether the packaged file still has the content its citations were written against."""
    return hashlib.sha256(source.data()).hexdigest() == source.sha256


SOURCES: dict[str, Source] = {
    source.id: source
    for source in (
        Source(
            id="truf-jb",
            file="000_474c986f14d2d5cd.txt",
            title="Truf House Rule 1",
            origin="the house rules of the Truf game hosted by JB Games online",
            language="en",
            sha256="15053d51c82466be5ed44494d5daef4c9c3816c67d6105cc18b8b23e2f30165a",
            url="https://asikabis.com/jbga/truf1/houserule.html",
        ),
        Source(
            id="ruff-and-honours",
            file="001_439dba1cc4c3304f.txt",
            title="Ruff and Honours",
            origin=(
                "a card-game site's reconstruction of the sixteenth- and seventeenth-century game"
            ),
            language="en",
            sha256="aff283e5043b19c3165c7240b6797e20668af44f83b48a9e6a0ba4d3d953cad2",
            url="https://trapapps.com",
        ),
        Source(
            id="tromplemond",
            file="002_87a7c9366d5881e5.txt",
            title="Tromplemond Rules and Regulations Version 1.0",
            origin=(
                "the game author's blog, 2008; the reader comments at the end of the page are "
                "not rules"
            ),
            language="en",
            sha256="aa94d687414b386f3a1e0a879e4dfce85a98b667030f0bbdeaaa292299be8732",
            url="https://tromplemond.wordpress.com",
        ),
        Source(
            id="truf-basics",
            file="003_a2627b2792b54ae6.txt",
            title="Truf: The Basics",
            origin="the rules page of a Truf web app (targets, SUM/SUBTRACT/NO TRUF bids)",
            language="en",
            sha256="3caeed85dad6975dc3056a76107477cbe75f8aef52c97acbdf99d2f7890d8844",
            url="https://truf.myans.studio",
        ),
        Source(
            id="truf-de",
            file="004_d073bda149524017.txt",
            title="TRUF Spielregeln",
            origin=(
                "a German rules page, machine-translated from an English text; most likely "
                "the German page of lodige.com"
            ),
            language="de",
            sha256="b16cf80e36bf6d2928c0d8622d7070f2efb664abb7413e666a4a8c824f50a00f",
        ),
    )
}
