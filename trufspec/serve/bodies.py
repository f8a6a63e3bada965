"""Request bodies read as the OpenAPI document describes them, and nothing else.

Every JSON body of the service is read here, not by the framework: the body must be UTF-8 JSON
no deeper than :data:`MAX_DEPTH`, and is decoded by msgspec into its type *strictly*, so that
``"version": "0"`` is refused as the string it is, exactly as the document (generated from the
same types) says.  What does not follow is a problem whose words are the user's: JSON's names
for types, the place as a JSON Pointer, never a Python name or repr.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

import msgspec
from litestar import Request

from trufspec.serve.games import ProblemError
from trufspec.serve.models import Problem
from trufspec.serve.work import PROBLEMS

__all__ = ["MAX_DEPTH", "invalid", "plain_words", "pointer", "read_body", "too_deep"]

T = TypeVar("T")

MAX_DEPTH = 32
"""The most arrays and objects a body may nest: a JSON record, the deepest body of the API,
nests 11; a body nested deeper is refused before it is decoded."""

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_RUNS = re.compile(rb"[\[{]+|[\]}]+")


def too_deep(raw: bytes) -> bool:
    """Whether the arrays and objects of a JSON text nest deeper than :data:`MAX_DEPTH`
    (brackets inside strings left out; a text cut short counts the brackets it opened)."""
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return False  # the common case, told without a scan
    deepest = level = 0
    for run in _RUNS.finditer(_STRING.sub(b"", raw)):
        size = len(run.group())
        if run.group()[0] in b"[{":
            level += size
            deepest = max(deepest, level)
        else:
            level -= size
    return deepest > MAX_DEPTH


def _malformed(detail: str) -> ProblemError:
    return ProblemError(Problem(PROBLEMS + "malformed", "Malformed request", 400, detail))


def invalid(detail: str, errors: list[dict[str, str]]) -> ProblemError:
    """The 422 problem of a request that does not follow the document."""
    return ProblemError(
        Problem(PROBLEMS + "invalid", "Invalid request", 422, detail, errors=errors)
    )


_TYPES = {
    "str": "a string",
    "int": "an integer",
    "float": "a number",
    "bool": "true or false",
    "null": "null",
    "array": "an array",
    "object": "an object",
}
_LENGTH_UNITS = {"str": "characters", "array": "items", "object": "keys"}
_BOUNDS = {">=": "at least", "<=": "at most", ">": "more than", "<": "less than"}


def _kinds(names: str) -> str:
    words = [_TYPES.get(name.strip(), "a value of another kind") for name in names.split("|")]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


_RULES: list[tuple[re.Pattern[str], Any]] = [
    (
        re.compile(r"Expected `([^`]+)`, got `([^`]+)`"),
        lambda m: f"must be {_kinds(m[1])}, not {_kinds(m[2])}",
    ),
    (
        re.compile(r"Expected `(str|array|object)` of length (>=|<=|>|<) (\d+)"),
        lambda m: f"must be {_kinds(m[1])} of {_BOUNDS[m[2]]} {m[3]} {_LENGTH_UNITS[m[1]]}",
    ),
    (
        re.compile(r"Expected `(int|float)` (>=|<=|>|<) (-?[\d.]+)"),
        lambda m: f"must be {_kinds(m[1])} of {_BOUNDS[m[2]]} {m[3]}",
    ),
    (
        re.compile(r"Expected `str` matching regex .*", re.S),
        lambda m: "does not have the form the document's pattern gives",
    ),
    (
        re.compile(r"Object missing required field `(.*)`", re.S),
        lambda m: f"lacks the required key {msgspec.json.encode(m[1]).decode()}",
    ),
    (
        re.compile(r"Object contains unknown field `(.*)`", re.S),
        lambda m: f"has the key {msgspec.json.encode(m[1]).decode()}, which it may not have",
    ),
    (
        re.compile(r"Invalid (enum )?value .*", re.S),
        lambda m: "is not one of the values the document allows",
    ),
]


def plain_words(message: str) -> str:
    """A msgspec validation message (without its place) in the words of JSON."""
    for pattern, words in _RULES:
        if found := pattern.fullmatch(message):
            text: str = words(found)
            return text
    return "does not follow the document"


_PATH = re.compile(r"\.([^.\[]+)|\[(\d+)\]|\[\.\.\.\]")


def pointer(path: str) -> str:
    """The JSON Pointer (RFC 6901) of a msgspec path (``$.players[0]`` -> ``/players/0``)."""
    parts = []
    for found in _PATH.finditer(path):
        name = found[1] if found[1] is not None else found[2]
        parts.append("*" if name is None else name.replace("~", "~0").replace("/", "~1"))
    return "".join("/" + part for part in parts)


_PLACE = re.compile(r"(.*?)(?: - at `\$(.*)`)?", re.S)


def _whole(value: Any) -> Any:
    """``value`` with every number that has no fraction (``3.0``) made an integer: JSON
    Schema's ``integer`` is any such number, and so is the API's."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_whole(item) for item in value]
    if isinstance(value, dict):
        return {key: _whole(item) for key, item in value.items()}
    return value


def _decoded(raw: bytes, kind: type[T]) -> T:
    try:
        try:
            return msgspec.json.decode(raw, type=kind)
        except msgspec.ValidationError as error:
            if "got `float`" not in str(error):
                raise
            # Read again, slowly, only for a body that writes a whole number as 3.0.
            return msgspec.convert(_whole(msgspec.json.decode(raw)), type=kind)
    except msgspec.ValidationError as error:
        found = _PLACE.fullmatch(str(error))
        assert found is not None  # the pattern matches any text
        place = pointer(found[2] or "")
        words = plain_words(found[1])
        where = f"at {place}" if place else "the body"
        raise invalid(
            f"the body does not follow the schema of this request: {where} {words}",
            [{"source": "body", "key": place, "message": words}],
        ) from None
    except msgspec.DecodeError as error:
        reason = str(error).removeprefix("JSON is malformed: ")
        if reason == "Input data was truncated":
            reason = "it stops before the JSON does"
        raise _malformed(f"the body is not valid JSON: {reason}") from None


async def read_body(request: Request[Any, Any, Any], kind: type[T]) -> T:
    """The body of ``request`` as a ``kind``, or the problem that says why it is not one."""
    raw = await request.body()
    if not raw.strip():
        raise _malformed("the body is empty; this request takes a JSON object")
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _malformed("the body is not UTF-8 text") from None
    if too_deep(raw):
        raise _malformed(
            f"the body nests arrays and objects more than {MAX_DEPTH} deep, "
            "deeper than any request of this API"
        )
    return _decoded(raw, kind)
