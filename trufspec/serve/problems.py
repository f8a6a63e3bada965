"""Every error as an RFC 9457 problem (``application/problem+json``), never a traceback.

The handlers here turn what Litestar and the service raise into problems with the right status:
a body that cannot be read is 400 and one that does not follow the request's schema 422
(:mod:`.bodies` says why), a query or path parameter that does not follow the document 422,
named as the parameter it is, a body over the limit 413, a body that is not JSON by its content
type 415, a database that cannot be reached now 503 with ``Retry-After``; anything unforeseen
is a 500 that says nothing of the code.
"""

from __future__ import annotations

import logging
from typing import Any

from litestar import Request, Response
from litestar.exceptions import (
    HTTPException,
    NotFoundException,
    ValidationException,
)
from litestar.openapi.datastructures import ResponseSpec

from trufspec.serve.bodies import plain_words
from trufspec.serve.games import ProblemError
from trufspec.serve.models import Problem
from trufspec.serve.store import StoreUnavailable
from trufspec.serve.work import PROBLEMS

__all__ = [
    "EXCEPTION_HANDLERS",
    "PROBLEM_RESPONSES",
    "QUERIES",
    "check_request",
    "problem_response",
]

MEDIA_TYPE = "application/problem+json"

_LOG = logging.getLogger("trufspec.serve")

_TITLES = {
    400: ("malformed", "Malformed request"),
    401: ("unauthorized", "Unauthorized"),
    403: ("forbidden", "Forbidden"),
    404: ("not-found", "Not found"),
    405: ("method-not-allowed", "Method not allowed"),
    409: ("conflict", "Conflict"),
    413: ("too-large", "Request body too large"),
    415: ("unsupported-media-type", "Unsupported media type"),
    422: ("invalid", "Invalid request"),
    503: ("unavailable", "Service unavailable"),
}

RETRY_AFTER = 2
"""Seconds a client is asked to wait before it tries again when the database cannot be reached
(the pool connects again within a second or two of the database coming back)."""


def problem_response(problem: Problem, headers: dict[str, str] | None = None) -> Response[Any]:
    return Response(problem, status_code=problem.status, media_type=MEDIA_TYPE, headers=headers)


def _generic(status: int, detail: str, errors: list[dict[str, str]] | None = None) -> Problem:
    # A status the table does not list is answered as a request that cannot be read (4xx) or
    # a fault (5xx), whose problem types the documentation lists.
    fallback = (
        ("malformed", "Malformed request") if status < 500 else ("internal", "Internal error")
    )
    name, title = _TITLES.get(status, fallback)
    return Problem(PROBLEMS + name, title, status, detail, errors=errors)


def _problem_error(request: Request[Any, Any, Any], error: ProblemError) -> Response[Any]:
    return problem_response(error.problem, error.headers)


_PLACES = {"query": "query parameter", "path": "path parameter", "header": "header"}


def _invalid(request: Request[Any, Any, Any], error: ValidationException) -> Response[Any]:
    """A parameter that does not follow the document (bodies are read by :mod:`.bodies`):
    named as the query or path parameter it is, in JSON's words."""
    extra = error.extra if isinstance(error.extra, list) else []
    errors = []
    for item in extra:
        if isinstance(item, dict):
            source = str(item.get("source", "")).rpartition(".")[2].lower()
            errors.append(
                {
                    "source": source if source in _PLACES else "body",
                    "key": str(item.get("key", "")),
                    "message": plain_words(str(item.get("message", ""))),
                }
            )
    detail = "the request does not follow the document of this API"
    if errors and errors[0]["source"] in _PLACES:
        first = errors[0]
        detail = f"the {_PLACES[first['source']]} {first['key']} {first['message']}"
    elif errors:
        detail = f"the body does not follow the schema of this request: {errors[0]['message']}"
    return problem_response(_generic(422, detail, errors or None))


