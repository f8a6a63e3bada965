"""trufspec: the rules specification and game-record validator for Truf and its relatives.

Read records with :func:`loads` or :func:`load`, print them with :func:`dumps`, check them
with :func:`check_text` or :func:`check_bytes` (or :func:`check_stream` for a file too large to
hold, a game at a time and on several processes), reformat them with :func:`format_bytes`.
Play a game live under the same rules with :mod:`trufspec.referee`.

The API is imported on first use, so that ``import trufspec`` (and ``trufspec --version``)
does not pay for building the parser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "Formatted",
    "Parsed",
    "check_bytes",
    "check_games",
    "check_stream",
    "check_text",
    "decode",
    "dumps",
    "format_bytes",
    "load",
    "loads",
]

if TYPE_CHECKING:
    from trufspec.api import (
        Formatted,
        check_bytes,
        check_games,
        check_text,
        decode,
        dumps,
        format_bytes,
        load,
        loads,
    )
    from trufspec.batch import check_stream
    from trufspec.notation.parse import Parsed


def __getattr__(name: str) -> Any:
    if name == "Parsed":
        from trufspec.notation.parse import Parsed

        return Parsed
    if name == "check_stream":
        from trufspec.batch import check_stream

        return check_stream
    if name in __all__:
        from trufspec import api

        return getattr(api, name)
    raise AttributeError(f"module 'trufspec' has no attribute {name!r}")
