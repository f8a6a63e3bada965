"""The ASGI application: the routes of ``/v1``, the OpenAPI document and the docs page.

The bodies are read strictly into the types of :mod:`trufspec.serve.models` by :mod:`.bodies`,
and the OpenAPI 3.1 document's schemas are written from the same types (:mod:`.openapi`), so
the document says what the service enforces.  The handlers only route: checks and the
stateless referee go to the pool's processes (:mod:`.pool`), hosted games to threads
(:mod:`.games`); the event loop waits.  Every error is an RFC 9457 problem (:mod:`.problems`).
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable
from typing import Annotated, Any, TypeVar, cast

from attrs import frozen
from litestar import Litestar, Request, Response, get, post
from litestar.datastructures import State
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin
from litestar.openapi.spec import Components, SecurityScheme
from litestar.params import Parameter, QueryParameter
from litestar.response import ServerSentEvent

import trufspec
from trufspec.output import contract
from trufspec.referee import STATES
from trufspec.rulesets import RULESETS
from trufspec.serve import work
from trufspec.serve.api_docs import docs_page
from trufspec.serve.bodies import read_body
from trufspec.serve.bots import BotDriver
from trufspec.serve.database import open_store
from trufspec.serve.games import Host, ProblemError, ViewQuery
from trufspec.serve.models import (
    LIMIT,
    ActionRequest,
    ActionResult,
    CheckRequest,
    CitationBody,
    ClauseDetail,
    ClauseSummary,
    GameCreated,
    GameRecord,
    GameView,
    NewGame,
    OptionSummary,
    Problem,
    ReadingsRequest,
    RefereeRequest,
    RefereeResponse,
    RulesetSummary,
    RulesIndex,
)
from trufspec.serve.openapi import document
from trufspec.serve.pages import pages_router, sample_records
from trufspec.serve.pool import OverBudget, Pool, WorkFailed
from trufspec.serve.problems import (
    EXCEPTION_HANDLERS,
    PROBLEM_RESPONSES,
    check_request,
    problems_only,
)
from trufspec.serve.setups import check_new_game
from trufspec.serve.stopping import on_stop
from trufspec.serve.streams import HEARTBEAT, Streams
from trufspec.spec.options import Option
from trufspec.spec.registry import default_registry

__all__ = ["ServerSettings", "create_app"]

R = TypeVar("R")


@frozen
class ServerSettings:
    """What a server is started with; ``trufspec serve`` passes it to each worker through the
    environment (``TRUFSPEC_SERVE_*``), since uvicorn starts the workers itself."""

    database: str = "trufspec-games.sqlite"
    max_body: int = 1024 * 1024
    budget: float = 10.0
    pool: int = 2
    """Processes in each worker's pool, which run the checks and the stateless referee."""
    rules_url: str = ""
    """The published rules reference the pages link findings and refusals to ("": the
    server's own /rules/ pages)."""
    heartbeat: float = HEARTBEAT
    """Seconds between two comment lines of an event stream with nothing to send."""

    def environment(self) -> dict[str, str]:
        return {
            "TRUFSPEC_SERVE_DATABASE": self.database,
            "TRUFSPEC_SERVE_MAX_BODY": str(self.max_body),
            "TRUFSPEC_SERVE_BUDGET": str(self.budget),
            "TRUFSPEC_SERVE_POOL": str(self.pool),
            "TRUFSPEC_SERVE_RULES_URL": self.rules_url,
            "TRUFSPEC_SERVE_HEARTBEAT": str(self.heartbeat),
        }

    @classmethod
    def from_environment(cls) -> ServerSettings:
        default = cls()
        env = os.environ
        return cls(
            env.get("TRUFSPEC_SERVE_DATABASE", default.database),
            int(env.get("TRUFSPEC_SERVE_MAX_BODY", default.max_body)),
            float(env.get("TRUFSPEC_SERVE_BUDGET", default.budget)),
            int(env.get("TRUFSPEC_SERVE_POOL", default.pool)),
            env.get("TRUFSPEC_SERVE_RULES_URL", default.rules_url),
            float(env.get("TRUFSPEC_SERVE_HEARTBEAT", default.heartbeat)),
        )


