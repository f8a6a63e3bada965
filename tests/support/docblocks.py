"""The code blocks of the documentation, as tests that run or compare them read them."""

from __future__ import annotations

import textwrap

__all__ = ["rst_blocks"]


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
