"""trufspec: the rules specification and game-record validator for Truf and its relatives.

Read records with :func:`loads` or :func:`load`, print them with :func:`dumps`, check them
with :func:`check_text` or :func:`check_bytes`, reformat them with :func:`format_bytes`.
"""

from trufspec.api import Formatted, check_bytes, check_text, decode, dumps, format_bytes, load, loads
from trufspec.notation.parse import Parsed

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "Formatted",
    "Parsed",
    "check_bytes",
    "check_text",
    "decode",
    "dumps",
    "format_bytes",
    "load",
    "loads",
]