def _http(request: Request[Any, Any, Any], error: HTTPException) -> Response[Any]:
    status = error.status_code
    if status == 400:
        detail = "the request cannot be read"
    elif status == 404:
        detail = f"there is no {request.url.path} here; the API is under /v1"
    elif status == 405:
        detail = f"{request.url.path} does not take {request.method}"
    elif status == 413:
        detail = "the body is larger than this server accepts"
    else:
        detail = str(error.detail)
    headers = dict(error.headers or {})
    return problem_response(_generic(status, detail), headers or None)


def _not_found(request: Request[Any, Any, Any], error: NotFoundException) -> Response[Any]:
    return _http(request, error)


def _not_text(request: Request[Any, Any, Any], error: UnicodeDecodeError) -> Response[Any]:
    return problem_response(_generic(400, "the body is not UTF-8 text"))


def _unavailable(request: Request[Any, Any, Any], error: StoreUnavailable) -> Response[Any]:
    """The database is stopped or restarting: a 503 the client tries again after, never a 500.
    The log says which database and why; the answer says neither."""
    _LOG.warning("%s %s: %s", request.method, request.url.path, error)
    detail = (
        "the hosted games cannot be reached now; try again in a moment (an action answered so "
        "may have been stored: the game's view says whether its version moved)"
    )
    return problem_response(_generic(503, detail), {"Retry-After": str(RETRY_AFTER)})


def _unforeseen(request: Request[Any, Any, Any], error: Exception) -> Response[Any]:
    _LOG.exception("unforeseen error on %s %s", request.method, request.url.path)
    return problem_response(
        Problem(PROBLEMS + "internal", "Internal error", 500, "the server failed to answer")
    )


EXCEPTION_HANDLERS: dict[Any, Any] = {
    ProblemError: _problem_error,
    ValidationException: _invalid,
    NotFoundException: _not_found,
    HTTPException: _http,
    UnicodeDecodeError: _not_text,
    StoreUnavailable: _unavailable,
    Exception: _unforeseen,
}

PROBLEM_RESPONSES = {
    status: ResponseSpec(Problem, description=title, media_type=MEDIA_TYPE)
    for status, (_, title) in _TITLES.items()
    if status != 405
}
"""The problems a route may answer with, for the OpenAPI document."""


async def problems_only(response: Response[Any]) -> Response[Any]:
    """Any error answer that is not already a problem (the not-found page Litestar serves under
    the document's own path) becomes one."""
    status = response.status_code or 200
    if status >= 400 and response.media_type != MEDIA_TYPE:
        return problem_response(_generic(status, "there is nothing here"))
    return response


_JSON_TYPES = ("application/json", "application/problem+json")


QUERIES: dict[str, tuple[str, ...]] = {
    "viewGame": ("seat", "format", "offset", "limit", "since"),
    "gameRecord": ("format",),
    "gameEvents": ("format", "since", "token"),
}
"""The query parameters of each operation of ``/v1`` that has any (by its id); the others take
none."""


async def check_request(request: Request[Any, Any, Any]) -> None:
    """Refuse, before the handler runs, a body that does not say it is JSON (415) and, in
    ``/v1``, a query parameter the operation does not have (422): the document lists them all."""
    operation = getattr(request.route_handler, "operation_id", None)
    if isinstance(operation, str):
        known = QUERIES.get(operation, ())
        unknown = [name for name in request.query_params if name not in known]
        if unknown:
            listed = ", ".join(known) if known else "none"
            message = f"is not a parameter of this request (its query parameters: {listed})"
            raise ProblemError(
                _generic(
                    422,
                    f"the query parameter {unknown[0]} {message}",
                    [{"source": "query", "key": name, "message": message} for name in unknown],
                )
            )
    if request.method not in ("POST", "PUT", "PATCH"):
        return
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type not in _JSON_TYPES and not media_type.endswith("+json"):
        raise ProblemError(
            _generic(415, f"the body must be application/json, not {media_type or 'unnamed'}")
        )