# ------------------------------------------------------------------ helpers


def _pool(state: State) -> Pool:
    pool: Pool = state.pool
    return pool


def _host(state: State) -> Host:
    host: Host = state.host
    return host


async def _in_pool(state: State, function: Callable[..., R], *args: Any) -> R:
    """What ``function(*args)`` returns, computed in a pool process within the budget."""
    try:
        return await _pool(state).run(function, *args)
    except OverBudget:
        raise ProblemError(
            Problem(
                work.PROBLEMS + "too-costly",
                "Too costly to judge",
                422,
                f"the request took more than its budget of {_pool(state).budget:g} s; "
                "it was stopped",
            )
        ) from None
    except WorkFailed as failed:
        raise ProblemError(
            Problem(work.PROBLEMS + "internal", "Internal error", 500, str(failed))
        ) from None


def _streams(state: State) -> Streams:
    streams: Streams = state.streams
    return streams


def _token(request: Request[Any, Any, Any], query: str | None = None) -> str:
    """The bearer token of a request (or, for an event stream only, the ``token`` query
    parameter ``query``, since a browser's EventSource cannot send a header); 401 when there
    is none."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" and query is not None and query.strip():
        return query.strip()
    if scheme.lower() != "bearer" or not token.strip():
        raise ProblemError(
            Problem(
                work.PROBLEMS + "unauthorized",
                "Unauthorized",
                401,
                "send the game's table or seat token as 'Authorization: Bearer <token>'",
            ),
            {"WWW-Authenticate": 'Bearer realm="trufspec"'},
        )
    return token.strip()


def _option(option: Option) -> OptionSummary:
    choices = None if option.choices is None else list(option.choices)
    return OptionSummary(
        option.key, choices, option.default, option.doc, option.minimum, option.maximum
    )


SECURITY: list[dict[str, list[str]]] = [{"bearer": []}]

Offset = Annotated[int, Parameter(ge=0, le=10**9, description="the first legal action listed")]
Limit = Annotated[int, Parameter(ge=0, le=1000, description="how many legal actions to list")]
FormatParam = Annotated[
    str, Parameter(pattern="^(truf|json)$", description="the form of the record: truf or json")
]
GameId = Annotated[str, Parameter(max_length=100, description="the game's id")]
Since = Annotated[
    # The bounds on the number itself: Litestar's document leaves out a lower bound of 0 set on
    # an optional number as a whole.
    Annotated[int, QueryParameter(ge=0, le=10**9)] | None,
    QueryParameter(
        description="a version of the game: what changed since it; a version beyond the "
        "game's is refused (400)"
    ),
]
LAST_EVENT_ID = re.compile(r"[0-9]{1,18}")

# ------------------------------------------------------------------ rules


@get(
    "/v1/rules",
    summary="The rulesets, their clauses and readings",
    tags=["rules"],
    operation_id="rules",
    responses=PROBLEM_RESPONSES,
)
async def rules() -> RulesIndex:
    registry = default_registry()
    return RulesIndex(
        [
            RulesetSummary(
                name,
                name in STATES,
                [ClauseSummary(c.code, c.title) for c in registry.clauses_of(name)],
                [_option(o) for o in registry.options_of(name).values()],
            )
            for name in RULESETS
        ]
    )


@get(
    "/v1/rules/{code:str}",
    summary="One clause: its statement, quoted source words and readings",
    tags=["rules"],
    operation_id="rule",
    responses=PROBLEM_RESPONSES,
)
async def rule(code: Annotated[str, Parameter(max_length=100)]) -> ClauseDetail:
    registry = default_registry()
    clause = next((c for c in registry.clauses() if c.code == code), None)
    if clause is None:
        raise ProblemError(
            Problem(work.PROBLEMS + "not-found", "Not found", 404, f"no clause has the code {code}")
        )
    options = [
        o for o in registry.options_of(clause.ruleset).values() if o.ambiguity in clause.ambiguities
    ]
    return ClauseDetail(
        clause.code,
        clause.slug,
        clause.ruleset,
        clause.title,
        clause.strength.name.lower(),
        clause.statement,
        clause.message,
        [CitationBody(c.source, c.locator, " ".join(c.quote.split())) for c in clause.citations],
        [_option(o) for o in options],
    )


# ------------------------------------------------------------------ checks and the referee


@post(
    "/v1/check",
    status_code=200,
    summary="Check a record: the check's JSON report (version 2)",
    tags=["check"],
    operation_id="check",
    responses=PROBLEM_RESPONSES,
)
async def check(request: Request[Any, Any, Any], state: State) -> contract.CheckDocument:
    data = await read_body(request, CheckRequest)
    return await _in_pool(state, work.check, data.record, data.options)


@post(
    "/v1/readings",
    status_code=200,
    summary="The readings of a record: what each reading of the rules changes",
    tags=["check"],
    operation_id="readings",
    responses=PROBLEM_RESPONSES,
)
async def readings(request: Request[Any, Any, Any], state: State) -> contract.ReadingsDocument:
    data = await read_body(request, ReadingsRequest)
    return await _in_pool(state, work.readings, data.record, data.options)


@post(
    "/v1/referee",
    status_code=200,
    summary="Stateless referee: apply an action to a record cut at any action",
    tags=["referee"],
    operation_id="referee",
    responses=PROBLEM_RESPONSES,
)
async def referee(request: Request[Any, Any, Any], state: State) -> RefereeResponse:
    data = await read_body(request, RefereeRequest)
    answer = await _in_pool(state, work.referee, data)
    if isinstance(answer, Problem):
        raise ProblemError(answer)
    return answer


# ------------------------------------------------------------------ hosted games


@post(
    "/v1/games",
    status_code=201,
    summary="Start a hosted game: its id and one secret token per seat and for the table",
    tags=["games"],
    operation_id="createGame",
    responses=PROBLEM_RESPONSES,
)
async def create_game(request: Request[Any, Any, Any], state: State) -> GameCreated:
    data = await read_body(request, NewGame)
    check_new_game(data)
    created = await asyncio.to_thread(_host(state).create, data)
    if data.bots:
        driver: BotDriver = state.bots
        driver.wake(created.id, 0)
    return created


@get(
    "/v1/games/{game:str}",
    summary="A seat's view of a hosted game (the whole game for the table's token)",
    tags=["games"],
    operation_id="viewGame",
    responses=PROBLEM_RESPONSES,
    security=SECURITY,
)
async def view_game(
    game: GameId,
    request: Request[Any, Any, Any],
    state: State,
    seat: Annotated[str | None, Parameter(max_length=100)] = None,
    format: FormatParam = "truf",
    offset: Offset = 0,
    limit: Limit = LIMIT,
    since: Since = None,
) -> Response[GameView]:
    token = _token(request)
    said = request.headers.get("if-none-match", "")
    known = frozenset(tag.strip().removeprefix("W/") for tag in said.split(",") if tag.strip())
    asked = ViewQuery(seat, format == "json", offset, limit, since, known)
    tag, view = await asyncio.to_thread(_host(state).look, game, token, asked)
    headers = {"ETag": tag, "Cache-Control": "private, no-cache"}
    if view is None:
        # No body: the client holds the view already (the answer's type is the view's, for
        # the document).
        return cast("Response[GameView]", Response(b"", status_code=304, headers=headers))
    return Response(view, headers=headers)


@get(
    "/v1/games/{game:str}/events",
    summary="The events of a hosted game as the token sees them (Server-Sent Events)",
    tags=["games"],
    operation_id="gameEvents",
    responses=PROBLEM_RESPONSES,
    security=SECURITY,
)
async def game_events(
    game: GameId,
    request: Request[Any, Any, Any],
    state: State,
    format: FormatParam = "truf",
    since: Since = None,
    token: Annotated[
        str | None,
        Parameter(
            max_length=200,
            description="the token, for a browser's EventSource, which cannot send the "
            "Authorization header (this route only)",
        ),
    ] = None,
) -> ServerSentEvent:
    presented = _token(request, token)
    last = since
    said = request.headers.get("last-event-id")
    if said is not None:
        if LAST_EVENT_ID.fullmatch(said.strip()) is None:
            raise ProblemError(
                Problem(
                    work.PROBLEMS + "malformed",
                    "Malformed request",
                    400,
                    "the Last-Event-ID header must be the id of an event of this stream: "
                    "a version, a whole number",
                )
            )
        last = int(said.strip())
    stream = await _streams(state).open(game, presented, last, format == "json")
    return ServerSentEvent(stream, headers={"Cache-Control": "no-store"})


@post(
    "/v1/games/{game:str}/actions",
    status_code=200,
    summary="Act in a hosted game: applied, or refused",
    tags=["games"],
    operation_id="act",
    responses=PROBLEM_RESPONSES,
    security=SECURITY,
)
async def act(game: GameId, request: Request[Any, Any, Any], state: State) -> ActionResult:
    data = await read_body(request, ActionRequest)  # a body is read as every body is, first
    token = _token(request)
    return await asyncio.to_thread(_host(state).act, game, token, data)


@get(
    "/v1/games/{game:str}/record",
    summary="The record of a hosted game: to the table at any time, to a seat once it is over",
    tags=["games"],
    operation_id="gameRecord",
    responses=PROBLEM_RESPONSES,
    security=SECURITY,
)
async def game_record(
    game: GameId, request: Request[Any, Any, Any], state: State, format: FormatParam = "truf"
) -> GameRecord:
    token = _token(request)
    return await asyncio.to_thread(_host(state).record, game, token, format == "json")


# ------------------------------------------------------------------ the documents


def _document(request: Request[Any, Any, Any]) -> dict[str, Any]:
    """The OpenAPI document (:mod:`.openapi`), made once per process."""
    state = request.app.state
    made: dict[str, Any] | None = getattr(state, "openapi_document", None)
    if made is None:
        made = document(request.app.openapi_schema.to_schema())
        state.openapi_document = made
    return made


@get("/openapi.json", include_in_schema=False, media_type="application/json")
async def openapi(request: Request[Any, Any, Any]) -> dict[str, Any]:
    return _document(request)


@get("/docs", include_in_schema=False, media_type="text/html")
async def docs(request: Request[Any, Any, Any]) -> str:
    return docs_page(_document(request))


def create_app(settings: ServerSettings | None = None) -> Litestar:
    """The application; with no settings, those of the environment (see :class:`ServerSettings`)."""
    settings = settings or ServerSettings.from_environment()
    pool = Pool(settings.pool, settings.budget, work.warm)

    async def start(app: Litestar) -> None:
        app.state.pool = pool
        app.state.host = Host(open_store(settings.database))
        app.state.bots = BotDriver(app.state.host)
        await asyncio.to_thread(app.state.bots.start)
        app.state.streams = Streams(app.state.host, settings.heartbeat)
        app.state.streams.start()
        on_stop(app.state.streams.close)
        await pool.start()

    async def stop(app: Litestar) -> None:
        driver: BotDriver = app.state.bots
        await asyncio.to_thread(driver.stop)
        await pool.stop()
        host: Host | None = getattr(app.state, "host", None)
        if host is not None:
            host.store.close()

    return Litestar(
        [
            *(rules, rule, check, readings, referee),
            *(create_game, view_game, act, game_record, game_events),
            *(openapi, docs),
            pages_router(samples=sample_records(), rules_url=settings.rules_url or None),
        ],
        on_startup=[start],
        on_shutdown=[stop],
        before_request=check_request,
        after_request=problems_only,
        exception_handlers=EXCEPTION_HANDLERS,
        request_max_body_size=settings.max_body,
        openapi_config=OpenAPIConfig(
            title="trufspec",
            version=trufspec.__version__,
            description="The checker and the live referee of Truf and its relatives.",
            # Only the document itself: the interactive pages of Litestar's plugins load their
            # scripts from a CDN, and the service's own page is /docs.
            path="/schema",
            render_plugins=[JsonRenderPlugin()],
            components=Components(
                security_schemes={
                    "bearer": SecurityScheme(
                        type="http",
                        scheme="bearer",
                        description="A game's table or seat token",
                    )
                }
            ),
        ),
    )
