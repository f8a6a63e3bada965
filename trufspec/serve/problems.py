"""Every error as an RFC 9457 problem (``application/problem+json``), never a traceback.

The handlers here turn what Litestar and the service raise into problems with the right status:
a body that is not JSON (or not UTF-8) is 400, one that does not follow the request's schema is
422 with the places that do not, a body over the limit 413, a body that is not JSON at all by
its content type 415; anything unforeseen is a 500 that says nothing of the code.
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

from trufspec.serve.games import ProblemError
from trufspec.serve.judged import PROBLEMS
from trufspec.serve.models import Problem

__all__ = ["EXCEPTION_HANDLERS", "PROBLEM_RESPONSES", "problem_response", "require_json"]

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
}


def problem_response(problem: Problem, headers: dict[str, str] | None = None) -> Response[Any]:
    return Response(problem, status_code=problem.status, media_type=MEDIA_TYPE, headers=headers)


def _generic(status: int, detail: str, errors: list[dict[str, str]] | None = None) -> Problem:
    name, title = _TITLES.get(status, ("error", "Error"))
    return Problem(PROBLEMS + name, title, status, detail, errors=errors)


def _problem_error(request: Request[Any, Any, Any], error: ProblemError) -> Response[Any]:
    return problem_response(error.problem, error.headers)


def _invalid(request: Request[Any, Any, Any], error: ValidationException) -> Response[Any]:
    extra = error.extra if isinstance(error.extra, list) else []
    errors = [{str(k): str(v) for k, v in item.items()} for item in extra if isinstance(item, dict)]
    return problem_response(
        _generic(422, "the body does not follow the schema of this request", errors or None)
    )


def _http(request: Request[Any, Any, Any], error: HTTPException) -> Response[Any]:
    status = error.status_code
    if status == 400:
        detail = f"the body is not valid JSON: {error.detail}"
    elif status == 404:
        detail = f"there is no {request.url.path} here; the API is under /v1"
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


async def require_json(request: Request[Any, Any, Any]) -> None:
    """Refuse (415) a body that does not say it is JSON."""
    if request.method not in ("POST", "PUT", "PATCH"):
        return
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type not in _JSON_TYPES and not media_type.endswith("+json"):
        raise ProblemError(
            _generic(415, f"the body must be application/json, not {media_type or 'unnamed'}")
        )
