"""The code blocks of the documentation, as tests that run or compare them read them."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

__all__ = ["rst_blocks", "service_blocks"]

SERVICE = Path(__file__).resolve().parents[2] / "docs" / "service.rst"


def rst_blocks(text: str) -> list[tuple[str, str]]:
    """The ``.. code-block::`` directives of a reStructuredText page that stand at its left
    margin, in order: each one's language and its content, dedented."""
    lines = text.splitlines()
    found = []
    for index, line in enumerate(lines):
        if line.startswith(".. code-block:: "):
            body = []
            for following in lines[index + 1 :]:
                if following and not following.startswith("   "):
                    break
                body.append(following)
            found.append((line.split()[-1], textwrap.dedent("\n".join(body)).strip("\n") + "\n"))
    return found


def service_blocks(language: str, after: str) -> list[str]:
    """The code blocks of ``language`` in the section of the service's page (``docs/service.rst``)
    that starts with ``after``."""
    page = SERVICE.read_text(encoding="utf-8")
    section = page[page.index(after) :]
    found = []
    for match in re.finditer(rf"\.\. code-block:: {language}\n\n((?:   .*\n|\n)+)", section):
        found.append("\n".join(line[3:] for line in match.group(1).splitlines()))
    return found
